import Foundation
import TableRender
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

    @Test func pagesNeverSplitRowsAndRepeatHeaders() throws {
        let laidOut = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json")).layout()
        #expect(laidOut.pages.count > 5)
        var rows = 0
        for (number, page) in laidOut.pages.enumerated() {
            for block in page.blocks {
                #expect(block.frame.y >= 48 - 0.001 && block.frame.maxY <= page.height - 48 + 0.001, "page \(number + 1) block \(block.id) \(block.frame)")
                if block.kind == .row { rows += 1 }
            }
            if number > 0, let first = page.blocks.first {
                #expect(first.kind == .header || first.kind == .footer || (first.item == 0), "page \(number + 1) starts with \(first.kind) \(first.id)")
            }
            if let last = page.blocks.last { #expect(last.kind != .header, "page \(number + 1) ends with a lone header") }
        }
        #expect(rows == 300)
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
    case manageAccounts, activeAccount, defaultCountry, notifications, aboutMe, donate, rateApp, shareApp
}
