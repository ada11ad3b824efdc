import CPango
import Foundation
import TableModel
import TableTemplates

/// What a layout's text is for: glyphs to draw (PNG, PDF), lines as text (an HTML page, which
/// writes each label's lines so that a browser shows the same ones), or sizes alone (a check).
/// A layout that only measures is faster: the word shaper gives most paragraphs' sizes and
/// lines without shaping them.
package enum TextUse: Sendable, Hashable {
    case drawing, lines, measuring
}

/// Pango units in a point.
let pangoScale = Double(PANGO_SCALE)

/// Sets text with Pango, using the browser-identical settings of docs/text.md: 72 dpi,
/// unrounded glyph positions, no hinting, absolute line heights. It measures paragraphs for the
/// layout and shapes them into `ShapedText` values for drawing; every Pango object it makes stays
/// inside it, and every call into Pango runs inside `Typesetting.exclusively`.
///
/// An engine is used by one thread at a time (it keeps caches); a process may have several.
/// Results are cached per distinct (text, style, width).
package final class TextEngine {
    /// Pango's objects: the font map, the context, and the fonts the caches below hold.
    private let pango: PangoObjects
    private var context: OpaquePointer { pango.context }
    private var shapes: [Key: ShapedText] = [:]
    private var sizes: [Key: TextSize] = [:]
    private var lineSets: [Key: TextLines] = [:]
    private var minimums: [Key: Double] = [:]
    /// Characters no installed font has, by the paragraph they were found in.
    private var missing: [String: [Unicode.Scalar]] = [:]
    private var fonts: [FontSpec: OpaquePointer] = [:]
    /// The font of a space in a font's own family for a language (held; see `spaceFont`).
    private var spaceFonts: [SpaceFontKey: UnsafeMutablePointer<PangoFont>] = [:]
    private struct SpaceFontKey: Hashable {
        /// The address of the font's description (`fontDescription`, kept for the engine's life).
        var description: UInt
        /// The address of a `PangoLanguage` (Pango keeps one per tag for the process's life).
        var language: UInt
    }
    /// Which characters of the Basic Multilingual Plane a font (held: a space font, a paragraph
    /// face's) has, by the font's address: 0 not yet asked, 1 has, 2 lacks (`withCoverage`).
    /// Pango's answer costs about 1,600 instructions, and paragraphs repeat their letters.
    private var fontCoverage: [UInt: [UInt8]] = [:]
    /// A space character as the paragraph's own family sets it alone (`spaceShape`): nil when
    /// that is not one glyph of one run. By the font's description's address and the character.
    private var spaceShapes: [SpaceShapeKey: SpaceShape?] = [:]
    private struct SpaceShapeKey: Hashable {
        var description: UInt
        var scalar: UInt32
    }
    private struct SpaceShape {
        /// Its glyph, and its run's extents.
        var glyph: PangoGlyph
        var ink: PangoRectangle
        var logical: PangoRectangle
    }
    private var baselines: [FontSpec: Double] = [:]
    private var naturalLineHeights: [NaturalLineKey: Double] = [:]
    /// HarfBuzz's buffer for paragraphs shaped whole (`shapeWhole`), made on first use.
    private var wholeBuffer: OpaquePointer?
    /// The font and settings Pango shapes a run of a script in, per font (`paragraphFace`); nil
    /// when Pango's run of a letter alone is not one left-to-right run in the font's first font.
    private var paragraphFaces: [FaceKey: ParagraphFace?] = [:]
    private struct FaceKey: Hashable {
        var font: FontSpec
        var script: WordWrap.Script
    }
    private struct ParagraphFace {
        /// Held for the engine's life.
        var font: UnsafeMutablePointer<PangoFont>
        var id: FontID
        var script: hb_script_t
        var language: OpaquePointer?
        /// The run's `PangoLanguage`, for its break opportunities.
        var pangoLanguage: OpaquePointer?
        var features: [hb_feature_t]
    }
    /// The `FontID` of each Pango font met so far, by address (each held, so that no other font
    /// takes its address).
    private var fontIDs: [UInt: FontID] = [:]
    /// The word shaper's tables and statistics (`Words.swift`).
    var wordShaper = WordShaper()
    /// The paragraphs shaped once, for the window of rows (`Paragraphs.swift`).
    var paragraphShaper = ParagraphShaper()

    /// How the word shaper has fared (see `WordShaperStatistics`).
    package var wordStatistics: WordShaperStatistics {
        get { wordShaper.statistics }
        set { wordShaper.statistics = newValue }
    }

    /// How many layouts (a paragraph at a width) were made from paragraphs shaped once.
    package var paragraphsShapedOnce: Int { paragraphShaper.layoutsMade }

    /// A paragraph asked for: its text compared and hashed as UTF-8 bytes, as Pango sees it (a
    /// String's hash and equality would normalise it first, which costs more and would take a
    /// decomposed "é" for a precomposed one, which Pango shapes differently).
    struct Key: Hashable {
        var text: String
        var style: TextStyle
        var width: Double?

        static func == (a: Key, b: Key) -> Bool {
            a.width == b.width && sameBytes(a.text, b.text) && a.style == b.style
        }

        /// Whether two strings are the same bytes (not merely canonically equivalent, as `==`
        /// says: Pango sees bytes).
        static func sameBytes(_ a: String, _ b: String) -> Bool {
            guard a.utf8.count == b.utf8.count else { return false }
            let compared = a.utf8.withContiguousStorageIfAvailable { x in
                b.utf8.withContiguousStorageIfAvailable { y in x.count == 0 || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0 }
            }
            return (compared ?? nil) ?? a.utf8.elementsEqual(b.utf8)
        }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
            hasher.combine(width)
            hasher.combine(style)
        }
    }

    /// Starts Pango's set-up of fontconfig (reading its configuration and caches, some 15 ms),
    /// which Pango runs on a thread of its own when its first font map is made, so that it goes
    /// on while a document is read instead of after. Once per process; the font map made for it
    /// is every engine's.
    package static func startFontSetup() { _ = fontSetup }

    nonisolated(unsafe) private static let fontSetup: OpaquePointer = Typesetting.exclusively { OpaquePointer(pango_cairo_font_map_new())! }

    /// Inside `Typesetting.exclusively`: the shared font map forgets the fonts it read from
    /// fontconfig (an app's font file was added), and every context using it lays out again.
    static func fontsChanged() {
        pango_fc_font_map_config_changed(fontSetup)
    }

    package init() {
        // One font map for every engine of the process: it holds fontconfig's font sets, which
        // cost milliseconds to sort for each new map (a storyboard's thousand static scenes
        // checked one by one spent most of their time there). Engines set their own options on
        // their own contexts.
        pango = PangoObjects(sharing: Self.fontSetup)
    }

    deinit {
        reportStatistics()
        // The fonts held by the word tables go before the Pango objects `pango` frees.
        Typesetting.exclusively {
            wordShaper.forgetTables()
            pango.free()
        }
    }

    /// What the text of the layout in progress is for; the layout engine sets it from each
    /// layout's options (`LayoutOptions.text`), so no caller changes it for the length of a call.
    package var use = TextUse.drawing

    /// Whether paragraphs are shaped to be drawn (PNG, PDF) or only measured (an HTML page needs
    /// sizes alone, which the word shaper gives without shaping most paragraphs).
    package var drawsText: Bool { use == .drawing }

    /// Whether a layout that only measures keeps each label's lines as text (`lines`), for an
    /// HTML page.
    package var keepsLines: Bool { use == .lines }

    /// Whether paragraphs may be measured and shaped from words shaped once (`Words.swift`), or
    /// shaped once whole and broken into lines from their glyphs (`Paragraphs.swift`); off, every
    /// paragraph is laid out by Pango (`TABLERENDER_SHAPE_EVERY_PARAGRAPH=1`), which gives the same
    /// output. On, the word shaper still turns itself off for the rest of the engine's life when
    /// words do not repeat enough to pay (`WordShaperStatistics`).
    package var usesWords = !RuntimeSettings.current.shapesEveryParagraph

    /// Whether a space Pango would set in a fallback font, and is set in the paragraph's own
    /// font, is also given that font's space as a shape (`makeLayout`), so that HarfBuzz does not
    /// shape it alone (the same lines and glyphs either way: `SpaceShapeTests` compares the two);
    /// and how many paragraphs had such spaces.
    package var setsSpacesAsShapes = true
    package private(set) var spacesSetAsShapes = 0

    // MARK: Measuring and shaping

    /// The size of `text` set in `style`, wrapped at `width` (nil: one line per paragraph).
    /// `source` is the value of the item the text comes from (a key path), which tells the word
    /// shaper whether to try it (`WordShaperStatistics.judge(bySource:)`); it never changes the size.
    package func measure(_ text: String, style given: TextStyle, width requested: Double?, source: String? = nil) -> TextSize {
        if text.isEmpty { return .zero }
        let style = tracked(text, given)
        let width = Self.lineWidth(requested, text, style)
        if drawsText { return shape(text, style: style, width: width, source: source).size }
        let key = Key(text: text, style: style, width: width)
        if let known = sizes[key] { return known }
        if let wider = reusableOneLine(key) { return wider.size }
        if let unconstrained = sizes[Key(text: text, style: style, width: nil)], let width, fitsUnwrapped(unconstrained, style: style, width: width) {
            return unconstrained
        }
        let size: TextSize = made(text, style: style, width: width, source: source)
        sizes[key] = size
        record(key, .size(size))
        return size
    }

    /// `text` set in `style` at `width`, ready to draw: the glyphs Pango gives it (of
    /// `TextEngine.breakable(text)`). `source` as for `measure`.
    package func shape(_ text: String, style given: TextStyle, width requested: Double?, source: String? = nil) -> ShapedText {
        let style = tracked(text, given)
        let width = Self.lineWidth(requested, text, style)
        let key = Key(text: text, style: style, width: width)
        if let known = shapes[key] { return known }
        var shaped = reusableOneLine(key) ?? made(text, style: style, width: width, source: source)
        shaped.tracking = style.font.tracking
        let absent = shaped.missingCharacters
        if !absent.isEmpty { missing[text] = absent }
        shapes[key] = shaped
        record(key, .shaped(shaped))
        return shaped
    }

    /// The min-content width of `text` in `style`: its widest piece that no line may break (a
    /// word, or a run of characters with no break opportunity), as a browser's `min-content`.
    package func minimumWidth(_ text: String, style given: TextStyle) -> Double {
        if text.isEmpty { return 0 }
        let style = tracked(text, given)
        let key = Key(text: text, style: style, width: nil)
        if let known = minimums[key] { return known }
        // Pango breaks a layout one line at a time, shaping the rest of the paragraph again for
        // each: at a line per word that is quadratic. A long paragraph is measured in pieces cut
        // at break opportunities Pango takes at this width (spaces and the zero-width spaces of
        // `breakable`), each distinct piece once, which give the same widest piece.
        if text.utf8.count > 4_000 {
            let width = Set(Self.pieces(Self.breakable(text))).reduce(0.0) { max($0, pangoMinimumWidth(String($1), style: style)) }
            minimums[key] = width
            return width
        }
        let width = pangoMinimumWidth(text, style: style)
        minimums[key] = width
        return width
    }

    /// The min-content width Pango gives `text` in `style` (the tracking given).
    private func pangoMinimumWidth(_ text: String, style: TextStyle) -> Double {
        Typesetting.exclusively { () -> Double in
            var unlimited = style
            unlimited.lines = 0
            // Laid out again below at other widths: its spaces are not set as shapes, which
            // hold only for the lines they were made for.
            let layout = makeLayout(text, style: unlimited, width: 0, spacesAsShapes: false)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            // Lines are broken at every opportunity and never inside a word.
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD)
            pango_layout_set_width(layout, 1)
            var logical = PangoRectangle()
            pango_layout_get_extents(layout, nil, &logical)
            return Double(logical.width) / pangoScale
        }
    }

    /// `text` cut at its spaces, tabs, line breaks and zero-width spaces (left out): break
    /// opportunities Pango takes at every width. A space joined to a combining mark stays.
    static func pieces(_ text: String) -> [Substring] {
        text.split(omittingEmptySubsequences: true) { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\u{200B}" }
    }

    /// The lines `text` takes in `style` at `width`, as text (an HTML page writes them so that a
    /// browser shows these very lines): those of `shape`, found without keeping glyphs when the
    /// engine only measures. `source` as for `measure`.
    package func lines(_ text: String, style given: TextStyle, width requested: Double?, source: String? = nil) -> TextLines {
        if text.isEmpty { return TextLines(size: .zero, lines: [], between: []) }
        if drawsText { return shape(text, style: given, width: requested, source: source).textLines }
        let style = tracked(text, given)
        let width = Self.lineWidth(requested, text, style)
        let key = Key(text: text, style: style, width: width)
        if let known = lineSets[key] { return known }
        var lines: TextLines = made(text, style: style, width: width, source: source)
        lines.tracking = style.font.tracking
        lineSets[key] = lines
        record(key, .lines(lines))
        return lines
    }

    // MARK: The ways a paragraph is made

    /// The ways a paragraph is made before Pango lays it out, tried in this order: from its
    /// words, each shaped once (`Words.swift`), then shaped once whole and broken into lines from
    /// its glyphs (`Paragraphs.swift`). Each gives the same as Pango or nothing; Pango (`pango`)
    /// makes what none of them could.
    enum Strategy: CaseIterable {
        case words, paragraph
    }

    /// How the word shaper, the paragraph shaper and Pango make a `Result` of a paragraph (the
    /// engine, the text, its style, the width, and for the word shaper the value's source); the
    /// strategies give nil when their rules do not hold for the paragraph.
    typealias WordsStrategy<Result> = @Sendable (TextEngine, String, TextStyle, Double?, String?) -> Result?
    typealias ParagraphStrategy<Result> = @Sendable (TextEngine, String, TextStyle, Double?) -> Result?
    typealias PangoLayout<Result> = @Sendable (TextEngine, String, TextStyle, Double?) -> Result

    /// What is made of a paragraph: its size (`measure`), its glyphs (`shape`) or its lines as
    /// text (`lines`), by a strategy or by Pango.
    protocol Made {
        static var byWords: WordsStrategy<Self> { get }
        static var byParagraph: ParagraphStrategy<Self> { get }
        static var byPango: PangoLayout<Self> { get }
    }

    /// `text` made by the first strategy that can, else by Pango.
    private func made<Result: Made>(_ text: String, style: TextStyle, width: Double?, source: String?) -> Result {
        for strategy in Strategy.allCases {
            let made = switch strategy {
            case .words: Result.byWords(self, text, style, width, source)
            case .paragraph: Result.byParagraph(self, text, style, width)
            }
            if let made { return made }
        }
        return Result.byPango(self, text, style, width)
    }

    fileprivate func pangoSize(_ text: String, style: TextStyle, width: Double?) -> TextSize {
        Typesetting.exclusively { layoutSize(text, style: style, width: width) }
    }

    fileprivate func pangoShaped(_ text: String, style: TextStyle, width: Double?) -> ShapedText {
        Typesetting.exclusively { layoutShape(text, style: style, width: width) }
    }

    fileprivate func pangoLines(_ text: String, style: TextStyle, width: Double?) -> TextLines {
        let shaped = pangoShaped(text, style: style, width: width)
        let absent = shaped.missingCharacters
        if !absent.isEmpty { missing[text] = absent }
        return shaped.textLines
    }

    /// A paragraph already shaped on one line per paragraph whose widest line fits `key.width`:
    /// Pango would break none of its lines there, and with its lines at the left edge (natural
    /// or leading alignment, left to right, no justification) it is the very same glyphs. The
    /// layout measures a label's one-line width before giving it its width, so most labels that
    /// fit are shaped once.
    private func reusableOneLine(_ key: Key) -> ShapedText? {
        guard let width = key.width, key.style.alignment == .natural || key.style.alignment == .leading,
              let unconstrained = shapes[Key(text: key.text, style: key.style, width: nil)],
              !unconstrained.isRightToLeft, unconstrained.lines.allSatisfy({ $0.x == 0 && $0.runs.allSatisfy { !$0.isBackward } }),
              fitsUnwrapped(unconstrained.size, style: key.style, width: width) else { return nil }
        return unconstrained
    }

    /// Whether a paragraph measured with no width keeps its lines at `width`: its widest line
    /// fits, and a line limit does not cut it.
    private func fitsUnwrapped(_ size: TextSize, style: TextStyle, width: Double) -> Bool {
        // Letter-spaced lines fit by their width with the spacing after their last character,
        // which a line's width leaves out (`WordWrap.wrap`).
        let spacing = max(0, Self.pangoUnits(style.font.tracking))
        return style.alignment != .justified && Int64(Self.pangoUnits(size.width)) + Int64(spacing) <= Int64(pangoWidth(width))
            && (style.lines == 0 || style.truncation == .clip || size.lineCount <= style.lines)
    }

    func pangoWidth(_ width: Double) -> Int32 { Self.clampedUnits((width * Double(PANGO_SCALE)).rounded(.up)) }

    /// The most text one label sets, UTF-8 bytes after localisation and pseudo-localisation
    /// (thirty pages of a book): more is refused where it is bound, naming the value, so that a
    /// document's cost stays bounded (about 0.5 s for a label this long).
    package static let maximumTextBytes = 100_000

    /// Why `text` is not set in one label, or nil: its length against `maximumTextBytes`.
    package static func tooLong(_ text: String) -> String? {
        let bytes = text.utf8.count
        return bytes > maximumTextBytes ? "text of \(bytes) bytes; a label sets at most \(maximumTextBytes)" : nil
    }

    /// The widest line the engine sets, in points. Lengths are Pango units (1/1024 pt) in 32 bits,
    /// as Pango's own are: a line stays well under their 2,097,151 points.
    package static let maximumLineWidth = 1_000_000.0

    /// The width a paragraph is wrapped at: `width`, except that text which could be wider than
    /// `maximumLineWidth` on one line (its bytes at four ems and its tracking each) wraps there
    /// when no width or a wider one is asked for. No screen or page is that wide; below it, a
    /// wrap at the bound and none give the same lines.
    static func lineWidth(_ width: Double?, _ text: String, _ style: TextStyle) -> Double? {
        if let width, width <= maximumLineWidth { return width }
        let widest = Double(text.utf8.count) * (style.font.size * 4 + abs(style.font.tracking))
        return widest > maximumLineWidth ? maximumLineWidth : width
    }

    /// `units` as 32-bit Pango units, held at their ends (NaN as 0).
    static func clampedUnits(_ units: Double) -> Int32 {
        guard !units.isNaN else { return 0 }
        return units >= Double(Int32.max) ? .max : units <= Double(Int32.min) ? .min : Int32(units)
    }

    /// The features letter spacing turns off (Pango, and a browser, draw no optional ligature
    /// between characters they space apart).
    static let featuresOffWhenSpaced = "liga=0,clig=0,dlig=0,hlig=0"

    /// A length in points as Pango units (1/1024 pt), rounded.
    static func pangoUnits(_ points: Double) -> Int32 { clampedUnits((points * Double(PANGO_SCALE)).rounded()) }

    /// The marks and embeddings that steer bidi (ALM, LRM, RLM, LRE…RLO, LRI…PDI).
    static let bidiControls: Set<UInt32> = [0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069]

    /// The style `text` is set in: its font's tracking (the system face's) where the font's own
    /// family has every character of the text, none where a character is drawn by a fallback
    /// font (SF's tracking is SF's; Pango and a browser would space the whole text, Arabic's
    /// joined letters and CJK included). Characters that choose no font (controls, format
    /// characters) and spaces pass, except the bidi controls.
    package func tracked(_ text: String, _ style: TextStyle) -> TextStyle {
        guard style.font.tracking != 0, text.utf8.contains(where: { $0 >= 0x80 }) else { return style }
        let covered = Typesetting.exclusively {
            withCoverage(of: spaceFont(style.font, language: nil)) { has in
                text.unicodeScalars.allSatisfy { scalar in
                    let value = scalar.value
                    // A browser spaces after a bidi control as after a letter, Pango does not:
                    // text holding one is set untracked (ar-XB's pseudo-localized text).
                    if value == 0x061C || (0x200E...0x2069).contains(value), Self.bidiControls.contains(value) { return false }
                    // The font's own characters first: the categories are looked up for the rest.
                    return has(value) || value < 0x20 || (0x7F...0xA0).contains(value) || scalar.properties.generalCategory == .format
                        || scalar.properties.generalCategory == .spaceSeparator
                }
            }
        }
        guard !covered else { return style }
        var untracked = style
        untracked.font.tracking = 0
        return untracked
    }

    // MARK: Pango layouts

    /// The longest run of characters without a space that Pango breaks as it is: Pango finds a
    /// break inside a word in time that grows with the word's length for every line, so a
    /// 40,000-character "word" took seconds. A longer run gets a zero-width space between its
    /// characters (U+200B, a break opportunity that draws nothing), which Pango and a browser
    /// break at in linear time; the HTML page is given the same text.
    package static let longestUnbrokenRun = 1_000

    /// `text` as it is set: unchanged, unless it holds a run of more than `longestUnbrokenRun`
    /// characters without a space.
    package static func breakable(_ text: String) -> String {
        guard text.utf8.count > longestUnbrokenRun else { return text }
        var run = 0, longest = 0
        for character in text {
            run = character.isWhitespace ? 0 : run + 1
            longest = max(longest, run)
        }
        guard longest > longestUnbrokenRun else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count * 2)
        var previousIsWord = false
        for character in text {
            let isWord = !character.isWhitespace
            if isWord, previousIsWord { result.unicodeScalars.append("\u{200B}") }
            result.append(character)
            previousIsWord = isWord
        }
        return result
    }

    /// A Pango layout of `text` in `style` at `width`, its lines made. The caller frees it.
    /// Inside `Typesetting.exclusively`.
    private func makeLayout(_ text: String, style: TextStyle, width: Double?, spacesAsShapes: Bool = true) -> OpaquePointer {
        let layout = pango_layout_new(context)!
        let own = fontDescription(style.font)
        pango_layout_set_font_description(layout, own)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        if let width { pango_layout_set_width(layout, pangoWidth(width)) }
        pango_layout_set_auto_dir(layout, 1)
        switch style.alignment {
        case .natural, .leading, .left: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        case .center: pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case .trailing, .right: pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
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
        // The system face's tracking: between two characters of a line (Pango turns its optional
        // ligatures off, as a browser does for letter spacing).
        if style.font.tracking != 0 { pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Self.pangoUnits(style.font.tracking))) }
        // A word broken because it is wider than its line breaks as in UIKit and a browser, with
        // no hyphen added.
        pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
        let set = Self.breakable(text)
        pango_layout_set_text(layout, set, -1)
        // Such a space is set in the paragraph's own family (an attribute: Pango gives its item
        // that font, and sets its baseline by it) and as a shape of that font's space (its
        // advance and extents, which Pango takes without HarfBuzz shaping a one-space item), and
        // is given the space's glyph once the lines are made (`fontSpaceShapes`): the very run
        // the family attribute alone gives it. Not in a paragraph Pango may ellipsize (its
        // ellipsis would take the shape of a space it starts at) or justify.
        // Nor in letter-spaced text: it is spaced only where the own family has every character
        // (`tracked`), so no space of it stands between characters of a fallback font.
        let shapesSpaces = spacesAsShapes && setsSpacesAsShapes && style.lines == 0 && style.alignment != .justified && style.font.tracking == 0
        /// The glyph of each space character set as a shape.
        var shaped: [(scalar: UInt32, glyph: PangoGlyph)] = []
        /// `attributes` with the paragraph's own family, and a shape where it can, on each of
        /// `spaces` (merged into runs).
        func apart(_ spaces: [Range<UInt32>]) -> OpaquePointer {
            // A new list each time: Pango keeps a layout as it is when given the list it has.
            let list = pango_attr_list_copy(attributes)!
            func family(_ range: Range<UInt32>) {
                let attribute = pango_attr_family_new(style.font.family)!
                attribute.pointee.start_index = range.lowerBound
                attribute.pointee.end_index = range.upperBound
                pango_attr_list_insert(list, attribute)
            }
            var bytes = set
            bytes.withUTF8 { bytes in
                let text = UnsafeRawBufferPointer(bytes)
                for range in Self.merged(spaces) {
                    family(range)
                    guard shapesSpaces else { continue }
                    // Spaces all of one character, as one attribute: Pango makes one item of
                    // them as it does of the family attribute's run (of several characters it
                    // would make an item per shape).
                    var scalar: UInt32?
                    var index = Int(range.lowerBound)
                    while index < Int(range.upperBound), let (next, length) = Self.spaceSeparator(in: text, at: index), scalar == nil || scalar == next {
                        scalar = next
                        index += length
                    }
                    guard index == Int(range.upperBound), let scalar, var shape = spaceShape(scalar, font: style.font, own: own) else { continue }
                    let attribute = pango_attr_shape_new(&shape.ink, &shape.logical)!
                    attribute.pointee.start_index = range.lowerBound
                    attribute.pointee.end_index = range.upperBound
                    pango_attr_list_insert(list, attribute)
                    if !shaped.contains(where: { $0.scalar == scalar }) { shaped.append((scalar, shape.glyph)) }
                }
            }
            return list
        }
        // The spaces Pango will set in a fallback font, foreseen from the text so that most
        // paragraphs are laid out once; what a layout still shows is moved and laid out again.
        let foreseen = spacesBetweenFallbackCharacters(set, font: style.font)
        let first = foreseen.isEmpty ? attributes : apart(foreseen)
        pango_layout_set_attributes(layout, first)
        if first != attributes { pango_attr_list_unref(first) }
        _ = pango_layout_get_line_count(layout)
        if !shaped.isEmpty {
            fontSpaceShapes(of: layout, glyphs: shaped)
            spacesSetAsShapes += 1
        }
        let remaining = spacesInFallbackRuns(of: layout, font: style.font)
        if !remaining.isEmpty {
            let list = apart(foreseen + remaining)
            pango_layout_set_attributes(layout, list)
            pango_attr_list_unref(list)
            _ = pango_layout_get_line_count(layout)
            if !shaped.isEmpty { fontSpaceShapes(of: layout, glyphs: shaped) }
        }
        pango_attr_list_unref(attributes)
        return layout
    }

    /// `scalar` (a space separator) alone in `font`'s own family (`own`, its description): the
    /// glyph and extents of its one run, as `spaceShapes` keeps them; nil when Pango gives it
    /// more than one glyph or run, or a glyph that draws nothing or is moved. Inside
    /// `Typesetting.exclusively`.
    private func spaceShape(_ scalar: UInt32, font: FontSpec, own: OpaquePointer) -> SpaceShape? {
        let key = SpaceShapeKey(description: UInt(bitPattern: own), scalar: scalar)
        if let known = spaceShapes[key] { return known }
        let description = pango_font_description_copy(own)!
        pango_font_description_set_family(description, font.family)
        let layout = pango_layout_new(context)!
        defer {
            g_object_unref(UnsafeMutableRawPointer(layout))
            pango_font_description_free(description)
        }
        pango_layout_set_font_description(layout, description)
        pango_layout_set_text(layout, String(Unicode.Scalar(scalar)!), -1)
        var made: SpaceShape?
        if let run = Self.onlyRun(of: layout) {
            if let item = run.pointee.item, let glyphs = run.pointee.glyphs, let runFont = item.pointee.analysis.font,
               glyphs.pointee.num_glyphs == 1, glyphs.pointee.glyphs[0].glyph != PANGO_GLYPH_EMPTY,
               glyphs.pointee.glyphs[0].glyph & PANGO_GLYPH_UNKNOWN_FLAG == 0,
               glyphs.pointee.glyphs[0].geometry.x_offset == 0, glyphs.pointee.glyphs[0].geometry.y_offset == 0 {
                var ink = PangoRectangle(), logical = PangoRectangle()
                pango_glyph_string_extents(glyphs, runFont, &ink, &logical)
                made = SpaceShape(glyph: glyphs.pointee.glyphs[0].glyph, ink: ink, logical: logical)
            }
        }
        spaceShapes[key] = .some(made)
        return made
    }

    /// Makes each run of spaces set as a shape (`makeLayout`) what the family attribute alone
    /// would have made it, once Pango has broken the lines: its glyphs are given the glyph of
    /// the space in the paragraph's own family (a space a line wraps at keeps the empty glyph
    /// Pango gives it), and the shape attribute is taken off its item, so that Pango measures the
    /// run from its glyphs in its font (a shape's extents would count a wrapped space's width).
    /// The family attribute gave the item that font, and Pango set its baseline by it. Inside
    /// `Typesetting.exclusively`.
    private func fontSpaceShapes(of layout: OpaquePointer, glyphs spaceGlyphs: [(scalar: UInt32, glyph: PangoGlyph)]) {
        let text = pango_layout_get_text(layout)!
        var node = pango_layout_get_lines_readonly(layout)
        var lineIndex: Int32 = 0
        while let line = node {
            defer { lineIndex += 1 }
            var run = line.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let current = run {
                run = current.pointee.next
                let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                guard let item = glyphItem.pointee.item, let glyphs = glyphItem.pointee.glyphs, Self.removeShape(from: item) else { continue }
                // Its characters: spaces of one character (`makeLayout`) whose glyph is known.
                let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(text + Int(item.pointee.offset)), count: Int(item.pointee.length))
                let count = Int(glyphs.pointee.num_glyphs)
                guard let (scalar, length) = Self.spaceSeparator(in: bytes, at: 0), count * length == bytes.count,
                      let glyph = spaceGlyphs.first(where: { $0.scalar == scalar })?.glyph else { continue }
                // One glyph a character, each its own cluster, in visual order (right to left
                // in a right-to-left run), as HarfBuzz gives a run of spaces.
                let backward = item.pointee.analysis.level % 2 == 1
                for index in 0..<count {
                    if glyphs.pointee.glyphs[index].geometry.width != 0 {
                        glyphs.pointee.glyphs[index].glyph = glyph
                    } else {
                        // The space the line wraps at: Pango measured the line with its shape's
                        // width. The line taken to be changed (`pango_layout_get_line`, unlike
                        // its read-only twin, tells it so), Pango measures it again.
                        _ = pango_layout_get_line(layout, lineIndex)
                    }
                    glyphs.pointee.log_clusters[index] = Int32((backward ? count - 1 - index : index) * length)
                }
            }
            node = line.pointee.next
        }
    }

    /// Takes a shape attribute (a space's, `makeLayout`) off `item`; whether it had one.
    private static func removeShape(from item: UnsafeMutablePointer<PangoItem>) -> Bool {
        var node = item.pointee.analysis.extra_attrs
        while let current = node {
            let attribute = current.pointee.data.assumingMemoryBound(to: PangoAttribute.self)
            if attribute.pointee.klass.pointee.type == PANGO_ATTR_SHAPE {
                item.pointee.analysis.extra_attrs = g_slist_delete_link(item.pointee.analysis.extra_attrs, current)
                pango_attribute_destroy(attribute)
                return true
            }
            node = current.pointee.next
        }
        return false
    }

    /// Byte ranges sorted and joined where they touch or overlap.
    static func merged(_ ranges: [Range<UInt32>]) -> [Range<UInt32>] {
        var result: [Range<UInt32>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The spaces (runs of them) whose nearest characters on both sides that choose a font are
    /// characters the paragraph's own family lacks: Pango sets such a space in the fallback font
    /// of its neighbours (`spacesInFallbackRuns`). A space at a paragraph's start or end goes by
    /// its one neighbour. Characters that do not choose a font in Pango (controls, format
    /// characters, variation selectors) are passed over; a paragraph with emoji or other symbols
    /// of U+2000 to U+2BFF (Pango gives emoji runs of their own) is left to the layout. Only the
    /// characters beside spaces are looked up in the font. Inside `Typesetting.exclusively`.
    private func spacesBetweenFallbackCharacters(_ text: String, font: FontSpec) -> [Range<UInt32>] {
        guard text.utf8.contains(where: { $0 >= 0x80 }), text.utf8.contains(0x20) || text.unicodeScalars.contains("\u{A0}") else { return [] }
        return withCoverage(of: spaceFont(font, language: nil)) { has in
            spacesBetweenFallbackCharacters(text, lacks: { !has($0.value) })
        }
    }

    /// The same, with whether the paragraph's own font lacks a character (`lacks`).
    private func spacesBetweenFallbackCharacters(_ text: String, lacks: (Unicode.Scalar) -> Bool) -> [Range<UInt32>] {
        var found: [Range<UInt32>] = []
        /// The last character that chose a font since the paragraph began, and whether the own
        /// font lacks it (looked up when a space follows it).
        var previous: Unicode.Scalar?
        var previousLacks: Bool?
        var pending: [Range<UInt32>] = []
        func end(next: Unicode.Scalar?) {
            guard !pending.isEmpty else { return }
            let before = previous.map { _ in previousLacks! }, after = next.map(lacks)
            if before ?? true, after ?? true, before != nil || after != nil { found += pending }
            pending.removeAll(keepingCapacity: true)
        }
        // The scalars decoded from the UTF-8 bytes by hand: the scan runs over every paragraph
        // with a space and a non-ASCII character, and this is several times cheaper than
        // iterating `unicodeScalars`.
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let lead = UInt32(utf8[index]), length: Int, value: UInt32
            if lead < 0x80 {
                (length, value) = (1, lead)
            } else if lead < 0xE0 {
                (length, value) = (2, (lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F))
            } else if lead < 0xF0 {
                (length, value) = (3, (lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F))
            } else {
                (length, value) = (4, (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12 | UInt32(utf8[index + 2] & 0x3F) << 6
                    | UInt32(utf8[index + 3] & 0x3F))
            }
            let offset = UInt32(index)
            index += length
            let scalar = Unicode.Scalar(value)!
            switch value {
            case 0x20, 0xA0, 0x3000:
                if previous != nil, previousLacks == nil { previousLacks = lacks(previous!) }
                // After a character the own font has, the space stays in that font: nothing to
                // keep (most spaces of most paragraphs).
                guard previousLacks != false else { break }
                if value == 0x20 || !lacks(scalar) { pending.append(offset..<offset + UInt32(length)) }
            case 0x0A, 0x0D:
                end(next: nil)
                previous = nil
                previousLacks = nil
            case 0x00..<0x20, 0x7F...0x9F, 0xAD, 0x600...0x605, 0x61C, 0x6DD, 0x70F, 0x180E, 0xFEFF, 0xFE00...0xFE0F, 0xE0000...0xE0FFF:
                break
            case 0x1680, 0x2000...0x2BFF, 0x3030, 0x303D, 0x3297, 0x3299, 0x1F000...:
                return []
            default:
                end(next: scalar)
                previous = scalar
                previousLacks = nil
            }
        }
        end(next: nil)
        return found
    }

    /// The spaces that Pango sets in a fallback font and a browser in the paragraph's own font,
    /// as byte ranges of the layout's text. Pango gives a space the font of the characters around
    /// it ("it's always wrong to select a font just to render a space"), so the spaces between
    /// two Arabic words in an Inter paragraph are DejaVu Sans spaces, 0.6 px wider at 17 px than
    /// Inter's; Chromium gives each character the first font of the CSS list that has it, which
    /// for a space is the paragraph's own font. Each run of such spaces is given the paragraph's
    /// own family alone (an attribute range, so an item of its own): Pango then sets it in that
    /// family's font, as the browser does. (The family alone, not the theme's list: fontconfig
    /// puts a colour emoji font named in a list before the others.) Only spaces that font has
    /// are moved (an ideographic space stays with the CJK font, as in a browser). Inside
    /// `Typesetting.exclusively`.
    private func spacesInFallbackRuns(of layout: OpaquePointer, font: FontSpec) -> [Range<UInt32>] {
        var ranges: [Range<UInt32>] = []
        var bytes: UnsafePointer<CChar>?
        // The space font of the runs' language (most paragraphs have one).
        var lastLanguage: OpaquePointer?
        var lastSpaceFont: UnsafeMutablePointer<PangoFont>?
        var node = pango_layout_get_lines_readonly(layout)
        while let line = node {
            var run = line.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let current = run {
                let item = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.item!
                run = current.pointee.next
                guard let runFont = item.pointee.analysis.font else { continue }
                let language = item.pointee.analysis.language
                if language != lastLanguage || lastSpaceFont == nil {
                    lastSpaceFont = self.spaceFont(font, language: language)
                    lastLanguage = language
                }
                let spaceFont = lastSpaceFont!
                // The same face at the same size is the own font whichever object Pango made of
                // it: once an app's font is loaded, Pango makes its fonts anew, and the space font
                // this engine holds from before is another object of the same face.
                guard UnsafeMutableRawPointer(runFont) != UnsafeMutableRawPointer(spaceFont), fontID(runFont) != fontID(spaceFont) else { continue }
                if bytes == nil { bytes = pango_layout_get_text(layout) }
                let start = Int(item.pointee.offset), end = start + Int(item.pointee.length)
                let text = UnsafeRawBufferPointer(start: UnsafeRawPointer(bytes! + start), count: end - start)
                var index = 0
                while index < text.count {
                    guard let (scalar, length) = Self.spaceSeparator(in: text, at: index) else {
                        index += 1
                        continue
                    }
                    let offset = UInt32(start + index), upper = offset + UInt32(length)
                    if pango_font_has_char(spaceFont, scalar) != 0 {
                        if let last = ranges.last, last.upperBound == offset {
                            ranges[ranges.count - 1] = last.lowerBound..<upper
                        } else {
                            ranges.append(offset..<upper)
                        }
                    }
                    index += length
                }
            }
            node = line.pointee.next
        }
        return ranges
    }

    /// The space separator (Unicode's category Zs, a fixed set) whose UTF-8 starts at `index` of
    /// `text`, and its length in bytes; nil for any other byte, and for U+1680 (Ogham's space
    /// mark, which is drawn). Looked for byte by byte: the lead bytes looked at are never the
    /// continuation of another character.
    package static func spaceSeparator(in text: UnsafeRawBufferPointer, at index: Int) -> (UInt32, Int)? {
        switch text[index] {
        case 0x20: return (0x20, 1)
        case 0xC2 where index + 1 < text.count && text[index + 1] == 0xA0: return (0xA0, 2)
        case 0xE2 where index + 2 < text.count:
            switch (text[index + 1], text[index + 2]) {
            case (0x80, 0x80...0x8A): return (0x2000 + UInt32(text[index + 2] - 0x80), 3)
            case (0x80, 0xAF): return (0x202F, 3)
            case (0x81, 0x9F): return (0x205F, 3)
            default: return nil
            }
        case 0xE3 where index + 2 < text.count && text[index + 1] == 0x80 && text[index + 2] == 0x80: return (0x3000, 3)
        default: return nil
        }
    }

    /// Runs `body` with a question it may ask of `font` (held for the engine's life): whether the
    /// font has a character, as Pango's itemizer asks (`pango_font_has_char`), each answer in
    /// the Basic Multilingual Plane remembered (`fontCoverage`). Inside `Typesetting.exclusively`.
    private func withCoverage<Result>(of font: UnsafeMutablePointer<PangoFont>, _ body: ((UInt32) -> Bool) -> Result) -> Result {
        // The font's coverage taken out of the engine while it is filled in (no copy), put back after.
        let address = UInt(bitPattern: font)
        var coverage = fontCoverage.removeValue(forKey: address) ?? [UInt8](repeating: 0, count: 0x10000)
        defer { fontCoverage[address] = coverage }
        return body { scalar in
            guard scalar < 0x10000 else { return pango_font_has_char(font, scalar) != 0 }
            if coverage[Int(scalar)] == 0 { coverage[Int(scalar)] = pango_font_has_char(font, scalar) != 0 ? 1 : 2 }
            return coverage[Int(scalar)] == 1
        }
    }

    /// The one run of a layout of one line, or nil when it has more lines or runs.
    private static func onlyRun(of layout: OpaquePointer) -> UnsafeMutablePointer<PangoGlyphItem>? {
        guard pango_layout_get_line_count(layout) == 1, let line = pango_layout_get_line_readonly(layout, 0),
              let runs = line.pointee.runs, runs.pointee.next == nil, let data = runs.pointee.data else { return nil }
        return data.assumingMemoryBound(to: PangoGlyphItem.self)
    }

    /// The font Pango gives a space in `font`'s own family (its fallbacks left out) for text in
    /// `language`. Inside `Typesetting.exclusively`.
    private func spaceFont(_ font: FontSpec, language: OpaquePointer?) -> UnsafeMutablePointer<PangoFont> {
        let own = fontDescription(font)
        let key = SpaceFontKey(description: UInt(bitPattern: own), language: language.map { UInt(bitPattern: $0) } ?? 0)
        if let known = spaceFonts[key] { return known }
        let description = pango_font_description_copy(own)!
        pango_font_description_set_family(description, font.family)
        let fontset = pango_context_load_fontset(context, description, language)!
        defer {
            g_object_unref(UnsafeMutableRawPointer(fontset))
            pango_font_description_free(description)
        }
        let found = pango_fontset_get_font(fontset, 0x20)!
        pango.keep(font: found)
        spaceFonts[key] = found
        return found
    }

    /// The logical size: the widest line, and the line count times the line height, as CSS sizes
    /// a line box (Pango lets a taller fallback font, such as colour emoji, grow a line past its
    /// absolute line height; a browser does not).
    private func size(of layout: OpaquePointer, lineHeight: Double) -> TextSize {
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let lines = Int(pango_layout_get_line_count(layout))
        return TextSize(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(lines) * lineHeight, lineCount: lines)
    }

    private func layoutSize(_ text: String, style: TextStyle, width: Double?) -> TextSize {
        if style.lines > 0, width != nil { return layoutShape(text, style: style, width: width).size }
        let layout = makeLayout(text, style: style, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        noteUnknownGlyphs(in: layout, text: text)
        return size(of: layout, lineHeight: style.font.lineHeight)
    }

    /// Notes the characters of `text` that Pango could find in no font (its "unknown" glyphs,
    /// drawn as boxes). Inside `Typesetting.exclusively`.
    private func noteUnknownGlyphs(in layout: OpaquePointer, text: String) {
        var found: [Unicode.Scalar] = []
        var node = pango_layout_get_lines_readonly(layout)
        while let line = node {
            var run = line.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
            while let current = run {
                let glyphs = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self).pointee.glyphs!
                for index in 0..<Int(glyphs.pointee.num_glyphs) {
                    let glyph = glyphs.pointee.glyphs[index].glyph
                    if glyph != PANGO_GLYPH_EMPTY, glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0, let scalar = Unicode.Scalar(glyph & ~PANGO_GLYPH_UNKNOWN_FLAG),
                       !found.contains(scalar) {
                        found.append(scalar)
                    }
                }
                run = current.pointee.next
            }
            node = line.pointee.next
        }
        if !found.isEmpty { missing[text] = found }
    }

    /// The characters of `text` no installed font has, as far as this engine (or the workers
    /// whose results it took) has set it.
    package func missingCharacters(in text: String) -> [Unicode.Scalar] { missing.isEmpty ? [] : missing[text] ?? [] }

    /// `text` shaped at `width` with the label's line limit: at most `style.lines` lines in all,
    /// whatever newlines the text holds (Pango's own limit counts the lines of each paragraph).
    /// Text that needs more lines is cut after the last line allowed: with `clip`, there; with
    /// `tail`, that line ends in an ellipsis — Pango's own last line (filled with as much of the
    /// paragraph as fits, then "…", as UIKit's labels do) when its paragraph goes on, or the
    /// line followed by "…" when the next paragraph is what does not show. `head` and `middle`
    /// are Pango's for a single paragraph, and `tail` for several. Inside `Typesetting.exclusively`.
    private func layoutShape(_ text: String, style: TextStyle, width: Double?) -> ShapedText {
        guard style.lines > 0, let width else { return pangoShape(text, style: style, width: width) }
        var unlimited = style
        unlimited.lines = 0
        let full = pangoShape(text, style: unlimited, width: width)
        guard full.lines.count > style.lines else { return full }
        let count = style.lines
        let paragraphs = text.contains("\n") || text.contains("\r") || text.contains("\u{2029}")
        if style.truncation == .head || style.truncation == .middle, !paragraphs { return pangoShape(text, style: style, width: width) }
        var kept = Array(full.lines.prefix(count))
        /// The text cut to the lines kept.
        func limited(_ text: String) -> ShapedText {
            let widest = kept.map(\.width).max() ?? 0
            let size = TextSize(width: Double(widest) / pangoScale, height: Double(count) * style.font.lineHeight, lineCount: count)
            return ShapedText(text: text, size: size, baseline: full.baseline, lineHeight: full.lineHeight, lines: kept, isRightToLeft: full.isRightToLeft,
                              tracking: full.tracking)
        }
        guard style.truncation != .clip else { return limited(full.text) }
        // The last line shown, and the text that stands where it goes on.
        let shown = full.textLines
        let bytes = Array(full.text.utf8)
        let last = kept[count - 1]
        let between = shown.between[count - 1]
        let source: String
        let atParagraphEnd = between.contains("\n") || between.contains("\r") || between.contains("\u{2029}")
        if atParagraphEnd {
            source = shown.lines[count - 1] + "\u{2026}"
        } else {
            var end = Int(last.start)
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            source = String(decoding: bytes[Int(last.start)..<end], as: UTF8.self)
        }
        var oneLine = style
        oneLine.lines = 1
        oneLine.truncation = .tail
        let ending = pangoShape(source, style: oneLine, width: width)
        guard var line = ending.lines.first else { return full }
        // What the line's source leaves out: the paragraphs after it.
        let shownOfSource = atParagraphEnd ? source.utf8.count - 3 : source.utf8.count
        let hidden = bytes.count - Int(last.start) - shownOfSource
        let textShown: String
        if ending.text == source, full.text == text, hidden > 0,
           let split = atParagraphEnd ? Self.ellipsisStandingFor(hiddenBytes: hidden, in: line) : Self.ellipsisWidened(by: hidden, in: line) {
            // The "…" stands for the paragraphs that do not show, as Pango's own ellipsis
            // does for the rest of its paragraph: a PDF reader copies and finds them.
            line = split
            textShown = full.text
        } else {
            textShown = String(decoding: bytes[0..<Int(last.start)], as: UTF8.self) + ending.text
        }
        line.start += last.start
        for index in line.runs.indices { line.runs[index].start += last.start }
        kept[count - 1] = line
        return limited(textShown)
    }

    /// A line Pango ellipsized at its end, its ellipsis standing for `bytes` more text after it.
    static func ellipsisWidened(by bytes: Int, in line: ShapedLine) -> ShapedLine? {
        guard let last = line.runs.indices.last, line.runs[last].isEllipsis, !line.runs[last].isBackward, !line.runs[last].clusters.isEmpty else { return nil }
        var widened = line
        widened.runs[last].length += Int32(bytes)
        widened.runs[last].clusters[widened.runs[last].clusters.count - 1].bytes += Int32(bytes)
        widened.length += Int32(bytes)
        return widened
    }

    /// A one-line "visible text…" whose final "…" (one glyph, the last cluster of a left-to-right
    /// run) is made a run of its own standing for `hiddenBytes` of text after the visible ones;
    /// nil when the line is not of that shape.
    static func ellipsisStandingFor(hiddenBytes: Int, in line: ShapedLine) -> ShapedLine? {
        guard hiddenBytes >= 3, let last = line.runs.indices.last else { return nil }
        let run = line.runs[last]
        guard !run.isBackward else { return nil }
        if run.isEllipsis {
            // The line did not fit with its "…": Pango's ellipsis stands for the line's end and
            // the "…"; it now stands for the paragraphs after them too.
            return ellipsisWidened(by: hiddenBytes - 3, in: line)
        }
        guard let cluster = run.clusters.last, cluster.bytes == 3, cluster.glyphs == 1, let glyph = run.glyphs.last else { return nil }
        var visible = run
        visible.glyphs.removeLast()
        visible.clusters.removeLast()
        visible.length -= 3
        visible.width = glyph.x
        visible.endXOffset = 0
        let ellipsis = GlyphRun(font: run.font, start: run.start + run.length - 3, length: Int32(hiddenBytes),
                                glyphs: [PositionedGlyph(id: glyph.id, x: 0, y: glyph.y)],
                                clusters: [TextCluster(bytes: Int32(hiddenBytes), glyphs: 1)], isBackward: false,
                                width: run.width - glyph.x, yOffset: run.yOffset, endXOffset: run.endXOffset, isEllipsis: true)
        var split = line
        split.runs.removeLast()
        if !visible.glyphs.isEmpty || visible.length > 0 { split.runs.append(visible) }
        split.runs.append(ellipsis)
        split.length = line.length - 3 + Int32(hiddenBytes)
        return split
    }

    /// Copies Pango's lines, runs and glyphs out of a layout. Inside `Typesetting.exclusively`.
    private func pangoShape(_ text: String, style: TextStyle, width: Double?) -> ShapedText {
        let layout = makeLayout(text, style: style, width: width)
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        let measured = size(of: layout, lineHeight: style.font.lineHeight)
        var lines: [ShapedLine] = []
        var isRightToLeft = false
        if let first = pango_layout_get_line_readonly(layout, 0) {
            isRightToLeft = pango_layout_line_get_resolved_direction(first) == PANGO_DIRECTION_RTL
        }
        if let iterator = pango_layout_get_iter(layout) {
            defer { pango_layout_iter_free(iterator) }
            repeat {
                guard let line = pango_layout_iter_get_line_readonly(iterator) else { continue }
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                var runs: [GlyphRun] = []
                var node = line.pointee.runs
                while let current = node {
                    let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                    runs.append(glyphRun(glyphItem))
                    node = current.pointee.next
                }
                var made = ShapedLine(x: logical.x, width: logical.width, start: line.pointee.start_index, length: line.pointee.length, runs: runs)
                // Pango swaps left and right for a paragraph against the layout's direction: an
                // alignment that holds whatever the direction places its lines itself.
                if let width, runs.contains(where: \.isEllipsis) || style.alignment == .left || style.alignment == .right {
                    made = aligned(made, layoutWidth: pangoWidth(width), style: style,
                                   rightToLeft: pango_layout_line_get_resolved_direction(line) == PANGO_DIRECTION_RTL)
                }
                lines.append(made)
            } while pango_layout_iter_next_line(iterator) != 0
        }
        return ShapedText(text: Self.breakable(text), size: measured, baseline: baselineLocked(style.font), lineHeight: style.font.lineHeight,
                          lines: lines, isRightToLeft: isRightToLeft, tracking: style.font.tracking)
    }

    /// An ellipsized line, or any line of a `left` or `right` label, placed by its alignment. Pango counts a line it ellipsized as filling
    /// the layout's width and puts it at the left whatever the alignment, so that a right-aligned
    /// or centred label's cut line would stand a few points off where UIKit and a browser put it:
    /// its width is made that of its glyphs, and its offset Pango's rule for a line that wide
    /// (`get_x_offset`: the free space, or half of it, rounded to whole pixels when both widths
    /// are whole pixels).
    private func aligned(_ line: ShapedLine, layoutWidth: Int32, style: TextStyle, rightToLeft: Bool) -> ShapedLine {
        var line = line
        if line.runs.contains(where: \.isEllipsis) { line.width = line.runs.reduce(0) { $0 + $1.startXOffset + $1.width + $1.endXOffset } }
        let free = layoutWidth - line.width
        switch style.alignment {
        case .center:
            var offset = free / 2
            if (layoutWidth | line.width) & (Int32(PANGO_SCALE) - 1) == 0 { offset = (offset + Int32(PANGO_SCALE) / 2) & ~(Int32(PANGO_SCALE) - 1) }
            line.x = offset
        case .trailing:
            line.x = rightToLeft ? 0 : free
        case .natural, .leading, .justified:
            line.x = rightToLeft ? free : 0
        case .left:
            line.x = 0
        case .right:
            line.x = free
        }
        return line
    }

    /// One of Pango's runs as a value, with the clusters `pango_cairo_renderer_draw_glyph_item`
    /// would hand Cairo for a PDF (the same walk as its `PangoGlyphItemIter`, `clusters(of:)`).
    private func glyphRun(_ glyphItem: UnsafeMutablePointer<PangoGlyphItem>) -> GlyphRun {
        let item = glyphItem.pointee.item!
        let glyphString = glyphItem.pointee.glyphs!
        let count = Int(glyphString.pointee.num_glyphs)
        var glyphs: [PositionedGlyph] = []
        glyphs.reserveCapacity(count)
        var position: Int32 = 0
        for index in 0..<count {
            let info = glyphString.pointee.glyphs[index]
            if info.glyph != PANGO_GLYPH_EMPTY {
                glyphs.append(PositionedGlyph(id: info.glyph, x: position + info.geometry.x_offset, y: info.geometry.y_offset))
            }
            position += info.geometry.width
        }
        let backward = item.pointee.analysis.level % 2 == 1
        let clusters = Self.clusters(of: glyphItem)
        let isEllipsis = Int32(item.pointee.analysis.flags) & Int32(PANGO_ANALYSIS_FLAG_IS_ELLIPSIS) != 0
        if isEllipsis {
            // Pango widens the ellipsis's last glyph to fill the space the cut text leaves; the
            // run is given its glyphs' own advances, so that what follows it (or the line's
            // alignment) sees the ellipsis as wide as it draws, as a browser does.
            var natural: Int32 = 0
            for index in 0..<count {
                var logical = PangoRectangle()
                pango_font_get_glyph_extents(item.pointee.analysis.font, glyphString.pointee.glyphs[index].glyph, nil, &logical)
                natural += logical.width
            }
            position = min(position, natural)
        }
        return GlyphRun(font: fontID(item.pointee.analysis.font), start: item.pointee.offset, length: item.pointee.length, glyphs: glyphs,
                        clusters: clusters, isBackward: backward, width: position, yOffset: glyphItem.pointee.y_offset,
                        startXOffset: glyphItem.pointee.start_x_offset, endXOffset: glyphItem.pointee.end_x_offset,
                        isEllipsis: isEllipsis)
    }

    /// A run's clusters in the text's order, as `pango_glyph_item_iter_next_cluster` walks them:
    /// a cluster is the glyphs from one up to the first whose log cluster (its first byte in the
    /// run) is greater, backwards through the glyphs in a right-to-left run (whose glyphs stand
    /// left to right); its bytes run up to that glyph's log cluster, or the run's end. Glyphs
    /// that draw nothing (empty, or a hex box for a missing character) are not counted, as Cairo
    /// is not given them. Read from the glyph string itself: Pango's iterator also counts each
    /// cluster's characters, which is most of its cost. (`clustersAgreeWithPango` checks it.)
    private static func clusters(of glyphItem: UnsafeMutablePointer<PangoGlyphItem>) -> [TextCluster] {
        let glyphString = glyphItem.pointee.glyphs!
        let count = Int(glyphString.pointee.num_glyphs)
        guard count > 0, let info = glyphString.pointee.glyphs, let log = glyphString.pointee.log_clusters else { return [] }
        let length = glyphItem.pointee.item.pointee.length
        let backward = glyphItem.pointee.item.pointee.analysis.level % 2 == 1
        var clusters: [TextCluster] = []
        clusters.reserveCapacity(count)
        func drawn(_ index: Int) -> Int32 {
            let glyph = info[index].glyph
            return glyph == PANGO_GLYPH_EMPTY || glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 ? 0 : 1
        }
        // The glyphs in the text's order: the `step`-th is glyph `glyph(step)`.
        func glyph(_ step: Int) -> Int { backward ? count - 1 - step : step }
        var start: Int32 = 0
        var step = 0
        while step < count {
            let cluster = log[glyph(step)]
            var glyphs = drawn(glyph(step))
            step += 1
            while step < count, log[glyph(step)] <= cluster {
                glyphs += drawn(glyph(step))
                step += 1
            }
            let end = step < count ? log[glyph(step)] : length
            clusters.append(TextCluster(bytes: end - start, glyphs: glyphs))
            start = end
        }
        return clusters
    }

    /// A run's clusters by Pango's own iterator: what `clusters(of:)` must give.
    private static func pangoClusters(of glyphItem: UnsafeMutablePointer<PangoGlyphItem>, text: UnsafePointer<CChar>) -> [TextCluster] {
        let glyphString = glyphItem.pointee.glyphs!
        let backward = glyphItem.pointee.item.pointee.analysis.level % 2 == 1
        var clusters: [TextCluster] = []
        var iterator = PangoGlyphItemIter()
        if pango_glyph_item_iter_init_start(&iterator, glyphItem, text) != 0 {
            repeat {
                let bytes = iterator.end_index - iterator.start_index
                var glyphCount = backward ? iterator.start_glyph - iterator.end_glyph : iterator.end_glyph - iterator.start_glyph
                let low = min(iterator.start_glyph, iterator.end_glyph + 1), high = max(iterator.start_glyph + 1, iterator.end_glyph)
                if low < high {
                    for index in low..<high {
                        let glyph = glyphString.pointee.glyphs[Int(index)].glyph
                        if glyph == PANGO_GLYPH_EMPTY || glyph & PANGO_GLYPH_UNKNOWN_FLAG != 0 { glyphCount -= 1 }
                    }
                }
                clusters.append(TextCluster(bytes: bytes, glyphs: glyphCount))
            } while pango_glyph_item_iter_next_cluster(&iterator) != 0
        }
        return clusters
    }

    /// Whether every run of `text` laid out in `style` at `width` has the same clusters read from
    /// its glyph string (`clusters(of:)`, what is drawn) as by Pango's iterator; the runs
    /// compared are counted into `runs`.
    package func clustersAgreeWithPango(_ text: String, style: TextStyle, width: Double?, runs: inout Int) -> Bool {
        Typesetting.exclusively {
            let layout = makeLayout(text, style: style, width: width)
            defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
            let layoutText = pango_layout_get_text(layout)!
            var node = pango_layout_get_lines_readonly(layout)
            while let line = node {
                var run = line.pointee.data.assumingMemoryBound(to: PangoLayoutLine.self).pointee.runs
                while let current = run {
                    let glyphItem = current.pointee.data.assumingMemoryBound(to: PangoGlyphItem.self)
                    runs += 1
                    if Self.clusters(of: glyphItem) != Self.pangoClusters(of: glyphItem, text: layoutText) { return false }
                    run = current.pointee.next
                }
                node = line.pointee.next
            }
            return true
        }
    }

    /// The number of a Pango font: its pattern (filtered to what Cairo reads) and its Cairo scaled
    /// font's matrices and options, registered once per font.
    func fontID(_ font: UnsafeMutablePointer<PangoFont>?) -> FontID {
        guard let font else { return FontID(rawValue: UInt32.max) }
        let address = UInt(bitPattern: font)
        if let known = fontIDs[address] { return known }
        var pattern = "", family = ""
        if let fcPattern = pango_fc_font_get_pattern(UnsafeMutableRawPointer(font).assumingMemoryBound(to: PangoFcFont.self)) {
            var name: UnsafeMutablePointer<FcChar8>?
            if FcPatternGetString(fcPattern, FC_FAMILY, 0, &name) == FcResultMatch, let name {
                family = String(cString: UnsafeRawPointer(name).assumingMemoryBound(to: CChar.self))
            }
            let objects = FcObjectSetCreate()!
            for name in Self.patternObjects { FcObjectSetAdd(objects, name) }
            if let filtered = FcPatternFilter(fcPattern, objects) {
                if let unparsed = FcNameUnparse(filtered) {
                    pattern = String(cString: unparsed)
                    free(unparsed)
                }
                FcPatternDestroy(filtered)
            }
            FcObjectSetDestroy(objects)
        }
        var face = FontFace(pattern: pattern, matrix: [1, 0, 0, 1, 0, 0], ctm: [1, 0, 0, 1, 0, 0], antialias: 0, subpixelOrder: 0, hintStyle: 0,
                            hintMetrics: 0, variations: "", family: family)
        if let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)) {
            var matrix = cairo_matrix_t(), ctm = cairo_matrix_t()
            cairo_scaled_font_get_font_matrix(scaled, &matrix)
            cairo_scaled_font_get_ctm(scaled, &ctm)
            face.matrix = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0]
            face.ctm = [ctm.xx, ctm.yx, ctm.xy, ctm.yy, ctm.x0, ctm.y0]
            let options = cairo_font_options_create()
            cairo_scaled_font_get_font_options(scaled, options)
            face.antialias = Int32(cairo_font_options_get_antialias(options).rawValue)
            face.subpixelOrder = Int32(cairo_font_options_get_subpixel_order(options).rawValue)
            face.hintStyle = Int32(cairo_font_options_get_hint_style(options).rawValue)
            face.hintMetrics = Int32(cairo_font_options_get_hint_metrics(options).rawValue)
            face.variations = cairo_font_options_get_variations(options).map { String(cString: $0) } ?? ""
            cairo_font_options_destroy(options)
        }
        let id = FontRegistry.id(for: face)
        g_object_ref(UnsafeMutableRawPointer(font))
        pango.keep(font: font)
        fontIDs[address] = id
        return id
    }

    /// The pattern elements Cairo's FreeType backend reads when it makes a font face: which file
    /// and face, and how glyphs are rendered.
    static let patternObjects = [FC_FILE, FC_INDEX, FC_ANTIALIAS, FC_RGBA, FC_HINTING, FC_AUTOHINT, FC_HINT_STYLE, FC_LCD_FILTER,
                                 FC_VERTICAL_LAYOUT, FC_EMBOLDEN, FC_FONT_VARIATIONS]

    // MARK: Fonts

    /// Where a browser puts the first baseline of a line box of `font`, from the line's top:
    /// the font's ascent and descent rounded to whole pixels, the half-leading rounded down
    /// (Blink's rule, checked against Chromium for Inter from 9.5 to 34 px). Pango keeps them
    /// fractional, so text is drawn shifted by the difference to land on the same pixels.
    package func baseline(of font: FontSpec) -> Double {
        if let known = baselines[font] { return known }
        return Typesetting.exclusively { baselineLocked(font) }
    }

    private func baselineLocked(_ font: FontSpec) -> Double {
        if let known = baselines[font] { return known }
        let metrics = pango_context_get_metrics(context, fontDescription(font), nil)
        let ascent = (Double(pango_font_metrics_get_ascent(metrics)) / Double(PANGO_SCALE)).rounded()
        let descent = (Double(pango_font_metrics_get_descent(metrics)) / Double(PANGO_SCALE)).rounded()
        pango_font_metrics_unref(metrics)
        let baseline = ((font.lineHeight - ascent - descent) / 2).rounded(.down) + ascent
        baselines[font] = baseline
        return baseline
    }

    /// `UIFont.lineHeight` of `font` as drawn here: its ascender, descender and line gap
    /// (Pango's height), unrounded: 19.26 for Courier New (Liberation Mono) at 17 pt. The font's
    /// own, as UIFont's: not the fonts that would stand in for the characters it lacks (an icon
    /// font of one glyph, `icomoon`, is 24 pt tall at 24 pt, not as tall as a text font).
    ///
    /// `lineGap` false leaves the font's line gap out: its ascender and descender alone, as tall
    /// as UILabel sets a line of an app's own font (`IBFonts`).
    package func naturalLineHeight(of font: FontSpec, lineGap: Bool = true) -> Double {
        if let known = naturalLineHeights[NaturalLineKey(font: font, lineGap: lineGap)] { return known }
        let height = Typesetting.exclusively {
            let loaded = pango_font_map_load_font(UnsafeMutablePointer(pango.fontMap), context, fontDescription(font))
            defer { if let loaded { g_object_unref(UnsafeMutableRawPointer(loaded)) } }
            let metrics = loaded.map { pango_font_get_metrics($0, nil) } ?? pango_context_get_metrics(context, fontDescription(font), nil)
            defer { pango_font_metrics_unref(metrics) }
            let height = lineGap ? pango_font_metrics_get_height(metrics) : pango_font_metrics_get_ascent(metrics) + pango_font_metrics_get_descent(metrics)
            return Double(height) / Double(PANGO_SCALE)
        }
        naturalLineHeights[NaturalLineKey(font: font, lineGap: lineGap)] = height
        return height
    }

    private struct NaturalLineKey: Hashable {
        var font: FontSpec
        var lineGap: Bool
    }

    /// The family fontconfig actually gives for `font`'s own family (not its fallbacks): when it
    /// differs, the font is not installed and output would silently change from machine to machine.
    package func installedFamily(of font: FontSpec) -> String {
        Typesetting.exclusively { installedFamilyLocked(font) }
    }

    private func installedFamilyLocked(_ font: FontSpec) -> String {
        let description = pango_font_description_new()!
        defer { pango_font_description_free(description) }
        pango_font_description_set_family(description, font.family)
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        guard let loaded = pango_font_map_load_font(UnsafeMutablePointer(pango.fontMap), context, description) else { return "" }
        defer { g_object_unref(UnsafeMutableRawPointer(loaded)) }
        let described = pango_font_describe(loaded)
        defer { pango_font_description_free(described) }
        return pango_font_description_get_family(described).map { String(cString: $0) } ?? ""
    }

    /// Families asked for that fontconfig does not have (it substituted another), with the family
    /// it gave instead.
    package private(set) var missingFamilies: [String: String] = [:]
    private var checkedFamilies = Set<String>()

    /// Notes families that another engine (a worker process's) found missing.
    package func noteMissing(_ families: [String: String]) {
        missingFamilies.merge(families) { a, _ in a }
    }

    /// Inside `Typesetting.exclusively`.
    func fontDescription(_ font: FontSpec) -> OpaquePointer {
        if let known = fonts[font] { return known }
        if checkedFamilies.insert(font.family).inserted {
            let installed = installedFamilyLocked(font)
            if installed.lowercased() != font.family.lowercased() { missingFamilies[font.family] = installed }
        }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, font.families.joined(separator: ","))
        pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(font.weight)))
        pango_font_description_set_style(description, font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
        pango_font_description_set_absolute_size(description, font.size * Double(PANGO_SCALE))
        pango.keep(description: description)
        fonts[font] = description
        return description
    }

    /// A layout of `text` alone on one line, for the word shaper: its advance, the font of its
    /// single run, its glyphs and its own break opportunities; nil when Pango gives it more than
    /// one run or line. Inside `Typesetting.exclusively`.
    func shapeAlone(_ text: String, font: FontSpec) -> ShapedWord? {
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, text, -1)
        if font.tracking != 0 {
            // Shaped as Pango shapes letter-spaced text (its optional ligatures off); the
            // spacing itself is added to the glyphs below.
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_font_features_new(Self.featuresOffWhenSpaced))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        guard let run = Self.onlyRun(of: layout), let item = run.pointee.item, let glyphs = run.pointee.glyphs, let runFont = item.pointee.analysis.font,
              item.pointee.analysis.level % 2 == 0 else { return nil }
        let glyphCount = Int(glyphs.pointee.num_glyphs)
        var copied = WordGlyphs(infos: (0..<glyphCount).map { index in
            let info = glyphs.pointee.glyphs[index]
            return WordGlyphs.Glyph(id: info.glyph, width: info.geometry.width, xOffset: info.geometry.x_offset, yOffset: info.geometry.y_offset)
        }, clusters: (0..<glyphCount).map { glyphs.pointee.log_clusters[$0] })
        if font.tracking != 0 { copied.space(by: Self.pangoUnits(font.tracking)) }
        // Break opportunities inside the word (not before its first character, not at its end).
        var count: Int32 = 0
        guard let attributes = pango_layout_get_log_attrs_readonly(layout, &count) else { return nil }
        var word = WordWrap.Word(width: copied.infos.reduce(0) { $0 + Int($1.width) })
        var offset = 0, character = 0, firstBreakOffset = 0
        for scalar in text.unicodeScalars {
            if character > 0, attributes[character].is_line_break != 0 {
                if word.breaksInside == 0 {
                    firstBreakOffset = offset
                    for index in 0..<glyphCount where Int(copied.clusters[index]) < offset { word.firstBreakWidth += Int(copied.infos[index].width) }
                }
                word.breaksInside += 1
            }
            offset += scalar.utf8.count
            character += 1
        }
        return ShapedWord(word: word, font: fontID(runFont), glyphs: copied, headBytes: firstBreakOffset)
    }

    /// `text` (a paragraph of words of one `script`, `WordWrap.split`) shaped whole,
    /// on one line, as Pango shapes it when it makes it one run of `font`'s first font: by
    /// HarfBuzz with the very font, script, language, features and buffer settings Pango gives
    /// it, without Pango's itemizing, break analysis and line making. With each glyph, whether
    /// HarfBuzz says a break before it would shape the two sides differently (Pango shapes again
    /// the two parts of a run it breaks). Nil when Pango would not make the paragraph one run of
    /// that font: a character the font lacks. Inside `Typesetting.exclusively`.
    func shapeWhole(_ text: UnsafeBufferPointer<UInt8>, font: FontSpec, script: WordWrap.Script) -> WholeParagraph? {
        guard let base = text.baseAddress, text.count > 0, text.count < Int(Int32.max), let face = paragraphFace(font, script: script)
        else { return nil }
        // Pango gives a character the first font of the font set that has it.
        let covered = withCoverage(of: face.font) { has in
            var bytes = text.makeIterator(), decoder = UTF8()
            while case .scalarValue(let scalar) = decoder.decode(&bytes) {
                if !has(scalar.value) { return false }
            }
            return true
        }
        guard covered else { return nil }
        if wholeBuffer == nil, let made = hb_buffer_create() {
            wholeBuffer = made
            pango.keep(buffer: made)
        }
        guard let buffer = wholeBuffer, let hbFont = pango_font_get_hb_font(face.font) else { return nil }
        // Pango 1.50's settings (`pango_hb_shape`): the whole paragraph is the item and its context.
        hb_buffer_clear_contents(buffer)
        hb_buffer_set_direction(buffer, HB_DIRECTION_LTR)
        hb_buffer_set_script(buffer, face.script)
        hb_buffer_set_language(buffer, face.language)
        hb_buffer_set_cluster_level(buffer, HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS)
        hb_buffer_set_flags(buffer, hb_buffer_flags_t(rawValue: HB_BUFFER_FLAG_BOT.rawValue | HB_BUFFER_FLAG_EOT.rawValue))
        hb_buffer_set_invisible_glyph(buffer, PANGO_GLYPH_EMPTY)
        let characters = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
        hb_buffer_add_utf8(buffer, characters, Int32(text.count), 0, Int32(text.count))
        face.features.withUnsafeBufferPointer { features in
            hb_shape(hbFont, buffer, features.baseAddress, UInt32(features.count))
        }
        var count: UInt32 = 0
        guard let infos = hb_buffer_get_glyph_infos(buffer, &count), let positions = hb_buffer_get_glyph_positions(buffer, nil), count > 0 else { return nil }
        var whole = WholeParagraph(font: face.id, glyphs: WordGlyphs(infos: [], clusters: []), unsafeBefore: [])
        whole.glyphs.infos.reserveCapacity(Int(count))
        whole.glyphs.clusters.reserveCapacity(Int(count))
        whole.unsafeBefore.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            // Glyph 0: the font lacks a character after all (HarfBuzz may compose or decompose).
            guard infos[index].codepoint != 0 else { return nil }
            let position = positions[index]
            whole.glyphs.infos.append(WordGlyphs.Glyph(id: infos[index].codepoint, width: position.x_advance, xOffset: position.x_offset,
                                                       yOffset: -position.y_offset))
            whole.glyphs.clusters.append(Int32(bitPattern: infos[index].cluster))
            whole.unsafeBefore.append(hb_glyph_info_get_glyph_flags(infos + index).rawValue & HB_GLYPH_FLAG_UNSAFE_TO_BREAK.rawValue != 0)
        }
        if font.tracking != 0 { whole.glyphs.space(by: Self.pangoUnits(font.tracking)) }
        return whole
    }

    /// Whether Pango may break a line before each character of `text` (a paragraph of one run,
    /// `script`, in `font`), and after its last: `is_line_break` of the log attributes Pango's
    /// layout gives it, from Pango's own analysis (`pango_get_log_attrs`, with the run's language
    /// and a left-to-right level). Inside `Typesetting.exclusively`.
    func lineBreaks(_ text: UnsafeBufferPointer<UInt8>, characters: Int, font: FontSpec, script: WordWrap.Script) -> [Bool]? {
        guard let base = text.baseAddress, text.count > 0, let face = paragraphFace(font, script: script) else { return nil }
        var attributes = [PangoLogAttr](repeating: PangoLogAttr(), count: characters + 1)
        pango_get_log_attrs(UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), Int32(text.count), 0, face.pangoLanguage,
                            &attributes, Int32(characters + 1))
        return attributes.map { $0.is_line_break != 0 }
    }

    /// The font, script and language Pango gives a run of `script` in `font`, from its layout of a
    /// letter of that script (a digit for `.common`). Inside `Typesetting.exclusively`.
    private func paragraphFace(_ font: FontSpec, script: WordWrap.Script) -> ParagraphFace? {
        let key = FaceKey(font: font, script: script)
        if let known = paragraphFaces[key] { return known }
        let sample = ["1", "a", "α", "а"][script.rawValue]
        let layout = pango_layout_new(context)!
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        pango_layout_set_font_description(layout, fontDescription(font))
        pango_layout_set_text(layout, sample, -1)
        var face: ParagraphFace?
        if let item = Self.onlyRun(of: layout)?.pointee.item, let runFont = item.pointee.analysis.font,
           item.pointee.analysis.level % 2 == 0, item.pointee.analysis.extra_attrs == nil {
            let analysis = item.pointee.analysis
            var features = [hb_feature_t](repeating: hb_feature_t(), count: 32)
            var featureCount: UInt32 = 0
            pango_font_get_features(runFont, &features, 28, &featureCount)
            if font.tracking != 0 {
                // Letter-spaced text has its optional ligatures off, as Pango shapes it.
                for tag in ["liga", "clig", "dlig", "hlig"] {
                    var feature = hb_feature_t()
                    guard hb_feature_from_string(tag + "=0", -1, &feature) != 0 else { continue }
                    features[Int(featureCount)] = feature
                    featureCount += 1
                }
            }
            let tag = g_unicode_script_to_iso15924(GUnicodeScript(rawValue: Int32(analysis.script)))
            let language = analysis.language.map { hb_language_from_string(pango_language_to_string($0), -1) } ?? nil
            g_object_ref(UnsafeMutableRawPointer(runFont))
            pango.keep(font: runFont)
            face = ParagraphFace(font: runFont, id: fontID(runFont), script: hb_script_from_iso15924_tag(tag), language: language,
                                 pangoLanguage: analysis.language, features: Array(features.prefix(Int(featureCount))))
        }
        paragraphFaces[key] = .some(face)
        return face
    }

    /// Prints what the word shaper did, with `TABLERENDER_STATS=1` (for the benchmarks).
    package func reportStatistics() {
        guard usesWords, wordStatistics.tried > 0 || wordStatistics.offFromTheStart || paragraphsShapedOnce > 0,
              RuntimeSettings.current.printsStatistics else { return }
        FileHandle.standardError.write(Data("tablerender[\(getpid())]: \(wordStatistics.summary); \(paragraphsShapedOnce) layouts from paragraphs shaped once\n".utf8))
    }

    // MARK: What worker processes hand back

    /// Whether new results are noted for `takeRecorded()`.
    package var records = false
    private var recorded: [TextTransfer.Entry] = []

    private func record(_ key: Key, _ result: TextTransfer.Entry.Result) {
        guard records else { return }
        recorded.append(TextTransfer.Entry(text: key.text, style: key.style, width: key.width, result: result,
                                           missing: missing.isEmpty ? [] : missing[key.text] ?? []))
    }

    /// The results made since the last call, as entries another engine can `preload`.
    package func takeRecorded() -> [TextTransfer.Entry] {
        defer { recorded.removeAll(keepingCapacity: true) }
        return recorded
    }

    /// Takes results another engine made (a worker process's), as if made here.
    package func preload(_ entries: [TextTransfer.Entry]) {
        for entry in entries {
            if !entry.missing.isEmpty { missing[entry.text] = entry.missing }
            let key = Key(text: entry.text, style: entry.style, width: entry.width)
            switch entry.result {
            case .shaped(let shaped): shapes[key] = shaped
            case .size(let size): sizes[key] = size
            case .lines(let lines):
                lineSets[key] = lines
                sizes[key] = lines.size
            }
        }
    }

    /// Forgets every paragraph measured or shaped (the laid-out views keep what they need), so
    /// that memory holds a window of rows.
    package func forgetParagraphs() {
        shapes.removeAll(keepingCapacity: true)
        sizes.removeAll(keepingCapacity: true)
        lineSets.removeAll(keepingCapacity: true)
        minimums.removeAll(keepingCapacity: true)
        paragraphShaper.forgetParagraphs()
    }
}

extension TextSize: TextEngine.Made {
    static let byWords: TextEngine.WordsStrategy<TextSize> = { $0.wordsMeasure($1, style: $2, width: $3, source: $4) }
    static let byParagraph: TextEngine.ParagraphStrategy<TextSize> = { $0.paragraphMeasure($1, style: $2, width: $3) }
    static let byPango: TextEngine.PangoLayout<TextSize> = { $0.pangoSize($1, style: $2, width: $3) }
}

extension ShapedText: TextEngine.Made {
    static let byWords: TextEngine.WordsStrategy<ShapedText> = { $0.wordsShape($1, style: $2, width: $3, source: $4) }
    static let byParagraph: TextEngine.ParagraphStrategy<ShapedText> = { $0.paragraphShape($1, style: $2, width: $3) }
    static let byPango: TextEngine.PangoLayout<ShapedText> = { $0.pangoShaped($1, style: $2, width: $3) }
}

extension TextLines: TextEngine.Made {
    static let byWords: TextEngine.WordsStrategy<TextLines> = { $0.wordsLines($1, style: $2, width: $3, source: $4) }
    static let byParagraph: TextEngine.ParagraphStrategy<TextLines> = { $0.paragraphLines($1, style: $2, width: $3) }
    static let byPango: TextEngine.PangoLayout<TextLines> = { $0.pangoLines($1, style: $2, width: $3) }
}
