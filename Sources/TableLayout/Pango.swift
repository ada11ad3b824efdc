import CGraphics
import Foundation
import TableTemplates

/// How a piece of text is set: everything Pango and CSS need to agree on a line break.
public struct TextStyle: Sendable, Hashable {
    public enum Alignment: String, Sendable, Hashable { case natural, leading, center, trailing, justified }
    public enum Truncation: String, Sendable, Hashable { case tail, head, middle, clip }

    public var font: FontSpec
    /// 0 for no limit.
    public var lines: Int
    public var alignment: Alignment
    public var truncation: Truncation

    public init(font: FontSpec, lines: Int = 0, alignment: Alignment = .natural, truncation: Truncation = .tail) {
        self.font = font
        self.lines = lines
        self.alignment = alignment
        self.truncation = truncation
    }
}

/// A measured text block.
public struct TextSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var lineCount: Int
}

/// A paragraph ready to draw, with the browser-identical settings of REFERENCE.md §2: 72 dpi,
/// unrounded glyph positions, no hinting, absolute line heights. Either a Pango layout, or lines
/// put together from words shaped once (`WordWrap`): the glyphs, positions and clusters Pango
/// gives the same lines. It owns its Pango objects and frees them once.
public final class TextLayout {
    private let pointer: OpaquePointer?
    private let lines: [WordLine]
    private let measured: TextSize?
    private let lineHeight: Double

    /// One line of words: its text, and one Pango item and glyph string over it.
    fileprivate struct WordLine {
        let text: UnsafeMutablePointer<CChar>
        let item: UnsafeMutablePointer<PangoItem>
        let glyphs: UnsafeMutablePointer<PangoGlyphString>
        let offset: Double
    }

    fileprivate init(pointer: OpaquePointer, lineHeight: Double) {
        self.pointer = pointer
        self.lines = []
        self.measured = nil
        self.lineHeight = lineHeight
    }

    fileprivate init(lines: [WordLine], size: TextSize, lineHeight: Double) {
        self.pointer = nil
        self.lines = lines
        self.measured = size
        self.lineHeight = lineHeight
    }

    deinit {
        if let pointer { g_object_unref(UnsafeMutableRawPointer(pointer)) }
        for line in lines {
            free(line.text)
            pango_item_free(line.item)
            pango_glyph_string_free(line.glyphs)
        }
    }

    /// Whether the lines were put together from words rather than laid out by Pango.
    package var isFromWords: Bool { pointer == nil }

    /// The logical size: width of the widest line, and the line count times the line height, as
    /// CSS sizes a line box. (Pango lets a taller fallback font, such as colour emoji, grow a
    /// line past its absolute line height; a browser does not.)
    public var size: TextSize {
        if let measured { return measured }
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        let lines = Int(pango_layout_get_line_count(pointer))
        return TextSize(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(lines) * lineHeight, lineCount: lines)
    }

    /// Draws the lines with Cairo, the first baseline at (`x`, `baseline`) and the next ones
    /// `lineHeight` apart, as a browser places them whatever fallback fonts they hold.
    package func draw(on cairo: OpaquePointer, x: Double, baseline: Double, lineHeight: Double) {
        var y = baseline
        for line in lines {
            var run = PangoGlyphItem(item: line.item, glyphs: line.glyphs, y_offset: 0, start_x_offset: 0, end_x_offset: 0)
            cairo_move_to(cairo, x + line.offset, y)
            pango_cairo_show_glyph_item(cairo, line.text, &run)
            y += lineHeight
        }
        guard let pointer, let iterator = pango_layout_get_iter(pointer) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            cairo_move_to(cairo, x + Double(logical.x) / Double(PANGO_SCALE), y)
            pango_cairo_show_layout_line(cairo, line)
            y += lineHeight
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// Each line's glyphs (id, advance, offsets, cluster start), byte clusters and horizontal
    /// offset in Pango units, as drawn: to compare lines from words with Pango's own.
    package var glyphDump: [String] {
        func dump(_ glyphs: UnsafeMutablePointer<PangoGlyphString>, offset: Int) -> String {
            let infos = (0..<Int(glyphs.pointee.num_glyphs)).map { index in
                let info = glyphs.pointee.glyphs[index]
                return "\(info.glyph):\(info.geometry.width):\(info.geometry.x_offset):\(info.geometry.y_offset):\(info.attr.is_cluster_start)@\(glyphs.pointee.log_clusters[index])"
            }
            return "x=\(offset) " + infos.joined(separator: " ")
        }
        if !lines.isEmpty {
            return lines.map { dump($0.glyphs, offset: Int(($0.offset * Double(PANGO_SCALE)).rounded())) }
        }
        guard let pointer, let iterator = pango_layout_get_iter(pointer) else { return [] }
        defer { pango_layout_iter_free(iterator) }
        var result: [String] = []
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            var runs: [String] = []
            var run = line.pointee.runs
            while let node = run {
                let glyphItem = node.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                let item = glyphItem.pointee.item!
                // Clusters relative to the line's start, as a line from words has them.
                let shift = Int32(item.pointee.offset - line.pointee.start_index)
                let glyphs = glyphItem.pointee.glyphs!
                let copy = pango_glyph_string_copy(glyphs)!
                for index in 0..<Int(copy.pointee.num_glyphs) { copy.pointee.log_clusters[index] += shift }
                runs.append(dump(copy, offset: Int(logical.x)))
                pango_glyph_string_free(copy)
                run = node.pointee.next
            }
            result.append(runs.joined(separator: " | "))
        } while pango_layout_iter_next_line(iterator) != 0
        return result
    }

    /// Whether the paragraph's resolved direction is right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool {
        guard let pointer, let line = pango_layout_get_line_readonly(pointer, 0) else { return false }
        return pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL
    }
}

/// Makes and measures text layouts. One per thread: Pango font maps are not shared across
/// threads. An engine may own helper engines that measure on other threads while the layout runs
/// in parallel; the layouts they made are then drawn from here.
public final class TextEngine: @unchecked Sendable {
    /// Engines for the other threads of a parallel layout, made when first needed. Each is used
    /// by one thread at a time.
    package private(set) var helpers: [TextEngine] = []

    /// The helpers whose layouts `layout(_:style:width:)` may hand out: only engines no other
    /// thread is measuring with at the moment.
    package var consulted: [TextEngine] = []

    /// Forgets the layouts of `engines` (and, with `includingOwn`, this engine's): for a streamed
    /// layout, once the pages that used them are drawn. A layout asked for again is shaped again.
    package func dropLayouts(of engines: [TextEngine], includingOwn: Bool) {
        if includingOwn { cache.removeAll(keepingCapacity: true); sizes.removeAll(keepingCapacity: true) }
        for engine in engines {
            engine.cache.removeAll(keepingCapacity: true)
            engine.sizes.removeAll(keepingCapacity: true)
        }
    }

    package func ensureHelpers(_ count: Int) {
        while helpers.count < count {
            let helper = TextEngine()
            helper.keepsLayouts = keepsLayouts
            helper.usesWords = usesWords
            helpers.append(helper)
        }
    }

    /// Whether the layouts that measured text are kept to be drawn (PNG, PDF). When nothing will
    /// be drawn (an HTML page needs sizes only), only sizes are kept, and plain paragraphs
    /// are measured from their words, each shaped once per font (`WordWrap`): the same sizes,
    /// without shaping every paragraph.
    public var keepsLayouts = true {
        didSet { for helper in helpers { helper.keepsLayouts = keepsLayouts } }
    }

    private let fontMap: OpaquePointer
    private let context: OpaquePointer
    private var cache: [Key: TextLayout] = [:]
    private var sizes: [Key: TextSize] = [:]
    private var fonts: [FontSpec: OpaquePointer] = [:]
    private var baselines: [FontSpec: Double] = [:]
    /// Words shaped alone, per font (nil: a word that cannot be measured alone).
    private var words: [FontSpec: Words] = [:]
    /// The last font's words: consecutive paragraphs mostly share a font, and comparing two
    /// fonts costs less than hashing one.
    private var lastWords: Words?

    /// Glyphs copied out of a Pango glyph string, clusters relative to the text shaped.
    private struct Glyphs {
        var infos: [PangoGlyphInfo]
        var clusters: [Int32]
    }

    /// A word shaped alone: its widths, whether a space may follow it without changing its
    /// width, its glyphs, and for a word with one break inside, its two parts' glyphs.
    private struct KnownWord {
        var word: WordWrap.Word
        var apartAfter: Bool
        var glyphs: Glyphs
        var head: Glyphs?
        var tail: Glyphs?
        var headBytes: Int
    }

    private final class Words {
        let fontSpec: FontSpec
        let space: Int
        let spaceGlyphs: Glyphs
        /// The space a line wraps at: it stays in the line with no width, as Pango leaves it.
        let wrappedSpaceGlyphs: Glyphs
        /// What Pango's items over these words hold (the space's analysis).
        let analysis: PangoAnalysis
        /// The Pango font of the space, held while the engine lives, so that no other font can take its address.
        let font: UInt
        var known: [String: KnownWord?] = [:]
        /// Whether a character, first or last in a word, shapes the same beside a space as alone
        /// (no kerning with the space, as Times-like fonts have for "A", "T", "Y").
        var alonePairs: [String: Bool] = [:]
        let shared: SharedWords

        init(fontSpec: FontSpec, space: Int, spaceGlyphs: Glyphs, analysis: PangoAnalysis, font: UInt) {
            self.fontSpec = fontSpec
            self.space = space
            self.spaceGlyphs = spaceGlyphs
            var wrapped = spaceGlyphs
            for index in wrapped.infos.indices {
                wrapped.infos[index].geometry.width = 0
                wrapped.infos[index].glyph = PANGO_GLYPH_EMPTY
            }
            wrappedSpaceGlyphs = wrapped
            var analysis = analysis
            analysis.extra_attrs = nil
            self.analysis = analysis
            self.font = font
            self.shared = SharedWords.of(fontSpec)
            g_object_ref(UnsafeMutableRawPointer(bitPattern: font))
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(bitPattern: font)) }
    }

    /// What every engine has learnt of a font's words: glyphs, advances and whether a word can be
    /// put together with others are facts of the font file, the same on every thread, so a word
    /// is shaped once per process, not once per engine. Engines keep their own copy in front.
    private final class SharedWords: @unchecked Sendable {
        private let lock = NSLock()
        private var known: [String: KnownWord?] = [:]
        private var pairs: [String: Bool] = [:]

        func word(_ word: String) -> KnownWord?? { lock.withLock { known[word] } }
        func pair(_ pair: String) -> Bool? { lock.withLock { pairs[pair] } }

        func learn(_ word: String, _ entry: KnownWord?) {
            lock.withLock {
                if known.count >= TextEngine.wordsKept { known.removeAll(keepingCapacity: true) }
                known[word] = .some(entry)
            }
        }

        func learn(pair: String, _ apart: Bool) { lock.withLock { pairs[pair] = apart } }

        private static let lock = NSLock()
        nonisolated(unsafe) private static var fonts: [FontSpec: SharedWords] = [:]

        static func of(_ font: FontSpec) -> SharedWords {
            lock.withLock {
                if let known = fonts[font] { return known }
                let made = SharedWords()
                fonts[font] = made
                return made
            }
        }
    }

    /// The words of `font`, made on first use; nil when even a space cannot be shaped alone.
    private func wordTable(_ font: FontSpec) -> Words? {
        if let last = lastWords, last.fontSpec == font { return last }
        if let known = words[font] {
            lastWords = known
            return known
        }
        guard let space = shapeAlone(" ", font: font), space.word.breaksInside == 0 else { return nil }
        let table = Words(fontSpec: font, space: space.word.width, spaceGlyphs: space.glyphs, analysis: space.analysis, font: space.font)
        words[font] = table
        lastWords = table
        return table
    }

    private struct Key: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?
    }

    public init() {
        fontMap = OpaquePointer(pango_cairo_font_map_new())
        context = pango_font_map_create_context(UnsafeMutablePointer(fontMap))
        pango_cairo_context_set_resolution(context, 72)
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        pango_context_set_round_glyph_positions(context, 0)
    }

    deinit {
        // The fonts held by the word tables go before their font map.
        lastWords = nil
        words.removeAll()
        for description in fonts.values { pango_font_description_free(description) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }

    /// The size of `text` set in `style`, wrapped at `width` (nil: one line per paragraph).
    /// Measured once per distinct (text, style, width).
    public func measure(_ text: String, style: TextStyle, width: Double?) -> TextSize {
        if text.isEmpty { return TextSize(width: 0, height: 0, lineCount: 0) }
        if keepsLayouts { return layout(text, style: style, width: width).size }
        // Sizes from words cost less than a lookup; the others are kept.
        if usesWords, let size = sizeFromWords(text, style: style, width: width) { return size }
        let key = Key(text: text, style: style, width: width)
        if let known = sizes[key] { return known }
        let size = makeLayout(text, style: style, width: width).size
        sizes[key] = size
        return size
    }

    /// The size of a plain paragraph from its words (see `WordWrap`), or nil when the words alone
    /// cannot say exactly what Pango would.
    package func sizeFromWords(_ text: String, style: TextStyle, width: Double?) -> TextSize? {
        var lines: [WordWrap.Line]?
        return fromWords(text, style: style, width: width, lines: &lines)?.size
    }

    /// Whether paragraphs may be measured and drawn from words (see `WordWrap`, `TextLayout`);
    /// off, every paragraph is laid out by Pango (`TABLERENDER_SHAPE_EVERY_PARAGRAPH=1`), which
    /// must give the same output, only slower.
    package var usesWords = getenv("TABLERENDER_SHAPE_EVERY_PARAGRAPH") == nil {
        didSet { for helper in helpers { helper.usesWords = usesWords } }
    }

    /// A paragraph's size from its words and, when `lines` is not nil, its lines, words and
    /// the words' byte ranges; nil when the words alone cannot say exactly what Pango would.
    private func fromWords(_ text: String, style: TextStyle, width: Double?, lines: inout [WordWrap.Line]?)
        -> (size: TextSize, table: Words, words: [KnownWord], ranges: [Range<Int>])? {
        if style.alignment == .justified { return nil }
        var text = text
        var made = lines
        let result = text.withUTF8 { bytes -> (size: TextSize, table: Words, words: [KnownWord], ranges: [Range<Int>])? in
            guard let ranges = WordWrap.words(in: bytes), let table = wordTable(style.font) else { return nil }
            var measured: [WordWrap.Word] = []
            measured.reserveCapacity(ranges.count)
            var known: [KnownWord] = []
            if made != nil { known.reserveCapacity(ranges.count) }
            for (index, range) in ranges.enumerated() {
                // Long strings of letters are rarely words that repeat: Pango's.
                guard range.count <= Self.longestWord else { return nil }
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                var entry: KnownWord?
                if let seen = table.known[word] {
                    entry = seen
                } else {
                    if let learnt = table.shared.word(word) {
                        entry = learnt
                    } else {
                        entry = shapeWord(word, table: table)
                        table.shared.learn(word, entry)
                    }
                    if table.known.count >= Self.wordsKept { table.known.removeAll(keepingCapacity: true) }
                    table.known[word] = .some(entry)
                }
                guard let entry, entry.apartAfter || index == ranges.count - 1 else { return nil }
                measured.append(entry.word)
                if made != nil { known.append(entry) }
            }
            let limit = width.map { Int(($0 * Double(PANGO_SCALE)).rounded(.up)) }
            guard let (count, widest) = WordWrap.wrap(measured, space: table.space, width: limit, lines: &made) else { return nil }
            if style.lines > 0, style.truncation != .clip, width != nil, count > style.lines { return nil }
            let size = TextSize(width: Double(widest) / Double(PANGO_SCALE), height: Double(count) * style.font.lineHeight, lineCount: count)
            return (size, table, known, ranges)
        }
        lines = made
        return result
    }

    /// The longest word (in UTF-8 bytes) shaped alone, and how many words a font keeps before
    /// it forgets them all: at most some 60 MB of glyphs per font, for each engine and for the
    /// process.
    static let longestWord = 48
    static let wordsKept = 50_000

    /// A word of `table`'s font shaped alone, or nil when it cannot be put together with others.
    private func shapeWord(_ word: String, table: Words) -> KnownWord? {
        guard let alone = shapeAlone(word, font: table.fontSpec), alone.font == table.font,
              let first = word.first, let last = word.last, keepsApartFromSpace(" " + String(first), table) else { return nil }
        var known = KnownWord(word: alone.word, apartAfter: keepsApartFromSpace(String(last) + " ", table), glyphs: alone.glyphs,
                              head: nil, tail: nil, headBytes: alone.headBytes)
        // Between other words (lower case, capitals, digits), shaped with them, the word must keep
        // its glyphs: some fonts pick contextual forms from beyond a space (Inter's brackets).
        // Neighbours of the word's own script: Pango makes a run of each script.
        let script = word.unicodeScalars.first { (0x370..<0x500).contains($0.value) }.map { $0.value < 0x400 ? 1 : 2 } ?? 0
        for neighbour in [["a", "A", "1"], ["α", "Α", "1"], ["а", "А", "1"]][script] {
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
            func same(_ part: Glyphs, _ indices: [Int], shift: Int32) -> Bool {
                part.infos.count == indices.count && zip(part.infos.indices, indices).allSatisfy { index, wholeIndex in
                    Self.sameGlyph(part.infos[index], whole.infos[wholeIndex]) && part.clusters[index] + shift == whole.clusters[wholeIndex]
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

    /// Whether `word` shaped between `before` and `after` has the glyphs it has alone.
    private func keepsGlyphs(_ glyphs: Glyphs, in before: String, _ word: String, _ after: String, table: Words) -> Bool {
        guard let shaped = shapeAlone(before + word + after, font: table.fontSpec), shaped.font == table.font else { return false }
        let start = Int32(before.utf8.count), end = start + Int32(word.utf8.count)
        let inside = shaped.glyphs.clusters.indices.filter { shaped.glyphs.clusters[$0] >= start && shaped.glyphs.clusters[$0] < end }
        return inside.count == glyphs.infos.count && zip(inside, glyphs.infos.indices).allSatisfy { index, own in
            Self.sameGlyph(shaped.glyphs.infos[index], glyphs.infos[own]) && shaped.glyphs.clusters[index] - start == glyphs.clusters[own]
        }
    }

    private static func sameGlyph(_ a: PangoGlyphInfo, _ b: PangoGlyphInfo) -> Bool {
        a.glyph == b.glyph && a.geometry.width == b.geometry.width && a.geometry.x_offset == b.geometry.x_offset
            && a.geometry.y_offset == b.geometry.y_offset
    }

    /// A paragraph to draw put together from its words, or nil (see `fromWords`).
    private func layoutFromWords(_ text: String, style: TextStyle, width: Double?) -> TextLayout? {
        var lines: [WordWrap.Line]? = []
        guard let (size, table, known, ranges) = fromWords(text, style: style, width: width, lines: &lines), let lines else { return nil }
        let layoutWidth = width.map { Int(($0 * Double(PANGO_SCALE)).rounded(.up)) }
        var made: [TextLayout.WordLine] = []
        made.reserveCapacity(lines.count)
        var text = text
        text.withUTF8 { bytes in
            for (number, line) in lines.enumerated() {
                let isLast = number == lines.count - 1
                let start = ranges[line.first].lowerBound + (line.startsWithTail ? known[line.first].headBytes : 0)
                let end = line.endsWithHead ? ranges[line.last].lowerBound + known[line.last].headBytes
                    : isLast ? ranges[line.last].upperBound : ranges[line.last].upperBound + 1
                var infos: [PangoGlyphInfo] = []
                var clusters: [Int32] = []
                func add(_ glyphs: Glyphs, at byte: Int) {
                    infos.append(contentsOf: glyphs.infos)
                    for cluster in glyphs.clusters { clusters.append(cluster + Int32(byte - start)) }
                }
                for index in line.first...line.last {
                    if index > line.first { add(table.spaceGlyphs, at: ranges[index - 1].upperBound) }
                    if index == line.first, line.startsWithTail {
                        add(known[index].tail!, at: ranges[index].lowerBound + known[index].headBytes)
                    } else if index == line.last, line.endsWithHead {
                        add(known[index].head!, at: ranges[index].lowerBound)
                    } else {
                        add(known[index].glyphs, at: ranges[index].lowerBound)
                    }
                }
                if !isLast, !line.endsWithHead { add(table.wrappedSpaceGlyphs, at: ranges[line.last].upperBound) }
                let glyphs = pango_glyph_string_new()!
                pango_glyph_string_set_size(glyphs, Int32(infos.count))
                for index in infos.indices {
                    glyphs.pointee.glyphs[index] = infos[index]
                    glyphs.pointee.log_clusters[index] = clusters[index]
                }
                let item = pango_item_new()!
                item.pointee.offset = 0
                item.pointee.length = Int32(end - start)
                let lineBytes = UnsafeBufferPointer(rebasing: bytes[start..<end])
                // Characters are the bytes that do not continue a UTF-8 sequence.
                item.pointee.num_chars = Int32(lineBytes.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
                item.pointee.analysis = table.analysis
                g_object_ref(UnsafeMutableRawPointer(item.pointee.analysis.font))
                let lineText = malloc(lineBytes.count + 1)!.assumingMemoryBound(to: CChar.self)
                UnsafeMutableRawPointer(lineText).copyMemory(from: lineBytes.baseAddress!, byteCount: lineBytes.count)
                lineText[lineBytes.count] = 0
                var offset = 0
                if let layoutWidth {
                    switch style.alignment {
                    case .center:
                        offset = (layoutWidth - line.width) / 2
                        // Pango rounds a centred line to whole pixels when both widths are whole.
                        let scale = Int(PANGO_SCALE)
                        if (layoutWidth | line.width) & (scale - 1) == 0 { offset = (offset + scale / 2) & ~(scale - 1) }
                    case .trailing: offset = layoutWidth - line.width
                    case .natural, .leading, .justified: offset = 0
                    }
                }
                made.append(TextLayout.WordLine(text: lineText, item: item, glyphs: glyphs, offset: Double(offset) / Double(PANGO_SCALE)))
            }
        }
        return TextLayout(lines: made, size: size, lineHeight: style.font.lineHeight)
    }

    /// Whether a character and a space (`pair`) shape together as apart, the same glyphs at the
    /// same advances: no kerning, no contextual form across the space. Worked out once per pair
    /// and font.
    private func keepsApartFromSpace(_ pair: String, _ table: Words) -> Bool {
        if let known = table.alonePairs[pair] { return known }
        if let learnt = table.shared.pair(pair) {
            table.alonePairs[pair] = learnt
            return learnt
        }
        let character = String(pair.filter { $0 != " " })
        var apart = false
        if let together = shapeAlone(pair, font: table.fontSpec), let alone = shapeAlone(character, font: table.fontSpec) {
            // The same glyphs with the same advances and offsets, side by side.
            let spaceFirst = pair.hasPrefix(" ")
            let expected = spaceFirst ? table.spaceGlyphs.infos + alone.glyphs.infos : alone.glyphs.infos + table.spaceGlyphs.infos
            apart = together.word.width == alone.word.width + table.space && together.font == alone.font
                && together.glyphs.infos.count == expected.count
                && zip(together.glyphs.infos, expected).allSatisfy(Self.sameGlyph)
        }
        table.alonePairs[pair] = apart
        table.shared.learn(pair: pair, apart)
        return apart
    }

    /// `text` shaped by Pango on its own line: its advance, the font of its single run, and its
    /// own break opportunities; nil when Pango gives it more than one run or line.
    private func shapeAlone(_ text: String, font: FontSpec) -> (word: WordWrap.Word, font: UInt, glyphs: Glyphs, analysis: PangoAnalysis, headBytes: Int)? {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
        Self.shaping.withLock { _ = pango_layout_get_line_count(layout) }
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
              let runs = line.pointee.runs, runs.pointee.next == nil, let data = runs.pointee.data else { return nil }
        let run = data.assumingMemoryBound(to: PangoGlyphItem.self)
        guard let item = run.pointee.item, let glyphs = run.pointee.glyphs, let runFont = item.pointee.analysis.font,
              item.pointee.analysis.level % 2 == 0 else { return nil }
        let width = Int(pango_glyph_string_get_width(glyphs))
        // Break opportunities inside the word (not before its first character, not at its end).
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count) else { return nil }
        var word = WordWrap.Word(width: width)
        var offset = 0, character = 0, firstBreakOffset = 0
        for scalar in text.unicodeScalars {
            if character > 0, attributes[character].is_line_break != 0 {
                if word.breaksInside == 0 {
                    firstBreakOffset = offset
                    for index in 0..<Int(glyphs.pointee.num_glyphs) where Int(glyphs.pointee.log_clusters[index]) < offset {
                        word.firstBreakWidth += Int(glyphs.pointee.glyphs[index].geometry.width)
                    }
                }
                word.breaksInside += 1
            }
            offset += scalar.utf8.count
            character += 1
        }
        let count32 = Int(glyphs.pointee.num_glyphs)
        let copied = Glyphs(infos: (0..<count32).map { glyphs.pointee.glyphs[$0] }, clusters: (0..<count32).map { glyphs.pointee.log_clusters[$0] })
        return (word, UInt(bitPattern: runFont), copied, item.pointee.analysis, firstBreakOffset)
    }

    /// A layout ready to draw, shaped once per distinct (text, style, width) and kept: the
    /// renderers draw the very layout that was measured.
    public func layout(_ text: String, style: TextStyle, width: Double?) -> TextLayout {
        let key = Key(text: text, style: style, width: width)
        if let known = cache[key] { return known }
        for helper in consulted { if let known = helper.cache[key] { return known } }
        let made = (usesWords ? layoutFromWords(text, style: style, width: width) : nil) ?? makeLayout(text, style: style, width: width)
        cache[key] = made
        return made
    }

    private func makeLayout(_ text: String, style: TextStyle, width: Double?) -> TextLayout {
        let layout = pango_layout_new(context)!
        let result = TextLayout(pointer: layout, lineHeight: style.font.lineHeight)
        pango_layout_set_font_description(layout, fontDescription(style.font))
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width { pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.up))) }
        pango_layout_set_auto_dir(layout, 1)
        switch style.alignment {
        case .natural, .leading: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        case .justified: pango_layout_set_justify(layout, 1)
        }
        if style.lines > 0, style.truncation != .clip, width != nil {
            pango_layout_set_height(layout, Int32(-style.lines))
            switch style.truncation {
            case .tail, .clip: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            case .head: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_START)
            case .middle: pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_MIDDLE)
            }
        }
        let attributes = pango_attr_list_new()
        pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32((style.font.lineHeight * Double(PANGO_SCALE)).rounded())))
        pango_layout_set_attributes(layout, attributes)
        pango_attr_list_unref(attributes)
        pango_layout_set_text(layout, text, -1)
        // Lines are made now, under the lock (see `shaping`), and kept in the layout.
        Self.shaping.withLock { _ = pango_layout_get_line_count(layout) }
        return result
    }

    /// Pango 1.50 shapes and breaks lines with state shared by every thread, even with one font
    /// map per thread: a line that ends inside a word it shapes again (Inter's "Ł--") can break
    /// differently while another thread shapes. Shaping is done one thread at a time, so the
    /// output never depends on threads; binding, layout and drawing stay parallel, and most
    /// paragraphs are put together from words shaped once.
    private static let shaping = NSLock()

    /// The family fontconfig actually gives for `font`'s own family (not its fallbacks): when it
    /// differs, the font is not installed and output would silently change from machine to machine.
    public func installedFamily(of font: FontSpec) -> String {
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        guard let loaded = pango_font_map_load_font(UnsafeMutablePointer(fontMap), context, description) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let described = pango_font_describe(loaded)
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) } ?? ""
    }

    /// Where a browser puts the first baseline of a line box of `font`, from the line's top:
    /// the font's ascent and descent rounded to whole pixels, the half-leading rounded down
    /// (Blink's rule, checked against Chromium for Inter from 9.5 to 34 px). Pango keeps them
    /// fractional, so text is drawn shifted by the difference to land on the same pixels.
    public func baseline(of font: FontSpec) -> Double {
        if let known = baselines[font] { return known }
        let metrics = Self.shaping.withLock { pango_context_get_metrics(context, fontDescription(font), nil) }
        let ascent = (Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE)).rounded()
        let descent = (Double(pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE)).rounded()
        pango_font_metrics_unref(metrics)
        let baseline = ((font.lineHeight - ascent - descent) / 2).rounded(.down) + ascent
        baselines[font] = baseline
        return baseline
    }

    /// Families asked for that fontconfig does not have (it substituted another), with the family
    /// it gave instead.
    public private(set) var missingFamilies: [String: String] = [:]
    private var checkedFamilies = Set<String>()

    /// Missing families of this engine and the given helpers (which no thread is using).
    package func missingFamilies(with engines: [TextEngine]) -> [String: String] {
        engines.reduce(into: missingFamilies) { result, helper in result.merge(helper.missingFamilies) { a, _ in a } }
    }

    private func fontDescription(_ font: FontSpec) -> OpaquePointer {
        if let known = fonts[font] { return known }
        if checkedFamilies.insert(font.family).inserted {
            let installed = installedFamily(of: font)
            if installed.lowercased() != font.family.lowercased() { missingFamilies[font.family] = installed }
        }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.families.joined(separator: ","))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        fonts[font] = description
        return description
    }
}
