import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// Right-to-left layout: what UIKit mirrors under a right-to-left semantic content, and what it
/// does not.
@Suite struct RightToLeftTests {
    static let theme = try! ThemeLoader.load("ios")
    static let rightToLeft = theme.directed(.rightToLeft)

    // MARK: Interface Builder: leading and trailing resolved by the solver

    /// The metamorphic oracle: a document laid out right to left is, frame for frame, the mirror
    /// of the same document with left and right swapped (constraint attributes `left`/`right`
    /// and their margins, non-directional layout margins, stored frames, text alignments) laid out
    /// left to right — whose frames IB's own stored frames prove (`AutoLayoutOracleTests`). So
    /// leading and trailing constraints, directional margins and stack views are mirrored, while
    /// left and right constraints and margins stay where they are; a view placed by its
    /// autoresizing mask keeps its frame (UIKit does not mirror those). At the design width and
    /// wider, where inequalities between edges hold. (A view IB keeps at its fixed frame is not
    /// mirrored either: IB's prototyping constraints are `left` and `top`.)
    /// (Not MultipliedPlaces.xib: a centre times a multiplier is no edge to swap; right to left,
    /// UIKit keeps it counting from the left, and `aMultipliedPlaceCountsFromTheCommonAncestor`
    /// tests it.)
    @Test(arguments: AutoLayoutOracleTests.documents.filter { $0 != "MultipliedPlaces.xib" } + examples)
    func constraintsMirrorAsTheSwappedDocument(name: String) throws {
        let path = name.hasPrefix("/") ? name : AutoLayoutOracleTests.folder + "/" + name
        let document = try IBReader.read(file: path, bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))))
        let template = Template(id: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent, interfaceBuilder: document)
        let swapped = Self.swappingLeftAndRight(document)
        let parents = Self.parents(document)
        var compared = 0, moved = 0
        // At the design width, and wider (where inequalities between edges hold the views).
        for width in [document.content.frame.width, document.content.frame.width * 1.6] {
        let layout = AutoLayout(text: TextEngine())
        let (mirrored, _) = try layout.designFrames(template, document: document, theme: Self.rightToLeft, assetsFolder: AutoLayoutOracleTests.folder, width: width)
        // A view placed by its autoresizing mask keeps its frame (UIKit does not mirror those).
        let (unmirrored, _) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme,
                                                                           assetsFolder: AutoLayoutOracleTests.folder, width: width)
        let arranged = Set(document.allViews.filter { $0.element == .stackView }.flatMap { $0.subviews.map(\.id) })
        let named = ConstraintSystem.namedViews(document)
        let other = AutoLayout(text: TextEngine())
        let (plain, _) = try other.designFrames(Template(id: template.id + "-swapped", interfaceBuilder: swapped), document: swapped, theme: Self.theme,
                                                assetsFolder: AutoLayoutOracleTests.folder, width: width)
        for view in document.allViews where view.id != document.content.id && !view.isHidden {
            let got = try #require(mirrored[view.id]), reference = try #require(plain[view.id])
            let parentWidth = parents[view.id].flatMap { plain[$0]?.width } ?? width
            var expected = Rect(x: parentWidth - reference.x - reference.width, y: reference.y, width: reference.width, height: reference.height)
            // Nor one IB keeps at its fixed frame: its prototyping constraints are left and top.
            let prototyped = view.usesConstraints && (view.flag("fixedFrame") || !named.contains(view.id))
            if (!view.usesConstraints || prototyped), !arranged.contains(view.id) { expected = try #require(unmirrored[view.id]) }
            let differences = [got.x - expected.x, got.y - expected.y, got.width - expected.width, got.height - expected.height].map(abs)
            #expect(differences.allSatisfy { $0 <= 0.01 }, "\(name) at \(width): '\(view.id)' right to left \(got), mirror of the swapped document \(expected)")
            compared += 1
            if abs(got.x - reference.x) > 0.5 { moved += 1 }
        }
        }
        #expect(compared >= 1, "\(name): \(compared) frames compared, \(moved) moved")
    }

    /// The example XIBs (inequalities between leading and trailing edges, buttons, fields).
    static var examples: [String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/xib/templates").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xib") }.sorted().map { folder + "/" + $0 }
    }

    static func parents(_ document: IBDocument) -> [String: String] {
        var result: [String: String] = [:]
        func visit(_ view: IBView) {
            for subview in view.subviews { result[subview.id] = view.id; visit(subview) }
        }
        visit(document.content)
        return result
    }

    static func swappingLeftAndRight(_ document: IBDocument) -> IBDocument {
        let swaps = ["left": "right", "right": "left", "leftMargin": "rightMargin", "rightMargin": "leftMargin"]
        func swap(_ view: inout IBView, parentWidth: Double) {
            view.frame.x = parentWidth - view.frame.x - view.frame.width
            let minX = view.autoresizing.contains("flexibleMinX"), maxX = view.autoresizing.contains("flexibleMaxX")
            view.autoresizing.remove("flexibleMinX"); view.autoresizing.remove("flexibleMaxX")
            if minX { view.autoresizing.insert("flexibleMaxX") }
            if maxX { view.autoresizing.insert("flexibleMinX") }
            if var margins = view.layoutMargins, !view.marginsAreDirectional {
                margins.swapAt(1, 3)
                view.layoutMargins = margins
            }
            switch view.attributes["textAlignment"] {
            case "left": view.attributes["textAlignment"] = "right"
            case "right": view.attributes["textAlignment"] = "left"
            default: break
            }
            // A constraint between physical horizontal positions (left, right, centre) is mirrored:
            // sides swapped and the constant negated; one with a leading or trailing edge stays as
            // written (the mirrored layout resolves it).
            let physical: Set<String> = ["left", "right", "leftMargin", "rightMargin", "centerX", "centerXWithinMargins"]
            let directional: Set<String> = ["leading", "trailing", "leadingMargin", "trailingMargin"]
            for index in view.constraints.indices {
                let constraint = view.constraints[index]
                let attributes = [constraint.firstAttribute] + (constraint.secondAttribute.map { [$0] } ?? [])
                guard attributes.contains(where: physical.contains), !attributes.contains(where: directional.contains) else { continue }
                view.constraints[index].firstAttribute = swaps[constraint.firstAttribute] ?? constraint.firstAttribute
                if let second = constraint.secondAttribute { view.constraints[index].secondAttribute = swaps[second] ?? second }
                view.constraints[index].constant = -constraint.constant
            }
            for index in view.subviews.indices { swap(&view.subviews[index], parentWidth: view.frame.width) }
        }
        var result = document
        swap(&result.content, parentWidth: document.content.frame.width)
        result.content.frame.x = 0
        return result
    }

    /// A view that forces left to right keeps its leading and trailing constraints as written,
    /// inside a right-to-left cell; its neighbour outside is mirrored. A natural label is
    /// aligned right, one written `left` stays left.
    @Test func forcedLeftToRightIsRespected() throws {
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <objects>
                    <tableViewCell id="dir-Cl-000">
                        <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                        <tableViewCellContentView key="contentView" id="dir-CV-000">
                            <rect key="frame" x="0.0" y="0.0" width="320" height="60"/>
                            <subviews>
                                <view semanticContentAttribute="forceLeftToRight" translatesAutoresizingMaskIntoConstraints="NO" id="dir-Bx-001">
                                    <rect key="frame" x="16" y="10" width="200" height="40"/>
                                    <subviews>
                                        <view translatesAutoresizingMaskIntoConstraints="NO" id="dir-Dt-002">
                                            <rect key="frame" x="8" y="10" width="20" height="20"/>
                                            <constraints>
                                                <constraint firstAttribute="width" constant="20" id="dir-Cn-001"/>
                                                <constraint firstAttribute="height" constant="20" id="dir-Cn-002"/>
                                            </constraints>
                                        </view>
                                    </subviews>
                                    <constraints>
                                        <constraint firstItem="dir-Dt-002" firstAttribute="leading" secondItem="dir-Bx-001" secondAttribute="leading" constant="8" id="dir-Cn-003"/>
                                        <constraint firstItem="dir-Dt-002" firstAttribute="centerY" secondItem="dir-Bx-001" secondAttribute="centerY" id="dir-Cn-004"/>
                                    </constraints>
                                </view>
                                <view translatesAutoresizingMaskIntoConstraints="NO" id="dir-Sq-003">
                                    <rect key="frame" x="276" y="10" width="28" height="40"/>
                                </view>
                            </subviews>
                            <constraints>
                                <constraint firstItem="dir-Bx-001" firstAttribute="leading" secondItem="dir-CV-000" secondAttribute="leading" constant="16" id="dir-Cn-005"/>
                                <constraint firstItem="dir-Bx-001" firstAttribute="top" secondItem="dir-CV-000" secondAttribute="top" constant="10" id="dir-Cn-006"/>
                                <constraint firstItem="dir-Bx-001" firstAttribute="width" constant="200" id="dir-Cn-007"/>
                                <constraint firstItem="dir-Bx-001" firstAttribute="height" constant="40" id="dir-Cn-008"/>
                                <constraint firstItem="dir-Sq-003" firstAttribute="right" secondItem="dir-CV-000" secondAttribute="right" constant="-16" id="dir-Cn-009"/>
                                <constraint firstItem="dir-Sq-003" firstAttribute="top" secondItem="dir-CV-000" secondAttribute="top" constant="10" id="dir-Cn-010"/>
                                <constraint firstItem="dir-Sq-003" firstAttribute="width" constant="28" id="dir-Cn-011"/>
                                <constraint firstItem="dir-Sq-003" firstAttribute="height" constant="40" id="dir-Cn-012"/>
                            </constraints>
                        </tableViewCellContentView>
                    </tableViewCell>
                </objects>
            </document>
            """
        let document = try IBReader.read(file: "Directions.xib", bytes: Array(xib.utf8))
        let template = Template(id: "Directions", interfaceBuilder: document)
        let (ltr, _) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.theme, assetsFolder: "/nonexistent")
        let (rtl, _) = try AutoLayout(text: TextEngine()).designFrames(template, document: document, theme: Self.rightToLeft, assetsFolder: "/nonexistent")
        #expect(ltr["dir-Bx-001"]?.x == 16)
        // The box's own leading constraint is the cell's (right to left): it moves to the right.
        #expect(abs((rtl["dir-Bx-001"]?.x ?? 0) - (320 - 16 - 200)) < 1e-9)
        // Inside the forced box, leading is still the left edge.
        #expect(ltr["dir-Dt-002"]?.x == 8 && rtl["dir-Dt-002"]?.x == 8)
        // A right constraint stays a right constraint.
        #expect(ltr["dir-Sq-003"]?.x == 276 && rtl["dir-Sq-003"]?.x == 276)
    }

    /// A natural, left or right IB label's alignment right to left: natural is right, left and
    /// right are where they say (UIKit's `NSTextAlignment`).
    @Test func interfaceBuilderTextAlignment() throws {
        func alignment(_ written: String, _ direction: LayoutDirection) throws -> TextStyle.Alignment {
            let xib = """
                <?xml version="1.0" encoding="UTF-8"?>
                <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" useAutolayout="YES">
                    <objects>
                        <view id="al-Vw-000">
                            <rect key="frame" x="0.0" y="0.0" width="200" height="40"/>
                            <subviews>
                                <label text="Text" textAlignment="\(written)" translatesAutoresizingMaskIntoConstraints="NO" id="al-Lb-001">
                                    <rect key="frame" x="0" y="0" width="200" height="20"/>
                                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                </label>
                            </subviews>
                        </view>
                    </objects>
                </document>
                """
            let document = try IBReader.read(file: "Align.xib", bytes: Array(xib.utf8))
            let label = try #require(document.allViews.first { $0.id == "al-Lb-001" })
            return IBBinding.initialState(label, document: document, theme: Self.theme.directed(direction),
                                          images: IBBinding.Images(folder: "/nonexistent", catalogs: [], document: document),
                                          text: TextEngine(), direction: direction).style.alignment
        }
        #expect(try alignment("natural", .rightToLeft) == .right)
        #expect(try alignment("left", .rightToLeft) == .left)
        #expect(try alignment("right", .rightToLeft) == .right)
        #expect(try alignment("natural", .leftToRight) == .natural)
        #expect(try alignment("left", .leftToRight) == .leading)
    }

    // MARK: Templates: the laid-out tree mirrored

    /// Every element of a template: a row's views are where the left-to-right layout has them,
    /// mirrored inside their parents, with left and right paddings, margins and overlay offsets
    /// swapped; labels' natural and leading alignment is right, trailing left.
    @Test func everyElementOfATemplateIsMirrored() throws {
        let folder = NSTemporaryDirectory() + "rtl-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            <cell>
              <stack id="root" axis="horizontal" spacing="8" padding="4 20 6 10" alignment="center">
                <box id="badgeHolder" width="40" height="40" background="systemFill">
                  <label id="badge" text="3" position="overlay" top="-4" right="-6" font="caption2"/>
                </box>
                <stack id="texts" axis="vertical" grow="1" alignment="leading" margin="0 12 0 4">
                  <label id="title" text="{title}"/>
                  <label id="detail" text="{detail}" alignment="trailing" font="footnote"/>
                </stack>
                <switch id="toggle" on="true"/>
                <divider id="line"/>
                <accessory id="chevron" type="disclosureIndicator"/>
              </stack>
            </cell>
            """.write(toFile: folder + "/Row.xml", atomically: true, encoding: .utf8)
        func laidOut(_ theme: Theme) throws -> LaidOutView {
            let library = try TemplateLibrary(theme: theme, folders: [folder])
            let binder = Binder(theme: theme, assetsFolder: folder)
            let template = try library.template("Row", role: .cell, at: nil)
            let bound = try #require(try binder.bind(template, values: ["title": .string("Title"), "detail": .string("Detail")],
                                                     at: SourceLocation(file: "doc.json")))
            return FlexLayout(text: TextEngine()).layoutRoot(bound, width: 320, height: nil, direction: theme.direction)
        }
        let ltr = try laidOut(Self.theme), rtl = try laidOut(Self.rightToLeft)
        var checked = 0
        func compare(_ a: LaidOutView, _ b: LaidOutView, parentWidth: Double) {
            checked += 1
            #expect(abs(b.frame.x - (parentWidth - a.frame.x - a.frame.width)) < 1e-9 && b.frame.y == a.frame.y
                    && b.frame.width == a.frame.width && b.frame.height == a.frame.height, "\(a.style.id ?? "?"): \(a.frame) → \(b.frame)")
            #expect(b.style.padding == [a.style.padding[0], a.style.padding[3], a.style.padding[2], a.style.padding[1]])
            #expect(b.style.margin == [a.style.margin[0], a.style.margin[3], a.style.margin[2], a.style.margin[1]])
            #expect(b.style.overlay?.left == a.style.overlay?.right && b.style.overlay?.right == a.style.overlay?.left)
            #expect(a.children.count == b.children.count)
            for (x, y) in zip(a.children, b.children) { compare(x, y, parentWidth: a.frame.width) }
        }
        compare(ltr, rtl, parentWidth: 320)
        #expect(checked == 9)
        // The first child (the badge's box) is on the right, after the right padding (10 from the left one).
        let box = rtl.children[0]
        #expect(box.frame.maxX == 320 - 10)
        func label(_ id: String, in view: LaidOutView) -> TextStyle.Alignment? {
            if view.style.id == id, case .label(_, let style, _) = view.style.content { return style.alignment }
            return view.children.lazy.compactMap { label(id, in: $0) }.first
        }
        #expect(label("title", in: rtl) == .right && label("detail", in: rtl) == .left)
        #expect(label("title", in: ltr) == .natural && label("detail", in: ltr) == .trailing)
    }

    /// The chevron points left and the detail button goes right of it; a checkmark is not mirrored.
    @Test func accessoriesMirror() {
        for accessory in [Accessory.disclosureIndicator, .detailButton, .detailDisclosureButton, .checkmark] {
            let size = ControlMetrics.accessorySize(accessory)
            let ltr = ControlMetrics.accessoryGlyph(accessory, width: size.width, height: size.height, tint: nil)
            let rtl = ControlMetrics.accessoryGlyph(accessory, width: size.width, height: size.height, tint: nil, direction: .rightToLeft)
            func xs(_ glyph: [GlyphPrimitive]) -> [Double] {
                glyph.flatMap { primitive -> [Double] in
                    switch primitive {
                    case .polyline(let points, _, _): return points.map(\.x)
                    case .strokedCircle(let center, _, _, _), .filledCircle(let center, _, _): return [center.x]
                    }
                }
            }
            if accessory == .checkmark {
                #expect(rtl == ltr)
            } else {
                #expect(xs(rtl) == xs(ltr).map { size.width - $0 }, "\(accessory)")
            }
        }
    }
}

/// Which languages are laid out right to left, and the `ar-XB` pseudo-locale.
@Suite struct LayoutDirectionTests {
    @Test(arguments: [("ar", LayoutDirection.rightToLeft), ("ar-EG", .rightToLeft), ("he", .rightToLeft), ("fa-IR", .rightToLeft), ("ur", .rightToLeft),
                      ("ckb", .rightToLeft), ("az-Arab", .rightToLeft), ("ar-XB", .rightToLeft), ("en", .leftToRight), ("en-XA", .leftToRight),
                      ("de", .leftToRight), ("ja", .leftToRight), ("ku", .leftToRight), ("pa-Arab", .rightToLeft), ("ug-Latn", .leftToRight), ("", .leftToRight)])
    func direction(of locale: String, is expected: LayoutDirection) {
        #expect(LayoutDirection.of(locale: locale) == expected)
        #expect(RightToLeftTests.theme.localized(to: locale).direction == expected)
    }

    @Test func bidirectionalPseudoLocaleOverridesEachWord() {
        let pseudo = PseudoLocale.bidirectional
        #expect(pseudo.apply("Hello, world") == "\u{200F}\u{202E}Hello,\u{202C}\u{200F} \u{200F}\u{202E}world\u{202C}\u{200F}")
        #expect(pseudo.apply("a\n\nb") == "\u{200F}\u{202E}a\u{202C}\u{200F}\n\n\u{200F}\u{202E}b\u{202C}\u{200F}")
        #expect(pseudo.apply("") == "")
        #expect(PseudoLocale(tag: "AR-xb") == .bidirectional)
    }

    /// A right-to-left label's lines: `right` puts every line at the right edge, whatever the
    /// text's own direction, as Pango would put a right-aligned line of its direction.
    @Test func absoluteAlignmentPlacesLinesAtTheEdge() {
        let engine = TextEngine()
        let font = FontSpec(family: "DejaVu Sans", size: 15, lineHeight: 20)
        for text in ["Short English line", "مرحبا بالعالم", "Two lines of English text that wrap here", "نص عربي طويل يلتف على سطرين في هذا العرض الضيق"] {
            let right = engine.shape(text, style: TextStyle(font: font, alignment: .right), width: 150)
            let left = engine.shape(text, style: TextStyle(font: font, alignment: .left), width: 150)
            let width = Int32(150 * 1024)
            for line in right.lines { #expect(line.x == width - line.width, "\(text)") }
            for line in left.lines { #expect(line.x == 0, "\(text)") }
            #expect(right.lines.count == left.lines.count)
        }
    }
}
