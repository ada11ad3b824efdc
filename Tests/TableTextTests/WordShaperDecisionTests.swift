import TableTemplates
import TableText
import TestSupport
import Testing

/// The word shaper decides from what it sees whether it pays: it stays on for a list that repeats
/// its vocabulary, and turns itself off within a few hundred paragraphs of real text (which
/// repeats a word a few times), so that it never makes a document much slower than shaping every
/// paragraph. Either way the glyphs are the same.
@Suite struct WordShaperDecisionTests {
    static let style = TextStyle(font: FontSpec(family: "Inter", size: 15, lineHeight: 20))

    @Test func aRepeatedVocabularyKeepsTheWordShaper() {
        let engine = TextEngine()
        var dice = Dice(seed: 3)
        let vocabulary = "the a of to in on for with list row table section title value detail settings account privacy network storage display sound general".split(separator: " ")
        for _ in 0..<2_000 {
            let text = (0..<(4 + dice.next(12))).map { _ in String(vocabulary[dice.next(vocabulary.count)]) }.joined(separator: " ")
            _ = engine.shape(text, style: Self.style, width: 343)
        }
        #expect(!engine.wordStatistics.turnedOff)
        #expect(engine.wordStatistics.made > 1_900)
    }

    @Test(arguments: ["names", "descriptions", "licences"])
    func realTextTurnsItOff(kind: String) {
        let engine = TextEngine()
        let texts: [String]
        switch kind {
        case "names": texts = RealText.names.map(\.name)
        case "descriptions": texts = RealText.packages.map(\.summary) + RealText.packages.map(\.body)
        default: texts = RealText.licenseParagraphs
        }
        #expect(texts.count > 300, "real text on this machine")
        var dice = Dice(seed: 5)
        for _ in 0..<1_000 {
            _ = engine.shape(texts[dice.next(texts.count)], style: Self.style, width: 343)
        }
        #expect(engine.wordStatistics.turnedOff, "\(engine.wordStatistics.summary)")
        #expect(engine.wordStatistics.tried <= 4 * WordShaperStatistics.block)
    }
}
