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

    /// Xcode 4 and earlier saved XIBs as keyed archives; the message says how to convert one.
    @Test func anInterfaceBuilder3ArchiveIsNamed() {
        do {
            _ = try Self.read(#"<?xml version="1.0"?><archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="7.10"><data/></archive>"#)
            Issue.record("an Interface Builder 3 archive was read")
        } catch {
            #expect(error.message.contains("Interface Builder 3 archive") && error.message.contains("save it to convert it"), "\(error.message)")
            #expect(error.location?.line == 1)
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
