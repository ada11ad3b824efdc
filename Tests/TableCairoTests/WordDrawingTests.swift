import Foundation
import TableRender
import TestSupport
import Testing

/// Paragraphs are drawn from lines put together from words shaped once; laying out every
/// paragraph with Pango instead must give the very same files.
@Suite struct WordDrawingTests {
    @Test(arguments: ["settings", "feed", "headers", "catalogue", "states", "bench"])
    func filesAreTheSameAsWithEveryParagraphShaped(example: String) throws {
        let path = example == "bench" ? try BenchDocument.write(page: "390x844") : Repository.path("Examples/\(example)/\(example).json")
        func render(fromWords: Bool) throws -> [String: Data] {
            let loaded = try LoadedDocument(path: path)
            loaded.renderer.engine.text.usesWords = fromWords
            // Words throughout, however the document's words repeat.
            loaded.renderer.engine.text.wordStatistics.decides = !fromWords
            var options = RenderOptions()
            options.formats = [.pdf, .png]
            options.scale = 1
            options.outputDirectory = Repository.temporaryFolder()
            var files: [String: Data] = [:]
            for file in try loaded.render(options) {
                files[(file as NSString).lastPathComponent] = FileManager.default.contents(atPath: file)
            }
            // A PDF alone is streamed window by window on helper engines.
            options.formats = [.pdf]
            options.streamWindow = 61
            options.outputDirectory = Repository.temporaryFolder()
            for file in try loaded.render(options) {
                files["streamed " + (file as NSString).lastPathComponent] = FileManager.default.contents(atPath: file)
            }
            return files
        }
        let fromWords = try render(fromWords: true)
        let shaped = try render(fromWords: false)
        #expect(fromWords.count >= 3)
        #expect(fromWords.keys.sorted() == shaped.keys.sorted())
        for (name, bytes) in fromWords { #expect(bytes == shaped[name], "\(example): \(name)") }
    }
}
