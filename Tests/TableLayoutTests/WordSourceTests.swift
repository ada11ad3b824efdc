import Foundation
import TableRender
import TableText
import TestSupport
import Testing

/// The layout tells the word shaper which value of the item each label shows (its binding's key
/// path, an Interface Builder label's outlet), so that a value whose words repeat too little is left to Pango while the others keep
/// the word shaper (`WordShaperStatistics.judge(bySource:)`). Output never depends on it.
@Suite struct WordSourceTests {
    static let template = #"""
        <cell><stack axis="vertical" padding="11 16">
          <label text="{author.name}" font="Inter Bold 17" lineHeight="22" lines="0"/>
          <label text="{body}" font="Inter 15" lineHeight="20" lines="0"/>
        </stack></cell>
        """#

    /// Twenty sentences of the machine's licence texts, of words and commas alone (which the
    /// word shaper can make).
    static let sentences = Array(Set(RealText.licenseParagraphs.flatMap { paragraph in
        paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").components(separatedBy: ". ")
    }.filter { sentence in
        (40..<200).contains(sentence.count) && sentence.allSatisfy { $0.isASCII && ($0.isLetter || $0 == " " || $0 == ",") }
    })).sorted().prefix(20)

    /// 200 rows: a name in one of a hundred languages (each once), over two of the sentences
    /// (their words come again and again); in the stack template above, or in an Interface
    /// Builder cell whose outlets are `title` and `subtitle` (the benchmark's `XibRow.xib`).
    static func document(names: Bool, cell: String) -> String {
        let people = Array(Set(RealText.names.map(\.name))).sorted()
        var dice = Dice(seed: 31)
        func json(_ text: String) -> String {
            String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
        }
        let items = (0..<200).map { row in
            let body = [Self.sentences[dice.next(20)], Self.sentences[dice.next(20)]].joined(separator: ". ")
            let name = names ? people[(row * 7) % people.count] : ""
            let values = cell == "xib" ? #"{"title": \#(json(name)), "subtitle": \#(json(body))}"#
                : #"{"author": {"name": \#(json(name))}, "body": \#(json(body))}"#
            return #"{"id": "r\#(row)", "template": "T", "values": \#(values)}"#
        }
        return #"{"templates": ["templates"], "width": 390, "sections": [{"id": "s", "items": [\#(items.joined(separator: ", "))]}]}"#
    }

    /// Lays the document out: its dump and the word shaper's statistics.
    static func layout(names: Bool, cell: String, words: Bool = true, decides: Bool = true) throws -> (dump: String, statistics: WordShaperStatistics) {
        let xib = try String(contentsOfFile: Repository.path("Benchmarks/bench-xib/templates/XibRow.xib"), encoding: .utf8)
        let files = cell == "xib" ? ["templates/T.xib": xib] : ["templates/T.xml": template]
        let folder = Repository.folder(with: files.merging(["doc.json": document(names: names, cell: cell)]) { $1 })
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let loaded = try LoadedDocument(path: folder + "/doc.json")
        loaded.renderer.engine.text.usesWords = words
        loaded.renderer.engine.text.wordStatistics.decides = decides
        let dump = try loaded.layout().dump
        return (dump, loaded.renderer.engine.text.wordStatistics)
    }

    @Test(arguments: ["stack", "xib"])
    func aValueWhoseWordsRepeatTooLittleIsLeftToPango(cell: String) throws {
        try #require(RealText.names.count > 300 && Self.sentences.count == 20, "real text on this machine")
        let judged = try Self.layout(names: true, cell: cell)
        #expect(judged.statistics.wordlessSources == [cell == "xib" ? "title" : "author.name"], "\(judged.statistics.summary)")
        #expect(!judged.statistics.turnedOff && judged.statistics.made > 0, "\(judged.statistics.summary)")
        // The names are never tried: the word shaper tries as many paragraphs as it does with
        // the names left out of the document, and more when it keeps every value.
        let withoutNames = try Self.layout(names: false, cell: cell)
        #expect(judged.statistics.tried == withoutNames.statistics.tried)
        let keptOn = try Self.layout(names: true, cell: cell, decides: false)
        #expect(keptOn.statistics.wordlessSources.isEmpty)
        #expect(keptOn.statistics.tried > judged.statistics.tried)
        // The same layout whichever way the text was shaped.
        let pango = try Self.layout(names: true, cell: cell, words: false)
        #expect(judged.dump == pango.dump)
        #expect(keptOn.dump == pango.dump)
    }
}
