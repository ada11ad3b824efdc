import Foundation
import TestSupport
import Testing

/// A row taller than a page, through the command: every line of it is in the PDF (pdftotext) and
/// on the PNG pages, exactly once.
@Suite struct TallRowCommandTests {
    @Test func everyLineOfARowTallerThanAPageIsInThePDFOnce() throws {
        let body = (1...150).map { "Line \($0) of a body far longer than any page" }.joined(separator: "\\n")
        let document = #"{"theme": "print", "page": "a4", "sections": [{"id": "s", "header": "Long", "items": [{"id": "tall", "template": "subtitle", "values": {"title": "Tall", "subtitle": "\#(body)"}}, {"id": "after", "template": "subtitle", "values": {"title": "After", "subtitle": "The row after"}}]}]}"#
        let folder = Repository.folder(with: ["tall.json": document])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Run(["render", folder + "/tall.json", "--format", "pdf,png", "--scale", "1", "--out", folder + "/out"])
        #expect(run.code == 0, "\(run.err)")
        let text = Tool.run("pdftotext", [folder + "/out/tall/tall.pdf", "-"]).output
        for number in 1...150 {
            let count = text.components(separatedBy: "Line \(number) of a body").count - 1
            #expect(count == 1, "line \(number) is in the PDF \(count) times")
        }
        #expect(text.contains("The row after"))
        let pages = Int(Tool.run("pdfinfo", [folder + "/out/tall/tall.pdf"]).output.split(separator: "\n")
            .first { $0.hasPrefix("Pages:") }?.split(separator: " ").last ?? "") ?? 0
        #expect(pages >= 3)
        let pngs = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out/tall"))?.filter { $0.hasSuffix(".png") } ?? []
        #expect(pngs.count == pages)
    }
}
