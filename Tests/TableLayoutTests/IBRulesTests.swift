import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// UIKit's and Interface Builder's rules that real apps' files rely on, one test each, on small
/// files written here in IB's format (the frames IB would store worked out in each file's
/// comment; `AutoLayoutOracleTests` compares every stored frame of them too).
@Suite struct IBRulesTests {
    static let theme = try! ThemeLoader.load("ios")

    /// The frames and warnings of a test file laid out at its design size.
    static func design(_ name: String) throws -> (frames: [String: Rect], warnings: [String]) {
        let (template, document) = try AutoLayoutOracleTests.load(name)
        return try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: theme, assetsFolder: AutoLayoutOracleTests.folder)
    }

    static func expect(_ frames: [String: Rect], _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        guard let got = frames[id] else {
            Issue.record("no frame for '\(id)'", sourceLocation: sourceLocation)
            return
        }
        let close = [got.x - x, got.y - y, got.width - width, got.height - height].allSatisfy { abs($0) < 0.01 }
        #expect(close, "'\(id)': \(got), expected \(x), \(y), \(width) × \(height)", sourceLocation: sourceLocation)
    }

    /// The frames and warnings of a document already read, laid out at its design size.
    static func design(_ template: Template, _ document: IBDocument) throws -> (frames: [String: Rect], warnings: [String]) {
        try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: theme, assetsFolder: AutoLayoutOracleTests.folder)
    }

    /// The frames of a test file edited (each pair: what to replace, and with what), laid out at its design size.
    static func design(_ name: String, editing edits: [(String, String)], storedSizes: Bool = true) throws -> [String: Rect] {
        var xml = try String(contentsOfFile: AutoLayoutOracleTests.folder + "/" + name, encoding: .utf8)
        for (old, new) in edits { xml = xml.replacingOccurrences(of: old, with: new) }
        let (template, document) = try inline(xml)
        return try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: theme, assetsFolder: AutoLayoutOracleTests.folder,
                                                              storedSizes: storedSizes).frames
    }

    /// A document made of an inline XIB, as a template.
    static func inline(_ xml: String, id: String = "Inline") throws -> (Template, IBDocument) {
        let document = try IBReader.read(file: id + ".xib", bytes: Array(xml.utf8))
        return (Template(id: id, interfaceBuilder: document), document)
    }

    /// A row of `template` laid out as a table lays it out (self-sizing unless `height`).
    static func row(_ template: Template, _ document: IBDocument, values: Value.Object = [:], width: Double = 375, height: Double? = nil,
                    text: TextEngine = TextEngine()) throws -> LaidOutView {
        let flex = FlexLayout(text: text)
        let bound = try flex.autoLayout.layout(template, document: document, values: values, width: width, height: height, theme: theme,
                                               assetsFolder: AutoLayoutOracleTests.folder, at: TableModel.SourceLocation(file: "doc.json", path: "$.sections[0].items[0]"))
        return flex.layoutRoot(bound, width: width, height: height)
    }

    static func find(_ id: String, in view: LaidOutView, origin: (Double, Double) = (0, 0)) -> LaidOutView? {
        if view.style.id == id {
            var found = view
            found.frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
            return found
        }
        for child in view.children {
            if let found = find(id, in: child, origin: (origin.0 + view.frame.x, origin.1 + view.frame.y)) { return found }
        }
        return nil
    }

    // MARK: Frames IB stores

    @Test func fixedFramesKeepTheirStoredFrames() throws {
        let (frames, warnings) = try Self.design("FixedFrames.xib")
        Self.expect(frames, "ff0-LL-001", 20, 10, 120, 21)
        Self.expect(frames, "ff0-BB-002", 200, 20, 56, 56)
        Self.expect(frames, "ff0-II-003", 8, 8, 40, 40)
        Self.expect(frames, "ff0-VV-004", 300, 12, 50, 50)
        Self.expect(frames, "ff0-MM-005", 16, 60, 80, 20)
        #expect(!warnings.contains { $0.hasPrefix("ambiguous") }, "\(warnings)")
        // At another width the prototyping constraints hold them where IB put them.
        let (template, document) = try AutoLayoutOracleTests.load("FixedFrames.xib")
        let wide = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                   assetsFolder: AutoLayoutOracleTests.folder, width: 500).frames
        Self.expect(wide, "ff0-VV-004", 300, 12, 50, 50)
    }

    @Test func aSwitchAndASliderReachBeyondTheirAlignmentRectangles() throws {
        let (frames, _) = try Self.design("Controls.xib")
        Self.expect(frames, "ct1-SW-001", 324, 10, 51, 31)
        Self.expect(frames, "ct1-SL-002", 18, 60, 300, 31)
    }

    /// A segmented control's frame reaches 1 pt below its alignment rectangle, 31 pt tall (28 in
    /// iOS 12 and before). Worked out as IB stores them: in a vertical stack spaced 8 (nRF
    /// Toolbox's command screen), a segmented control at 0 is 32 tall and the label after it at
    /// 31 + 8 = 39; one with a height constraint of 24 is 25 tall (Pocket Casts' effects); one
    /// centred in a 44 pt cell on an @3x phone has its rectangle at (44 − 31) / 2 = 6.5, its frame
    /// 6.67 on the pixels, 32 tall (OwnTracks', openHAB's); in a file of Xcode 10 (iOS 12) at
    /// (44 − 28) / 2 = 8, 29 tall (Alfresco's).
    @Test func aSegmentedControlReachesBelowItsAlignmentRectangle() throws {
        func segmented(_ id: String, height: String = "") -> String {
            """
            <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0.0" y="0.0" width="120" height="32"/>
                \(height.isEmpty ? "" : #"<constraints><constraint firstAttribute="height" constant="\#(height)" id="\#(id)-h"/></constraints>"#)
                <segments><segment title="One"/><segment title="Two"/></segments>
            </segmentedControl>
            """
        }
        let stack = Self.xib("""
            <view contentMode="scaleToFill" id="sg0-VV-000">
                <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <subviews>
                    <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="leading" spacing="8" translatesAutoresizingMaskIntoConstraints="NO" id="sg0-SK-001">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <subviews>
                            \(segmented("sg0-SG-002"))
                            <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sg0-VB-003">
                                <rect key="frame" x="0.0" y="39" width="20" height="20"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="20" id="sg0-Cn-001"/>
                                    <constraint firstAttribute="height" constant="20" id="sg0-Cn-002"/>
                                </constraints>
                            </view>
                            \(segmented("sg0-SG-004", height: "24"))
                        </subviews>
                    </stackView>
                </subviews>
                <constraints>
                    <constraint firstItem="sg0-SK-001" firstAttribute="top" secondItem="sg0-VV-000" secondAttribute="top" id="sg0-Cn-003"/>
                    <constraint firstItem="sg0-SK-001" firstAttribute="leading" secondItem="sg0-VV-000" secondAttribute="leading" id="sg0-Cn-004"/>
                </constraints>
            </view>
            """)
        let (template, document) = try Self.inline(stack)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        Self.expect(frames, "sg0-VB-003", 0, 39, 20, 20)
        let first = try #require(frames["sg0-SG-002"]), second = try #require(frames["sg0-SG-004"])
        #expect(first.y == 0 && first.height == 32, "\(first)")
        #expect(second.y == 67 && second.height == 25, "\(second)")
        for (version, device, y, height) in [("21701", "retina5_9", 6.67, 32.0), ("14490.70", "retina4_7", 8, 29)] {
            let cell = Self.xib(toolsVersion: version, device: device, """
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="sg1-Cl-000">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="sg1-Cl-000" id="sg1-CV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            \(segmented("sg1-SG-001"))
                        </subviews>
                        <constraints>
                            <constraint firstItem="sg1-SG-001" firstAttribute="centerY" secondItem="sg1-CV-000" secondAttribute="centerY" id="sg1-Cn-001"/>
                            <constraint firstItem="sg1-SG-001" firstAttribute="leading" secondItem="sg1-CV-000" secondAttribute="leading" constant="20" id="sg1-Cn-002"/>
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
                """)
            let (cellTemplate, cellDocument) = try Self.inline(cell)
            let cellFrames = try AutoLayout(text: TextEngine()).designFrames(cellTemplate, document: cellDocument, theme: Self.theme,
                                                                             assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
            let frame = try #require(cellFrames["sg1-SG-001"])
            #expect(abs(frame.y - y) < 0.01 && abs(frame.height - height) < 0.01, "Xcode \(version): \(frame)")
        }
    }

    /// A segmented control is as wide as its segments and the 1 pt dividers between them: a
    /// segment 19 pt wider than its title, each as wide as the widest unless the control
    /// apportions its segments' widths by their contents, and a segment whose width the file
    /// gives (`<segment width="35">`) that wide. IB stores OctoPod's five segments of 35 pt 179
    /// wide and its apportioned "0.1", "1", "10", "100" 138 (the titles 60 pt together in SF:
    /// 60 + 4 × 19 + 3 = 139); SwiftMessages' and nRF Mesh's equal ones 18.5 to 19.5 pt past
    /// their widest titles. Worked out here on the titles' own widths, from labels of the same
    /// font beside them; before iOS 13 (files of Xcode 10) 16 pt past the title and no divider.
    @Test func aSegmentedControlIsAsWideAsItsSegments() throws {
        let titles = ["0.1", "1", "10", "100"]
        func segmented(_ id: String, y: Int, apportioned: Bool = false, widths: [Int]? = nil) -> String {
            let segments = widths.map { $0.map { #"<segment title="\#($0 / 7)" width="\#($0)"/>"# } } ?? titles.map { #"<segment title="\#($0)"/>"# }
            return """
                <segmentedControl opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="left" contentVerticalAlignment="top" \
                \(apportioned ? #"apportionsSegmentWidthsByContent="YES" "# : "")segmentControlStyle="plain" selectedSegmentIndex="0" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                    <rect key="frame" x="16" y="\(y)" width="100" height="32"/>
                    <segments>\(segments.joined())</segments>
                </segmentedControl>
                """
        }
        func label(_ index: Int) -> String {
            """
            <label opaque="NO" text="\(titles[index])" translatesAutoresizingMaskIntoConstraints="NO" id="sg2-LB-00\(index)">
                <rect key="frame" x="200" y="\(index * 20)" width="10" height="16"/>
                <fontDescription key="fontDescription" type="system" pointSize="13"/>
            </label>
            """
        }
        var constraints = ""
        for (index, id) in ["sg2-SG-001", "sg2-SG-002", "sg2-SG-003"].enumerated() {
            constraints += #"<constraint firstItem="\#(id)" firstAttribute="top" secondItem="sg2-VV-000" secondAttribute="top" constant="\#(20 + 50 * index)" id="\#(id)-t"/>"#
            constraints += #"<constraint firstItem="\#(id)" firstAttribute="leading" secondItem="sg2-VV-000" secondAttribute="leading" constant="16" id="\#(id)-l"/>"#
        }
        for index in titles.indices {
            constraints += #"<constraint firstItem="sg2-LB-00\#(index)" firstAttribute="top" secondItem="sg2-VV-000" secondAttribute="top" constant="\#(200 + 20 * index)" id="sg2-Ct-\#(index)"/>"#
            constraints += #"<constraint firstItem="sg2-LB-00\#(index)" firstAttribute="leading" secondItem="sg2-VV-000" secondAttribute="leading" constant="16" id="sg2-Cl-\#(index)"/>"#
        }
        func frames(toolsVersion: String) throws -> [String: Rect] {
            let xml = Self.xib(toolsVersion: toolsVersion, """
                <view contentMode="scaleToFill" id="sg2-VV-000">
                    <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <subviews>
                        \(segmented("sg2-SG-001", y: 20, widths: [35, 35, 35, 35, 35]))
                        \(segmented("sg2-SG-002", y: 70, apportioned: true))
                        \(segmented("sg2-SG-003", y: 120))
                        \(titles.indices.map(label).joined())
                    </subviews>
                    <constraints>\(constraints)</constraints>
                </view>
                """)
            let (template, document) = try Self.inline(xml)
            return try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                  assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        }
        let today = try frames(toolsVersion: "22155")
        let contents: [Double] = try titles.indices.map { try #require(today["sg2-LB-00\($0)"]).width }
        let together: Double = contents.reduce(0, +), widest: Double = contents.max() ?? 0
        #expect(today["sg2-SG-001"]?.width == 179)
        let apportioned: Double = together + 4 * 19 + 3, equal: Double = 4 * (widest + 19) + 3
        #expect(today["sg2-SG-002"]?.width == apportioned)
        #expect(today["sg2-SG-003"]?.width == equal)
        let xcode10 = try frames(toolsVersion: "14490.70")
        let oldApportioned: Double = together + 4 * 16, oldEqual: Double = 4 * (widest + 16)
        #expect(xcode10["sg2-SG-001"]?.width == 175)
        #expect(xcode10["sg2-SG-002"]?.width == oldApportioned)
        #expect(xcode10["sg2-SG-003"]?.width == oldEqual)
    }

    /// A segmented control stretched past its own width shares what it gains among the segments
    /// UIKit sizes (equally, or by their widths where it apportions them), not those of a given
    /// width; drawn, each segment's title and the selected one's box sit in its own width.
    @Test func aStretchedSegmentedControlSharesItsWidth() throws {
        #expect(ControlMetrics.segmentWidths(contents: [10, 30], apportioned: false) == [49, 49])
        #expect(ControlMetrics.segmentWidths(contents: [10, 30], apportioned: true) == [29, 49])
        #expect(ControlMetrics.segmentWidths(contents: [10, 30, 5], fixed: [0, 0, 35], apportioned: false, total: 201) == [82, 82, 35])
        #expect(ControlMetrics.segmentWidths(contents: [10, 30], apportioned: true, total: 157) == [58, 98])
        #expect(ControlMetrics.segmentWidths(contents: [10, 30], apportioned: false, legacy: true) == [46, 46])
        let xml = Self.xib("""
            <view contentMode="scaleToFill" id="sg3-VV-000">
                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <subviews>
                    <segmentedControl opaque="NO" contentMode="scaleToFill" segmentControlStyle="plain" selectedSegmentIndex="2" translatesAutoresizingMaskIntoConstraints="NO" id="sg3-SG-001">
                        <rect key="frame" x="0.0" y="0.0" width="201" height="32"/>
                        <segments><segment title="A"/><segment title="B"/><segment title="C" width="35"/></segments>
                    </segmentedControl>
                </subviews>
            </view>
            """)
        let (_, document) = try Self.inline(xml)
        let view = try #require(document.content.subviews.first)
        #expect(view.segmentWidths == [0, 0, 35])
        var state = IBViewState(id: view.id, element: .segmentedControl, hidden: false)
        state.segmentContents = [10, 30, 5]
        state.selected = 2
        let drawn = IBDrawing.segmented(view, state: state, frame: Rect(x: 0, y: 0, width: 201, height: 32), text: TextEngine())
        // The selected box inside the third segment (from 82 + 1 + 82 + 1 = 166, 35 wide, 2 pt in);
        // the titles 4 pt inside their segments.
        let lefts: [Double?] = drawn.children.map { $0.style.overlay?.left }
        #expect(lefts == [168, 4, 87, 170])
        #expect(drawn.children.first?.style.width == 31)
    }

    @Test func framesAreRoundedToTheDevicesPixels() throws {
        let (frames, _) = try Self.design("Controls.xib")
        Self.expect(frames, "ct1-SW-003", 324, 305.0 / 3, 51, 31)
    }

    @Test func placeholderIntrinsicSizeAttributesAreRead() throws {
        let (frames, _) = try Self.design("Controls.xib")
        Self.expect(frames, "ct1-PH-004", 20, 110, 60, 30)
        let (_, document) = try AutoLayoutOracleTests.load("Controls.xib")
        let view = try #require(document.allViews.first { $0.id == "ct1-PH-004" })
        #expect(view.placeholderIntrinsicSize?.width == 60 && view.placeholderIntrinsicSize?.height == 30)
    }

    @Test func cellMarginsFollowTheScreen() throws {
        let wide = try Self.design("MarginsWideScreen.xib").frames
        Self.expect(wide, "mw0-LA-001", 20, 11, 100, 20)
        Self.expect(wide, "mw0-LB-002", 293, 29, 80, 20)
        Self.expect(try Self.design("MarginsNarrowCell.xib").frames, "mn0-LA-001", 16, 11, 100, 20)
        // A row: 16 pt at 375, 20 from 393 pt and on iPad.
        #expect(DeviceMetrics.cellMargin(screen: 375, cell: 375) == 16)
        #expect(DeviceMetrics.cellMargin(screen: 390, cell: 390) == 16)
        #expect(DeviceMetrics.cellMargin(screen: 393, cell: 393) == 20)
        #expect(DeviceMetrics.cellMargin(screen: 414, cell: 374) == 20)
        #expect(DeviceMetrics.cellMargin(screen: 1024, cell: 1024) == 20)
        let (template, document) = try AutoLayoutOracleTests.load("MarginsWideScreen.xib")
        for (width, margin) in [(375.0, 16.0), (414, 20), (1024, 20)] {
            let laidOut = try Self.row(template, document, width: width)
            #expect(Self.find("mw0-LA-001", in: laidOut)?.frame.x == margin, "at \(width)")
        }
    }

    @Test func theContentViewBesideAnAccessory() throws {
        let frames = try Self.design("MarginsBesideAccessory.xib").frames
        Self.expect(frames, "ma0-LA-001", 16, 12, 100, 20)
        Self.expect(frames, "ma0-LB-002", 280.5, 12, 60, 20)
        // In a row: IB's content view is 348.5 wide at 375 and 383.5 at 414 (within the 0.1 pt of
        // IB's pixel rounding: the accessory takes 10.4 past the margin).
        let (template, document) = try AutoLayoutOracleTests.load("MarginsBesideAccessory.xib")
        for (width, content) in [(375.0, 348.5), (414, 383.5)] {
            let laidOut = try Self.row(template, document, width: width)
            let trailing = try #require(Self.find("ma0-LB-002", in: laidOut))
            #expect(abs(trailing.frame.maxX + 8 - content) < 0.15, "at \(width): \(trailing.frame)")
        }
    }

    @Test func aContentViewsOwnMarginsAndItsCells() throws {
        let frames = try Self.design("MarginsOfItsOwn.xib").frames
        Self.expect(frames, "mo0-LA-001", 20, 16, 100, 20)
        Self.expect(frames, "mo0-LB-002", 314, 24, 80, 20)
        // Its own margins less than the cell's above and below take the cell's there too (11 pt):
        // LoopKit's text field cell (own 8 above and below) stores its field 11 pt from the top
        // and bottom of its 54 pt cell. So: A at 20, 11; B at 60 − 11 − 20 = 29.
        let smaller = try Self.design("MarginsOfItsOwn.xib", editing: [(#"top="16" left="16" bottom="16""#, #"top="4" left="16" bottom="4""#)])
        Self.expect(smaller, "mo0-LA-001", 20, 11, 100, 20)
        Self.expect(smaller, "mo0-LB-002", 314, 29, 80, 20)
        // So do they where the content view does not preserve its superview's margins: Beam's
        // notification cell of Xcode 11 (own 10, 22, 10 and 8) stores its views 11 pt from the
        // top and bottom, 22 from the leading edge and 16 from the trailing one of its 375 pt
        // row; its message cell, beside a disclosure indicator, 8 from the content view's end.
        let notPreserving = #"contentMode="center" preservesSuperviewLayoutMargins="YES" insetsLayoutMarginsFromSafeArea="NO""#
        for edits in [[(notPreserving, #"contentMode="center" insetsLayoutMarginsFromSafeArea="NO""#)],
                      [(notPreserving, #"contentMode="center" insetsLayoutMarginsFromSafeArea="NO""#),
                       (#"top="16" left="16" bottom="16""#, #"top="4" left="16" bottom="4""#)]] {
            let frames = try Self.design("MarginsOfItsOwn.xib", editing: edits)
            let vertical = edits.count == 1 ? 16.0 : 11
            Self.expect(frames, "mo0-LA-001", 20, vertical, 100, 20)
            Self.expect(frames, "mo0-LB-002", 314, 60 - vertical - 20, 80, 20)
        }
    }

    @Test func filesOfXcode8WereLaidOutWithIOS10Margins() throws {
        let frames = try Self.design("MarginsOfXcode8.xib").frames
        Self.expect(frames, "m80-LA-001", 8, 8, 100, 20)
        Self.expect(frames, "m80-LB-002", 287, 32, 80, 20)
        // Drawn today, a row takes today's margins.
        let (template, document) = try AutoLayoutOracleTests.load("MarginsOfXcode8.xib")
        let laidOut = try Self.row(template, document, height: 60)
        #expect(Self.find("m80-LA-001", in: laidOut)?.frame.x == 16)
        #expect(Self.find("m80-LA-001", in: laidOut)?.frame.y == 11)
    }

    @Test func filesOfXcode26WereLaidOutWithIOS26MarginsAndSwitch() throws {
        let frames = try Self.design("MarginsOfXcode26.xib").frames
        Self.expect(frames, "x26-LA-001", 20, 15, 100, 20)
        Self.expect(frames, "x26-LB-002", 293, 25, 80, 20)
        Self.expect(frames, "x26-SW-003", 312, 16, 63, 28)
        // With its own sizes (not the stored ones), the switch is iOS 26's as well.
        let (template, document) = try AutoLayoutOracleTests.load("MarginsOfXcode26.xib")
        let own = try Self.design("MarginsOfXcode26.xib", editing: [], storedSizes: false)
        Self.expect(own, "x26-SW-003", 312, 16, 63, 28)
        // "32700.99.1234" is what some Xcode 15 builds write as their version: the plug-in's says which.
        let xcode15 = try Self.design("MarginsOfXcode26.xib", editing: [
            (#"toolsVersion="24765""#, #"toolsVersion="32700.99.1234""#),
            ("<objects>", #"<dependencies><plugIn identifier="com.apple.InterfaceBuilder.IBCocoaTouchPlugin" version="22684"/></dependencies><objects>"#),
        ])
        Self.expect(xcode15, "x26-LA-001", 20, 11, 100, 20)
        // Drawn today, a row takes iOS 18's margins and switch.
        let laidOut = try Self.row(template, document, width: 393, height: 60)
        #expect(Self.find("x26-LA-001", in: laidOut)?.frame.y == 11)
        #expect(Self.find("x26-SW-003", in: laidOut)?.frame.height == 31)
    }

    @Test func aPlainViewOnTheCanvasHasTheDevicesSafeArea() throws {
        let frames = try Self.design("SafeAreaOfAView.xib").frames
        Self.expect(frames, "saf-LL-001", 20, 50, 374, 148)
        Self.expect(frames, "saf-VM-002", 20, 44, 30, 10)
        // As tall as the screen less 16 pt, it reaches 18 pt into the home indicator's inset.
        let tall = try Self.design("SafeAreaOfAView.xib", editing: [(#"width="414" height="210""#, #"width="414" height="880""#)])
        Self.expect(tall, "saf-LL-001", 20, 50, 374, 880 - 18 - 12 - 50)
        // Saved by Xcode 14 and later, the canvas's iPhone 11 has its own 48 pt at the top, and
        // the home indicator's 34 at the bottom however short the view
        // (`aShortViewHasTheWholeSafeAreaFromXcode14`).
        let later = try Self.design("SafeAreaOfAView.xib", editing: [(#"toolsVersion="18122""#, #"toolsVersion="21507""#)])
        Self.expect(later, "saf-LL-001", 20, 54, 374, 210 - 34 - 12 - 54)
        Self.expect(later, "saf-VM-002", 20, 48, 30, 10)
        // A beta of Xcode 14 (21179) kept 44 at the top (WordPress's sign-in screen on an iPhone
        // 12), with the home indicator's 34 at the bottom already.
        let beta = try Self.design("SafeAreaOfAView.xib", editing: [(#"toolsVersion="18122""#, #"toolsVersion="21179.7""#)])
        Self.expect(beta, "saf-LL-001", 20, 50, 374, 210 - 34 - 12 - 50)
        Self.expect(beta, "saf-VM-002", 20, 44, 30, 10)
        // In a table, a footer's safe area is its bounds.
        let (footer, footerDocument) = try AutoLayoutOracleTests.load("SafeAreaOfAView.xib")
        let laidOut = try Self.row(footer, footerDocument, width: 414, height: 210)
        #expect(Self.find("saf-LL-001", in: laidOut)?.frame.y == 6)
    }

    /// Held sideways, an iPhone with a sensor housing has it at both sides (44 pt in files of
    /// Xcode 13 and before, each device's own after) and a 21 pt home indicator below, the top
    /// free; an iPhone with a Home button shows no status bar sideways (alt-materials' DJ
    /// controller of Xcode 11, 896 × 414 on an iPhone XS Max, stores its views 44 + 16 pt in from
    /// the sides and 21 + 16 above the bottom). The view of `aPlainViewOnTheCanvas…`, 896 × 414 on
    /// an iPhone 11 held sideways: L 20 inside the safe area's sides, 6 below its top, 12 above its
    /// bottom → 44 + 20 = 64, 6, 896 − 88 − 40 = 768 × 414 − 21 − 12 − 6 = 375; on an iPhone 8
    /// (667 × 375): 20, 6, 627 × 357.
    @Test func anIPhoneHeldSidewaysHasItsHousingAtTheSides() throws {
        let sideways: [(String, String)] = [(#"orientation="portrait""#, #"orientation="landscape""#),
                                            (#"width="414" height="210""#, #"width="896" height="414""#)]
        let frames = try Self.design("SafeAreaOfAView.xib", editing: sideways)
        Self.expect(frames, "saf-LL-001", 64, 6, 768, 375)
        // Xcode 14 and later: the iPhone 11's own housing, 48.
        let later = try Self.design("SafeAreaOfAView.xib", editing: sideways + [(#"toolsVersion="18122""#, #"toolsVersion="21507""#)])
        Self.expect(later, "saf-LL-001", 68, 6, 896 - 96 - 40, 375)
        let homeButton = try Self.design("SafeAreaOfAView.xib", editing: [(#"orientation="portrait""#, #"orientation="landscape""#),
                                                                          (#"device id="retina6_1""#, #"device id="retina4_7""#),
                                                                          (#"width="414" height="210""#, #"width="667" height="375""#)])
        Self.expect(homeButton, "saf-LL-001", 20, 6, 627, 357)
    }

    /// The safe area is the device's whether or not the view has a layout guide for it, and
    /// whether or not the file uses safe area guides (`useSafeAreas`): the canvas of Xcode 9 and
    /// later insets a top-level view's margins from it (SwiftMessages' message views of Xcode 12,
    /// four without `useSafeAreas`, none with a guide, store their margins 44 pt below the top and,
    /// wider than the screen, 34 above the bottom). The view of `aPlainViewOnTheCanvas…` with its
    /// guide taken out and the label tied to the view's margins instead (6 below the top one, 20
    /// inside the trailing one, 12 above the bottom one, 20 past the leading one):
    /// L  40, 44 + 6 = 50, 414 − 20 − 20 − 40 = 334 × 210 − 12 − 50 = 148
    /// M  at the top and leading margins → 20, 44
    /// 600 pt wide (wider than the screen: the whole safe area, 34 at the bottom): L 520 × 114.
    @Test func aViewWithoutASafeAreaGuideHasTheDevicesSafeArea() throws {
        let unguided: [(String, String)] = [
            (#"<viewLayoutGuide key="safeArea" id="saf-SA-000"/>"#, ""),
            (#" useSafeAreas="YES""#, ""),
            (#"secondItem="saf-SA-000" secondAttribute="top""#, #"secondItem="saf-Vw-000" secondAttribute="topMargin""#),
            (#"firstItem="saf-SA-000" firstAttribute="trailing""#, #"firstItem="saf-Vw-000" firstAttribute="trailingMargin""#),
            (#"firstItem="saf-SA-000" firstAttribute="bottom""#, #"firstItem="saf-Vw-000" firstAttribute="bottomMargin""#),
            (#"secondItem="saf-SA-000" secondAttribute="leading""#, #"secondItem="saf-Vw-000" secondAttribute="leadingMargin""#),
        ]
        let frames = try Self.design("SafeAreaOfAView.xib", editing: unguided)
        Self.expect(frames, "saf-LL-001", 40, 50, 334, 148)
        Self.expect(frames, "saf-VM-002", 20, 44, 30, 10)
        let wide = try Self.design("SafeAreaOfAView.xib", editing: unguided + [(#"width="414" height="210""#, #"width="600" height="210""#)])
        Self.expect(wide, "saf-LL-001", 40, 50, 520, 210 - 34 - 12 - 50)
        Self.expect(wide, "saf-VM-002", 20, 44, 30, 10)
    }

    /// A scroll view adjusts its content inset by its safe area (`contentInsetAdjustmentBehavior`
    /// automatic) and passes none of it on to what it scrolls; with `never` it passes it on, as
    /// any view does. A view 375 × 300 on an iPhone 8 of Xcode 13 under a simulated translucent
    /// navigation bar (its safe area starts 44 pt down: the canvas of Xcode 11 to 14.2 simulates
    /// no status bar); a scroll view filling it, and in it a view V (its content, 375 × 300) with
    /// a label at V's top and leading margins (8 pt: a plain view's):
    ///   automatic: L at 8, 8 (Sileo's package page of Xcode 13 stores its views so)
    ///   never:     L at 8, 44 + 8 = 52
    @Test func aScrollViewPassesNoSafeAreaToWhatItScrolls() throws {
        func frames(_ behaviour: String) throws -> [String: Rect] {
            let xml = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="19455" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                    <device id="retina4_7" orientation="portrait" appearance="light"/>
                    <objects>
                        <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                        <view contentMode="scaleToFill" id="sv0-Vw-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                            <autoresizingMask key="autoresizingMask" widthSizable="YES" heightSizable="YES"/>
                            <subviews>
                                <scrollView clipsSubviews="YES" contentMode="scaleToFill" \(behaviour) translatesAutoresizingMaskIntoConstraints="NO" id="sv0-SV-001">
                                    <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sv0-CV-002">
                                            <rect key="frame" x="0.0" y="0.0" width="375" height="300"/>
                                            <subviews>
                                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Package" translatesAutoresizingMaskIntoConstraints="NO" id="sv0-LL-003">
                                                    <rect key="frame" x="8" y="8" width="100" height="21"/>
                                                    <size key="intrinsicContentSize" width="100" height="21"/>
                                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                                    <nil key="textColor"/>
                                                    <nil key="highlightedColor"/>
                                                </label>
                                            </subviews>
                                            <constraints>
                                                <constraint firstItem="sv0-LL-003" firstAttribute="top" secondItem="sv0-CV-002" secondAttribute="topMargin" id="sv0-Cn-001"/>
                                                <constraint firstItem="sv0-LL-003" firstAttribute="leading" secondItem="sv0-CV-002" secondAttribute="leadingMargin" id="sv0-Cn-002"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="sv0-CV-002" firstAttribute="top" secondItem="sv0-SV-001" secondAttribute="top" id="sv0-Cn-003"/>
                                        <constraint firstItem="sv0-CV-002" firstAttribute="leading" secondItem="sv0-SV-001" secondAttribute="leading" id="sv0-Cn-004"/>
                                        <constraint firstItem="sv0-CV-002" firstAttribute="width" secondItem="sv0-SV-001" secondAttribute="width" id="sv0-Cn-005"/>
                                        <constraint firstItem="sv0-CV-002" firstAttribute="height" secondItem="sv0-SV-001" secondAttribute="height" id="sv0-Cn-006"/>
                                    </constraints>
                                </scrollView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="sv0-SV-001" firstAttribute="top" secondItem="sv0-Vw-000" secondAttribute="top" id="sv0-Cn-007"/>
                                <constraint firstItem="sv0-SV-001" firstAttribute="leading" secondItem="sv0-Vw-000" secondAttribute="leading" id="sv0-Cn-008"/>
                                <constraint firstAttribute="trailing" secondItem="sv0-SV-001" secondAttribute="trailing" id="sv0-Cn-009"/>
                                <constraint firstAttribute="bottom" secondItem="sv0-SV-001" secondAttribute="bottom" id="sv0-Cn-010"/>
                            </constraints>
                            <simulatedNavigationBarMetrics key="simulatedTopBarMetrics" prompted="NO"/>
                            <freeformSimulatedSizeMetrics key="simulatedDestinationMetrics"/>
                        </view>
                    </objects>
                </document>
                """
            let (template, document) = try Self.inline(xml)
            return try Self.design(template, document).frames
        }
        Self.expect(try frames(""), "sv0-LL-003", 8, 8, 100, 21)
        Self.expect(try frames(#"contentInsetAdjustmentBehavior="never""#), "sv0-LL-003", 8, 52, 100, 21)
    }

    /// Old files leave frames out. Xcode 6 wrote no frame for a cell's content view: it fills the
    /// cell above the separator, 1 pt in files of Xcode 6 and before (RxSwift's Wikipedia search
    /// cell stores its views so; 10 of the 11 content views files of Xcode 4 to 6 store are 1 pt
    /// shorter than their cells), 0.5 after. Xcode 8.0 wrote frames as insets in the superview
    /// (`<frame key="frameInset">`): minX, minY from its leading and top edges, and for a size it
    /// leaves out, maxX, maxY from its far edges. Both cells 320 wide, with iOS 10's 8 pt margins:
    ///   Xcode 6, 100 tall: the content view 320 × 99; T at the top margin + 5 and the sides'
    ///     margins → 8, 13, 304 × 21; B 3 below it down to the bottom margin → 8, 37, 304 × 54
    ///   Xcode 8.0, 45 tall, the content view `width="320" height="44"`; L `minX="8" maxX="8"
    ///     minY="12" height="20"` (304 × 20), between the side margins, centred → 8, 12, 304 × 20
    @Test func framesOldFilesLeaveOutAreTheirCellsOrInsets() throws {
        func cell(_ version: String, height: Int, _ content: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="\(version)" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="old-Ce-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="\(height)"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        \(content)
                    </tableViewCell>
                </objects>
            </document>
            """
        }
        func label(_ id: String, _ frame: String) -> String {
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                \(frame)
                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                <nil key="textColor"/>
                <nil key="highlightedColor"/>
            </label>
            """
        }
        let xcode6 = cell("7528.3", height: 100, """
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="old-Ce-000" id="old-CV-000">
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    \(label("old-LT-001", #"<rect key="frame" x="8" y="13" width="304" height="21"/>"#))
                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="old-VB-002">
                        <rect key="frame" x="8" y="37" width="304" height="54"/>
                    </view>
                </subviews>
                <constraints>
                    <constraint firstItem="old-LT-001" firstAttribute="top" secondItem="old-CV-000" secondAttribute="topMargin" constant="5" id="old-Cn-001"/>
                    <constraint firstItem="old-LT-001" firstAttribute="leading" secondItem="old-CV-000" secondAttribute="leadingMargin" id="old-Cn-002"/>
                    <constraint firstAttribute="trailingMargin" secondItem="old-LT-001" secondAttribute="trailing" id="old-Cn-003"/>
                    <constraint firstItem="old-VB-002" firstAttribute="top" secondItem="old-LT-001" secondAttribute="bottom" constant="3" id="old-Cn-004"/>
                    <constraint firstItem="old-VB-002" firstAttribute="leading" secondItem="old-CV-000" secondAttribute="leadingMargin" id="old-Cn-005"/>
                    <constraint firstAttribute="trailingMargin" secondItem="old-VB-002" secondAttribute="trailing" id="old-Cn-006"/>
                    <constraint firstAttribute="bottomMargin" secondItem="old-VB-002" secondAttribute="bottom" id="old-Cn-007"/>
                </constraints>
            </tableViewCellContentView>
            """)
        let (template6, document6) = try Self.inline(xcode6)
        #expect(document6.content.frame.width == 320 && document6.content.frame.height == 99, "\(document6.content.frame)")
        let frames6 = try Self.design(template6, document6).frames
        Self.expect(frames6, "old-LT-001", 8, 13, 304, 21)
        Self.expect(frames6, "old-VB-002", 8, 37, 304, 54)
        let xcode8 = cell("11201", height: 45, """
            <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="old-Ce-000" id="old-CV-000">
                <frame key="frameInset" width="320" height="44"/>
                <autoresizingMask key="autoresizingMask"/>
                <subviews>
                    \(label("old-LL-003", #"<frame key="frameInset" minX="8" minY="12" maxX="8" height="20"/>"#))
                </subviews>
                <constraints>
                    <constraint firstItem="old-LL-003" firstAttribute="leading" secondItem="old-CV-000" secondAttribute="leadingMargin" id="old-Cn-008"/>
                    <constraint firstAttribute="trailingMargin" secondItem="old-LL-003" secondAttribute="trailing" id="old-Cn-009"/>
                    <constraint firstItem="old-LL-003" firstAttribute="centerY" secondItem="old-CV-000" secondAttribute="centerY" id="old-Cn-010"/>
                </constraints>
            </tableViewCellContentView>
            """)
        let (template8, document8) = try Self.inline(xcode8)
        #expect(document8.content.frame.width == 320 && document8.content.frame.height == 44, "\(document8.content.frame)")
        #expect(document8.content.subviews.first?.frame == IBRect(x: 8, y: 12, width: 304, height: 20))
        let frames8 = try Self.design(template8, document8).frames
        Self.expect(frames8, "old-LL-003", 8, 12, 304, 20)
    }

    /// UIKit makes a layout margin's own constraints (its guide's, inset from the view's edges)
    /// when it lays the view out, after the nib's: where a required constraint conflicts with one
    /// tying a view to a margin, the margin gives way, not the later constraint (Siskin IM's
    /// switches of Xcode 13, tied both to the content view's trailing margin and 8 pt inside the
    /// cell's trailing edge by a constraint of the cell's, store the cell's). A cell 320 × 44 (an
    /// iPhone 8 of Xcode 14.3: 16 pt margins); a view V 51 × 31 centred, at the trailing margin and
    /// 8 pt inside the cell's trailing edge: x = 320 − 8 − 51 = 261 (not 320 − 16 − 51 = 253).
    @Test func aMarginGivesWayToALaterConstraint() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="mgw-Ce-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="mgw-Ce-000" id="mgw-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="44"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="mgw-VV-001">
                                    <rect key="frame" x="261" y="6.5" width="51" height="31"/>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="51" id="mgw-Cn-001"/>
                                        <constraint firstAttribute="height" constant="31" id="mgw-Cn-002"/>
                                    </constraints>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="mgw-VV-001" firstAttribute="centerY" secondItem="mgw-CV-000" secondAttribute="centerY" id="mgw-Cn-003"/>
                                <constraint firstAttribute="trailingMargin" secondItem="mgw-VV-001" secondAttribute="trailing" id="mgw-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                        <constraints>
                            <constraint firstAttribute="trailing" secondItem="mgw-VV-001" secondAttribute="trailing" constant="8" id="mgw-Cn-005"/>
                        </constraints>
                    </tableViewCell>
                </objects>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        let (frames, warnings) = try Self.design(template, document)
        Self.expect(frames, "mgw-VV-001", 261, 6.5, 51, 31)
        #expect(warnings.contains { $0.contains("breaking the layout margin of constraint 'mgw-Cn-004'") }, "\(warnings)")
        // Between margins the later gives way, as any later constraint does (Element's check box
        // cell of Xcode 10): a label (42 × 15.5) centred in a 43.5 pt content view (11 pt margins),
        // 3 below the top margin and 3.5 above the bottom one, keeps the top one: 14, 15.5 tall.
        let between = try Self.inline(xml
            .replacingOccurrences(of: #"<rect key="frame" x="261" y="6.5" width="51" height="31"/>"#, with: #"<rect key="frame" x="16" y="14" width="42" height="15.5"/>"#)
            .replacingOccurrences(of: #"<constraint firstAttribute="width" constant="51" id="mgw-Cn-001"/>"#, with: #"<constraint firstAttribute="width" constant="42" id="mgw-Cn-001"/>"#)
            .replacingOccurrences(of: #"<constraint firstAttribute="height" constant="31" id="mgw-Cn-002"/>"#, with: #"<constraint firstAttribute="height" priority="750" constant="15.5" id="mgw-Cn-002"/>"#)
            .replacingOccurrences(of: #"<constraint firstAttribute="trailingMargin" secondItem="mgw-VV-001" secondAttribute="trailing" id="mgw-Cn-004"/>"#,
                                  with: #"<constraint firstItem="mgw-VV-001" firstAttribute="top" secondItem="mgw-CV-000" secondAttribute="topMargin" constant="3" id="mgw-Cn-004"/><constraint firstAttribute="bottomMargin" secondItem="mgw-VV-001" secondAttribute="bottom" constant="3.5" id="mgw-Cn-006"/><constraint firstItem="mgw-VV-001" firstAttribute="leading" secondItem="mgw-CV-000" secondAttribute="leadingMargin" id="mgw-Cn-007"/>"#)
            .replacingOccurrences(of: #"<constraint firstAttribute="trailing" secondItem="mgw-VV-001" secondAttribute="trailing" constant="8" id="mgw-Cn-005"/>"#, with: "")
            .replacingOccurrences(of: #"width="320" height="44"/>"#, with: #"width="320" height="43.5"/>"#))
        let betweenFrames = try Self.design(between.0, between.1).frames
        Self.expect(betweenFrames, "mgw-VV-001", 16, 14, 42, 15.5)
    }

    /// On a device with a Home button (iPhone 8, iPad 9.7") the canvas simulates the status bar,
    /// 20 pt at the top, in files saved by Xcode 14.3 and later on every view, in files of Xcode 9
    /// and 10 on a tall view only (Rocket.Chat's, Pocket Casts', WooCommerce's, ProtonVPN's 496 to
    /// 667 pt views store it; Trust Wallet's 44 pt collection cell of Xcode 9.4 keeps its label 4
    /// pt below the safe area's top at 4, iNaturalist's 139 pt header and ProtonVPN's 45 pt view of
    /// Xcode 10.1 store none), and nothing in files of Xcode 11 to 14.2 however tall, its betas
    /// included (Open Food Facts' 667 pt views of 14868 store none) (as 30 public
    /// files of 5 apps store their frames, view controllers' views and plain views alike: Xcode
    /// 14.2's last, WooCommerce's, 0; Xcode 14.3's first, ownCloud's, 20); there is no inset at
    /// the bottom. The view of `aPlainViewOnTheCanvas…`:
    /// L 6 pt below the safe area's top and 12 above its bottom, M at the top margin (a root
    /// view's 0, moved below the status bar) and the leading one (20: the view is 414 pt wide, on
    /// a 375 pt screen as on any).
    @Test func aViewOnAHomeButtonDeviceHasTheStatusBarOfItsXcode() throws {
        let versions: [(String, short: Double, tall: Double)] = [
            ("13771", 0, 20), ("14113", 0, 20), ("14313.18", 0, 20), ("14490.70", 0, 20), ("14868", 0, 0), ("17701", 0, 0), ("21507", 0, 0), ("21701", 20, 20),
            ("22505", 20, 20),
        ]
        for (version, short, tall) in versions {
            for (height, top) in [(210.0, short), (500, tall)] {
                let frames = try Self.design("SafeAreaOfAView.xib", editing: [(#"toolsVersion="18122""#, #"toolsVersion="\#(version)""#),
                                                                              (#"device id="retina6_1""#, #"device id="retina4_7""#),
                                                                              (#"width="414" height="210""#, #"width="414" height="\#(Int(height))""#)])
                Self.expect(frames, "saf-LL-001", 20, top + 6, 374, height - 12 - (top + 6))
                Self.expect(frames, "saf-VM-002", 20, top, 30, 10)
            }
        }
        // So does an iPad with a Home button (Simplenote's sign-in screen, Xcode 15, iPad 9.7").
        for (version, top) in [("17701", 0.0), ("22505", 20)] {
            let frames = try Self.design("SafeAreaOfAView.xib", editing: [(#"toolsVersion="18122""#, #"toolsVersion="\#(version)""#),
                                                                          (#"device id="retina6_1""#, #"device id="ipad9_7""#)])
            let label = try #require(frames["saf-LL-001"]), margin = try #require(frames["saf-VM-002"])
            #expect(label.y == top + 6 && label.height == 210 - 12 - (top + 6) && margin.y == top, "\(label) \(margin)")
        }
    }

    @Test func aCollectionViewCellIsReadAsAnItem() throws {
        // A collection view cell 320 × 60 whose content view has no id: constraints name the
        // cell. Its content view has UIView's 8 pt margins in a list's row, not a table cell's;
        // alone on IB's canvas, a root view's: 16 at the sides, none above and below
        // (`aCollectionCellAloneOnTheCanvasHasARootViewsMargins`, from AltStore's stored frames).
        // T  label (100 × 20) 12 from the cell's leading edge, at its top margin → 12, 0
        // B  label (80 × 20) at the trailing and bottom margins → 320 − 16 − 80 = 224, 60 − 20 = 40
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <collectionViewCell opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" id="cvc-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <view key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Title" translatesAutoresizingMaskIntoConstraints="NO" id="cvc-LT-001">
                                    <rect key="frame" x="12" y="8" width="100" height="20"/>
                                    <size key="intrinsicContentSize" width="100" height="20"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Detail" translatesAutoresizingMaskIntoConstraints="NO" id="cvc-LB-002">
                                    <rect key="frame" x="232" y="32" width="80" height="20"/>
                                    <size key="intrinsicContentSize" width="80" height="20"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                        </view>
                        <constraints>
                            <constraint firstItem="cvc-LT-001" firstAttribute="leading" secondItem="cvc-Cl-000" secondAttribute="leading" constant="12" id="cvc-Cn-001"/>
                            <constraint firstItem="cvc-LT-001" firstAttribute="top" secondItem="cvc-Cl-000" secondAttribute="topMargin" id="cvc-Cn-002"/>
                            <constraint firstAttribute="trailingMargin" secondItem="cvc-LB-002" secondAttribute="trailing" id="cvc-Cn-003"/>
                            <constraint firstAttribute="bottomMargin" secondItem="cvc-LB-002" secondAttribute="bottom" id="cvc-Cn-004"/>
                        </constraints>
                    </collectionViewCell>
                </objects>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        #expect(document.kind == .collectionCell)
        #expect(template.role == .cell)
        let frames = try Self.design(template, document).frames
        Self.expect(frames, "cvc-LT-001", 12, 0, 100, 20)
        Self.expect(frames, "cvc-LB-002", 224, 40, 80, 20)
        // Drawn as a list's row (its text measured), its labels keep to the cell's 8 pt margins.
        let laidOut = try Self.row(template, document, width: 320, height: 60)
        let detail = try #require(Self.find("cvc-LB-002", in: laidOut)?.frame)
        #expect(abs(detail.x + detail.width - 312) < 0.01 && abs(detail.y + detail.height - 52) < 0.01, "\(detail)")
    }

    @Test func aRequiredSizeOfTheNibWinsOverRequiredHugging() throws {
        // A label hugging and resisting at 1000 (its text 18 pt tall) with a height constraint
        // of 21: UIKit adds content size constraints after the nib's, so they give way; IB's
        // frame is 21 tall. Content view 375 × 44, iPhone 8: 16, 11, 100 × 21.
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="rq0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="rq0-Cl-000" id="rq0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="44"/>
                            <subviews>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" text="Months subscribed" translatesAutoresizingMaskIntoConstraints="NO" id="rq0-LL-001">
                                    <rect key="frame" x="16" y="11" width="100" height="21"/>
                                    <size key="intrinsicContentSize" width="100" height="18"/>
                                    <constraints>
                                        <constraint firstAttribute="height" constant="21" id="rq0-Cn-001"/>
                                    </constraints>
                                    <fontDescription key="fontDescription" style="UICTFontTextStyleSubhead"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="rq0-LL-001" firstAttribute="leading" secondItem="rq0-CV-000" secondAttribute="leadingMargin" id="rq0-Cn-002"/>
                                <constraint firstItem="rq0-LL-001" firstAttribute="top" secondItem="rq0-CV-000" secondAttribute="topMargin" id="rq0-Cn-003"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        let frames = try Self.design(template, document).frames
        Self.expect(frames, "rq0-LL-001", 16, 11, 100, 21)
        // Drawn, with its own text measured, the label keeps the nib's 21.
        let laidOut = try Self.row(template, document)
        #expect(Self.find("rq0-LL-001", in: laidOut)?.frame.height == 21)
    }

    /// Any view loads from a nib as its top-level object, as UINib instantiates it: a XIB whose
    /// only view is a scroll view (or a collection or table view) is laid out as a view at its
    /// design size, its subviews by their constraints. A file with no view at all (a gesture
    /// recognizer, a custom object) is still refused, naming what it holds.
    /// Scroll view 375 × 200 (iPhone 8, no safe area); a label 100 × 21 at 20, 30 from its edges.
    @Test func anyTopLevelViewIsLaidOutAsAView() throws {
        func xml(_ top: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    \(top)
                </objects>
            </document>
            """
        }
        let scroll = """
            <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" id="tl0-SV-000">
                <rect key="frame" x="0.0" y="0.0" width="375" height="200"/>
                <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                <subviews>
                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Offline" translatesAutoresizingMaskIntoConstraints="NO" id="tl0-LL-001">
                        <rect key="frame" x="20" y="30" width="100" height="21"/>
                        <size key="intrinsicContentSize" width="100" height="21"/>
                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                        <nil key="textColor"/>
                        <nil key="highlightedColor"/>
                    </label>
                </subviews>
                <constraints>
                    <constraint firstItem="tl0-LL-001" firstAttribute="leading" secondItem="tl0-SV-000" secondAttribute="leading" constant="20" id="tl0-Cn-001"/>
                    <constraint firstItem="tl0-LL-001" firstAttribute="top" secondItem="tl0-SV-000" secondAttribute="top" constant="30" id="tl0-Cn-002"/>
                </constraints>
            </scrollView>
            """
        let (template, document) = try Self.inline(xml(scroll))
        #expect(document.kind == .view && document.content.id == "tl0-SV-000")
        let frames = try Self.design(template, document).frames
        Self.expect(frames, "tl0-LL-001", 20, 30, 100, 21)
        let grid = #"<collectionView clipsSubviews="YES" contentMode="scaleToFill" dataMode="none" id="tl0-CV-000"><rect key="frame" x="0.0" y="0.0" width="375" height="300"/><collectionViewFlowLayout key="collectionViewLayout" minimumLineSpacing="10" minimumInteritemSpacing="10" id="tl0-FL-000"><size key="itemSize" width="128" height="128"/></collectionViewFlowLayout></collectionView>"#
        #expect(try Self.inline(xml(grid)).1.kind == .view)
        do {
            _ = try Self.inline(xml(#"<tapGestureRecognizer id="tl0-TG-000"/>"#))
            Issue.record("a file without a view was accepted")
        } catch {
            #expect(String(describing: error).contains("found <tapGestureRecognizer>"), "\(error)")
        }
    }

    /// A classic button (no iOS 15 configuration) pads its title's line 6 pt above and below, a
    /// line it keeps with no title, and an image alone not at all: its intrinsic size is the image's. Worked out as IB stores them (in
    /// two public apps' cells an image button of a 24 × 24 image with no size constraint is
    /// 24 × 24): at the trailing margin 16 pt in, 11 pt from the top, the image button is 24 × 24
    /// at 335, 11; the titled one below it is 30 pt tall (a 15 pt title's 18 pt line and 12), at
    /// 16, 50. With tablerender's own text (not IB's stored sizes).
    @Test func aClassicButtonPadsItsTitleNotItsImage() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="cb0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="cb0-BI-001">
                                <rect key="frame" x="335" y="11" width="24" height="24"/>
                                <state key="normal" image="caret"/>
                            </button>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="cb0-BT-002">
                                <rect key="frame" x="16" y="50" width="46" height="30"/>
                                <fontDescription key="fontDescription" type="system" pointSize="15"/>
                                <state key="normal" title="Button"/>
                            </button>
                            <button opaque="NO" contentMode="scaleToFill" verticalHuggingPriority="1000" verticalCompressionResistancePriority="1000" contentHorizontalAlignment="center" contentVerticalAlignment="center" buttonType="system" lineBreakMode="middleTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="cb0-BE-003">
                                <rect key="frame" x="200" y="50" width="100" height="30"/>
                                <constraints>
                                    <constraint firstAttribute="width" constant="100" id="cb0-Cn-005"/>
                                    <constraint firstAttribute="height" priority="500" constant="44" id="cb0-Cn-006"/>
                                </constraints>
                                <state key="normal">
                                    <color key="titleColor" white="1" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
                                </state>
                            </button>
                        </subviews>
                        <constraints>
                            <constraint firstAttribute="trailing" secondItem="cb0-BI-001" secondAttribute="trailing" constant="16" id="cb0-Cn-001"/>
                            <constraint firstItem="cb0-BI-001" firstAttribute="top" secondItem="cb0-VV-000" secondAttribute="top" constant="11" id="cb0-Cn-002"/>
                            <constraint firstItem="cb0-BT-002" firstAttribute="leading" secondItem="cb0-VV-000" secondAttribute="leading" constant="16" id="cb0-Cn-003"/>
                            <constraint firstItem="cb0-BT-002" firstAttribute="top" secondItem="cb0-VV-000" secondAttribute="top" constant="50" id="cb0-Cn-004"/>
                            <constraint firstItem="cb0-BE-003" firstAttribute="leading" secondItem="cb0-VV-000" secondAttribute="leading" constant="200" id="cb0-Cn-007"/>
                            <constraint firstItem="cb0-BE-003" firstAttribute="top" secondItem="cb0-VV-000" secondAttribute="top" constant="50" id="cb0-Cn-008"/>
                        </constraints>
                    </view>
                </objects>
                <resources>
                    <image name="caret" width="24" height="24"/>
                </resources>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        let frames = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                     assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames
        Self.expect(frames, "cb0-BI-001", 335, 11, 24, 24)
        let titled = try #require(frames["cb0-BT-002"])
        #expect(titled.height == 30 && titled.x == 16 && titled.y == 50, "\(titled)")
        // No title and no image: the title's line is still there (a public app's empty button
        // hugging at 1000 against a 44 pt height at 500 is 30 pt tall).
        Self.expect(frames, "cb0-BE-003", 200, 50, 100, 30)
    }

    /// A label's attributed text and a button's attributed title (IB's `usesAttributedText`,
    /// `hasAttributedTitle`) are shown as UIKit shows them: the fragments' texts one after the
    /// other, in the first fragment's font, colour and alignment. Before, such a label drew
    /// nothing (in 19 files of three public corpora).
    @Test func attributedTextsAreShown() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina4_7" orientation="portrait" appearance="light"/>
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="at0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" usesAttributedText="YES" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="at0-LL-001">
                                <rect key="frame" x="16" y="10" width="343" height="24"/>
                                <attributedString key="attributedText">
                                    <fragment content="Fresh out of ">
                                        <attributes>
                                            <color key="NSColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
                                            <font key="NSFont" metaFont="systemBold" size="20"/>
                                            <paragraphStyle key="NSParagraphStyle" alignment="center" lineBreakMode="wordWrapping" baseWritingDirection="natural" tighteningFactorForTruncation="0.0"/>
                                        </attributes>
                                    </fragment>
                                    <fragment>
                                        <string key="content">downloads</string>
                                        <attributes>
                                            <font key="NSFont" metaFont="system" size="12"/>
                                        </attributes>
                                    </fragment>
                                </attributedString>
                                <nil key="highlightedColor"/>
                            </label>
                            <button opaque="NO" contentMode="scaleToFill" contentHorizontalAlignment="center" contentVerticalAlignment="center" lineBreakMode="middleTruncation" hasAttributedTitle="YES" translatesAutoresizingMaskIntoConstraints="NO" id="at0-BT-002">
                                <rect key="frame" x="16" y="50" width="30" height="30"/>
                                <state key="normal">
                                    <attributedString key="attributedTitle">
                                        <fragment content="Edit">
                                            <attributes>
                                                <font key="NSFont" size="15" metaFont="systemBold"/>
                                            </attributes>
                                        </fragment>
                                    </attributedString>
                                </state>
                            </button>
                        </subviews>
                        <constraints>
                            <constraint firstItem="at0-LL-001" firstAttribute="leading" secondItem="at0-VV-000" secondAttribute="leading" constant="16" id="at0-Cn-001"/>
                            <constraint firstAttribute="trailing" secondItem="at0-LL-001" secondAttribute="trailing" constant="16" id="at0-Cn-002"/>
                            <constraint firstItem="at0-LL-001" firstAttribute="top" secondItem="at0-VV-000" secondAttribute="top" constant="10" id="at0-Cn-003"/>
                            <constraint firstItem="at0-BT-002" firstAttribute="leading" secondItem="at0-VV-000" secondAttribute="leading" constant="16" id="at0-Cn-004"/>
                            <constraint firstItem="at0-BT-002" firstAttribute="top" secondItem="at0-VV-000" secondAttribute="top" constant="50" id="at0-Cn-005"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        let laidOut = try Self.row(template, document)
        let label = try #require(Self.find("at0-LL-001", in: laidOut))
        guard case .label(let text, let style, let color) = label.style.content else {
            Issue.record("no label: \(label.style.content)")
            return
        }
        #expect(text == "Fresh out of downloads")
        #expect(style.font.size == 20 && style.font.weight == 700 && style.alignment == .center, "\(style)")
        #expect(color.lowercased().contains("ff0000"), "\(color)")
        let button = try #require(Self.find("at0-BT-002", in: laidOut))
        let texts = Self.labels(in: button)
        #expect(texts.map(\.text) == ["Edit"] && texts.first?.size == 15 && texts.first?.weight == 700, "\(texts)")
    }

    static func labels(in view: LaidOutView) -> [(text: String, size: Double, weight: Int)] {
        var found: [(text: String, size: Double, weight: Int)] = []
        if case .label(let text, let style, _) = view.style.content { found.append((text, style.font.size, style.font.weight)) }
        for child in view.children { found += labels(in: child) }
        return found
    }

    /// A label of several lines that nothing stretches is as wide as its longest line, as UILabel
    /// sizes itself for the width it was given (`preferredMaxLayoutWidth`): in a vertical stack
    /// aligned to the top, 200 pt wide, IB stores such a label narrower than the stack (in a
    /// public app's cell, "Add money to your Cash Account, then buy crypto anytime." in footnote
    /// is 157 pt wide in a 196 pt stack). With tablerender's text, the longest line of its own.
    @Test func aWrappedLabelIsAsWideAsItsLongestLine() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                <device id="retina6_12" orientation="portrait" appearance="light"/>
                <objects>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="wl0-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="393" height="80"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="wl0-Cl-000" id="wl0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="393" height="80"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" axis="vertical" alignment="top" translatesAutoresizingMaskIntoConstraints="NO" id="wl0-SV-001">
                                    <rect key="frame" x="20" y="11" width="200" height="58"/>
                                    <subviews>
                                        <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Add money to your Cash Account, then buy crypto anytime." numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="wl0-LL-001">
                                            <rect key="frame" x="0.0" y="0.0" width="160" height="58"/>
                                            <fontDescription key="fontDescription" style="UICTFontTextStyleFootnote"/>
                                            <nil key="textColor"/>
                                            <nil key="highlightedColor"/>
                                        </label>
                                    </subviews>
                                    <constraints>
                                        <constraint firstAttribute="width" constant="200" id="wl0-Cn-001"/>
                                    </constraints>
                                </stackView>
                            </subviews>
                            <constraints>
                                <constraint firstItem="wl0-SV-001" firstAttribute="leading" secondItem="wl0-CV-000" secondAttribute="leadingMargin" id="wl0-Cn-002"/>
                                <constraint firstItem="wl0-SV-001" firstAttribute="top" secondItem="wl0-CV-000" secondAttribute="topMargin" id="wl0-Cn-003"/>
                                <constraint firstItem="wl0-CV-000" firstAttribute="bottomMargin" secondItem="wl0-SV-001" secondAttribute="bottom" id="wl0-Cn-004"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        let (template, document) = try Self.inline(xml)
        let text = TextEngine()
        let laidOut = try Self.row(template, document, width: 393, text: text)
        let label = try #require(Self.find("wl0-LL-001", in: laidOut))
        let font = try #require(Self.theme.font("footnote"))
        let wrapped = text.measure("Add money to your Cash Account, then buy crypto anytime.", style: TextStyle(font: font, lines: 0), width: 200)
        #expect(wrapped.lineCount >= 2 && wrapped.width < 195, "the text wraps at 200 pt with room left: \(wrapped)")
        #expect(abs(label.frame.width - DeviceMetrics.ceilToPixel(wrapped.width)) < 0.01, "\(label.frame) against its longest line \(wrapped.width)")
        // At its own width it sets the very lines it had at the column's (where a line as long as
        // the width would not fit it again, the label keeps the column's width: never a word cut).
        let style = TextStyle(font: font, lines: 0)
        let sentence = "Add money to your Cash Account, then buy crypto anytime."
        #expect(text.lines(sentence, style: style, width: label.frame.width).lines == text.lines(sentence, style: style, width: 200).lines)
    }

    @Test func aHiddenArrangedViewKeepsItsAlignmentAcrossTheAxis() throws {
        let frames = try Self.design("StackRules.xib").frames
        Self.expect(frames, "sr0-SH-001", 16, 10, 100, 130)
        Self.expect(frames, "sr0-II-002", 0, 0, 100, 130)
        #expect(frames["sr0-XX-003"]?.x == 100)
    }

    /// A hidden arranged view's place along the axis gives way to the nib's constraints: a view
    /// tied to it keeps its size (HiddenNeighbour.xib).
    @Test func aViewTiedToAHiddenArrangedNeighbourKeepsItsSize() throws {
        let (frames, warnings) = try Self.design("HiddenNeighbour.xib")
        Self.expect(frames, "hn0-ST-001", 16, 10, 343, 60)
        Self.expect(frames, "hn0-IM-002", 0, 0, 343, 60)
        #expect(frames["hn0-HD-003"]?.x == 0 && frames["hn0-HD-003"]?.width == 0)
        #expect(!warnings.contains { $0.hasPrefix("Unable to simultaneously") }, "\(warnings)")
    }

    /// A place times a multiplier counts from the nearest common ancestor's origin (its bounds'
    /// where one view holds the other): MultipliedPlaces.xib.
    @Test func aMultipliedPlaceCountsFromTheCommonAncestor() throws {
        let (frames, warnings) = try Self.design("MultipliedPlaces.xib")
        Self.expect(frames, "mp0-CC-001", 200, 10, 150, 80)
        Self.expect(frames, "mp0-BB-002", 35, 5, 30, 30)
        Self.expect(frames, "mp0-DD-003", 90, 5, 20, 20)
        #expect(warnings.isEmpty, "\(warnings)")
    }

    @Test func standardSpacingEqualSpacingAndStackMargins() throws {
        let frames = try Self.design("StackRules.xib").frames
        Self.expect(frames, "sr0-SS-004", 16, 150, 88, 30)
        Self.expect(frames, "sr0-S2-006", 48, 0, 40, 30)
        Self.expect(frames, "sr0-SE-007", 249, 150, 110, 30)
        Self.expect(frames, "sr0-E2-009", 60, 0, 50, 30)
        Self.expect(frames, "sr0-SM-010", 200, 10, 84, 56)
        Self.expect(frames, "sr0-M1-011", 12, 8, 60, 40)
    }

    /// A placeholder constraint ("remove at build time") lays IB's canvas out; the app's code
    /// replaces it, so a row leaves it out.
    @Test func placeholderConstraintsShapeTheCanvasOnly() throws {
        let (template, document) = try AutoLayoutOracleTests.load("Attributes.xib")
        let layout = AutoLayout(text: TextEngine())
        let design = try layout.designFrames(template, document: document, theme: Self.theme, assetsFolder: AutoLayoutOracleTests.folder, width: 400)
        // At 400 pt the first label is still 100 wide (its stored size), so both agree on 60.
        #expect(design.frames["at0-L2-002"]?.width == 60)
        let row = try Self.row(template, document, width: 320, height: 120)
        let first = try #require(Self.find("at0-L1-001", in: row)), second = try #require(Self.find("at0-L2-002", in: row))
        #expect(first.frame.width < 100)
        #expect(abs(second.frame.width - (first.frame.width * 0.5 + 10)) < 0.01, "\(second.frame), first \(first.frame)")
        #expect(!layout.warnings(template, document: document, theme: Self.theme, assetsFolder: AutoLayoutOracleTests.folder, height: 120)
            .contains { $0.hasPrefix("Unable to simultaneously") })
    }

    @Test func theConstraintANibAddsLastGivesWay() throws {
        let (frames, warnings) = try Self.design("NibOrder.xib")
        Self.expect(frames, "no0-ST-001", 2, 2, 24, 76)
        Self.expect(frames, "no0-IM-002", 0, 0, 24, 76)
        let conflict = try #require(warnings.first { $0.hasPrefix("Unable to simultaneously satisfy") })
        #expect(conflict.hasSuffix("will attempt to recover by breaking constraint 'no0-Cn-005' (no0-CV-000.trailing == no0-ST-001.trailing + 16)"), "\(conflict)")
    }


    /// A label in a font named by IB is as tall as UIKit's label in that font (`UIFont.lineHeight`,
    /// the font's ascender, descender and line gap), not the system font's. Apple's Courier New,
    /// Courier, Arial, Helvetica and Times are drawn in the Liberation family fontconfig gives for
    /// them, Menlo in DejaVu Sans Mono, with the same advance widths and vertical metrics, and no
    /// warning; Apple's private
    /// names of the system font (`.AppleSystemUIFont`) are the system font. The sizes IB stores in
    /// public files, with tablerender's own text: Tinode's Courier New 17 pt "N" 10.33 × 19.33 and
    /// "1.0.0 (222)" 112.33 × 19.33 (iPhone 8 Plus, @3x), OwnTracks' Helvetica 14 pt "Subtitle"
    /// 47 × 16.33 (Xcode 26, @3x).
    @Test func aNamedFontIsAsTallAsItsOwnLines() throws {
        func label(_ id: String, _ text: String, _ font: String, y: Int) -> String {
            """
            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="\(text)" lineBreakMode="tailTruncation" translatesAutoresizingMaskIntoConstraints="NO" id="\(id)">
                <rect key="frame" x="0.0" y="\(y)" width="10" height="10"/>
                <fontDescription key="fontDescription" \(font)/>
            </label>
            """
        }
        let labels = [("nf0-LB-001", "N", #"name="CourierNewPSMT" family="Courier New" pointSize="17""#),
                      ("nf0-LB-002", "1.0.0 (222)", #"name="CourierNewPSMT" family="Courier New" pointSize="17""#),
                      ("nf0-LB-003", "Subtitle", #"name="Helvetica" family="Helvetica" pointSize="14""#),
                      ("nf0-LB-004", "Title", #"name=".AppleSystemUIFont" family=".AppleSystemUIFont" pointSize="17""#),
                      ("nf0-LB-005", "Title", #"type="system" pointSize="17""#),
                      ("nf0-LB-006", "00:00.0", #"name="Menlo-Regular" family="Menlo" pointSize="48""#)]
        let views = labels.enumerated().map { label($0.element.0, $0.element.1, $0.element.2, y: $0.offset * 30) }.joined()
        let constraints = labels.enumerated().map { index, label in
            #"<constraint firstItem="\#(label.0)" firstAttribute="leading" secondItem="nf0-VV-000" secondAttribute="leading" id="\#(label.0)-l"/>"#
                + #"<constraint firstItem="\#(label.0)" firstAttribute="top" secondItem="nf0-VV-000" secondAttribute="top" constant="\#(index * 30)" id="\#(label.0)-t"/>"#
        }.joined()
        let xml = Self.xib(toolsVersion: "23727", device: "retina5_5", """
                    <view contentMode="scaleToFill" id="nf0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="220"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>\(views)</subviews>
                        <constraints>\(constraints)</constraints>
                    </view>
            """)
        let (template, document) = try Self.inline(xml)
        let (frames, warnings) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                                assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false)
        Self.expect(frames, "nf0-LB-001", 0, 0, 10.33, 19.33)
        Self.expect(frames, "nf0-LB-002", 0, 30, 112.33, 19.33)
        Self.expect(frames, "nf0-LB-003", 0, 60, 47, 16.33)
        let system = try #require(frames["nf0-LB-005"])
        Self.expect(frames, "nf0-LB-004", 0, 90, system.width, system.height)
        // Menlo is drawn in DejaVu Sans Mono, which it was made from: 202.3 × 55.9, rounded up to
        // the @3x pixels (Yep's Menlo 48 pt "00:00.0", on a 1x canvas of Xcode 7, is 203 × 56).
        Self.expect(frames, "nf0-LB-006", 0, 150, 202.33, 56)
        #expect(!warnings.contains { $0.contains("not installed") }, "\(warnings)")
    }

    /// Values IB stores for a size class apart are the shown device's: a stack's spacing and a
    /// constraint's constant given for compact width and regular height (the more traits named,
    /// the later: 20 over 12), a constraint the base class leaves out put in for regular height
    /// and one left out there, and a label's font for compact width. Worked out as IB stores them
    /// on an iPhone 8 in portrait (compact wide, regular tall): the stack at 20, 4 with its two
    /// 44 × 20 views 4 pt apart (0, 48), the label 11 pt; held in landscape (compact tall): the
    /// stack at 12 (compact width), 30, spaced 30 (compact height); on an iPad none of these: 8,
    /// 30, spacing 0, the label 17 pt. (VLC's player controls are spaced 4 on an iPhone this
    /// way; MiniKeePass's generator cells use 16 pt labels for compact width.)
    @Test func valuesForASizeClassAreTheShownDevicesOnes() throws {
        func xml(_ device: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="21701" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" colorMatched="YES">
                \(device)
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" rowHeight="80" id="sz0-CE-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="80"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="sz0-CE-000" id="sz0-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="375" height="80"/>
                            <autoresizingMask key="autoresizingMask"/>
                            <subviews>
                                <stackView opaque="NO" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sz0-SK-000">
                                    <rect key="frame" x="20" y="4" width="92" height="20"/>
                                    <subviews>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sz0-VA-001">
                                            <rect key="frame" x="0.0" y="0.0" width="44" height="20"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="44" id="sz0-Cn-001"/>
                                                <constraint firstAttribute="height" constant="20" id="sz0-Cn-002"/>
                                            </constraints>
                                        </view>
                                        <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="sz0-VB-002">
                                            <rect key="frame" x="48" y="0.0" width="44" height="20"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="44" id="sz0-Cn-003"/>
                                                <constraint firstAttribute="height" constant="20" id="sz0-Cn-004"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <variation key="heightClass=compact" spacing="30"/>
                                    <variation key="heightClass=regular-widthClass=compact" spacing="4"/>
                                </stackView>
                                <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Eleven" translatesAutoresizingMaskIntoConstraints="NO" id="sz0-LB-003">
                                    <rect key="frame" x="200" y="40" width="32" height="13.5"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    <nil key="textColor"/>
                                    <nil key="highlightedColor"/>
                                    <variation key="widthClass=compact">
                                        <fontDescription key="fontDescription" type="system" pointSize="11"/>
                                    </variation>
                                </label>
                            </subviews>
                            <constraints>
                                <constraint firstItem="sz0-SK-000" firstAttribute="leading" secondItem="sz0-CV-000" secondAttribute="leading" constant="8" id="sz0-Cn-005">
                                    <variation key="widthClass=compact" constant="12"/>
                                    <variation key="heightClass=regular-widthClass=compact" constant="20"/>
                                </constraint>
                                <constraint firstItem="sz0-SK-000" firstAttribute="top" secondItem="sz0-CV-000" secondAttribute="top" constant="4" id="sz0-Cn-006"/>
                                <constraint firstItem="sz0-SK-000" firstAttribute="top" secondItem="sz0-CV-000" secondAttribute="top" constant="30" id="sz0-Cn-007"/>
                                <constraint firstItem="sz0-LB-003" firstAttribute="leading" secondItem="sz0-CV-000" secondAttribute="leading" constant="200" id="sz0-Cn-008"/>
                                <constraint firstItem="sz0-LB-003" firstAttribute="top" secondItem="sz0-CV-000" secondAttribute="top" constant="40" id="sz0-Cn-009"/>
                            </constraints>
                            <variation key="default">
                                <mask key="constraints">
                                    <exclude reference="sz0-Cn-006"/>
                                </mask>
                            </variation>
                            <variation key="heightClass=regular-widthClass=compact">
                                <mask key="constraints">
                                    <include reference="sz0-Cn-006"/>
                                    <exclude reference="sz0-Cn-007"/>
                                </mask>
                            </variation>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        }
        func layout(_ device: String) throws -> (frames: [String: Rect], document: IBDocument) {
            let (template, document) = try Self.inline(xml(device))
            return (try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                  assetsFolder: AutoLayoutOracleTests.folder, storedSizes: false).frames, document)
        }
        func labelSize(_ document: IBDocument) -> Double? {
            document.content.subviews.first { $0.id == "sz0-LB-003" }?.fonts["fontDescription"]?.pointSize
        }
        let portrait = try layout(#"<device id="retina4_7" orientation="portrait" appearance="light"/>"#)
        Self.expect(portrait.frames, "sz0-SK-000", 20, 4, 92, 20)
        Self.expect(portrait.frames, "sz0-VB-002", 48, 0, 44, 20)
        #expect(labelSize(portrait.document) == 11)
        Self.expect(portrait.frames, "sz0-LB-003", 200, 40, portrait.frames["sz0-LB-003"]?.width ?? 0, 13.5)
        let landscape = try layout(#"<device id="retina4_7" orientation="landscape" appearance="light"/>"#)
        Self.expect(landscape.frames, "sz0-SK-000", 12, 30, 118, 20)
        Self.expect(landscape.frames, "sz0-VB-002", 74, 0, 44, 20)
        #expect(labelSize(landscape.document) == 11)
        let pad = try layout(#"<device id="ipad10_9" orientation="portrait" layout="fullscreen" appearance="light"/>"#)
        Self.expect(pad.frames, "sz0-SK-000", 8, 30, 88, 20)
        Self.expect(pad.frames, "sz0-VB-002", 44, 0, 44, 20)
        #expect(labelSize(pad.document) == 17)
        // A file that names no device (Xcode 7 and before) shows its base values, as IB's "Any" by "Any".
        let any = try layout("")
        Self.expect(any.frames, "sz0-SK-000", 8, 30, 88, 20)
    }
}
