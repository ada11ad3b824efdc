import Foundation
@testable import TableCairo
import TableRender
import TestSupport
import Testing

/// The PDF's catalog names the text's language and asks readers to show the title (what Cairo
/// 1.16 cannot write), as an incremental update after Cairo's bytes. Poppler, a reader of its
/// own, is the oracle that the file stays whole: it reads the updated file without a complaint
/// and finds the same text and structure as in Cairo's bytes alone. (The browser tests read
/// `/Lang` itself with pypdf.)
@Suite struct PDFCatalogTests {
    /// Cairo's bytes: everything before the update, which ends with Cairo's own `%%EOF`.
    static func cairoPart(_ pdf: [UInt8]) -> [UInt8] {
        let marker = Array("%%EOF\n".utf8)
        var index = 0
        while index + marker.count <= pdf.count {
            if Array(pdf[index..<index + marker.count]) == marker { return Array(pdf[..<(index + marker.count)]) }
            index += 1
        }
        return pdf
    }

    static func write(_ bytes: [UInt8], _ name: String) throws -> String {
        let path = Repository.temporaryFolder() + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: ["settings/settings.json", "catalogue/catalogue.json"])
    func theCatalogNamesTheLanguageAndTheFileStaysWhole(_ example: String) throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/" + example))
        let laidOut = try loaded.layout()
        let pdf = try loaded.renderer.pdf(laidOut, language: "pt-BR")
        let cairo = Self.cairoPart(pdf)
        #expect(cairo.count < pdf.count, "no update after Cairo's bytes")
        let update = String(decoding: pdf[cairo.count...], as: UTF8.self)
        #expect(update.contains("/Type /Catalog") && update.contains("/Lang (pt-BR)"), "\(update)")
        #expect(update.contains("/ViewerPreferences << /DisplayDocTitle true >>") == (laidOut.table.title?.isEmpty == false), "\(update)")
        // The new trailer points back at Cairo's table.
        let cairoText = String(decoding: cairo, as: UTF8.self)
        let cairoTable = try #require(cairoText.components(separatedBy: "startxref\n").last?.split(separator: "\n").first)
        #expect(update.contains("/Prev \(cairoTable)\n"), "\(update)")
        let updated = try Self.write(pdf, "updated.pdf"), original = try Self.write(cairo, "cairo.pdf")
        let info = Tool.run("pdfinfo", [updated], includingErrors: true)
        #expect(info.status == 0 && !info.output.contains("Error") && !info.output.contains("rror:"), "\(info.output)")
        #expect(info.output.contains("Tagged:          yes"))
        #expect(info.output.contains("Pages:           \(laidOut.pages.count)"), "\(info.output)")
        for arguments in [["-layout"], ["-raw"]] {
            let a = Tool.run("pdftotext", arguments + [updated, "-"], includingErrors: true), b = Tool.run("pdftotext", arguments + [original, "-"], includingErrors: true)
            #expect(a.status == 0 && a.output == b.output && !a.output.isEmpty)
        }
        #expect(Tool.run("pdfinfo", ["-struct-text", updated]).output == Tool.run("pdfinfo", ["-struct-text", original]).output)
        // Written to a file, the same bytes.
        let path = Repository.temporaryFolder() + "/written.pdf"
        try loaded.renderer.pdf(laidOut, language: "pt-BR", to: path)
        #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == pdf)
    }

    /// A tag that is not BCP 47 is not written (the catalog's string would carry it as is); with
    /// no title either, the catalog is Cairo's (the update holds the pages' artifacts alone).
    @Test func aTagThatIsNoLanguageIsNotWritten() throws {
        #expect(PDFCatalog.languageTag("en") == "en")
        #expect(PDFCatalog.languageTag("pt_BR") == "pt-BR")
        #expect(PDFCatalog.languageTag("zh-Hant-TW") == "zh-Hant-TW")
        for bad in ["", "e", "en-", "en)(", "x\\y", "en US", "ünï", "-en", "abcdefghi"] { #expect(PDFCatalog.languageTag(bad) == nil, "\(bad)") }
        let loaded = try LoadedDocument(path: Repository.path("Examples/headers/headers.json"))
        var laidOut = try loaded.layout()
        let titled = try loaded.renderer.pdf(laidOut, language: "en) /Evil (")
        let update = String(decoding: titled[Self.cairoPart(titled).count...], as: UTF8.self)
        #expect(!update.contains("/Lang") && !update.contains("Evil") && update.contains("/DisplayDocTitle true"), "\(update)")
        laidOut.table.title = nil
        let untitled = try loaded.renderer.pdf(laidOut, language: "en) /Evil (")
        let untitledUpdate = String(decoding: untitled[Self.cairoPart(untitled).count...], as: UTF8.self)
        #expect(!untitledUpdate.contains("/Catalog") && !untitledUpdate.contains("Evil") && untitledUpdate.contains("/Filter /FlateDecode"), "\(untitledUpdate)")
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
