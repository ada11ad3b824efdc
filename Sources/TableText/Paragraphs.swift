import TableTemplates

/// Paragraphs shaped once: a plain paragraph that the word shaper does not make from its words
/// is shaped whole, on one line, by HarfBuzz with the settings Pango gives it
/// (`TextEngine.shapeWhole`), and broken into lines here by Pango's greedy rule (`WordWrap.wrap`).
/// Pango itself shapes a run, breaks it, and shapes again each part of a run it breaks: a
/// paragraph of two lines is shaped about twice, and shaping is most of what a paragraph costs
/// (the 1,000 rows of names and sentences of the benchmark's people list: HarfBuzz 1,297 M
/// instructions wrapped at 343 points, 569 M on one line). Shaped once, the lines are the very
/// glyphs Pango gives them where these rules hold, in order, and the paragraph goes to Pango where
/// one does not:
///
/// 1. **Characters**: letters of one script (Latin-1 and Latin Extended, Greek or Cyrillic),
///    digits, printable ASCII, the punctuation of U+2010 to U+2027, single spaces between words;
///    not newlines or tabs, nothing else.
/// 2. **One run**: every character is in the font Pango gives a letter of the paragraph's script
///    alone (the first font of the font set that has it, as Pango's itemizer asks), left to right.
/// 3. **Spaces apart**: each space a line may break at is the font's space alone, the same glyph
///    and advance (a space kerned with a letter beside it is Pango's).
/// 4. **Breaks**: HarfBuzz says each break the lines take is safe (`HB_GLYPH_FLAG_UNSAFE_TO_BREAK`
///    unset on the first glyph of the next line): the two parts shaped apart, as Pango shapes
///    them again, are the very glyphs of the whole.
/// 5. **Break opportunities**: for a paragraph of the word shaper's own alphabet, every space is
///    one and a word has none of its own unless a character other than a letter, a digit or an
///    apostrophe comes before its last (a hyphen, a slash, a dot); beyond it, Pango's own analysis
///    says where (`TextEngine.lineBreaks`), and words are joined at a space Pango may not break
///    at (after an opening bracket, before a closing one). A line that would have to end inside a
///    word with opportunities of its own is Pango's. So is a word wider than its line, a word
///    longer than `TextEngine.longestUnbrokenRun`, a line limit that cuts the text, and
///    justified text.
///
/// Proven against Pango (`ParagraphShaperTests`): real text of the machine, random paragraphs of
/// the word shaper's alphabet and random paragraphs with brackets, quotes and symbols, in four
/// fonts, at every width where a line's end changes: the same glyphs, clusters, offsets and sizes
/// as Pango's layout of each paragraph; leaving out rule 3, 4 or either half of 5 makes it fail.
struct WholeParagraph {
    var font: FontID
    /// Glyphs in logical order, clusters as byte offsets in the paragraph.
    var glyphs: WordGlyphs
    /// Per glyph: whether a break before it would shape the parts differently.
    var unsafeBefore: [Bool]
}

/// A paragraph shaped whole and cut into its words, kept for the other widths a layout asks.
struct ParagraphWords {
    var table: WordTable
    var measured: [WordWrap.Word]
    var words: [KnownWord]
    var ranges: [Range<Int>]
    /// Per word: whether a line may not start with it (rule 4).
    var unsafeBefore: [Bool]
}

/// A paragraph and its font, by bytes (`TextEngine.Key`).
struct WholeKey: Hashable {
    var text: String
    var font: FontSpec

    static func == (a: WholeKey, b: WholeKey) -> Bool { TextEngine.Key.sameBytes(a.text, b.text) && a.font == b.font }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(font)
    }
}

extension TextEngine {
    /// The size of a plain paragraph shaped once, or nil (see the rules above).
    func paragraphMeasure(_ text: String, style: TextStyle, width: Double?) -> TextSize? {
        guard usesWords else { return nil }
        var lines: [WordWrap.Line]?
        return fromParagraph(text, style: style, width: width, lines: &lines)?.size
    }

    /// A plain paragraph shaped once and broken into lines of glyphs, or nil.
    func paragraphShape(_ text: String, style: TextStyle, width: Double?) -> ShapedText? {
        guard usesWords else { return nil }
        return shapeParagraphOnce(text, style: style, width: width)
    }

    /// The same, whatever the engine's settings (for tests).
    package func shapeParagraphOnce(_ text: String, style: TextStyle, width: Double?) -> ShapedText? {
        var lines: [WordWrap.Line]? = []
        guard let made = fromParagraph(text, style: style, width: width, lines: &lines), let lines else { return nil }
        return assembled(text, made, lines: lines, style: style, width: width)
    }

    /// A plain paragraph's lines as text, shaped once, or nil.
    func paragraphLines(_ text: String, style: TextStyle, width: Double?) -> TextLines? {
        guard usesWords else { return nil }
        var lines: [WordWrap.Line]? = []
        guard let made = fromParagraph(text, style: style, width: width, lines: &lines), let lines else { return nil }
        return textLines(text, made, lines: lines)
    }

    /// A paragraph shaped once: its size and, when `lines` is not nil, its lines; nil when the
    /// rules above do not hold.
    private func fromParagraph(_ text: String, style: TextStyle, width: Double?, lines made: inout [WordWrap.Line]?) -> WordsMade? {
        guard style.alignment != .justified, let paragraph = paragraphWords(text, font: style.font) else { return nil }
        let limit = width.map { Int(pangoWidth($0)) }
        var lines: [WordWrap.Line]? = []
        guard let (count, widest) = WordWrap.wrap(paragraph.measured, space: paragraph.table.space, width: limit, lines: &lines),
              let lines else { return nil }
        // A text cut by its line limit is cut by Pango (`TextEngine.layoutShape`).
        if style.lines > 0, width != nil, count > style.lines { return nil }
        for line in lines.dropFirst() where line.startsWithTail || paragraph.unsafeBefore[line.first] { return nil }
        if made != nil { made = lines }
        paragraphShaper.layoutsMade += 1
        let size = TextSize(width: Double(Self.spacedLineWidth(widest, style: style)) / pangoScale, height: Double(count) * style.font.lineHeight,
                            lineCount: count)
        return (size, paragraph.table, paragraph.words, paragraph.ranges)
    }

    /// `text` in `font` shaped whole and cut into its words (rules 1, 2, 3 and 5), kept for the
    /// window of rows; nil when it is not a paragraph of words or the rules do not hold.
    private func paragraphWords(_ text: String, font: FontSpec) -> ParagraphWords? {
        let key = WholeKey(text: text, font: font)
        if let known = paragraphShaper.paragraphs[key] { return known }
        var text = text
        let made = text.withUTF8 { bytes -> ParagraphWords? in
            var script = WordWrap.Script.common
            var ranges: [Range<Int>]
            var breaksInside: [Bool]
            if let words = WordWrap.words(in: bytes, script: &script) {
                ranges = words
                breaksInside = words.map { Self.mayBreakInside(bytes, $0) }
            } else if let spaced = WordWrap.split(bytes, script: &script, wide: true),
                      let breaks = Typesetting.exclusively({ lineBreaks(bytes, characters: spaced.characters, font: font, script: script) }) {
                (ranges, breaksInside) = Self.joined(spaced, breaks: breaks)
            } else {
                return nil
            }
            // A word of more than `longestUnbrokenRun` characters is given break opportunities
            // (`TextEngine.breakable`) and laid out by Pango.
            guard !ranges.contains(where: { $0.count > Self.longestUnbrokenRun }), let table = wordTable(font),
                  let whole = Typesetting.exclusively({ shapeWhole(bytes, font: font, script: script) }), whole.font == table.font
            else { return nil }
            return Self.cut(whole, into: ranges, breaksInside: breaksInside, table: table)
        }
        paragraphShaper.paragraphs[key] = .some(made)
        return made
    }

    /// A paragraph shaped whole cut into its words at its spaces, each space the font's space
    /// alone (rule 3); nil when one is not, or when the glyphs do not follow the words in order.
    static func cut(_ whole: WholeParagraph, into ranges: [Range<Int>], breaksInside: [Bool], table: WordTable) -> ParagraphWords? {
        let infos = whole.glyphs.infos, clusters = whole.glyphs.clusters
        let count = infos.count
        var glyph = 0
        var measured: [WordWrap.Word] = [], words: [KnownWord] = [], unsafe: [Bool] = []
        measured.reserveCapacity(ranges.count)
        words.reserveCapacity(ranges.count)
        unsafe.reserveCapacity(ranges.count)
        for (index, range) in ranges.enumerated() {
            if index > 0 {
                let space = Int32(range.lowerBound - 1)
                for (info, cluster) in zip(table.spaceGlyphs.infos, table.spaceGlyphs.clusters) {
                    guard glyph < count, clusters[glyph] == space + cluster, infos[glyph] == info else { return nil }
                    glyph += 1
                }
            }
            let first = glyph
            var width = 0
            let start = Int32(range.lowerBound), end = Int32(range.upperBound)
            while glyph < count, clusters[glyph] < end {
                guard clusters[glyph] >= start else { return nil }
                width += Int(infos[glyph].width)
                glyph += 1
            }
            guard glyph > first else { return nil }
            let glyphs = WordGlyphs(infos: Array(infos[first..<glyph]), clusters: clusters[first..<glyph].map { $0 - start })
            let word = WordWrap.Word(width: width, breaksInside: breaksInside[index] ? 2 : 0)
            measured.append(word)
            words.append(KnownWord(word: word, apartAfter: true, glyphs: glyphs, head: nil, tail: nil, headBytes: 0))
            unsafe.append(whole.unsafeBefore[first])
        }
        guard glyph == count else { return nil }
        return ParagraphWords(table: table, measured: measured, words: words, ranges: ranges, unsafeBefore: unsafe)
    }

    /// Words joined where Pango may not break at the space between them (after an opening
    /// bracket, before a closing one or a "!"), and whether each has a break opportunity of its
    /// own, from Pango's `breaks` (one per character, and one after the last).
    static func joined(_ spaced: WordWrap.Spaced, breaks: [Bool])
        -> (ranges: [Range<Int>], breaksInside: [Bool]) {
        var ranges: [Range<Int>] = [], inside: [Bool] = []
        ranges.reserveCapacity(spaced.ranges.count)
        inside.reserveCapacity(spaced.ranges.count)
        for (index, range) in spaced.ranges.enumerated() {
            let first = spaced.firstCharacters[index]
            let end = index + 1 < spaced.ranges.count ? spaced.firstCharacters[index + 1] - 1 : spaced.characters
            let breaksWithin = first + 1 < end && breaks[(first + 1)..<end].contains(true)
            if index > 0, !breaks[first] {
                ranges[ranges.count - 1] = ranges[ranges.count - 1].lowerBound..<range.upperBound
                inside[inside.count - 1] = inside[inside.count - 1] || breaksWithin
            } else {
                ranges.append(range)
                inside.append(breaksWithin)
            }
        }
        return (ranges, inside)
    }

    /// Whether a word (of `WordWrap.words(in:)`) may have a break opportunity of its own: a
    /// character before its last that is not a letter, a digit or an apostrophe (' ’) (rule 5).
    /// Letters and digits never break between them, nor beside an apostrophe, nor after an
    /// opening quote; the word's last character never has a break before it.
    static func mayBreakInside(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            let length = byte < 0x80 ? 1 : byte >= 0xE0 ? 3 : 2
            let isLast = index + length >= range.upperBound
            if !isLast {
                if byte < 0x80 {
                    let isLetterOrDigit = (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A || byte >= 0x30 && byte <= 0x39
                    if !isLetterOrDigit, byte != 0x27 { return true }
                } else if byte == 0xE2 {
                    // ‘ “ open a word (no break after them), ’ joins; – … ” may break.
                    switch bytes[index + 2] {
                    case 0x98, 0x9C, 0x99: break
                    default: return true
                    }
                }
            }
            index += length
        }
        return false
    }
}

/// The paragraph shaper's state: paragraphs shaped whole and cut into words, kept for the window
/// of rows (nil for one the rules refuse), and how many layouts (a paragraph at a width) were made
/// from them.
struct ParagraphShaper {
    var paragraphs: [WholeKey: ParagraphWords?] = [:]
    var layoutsMade = 0

    /// Forgets the paragraphs (at the end of a window of rows); the count stays.
    mutating func forgetParagraphs() { paragraphs.removeAll(keepingCapacity: true) }
}
