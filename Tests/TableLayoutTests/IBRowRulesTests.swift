import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
import TableRender
@testable import TableLayout

/// How UIKit draws a nib's cell in a table, where that differs from IB's canvas: the height it
/// falls back to, the heights it ignores, the styles it draws itself, the colours it converts.
@Suite struct IBRowRulesTests {
    static let theme = IBRulesTests.theme

    /// A cell of `width` × `height` whose content view holds `subviews` and `constraints` (the
    /// content view's id is `cv`), in an iPhone 8 file.
    static func cell(_ subviews: String, constraints: String, height: Double = 44, cellAttributes: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <device id="retina4_7" orientation="portrait" appearance="light"/>
        <objects>
        <tableViewCell contentMode="scaleToFill" \(cellAttributes) id="cell"><rect key="frame" x="0.0" y="0.0" width="375" height="\(height)"/>
        <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0.0" y="0.0" width="375" height="\(height)"/>
        <subviews>\(subviews)</subviews>
        <constraints>\(constraints)</constraints>
        </tableViewCellContentView></tableViewCell></objects></document>
        """
    }

    static let label = """
    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Centred" translatesAutoresizingMaskIntoConstraints="NO" id="lb">
      <rect key="frame" x="16" y="11.5" width="63" height="21"/>
      <fontDescription key="fontDescription" type="system" pointSize="17"/>
    </label>
    """

    /// UIKit: "Detected a case where constraints ambiguously suggest a height of zero for a table
    /// view cell's content view. We're considering the collapse unintentional and using standard
    /// height instead" — and the cell is laid out again at 44 pt: a label with only a leading and
    /// a centre-Y constraint sits in the middle of its row, not half above it.
    @Test func aCellThatCollapsesIsLaidOutAgainAtTheStandardHeight() throws {
        let (template, document) = try IBRulesTests.inline(Self.cell(Self.label, constraints: """
            <constraint firstItem="lb" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="c1"/>
            <constraint firstItem="lb" firstAttribute="centerY" secondItem="cv" secondAttribute="centerY" id="c2"/>
            """))
        let row = try IBRulesTests.row(template, document)
        #expect(row.frame.height == 44)
        let label = try #require(IBRulesTests.find("lb", in: row))
        #expect(abs(label.frame.y - (44 - label.frame.height) / 2) < 0.01, "\(label.frame)")
        #expect(label.frame.y >= 0 && label.frame.maxY <= 44)
    }

    /// A XIB's `rowHeight` is IB's canvas: a table with automatic heights sizes a nib's cell by
    /// its constraints; a document's height fixes it either way.
    @Test func aXibsRowHeightIsTheCanvasOnly() throws {
        let (template, document) = try IBRulesTests.inline(Self.cell(Self.label, constraints: """
            <constraint firstItem="lb" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="c1"/>
            <constraint firstItem="lb" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="c2"/>
            <constraint firstAttribute="bottomMargin" secondItem="lb" secondAttribute="bottom" id="c3"/>
            """, height: 108, cellAttributes: #"rowHeight="108""#))
        #expect(document.rowHeight == 108)
        let text = TextEngine()
        let selfSized = try IBRulesTests.row(template, document, text: text)
        let label = try #require(IBRulesTests.find("lb", in: selfSized))
        #expect(abs(selfSized.frame.height - (11 + label.frame.height + 11)) < 0.01, "\(selfSized.frame)")
        #expect(selfSized.frame.height < 60)
        let fixed = try IBRulesTests.row(template, document, height: 108, text: text)
        #expect(fixed.frame.height == 108)
    }

    /// `check` lays a cell out at the height the document fixes, and reports the constraints that
    /// cannot meet it, as UIKit logs them.
    @Test func checkReportsConflictsAtAFixedRowHeight() throws {
        let (template, document) = try IBRulesTests.inline(Self.cell(Self.label.replacingOccurrences(of: "</label>", with: """
            <constraints><constraint firstAttribute="height" constant="60" id="h"/></constraints></label>
            """), constraints: """
            <constraint firstItem="lb" firstAttribute="leading" secondItem="cv" secondAttribute="leadingMargin" id="c1"/>
            <constraint firstItem="lb" firstAttribute="top" secondItem="cv" secondAttribute="topMargin" id="c2"/>
            <constraint firstAttribute="bottomMargin" secondItem="lb" secondAttribute="bottom" id="c3"/>
            """, height: 82))
        let layout = AutoLayout(text: TextEngine())
        let free = layout.warnings(template, document: document, theme: Self.theme, assetsFolder: AutoLayoutOracleTests.folder)
        #expect(!free.contains { $0.hasPrefix("Unable to simultaneously") }, "\(free)")
        let fixed = layout.warnings(template, document: document, theme: Self.theme, assetsFolder: AutoLayoutOracleTests.folder, height: 44)
        let conflict = try #require(fixed.first { $0.hasPrefix("Unable to simultaneously") })
        #expect(conflict.contains("the content view's height (the row's)") && conflict.contains("lb.height == 60"), "\(conflict)")
    }

    /// UITextField's border style is none unless IB writes one: the field is as tall as its line.
    @Test func aTextFieldWithoutABorderStyleHasNone() throws {
        func field(_ border: String) throws -> IBViewState {
            let (template, document) = try IBRulesTests.inline(Self.cell("""
                <textField opaque="NO" contentMode="scaleToFill" \(border) text="Field" translatesAutoresizingMaskIntoConstraints="NO" id="tf">
                  <rect key="frame" x="16" y="11" width="200" height="21"/>
                  <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </textField>
                """, constraints: ""))
            let states = try IBBinding.bind(document, template: template, values: [:], theme: Self.theme, assetsFolder: "/nonexistent",
                                            text: TextEngine(), at: TableModel.SourceLocation(file: "x"))
            return try #require(states["tf"])
        }
        let line = IBFonts.lineHeight(17).rounded(.up)
        let plain = try field("")
        #expect(plain.intrinsicSize.height == line)
        let rounded = try field(#"borderStyle="roundedRect""#)
        #expect(rounded.intrinsicSize.height == 34)
        #expect(rounded.intrinsicSize.width == plain.intrinsicSize.width + 14)
    }

    /// UIPickerView is 216 pt tall; a date picker too in its wheels style (every picker before
    /// iOS 14), one 36 pt line in iOS 14's compact style, a file's default from Xcode 12 on.
    @Test(arguments: [("<pickerView", "", "22155", 216.0), ("<datePicker", #"style="wheels""#, "22155", 216),
                      ("<datePicker", "", "22155", 36), ("<datePicker", "", "14490", 216), ("<datePicker", #"style="inline""#, "22155", 358)])
    func pickerHeights(element: String, attributes: String, tools: String, height: Double) throws {
        let xml = Self.cell("""
            \(element) contentMode="scaleToFill" \(attributes) translatesAutoresizingMaskIntoConstraints="NO" id="pk">
              <rect key="frame" x="0.0" y="0.0" width="320" height="216"/>
            \(element.replacingOccurrences(of: "<", with: "</"))>
            """, constraints: "").replacingOccurrences(of: "toolsVersion=\"22155\"", with: "toolsVersion=\"\(tools)\"")
        let (template, document) = try IBRulesTests.inline(xml)
        let states = try IBBinding.bind(document, template: template, values: [:], theme: Self.theme, assetsFolder: "/nonexistent",
                                        text: TextEngine(), at: TableModel.SourceLocation(file: "x"))
        #expect(states["pk"]?.intrinsicSize.height == height)
    }

    /// IB writes `calibratedRGB` components in Apple's Generic RGB: a device draws (0.5, 0, 0.5)
    /// as #942192 and (1, 0, 0) as #FF2600; Generic Gray and Display P3 are converted too.
    @Test func coloursAreConvertedToSRGBAsADeviceDrawsThem() throws {
        func color(_ attributes: String) -> String? {
            let xml = #"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB"><objects><view id="v"><rect key="frame" x="0" y="0" width="10" height="10"/><color key="backgroundColor" "# + attributes + "/></view></objects></document>"
            guard let document = try? IBReader.read(file: "c.xib", bytes: Array(xml.utf8)), case .rgba(let value)?? = document.top.colors["backgroundColor"] else { return nil }
            return value.description
        }
        #expect(color(#"red="0.5" green="0.0" blue="0.5" alpha="1" colorSpace="calibratedRGB""#) == "#942192")
        #expect(color(#"red="1" green="0.0" blue="0.0" alpha="1" colorSpace="calibratedRGB""#) == "#FF2600")
        #expect(color(#"red="0.5" green="0.0" blue="0.5" alpha="1" colorSpace="custom" customColorSpace="sRGB""#) == "#800080")
        #expect(color(#"red="0.5" green="0.0" blue="0.5" alpha="1" colorSpace="deviceRGB""#) == "#800080")
        #expect(color(#"white="0.5" alpha="1" colorSpace="calibratedWhite""#) == "#929292")
        #expect(color(#"white="0.5" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace""#) == "#808080")
        // Display P3's pure red is outside sRGB: clipped.
        #expect(color(#"red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="displayP3""#) == "#FF0000")
        #expect(color(#"red="0.6" green="0.6" blue="0.6" alpha="1" colorSpace="custom" customColorSpace="displayP3""#) == "#999999")
    }

    /// A XIB cell of one of UIKit's styles is drawn as UIKit draws that style (its labels' stored
    /// frames are IB's canvas): the built-in cell, with IB's texts unless the item gives its own.
    @Test func aStyledXibCellIsTheBuiltInCell() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("styled-xib-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <objects>
        <tableViewCell contentMode="scaleToFill" accessoryType="disclosureIndicator" textLabel="tl" detailTextLabel="dl" style="IBUITableViewCellStyleValue1" id="cell">
          <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
          <tableViewCellContentView key="contentView" id="cv"><rect key="frame" x="0.0" y="0.0" width="348.5" height="44"/>
            <subviews>
              <label opaque="NO" contentMode="left" text="Title" id="tl"><rect key="frame" x="16" y="12" width="6" height="20"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
              <label opaque="NO" contentMode="left" text="Detail" id="dl"><rect key="frame" x="290" y="12" width="50" height="20"/>
                <autoresizingMask key="autoresizingMask" flexibleMinX="YES" flexibleMaxY="YES"/><fontDescription key="fontDescription" type="system" pointSize="17"/></label>
            </subviews>
          </tableViewCellContentView>
        </tableViewCell></objects></document>
        """.write(to: folder.appendingPathComponent("StyledCell.xib"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        func labels(_ template: String, _ values: Value.Object) throws -> [String] {
            let table = Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "r", template: template, values: values)])])
            let laidOut = try renderer.layout(table, width: 375)
            var found: [String] = []
            func visit(_ view: LaidOutView, _ origin: (Double, Double)) {
                let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
                if case .label(let text, _, _) = view.style.content { found.append("\(text) \(frame)") }
                for child in view.children { visit(child, (frame.x, frame.y)) }
            }
            for block in laidOut.pages[0].blocks where block.kind == .row { visit(try #require(block.content), (0, 0)) }
            return found
        }
        let styled = try labels("StyledCell", [:])
        #expect(styled == (try labels("value1", ["title": "Title", "detail": "Detail", "accessory": "disclosureIndicator"])))
        #expect(styled.count == 2 && styled[0].hasPrefix("Title "))
        // UIKit's names for the cell's views, or the built-in cell's.
        let given = try labels("StyledCell", ["textLabel": "Wi-Fi", "detail": "Office"])
        #expect(given == (try labels("value1", ["title": "Wi-Fi", "detail": "Office", "accessory": "disclosureIndicator"])))
    }

    /// Reuse identifiers are unique per table view: two scenes' tables may each have a "Cell",
    /// named then `Storyboard/Scene/Identifier`; `Storyboard/Identifier` names both in its error.
    @Test func reuseIdentifiersArePerTableView() throws {
        func scene(_ id: String, _ title: String, _ text: String) -> String {
            """
            <scene sceneID="\(id)-sn"><objects>
            <tableViewController title="\(title)" id="\(id)-vc" sceneMemberID="viewController">
            <tableView key="view" contentMode="scaleToFill" dataMode="prototypes" style="plain" rowHeight="-1" id="\(id)-tv">
            <rect key="frame" x="0.0" y="0.0" width="390" height="844"/>
            <prototypes>
            <tableViewCell contentMode="scaleToFill" reuseIdentifier="Cell" id="\(id)-cl"><rect key="frame" x="0.0" y="50" width="390" height="44"/>
            <tableViewCellContentView key="contentView" id="\(id)-cv"><rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
            <subviews><label opaque="NO" text="\(text)" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)-lb"><rect key="frame" x="16" y="11" width="100" height="21"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/></label></subviews>
            <constraints>
            <constraint firstItem="\(id)-lb" firstAttribute="leading" secondItem="\(id)-cv" secondAttribute="leadingMargin" id="\(id)-c1"/>
            <constraint firstItem="\(id)-lb" firstAttribute="top" secondItem="\(id)-cv" secondAttribute="topMargin" id="\(id)-c2"/>
            <constraint firstAttribute="bottomMargin" secondItem="\(id)-lb" secondAttribute="bottom" id="\(id)-c3"/>
            </constraints></tableViewCellContentView>
            <connections><outlet property="\(id)Label" destination="\(id)-lb" id="\(id)-ol"/></connections>
            </tableViewCell></prototypes></tableView></tableViewController></objects></scene>
            """
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("reuse-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
        <scenes>\(scene("inb", "Inbox", "Message")) \(scene("arc", "Archive", "Archived"))</scenes></document>
        """.write(to: folder.appendingPathComponent("Mail.storyboard"), atomically: true, encoding: .utf8)
        let library = try TemplateLibrary(theme: Self.theme, folders: [folder.path])
        #expect(try library.template("Mail/Inbox/Cell", role: .cell, at: nil).outlets == ["inbLabel"])
        #expect(try library.template("Mail/Archive/Cell", role: .cell, at: nil).outlets == ["arcLabel"])
        do {
            _ = try library.template("Mail/Cell", role: .cell, at: nil)
            Issue.record("an identifier of two table views was accepted unqualified")
        } catch {
            #expect(error.message.contains("'Mail/Inbox/Cell' or 'Mail/Archive/Cell'"), "\(error.message)")
        }
    }
}
