import Foundation
import TableRender
import TableTemplates
import TableText
import TestSupport
import Testing

@Suite struct LayoutTests {
    static let examples = ["settings/settings.json", "feed/feed.json", "headers/headers.json", "catalogue/catalogue.json", "states/states.json"]

    @Test(arguments: examples)
    func exampleLayoutMatchesGoldenDump(example: String) throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/" + example))
        let dump = try loaded.layout().dump + "\n"
        let name = String(example.split(separator: "/")[0])
        #expect(Golden.check(dump, "\(name).layout.txt") == nil)
    }

    @Test func settingsBuiltInSwiftLaysOutLikeTheJSONDocument() throws {
        let renderer = try Renderer(theme: Repository.path("Themes/ios"))
        let fromSwift = try renderer.layout(settingsInSwift, width: 390)
        let fromJSON = try LoadedDocument(path: Repository.path("Examples/settings/settings.json")).layout()
        #expect(fromSwift.dump == fromJSON.dump)
    }

    /// Pages keep rows whole, except a row taller than a page (the catalogue's warranty terms),
    /// which goes on over the next pages; headers repeat on every page their section goes on to.
    @Test func pagesSplitOnlyRowsTallerThanAPageAndRepeatHeaders() throws {
        let laidOut = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json")).layout()
        #expect(laidOut.pages.count > 5)
        var rows = Set<String>()
        for (number, page) in laidOut.pages.enumerated() {
            for block in page.blocks {
                #expect(block.frame.y >= 48 - 0.001 && block.frame.maxY <= page.height - 48 + 0.001, "page \(number + 1) block \(block.id) \(block.frame)")
                if block.kind == .row {
                    rows.insert(block.id)
                    #expect((block.contentOffset == 0 && !block.continues) || block.id == "equipment-warranty", "\(block.id) was split")
                }
            }
            if number > 0, let first = page.blocks.first {
                #expect(first.kind == .header || first.kind == .footer || (first.item == 0), "page \(number + 1) starts with \(first.kind) \(first.id)")
            }
            if let last = page.blocks.last { #expect(last.kind != .header, "page \(number + 1) ends with a lone header") }
        }
        #expect(rows.count == 301)
        #expect(laidOut.pages.flatMap(\.blocks).filter { $0.id == "equipment-warranty" }.count >= 2)
        #expect(laidOut.pages.dropFirst().contains { $0.blocks.first?.repeated == true })
    }

    @Test func textMatchesTheBrowserSettings() {
        // docs/text.md: with an absolute line height, Inter 15 / 20 at width 343, a 4-line
        // paragraph is 80 high, as in a browser.
        let engine = TextEngine()
        let style = TextStyle(font: FontSpec(family: "Inter", size: 15, lineHeight: 20))
        let text = "Each row is a bold title over a subtitle that wraps to several lines at three hundred and forty three points wide, which is what the benchmark list does."
        let size = engine.measure(text, style: style, width: 343)
        #expect(size.height == Double(size.lineCount) * 20)
        #expect(size.lineCount == 4)
        var limited = style
        limited.lines = 2
        #expect(engine.measure(text, style: limited, width: 343).height == 40)
        #expect(engine.measure("", style: style, width: 343).height == 0)
    }

    @Test func rightToLeftTextIsDetected() {
        let engine = TextEngine()
        let style = TextStyle(font: FontSpec(family: "Inter", size: 15))
        #expect(engine.shape("مرحبا بالعالم", style: style, width: 200).isRightToLeft)
        #expect(engine.shape("שלום עולם", style: style, width: 200).isRightToLeft)
        #expect(!engine.shape("Hello", style: style, width: 200).isRightToLeft)
    }
}

let settingsInSwift = Table(title: "Settings", style: .insetGrouped) {
    Section(id: "account", header: "Account", footer: "Your active Coach ID is used for every link you share.") {
        Item.basic(Row.manageAccounts, title: "Manage Coach IDs", accessory: .disclosureIndicator)
        Item.value1(Row.activeAccount, title: "Active Coach ID", detail: "123456", accessory: .disclosureIndicator)
        Item.value1(Row.defaultCountry, title: "Default Country", detail: "United States", accessory: .disclosureIndicator)
        Item.value1(Row.signature, title: "Signature", detail: "Sent from my phone, between two meetings, by the whole coaching team",
                    accessory: .disclosureIndicator)
        Item.basic(Row.notifications, title: "Notifications", switch: true)
    }
    Section(id: "other") {
        Item.basic(Row.aboutMe, title: "About the Developer 💪🤓", accessory: .disclosureIndicator)
        Item.basic(Row.donate, title: "☕️☕️☕️?", accessory: .disclosureIndicator)
        Item.subtitle(Row.rateApp, title: "Rate BB Links ⭐️⭐️⭐️⭐️⭐️", subtitle: "1,024 people have rated this version")
        Item.subtitle(Row.shareApp, title: "Share BB Links 🗣️👥", subtitle: "Know a coach who would love this app?", link: "https://example.com/share")
    }
}

private enum Row: String {
    case manageAccounts, activeAccount, defaultCountry, signature, notifications, aboutMe, donate, rateApp, shareApp
}

/// A row taller than a page goes on over as many pages as it needs, cut between lines of text;
/// nothing it holds is lost (issue: the end of such a row used to vanish, exit 0).
@Suite struct TallRowTests {
    static func document(lines: Int) -> String {
        let body = (1...lines).map { "Line \($0) of a body far longer than any page" }.joined(separator: "\n")
        let escaped = body.replacingOccurrences(of: "\n", with: "\\n")
        return #"{"theme": "print", "page": "a4", "sections": [{"id": "s", "header": "Long", "items": [{"id": "short", "template": "subtitle", "values": {"title": "Before", "subtitle": "A short row"}}, {"id": "tall", "template": "subtitle", "values": {"title": "Tall", "subtitle": "\#(escaped)"}}, {"id": "after", "template": "subtitle", "values": {"title": "After", "subtitle": "The row after"}}]}]}"#
    }

    @Test func aRowTallerThanAPageGoesOnOverThePagesItNeeds() throws {
        let path = Repository.folder(with: ["tall.json": Self.document(lines: 150)]) + "/tall.json"
        let laidOut = try LoadedDocument(path: path).layout()
        let pieces = laidOut.pages.flatMap(\.blocks).filter { $0.id == "tall" }
        #expect(pieces.count >= 3)
        #expect(pieces.dropLast().allSatisfy(\.continues) && !(pieces.last?.continues ?? true))
        // The pieces follow each other with no gap and no overlap, and together are the row.
        var offset = 0.0
        for piece in pieces {
            #expect(abs(piece.contentOffset - offset) < 0.001)
            offset += piece.frame.height
        }
        let whole = try #require(pieces.first?.content?.frame.height)
        #expect(abs(offset - whole) < 0.001)
        // Each cut falls between two lines of the body.
        let body = try #require(pieces.first?.content.flatMap { Self.label(in: $0, containing: "Line 1 ") })
        for piece in pieces.dropLast() {
            let cut = piece.contentOffset + piece.frame.height - body.y
            let between = (cut / body.lineHeight - (cut / body.lineHeight).rounded()).magnitude < 0.001
            #expect(cut <= 0 || cut >= 150 * body.lineHeight || between, "cut at \(cut) inside a line")
        }
        // Every page the row goes on to starts with the section's header again.
        for page in laidOut.pages.dropFirst() where page.blocks.contains(where: { $0.id == "tall" }) {
            #expect(page.blocks.first?.kind == .header && page.blocks.first?.repeated == true)
        }
        #expect(laidOut.pages.flatMap(\.blocks).contains { $0.id == "after" })
    }

    static func label(in view: LaidOutView, containing text: String, top: Double = 0) -> (y: Double, lineHeight: Double)? {
        if case .label(let string, let style, _) = view.style.content, string.contains(text) { return (top + view.frame.y, style.font.lineHeight) }
        for child in view.children {
            if let found = label(in: child, containing: text, top: top + view.frame.y) { return found }
        }
        return nil
    }
}

/// UIKit's value cell: title and detail side by side when both fit, the detail under the title
/// when they do not; a word is never broken while it fits on a line of its label's width.
@Suite struct ValueCellTests {
    static func labels(_ title: String, _ detail: String, width: Double = 390) throws -> [(text: String, frame: Rect, lines: [String])] {
        let json = #"{"theme": "ios", "style": "insetGrouped", "width": \#(width), "sections": [{"items": [{"id": "r", "template": "value1", "values": {"title": "\#(title)", "detail": "\#(detail)"}}]}]}"#
        let path = Repository.folder(with: ["doc.json": json]) + "/doc.json"
        let laidOut = try LoadedDocument(path: path).layout()
        let row = try #require(laidOut.pages.first?.blocks.first { $0.kind == .row }?.content)
        var found: [(String, Rect, [String])] = []
        func walk(_ view: LaidOutView, _ x: Double, _ y: Double) {
            let frame = view.frame.offsetBy(dx: x, dy: y)
            if case .label(let text, _, _) = view.style.content { found.append((text, frame, view.text?.lineTexts ?? [])) }
            for child in view.children { walk(child, frame.x, frame.y) }
        }
        walk(row, 0, 0)
        return found
    }

    @Test func titleAndDetailSitSideBySideWhenBothFit() throws {
        let found = try Self.labels("Default Country", "United States")
        #expect(found.count == 2)
        #expect(found[0].frame.y == found[1].frame.y && found[1].frame.x > found[0].frame.maxX)
        #expect(found.map(\.lines) == [["Default Country"], ["United States"]])
    }

    @Test func aLongDetailGoesUnderAShortTitleWhoseWordsStayWhole() throws {
        let found = try Self.labels("Name", "A detail much too long to sit beside its title on one line of the cell")
        #expect(found[0].lines == ["Name"], "the title is not broken: \(found[0].lines)")
        #expect(found[1].frame.y >= found[0].frame.maxY, "the detail is under the title")
        #expect(found[1].frame.x == found[0].frame.x)
    }

    @Test func aLongTitleKeepsItsDetailReadable() throws {
        let found = try Self.labels("A title much too long to leave room for anything beside it on the line", "On")
        #expect(found[1].lines == ["On"], "the detail is not cut to an ellipsis: \(found[1].lines)")
        #expect(found[0].lines.allSatisfy { line in line.split(separator: " ").allSatisfy { $0.count > 1 || $0 == "A" } })
    }

    /// A label narrower than its longest word is what breaks the word: a label sharing a row is
    /// never made narrower than its longest word (CSS's automatic minimum).
    @Test func aLabelSharingARowIsNeverNarrowerThanItsLongestWord() throws {
        let found = try Self.labels("Incomprehensibilities", "Antidisestablishmentarianism", width: 240)
        for label in found { #expect(label.lines == [label.text], "\(label.text) broken into \(label.lines)") }
    }
}
