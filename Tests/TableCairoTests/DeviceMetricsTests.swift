import Foundation
import TableCairo
import TableLayout
import TableRender
import TableTemplates
import TableText
import TestSupport
import Testing

/// What the screen a table is shown on changes, as UIKit draws it (issue 33): separators one
/// device pixel thick (a point at AX5), cell margins of 20 pt on wide screens, the vertical
/// padding of the built-in cells growing with the text, value2 stacked at the accessibility
/// sizes, symbols iOS draws as colour emoji, and lists taller than a PNG can be.
@Suite struct DeviceMetricsTests {
    /// A document of built-in cells in `style`, one row per title.
    static func document(_ titles: [String], template: String = "basic", style: String = "plain", width: Double? = nil,
                         detail: String? = nil) -> String {
        let items = titles.enumerated().map { index, title in
            var values: [String: String] = ["title": title]
            if let detail { values["detail"] = detail }
            return ["id": "r\(index)", "template": template, "values": values] as [String: Any]
        }
        var document: [String: Any] = ["theme": "ios", "style": style, "sections": [["id": "s", "items": items]]]
        if let width { document["width"] = width }
        let json = String(decoding: try! JSONSerialization.data(withJSONObject: document), as: UTF8.self)
        return Repository.folder(with: ["doc.json": json]) + "/doc.json"
    }

    /// The pixel rows in column `x` from `top` to `bottom` that are not white.
    static func inkedRows(_ image: ARGBImage, x: Int, from top: Int, to bottom: Int) -> [(row: Int, value: UInt32)] {
        (max(0, top)..<min(image.height, bottom)).compactMap { y in
            let value = image.words[y * image.width + x] & 0xFFFFFF
            return value == 0xFFFFFF ? nil : (y, value)
        }
    }

    /// The separator's colour (#3C3C43 at 29 % opacity) over white, where it covers a pixel whole.
    static let separatorOverWhite: UInt32 = {
        let alpha = Double(0x4A) / 255
        func channel(_ value: Int) -> UInt32 { UInt32((Double(value) * alpha + 255 * (1 - alpha)).rounded()) }
        return channel(0x3C) << 16 | channel(0x3C) << 8 | channel(0x43)
    }()

    // MARK: Hairlines

    /// A separator is one device pixel at every scale, fully covered (not a half-covered pair of
    /// rows), under the first row's bottom edge.
    @Test(arguments: [1.0, 2, 3])
    func hairlinesAreOneDevicePixel(scale: Double) throws {
        let loaded = try LoadedDocument(path: Self.document(["General", "Privacy", "About"]))
        let laidOut = try loaded.layout()
        #expect(laidOut.separatorThickness == nil, "the ios theme's separators are hairlines")
        let image = try loaded.renderer.pixels(laidOut, appearance: .light, scale: scale)
        let first = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
        let bottom = Int((first.frame.maxY * scale).rounded())
        let inked = Self.inkedRows(image, x: Int(300 * scale), from: bottom - 4 * Int(scale), to: bottom + 4 * Int(scale))
        #expect(inked.map(\.row) == [bottom - 1], "at @\(Int(scale))x: \(inked)")
        for (_, value) in inked {
            for shift in [16, 8, 0] {
                let got = Int(value >> UInt32(shift) & 0xFF), want = Int(Self.separatorOverWhite >> UInt32(shift) & 0xFF)
                #expect(abs(got - want) <= 1, "at @\(Int(scale))x the separator pixel is \(String(value, radix: 16)), a whole pixel of it \(String(Self.separatorOverWhite, radix: 16))")
            }
        }
    }

    /// At AX5 UIKit draws its separators a point thick: three pixels at @3x.
    @Test func separatorsAreAPointThickAtAX5() throws {
        let loaded = try LoadedDocument(path: Self.document(["General", "Privacy"]), contentSize: .AX5)
        let laidOut = try loaded.layout()
        #expect(laidOut.separatorThickness == 1)
        let image = try loaded.renderer.pixels(laidOut, appearance: .light, scale: 3)
        let first = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
        let bottom = Int((first.frame.maxY * 3).rounded())
        #expect(Self.inkedRows(image, x: 900, from: bottom - 10, to: bottom + 10).map(\.row) == [bottom - 3, bottom - 2, bottom - 1])
    }

    /// The HTML page draws the hairline as one device pixel too: the 1 px line scaled by the
    /// screen's resolution (half at 2x, a third at 3x).
    @Test func theHTMLPageScalesItsHairlinesByTheResolution() throws {
        let loaded = try LoadedDocument(path: Self.document(["General", "Privacy"]))
        let html = try loaded.renderer.html(try loaded.layout())
        #expect(html.contains("@media (min-resolution:2dppx){li.sep::after,ul.edge::before,ul.edge::after{transform:scaleY(.5)}}"))
        #expect(html.contains("@media (min-resolution:3dppx){li.sep::after,ul.edge::before,ul.edge::after{transform:scaleY(.33333)}}"))
    }

    // MARK: Margins

    /// UIKit's cell margins: 16 pt on the 375 pt phone, 20 on a 414 pt phone and on an iPad; the
    /// built-in cell's text, its separator and (insetGrouped) the section itself follow them.
    @Test(arguments: [(375.0, 16.0), (414, 20), (1024, 20)])
    func marginsFollowTheScreen(width: Double, margin: Double) throws {
        for style in ["plain", "insetGrouped"] {
            let loaded = try LoadedDocument(path: Self.document(["General", "Privacy"], style: style, width: width))
            let laidOut = try loaded.layout()
            let row = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
            let sectionInset = style == "plain" ? 0 : margin
            #expect(row.frame.x == sectionInset, "\(style) at \(width): the section starts at \(row.frame.x)")
            let content = try #require(row.content)
            let label = try #require(Self.firstLabel(content))
            #expect(abs(label.x - margin) < 0.01, "\(style) at \(width): the text starts \(label.x) into the cell")
            #expect(abs((row.separator?.x ?? -1) - margin) < 0.01, "\(style) at \(width): the separator starts at \(row.separator?.x ?? -1)")
        }
    }

    /// A narrow cell keeps 16 pt even on a wide screen (IB's frames show it: cells of 320 pt and
    /// less), as a built-in cell beside a wide screen's inset sections would not.
    @Test func aNarrowCellKeepsSixteenPoints() {
        #expect(LayoutMargins.side(screen: 414, cell: 320) == 16)
        #expect(LayoutMargins.side(screen: 390, cell: 390) == 16)
        #expect(LayoutMargins.side(screen: 393, cell: 393) == 20)
    }

    /// The first label's frame in the row, from the row's origin.
    static func firstLabel(_ view: LaidOutView, origin: (Double, Double) = (0, 0)) -> Rect? {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        if case .label = view.style.content { return frame }
        for child in view.children {
            if let found = firstLabel(child, origin: (frame.x, frame.y)) { return found }
        }
        return nil
    }

    // MARK: Dynamic Type

    /// A default cell of one line is 127 pt tall at AX5, its text 32.5 pt from the top (UIKit's
    /// measure: about 31 above and below); 44 with 11 at the default size, and in between at the
    /// sizes between.
    @Test func builtInCellsGrowTheirPaddingWithTheText() throws {
        var previous = 0.0
        for category in ContentSizeCategory.allCases {
            let loaded = try LoadedDocument(path: Self.document(["General"]), contentSize: category)
            let laidOut = try loaded.layout()
            let row = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
            let content = try #require(row.content)
            let label = try #require(Self.firstLabel(content))
            if category == .large {
                #expect(row.frame.height == 44 && label.y == 11, "large: \(row.frame.height), text at \(label.y)")
            }
            if category == .AX5 {
                #expect(abs(row.frame.height - 127) < 0.01 && abs(label.y - 32.5) < 0.01, "AX5: \(row.frame.height), text at \(label.y)")
            }
            #expect(row.frame.height >= previous, "\(category): \(row.frame.height) after \(previous)")
            previous = row.frame.height
        }
    }

    /// value2 at the accessibility sizes stacks its caption above its value, each whole, as
    /// value1 does; at the default size they stay side by side.
    @Test(arguments: ["AX1", "AX2", "AX3", "AX4", "AX5", "large"])
    func value2StacksItsLabelsAtAccessibilitySizes(size: String) throws {
        let category = try #require(ContentSizeCategory(rawValue: size))
        let loaded = try LoadedDocument(path: Self.document(["Version"], template: "value2", detail: "17.2 (21C62)"), contentSize: category)
        let laidOut = try loaded.layout()
        let row = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
        var labels: [(frame: Rect, lines: [String])] = []
        func collect(_ view: LaidOutView, _ origin: (Double, Double)) {
            let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
            if case .label = view.style.content { labels.append((frame, view.textLines?.lines ?? [])) }
            for child in view.children { collect(child, (frame.x, frame.y)) }
        }
        let content = try #require(row.content)
        collect(content, (0, 0))
        try #require(labels.count == 2)
        if category == .large {
            #expect(labels[1].frame.x > labels[0].frame.maxX, "side by side at the default size")
        } else {
            #expect(labels[0].lines == ["Version"], "\(category): the caption is \(labels[0].lines)")
            #expect(labels[1].frame.y >= labels[0].frame.maxY, "\(category): the value is under the caption")
            #expect(labels[1].frame.x == labels[0].frame.x)
        }
    }

    // MARK: Emoji

    /// Symbols iOS draws as colour emoji without asking (❤ ☺ ✈ ⚠ 🗣) are marked for emoji
    /// presentation; U+FE0E keeps text, and the symbols SF draws itself (© ™ ↔ ▶) stay text.
    @Test func emojiPresentationAsOnIOS() {
        #expect(EmojiPresentation.asOnIOS("love ❤ smile ☺") == "love ❤\u{FE0F} smile ☺\u{FE0F}")
        #expect(EmojiPresentation.asOnIOS("✈⚠🗣") == "✈\u{FE0F}⚠\u{FE0F}🗣\u{FE0F}")
        #expect(EmojiPresentation.asOnIOS("❤\u{FE0E} and ❤\u{FE0F}") == "❤\u{FE0E} and ❤\u{FE0F}")
        #expect(EmojiPresentation.asOnIOS("© ™ ↔ ▶ #1 2️⃣") == "© ™ ↔ ▶ #1 2️⃣")
        #expect(EmojiPresentation.asOnIOS("😀 plain text") == "😀 plain text")
    }

    /// Drawn: the heart without a selector comes out in colour, the one asking for text in grey.
    @Test func emojiAreDrawnInColourUnlessTextIsAskedFor() throws {
        let loaded = try LoadedDocument(path: Self.document(["❤", "❤\u{FE0E}"]))
        let laidOut = try loaded.layout()
        let image = try loaded.renderer.pixels(laidOut, appearance: .light, scale: 2)
        let rows = laidOut.pages[0].blocks.filter { $0.kind == .row }
        try #require(rows.count == 2)
        func colourful(_ row: Block) -> Int {
            var count = 0
            for y in Int(row.frame.y * 2)..<Int(row.frame.maxY * 2 - 2) {
                for x in 0..<image.width {
                    let value = image.words[y * image.width + x]
                    let r = Int(value >> 16 & 0xFF), g = Int(value >> 8 & 0xFF), b = Int(value & 0xFF)
                    if max(r, g, b) - min(r, g, b) > 60 { count += 1 }
                }
            }
            return count
        }
        #expect(colourful(rows[0]) > 100, "the heart is not in colour")
        #expect(colourful(rows[1]) == 0, "the heart asking for text is in colour")
        let html = try loaded.renderer.html(laidOut)
        #expect(html.contains("❤\u{FE0F}") && html.contains("❤\u{FE0E}"))
    }

    // MARK: Long lists

    /// 3,000 rows at AX5 are 381,000 pt tall: 1,143,000 pixels at @3x, more than Cairo's 32,767
    /// a side. The PNG is cut into pages of at most that height between rows, as paper pages
    /// are, every row on one page; the first and last pages are drawn and read back.
    @Test func aLongListAtAX5At3xIsCutIntoPNGPages() throws {
        let titles = (0..<3_000).map { "Row \($0 + 1)" }
        let loaded = try LoadedDocument(path: Self.document(titles), contentSize: .AX5)
        let laidOut = try loaded.layout()
        #expect(laidOut.contentHeight * 3 > 32_767)
        let pages = Renderer.pngPages(laidOut, scale: 3).pages
        // Whole rows of 127 pt on pages of 10,922 pt (32,767 pixels at @3x): 86 rows a page.
        let rowHeight = try #require(laidOut.pages[0].blocks.first { $0.kind == .row }).frame.height
        #expect(rowHeight == 127)
        let perPage = Int(10_922 / rowHeight)
        #expect(pages.count == (3_000 + perPage - 1) / perPage, "\(pages.count) pages")
        #expect(pages.allSatisfy { ($0.height * 3).rounded(.up) <= 32_767 })
        let rows = pages.flatMap { $0.blocks.filter { $0.kind == .row } }
        #expect(rows.map(\.id) == titles.indices.map { "r\($0)" }, "every row once, in order")
        #expect(rows.allSatisfy { !$0.continues && $0.contentOffset == 0 }, "no row cut across pages")
        for page in [pages[0], pages[pages.count - 1]] {
            var single = Renderer.pngPages(laidOut, scale: 3)
            single.pages = [page]
            let png = try loaded.renderer.png(single, scale: 3, compression: 1)
            let image = try ARGBImage(png: png[0], name: "page.png")
            #expect(image.width == 1170 && image.height == Int((page.height * 3).rounded(.up)))
        }
    }

    /// `check` says a page is more than a PNG can hold, whose limit it is, and what the PNG
    /// becomes.
    @Test func checkSaysWhatAPNGCanHold() throws {
        let loaded = try LoadedDocument(path: Self.document((0..<3_000).map { "Row \($0 + 1)" }), contentSize: .AX5)
        let warnings = try loaded.check(scale: 3)
        #expect(warnings.contains { $0.contains("Cairo's limit: 32767 pixels a side") && $0.contains("cut into about 35 pages of at most 10922 pt") }, "\(warnings)")
    }
}
