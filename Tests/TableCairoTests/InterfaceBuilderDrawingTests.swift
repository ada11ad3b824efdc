import Foundation
import Testing
import TableModel
import TableRender
import TableCairo
import TestSupport

/// What an IB view's `alpha` and `clipsSubviews` do to pixels: a half-transparent black view
/// over the white row is mid-grey; its red subview shows only inside it (clipped), blended too.
@Suite struct InterfaceBuilderDrawingTests {
    static let xib = """
    <?xml version="1.0" encoding="UTF-8"?>
    <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
    <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="200" height="60"/>
    <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="200" height="60"/>
    <subviews>
      <view contentMode="scaleToFill" alpha="0.5" clipsSubviews="YES" translatesAutoresizingMaskIntoConstraints="NO" id="box">
        <rect key="frame" x="20" y="10" width="100" height="40"/>
        <color key="backgroundColor" white="0.0" alpha="1" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>
        <subviews>
          <view contentMode="scaleToFill" id="red">
            <rect key="frame" x="80" y="0.0" width="60" height="40"/>
            <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
            <color key="backgroundColor" red="1" green="0.0" blue="0.0" alpha="1" colorSpace="custom" customColorSpace="sRGB"/>
          </view>
        </subviews>
        <constraints>
          <constraint firstAttribute="width" constant="100" id="w"/>
          <constraint firstAttribute="height" constant="40" id="h"/>
        </constraints>
      </view>
    </subviews>
    <constraints>
      <constraint firstItem="box" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="20" id="l"/>
      <constraint firstItem="box" firstAttribute="top" secondItem="content" secondAttribute="top" constant="10" id="t"/>
      <constraint firstAttribute="bottom" secondItem="box" secondAttribute="bottom" constant="10" id="b"/>
    </constraints>
    </tableViewCellContentView></tableViewCell></objects></document>
    """

    @Test func alphaAndClippingReachThePixels() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ib-drawing-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.xib.write(to: folder.appendingPathComponent("Faded.xib"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        let table = Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "r", template: "Faded")])])
        let image = try renderer.pixels(try renderer.layout(table, width: 200), scale: 1)
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let word = image.words[y * image.width + x]
            return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
        }
        func near(_ got: (Int, Int, Int), _ expected: (Int, Int, Int)) -> Bool {
            abs(got.0 - expected.0) <= 2 && abs(got.1 - expected.1) <= 2 && abs(got.2 - expected.2) <= 2
        }
        #expect(image.height == 60)
        #expect(near(rgb(40, 30), (128, 128, 128)), "half-transparent black over white: \(rgb(40, 30))")
        #expect(near(rgb(110, 30), (255, 128, 128)), "half-transparent red over white: \(rgb(110, 30))")
        #expect(near(rgb(130, 30), (255, 255, 255)), "the red view outside its clipping parent: \(rgb(130, 30))")
        #expect(near(rgb(10, 30), (255, 255, 255)))
    }

    /// A cell's own background colour (the `<tableViewCell>`'s) is the row's, over the table's:
    /// AltStore's settings cells, white at 15 % over a teal table view, drew white rows (their
    /// white labels unreadable). Over a table whose background is #008084, a 15 % white cell is
    /// (38, 147, 150); a cell with no colour of its own keeps the style's white; the HTML page
    /// gives the row the same colour.
    @Test func aCellsOwnBackgroundIsItsRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cell-background-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func cell(_ background: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
            <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="200" height="50"/>
            <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="200" height="50"/>
            <constraints><constraint firstAttribute="height" constant="50" id="h"/></constraints>
            </tableViewCellContentView>\(background)</tableViewCell></objects></document>
            """
        }
        try cell(#"<color key="backgroundColor" white="1" alpha="0.15" colorSpace="custom" customColorSpace="genericGamma22GrayColorSpace"/>"#)
            .write(to: folder.appendingPathComponent("Tinted.xib"), atomically: true, encoding: .utf8)
        try cell("").write(to: folder.appendingPathComponent("Plain.xib"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        let table = Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "a", template: "Tinted"), Item(id: "b", template: "Plain")])],
                          background: "#008084")
        let laidOut = try renderer.layout(table, width: 200)
        let image = try renderer.pixels(laidOut, scale: 1)
        func rgb(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let word = image.words[y * image.width + x]
            return (Int((word >> 16) & 0xFF), Int((word >> 8) & 0xFF), Int(word & 0xFF))
        }
        func near(_ got: (Int, Int, Int), _ expected: (Int, Int, Int)) -> Bool {
            abs(got.0 - expected.0) <= 2 && abs(got.1 - expected.1) <= 2 && abs(got.2 - expected.2) <= 2
        }
        #expect(near(rgb(100, 25), (38, 147, 150)), "15 % white over the table's teal: \(rgb(100, 25))")
        #expect(near(rgb(100, 75), (255, 255, 255)), "a cell with no colour of its own: \(rgb(100, 75))")
        // In the page, the list has no background of its own; each row has its cell's or the style's.
        let html = try renderer.html(laidOut)
        #expect(html.contains("body{background:#008084;"), "the page's background")
        #expect(html.contains("background:transparent\">"), "the section's list")
        #expect(html.contains("data-id=\"a\" data-height=\"50\" data-y=\"0\" style=\"background:#FFFFFF26;"), "the tinted row")
        #expect(html.contains("data-id=\"b\" data-height=\"50\" data-y=\"50\" style=\"background:var(--c-systemBackground);"), "the plain row")
    }

    /// UILabel centres its lines in a frame taller than they are: in the PNG and in the PDF the
    /// text of a one-line label 60 pt tall sits in the middle of it (its top padding), not at its
    /// top where the layout once left the glyphs.
    @Test func aLabelsLinesAreCentredInATallerFrame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("centred-label-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="200" height="80"/>
        <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="200" height="80"/>
        <subviews>
          <label opaque="NO" contentMode="left" text="Hg" translatesAutoresizingMaskIntoConstraints="NO" id="lb">
            <rect key="frame" x="20" y="10" width="160" height="60"/>
            <fontDescription key="fontDescription" type="system" pointSize="17"/>
            <constraints><constraint firstAttribute="height" constant="60" id="h"/></constraints>
          </label>
        </subviews>
        <constraints>
          <constraint firstItem="lb" firstAttribute="leading" secondItem="content" secondAttribute="leading" constant="20" id="l"/>
          <constraint firstItem="lb" firstAttribute="top" secondItem="content" secondAttribute="top" constant="10" id="t"/>
          <constraint firstAttribute="bottom" secondItem="lb" secondAttribute="bottom" constant="10" id="b"/>
        </constraints>
        </tableViewCellContentView></tableViewCell></objects></document>
        """.write(to: folder.appendingPathComponent("Tall.xib"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        let laidOut = try renderer.layout(Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "r", template: "Tall")])]), width: 200)
        // The label's line (20.33 pt) is centred in 10…70: 29.8 … 50.2.
        let image = try renderer.pixels(laidOut, scale: 1)
        let inked = (0..<image.height).filter { y in (0..<image.width).contains { x in image.words[y * image.width + x] & 0xFF < 128 } }
        let top = try #require(inked.first), bottom = try #require(inked.last)
        #expect(top >= 29 && bottom <= 51, "the glyphs' ink spans rows \(top)…\(bottom)")
        try renderer.pdf(laidOut, to: folder.appendingPathComponent("tall.pdf").path)
        let boxes = Tool.run("pdftotext", ["-bbox", folder.appendingPathComponent("tall.pdf").path, "-"]).output
        let word = try #require(boxes.split(separator: "\n").first { $0.contains(">Hg<") })
        func number(_ name: String) -> Double? {
            guard let range = word.range(of: name + "=\"") else { return nil }
            return Double(word[range.upperBound...].prefix { $0 != "\"" })
        }
        let yMin = try #require(number("yMin")), yMax = try #require(number("yMax"))
        #expect(yMin >= 28 && yMax <= 52, "the word's box in the PDF: \(yMin)…\(yMax)")
    }

    /// An image with an empty frame (a template's `width="0"`, or a XIB image view nothing sizes)
    /// draws nothing: Cairo was asked to scale the picture by 0, a singular matrix, and failed
    /// the page (found by the fuzzer on a XIB).
    @Test(arguments: ["width=\"0\" height=\"32\"", "width=\"32\" height=\"0\""])
    func anImageWithAnEmptyFrameDrawsNothing(size: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("empty-image-\(getpid())-\(size.hashValue)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try ##"<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><circle cx="16" cy="16" r="12" fill="#007AFF"/></svg>"##
            .write(to: folder.appendingPathComponent("dot.svg"), atomically: true, encoding: .utf8)
        try #"<cell><stack axis="horizontal" padding="10"><image source="dot.svg" \#(size)/><label text="beside"/></stack></cell>"#
            .write(to: folder.appendingPathComponent("Empty.xml"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [folder.path], assetsFolder: folder.path)
        let laidOut = try renderer.layout(Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "r", template: "Empty")])]))
        _ = try renderer.png(laidOut)
        try renderer.pdf(laidOut, to: folder.appendingPathComponent("out.pdf").path)
    }
}
