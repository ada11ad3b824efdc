import TableTemplates
import TableText
import TestSupport
import Testing

@Suite struct TextEngineTests {
    static var fonts: [FontSpec] {
        var list = [FontSpec(family: "Inter", size: 15, lineHeight: 20), FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22),
                    FontSpec(family: "Liberation Serif", size: 11, lineHeight: 15), WordWrapTests.system(17, lineHeight: 22)]
        for index in list.indices { list[index].fallbacks = ["Noto Sans CJK JP", "Noto Color Emoji", "DejaVu Sans"] }
        return list
    }

    /// Real paragraphs: names in a hundred languages, package summaries and descriptions (with
    /// newlines), licence paragraphs.
    static func realParagraphs(_ count: Int, seed: UInt64) -> [String] {
        let pool = RealText.names.map(\.name) + RealText.packages.map(\.summary) + RealText.packages.map(\.body).filter { !$0.isEmpty }
            + RealText.licenseParagraphs
        var dice = Dice(seed: seed)
        return (0..<count).map { _ in pool[dice.next(pool.count)] }
    }

    /// A label is measured on one line first, then shaped at its width: when the one-line text
    /// fits, the engine hands back the one-line shaping, which must be exactly what shaping at
    /// that width gives.
    @Test(arguments: fonts)
    func theOneLineShapingReusedAtAWiderWidthIsPangosShapingThere(font: FontSpec) {
        var dice = Dice(seed: 9)
        var reused = 0
        for text in Self.realParagraphs(400, seed: 1) {
            let engine = TextEngine()
            engine.usesWords = false
            let style = TextStyle(font: font, lines: [0, 0, 1, 2][dice.next(4)], alignment: [.natural, .leading, .center, .trailing][dice.next(4)])
            let oneLine = engine.shape(text, style: style, width: nil)
            for width in [oneLine.size.width, oneLine.size.width + 0.3, oneLine.size.width * 1.5, oneLine.size.width * 0.8, 200] {
                let fresh = TextEngine()
                fresh.usesWords = false
                let expected = fresh.shape(text, style: style, width: width)
                let given = engine.shape(text, style: style, width: width)
                if given == oneLine { reused += 1 }
                #expect(given == expected, "\(font) \(style.alignment) lines=\(style.lines) width \(width): \(text.prefix(60))")
            }
        }
        print("one-line shaping reused \(reused) times")
        #expect(reused > 100)
    }

    /// What a worker process hands back survives the trip: every entry decodes to what was
    /// encoded, fonts renumbered.
    /// A space between two words that fall back to another font is set in the paragraph's own
    /// font, as a browser sets it (Pango alone keeps it in the fallback font, which made Arabic
    /// and Korean lines wider or narrower than Chromium's): with or without a theme's list of
    /// fallbacks naming the emoji font (which fontconfig puts first), and never an ideographic
    /// space the own font lacks. Chromium's side is Tests/Browser/test_lines.py (widths).
    @Test(arguments: [[], ["Noto Sans CJK JP", "Noto Color Emoji", "DejaVu Sans"]])
    func spacesBetweenWordsOfAFallbackFontAreInTheParagraphsOwnFont(fallbacks: [String]) {
        var font = FontSpec(family: "Inter", size: 17, lineHeight: 22)
        font.fallbacks = fallbacks
        let engine = TextEngine()
        engine.usesWords = false
        /// The family of each run, and the text it draws.
        func runs(_ text: String) -> [(String, String)] {
            let shaped = engine.shape(text, style: TextStyle(font: font), width: nil)
            let bytes = Array(shaped.text.utf8)
            return shaped.lines.flatMap(\.runs).map { run in
                (FontRegistry.family(run.font), String(decoding: bytes[Int(run.start)..<Int(run.start + run.length)], as: UTF8.self))
            }.sorted { $0.1.utf8.count < $1.1.utf8.count }
        }
        for (text, fallback) in [("مرحبا بكم في هذا العالم", "DejaVu Sans"), ("안녕 하세요  여러분", "Noto Sans CJK JP"), ("שלום עולם", "DejaVu Sans")] {
            let found = runs(text)
            let spaces = found.filter { $0.1.unicodeScalars.allSatisfy { $0 == " " } }
            #expect(!spaces.isEmpty && spaces.allSatisfy { $0.0 == "Inter" }, "\(text): \(found)")
            #expect(found.filter { !$0.1.contains(" ") }.allSatisfy { $0.0 == fallback }, "\(text): \(found)")
        }
        // Latin text stays one run; an ideographic space stays in the CJK font.
        #expect(runs("Hello wide world").map(\.0) == ["Inter"])
        #expect(runs("東京\u{3000}大阪").map(\.0) == ["Noto Sans CJK JP"])
    }

    @Test func shapedTextSurvivesTheTripFromAWorker() throws {
        let engine = TextEngine()
        engine.records = true
        for (index, text) in Self.realParagraphs(300, seed: 2).enumerated() {
            let style = TextStyle(font: Self.fonts[index % Self.fonts.count], lines: index % 5)
            _ = engine.shape(text, style: style, width: Double(100 + index % 300))
        }
        let measuring = TextEngine()
        measuring.use = .measuring
        measuring.records = true
        for text in Self.realParagraphs(50, seed: 3) { _ = measuring.measure(text, style: TextStyle(font: Self.fonts[0]), width: 250) }
        let lining = TextEngine()
        lining.use = .lines
        lining.records = true
        for (index, text) in Self.realParagraphs(50, seed: 4).enumerated() {
            _ = lining.lines(text, style: TextStyle(font: Self.fonts[1], lines: index % 3), width: 180)
        }
        let entries = engine.takeRecorded() + measuring.takeRecorded() + lining.takeRecorded()
        #expect(entries.count >= 390)
        #expect(entries.contains { if case .lines = $0.result { true } else { false } })
        let bytes = TextTransfer.encode(entries, missing: ["Nope": "DejaVu Sans"])
        let decoded = try bytes.withUnsafeBytes { try TextTransfer.decode($0) }
        #expect(decoded.entries.count == entries.count)
        // Compared entry by entry: a difference names the paragraph, not a megabyte of values.
        let first = entries.indices.first { decoded.entries[$0] != entries[$0] }
        #expect(first == nil, "entry \(first ?? -1) differs after the trip: \(first.map { entries[$0].text } ?? "")")
        #expect(decoded.missing == ["Nope": "DejaVu Sans"])
        // A cut message is refused, never misread.
        let cut = Array(bytes.prefix(bytes.count / 2))
        #expect(throws: TextTransfer.Malformed.self) { try cut.withUnsafeBytes { try TextTransfer.decode($0) } }
    }
}

/// The clusters handed to Cairo are read from each run's glyph string; Pango's own iterator
/// (what `pango_cairo_show_layout` walks) is the oracle, on real paragraphs in many scripts and
/// on text made to be hard: marks, ligatures, right-to-left runs, emoji sequences, characters
/// no font has, and lines cut with an ellipsis at either end or in the middle.
@Suite struct ClusterTests {
    @Test(arguments: [1, 2, 3])
    func clustersReadFromTheGlyphsAreThoseOfPangosIterator(seed: UInt64) {
        var dice = Dice(seed: seed)
        let hard = ["مَرْحَبًا بِالْعَالَمِ لا إله", "שָׁלוֹם עוֹלָם", "สวัสดีครับ น้ำ", "नमस्ते दुनिया क्षत्रिय", "👨‍👩‍👧‍👦 🏳️‍🌈 1️⃣ 👍🏽",
                    "e\u{301}\u{302}a\u{20DD} ﬁ ffi", "\u{10FFFD}\u{E0001} \u{1F8FF}", "각 한국어", "Ꭰ ᐁ ሀ ꦄ", "abc אבג def عربي 123"]
        var texts = TextEngineTests.realParagraphs(300, seed: seed)
        for _ in 0..<200 { texts.append((0..<(1 + dice.next(5))).map { _ in hard[dice.next(hard.count)] }.joined(separator: [" ", "", "\n"][dice.next(3)])) }
        let engine = TextEngine()
        var runs = 0
        var disagreeing: [String] = []
        for text in texts {
            let font = TextEngineTests.fonts[dice.next(TextEngineTests.fonts.count)]
            let style = TextStyle(font: font, lines: [0, 0, 1, 2][dice.next(4)], alignment: [.natural, .center, .trailing][dice.next(3)],
                                  truncation: [.tail, .head, .middle, .clip][dice.next(4)])
            let width: Double? = dice.next(5) == 0 ? nil : Double(20 + dice.next(400))
            if !engine.clustersAgreeWithPango(text, style: style, width: width, runs: &runs) { disagreeing.append(text) }
        }
        let firstFew = Array(disagreeing.prefix(3))
        #expect(firstFew.isEmpty, "\(disagreeing.count) paragraphs of \(texts.count) disagree")
        #expect(runs > texts.count)
    }
}

/// A space between characters of a fallback font is set in the paragraph's own font, as a
/// browser sets it. It is given to Pango as a shape of that font's space and then that font and
/// glyph; the oracle is the family attribute it was given before (HarfBuzz shapes each such
/// space alone): the same lines, runs, glyphs and positions for real text in a hundred languages,
/// names joined as the people list joins them, and hard text, at random widths and alignments.
@Suite struct SpaceShapeTests {
    @Test(arguments: [1, 2, 3, 4, 5])
    func spacesSetAsShapesAreThoseOfTheFamilyAttribute(seed: UInt64) {
        var dice = Dice(seed: seed)
        let names = RealText.names.map(\.name)
        let hard = ["مرحبا بالعالم", "שלום  עולם", "สวัสดี ครับ", "नमस्ते दुनिया", "각 한국어", "東京 大阪", "abc אבג def عربي 123",
                    "a\u{00A0}b 中\u{00A0}文", "中\u{3000}文 中\u{2002}文", "x  中  y", "中 \u{00A0}文", "عربي   عربي"]
        var texts = TextEngineTests.realParagraphs(200, seed: seed)
        for _ in 0..<300 { texts.append((0..<(1 + dice.next(6))).map { _ in names[dice.next(names.count)] }.joined(separator: [" ", ", ", "  "][dice.next(3)])) }
        for _ in 0..<150 { texts.append((0..<(1 + dice.next(5))).map { _ in hard[dice.next(hard.count)] }.joined(separator: [" ", "", "\n"][dice.next(3)])) }
        // Drawing engines compare glyphs; measuring ones the lines an HTML page writes.
        let engines = (0..<4).map { _ in TextEngine() }
        for (index, engine) in engines.enumerated() {
            engine.usesWords = false
            engine.setsSpacesAsShapes = index % 2 == 0
            engine.use = index < 2 ? .drawing : .lines
        }
        var disagreeing: [String] = []
        for text in texts {
            let font = TextEngineTests.fonts[dice.next(TextEngineTests.fonts.count)]
            let style = TextStyle(font: font, lines: [0, 0, 0, 2][dice.next(4)], alignment: [.natural, .center, .trailing, .right][dice.next(4)])
            let width: Double? = dice.next(5) == 0 ? nil : Double(20 + dice.next(400))
            if engines[0].shape(text, style: style, width: width) != engines[1].shape(text, style: style, width: width)
                || engines[2].lines(text, style: style, width: width) != engines[3].lines(text, style: style, width: width)
                || engines[2].measure(text, style: style, width: width) != engines[3].measure(text, style: style, width: width)
                || engines[2].minimumWidth(text, style: style) != engines[3].minimumWidth(text, style: style) {
                disagreeing.append(text)
            }
        }
        #expect(disagreeing.isEmpty, "\(disagreeing.count) of \(texts.count) differ, first: \(disagreeing.prefix(3))")
        #expect(engines[0].spacesSetAsShapes > 100 && engines[2].spacesSetAsShapes > 100)
        #expect(engines[1].spacesSetAsShapes == 0 && engines[3].spacesSetAsShapes == 0)
    }
}
