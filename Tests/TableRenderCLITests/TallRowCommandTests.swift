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

    /// A label cut by its line limit where a paragraph ends shows "…" after its last line; the
    /// paragraphs it stands for are still the PDF's text (copied, found), as the rest of a
    /// paragraph is under Pango's own ellipsis.
    @Test func paragraphsCutByALineLimitAreStillThePDFsText() throws {
        // In a column the label is as wide as the row ("Second paragraph…"); in a row as wide as
        // its longest paragraph, so that Pango's own ellipsis ends the line ("Second paragra…").
        let template = #"<cell><stack axis="vertical" padding="11 16"><label text="{body}" lines="2"/><stack><label text="{body}" lines="2"/></stack></stack></cell>"#
        let body = "First paragraph\\nSecond paragraph\\nThird one hidden\\nFourth one hidden"
        let document = #"{"templates": ["t"], "sections": [{"items": [{"template": "Body", "values": {"body": "\#(body)"}}]}]}"#
        let folder = Repository.folder(with: ["doc.json": document, "t/Body.xml": template])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Run(["render", folder + "/doc.json", "--format", "pdf", "--out", folder + "/out"])
        #expect(run.code == 0, "\(run.err)")
        let text = Tool.run("pdftotext", [folder + "/out/doc/doc.pdf", "-"]).output
        for words in ["First paragraph", "Second paragraph", "Third one hidden", "Fourth one hidden"] {
            #expect(text.components(separatedBy: words).count - 1 == 2, "\(words) is not twice in the PDF's text: \(text.debugDescription)")
        }
        // The "…" is copied as the text it stands for, as Pango's own ellipsis is.
        #expect(!text.contains("\u{2026}"))
    }
}
