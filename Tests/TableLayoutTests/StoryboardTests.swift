import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
import TableRender
@testable import TableLayout

/// Storyboards: static table views as documents, prototype cells as templates.
@Suite struct StoryboardTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/storyboard").path
    static let theme = try! ThemeLoader.load("ios")

    static func storyboard() throws -> IBStoryboard {
        let path = folder + "/Main.storyboard"
        return try IBReader.readStoryboard(file: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
    }

    @Test func aStaticTableIsADocument() throws {
        let storyboard = try Self.storyboard()
        let scene = try storyboard.scene("Settings")
        #expect(scene.storyboardIdentifier == "Settings" && scene.largeTitle)
        // With two static scenes, one must be named.
        #expect(throws: Diagnostic.self) { try storyboard.scene(nil) }
        let catalogs = try AssetCatalog.discover(in: [Self.folder])
        let (table, templates) = storyboard.staticTable(scene) { name in catalogs.contains { $0.images[name] != nil } ? name : IBImages.find(name, in: Self.folder) }
        #expect(table.title == "Settings" && table.style == .insetGrouped)
        #expect(table.sections.map { $0.items.count } == [1, 4, 3])
        #expect(table.sections[1].header == .title("General") && table.sections[1].footer != nil && table.sections[0].header == nil)
        let items = table.sections.flatMap(\.items)
        // Every cell is a template of the storyboard; a styled one draws as the built-in cell of its style.
        #expect(items.map(\.template) == ["Main#st1-Cl-me", "Main#st1-Cl-air", "Main#st1-Cl-wifi", "Main#st1-Cl-bt", "Main#st1-Cl-not", "Main#st1-Cl-ver",
                                         "Main#st1-Cl-ack", "Main#st1-Cl-prv"])
        #expect(items.map { templates[$0.template]?.interfaceBuilder?.builtInTemplate } == ["subtitle", nil, "value1", "value1", "basic", "value2", "basic", "basic"])
        #expect(items[4].values["image"] == .string("gear") && items[6].values["image"] == .string("star"))
        #expect(items[0].values["title"] == .string("Ada Lovelace") && items[0].values["subtitle"] != nil && items[0].values["image"] == .string("avatar"))
        #expect(items[2].values["detail"] == .string("Home") && items[2].values["accessory"] == .string("disclosureIndicator"))
        #expect(items[7].values["accessory"] == .string("checkmark"))
        #expect(templates.count == 8)
    }

    @Test(arguments: ["Settings", "SettingsViewController", "st1-VC-001"])
    func aSceneIsFoundByAnyOfItsNames(name: String) throws {
        #expect(try Self.storyboard().scene(name).id == "st1-VC-001")
    }

    @Test func sceneErrorsNameWhatExists() throws {
        let storyboard = try Self.storyboard()
        do {
            _ = try storyboard.scene("Setings")
            Issue.record("an unknown scene was found")
        } catch {
            #expect(error.message.contains("'Setings'") && error.message.contains("Settings"))
        }
        do {
            _ = try storyboard.scene("Contacts")
            Issue.record("a table of prototype cells was rendered as a static table")
        } catch {
            #expect(error.message.contains("prototype cells") && error.message.contains("Main/<identifier>"))
        }
    }

    @Test func prototypeCellsAreTemplatesByIdentifier() throws {
        let library = try TemplateLibrary(theme: Self.theme, folders: [Self.folder])
        let qualified = try library.template("Main/ContactCell", role: .cell, at: nil)
        let bare = try library.template("NoteCell", role: .cell, at: nil)
        #expect(qualified.outlets == ["avatarView", "nameLabel", "detailLabel"])
        #expect(bare.outlets == ["noteLabel"])
        do {
            _ = try library.template("Main/ContactCel", role: .cell, at: nil)
            Issue.record("an unknown prototype was found")
        } catch {
            #expect(error.message.contains("unknown template 'Main/ContactCel'"))
        }
    }

    @Test func anIdentifierInTwoStoryboardsMustBeQualified() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("two-storyboards-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(contentsOfFile: Self.folder + "/Main.storyboard", encoding: .utf8)
        try text.write(to: folder.appendingPathComponent("First.storyboard"), atomically: true, encoding: .utf8)
        try text.write(to: folder.appendingPathComponent("Second.storyboard"), atomically: true, encoding: .utf8)
        let library = try TemplateLibrary(theme: Self.theme, folders: [folder.path])
        do {
            _ = try library.template("NoteCell", role: .cell, at: nil)
            Issue.record("an ambiguous identifier was accepted")
        } catch {
            #expect(error.message.contains("First.storyboard and Second.storyboard") && error.message.contains("'First/NoteCell'"))
        }
        #expect(try library.template("Second/NoteCell", role: .cell, at: nil).outlets == ["noteLabel"])
    }

    @Test func duplicateIdentifiersInATableViewAreAnError() throws {
        var text = try String(contentsOfFile: Self.folder + "/Main.storyboard", encoding: .utf8)
        text = text.replacingOccurrences(of: "reuseIdentifier=\"NoteCell\"", with: "reuseIdentifier=\"ContactCell\"")
        do {
            _ = try IBReader.readStoryboard(file: "Dup.storyboard", bytes: Array(text.utf8))
            Issue.record("two prototypes with one identifier were read")
        } catch {
            #expect(error.message.contains("two prototype cells of one table view have the reuse identifier 'ContactCell'") && error.message.contains("ct2-Cl-001") && error.message.contains("ct2-Cl-002"))
        }
    }

    /// Two prototypes of one storyboard in one engine: each laid out by its own constraints
    /// (a cache keyed by file once gave the second the first's).
    @Test func cellsOfOneStoryboardKeepTheirOwnConstraints() throws {
        let loaded = try LoadedDocument(path: Self.folder + "/contacts.json")
        let laidOut = try loaded.layout()
        let note = try #require(laidOut.pages[0].blocks.first { $0.id == "note" })
        let label = try #require(note.content?.children.first)
        #expect(label.frame.width > 300 && label.frame.height > 40)
        #expect(note.frame.height > 60)
    }

    /// A static table view's own background colour is the page's (AltStore's settings: teal, its
    /// cells white at 15 %, their labels white): a colour by value as it is, a system colour as
    /// the theme's token of the same name, so it keeps its dark value.
    @Test func aStaticTablesBackgroundIsThePages() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("table-background-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(contentsOfFile: Self.folder + "/Main.storyboard", encoding: .utf8)
        let grouped = #"<color key="backgroundColor" systemColor="systemGroupedBackgroundColor"/>"#
        #expect(original.contains(grouped))
        for (color, expected) in [(#"<color key="backgroundColor" red="0.0" green="0.50196078431372548" blue="0.51764705882352946" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#, "#008084"),
                                  (grouped, "groupedBackground")] {
            try original.replacingOccurrences(of: grouped, with: color)
                .write(to: folder.appendingPathComponent("Main.storyboard"), atomically: true, encoding: .utf8)
            let storyboard = try IBReader.readStoryboard(file: "Main.storyboard",
                                                         bytes: Array(try Data(contentsOf: folder.appendingPathComponent("Main.storyboard"))))
            #expect(try storyboard.scene("Settings").table?.background != nil)
            try #"{"storyboard": "Main.storyboard", "scene": "Settings"}"#.write(to: folder.appendingPathComponent("settings.json"), atomically: true, encoding: .utf8)
            let loaded = try LoadedDocument(path: folder.appendingPathComponent("settings.json").path)
            #expect(loaded.document.table.background == expected)
            #expect(try loaded.layout().background == expected)
        }
    }

    /// UIKit decodes a styled cell's `textLabel` and `detailTextLabel` from the nib: the font and
    /// colour IB stores for them are the device's (public files: a Subtitle cell's detail in
    /// System 12, details in systemRed, named colours and Courier, titles in text styles). Where IB
    /// leaves one to UIKit (no `fontDescription`, `<nil key="textColor"/>`) the style's own is kept. The
    /// same in a storyboard's static table and in a XIB.
    @Test func aStyledCellKeepsItsLabelsFontsAndColours() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styled-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func label(_ id: String, _ text: String, font: String?, color: String) -> String {
            """
            <label opaque="NO" multipleTouchEnabled="YES" contentMode="left" text="\(text)" textAlignment="natural" lineBreakMode="tailTruncation" baselineAdjustment="alignBaselines" adjustsFontSizeToFit="NO" id="\(id)">
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                \(font.map { "<fontDescription key=\"fontDescription\" \($0)/>" } ?? "")
                \(color)
                <nil key="highlightedColor"/>
            </label>
            """
        }
        func cell(_ id: String, style: String, title: String, detail: String? = nil) -> String {
            """
            <tableViewCell clipsSubviews="YES" contentMode="scaleToFill" preservesSuperviewLayoutMargins="YES" selectionStyle="default" indentationWidth="10" textLabel="\(id)-T"\(detail == nil ? "" : " detailTextLabel=\"\(id)-D\"") style="IBUITableViewCellStyle\(style)" id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO" tableViewCell="\(id)" id="\(id)-C">
                    <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
                    <autoresizingMask key="autoresizingMask"/>
                    <subviews>\(title)\(detail ?? "")</subviews>
                </tableViewCellContentView>
            </tableViewCell>
            """
        }
        let red = #"<color key="textColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>"#
        let untold = #"<nil key="textColor"/>"#
        let cells = [
            cell("sub", style: "Subtitle", title: label("sub-T", "Ada", font: #"type="boldSystem" pointSize="20""#, color: red),
                 detail: label("sub-D", "Account", font: #"type="system" pointSize="12""#, color: #"<color key="textColor" systemColor="systemRedColor"/>"#)),
            cell("bas", style: "Default", title: label("bas-T", "Plain", font: nil, color: untold)),
            cell("zero", style: "Default", title: label("zero-T", "Title", font: #"type="system" pointSize="0.0""#, color: untold)),
            cell("val", style: "Value1", title: label("val-T", "Wi-Fi", font: #"style="UICTFontTextStyleHeadline""#, color: untold),
                 detail: label("val-D", "Home", font: #"type="system" pointSize="17""#, color: #"<color key="textColor" systemColor="secondaryLabelColor"/>"#)),
        ]
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <scenes><scene sceneID="s1"><objects>
                    <tableViewController id="vc" sceneMemberID="viewController">
                        <tableView key="view" clipsSubviews="YES" contentMode="scaleToFill" alwaysBounceVertical="YES" dataMode="static" style="insetGrouped" separatorStyle="default" rowHeight="-1" estimatedRowHeight="-1" sectionHeaderHeight="18" sectionFooterHeight="18" id="tv">
                            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
                            <sections><tableViewSection id="sec"><cells>\(cells.joined())</cells></tableViewSection></sections>
                        </tableView>
                    </tableViewController>
                </objects></scene></scenes>
            </document>
            """
        try storyboard.write(to: folder.appendingPathComponent("Styled.storyboard"), atomically: true, encoding: .utf8)
        try #"{"storyboard": "Styled.storyboard"}"#.write(to: folder.appendingPathComponent("styled.json"), atomically: true, encoding: .utf8)
        let table = try LoadedDocument(path: folder.appendingPathComponent("styled.json").path).layout(width: 390)
        func labels(_ view: LaidOutView?) -> [(text: String, size: Double, weight: Int, color: String)] {
            guard let view else { return [] }
            if case .label(let text, let style, let color) = view.style.content { return [(text, style.font.size, style.font.weight, color)] }
            return view.children.flatMap(labels)
        }
        var rows: [String: [(text: String, size: Double, weight: Int, color: String)]] = [:]
        for block in table.pages.flatMap(\.blocks) where block.kind == .row { rows[block.id] = labels(block.content) }
        let subtitle = try #require(rows["sub"]), basic = try #require(rows["bas"]), value1 = try #require(rows["val"])
        #expect(subtitle.count == 2 && subtitle[0].size == 20 && subtitle[0].weight == 700 && subtitle[0].color == "#FF0000", "\(subtitle)")
        #expect(subtitle[1].size == 12 && subtitle[1].weight == 400 && subtitle[1].color == "systemRed", "\(subtitle)")
        // Left to UIKit: the style's body in the label colour.
        #expect(basic.count == 1 && basic[0].size == 17 && basic[0].weight == 400 && basic[0].color == "label", "\(basic)")
        // System 0.0 is Core Text's default size, 12 pt, as IB draws it (a public XIB's "Title" of that font: 25 × 14.5).
        #expect(rows["zero"]?.map(\.size) == [12], "\(rows["zero"] ?? [])")
        // A text style is the theme's (headline: 17 semibold); a stored colour that is the style's changes nothing.
        #expect(value1.count == 2 && value1[0].size == 17 && value1[0].weight == 600 && value1[0].color == "label", "\(value1)")
        #expect(value1[1].size == 17 && value1[1].color == "secondaryLabel", "\(value1)")

        // The same cell as a XIB.
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <objects>\(cells[0])</objects>
            </document>
            """
        try xib.write(to: folder.appendingPathComponent("SubtitleCell.xib"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        let laidOut = try renderer.layout(Table(sections: [Section(id: "s", items: [Item(id: "x", template: "SubtitleCell")])]), width: 390)
        let fromXIB = labels(laidOut.pages.flatMap(\.blocks).first { $0.kind == .row }?.content)
        #expect(fromXIB.map(\.size) == [20, 12] && fromXIB.map(\.color) == ["#FF0000", "systemRed"], "\(fromXIB)")
    }

    @Test func overridesReplaceCellValuesById() throws {
        let loaded = try LoadedDocument(path: Self.folder + "/settings-home.json")
        let items = loaded.document.table.sections.flatMap(\.items)
        #expect(items.first { $0.id == "st1-Cl-wifi" }?.values["detail"] == .string("Office"))
        #expect(items.first { $0.id == "st1-Cl-air" }?.values["airplaneSwitch"] == .bool(true))
        #expect(loaded.document.table.title == "Settings")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overrides-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Self.folder + "/Main.storyboard", toPath: folder.appendingPathComponent("Main.storyboard").path)
        try #"{"storyboard": "Main.storyboard", "scene": "Settings", "overrides": {"st1-Cl-wfi": {"detail": "x"}}}"#.write(to: folder.appendingPathComponent("bad.json"), atomically: true, encoding: .utf8)
        do {
            _ = try LoadedDocument(path: folder.appendingPathComponent("bad.json").path)
            Issue.record("an unknown cell id was accepted")
        } catch {
            #expect(error.message.contains("'st1-Cl-wfi'") && error.message.contains("st1-Cl-wifi"))
            #expect(error.location?.path == "$.overrides.st1-Cl-wfi")
        }
        try #"{"storyboard": "../Main.storyboard"}"#.write(to: folder.appendingPathComponent("escape.json"), atomically: true, encoding: .utf8)
        #expect(throws: Diagnostic.self) { try LoadedDocument(path: folder.appendingPathComponent("escape.json").path) }
    }

    @Test func hostileStoryboardsAreRefused() throws {
        let entity = #"<?xml version="1.0"?><!DOCTYPE document [<!ENTITY x "y">]><document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB"><scenes/></document>"#
        #expect(throws: Diagnostic.self) { try IBReader.readStoryboard(file: "E.storyboard", bytes: Array(entity.utf8)) }
        let xib = #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects/></document>"#
        do {
            _ = try IBReader.readStoryboard(file: "X.storyboard", bytes: Array(xib.utf8))
            Issue.record("a XIB was read as a storyboard")
        } catch {
            #expect(error.message.contains("is a XIB, not a storyboard"))
        }
    }
}
