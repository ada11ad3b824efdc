import Foundation
import Testing
import TableModel
import TableTemplates
import TableRender
import TableSnapshot
@testable import TableLayout

/// Dynamic Type: the theme's text styles at every content size category.
@Suite struct DynamicTypeTests {
    static let theme = try! ThemeLoader.load("ios")

    /// Apple's published iOS sizes (HIG, Typography → Dynamic Type sizes) for three styles across
    /// every category, xSmall to AX5: size / leading.
    static let published: [String: [(Double, Double)]] = [
        "body": [(14, 19), (15, 20), (16, 21), (17, 22), (19, 24), (21, 26), (23, 29), (28, 34), (33, 40), (40, 48), (47, 56), (53, 62)],
        "largeTitle": [(31, 38), (32, 39), (33, 40), (34, 41), (36, 43), (38, 46), (40, 48), (44, 52), (48, 57), (52, 61), (56, 66), (60, 70)],
        "caption2": [(11, 13), (11, 13), (11, 13), (11, 13), (13, 18), (15, 20), (17, 22), (20, 25), (24, 30), (29, 35), (34, 41), (40, 48)],
    ]

    @Test func theThemeFollowsThePublishedTable() throws {
        for (style, column) in Self.published {
            for (category, expected) in zip(ContentSizeCategory.allCases, column) {
                let font = try #require(Self.theme.scaled(to: category).font(style))
                #expect(font.size == expected.0 && font.lineHeight == expected.1, "\(style) at \(category): \(font.size)/\(font.lineHeight)")
            }
        }
    }

    /// Every style grows (or stays) from one category to the next, leading never below size, and
    /// the default category is the theme as written.
    @Test func everyStyleGrowsWithTheCategory() throws {
        for style in DynamicType.styles {
            var previous = 0.0
            for category in ContentSizeCategory.allCases {
                let metrics = try #require(DynamicType.metrics(style, category))
                #expect(metrics.size >= previous && metrics.leading >= metrics.size, "\(style) at \(category)")
                previous = metrics.size
            }
            let font = try #require(Self.theme.font(style))
            #expect(DynamicType.metrics(style, .large)!.size == font.size)
        }
        // Emphasized tokens follow their style, keeping their weight.
        let emphasized = try #require(Self.theme.scaled(to: .AX2).font("footnoteEmphasized"))
        #expect(emphasized.size == 27 && emphasized.lineHeight == 33 && emphasized.weight == 600)
    }

    /// A token that is no text style scales as UIFontMetrics scales a custom font: by body's ratio.
    @Test func customTokensScaleByTheBodyRatio() throws {
        var theme = Self.theme
        theme.fonts["badge"] = FontSpec(family: "Inter", size: 10, weight: 700, lineHeight: 12)
        let scaled = try #require(theme.scaled(to: .AX3).font("badge"))
        #expect(abs(scaled.size - 10 * 40 / 17) < 0.01 && abs(scaled.lineHeight - 12 * 48 / 22) < 0.01)
    }

    @Test func outputNamesAndTheProjectMatrixCarryTheCategory() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/settings/settings.json").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("dynamic-type-\(getpid())")
        defer { try? FileManager.default.removeItem(at: out) }
        var options = RenderOptions()
        options.outputDirectory = out.path
        options.formats = [.png, .html]
        let large = try LoadedDocument(path: example).render(options)
        let ax3 = try LoadedDocument(path: example, contentSize: .AX3).render(options)
        #expect(large.map { ($0 as NSString).lastPathComponent }.sorted() == ["settings.html", "settings@2x.png"])
        #expect(ax3.map { ($0 as NSString).lastPathComponent }.sorted() == ["settings.AX3.html", "settings.AX3@2x.png"])
        // Larger text, taller page.
        let heights = try [large, ax3].map { files in try RGBAImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: files.first { $0.hasSuffix(".png") }!))), name: "").height }
        #expect(heights[1] > heights[0] * 2)

        let project = out.appendingPathComponent("tablerender.json")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try #"{"sections": []}"#.write(to: out.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        try #"{"documents": ["doc.json"], "widths": [390], "contentSizes": ["large", "AX5"], "appearances": ["light", "dark"]}"#.write(to: project, atomically: true, encoding: .utf8)
        #expect(try Project.load(project.path).variants.map(\.name) == ["w390@2x", "w390.dark@2x", "w390.AX5@2x", "w390.AX5.dark@2x"])
        try #"{"documents": ["doc.json"], "contentSizes": ["AX6"]}"#.write(to: project, atomically: true, encoding: .utf8)
        do {
            _ = try Project.load(project.path)
            Issue.record("an unknown content size was accepted")
        } catch {
            #expect(error.message.contains("'AX6'") && error.location?.path == "$.contentSizes[0]")
        }
    }

    /// At the accessibility sizes a template takes its `~accessibility` form from its own folder
    /// (the built-in value1 puts its detail under its title, as UIKit's valueCell does); a
    /// document's own `value1` is not replaced by the theme's form.
    @Test func accessibilityFormsOfTemplates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ax-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("t"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"templates": ["t"], "sections": [{"items": [{"id": "a", "template": "value1", "values": {"title": "Country", "detail": "United States"}}, {"id": "b", "template": "Row"}]}]}"#
            .write(to: folder.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        try #"<cell><label id="plain" text="regular"/></cell>"#.write(to: folder.appendingPathComponent("t/Row.xml"), atomically: true, encoding: .utf8)
        try #"<cell><label id="large" text="accessible"/></cell>"#.write(to: folder.appendingPathComponent("t/Row~accessibility.xml"), atomically: true, encoding: .utf8)
        func rows(_ size: ContentSizeCategory) throws -> [String: LaidOutView] {
            let table = try LoadedDocument(path: folder.appendingPathComponent("doc.json").path, contentSize: size).layout(width: 390)
            var rows: [String: LaidOutView] = [:]
            for block in table.pages.flatMap(\.blocks) where block.kind == .row { rows[block.id] = block.content }
            return rows
        }
        func labels(_ view: LaidOutView?) -> [LaidOutView] {
            guard let view else { return [] }
            if case .label = view.style.content { return [view] }
            return view.children.flatMap(labels)
        }
        let regular = try rows(.xxxLarge), accessible = try rows(.AX1)
        #expect(labels(regular["b"]).map(\.style.id) == ["plain"] && labels(accessible["b"]).map(\.style.id) == ["large"])
        // value1: side by side, then the detail under the title.
        let side = labels(regular["a"]), under = labels(accessible["a"])
        #expect(side.count == 2 && side[1].frame.x > side[0].frame.x)
        #expect(under.count == 2 && under[1].frame.y > under[0].frame.y && abs(under[1].frame.x - under[0].frame.x) < 0.01)
        // A document's own value1 keeps its form at every size.
        try #"<cell><stack><label id="mine" text="{title}"/><label id="detail" text="{detail}"/></stack></cell>"#.write(to: folder.appendingPathComponent("t/value1.xml"), atomically: true, encoding: .utf8)
        #expect(labels(try rows(.AX1)["a"]).map(\.style.id) == ["mine", "detail"])
    }

    /// IB labels with a text style follow the category (as UIKit resolves a text style's font);
    /// a label with a fixed system font does not.
    @Test func interfaceBuilderTextStylesFollow() throws {
        let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Examples/xib/xib.json").path
        func fonts(_ category: ContentSizeCategory) throws -> [String: Double] {
            let laidOut = try LoadedDocument(path: example, contentSize: category).layout()
            var found: [String: Double] = [:]
            func visit(_ view: LaidOutView) {
                if let id = view.style.id, case .label(_, let style, _) = view.style.content { found[id] = style.font.size }
                view.children.forEach(visit)
            }
            for page in laidOut.pages { for block in page.blocks where block.id == "help-center" { block.content.map(visit) } }
            return found
        }
        let large = try fonts(.large), ax3 = try fonts(.AX3)
        #expect(large["hc1-Lb-005"] == 17 && ax3["hc1-Lb-005"] == 40)   // UICTFontTextStyleHeadline
        #expect(large["hc1-Lb-006"] == 15 && ax3["hc1-Lb-006"] == 15)   // system 15: fixed
    }
}
