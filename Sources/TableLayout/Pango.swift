import CGraphics
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

/// A Pango layout with the browser-identical settings of REFERENCE.md §2: 72 dpi, unrounded glyph
/// positions, no hinting, absolute line heights. It owns its `PangoLayout` and frees it once.
/// The raw pointer is visible to the renderers of this package only, to draw it with Cairo.
public final class TextLayout {
    package let pointer: OpaquePointer
    private let lineHeight: Double

    fileprivate init(pointer: OpaquePointer, lineHeight: Double) {
        self.pointer = pointer
        self.lineHeight = lineHeight
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The logical size: width of the widest line, and the line count times the line height, as
    /// CSS sizes a line box. (Pango lets a taller fallback font, such as colour emoji, grow a
    /// line past its absolute line height; a browser does not.)
    public var size: TextSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(pointer, nil, &logical)
        let lines = Int(pango_layout_get_line_count(pointer))
        return TextSize(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(lines) * lineHeight, lineCount: lines)
    }

    /// Each line with its horizontal offset (alignment), in order; for the renderers to place
    /// lines one line height apart, as a browser does, whatever fallback fonts they hold.
    package func forEachLine(_ body: (OpaquePointer, Double) -> Void) {
        guard let iterator = pango_layout_get_iter(pointer) else { return }
        defer { pango_layout_iter_free(iterator) }
        repeat {
            guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_line_extents(iterator, nil, &logical)
            body(OpaquePointer(line), Double(logical.x) / Double(PANGO_SCALE))
        } while pango_layout_iter_next_line(iterator) != 0
    }

    /// Whether the paragraph's resolved direction is right to left (Arabic, Hebrew).
    public var isRightToLeft: Bool {
        guard let line = pango_layout_get_line_readonly(pointer, 0) else { return false }
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
            helpers.append(helper)
        }
    }

    /// Whether the layouts that measured text are kept to be drawn (PNG, PDF). When nothing will
    /// be drawn (an HTML page needs sizes only), only sizes are kept, and plain Latin paragraphs
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

    private final class Words {
        let fontSpec: FontSpec
        let space: Int
        /// The Pango font of the space, held while the engine lives, so that no other font can take its address.
        let font: UInt
        /// Each word with whether a space may follow it without changing its width.
        var known: [String: (word: WordWrap.Word, apartAfter: Bool)?] = [:]
        /// Whether a character, first or last in a word, shapes the same beside a space as alone
        /// (no kerning with the space, as Times-like fonts have for "A", "T", "Y").
        var alonePairs: [String: Bool] = [:]

        init(fontSpec: FontSpec, space: Int, font: UInt) {
            self.fontSpec = fontSpec
            self.space = space
            self.font = font
            g_object_ref(UnsafeMutableRawPointer(bitPattern: font))
        }

        deinit { g_object_unref(UnsafeMutableRawPointer(bitPattern: font)) }
    }

    /// The words of `font`, made on first use; nil when even a space cannot be shaped alone.
    private func wordTable(_ font: FontSpec) -> Words? {
        if let last = lastWords, last.fontSpec == font { return last }
        if let known = words[font] {
            lastWords = known
            return known
        }
        guard let space = shapeAlone(" ", font: font), space.word.breaksInside == 0 else { return nil }
        let table = Words(fontSpec: font, space: space.word.width, font: space.font)
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
        if let size = sizeFromWords(text, style: style, width: width) { return size }
        let key = Key(text: text, style: style, width: width)
        if let known = sizes[key] { return known }
        let size = makeLayout(text, style: style, width: width).size
        sizes[key] = size
        return size
    }

    /// The size of a plain Latin paragraph from its words (see `WordWrap`), or nil when the words
    /// alone cannot say exactly what Pango would.
    package func sizeFromWords(_ text: String, style: TextStyle, width: Double?) -> TextSize? {
        if style.alignment == .justified { return nil }
        var text = text
        return text.withUTF8 { bytes -> TextSize? in
            guard let ranges = WordWrap.words(in: bytes), let table = wordTable(style.font) else { return nil }
            var measured: [WordWrap.Word] = []
            measured.reserveCapacity(ranges.count)
            for (index, range) in ranges.enumerated() {
                let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                var entry: (word: WordWrap.Word, apartAfter: Bool)?
                if let known = table.known[word] {
                    entry = known
                } else {
                    if let alone = shapeAlone(word, font: style.font), alone.font == table.font,
                       let first = word.first, let last = word.last, keepsApartFromSpace(" " + String(first), table) {
                        entry = (alone.word, keepsApartFromSpace(String(last) + " ", table))
                    }
                    if table.known.count >= 100_000 { table.known.removeAll(keepingCapacity: true) }
                    table.known[word] = .some(entry)
                }
                guard let entry, entry.apartAfter || index == ranges.count - 1 else { return nil }
                measured.append(entry.word)
            }
            let limit = width.map { Int(($0 * Double(PANGO_SCALE)).rounded(.up)) }
            guard let (lines, widest) = WordWrap.wrap(measured, space: table.space, width: limit) else { return nil }
            if style.lines > 0, style.truncation != .clip, width != nil, lines > style.lines { return nil }
            return TextSize(width: Double(widest) / Double(PANGO_SCALE), height: Double(lines) * style.font.lineHeight, lineCount: lines)
        }
    }

    /// Whether a character and a space (`pair`) are as wide together as apart: no kerning, no
    /// contextual form across the space. Worked out once per pair and font.
    private func keepsApartFromSpace(_ pair: String, _ table: Words) -> Bool {
        if let known = table.alonePairs[pair] { return known }
        let character = String(pair.filter { $0 != " " })
        var apart = false
        if let together = shapeAlone(pair, font: table.fontSpec), let alone = shapeAlone(character, font: table.fontSpec) {
            apart = together.word.width == alone.word.width + table.space && together.font == alone.font
        }
        table.alonePairs[pair] = apart
        return apart
    }

    /// `text` shaped by Pango on its own line: its advance, the font of its single run, and its
    /// own break opportunities; nil when Pango gives it more than one run or line.
    private func shapeAlone(_ text: String, font: FontSpec) -> (word: WordWrap.Word, font: UInt)? {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
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
        if word.breaksInside == 1 {
            let utf8 = Array(text.utf8)
            guard let head = shapeAlone(String(decoding: utf8[..<firstBreakOffset], as: UTF8.self), font: font),
                  let tail = shapeAlone(String(decoding: utf8[firstBreakOffset...], as: UTF8.self), font: font),
                  head.font == UInt(bitPattern: runFont), tail.font == head.font else { return nil }
            word.head = head.word.width
            word.tail = tail.word.width
        }
        return (word, UInt(bitPattern: runFont))
    }

    /// A layout ready to draw, shaped once per distinct (text, style, width) and kept: the
    /// renderers draw the very layout that was measured.
    public func layout(_ text: String, style: TextStyle, width: Double?) -> TextLayout {
        let key = Key(text: text, style: style, width: width)
        if let known = cache[key] { return known }
        for helper in consulted { if let known = helper.cache[key] { return known } }
        let made = makeLayout(text, style: style, width: width)
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
        return result
    }

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
        let metrics = pango_context_get_metrics(context, fontDescription(font), nil)
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
