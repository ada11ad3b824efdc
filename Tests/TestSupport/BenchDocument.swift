import Foundation

/// A document of the benchmark list's kind for tests.
public enum BenchDocument {
    /// 600 rows of the benchmark list's kind (bold title, wrapping subtitle) with accents,
    /// hyphenated words, commas and words that kern with a space, some rows in Cyrillic or
    /// Greek, in the benchmark's templates.
    /// - Parameter page: a page size for paper pages (`390x844`); none for one continuous page.
    public static func write(page: String? = nil) throws -> String {
        let latin = ("the quick brown fox jumps over lazy dog table render café naïve résumé Zürich São Paulo "
            + "e-mail well-known and/or 50% Hello, wait! To. AVA Type it's 3.14 2024 supercalifragilisticexpialidocious").split(separator: " ")
        let cyrillic = "Привет мир таблица строка заголовок подзаголовок Москва Київ Ђорђе ширина 42 кто-то да, нет!".split(separator: " ")
        let greek = "Καλημέρα κόσμε πίνακας γραμμή επικεφαλίδα Αθήνα ύψος πλάτος 2024 ναι, όχι!".split(separator: " ")
        var words = latin
        var dice = Dice(seed: 7)
        func next(_ bound: Int) -> Int { dice.next(bound) }
        func text(_ count: Int) -> String { (0..<count).map { _ in String(words[next(words.count)]) }.joined(separator: " ") }
        var sections: [String] = []
        for section in 0..<6 {
            let items = (0..<100).map { row in
                // Some rows in Cyrillic or Greek: words of one script are put together too.
                words = row % 5 == 3 ? cyrillic : row % 7 == 5 ? greek : latin
                return #"{"id": "r\#(section * 100 + row)", "template": "BenchRow", "values": {"title": "\#(text(2 + next(4)))", "subtitle": "\#(text(8 + next(12)))."}}"#
            }
            sections.append(#"{"id": "s\#(section)", "header": {"template": "BenchHeader", "values": {"title": "Section \#(section + 1)"}}, "items": [\#(items.joined(separator: ","))]}"#)
        }
        var files = ["bench/bench.json": #"{"theme": "ios", "style": "plain", "width": 390, \#(page.map { "\"page\": \"\($0)\", " } ?? "")"templates": ["templates"], "sections": [\#(sections.joined(separator: ","))]}"#]
        for name in ["BenchRow", "BenchHeader"] {
            files["bench/templates/\(name).xml"] = try String(contentsOfFile: Repository.path("Benchmarks/bench-list/templates/\(name).xml"), encoding: .utf8)
        }
        return Repository.folder(with: files) + "/bench/bench.json"
    }
}
