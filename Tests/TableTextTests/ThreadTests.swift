import Synchronization
import TableModel
import TableTemplates
import TableText
import TestSupport
import Testing

/// Pango 1.50 breaks some lines differently while another thread lays out text, even with a font
/// map per thread (lines that end inside a word it shapes again, such as "C++" or "Ł--å" at a
/// narrow width). Text engines take turns (`Typesetting`), so what an engine makes never
/// depends on other threads: here four threads shape thousands of such paragraphs at once, and
/// each gets exactly what one thread alone gets.
@Suite struct ThreadTests {
    static let words = ["Ł--å", "C++", "e-mail", "well-known", "Zürich", "naïve", "the", "quick", "brown", "fox", "AVA", "Type", "it's", "3.14",
                        "and/or", "50%", "Hello,", "wait!", "Привет", "Καλημέρα", "supercalifragilistic", "x", "2024", "—", "(test)", "“quote”"]
    static let fonts = [FontSpec(family: "Inter", size: 15, lineHeight: 20), FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22),
                        FontSpec(family: "Liberation Serif", size: 11, lineHeight: 15), FontSpec(family: "DejaVu Sans", size: 13, italic: true, lineHeight: 18)]

    static func paragraphs(seed: UInt64, count: Int) -> [(String, TextStyle, Double)] {
        var dice = Dice(seed: seed)
        return (0..<count).map { index in
            let text = (0..<(3 + dice.next(20))).map { _ in words[dice.next(words.count)] }.joined(separator: " ")
            return (text, TextStyle(font: fonts[index % fonts.count]), Double(30 + dice.next(300)))
        }
    }

    static func shapeAll(_ paragraphs: [(String, TextStyle, Double)]) -> [ShapedText] {
        let engine = TextEngine()
        engine.usesWords = false
        return paragraphs.map { engine.shape($0.0, style: $0.1, width: $0.2) }
    }

    @Test func whatAnEngineShapesDoesNotDependOnOtherThreads() {
        let work = Self.paragraphs(seed: 11, count: 3_000)
        let alone = Self.shapeAll(work)
        let results = Mutex<[[ShapedText]]>([])
        Parallel.forEach(4, threads: 4) { _ in
            let shaped = Self.shapeAll(work)
            results.withLock { $0.append(shaped) }
        }
        let all = results.withLock { $0 }
        #expect(all.count == 4)
        for shaped in all {
            let differing = zip(shaped, alone).filter { $0 != $1 }.count
            #expect(differing == 0, "\(differing) of \(work.count) paragraphs shaped differently beside other threads")
        }
    }
}
