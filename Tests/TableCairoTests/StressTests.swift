import Foundation
import Synchronization
import TableModel
import TableRender
import TestSupport
import Testing

/// Real text (the machine's licences, package descriptions and names in a hundred languages)
/// rendered to paginated PDF and PNG many times at once: every run succeeds and gives the bytes
/// a render alone gives. In this process several threads render at once (Pango and Cairo one
/// thread at a time, `Typesetting`); through the command, each render lays text out in worker
/// processes. `scripts/tsan.sh` runs these under ThreadSanitizer.
@Suite(.serialized) struct StressTests {
    /// PDF and PNG pages of a document, rendered in this process.
    static func render(_ path: String) throws -> [String: Data] {
        let loaded = try LoadedDocument(path: path)
        loaded.renderer.engine.allowsFontFallback = true
        var options = RenderOptions()
        options.formats = [.pdf, .png]
        options.scale = 1
        options.allowsFontFallback = true
        options.outputDirectory = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: options.outputDirectory) }
        var files: [String: Data] = [:]
        for file in try loaded.render(options) { files[(file as NSString).lastPathComponent] = FileManager.default.contents(atPath: file) }
        return files
    }

    @Test func threadsRenderingRealTextAtOnceGiveTheBytesOfARenderAlone() throws {
        let documents = [RealText.document(rows: 250, seed: 1), RealText.document(rows: 250, seed: 2, theme: "ios", page: "390x8000"),
                         RealText.document(rows: 200, seed: 3, theme: "ios", page: "a4")]
        let references = try documents.map(Self.render)
        #expect(references.allSatisfy { $0.count >= 3 })
        final class Outcomes: Sendable {
            let list = Mutex<[(document: Int, files: [String: Data]?, error: String?)]>([])
        }
        let outcomes = Outcomes()
        Parallel.forEach(9, threads: 4) { run in
            let document = run % documents.count
            do {
                let files = try Self.render(documents[document])
                outcomes.list.withLock { $0.append((document, files, nil)) }
            } catch {
                outcomes.list.withLock { $0.append((document, nil, "\(error)")) }
            }
        }
        let results = outcomes.list.withLock { $0 }
        #expect(results.count == 9)
        for result in results {
            #expect(result.error == nil)
            #expect(result.files == references[result.document], "document \(result.document)")
        }
    }

    /// The command, as a user runs it: each render forks worker processes that shape the text.
    @Test func commandRendersOfRealTextAreAllTheSameBytes() throws {
        let document = RealText.document(rows: 700, seed: 4)
        // The command built beside this test bundle (swift test builds every product).
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tablerender").path
        try #require(FileManager.default.isExecutableFile(atPath: executable), "no command at \(executable)")
        func run(_ environment: [String: String]) throws -> [String: Data] {
            let out = Repository.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: out) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = [document, "--format", "pdf,png", "--scale", "1", "--allow-font-fallback", "--quiet", "--out", out]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationReason == .exit && process.terminationStatus == 0, "exit \(process.terminationStatus)")
            var files: [String: Data] = [:]
            let folder = out + "/real"
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
                files[name] = FileManager.default.contents(atPath: folder + "/" + name)
            }
            return files
        }
        let alone = try run(["TABLERENDER_THREADS": "1"])
        #expect(alone.count > 10)
        for _ in 0..<3 {
            #expect(try run([:]) == alone)
        }
        // Two worker processes beside this one, whatever the cores.
        #expect(try run(["TABLERENDER_THREADS": "3"]) == alone)
        // The word shaper off: the same bytes.
        #expect(try run(["TABLERENDER_SHAPE_EVERY_PARAGRAPH": "1"]) == alone)
    }
}
