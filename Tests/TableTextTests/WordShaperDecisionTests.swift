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

    @Test func repetitionCountsWordsAtSpaces() {
        var count = WordRepetition()
        #expect(count.repetition == nil)
        count.add("a b  a ")
        count.add("b c")
        count.add("")
        #expect(count.words == 5)
        #expect(count.repetition == 5.0 / 3.0)
    }

    /// A document of real text, as a list of 6,000 rows shows it (names each once; package
    /// summaries and licence sentences drawn with repeats), shaped a window of 1,024 paragraphs at
    /// a time as the layout does (the engine forgets the paragraphs of the window before): how
    /// often its words repeat is counted and judged as the layout counts and judges it, and the
    /// word shaper's decision is held to what the whole document shows — the same text shaped
    /// with the word shaper kept on, its cost against the bytes it made, in the statistics' own
    /// units. Names (a word once or twice) do not even start it; summaries and licence sentences
    /// keep it.
    @Test(arguments: ["names", "summaries", "licences"])
    func theDecisionHoldsForTheWholeDocument(kind: String) {
        var pool: [String]
        switch kind {
        case "names": pool = RealText.names.map(\.name)
        case "summaries": pool = RealText.packages.map(\.summary)
        default: pool = RealText.licenseParagraphs.flatMap { paragraph in
            // Sentences, their whitespace made single spaces, as `Benchmarks/lists.py` makes them.
            paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").components(separatedBy: ". ")
        }
        }
        pool = Array(Set(pool)).sorted()
        #expect(pool.count > 300, "real text on this machine")
        var dice = Dice(seed: 11)
        let texts = kind == "names" ? pool.shuffled(using: &dice).prefix(6_000).map { $0 } : (0..<6_000).map { _ in pool[dice.next(pool.count)] }
        let window = 1_024
        var repetition = WordRepetition()
        for (index, text) in texts.enumerated() {
            if index % window == 0 { repetition.startWindow() }
            repetition.add(text)
        }
        // Engines of one process share the words they learn, per font: each its own size.
        let deciding = TextEngine(), keptOn = TextEngine()
        deciding.wordStatistics.judge(repetition)
        keptOn.wordStatistics.decides = false
        keptOn.wordStatistics.judge(repetition)
        let decidingStyle = TextStyle(font: FontSpec(family: "Inter", size: 15.25, lineHeight: 20))
        let keptOnStyle = TextStyle(font: FontSpec(family: "Inter", size: 15.5, lineHeight: 20))
        for (index, text) in texts.enumerated() {
            if index % window == 0 {
                deciding.forgetParagraphs()
                keptOn.forgetParagraphs()
            }
            _ = deciding.shape(text, style: decidingStyle, width: 343)
            _ = keptOn.shape(text, style: keptOnStyle, width: 343)
        }
        let paid = keptOn.wordStatistics.totalCost < keptOn.wordStatistics.totalBytesMade
        #expect(keptOn.wordStatistics.blocksSeen >= 16)
        #expect(paid == (kind != "names"), "\(keptOn.wordStatistics.summary)")
        #expect(deciding.wordStatistics.offFromTheStart == (kind == "names"))
        #expect(deciding.wordStatistics.turnedOff == !paid,
                "\(kind): repeats a word \(repetition.repetition ?? 0) times; deciding: \(deciding.wordStatistics.summary); kept on: \(keptOn.wordStatistics.summary)")
    }
}
