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

    /// Real text as the benchmark lists pair it: a title over a subtitle.
    static func pool(_ kind: String) -> [String] {
        var dice = Dice(seed: 17)
        switch kind {
        case "names": return Array(Set(RealText.names.map(\.name))).sorted()
        case "packages": return RealText.packages.map { "\($0.name) \(dice.next(13)).\(dice.next(41)).\(dice.next(10))" }
        case "summaries": return Array(Set(RealText.packages.map(\.summary))).sorted()
        default: return Array(Set(RealText.licenseParagraphs.flatMap { paragraph in
            paragraph.split(whereSeparator: \.isWhitespace).joined(separator: " ").components(separatedBy: ". ")
        })).sorted()
        }
    }

    /// Each value of a document is judged by its own words (words are learnt per font, and a
    /// row's labels repeat theirs very differently): 6,000 rows of a title over a subtitle, each
    /// drawn from real text, counted per value as the layout counts them. The oracle is each
    /// value's text shaped alone with the word shaper kept on, in its own font: a value is left to
    /// Pango exactly when learning its words cost more than they saved, in the statistics' own
    /// units; and the word shaper is off from the start only when both are.
    @Test(arguments: [("packages", "licences", 13.25), ("names", "licences", 13.75), ("packages", "summaries", 14.25), ("names", "names", 14.75)])
    func eachValueIsJudgedByItsOwnWords(title: String, subtitle: String, size: Double) {
        let titles = Self.pool(title), subtitles = Self.pool(subtitle)
        #expect(titles.count > 300 && subtitles.count > 300, "real text on this machine")
        var dice = Dice(seed: 23)
        let rows = (0..<6_000).map { _ in ["title": titles[dice.next(titles.count)], "subtitle": subtitles[dice.next(subtitles.count)]] }
        let window = 1_024
        var counts: [String: WordRepetition] = [:]
        for (index, row) in rows.enumerated() {
            if index % window == 0 {
                for key in counts.keys { counts[key]!.startWindow() }
            }
            for (key, text) in row { counts[key, default: WordRepetition()].add(text) }
        }
        let deciding = TextEngine()
        deciding.wordStatistics.judge(bySource: counts)
        var paid: [String: Bool] = [:]
        for (number, key) in ["title", "subtitle"].enumerated() {
            let keptOn = TextEngine()
            keptOn.wordStatistics.decides = false
            keptOn.wordStatistics.judge(counts[key]!)
            // A font of its own: engines of one process share the words they learn per font.
            let style = TextStyle(font: FontSpec(family: "Inter", size: size + 0.25 * Double(number), lineHeight: 20))
            for (index, row) in rows.enumerated() {
                if index % window == 0 { keptOn.forgetParagraphs() }
                _ = keptOn.shape(row[key]!, style: style, width: 343)
            }
            #expect(keptOn.wordStatistics.blocksSeen >= 16)
            paid[key] = keptOn.wordStatistics.totalCost < keptOn.wordStatistics.totalBytesMade
        }
        let unpaid = Set(paid.filter { !$0.value }.keys)
        #expect(deciding.wordStatistics.wordlessSources == unpaid, "\(title) over \(subtitle): \(deciding.wordStatistics.summary); paid: \(paid)")
        #expect(deciding.wordStatistics.offFromTheStart == (unpaid.count == 2))
        // A paragraph of a value left to Pango is not tried; one of a value kept is.
        let before = deciding.wordStatistics.tried
        for key in ["title", "subtitle"] {
            _ = deciding.shape(rows[0][key]!, style: Self.style, width: 300, source: key)
        }
        #expect(deciding.wordStatistics.tried - before == (deciding.wordStatistics.offFromTheStart ? 0 : 2 - unpaid.count))
    }
}
