import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// Hostile Interface Builder files get a clear error or warning in bounded time.
@Suite struct AutoLayoutHostileTests {
    static let theme = try! ThemeLoader.load("ios")

    static func document(views: String, constraints: String = "", before: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        \(before)<document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <view contentMode="scaleToFill" id="root"><rect key="frame" x="0" y="0" width="320" height="100"/>
        <subviews>\(views)</subviews><constraints>\(constraints)</constraints></view></objects></document>
        """
    }

    static func read(_ text: String) throws(Diagnostic) -> IBDocument {
        try IBReader.read(file: "Hostile.xib", bytes: Array(text.utf8))
    }

    /// A chain of `count` views, each 10 wide and 1 after the one before: 4 constraints each.
    static func chain(_ count: Int, cycle: Bool = false) -> String {
        var views = "", constraints = ""
        for index in 0..<count {
            views += #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v\#(index)"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
            let previous = index == 0 ? #"secondItem="root" secondAttribute="leading""# : #"secondItem="v\#(index - 1)" secondAttribute="trailing""#
            constraints += #"<constraint firstItem="v\#(index)" firstAttribute="leading" \#(previous) constant="1" id="c\#(index)a"/>"#
            constraints += #"<constraint firstItem="v\#(index)" firstAttribute="top" secondItem="root" secondAttribute="top" id="c\#(index)b"/>"#
            constraints += #"<constraint firstItem="v\#(index)" firstAttribute="width" constant="10" id="c\#(index)c"/>"#
            constraints += #"<constraint firstItem="v\#(index)" firstAttribute="height" secondItem="v\#(index)" secondAttribute="width" id="c\#(index)d"/>"#
        }
        if cycle {
            constraints += #"<constraint firstItem="v0" firstAttribute="leading" secondItem="v\#(count - 1)" secondAttribute="trailing" constant="1" id="cycle"/>"#
        }
        return document(views: views, constraints: constraints)
    }

    func warnings(_ text: String) throws -> [String] {
        let document = try Self.read(text)
        return AutoLayout(text: TextEngine()).warnings(Template(id: "Hostile", interfaceBuilder: document), document: document,
                                                       theme: Self.theme, assetsFolder: FileManager.default.currentDirectoryPath)
    }

    @Test func entitiesAndDoctypesAreRefused() {
        let laughs = #"<!DOCTYPE document [<!ENTITY a "aaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;">]>"#
        #expect(throws: Diagnostic.self) { try Self.read(Self.document(views: "", before: laughs + "\n")) }
        do {
            _ = try Self.read(Self.document(views: "", before: laughs + "\n"))
        } catch {
            #expect(error.message.contains("DOCTYPE and entity declarations are not allowed in Interface Builder files"))
        }
    }

    @Test func deepNestingIsRefused() {
        var views = ""
        for index in 0..<40 { views += #"<view contentMode="scaleToFill" id="n\#(index)"><subviews>"# }
        for _ in 0..<40 { views += "</subviews></view>" }
        do {
            _ = try Self.read(Self.document(views: views))
            Issue.record("a document nested 80 levels deep was read")
        } catch {
            #expect(error.message.contains("nested deeper than"))
        }
    }

    @Test func notAnIOSDocumentIsNamed() {
        do {
            _ = try Self.read(#"<?xml version="1.0"?><document type="com.apple.InterfaceBuilder3.Cocoa.XIB"><objects/></document>"#)
            Issue.record("a macOS XIB was read")
        } catch {
            #expect(error.message.contains("not an iOS Interface Builder document"))
        }
    }

    /// Xcode 4 and earlier saved XIBs as keyed archives of Interface Builder 3's objects, with
    /// springs and struts (public apps still have them: OneBusAway's switch and text field cells,
    /// iNaturalist's taxon cell). A cell is read as Xcode 5 writes it: frames (`NSFrame`,
    /// `NSFrameSize`), autoresizing masks (`NSvFlags`: 292 is a flexible right and bottom margin,
    /// 289 a flexible left margin), texts (in base 64 where IB had to), a system font (`type` 1), UIKit's named colours, the
    /// accessory and the outlets of `connectionRecords`. On IB's 320 pt canvas every view is where
    /// the archive stores it; in a row 390 pt wide the content view (flexible width) widens and the
    /// switch (flexible left margin) keeps its distance from the right.
    @Test func anInterfaceBuilder3ArchiveIsRead() throws {
        func archive(accessory: Int = 0) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10">
            <data>
            <string key="IBDocument.InterfaceBuilderVersion">3084</string>
            <object class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
                <object class="IBProxyObject" id="10"><string key="IBProxiedObjectIdentifier">IBFilesOwner</string></object>
                <object class="IBProxyObject" id="11"><string key="IBProxiedObjectIdentifier">IBFirstResponder</string></object>
                <object class="IBUITableViewCell" id="100">
                    <int key="NSvFlags">292</int>
                    <object class="NSMutableArray" key="NSSubviews">
                        <object class="IBUIView" id="200">
                            <reference key="NSNextResponder" ref="100"/>
                            <int key="NSvFlags">274</int>
                            <object class="NSMutableArray" key="NSSubviews">
                                <object class="IBUILabel" id="300">
                                    <int key="NSvFlags">292</int>
                                    <string key="NSFrame">{{20, 12}, {178, 21}}</string>
                                    <string key="IBUIText">Title</string>
                                    <object class="NSColor" key="IBUITextColor">
                                        <int key="NSColorSpace">1</int>
                                        <bytes key="NSRGB">MCAwIDAAA</bytes>
                                        <string key="IBUIColorCocoaTouchKeyPath">darkTextColor</string>
                                    </object>
                                    <object class="IBUIFontDescription" key="IBUIFontDescription">
                                        <int key="type">1</int>
                                        <double key="pointSize">17</double>
                                    </object>
                                </object>
                                <object class="IBUILabel" id="303">
                                    <int key="NSvFlags">292</int>
                                    <string key="NSFrame">{{20, 30}, {100, 10}}</string>
                                    <string type="base64-UTF8" key="IBUIText">VGl0bGUK4oCUIHR3bw</string>
                                </object>
                                <object class="IBUISwitch" id="301">
                                    <int key="NSvFlags">289</int>
                                    <string key="NSFrame">{{251, 6}, {51, 31}}</string>
                                    <bool key="IBUIOn">YES</bool>
                                </object>
                                <object class="IBUIView"><string key="NSFrame">{{0, 40}, {4, 4}}</string></object>
                                <object class="IBUIView" id="302">
                                    <int key="NSvFlags">-2147483356</int>
                                    <string key="NSFrame">{{0, 0}, {10, 10}}</string>
                                </object>
                            </object>
                            <string key="NSFrameSize">{320, 43}</string>
                            <object class="NSColor" key="IBUIBackgroundColor">
                                <int key="NSColorSpace">3</int>
                                <bytes key="NSWhite">MCAwAA</bytes>
                            </object>
                        </object>
                    </object>
                    <string key="NSFrameSize">{320, 44}</string>
                    <reference key="IBUIContentView" ref="200"/>
                    <int key="IBUIAccessoryType">\(accessory)</int>
                    <string key="IBUIReuseIdentifier">SwitchCell</string>
                </object>
            </object>
            <object class="IBObjectContainer" key="IBDocument.Objects">
                <object class="NSMutableArray" key="connectionRecords">
                    <object class="IBConnectionRecord">
                        <object class="IBCocoaTouchOutletConnection" key="connection">
                            <string key="label">titleLabel</string>
                            <reference key="source" ref="100"/>
                            <reference key="destination" ref="300"/>
                        </object>
                    </object>
                    <object class="IBConnectionRecord">
                        <object class="IBCocoaTouchOutletConnection" key="connection">
                            <string key="label">toggle</string>
                            <reference key="source" ref="10"/>
                            <reference key="destination" ref="301"/>
                        </object>
                    </object>
                </object>
            </object>
            </data>
            </archive>
            """
        }
        let document = try Self.read(archive())
        #expect(document.kind == .cell && document.top.id == "100" && document.content.id == "200")
        #expect(document.outlets.map(\.property).sorted() == ["titleLabel", "toggle"], "\(document.outlets)")
        let label = try #require(document.allViews.first { $0.id == "300" })
        #expect(label.element == .label && label.attribute("text") == "Title" && label.fonts["fontDescription"] == IBFont(type: "system", pointSize: 17))
        #expect(label.colors["textColor"] == .some(.system("darkTextColor")))
        // A text with a newline or a character outside XML is base 64, written without padding.
        #expect(document.allViews.first { $0.id == "303" }?.attribute("text") == "Title\n— two")
        #expect(document.allViews.first { $0.id == "301" }?.attribute("on") == "YES")
        #expect(document.allViews.first { $0.id == "302" }?.attribute("hidden") == "YES", "NSvFlags' top bit hides a view")
        // An object the archive gives no id is named by its place in the file.
        #expect(document.allViews.count == 6 && document.allViews.contains { $0.id.hasPrefix("archive-") }, "\(document.allViews.map(\.id))")
        #expect(document.accessory == nil || document.accessory == "none")
        #expect(try Self.read(archive(accessory: 3)).accessory == "checkmark")
        // An iPad XIB of Xcode 4 is the same archive under its own type (Artsy's Energy has one).
        let iPad = try Self.read(archive().replacingOccurrences(of: "CocoaTouch.XIB", with: "CocoaTouch.iPad.XIB"))
        #expect(iPad.allViews.map(\.id) == document.allViews.map(\.id) && iPad.allViews.map(\.frame) == document.allViews.map(\.frame))
        let template = Template(id: "SwitchCell", interfaceBuilder: document)
        let layout = AutoLayout(text: TextEngine())
        let canvas = try layout.designFrames(template, document: document, theme: Self.theme, assetsFolder: "/nonexistent").frames
        #expect(canvas["300"] == Rect(x: 20, y: 12, width: 178, height: 21), "\(canvas["300"].map { "\($0)" } ?? "none")")
        #expect(canvas["301"]?.x == 251, "\(canvas["301"].map { "\($0)" } ?? "none")")
        let wide = try layout.designFrames(template, document: document, theme: Self.theme, assetsFolder: "/nonexistent", width: 390).frames
        #expect(wide["200"]?.width == 390 && wide["300"] == Rect(x: 20, y: 12, width: 178, height: 21), "\(wide)")
        #expect(wide["301"]?.x == 321, "\(wide["301"].map { "\($0)" } ?? "none")")
    }

    /// An archive's views are lists of references: one that lists each view twice under the one
    /// before, 40 deep (2^40 views if each reference were a view of its own), or a view under
    /// itself, is read at once, each view once.
    @Test func anArchivesReferencesCannotMultiplyItsViews() throws {
        var spare = ""
        for index in 1...40 {
            let next = index < 40 ? #"<reference ref="v\#(index + 1)"/><reference ref="v\#(index + 1)"/><reference ref="v\#(index)"/>"# : ""
            spare += #"<object class="IBUIView" id="v\#(index)"><string key="NSFrame">{{0, 0}, {10, 10}}</string><object class="NSMutableArray" key="NSSubviews">\#(next)</object></object>"#
        }
        let text = """
            <?xml version="1.0"?><archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10"><data>
            <object class="NSMutableArray" key="IBDocument.RootObjects"><object class="IBUIView" id="v0"><string key="NSFrameSize">{320, 100}</string>
            <object class="NSMutableArray" key="NSSubviews"><reference ref="v1"/><reference ref="v1"/><reference ref="v0"/></object></object></object>
            <object class="NSMutableArray" key="spare">\(spare)</object></data></archive>
            """
        let document = try Self.read(text)
        #expect(document.allViews.count == 41, "\(document.allViews.count)")
    }

    /// A storyboard of that age, or an archive without its objects, is refused with a message
    /// that says what was expected.
    @Test func anUnreadableInterfaceBuilder3ArchiveIsNamed() {
        for (text, expected) in [(#"<?xml version="1.0"?><archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10"><data/></archive>"#, "IBDocument.RootObjects"),
                                 (#"<?xml version="1.0"?><archive type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="2.0"><data/></archive>"#,
                                  "save it to convert it")] {
            do {
                _ = try Self.read(text)
                Issue.record("an unreadable Interface Builder 3 archive was read")
            } catch {
                #expect(error.message.contains("Interface Builder 3 archive") && error.message.contains(expected), "\(error.message)")
                #expect(error.location?.line == 1)
            }
        }
    }

    @Test func aConstraintCycleIsAWarningNotAHang() throws {
        let found = try warnings(Self.chain(50, cycle: true))
        #expect(found.contains { $0.hasPrefix("Unable to simultaneously satisfy constraints") && $0.contains("'cycle'") })
    }

    /// One cell is one system of constraints, held to what the solver does in bounded time.
    @Test func aCellWithTooManyConstraintsOrViewsIsRefused() {
        for (count, what) in [(251, "252 views and 1004 constraints"), (501, "502 views and 2004 constraints")] {
            do {
                _ = try Self.read(Self.chain(count))
                Issue.record("a chain of \(count) views was read")
            } catch {
                #expect(error.message.contains(what) && error.message.hasSuffix("at most 500 views and 1000 constraints"), "\(error.message)")
            }
        }
    }

    @Test func tooManyConstraintsAreRefused() {
        do {
            _ = try Self.read(Self.chain(2_501))
            Issue.record("10,004 constraints were read")
        } catch {
            #expect(error.message.contains("more than 10000 constraints"))
        }
    }

    /// 1,000 constraints (a chain of 250 views), the most one cell may have, are solved; every
    /// view lands where the chain puts it.
    @Test func aLongChainIsSolved() throws {
        let document = try Self.read(Self.chain(250))
        let (frames, warnings) = try AutoLayout(text: TextEngine()).designFrames(Template(id: "Chain", interfaceBuilder: document), document: document,
                                                                                  theme: Self.theme, assetsFolder: FileManager.default.currentDirectoryPath)
        #expect(warnings.isEmpty)
        #expect(abs((frames["v249"]?.x ?? 0) - (249 * 11 + 1)) < 1e-6)
    }

    @Test func hugeFilesAreRefused() throws {
        let text = String(repeating: "word ", count: 1_000_000)
        let views = #"<label opaque="NO" text="\#(text)" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="big"><rect key="frame" x="0" y="0" width="300" height="20"/></label>"#
        let constraints = #"<constraint firstItem="big" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="c1"/><constraint firstItem="big" firstAttribute="top" secondItem="root" secondAttribute="top" id="c2"/><constraint firstItem="big" firstAttribute="trailing" secondItem="root" secondAttribute="trailing" id="c3"/>"#
        do {
            _ = try Self.read(Self.document(views: views, constraints: constraints))
            Issue.record("a 5 MB label was read")
        } catch {
            #expect(error.message.contains("larger than"))
        }
    }

    @Test func unknownItemsAndAttributesAreWarnedWithTheirIDs() throws {
        let views = #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
        let constraints = #"<constraint firstItem="a" firstAttribute="leading" secondItem="nowhere" secondAttribute="leading" id="k1"/><constraint firstItem="a" firstAttribute="sideways" constant="3" id="k2"/>"#
        let found = try warnings(Self.document(views: views, constraints: constraints))
        #expect(found.contains { $0.contains("'k1'") && $0.contains("'nowhere'") })
        #expect(found.contains { $0.contains("'k2'") && $0.contains("'sideways'") })
    }

    @Test func duplicateIDsAreNamed() throws {
        let views = #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="same"><rect key="frame" x="0" y="0" width="10" height="10"/></view><view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="same"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
        let found = try warnings(Self.document(views: views))
        #expect(found.contains { $0.contains("two views have the IB id 'same'") })
    }

    @Test func nonFiniteNumbersAreRefused() {
        let views = #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="a"><rect key="frame" x="0" y="0" width="10" height="10"/></view>"#
        for bad in ["nan", "inf", "1e308"] {
            let constraints = #"<constraint firstItem="a" firstAttribute="width" constant="\#(bad)" id="k1"/>"#
            #expect(throws: Diagnostic.self) { try Self.read(Self.document(views: views, constraints: constraints)) }
        }
    }
}

/// Two labels of a fill stack that hug equally: when one must stretch, the last does and check
/// names the ambiguity, as IB does; when the stack is as wide as its labels, nothing is said.
@Suite struct StackAmbiguityTests {
    static func document(stackWidth: String) -> String {
        let label = { (id: String) in
            #"<label opaque="NO" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="\#(id)" translatesAutoresizingMaskIntoConstraints="NO" id="\#(id)"><rect key="frame" x="0" y="0" width="50" height="20"/><size key="intrinsicContentSize" width="50" height="20"/></label>"#
        }
        let stack = #"<stackView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="stack"><rect key="frame" x="0" y="0" width="300" height="20"/><subviews>\#(label("a"))\#(label("b"))</subviews>\#(stackWidth)</stackView>"#
        let constraints = #"<constraint firstItem="stack" firstAttribute="leading" secondItem="root" secondAttribute="leading" id="k1"/><constraint firstItem="stack" firstAttribute="top" secondItem="root" secondAttribute="top" id="k2"/>"#
        return AutoLayoutHostileTests.document(views: stack, constraints: constraints)
    }

    @Test func theLastStretchesAndCheckSaysSo() throws {
        let text = Self.document(stackWidth: #"<constraints><constraint firstAttribute="width" constant="300" id="w"/></constraints>"#)
        let document = try AutoLayoutHostileTests.read(text)
        let template = Template(id: "T", interfaceBuilder: document)
        let layout = AutoLayout(text: TextEngine())
        let (frames, _) = try layout.designFrames(template, document: document, theme: AutoLayoutHostileTests.theme, assetsFolder: FileManager.default.currentDirectoryPath)
        #expect(frames["a"]?.width == 50 && frames["b"]?.x == 50 && frames["b"]?.width == 250)
        let warnings = layout.warnings(template, document: document, theme: AutoLayoutHostileTests.theme, assetsFolder: FileManager.default.currentDirectoryPath)
        #expect(warnings.contains { $0.hasPrefix("content priority ambiguity in stack view 'stack'") })
    }

    @Test func noAmbiguityWhenNothingStretches() throws {
        let document = try AutoLayoutHostileTests.read(Self.document(stackWidth: ""))
        let warnings = AutoLayout(text: TextEngine()).warnings(Template(id: "T", interfaceBuilder: document), document: document,
                                                               theme: AutoLayoutHostileTests.theme, assetsFolder: FileManager.default.currentDirectoryPath)
        #expect(!warnings.contains { $0.contains("ambiguity") })
    }
}
