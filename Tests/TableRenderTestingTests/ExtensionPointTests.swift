import Foundation
import TableRenderCLI
import TableRenderTesting
import TestSupport
import Testing

// What a swift-snapshot-testing user builds on: strategies of their own (`Snapshotting`,
// `pullback`, `Diffing`), `assertSnapshots`, `verifySnapshot`, `DiffTool`, and documents
// snapshotted as the command renders them.

/// A screen of the app under test: a user's own type, snapshotted through a table strategy.
private struct NetworkScreen: Sendable {
    var network: String
    var table: Table { settings(wifi: network) }
}

extension Snapshotting where Value == NetworkScreen, Format == String {
    fileprivate static let screenLayout = Snapshotting<Table, String>.layout(width: 320).pullback { (screen: NetworkScreen) in screen.table }
}

private func scratchFolder() -> String {
    let folder = NSTemporaryDirectory() + "tablerender-extension-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

@Suite(.snapshots(record: .missing)) struct ExtensionPointTests {
    /// A strategy pulled back to a user's type makes the same reference as the table's.
    @Test func pullbackMakesAStrategyForAnotherType() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue { assertSnapshot(of: NetworkScreen(network: "Home"), as: .screenLayout, named: "screen", snapshotDirectory: folder) }
        withKnownIssue { assertSnapshot(of: settings(wifi: "Home"), as: .layout(width: 320), named: "table", snapshotDirectory: folder) }
        let screen = try String(contentsOfFile: folder + "/pullbackMakesAStrategyForAnotherType.screen.layout.txt", encoding: .utf8)
        let table = try String(contentsOfFile: folder + "/pullbackMakesAStrategyForAnotherType.table.layout.txt", encoding: .utf8)
        #expect(screen == table && screen.contains("| Home"))
        // It then verifies, and fails on a change with the lines that differ.
        assertSnapshot(of: NetworkScreen(network: "Home"), as: .screenLayout, named: "screen", snapshotDirectory: folder)
        withKnownIssue {
            assertSnapshot(of: NetworkScreen(network: "Office"), as: .screenLayout, named: "screen", record: .never, snapshotDirectory: folder)
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("+        | Office") }
    }

    /// A `Diffing` of the user's own: bytes in and out, and what differs.
    @Test func aDiffingOfOnesOwn() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let counts = Diffing<[Int]>(
            toData: { Data($0.map(String.init).joined(separator: ",").utf8) },
            fromData: { data in String(decoding: data, as: UTF8.self).split(separator: ",").compactMap { Int($0) } }
        ) { reference, actual in
            reference == actual ? nil : ("counts \(reference) became \(actual)", [DiffAttachment(name: "counts.txt", data: Data("\(actual)".utf8))])
        }
        let rows = Snapshotting<Table, [Int]>(pathExtension: "counts", diffing: counts) { table in table.sections.map(\.items.count) }
        withKnownIssue { assertSnapshot(of: settings(), as: rows, snapshotDirectory: folder) }
        #expect(verifySnapshot(of: settings(), as: rows, named: "again", snapshotDirectory: folder)?.contains("recorded") == true)
        #expect(verifySnapshot(of: settings(), as: rows, named: "again", snapshotDirectory: folder) == nil)
        let changed = Table(sections: [Section(id: "one") { Setting.about }])
        let message = verifySnapshot(of: changed, as: rows, named: "again", record: .never, snapshotDirectory: folder)
        #expect(message?.contains("counts [2, 1] became [1]") == true, "\(message ?? "")")
        #expect(message?.contains("aDiffingOfOnesOwn.again.counts.txt") == true, "the attachment is written beside the actual file")
    }

    /// `verifySnapshot` returns the failure instead of recording it; nil when the snapshot matches.
    @Test func verifySnapshotReturnsTheMessage() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(verifySnapshot(of: "one\ntwo\n", as: .lines, named: "list", snapshotDirectory: folder)?.hasPrefix("No reference existed; recorded") == true)
        #expect(verifySnapshot(of: "one\ntwo\n", as: .lines, named: "list", snapshotDirectory: folder) == nil)
        let message = verifySnapshot(of: "one\nthree\n", as: .lines, named: "list", record: .never, snapshotDirectory: folder) ?? ""
        #expect(message.contains("-two") && message.contains("+three"), "\(message)")
        #expect(verifySnapshot(of: 42, as: .description, named: "answer", snapshotDirectory: folder) != nil)
        #expect(verifySnapshot(of: 42, as: .description, named: "answer", snapshotDirectory: folder) == nil)
    }

    /// Several strategies at once, by name or in order.
    @Test func assertSnapshotsTakesADictionaryOrAnArray() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            assertSnapshots(of: settings(), as: ["narrow": .layout(width: 320), "wide": .layout(width: 600)], snapshotDirectory: folder)
            assertSnapshots(of: settings(), as: [.html(width: 320), .html(width: 600)], snapshotDirectory: folder)
        }
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        #expect(files == ["assertSnapshotsTakesADictionaryOrAnArray.1.html", "assertSnapshotsTakesADictionaryOrAnArray.2.html",
                          "assertSnapshotsTakesADictionaryOrAnArray.narrow.layout.txt", "assertSnapshotsTakesADictionaryOrAnArray.wide.layout.txt"])
    }

    /// A suite sets the variant once (width, appearance, text size, locale, direction); a
    /// strategy's own setting wins over it.
    @Test func theConfigurationSetsTheVariant() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let explicit = try Snapshotting<Table, String>.layout(width: 320, contentSize: .AX3, locale: "en-XA").snapshot(settings())
        let configured = try withSnapshotTesting(width: 320, contentSize: .AX3, locale: "en-XA") {
            try Snapshotting<Table, String>.layout.snapshot(settings())
        }
        #expect(configured == explicit && configured.contains("width 320"))
        let overridden = try withSnapshotTesting(width: 320, contentSize: .AX3) { try Snapshotting<Table, String>.layout(width: 500).snapshot(settings()) }
        #expect(overridden.contains("width 500"))
        let dark = try withSnapshotTesting(appearance: .dark) { try Snapshotting<Table, SnapshotImage>.image(width: 320, scale: 1).snapshot(settings()) }
        let light = try Snapshotting<Table, SnapshotImage>.image(width: 320, scale: 1).snapshot(settings())
        #expect(dark.rgba.pixels[0..<4] != light.rgba.pixels[0..<4], "the configuration's appearance is drawn")
        // Increase Contrast: the grouped background is UIKit's high-contrast #EBEBF0 (#F2F2F7 normally).
        let high = try withSnapshotTesting(contrast: .high) { try Snapshotting<Table, SnapshotImage>.image(width: 320, scale: 1).snapshot(settings()) }
        #expect(Array(light.rgba.pixels[0..<3]) == [0xF2, 0xF2, 0xF7] && Array(high.rgba.pixels[0..<3]) == [0xEB, 0xEB, 0xF0],
                "the configuration's contrast is drawn")
    }

    /// A diff tool: a command's name, `.ksdiff`, or a closure that writes the whole line.
    @Test func diffToolsAsSwiftSnapshotTestingHasThem() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue { assertSnapshot(of: "before\n", as: .lines, named: "text", snapshotDirectory: folder) }
        let tools: [(DiffTool, String)] = [
            (.ksdiff, "Compare: ksdiff \"\(folder)/diffToolsAsSwiftSnapshotTestingHasThem.text.txt\" \""),
            ("code --diff", "Compare: code --diff \""),
            (DiffTool { reference, actual in "meld \(reference) \(actual) &" }, "Compare: meld \(folder)/diffToolsAsSwiftSnapshotTestingHasThem.text.txt "),
        ]
        for (tool, expected) in tools {
            let message = withSnapshotTesting(record: .never, diffTool: tool) {
                verifySnapshot(of: "after\n", as: .lines, named: "text", snapshotDirectory: folder)
            } ?? ""
            #expect(message.contains(expected), "\(message)")
        }
    }
}

/// A JSON document or a storyboard, snapshotted as `tablerender render` draws it: its images,
/// catalogs, strings, theme and width come from its own folder.
@Suite(.snapshots(record: .missing)) struct DocumentSnapshotTests {
    static let examples = ((#filePath as NSString).deletingLastPathComponent as NSString).appendingPathComponent("../../Examples")

    /// The reference is the command's own PNG, pixel for pixel.
    @Test(arguments: ["feed/feed.json", "xib/xib.json", "storyboard/Main.storyboard#Settings"])
    func aDocumentIsDrawnAsTheCommandDrawsIt(_ example: String) throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let parts = example.split(separator: "#").map(String.init)
        let scene = parts.count > 1 ? parts[1] : nil
        // Relative to the test file's folder, as a user's documents beside their tests.
        withKnownIssue {
            assertSnapshot(of: DocumentFile("../../Examples/" + parts[0], scene: scene), as: .image(scale: 1), named: "document",
                           snapshotDirectory: folder)
        }
        let references = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".png") }
        let reference = try #require(references.first)
        let captured = (out: Captured(), err: Captured())
        let command = TableRenderCommand(stdout: captured.out.append, stderr: captured.err.append, terminalWidth: 80)
        let code = command.run(["render", Self.examples + "/" + parts[0], "--format", "png", "--scale", "1", "--out", folder + "/cli"]
                               + (scene.map { ["--scene", $0] } ?? []))
        #expect(code == 0, "\(captured.err.text)")
        let rendered = (FileManager.default.subpaths(atPath: folder + "/cli") ?? []).filter { $0.hasSuffix(".png") }
        #expect(rendered.count == 1, "\(rendered)")
        let cli = try RGBAImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/cli/" + rendered[0]))), name: "cli")
        let snapshot = try RGBAImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + reference))), name: "snapshot")
        #expect(cli.width == snapshot.width && cli.height == snapshot.height, "\(cli.width)×\(cli.height) against \(snapshot.width)×\(snapshot.height)")
        let same = cli.pixels == snapshot.pixels
        #expect(same, "the snapshot of \(example) is not the command's image")
    }

    /// Its images are found: a document that names an image it cannot find fails the snapshot
    /// with the command's located error.
    @Test func aMissingImageIsTheCommandsError() throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"{"sections": [{"items": [{"template": "subtitle", "values": {"title": "Ada", "image": "ada.svg"}}]}]}"#
            .write(toFile: folder + "/people.json", atomically: true, encoding: .utf8)
        let message = verifySnapshot(of: DocumentFile(folder + "/people.json"), as: .image, snapshotDirectory: folder) ?? ""
        #expect(message.contains("people.json") && message.contains("ada.svg"), "\(message)")
    }
}
