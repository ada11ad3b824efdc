import Foundation
import Synchronization
import TableTemplates

/// The word shaper: a list repeats its words, so each distinct word is shaped once per font and a
/// plain paragraph is measured, and put together into lines of glyphs, from its words — the very
/// sizes and glyphs Pango gives the whole paragraph, where that can be known from the words. Where
/// it cannot, the paragraph goes to Pango. Every rule that decides this is listed here, in order:
///
/// 1. **Characters** (`WordWrap.words(in:)`): letters of one script only (Latin-1 and Latin
///    Extended-A/B, or Greek, or Cyrillic: Pango makes a run of each script), digits, `. , : ; !
///    ? - ' % /` inside a word, typographic ’ ” ‘ “ – … in their places, single spaces. Not
///    brackets or symbols (Inter takes their case forms from words around them), not the em dash,
///    not tabs or newlines, nothing else.
/// 2. **Length**: words of at most `Rules.longestWord` bytes (longer ones rarely repeat).
/// 3. **One run**: the word shaped alone is one run in the paragraph's own font, left to right.
/// 4. **Beside a space**: its first character after a space, and its last before one, shape
///    with the space as apart (Liberation Serif kerns " A", " T", "L "; Inter Bold ", "):
///    checked once per character and font.
/// 5. **Between other words**: shaped between neighbours of its script (lower case, capital,
///    digit; `Rules.neighbours`) it keeps its glyphs (Inter draws "x" between numbers as "×").
/// 6. **Breaks inside**: a word with one break opportunity of its own (after a hyphen or slash)
///    may be broken there when its two parts shaped alone are the very glyphs of the whole word
///    (Inter's "C++" and "Ł--å" are not); with several, a line ending inside it is Pango's.
/// 7. **Lines**: Pango's greedy rule (`WordWrap.wrap`); a word wider than the line, a line limit
///    that would ellipsize, and justified text are Pango's.
///
/// And it turns itself off for the rest of an engine's life when it costs more time than it saves
/// (`WordShaperStatistics`): a new word costs several small Pango layouts.
///
/// Proven against Pango itself (`Tests/TableTextTests/WordWrapTests`): sizes at every break
/// boundary, glyphs line by line, random paragraphs in four fonts; and whole documents drawn with
/// and without words give the same bytes. Proven with Pango 1.50.12 and HarfBuzz 6.0.0 (Debian
/// 12); after an upgrade of either, run `swift test --filter WordWrapTests` and the
/// `WordDrawingTests` before trusting it (docs/text.md).
enum Rules {
    /// The longest word, in UTF-8 bytes, shaped alone.
    static let longestWord = 48
    /// How many words a font keeps before it forgets them all (some 60 MB of glyphs at most).
    static let wordsKept = 50_000
    /// Neighbours a word is shaped between to see that it keeps its glyphs, per script: Latin,
    /// Greek, Cyrillic.
    static let neighbours = [["a", "A", "1"], ["α", "Α", "1"], ["а", "А", "1"]]
    /// Greek and Cyrillic letters (U+0370 to U+04FF): which neighbours a word is shaped between.
    static let greekAndCyrillic: ClosedRange<UInt32> = 0x370...0x4FF
    static let firstCyrillic: UInt32 = 0x400
}

/// Whether the word shaper pays. A new word costs several small Pango layouts (about 50 µs, what
/// Pango takes for 50 to 70 bytes of a paragraph on the machines measured), a known word a lookup
/// (about a quarter of a byte), and a paragraph made from words saves Pango's layout of it (about
/// 0.7 to 1.1 µs a byte). Every `block` paragraphs tried, the cost of the words looked up and
/// learnt is set against the bytes made from words, in those units. A block that cost more than
/// it saved turns the word shaper off for the rest of the engine's life, unless what it paid was
/// learning that later blocks will not pay again:
///
/// - it learnt fewer than half the new words of the block before: a list's vocabulary is still
///   being learnt, and once learnt, words cost nothing;
/// - or the document's words repeat enough (`repetition`, the words of its text over its
///   distinct words, counted before the layout starts): had the block's words been learnt as
///   often as the document repeats them, one new word per `repetition` lookups, it would have
///   saved more than it cost.
///
/// Before it starts, each value of the items (`title`, `author.name`) is judged by its own words
/// (`judge(bySource:)`), since words are learnt per font and a row's labels repeat theirs very
/// differently: a value whose words could not pay for learning them is left to Pango, and the
/// document's `repetition` is that of the values kept. In 10,000 rows, the sentences of package
/// descriptions (a word 71 times) and of licence texts (187 times) keep the word shaper, their
/// titles (a package's name 4 times, a licence's 3) are left to Pango, and names and sentences in
/// two dozen languages (2 and 6 times) do not even start it.
///
/// The second reason trusts the values' count: words of its items that no label shows count
/// too. Learning the vocabulary of package descriptions' sentences costs more than it saves in
/// the first blocks (the first costs five times what it saves) and pays from then on (over
/// 10,000 rows on one thread it costs 292,000 units and saves 972,000), so no early total can
/// judge it. The rule counts, it does not time, so it decides the same way on every run. Output
/// does not depend on it: words and Pango give the same glyphs. (`Benchmarks/text.py` prints
/// what it decided with `TABLERENDER_STATS=1`.)
package struct WordShaperStatistics: Sendable {
    package static let block = 64
    /// A new word, and a word looked up, in bytes of Pango's paragraph layout.
    static let newWordCost = 64
    static let lookupsPerByte = 4

    /// How many times a word of the document comes, on average (`WordRepetition`);
    /// nil when unknown.
    package var repetition: Double?
    package private(set) var tried = 0
    package private(set) var made = 0
    package private(set) var turnedOff = false
    private var blockTried = 0
    private var blockCost = 0
    private var blockBytesMade = 0
    private var blockNewWords = 0
    private var blockLookups = 0
    /// Whether it may turn the word shaper off (tests turn this off to see what a whole
    /// document would have cost).
    package var decides = true
    /// Whether `judge` turned it off before it tried a paragraph.
    package private(set) var offFromTheStart = false
    /// The values of the items whose paragraphs are left to Pango (`judge(bySource:)`).
    package private(set) var wordlessSources: Set<String> = []
    /// Each value's repetition and whether it was left to Pango, for `summary`.
    private var sources: [(source: String, repetition: Double, off: Bool)] = []
    package private(set) var blocksSeen = 0
    /// The cost and the bytes made of all the blocks so far, in the units above.
    package private(set) var totalCost = 0
    package private(set) var totalBytesMade = 0
    /// New words of the block before; nil before the first block ends.
    private var previousNewWords: Int?
    /// The first blocks' cost, bytes made and new words, for `summary`.
    private var blocks: [(cost: Int, made: Int, newWords: Int)] = []

    /// A paragraph the word shaper tried: the words it looked up and the new ones it shaped, and
    /// the bytes it made (0: refused).
    mutating func tried(lookups: Int, newWords: Int, bytesMade: Int) {
        tried += 1
        blockTried += 1
        blockNewWords += newWords
        blockLookups += lookups
        blockCost += newWords * Self.newWordCost + lookups / Self.lookupsPerByte
        if bytesMade > 0 {
            made += 1
            blockBytesMade += bytesMade
        }
        guard blockTried >= Self.block else { return }
        if blocks.count < 4 { blocks.append((blockCost, blockBytesMade, blockNewWords)) }
        blocksSeen += 1
        totalCost += blockCost
        totalBytesMade += blockBytesMade
        if decides, let previousNewWords, blockCost > blockBytesMade, blockNewWords * 2 > previousNewWords, !paysOnceLearnt {
            turnedOff = true
        }
        previousNewWords = blockNewWords
        blockTried = 0
        blockCost = 0
        blockBytesMade = 0
        blockNewWords = 0
        blockLookups = 0
    }

    /// Takes what the document's text says before the layout starts (`WordRepetition`): how
    /// often it repeats its words, and how many bytes a word and its space take. When even a
    /// paragraph made from words every time could not pay for learning one new word every
    /// `repetition` lookups (names and sentences in many languages: a word 4 times, some 8 bytes
    /// of it, against 16 units a lookup), the word shaper is off from the start, trial and all.
    package mutating func judge(_ count: WordRepetition) {
        repetition = count.repetition
        if decides, Self.repeatsTooLittle(count) {
            turnedOff = true
            offFromTheStart = true
        }
    }

    /// Takes the same, counted per value of the items (`source`, a key path such as `title` or
    /// `author.name`): words are learnt per font, and the labels of a row repeat their words very
    /// differently (10,000 package descriptions repeat a word of their names 4 times and a word
    /// of their sentences 71 times). A value whose own words repeat too little to pay is left to
    /// Pango (`wordlessSources`); the rest are judged together, as above. When every value with
    /// words is left to Pango, the word shaper is off from the start.
    package mutating func judge(bySource counts: [String: WordRepetition]) {
        var kept = WordRepetition()
        var judged: [(source: String, repetition: Double, off: Bool)] = []
        wordlessSources = []
        for (source, count) in counts.sorted(by: { $0.key < $1.key }) {
            let off = decides && Self.repeatsTooLittle(count)
            if off { wordlessSources.insert(source) } else { kept.merge(count) }
            if let repetition = count.repetition { judged.append((source, repetition, off)) }
        }
        sources = judged
        if !wordlessSources.isEmpty, kept.words == 0 {
            repetition = nil
            turnedOff = decides
            offFromTheStart = decides
        } else {
            judge(kept)
        }
    }

    /// Whether even a paragraph made from words every time could not pay for learning one new
    /// word every `repetition` lookups.
    static func repeatsTooLittle(_ count: WordRepetition) -> Bool {
        guard let repetition = count.repetition, let bytesPerWord = count.bytesPerWord else { return false }
        return Double(Self.newWordCost) / repetition + 1 / Double(Self.lookupsPerByte) >= bytesPerWord
    }

    /// Whether the word shaper may try a paragraph of `source` (nil: text no value gives, such
    /// as a template's own words).
    func allows(_ source: String?) -> Bool {
        guard let source, !wordlessSources.isEmpty else { return true }
        return !wordlessSources.contains(source)
    }

    /// Whether the block just ended would have saved more than it cost with one new word every
    /// `repetition` lookups, as the document repeats its words.
    private var paysOnceLearnt: Bool {
        guard let repetition, repetition > 1 else { return false }
        let learnt = Double(blockLookups) / repetition * Double(Self.newWordCost) + Double(blockLookups / Self.lookupsPerByte)
        return learnt < Double(blockBytesMade)
    }

    /// A summary for `TABLERENDER_STATS=1`.
    package var summary: String {
        let bySource = sources.isEmpty ? "" : "; words repeat " + sources.map {
            "\(String(format: "%.1f", $0.repetition)) times in '\($0.source)'\($0.off ? " (left to Pango)" : "")"
        }.joined(separator: ", ")
        if offFromTheStart {
            let why = repetition.map { "the document repeats a word \(Int($0.rounded())) times, too few" } ?? "no value repeats its words enough"
            return "word shaper: off from the start; \(why) to pay for learning them" + bySource
        }
        return "word shaper: \(made) of \(tried) paragraphs tried made from words\(turnedOff ? ", then turned off (it cost more than it saved)" : "")" + bySource
            + (repetition.map { "; the document repeats a word \(Int($0.rounded())) times" } ?? "")
            + (blocksSeen > 0 ? "; cost \(totalCost) against \(totalBytesMade) bytes made over \(blocksSeen) blocks" : "")
            + "; first blocks (cost, made, new words): " + blocks.map { "(\($0.cost), \($0.made), \($0.newWords))" }.joined(separator: " ")
    }
}

/// Glyphs of a word shaped alone, clusters relative to the word.
struct WordGlyphs: Sendable {
    struct Glyph: Sendable, Equatable {
        var id: UInt32
        var width: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    var infos: [Glyph]
    var clusters: [Int32]

    /// Letter spacing of `spacing` Pango units after each cluster: the last glyph of each is
    /// that much wider. Laid side by side, the glyphs stand where Pango puts letter-spaced ones
    /// (it adds half before and half after each cluster, and takes off the halves at the ends
    /// of a line: the line's width is one spacing less, `TextEngine.assembled`).
    mutating func space(by spacing: Int32) {
        for index in infos.indices where index + 1 == infos.count || clusters[index + 1] != clusters[index] {
            infos[index].width += spacing
        }
    }
}

/// A text shaped alone by Pango (`TextEngine.shapeAlone`).
struct ShapedWord {
    var word: WordWrap.Word
    var font: FontID
    var glyphs: WordGlyphs
    var headBytes: Int
}

/// A word that may be put together with others: its widths, whether a space may follow it, its
/// glyphs, and for a word with one break inside, its two parts' glyphs.
struct KnownWord: Sendable {
    var word: WordWrap.Word
    var apartAfter: Bool
    var glyphs: WordGlyphs
    var head: WordGlyphs?
    var tail: WordGlyphs?
    var headBytes: Int
}

/// The words of one font an engine has seen.
final class WordTable {
    let fontSpec: FontSpec
    let font: FontID
    /// The family fontconfig names the font by.
    let family: String
    let space: Int
    let spaceGlyphs: WordGlyphs
    /// The space a line wraps at: it stays in the line with no width, as Pango leaves it.
    let wrappedSpaceGlyphs: WordGlyphs
    var known: [String: KnownWord?] = [:]
    var alonePairs: [String: Bool] = [:]
    let shared: SharedWords

    init(fontSpec: FontSpec, font: FontID, space: Int, spaceGlyphs: WordGlyphs) {
        self.fontSpec = fontSpec
        self.font = font
        family = FontRegistry.family(font)
        self.space = space
        self.spaceGlyphs = spaceGlyphs
        var wrapped = spaceGlyphs
        for index in wrapped.infos.indices {
            wrapped.infos[index].width = 0
            wrapped.infos[index].id = TextEngine.emptyGlyph
        }
        wrappedSpaceGlyphs = wrapped
        shared = SharedWords.of(fontSpec)
    }
}

/// What every engine of the process has learnt of a font's words: glyphs, advances and whether a
/// word can be put together with others are facts of the font file, so a word is shaped once per
/// process. Engines keep their own copy in front (a lookup without a lock).
final class SharedWords: Sendable {
    private struct Learnt {
        var known: [String: KnownWord?] = [:]
        var pairs: [String: Bool] = [:]
    }

    private let learnt = Mutex(Learnt())

    func word(_ word: String) -> KnownWord?? { learnt.withLock { $0.known[word] } }
    func pair(_ pair: String) -> Bool? { learnt.withLock { $0.pairs[pair] } }

    func learn(_ word: String, _ entry: KnownWord?) {
        learnt.withLock { learnt in
            if learnt.known.count >= Rules.wordsKept { learnt.known.removeAll(keepingCapacity: true) }
            learnt.known[word] = .some(entry)
        }
    }

    func learn(pair: String, _ apart: Bool) { learnt.withLock { $0.pairs[pair] = apart } }

    private static let fonts = Mutex([FontSpec: SharedWords]())

    static func of(_ font: FontSpec) -> SharedWords {
        fonts.withLock { fonts in
            if let known = fonts[font] { return known }
            let made = SharedWords()
            fonts[font] = made
            return made
        }
    }
}

extension TextEngine {
    /// Pango's glyph for a character that takes no room (the space a line wraps at).
    static let emptyGlyph: UInt32 = 0x0FFF_FFFF

    /// Whether the word shaper is on for this engine now.
    var wordsActive: Bool { usesWords && !wordShaper.statistics.turnedOff }

    /// Whether the word shaper tries a paragraph of `source` (`WordShaperStatistics.allows`).
    func triesWords(for source: String?) -> Bool { wordsActive && wordShaper.statistics.allows(source) }

    /// Whether a layout that draws should shape a window's text before laying its rows out
    /// (`TableLayoutEngine`): when Pango shapes paragraphs, not when the word shaper makes nine
    /// in ten of them (a list of repeated vocabulary, 2 % slower so).
    package var shapesAhead: Bool {
        drawsText && (!wordsActive || wordShaper.statistics.made * 10 < wordShaper.statistics.tried * 9)
    }

    /// The size of a plain paragraph from its words, or nil (see the rules above).
    func wordsMeasure(_ text: String, style: TextStyle, width: Double?, source: String?) -> TextSize? {
        guard triesWords(for: source) else { return nil }
        var lines: [WordWrap.Line]?
        let size = fromWords(text, style: style, width: width, lines: &lines)?.size
        countTried(made: size == nil ? 0 : text.utf8.count)
        return size
    }

    /// The same, for tests: nil when the words alone cannot say.
    package func sizeFromWords(_ text: String, style: TextStyle, width: Double?) -> TextSize? {
        var lines: [WordWrap.Line]?
        return fromWords(text, style: style, width: width, lines: &lines)?.size
    }

    /// A plain paragraph put together from its words, or nil.
    func wordsShape(_ text: String, style: TextStyle, width: Double?, source: String?) -> ShapedText? {
        guard triesWords(for: source) else { return nil }
        let shaped = shapeFromWords(text, style: style, width: width)
        countTried(made: shaped == nil ? 0 : text.utf8.count)
        return shaped
    }

    /// A plain paragraph's lines as text, from its words alone, or nil.
    func wordsLines(_ text: String, style: TextStyle, width: Double?, source: String?) -> TextLines? {
        guard triesWords(for: source) else { return nil }
        var lines: [WordWrap.Line]? = []
        let result = fromWords(text, style: style, width: width, lines: &lines)
        countTried(made: result == nil ? 0 : text.utf8.count)
        guard let result, let lines else { return nil }
        return textLines(text, result, lines: lines)
    }

    /// The lines as text of a paragraph put together from words.
    func textLines(_ text: String, _ words: WordsMade, lines: [WordWrap.Line]) -> TextLines {
        let (size, table, known, ranges) = words
        var made = TextLines(text: text, size: size, lines: lines.enumerated().map { number, line in
            let (start, end) = Self.bytes(of: line, isLast: number == lines.count - 1, words: known, ranges: ranges)
            return (start: start, length: end - start, ellipses: [])
        })
        if !table.family.isEmpty { made.families = [table.family] }
        return made
    }

    /// A paragraph put together from words: its size, its font's word table, its words and their
    /// byte ranges.
    typealias WordsMade = (size: TextSize, table: WordTable, words: [KnownWord], ranges: [Range<Int>])

    /// The bytes a line of words shows: from its first word (or the tail of a word broken after
    /// a hyphen) to its last, with the space it wraps at.
    static func bytes(of line: WordWrap.Line, isLast: Bool, words known: [KnownWord], ranges: [Range<Int>]) -> (start: Int, end: Int) {
        let start = ranges[line.first].lowerBound + (line.startsWithTail ? known[line.first].headBytes : 0)
        let end = line.endsWithHead ? ranges[line.last].lowerBound + known[line.last].headBytes
            : isLast ? ranges[line.last].upperBound : ranges[line.last].upperBound + 1
        return (start, end)
    }

    private func countTried(made bytes: Int) {
        wordShaper.countTried(made: bytes)
    }

    /// A plain paragraph put together from its words, whether or not the word shaper is on (for
    /// tests), or nil when the words alone cannot say what Pango would.
    package func shapeFromWords(_ text: String, style: TextStyle, width: Double?) -> ShapedText? {
        var lines: [WordWrap.Line]? = []
        guard let words = fromWords(text, style: style, width: width, lines: &lines), let lines else { return nil }
        return assembled(text, words, lines: lines, style: style, width: width)
    }

    /// A line's width as Pango gives it from the width its words and spaces add up to
    /// (`WordWrap`): with letter spacing, the spacing after its last character is not the line's
    /// (Pango takes off the halves at a line's ends; its lines fit by the width with them).
    static func spacedLineWidth(_ width: Int, style: TextStyle) -> Int {
        guard style.font.tracking != 0, width > 0 else { return width }
        return width - Int(pangoUnits(style.font.tracking))
    }

    /// The lines of glyphs of a paragraph put together from words.
    func assembled(_ text: String, _ words: WordsMade, lines: [WordWrap.Line], style: TextStyle, width: Double?) -> ShapedText {
        let (size, table, known, ranges) = words
        let layoutWidth = width.map { Int(pangoWidth($0)) }
        var made: [ShapedLine] = []
        made.reserveCapacity(lines.count)
        for (number, line) in lines.enumerated() {
            let isLast = number == lines.count - 1
            let (start, end) = Self.bytes(of: line, isLast: isLast, words: known, ranges: ranges)
            // The run's glyphs and clusters made as the words' glyphs are added (the clusters
            // Pango's `PangoGlyphItemIter` walk gives: a cluster runs to the next greater
            // cluster start, and counts its glyphs but the empty ones).
            var run = RunBuilder()
            func add(_ glyphs: WordGlyphs, at byte: Int) { run.add(glyphs, at: Int32(byte - start)) }
            for index in line.first...line.last {
                if index > line.first { add(table.spaceGlyphs, at: ranges[index - 1].upperBound) }
                if index == line.first, line.startsWithTail, let tail = known[index].tail {
                    add(tail, at: ranges[index].lowerBound + known[index].headBytes)
                } else if index == line.last, line.endsWithHead, let head = known[index].head {
                    add(head, at: ranges[index].lowerBound)
                } else {
                    add(known[index].glyphs, at: ranges[index].lowerBound)
                }
            }
            if !isLast, !line.endsWithHead { add(table.wrappedSpaceGlyphs, at: ranges[line.last].upperBound) }
            let lineWidth = Self.spacedLineWidth(line.width, style: style)
            var offset = 0
            if let layoutWidth {
                switch style.alignment {
                case .center:
                    offset = (layoutWidth - lineWidth) / 2
                    // Pango rounds a centred line to whole pixels when both widths are whole.
                    let scale = Int(pangoScale)
                    if (layoutWidth | lineWidth) & (scale - 1) == 0 { offset = (offset + scale / 2) & ~(scale - 1) }
                case .trailing, .right: offset = layoutWidth - lineWidth
                case .natural, .leading, .justified, .left: offset = 0
                }
            }
            var glyphRun = run.finish(font: table.font, start: start, length: end - start)
            // The line's one run ends where the line does (the spacing after its last character
            // taken off).
            glyphRun.width = Int32(clamping: Int(glyphRun.width) - (line.width - lineWidth))
            made.append(ShapedLine(x: Int32(clamping: offset), width: Int32(clamping: lineWidth), start: Int32(start), length: Int32(end - start), runs: [glyphRun]))
        }
        return ShapedText(text: text, size: size, baseline: baseline(of: style.font), lineHeight: style.font.lineHeight, lines: made,
                          isRightToLeft: false, tracking: style.font.tracking)
    }

    /// A left-to-right run put together word by word, the same as `wordRun` makes from the
    /// words' glyphs and clusters joined, without joining them first.
    struct RunBuilder {
        var glyphs: [PositionedGlyph] = []
        var clusters: [TextCluster] = []
        var position: Int32 = 0
        /// The open cluster: where it starts, where the one before ended, its glyphs.
        var current: Int32 = -1
        var previousEnd: Int32 = 0
        var counted: Int32 = 0

        mutating func add(_ word: WordGlyphs, at offset: Int32) {
            glyphs.reserveCapacity(glyphs.count + word.infos.count)
            for (info, cluster) in zip(word.infos, word.clusters) {
                let start = cluster + offset
                if current < 0 {
                    current = start
                } else if start > current {
                    clusters.append(TextCluster(bytes: start - previousEnd, glyphs: counted))
                    previousEnd = start
                    current = start
                    counted = 0
                }
                if info.id != emptyGlyph {
                    glyphs.append(PositionedGlyph(id: info.id, x: Int32(clamping: Int64(position) + Int64(info.xOffset)), y: info.yOffset))
                    if info.id & PositionedGlyph.unknownFlag == 0 { counted += 1 }
                }
                // Held at Int32's end rather than trapping: only a single cluster wider than
                // `maximumLineWidth` (a thousand characters without a break at 1,000 pt) gets there.
                position = Int32(clamping: Int64(position) + Int64(info.width))
            }
        }

        mutating func finish(font: FontID, start: Int, length: Int) -> GlyphRun {
            if current >= 0 { clusters.append(TextCluster(bytes: Int32(length) - previousEnd, glyphs: counted)) }
            return GlyphRun(font: font, start: Int32(start), length: Int32(length), glyphs: glyphs, clusters: clusters, isBackward: false, width: position)
        }
    }

    /// The word table of `font`, made on first use; nil when even a space cannot be shaped alone.
    func wordTable(_ font: FontSpec) -> WordTable? {
        if let known = wordShaper.table(font) { return known }
        guard let space = Typesetting.exclusively({ shapeAlone(" ", font: font) }), space.word.breaksInside == 0 else { return nil }
        let table = WordTable(fontSpec: font, font: space.font, space: space.word.width, spaceGlyphs: space.glyphs)
        wordShaper.add(table)
        return table
    }

    /// A paragraph's size from its words and, when `lines` is not nil, its lines, words and the
    /// words' byte ranges; nil when the words alone cannot say exactly what Pango would.
    private func fromWords(_ text: String, style: TextStyle, width: Double?, lines: inout [WordWrap.Line]?)
        -> (size: TextSize, table: WordTable, words: [KnownWord], ranges: [Range<Int>])? {
        if style.alignment == .justified { return nil }
        var text = text
        var made = lines
        let result = text.withUTF8 { bytes -> (size: TextSize, table: WordTable, words: [KnownWord], ranges: [Range<Int>])? in
            guard let ranges = WordWrap.words(in: bytes), let table = wordTable(style.font) else { return nil }
            var measured: [WordWrap.Word] = []
            measured.reserveCapacity(ranges.count)
            var known: [KnownWord] = []
            if made != nil { known.reserveCapacity(ranges.count) }
            for (index, range) in ranges.enumerated() {
                guard range.count <= Rules.longestWord else { return nil }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                wordShaper.lookups += 1
                var entry: KnownWord?
                if let seen = table.known[word] {
                    entry = seen
                } else {
                    if let learnt = table.shared.word(word) {
                        entry = learnt
                    } else {
                        entry = Typesetting.exclusively { shapeWord(word, table: table) }
                        wordShaper.newWords += 1
                        table.shared.learn(word, entry)
                    }
                    if table.known.count >= Rules.wordsKept { table.known.removeAll(keepingCapacity: true) }
                    table.known[word] = .some(entry)
                }
                guard let entry, entry.apartAfter || index == ranges.count - 1 else { return nil }
                measured.append(entry.word)
                if made != nil { known.append(entry) }
            }
            let limit = width.map { Int(pangoWidth($0)) }
            guard let (count, widest) = WordWrap.wrap(measured, space: table.space, width: limit, lines: &made) else { return nil }
            // A text cut by its line limit is cut by Pango (`TextEngine.layoutShape`).
            if style.lines > 0, width != nil, count > style.lines { return nil }
            let size = TextSize(width: Double(Self.spacedLineWidth(widest, style: style)) / pangoScale, height: Double(count) * style.font.lineHeight,
                                lineCount: count)
            return (size, table, known, ranges)
        }
        lines = made
        return result
    }

    /// A word of `table`'s font shaped alone, or nil when it cannot be put together with others
    /// (rules 3 to 6). Inside `Typesetting.exclusively`.
    private func shapeWord(_ word: String, table: WordTable) -> KnownWord? {
        guard let alone = shapeAlone(word, font: table.fontSpec), alone.font == table.font,
              !alone.glyphs.infos.contains(where: { $0.id & PositionedGlyph.unknownFlag != 0 }),
              let first = word.first, let last = word.last, keepsApartFromSpace(" " + String(first), table) else { return nil }
        var known = KnownWord(word: alone.word, apartAfter: keepsApartFromSpace(String(last) + " ", table), glyphs: alone.glyphs,
                              head: nil, tail: nil, headBytes: alone.headBytes)
        // Neighbours of the word's own script: Pango makes a run of each script.
        let script = word.unicodeScalars.first { Rules.greekAndCyrillic.contains($0.value) }.map { $0.value < Rules.firstCyrillic ? 1 : 2 } ?? 0
        for neighbour in Rules.neighbours[script] {
            guard keepsGlyphs(alone.glyphs, in: neighbour + " ", word, "", table: table),
                  !known.apartAfter || keepsGlyphs(alone.glyphs, in: neighbour + " ", word, " " + neighbour, table: table) else { return nil }
        }
        if alone.word.breaksInside == 1 {
            let utf8 = Array(word.utf8)
            guard let head = shapeAlone(String(decoding: utf8[..<alone.headBytes], as: UTF8.self), font: table.fontSpec),
                  let tail = shapeAlone(String(decoding: utf8[alone.headBytes...], as: UTF8.self), font: table.fontSpec),
                  head.font == table.font, tail.font == table.font else { return nil }
            // Pango shapes the two parts again with the rest of the word as context; shaped
            // alone they must be the very glyphs of the whole word, or the context mattered
            // (Inter's "+" after "C+" takes its case form) and a break inside is left to Pango.
            let split = Int32(alone.headBytes)
            let whole = alone.glyphs
            let before = whole.clusters.indices.filter { whole.clusters[$0] < split }
            let after = whole.clusters.indices.filter { whole.clusters[$0] >= split }
            func same(_ part: WordGlyphs, _ indices: [Int], shift: Int32) -> Bool {
                part.infos.count == indices.count && zip(part.infos.indices, indices).allSatisfy { index, wholeIndex in
                    part.infos[index] == whole.infos[wholeIndex] && part.clusters[index] + shift == whole.clusters[wholeIndex]
                }
            }
            if same(head.glyphs, before, shift: 0), same(tail.glyphs, after, shift: split) {
                known.word.head = head.word.width
                known.word.tail = tail.word.width
                known.head = head.glyphs
                known.tail = tail.glyphs
            } else {
                known.word.breaksInside = 2
            }
        }
        return known
    }

    /// Whether `word` shaped between `before` and `after` has the glyphs it has alone (rule 5).
    private func keepsGlyphs(_ glyphs: WordGlyphs, in before: String, _ word: String, _ after: String, table: WordTable) -> Bool {
        guard let shaped = shapeAlone(before + word + after, font: table.fontSpec), shaped.font == table.font else { return false }
        let start = Int32(before.utf8.count), end = start + Int32(word.utf8.count)
        let inside = shaped.glyphs.clusters.indices.filter { shaped.glyphs.clusters[$0] >= start && shaped.glyphs.clusters[$0] < end }
        return inside.count == glyphs.infos.count && zip(inside, glyphs.infos.indices).allSatisfy { index, own in
            shaped.glyphs.infos[index] == glyphs.infos[own] && shaped.glyphs.clusters[index] - start == glyphs.clusters[own]
        }
    }

    /// Whether a character and a space (`pair`) shape together as apart, the same glyphs at the
    /// same advances: no kerning, no contextual form across the space (rule 4). Worked out once
    /// per pair and font. Inside `Typesetting.exclusively`.
    private func keepsApartFromSpace(_ pair: String, _ table: WordTable) -> Bool {
        if let known = table.alonePairs[pair] { return known }
        if let learnt = table.shared.pair(pair) {
            table.alonePairs[pair] = learnt
            return learnt
        }
        let character = String(pair.filter { $0 != " " })
        var apart = false
        if let together = shapeAlone(pair, font: table.fontSpec), let alone = shapeAlone(character, font: table.fontSpec) {
            let spaceFirst = pair.hasPrefix(" ")
            let expected = spaceFirst ? table.spaceGlyphs.infos + alone.glyphs.infos : alone.glyphs.infos + table.spaceGlyphs.infos
            apart = together.word.width == alone.word.width + table.space && together.font == alone.font && together.glyphs.infos == expected
        }
        table.alonePairs[pair] = apart
        table.shared.learn(pair: pair, apart)
        return apart
    }
}

/// How many times a document's words come on average, as the word shaper meets them, for its
/// decision (`WordShaperStatistics.repetition`): words split at spaces as the word shaper splits
/// them, told apart by a 64-bit FNV-1a hash of their bytes, over the distinct words. A paragraph
/// that comes again in the same window of rows is left out: the engine keeps its shape for the
/// window, and the word shaper does not see it again.
package struct WordRepetition {
    private var seen = Set<UInt64>()
    private var paragraphs = Set<UInt64>()
    package private(set) var words = 0
    private var bytesCounted = 0
    private static let start: UInt64 = 0xCBF2_9CE4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    package init() {}

    /// A new window of rows: the engine has forgotten the paragraphs before.
    package mutating func startWindow() { paragraphs.removeAll(keepingCapacity: true) }

    package mutating func add(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var whole = Self.start
            for byte in bytes { whole = (whole ^ UInt64(byte)) &* Self.prime }
            guard paragraphs.insert(whole).inserted else { return }
            bytesCounted += bytes.count
            var hash = Self.start
            var inWord = false
            for byte in bytes {
                if byte == 0x20 {
                    guard inWord else { continue }
                    seen.insert(hash)
                    words += 1
                    hash = Self.start
                    inWord = false
                } else {
                    hash = (hash ^ UInt64(byte)) &* Self.prime
                    inWord = true
                }
            }
            if inWord {
                seen.insert(hash)
                words += 1
            }
        }
    }

    /// Adds what `other` counted (the words of another value).
    package mutating func merge(_ other: WordRepetition) {
        seen.formUnion(other.seen)
        words += other.words
        bytesCounted += other.bytesCounted
    }

    /// Words over distinct words; nil without words.
    package var repetition: Double? { seen.isEmpty ? nil : Double(words) / Double(seen.count) }

    /// The bytes of the paragraphs counted over their words: a word and its space.
    package var bytesPerWord: Double? { words == 0 ? nil : Double(bytesCounted) / Double(words) }
}

/// The word shaper's state: each font's table of words shaped alone (the last one used kept at
/// hand), how the shaper has fared, and the words the paragraph being tried has looked up and
/// learnt so far. The engine shapes; this keeps what it learnt.
struct WordShaper {
    private var tables: [FontSpec: WordTable] = [:]
    private var last: WordTable?
    var statistics = WordShaperStatistics()
    var lookups = 0
    var newWords = 0

    /// The table of `font` made before, if any.
    mutating func table(_ font: FontSpec) -> WordTable? {
        if let last, last.fontSpec == font { return last }
        guard let known = tables[font] else { return nil }
        last = known
        return known
    }

    mutating func add(_ table: WordTable) {
        tables[table.fontSpec] = table
        last = table
    }

    /// Counts a paragraph tried (`bytes` of it made from words, 0 when it was not) with the
    /// lookups and new words it took, and starts the next one's count.
    mutating func countTried(made bytes: Int) {
        statistics.tried(lookups: lookups, newWords: newWords, bytesMade: bytes)
        lookups = 0
        newWords = 0
    }

    /// Lets the tables (and the fonts they hold) go.
    mutating func forgetTables() {
        last = nil
        tables.removeAll()
    }
}
