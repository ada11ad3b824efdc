import Foundation
import TestSupport
import Testing

/// Real text nobody here wrote (licence paragraphs, package descriptions, names in a hundred
/// languages), in labels with line limits: every character of every value is in the PDF's text
/// (`pdftotext`), drawn or stood for by an ellipsis, in the order of the value.
@Suite struct EveryCharacterTests {
    @Test func everyCharacterOfEveryValueIsInThePDFsText() throws {
        let template = #"<cell><stack axis="vertical" padding="8 16" spacing="2"><label text="{a}" font="headline" lines="2"/><label text="{b}" lines="3"/><label text="{c}" font="footnote" lines="1"/></stack></cell>"#
        let names = RealText.names.map(\.name)
        let bodies = RealText.packages.map(\.body).filter { !$0.isEmpty } + RealText.licenseParagraphs
        var rows: [[String: String]] = []
        for seed in [7, 8, 11, 23] as [UInt64] {
            var dice = Dice(seed: seed)
            func pick(_ list: [String]) -> String { list.isEmpty ? "" : list[dice.next(list.count)] }
            for _ in 0..<120 {
                rows.append(["a": pick(names) + " " + pick(names), "b": String(pick(bodies).prefix(700)), "c": pick(bodies).components(separatedBy: "\n").first ?? ""])
            }
        }
        let items = rows.enumerated().map { ["id": "r\($0.offset)", "template": "Limited", "values": $0.element] as [String: Any] }
        let document: [String: Any] = ["templates": ["t"], "style": "plain", "page": "content", "sections": [["id": "s", "items": items]]]
        let folder = Repository.folder(with: ["doc.json": String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self),
                                              "t/Limited.xml": template])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Run(["render", folder + "/doc.json", "--format", "pdf", "--out", folder + "/out"])
        #expect(run.code == 0, "\(run.err)")
        // Whitespace is where lines break, and pdftotext joins a word broken after a hyphen at a
        // line's end ("front-" "matter" → "frontmatter"): both are left out of the comparison.
        func squeezed(_ text: String) -> String {
            // Joiners and other format characters (U+200C in Telugu) draw nothing either.
            String(text.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) && $0 != "-" && $0.properties.generalCategory != .format }
                .map(Character.init))
        }
        let text = squeezed(Tool.run("pdftotext", [folder + "/out/doc/doc.pdf", "-"]).output)
        // Compared as bytes: squeezed values meet without a space, and characters compared
        // across that seam would merge (an Indic conjunct of one value's last letter and the next's first).
        let bytes = Array(text.utf8)
        // A paragraph of both directions: pdftotext orders a line's runs by the page's main
        // direction (on a page of Latin text, the runs of a Hebrew sentence with an English name
        // in it come out left to right), which the PDF cannot change; every word (lines break
        // after hyphens: each part) must be whole
        // and in order, letters and marks compared.
        func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
            (0x0590...0x08FF).contains(scalar.value) || (0xFB1D...0xFDFF).contains(scalar.value) || (0xFE70...0xFEFF).contains(scalar.value)
        }
        func isBidirectional(_ text: String) -> Bool {
            text.unicodeScalars.contains(where: isRightToLeft) && text.unicodeScalars.contains { $0.properties.isAlphabetic && !isRightToLeft($0) }
        }
        func letters(_ text: String) -> String {
            String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.properties.isAlphabetic || [.nonspacingMark, .spacingMark].contains($0.properties.generalCategory) }))
        }
        let letterBytes = Array(letters(text).utf8)
        var bidirectional = 0
        var brokenWords: [String] = []
        for row in rows {
            for key in ["a", "b", "c"] where isBidirectional(row[key] ?? "") {
                bidirectional += 1
                let words = (row[key] ?? "").split(whereSeparator: { $0.isWhitespace || $0 == "-" }).map { letters(String($0)) }.filter { !$0.isEmpty }
                if let broken = words.first(where: { letterBytes.firstRange(of: Array($0.utf8)) == nil }) { brokenWords.append(broken) }
            }
        }
        #expect(bidirectional > 0, "the corpus has values of both directions")
        #expect(brokenWords.isEmpty, "\(brokenWords.count) of \(bidirectional) values of both directions have a word not whole in the PDF's text, e.g. \(brokenWords.prefix(2))")
        var missing: [String] = []
        for row in rows {
            for key in ["a", "b", "c"] {
                let value = squeezed(row[key] ?? "")
                if !value.isEmpty, !isBidirectional(row[key] ?? ""), bytes.firstRange(of: Array(value.utf8)) == nil { missing.append(String(value.prefix(60))) }
            }
        }
        #expect(missing.isEmpty, "\(missing.count) of \(rows.count * 3) values are not whole in the PDF's text, e.g. \(missing.prefix(3))")
    }
}
