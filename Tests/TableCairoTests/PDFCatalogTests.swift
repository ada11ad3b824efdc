import Foundation
@testable import TableCairo
import TableRender
import TestSupport
import Testing

/// The PDF's catalog names the text's language and asks readers to show the title, and its pages
/// mark artifacts (what Cairo 1.16 cannot write): the changed objects are written in the place of
/// Cairo's, with a new cross-reference table. Readers of their own are the oracles that the file
/// stays whole: qpdf checks every object's offset and stream, and poppler finds the same text and
/// structure, and draws the same pixels, as in Cairo's bytes alone. (The browser tests read
/// `/Lang` and the artifacts with pypdf.)
@Suite struct PDFCatalogTests {
    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = Repository.temporaryFolder() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Cairo's bytes alone, and the finished file, of `laidOut`.
    static func both(_ loaded: LoadedDocument, _ laidOut: LaidOutTable, language: String) throws -> (cairo: [UInt8], finished: [UInt8]) {
        var renderer = PDFRenderer(theme: loaded.renderer.theme, text: loaded.renderer.engine.text)
        let finished = try renderer.bytes(laidOut, appearance: .light, title: laidOut.table.title, language: language)
        renderer.finishesFile = false
        return (try renderer.bytes(laidOut, appearance: .light, title: laidOut.table.title, language: language), finished)
    }

    @Test(arguments: ["settings/settings.json", "catalogue/catalogue.json", "feed/feed.json"])
    func theCatalogNamesTheLanguageAndTheFileStaysWhole(_ example: String) throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/" + example))
        let laidOut = try loaded.layout()
        let pdf = try loaded.renderer.pdf(laidOut, language: "pt-BR")
        let (cairo, finished) = try Self.both(loaded, laidOut, language: "pt-BR")
        #expect(finished == pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Type /Catalog") && text.contains("/Lang (pt-BR)"))
        #expect(text.contains("/ViewerPreferences << /DisplayDocTitle true >>") == (laidOut.table.title?.isEmpty == false))
        // One file: one table, one trailer, nothing after it; each page's content once (the
        // file no larger than Cairo's by more than the marks: a few bytes a run).
        #expect(text.components(separatedBy: "startxref").count == 2 && text.hasSuffix("%%EOF\n"))
        #expect(pdf.count < cairo.count + cairo.count / 20, "\(pdf.count) bytes against Cairo's \(cairo.count)")
        let updated = try Self.write(pdf, "updated.pdf"), original = try Self.write(cairo, "cairo.pdf")
        // qpdf reads every object at its offset and inflates every stream; its only warnings are
        // Cairo's own (an image named twice in a page's resources), as on Cairo's bytes.
        let check = Tool.run("qpdf", ["--check", updated], includingErrors: true)
        let problems = check.output.split(separator: "\n").filter { $0.hasPrefix("WARNING") || $0.hasPrefix("ERROR") || $0.contains("error:") }
        #expect([0, 3].contains(check.status) && problems.allSatisfy { $0.hasPrefix("WARNING") && $0.contains("dictionary has duplicated key") }, "\(check.output)")
        #expect(check.output.contains("No syntax or stream encoding errors found") || check.output.contains("operation succeeded with warnings"), "\(check.output)")
        // Its pages' contents, uncompressed by qpdf, mark artifacts; Cairo's did not.
        let expanded = Repository.temporaryFolder() + "/expanded.pdf"
        _ = Tool.run("qpdf", ["--qdf", "--object-streams=disable", updated, expanded], includingErrors: true)
        #expect(String(decoding: try Data(contentsOf: URL(fileURLWithPath: expanded)), as: UTF8.self).contains("/Artifact BMC"))
        #expect(!String(decoding: cairo, as: UTF8.self).contains("/Artifact"))
        let info = Tool.run("pdfinfo", [updated], includingErrors: true)
        #expect(info.status == 0 && !info.output.contains("Error") && !info.output.contains("rror:"), "\(info.output)")
        #expect(info.output.contains("Tagged:          yes"))
        #expect(info.output.contains("Pages:           \(laidOut.pages.count)"), "\(info.output)")
        for arguments in [["-layout"], ["-raw"]] {
            let a = Tool.run("pdftotext", arguments + [updated, "-"], includingErrors: true), b = Tool.run("pdftotext", arguments + [original, "-"], includingErrors: true)
            #expect(a.status == 0 && a.output == b.output && !a.output.isEmpty)
        }
        #expect(Tool.run("pdfinfo", ["-struct-text", updated]).output == Tool.run("pdfinfo", ["-struct-text", original]).output)
        // Every page drawn the same.
        let folder = Repository.temporaryFolder()
        _ = Tool.run("pdftoppm", ["-r", "36", "-png", updated, folder + "/updated"])
        _ = Tool.run("pdftoppm", ["-r", "36", "-png", original, folder + "/cairo"])
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("updated") }.sorted()
        #expect(pages.count == laidOut.pages.count)
        for page in pages {
            let drawn = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + page))
            #expect(drawn == (try Data(contentsOf: URL(fileURLWithPath: folder + "/" + page.replacingOccurrences(of: "updated", with: "cairo")))), "\(page)")
        }
        // Written to a file (rewritten in place from its end), the same bytes.
        let path = Repository.temporaryFolder() + "/written.pdf"
        try loaded.renderer.pdf(laidOut, language: "pt-BR", to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == pdf)
    }

    /// A tag that is not BCP 47 is not written (the catalog's string would carry it as is); with
    /// no title either, the catalog is Cairo's.
    @Test func aTagThatIsNoLanguageIsNotWritten() throws {
        #expect(PDFCatalog.languageTag("en") == "en")
        #expect(PDFCatalog.languageTag("pt_BR") == "pt-BR")
        #expect(PDFCatalog.languageTag("zh-Hant-TW") == "zh-Hant-TW")
        for bad in ["", "e", "en-", "en)(", "x\\y", "en US", "ünï", "-en", "abcdefghi"] { #expect(PDFCatalog.languageTag(bad) == nil, "\(bad)") }
        let loaded = try LoadedDocument(path: Repository.path("Examples/headers/headers.json"))
        var laidOut = try loaded.layout()
        let titled = String(decoding: try loaded.renderer.pdf(laidOut, language: "en) /Evil ("), as: UTF8.self)
        #expect(!titled.contains("/Lang") && !titled.contains("Evil") && titled.contains("/DisplayDocTitle true"))
        laidOut.table.title = nil
        let untitled = String(decoding: try loaded.renderer.pdf(laidOut, language: "en) /Evil ("), as: UTF8.self)
        #expect(!untitled.contains("/Lang") && !untitled.contains("Evil") && !untitled.contains("/ViewerPreferences"))
    }

    /// A file rewritten from pieces (ranges of what was written, and new bytes), on disk in place
    /// from its end and in memory, is those pieces in order; a piece that would move a range to
    /// before where it was written is refused.
    @Test func aFileIsRewrittenFromItsPieces() throws {
        let bytes = (0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        let pieces: [PDFPiece] = [.written(offset: 0, count: 10), .new(Array("grown".utf8)), .written(offset: 10, count: 1_500_000),
                                  .new([]), .new([1, 2, 3]), .written(offset: 1_500_010, count: 1_499_990), .new(Array("end".utf8))]
        let expected = Array(bytes[0..<10]) + Array("grown".utf8) + Array(bytes[10..<1_500_010]) + [1, 2, 3] + Array(bytes[1_500_010...]) + Array("end".utf8)
        let path = Repository.temporaryFolder() + "/rewritten.bin"
        let file = try OutputFile(temporary: path, name: path), memory = OutputFile(inMemoryNamed: "memory")
        for output in [file, memory] {
            #expect(bytes.withUnsafeBytes { output.append($0) })
            #expect(output.rewrite(pieces))
            #expect(output.count == expected.count)
            #expect(output.read(at: 1_500_010, count: 20) == Array(expected[1_500_010..<1_500_030]))
        }
        try file.finish()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == expected)
        #expect(memory.bytes == expected)
        let backwards = OutputFile(inMemoryNamed: "backwards")
        #expect(bytes.withUnsafeBytes { backwards.append($0) })
        #expect(!backwards.rewrite([.written(offset: 5, count: 10)]), "a range put before where it was")
    }

    /// What Cairo wrote is read back from the file (the catalog sits before the table), also
    /// what still waits in the file's buffer.
    @Test func writtenBytesAreReadBack() throws {
        let path = Repository.temporaryFolder() + "/read.bin"
        let file = try OutputFile(temporary: path, name: path)
        let memory = OutputFile(inMemoryNamed: "memory")
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
        for output in [file, memory] {
            var offset = 0
            for size in [3, 70_000, 1, 129_996] {
                #expect(bytes[offset..<offset + size].withUnsafeBytes { output.append($0) })
                offset += size
            }
            #expect(output.count == bytes.count)
            #expect(output.read(at: 0, count: 10) == Array(bytes[0..<10]))
            #expect(output.read(at: 69_990, count: 30) == Array(bytes[69_990..<70_020]))
            #expect(output.read(at: 199_990, count: 100) == Array(bytes[199_990...]))
            #expect(output.read(at: 200_001, count: 1) == nil)
        }
        try file.finish()
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes)
    }
}
