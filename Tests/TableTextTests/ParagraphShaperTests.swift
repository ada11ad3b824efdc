import TableTemplates
import TableText
import TestSupport
import Testing

/// Paragraphs shaped once by HarfBuzz and broken into lines from their glyphs (`Paragraphs.swift`)
/// against Pango laying out each paragraph itself (an engine shaping every paragraph): the same
/// glyphs, advances, offsets, clusters, alignment offsets and sizes, line by line, on real text
/// of the machine and on random paragraphs, at the widths where a line's end changes.
@Suite struct ParagraphShaperTests {
    static let fonts = WordWrapTests.fonts

    /// Text nobody here wrote, as lists show it: names in a hundred languages joined as the
    /// people list joins them, package summaries and descriptions, licence paragraphs; runs of
    /// whitespace made one space, so that most are paragraphs of words.
    static func realParagraphs(_ count: Int, seed: UInt64) -> [String] {
        var dice = Dice(seed: seed)
        let names = RealText.names.map(\.name)
        let summaries = RealText.packages.map(\.summary)
        let bodies = RealText.packages.map(\.body).filter { !$0.isEmpty }
        let licences = RealText.licenseParagraphs
        func single(_ text: String) -> String { text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ") }
        /// At most `words` words of `text`, from a random one.
        func part(_ text: String, words: Int) -> String {
            let all = single(text).split(separator: " ")
            let start = all.count > words ? dice.next(all.count - words) : 0
            return all[start..<min(all.count, start + words)].joined(separator: " ")
        }
        return (0..<count).map { index in
            switch index % 4 {
            case 0: return (0...dice.next(3)).map { _ in names[dice.next(names.count)] }.joined(separator: ", ")
            case 1: return single(summaries[dice.next(summaries.count)])
            case 2: return part(bodies[dice.next(bodies.count)], words: 1 + dice.next(40))
            default: return part(licences[dice.next(licences.count)], words: 1 + dice.next(40))
            }
        }
    }

    /// Compares the paragraph shaper's lines with Pango's for each text at the break
    /// boundaries of its words and at random widths, alignments and line limits: none may differ,
    /// and one in `share` or more must be shaped once.
    static func compare(_ texts: [String], font: FontSpec, seed: UInt64, every step: Int, what: String, share: Int) {
        let pango = TextEngine()
        pango.usesWords = false
        let engine = TextEngine()
        var dice = Dice(seed: seed)
        var compared = 0, once = 0
        var mismatches: [String] = []
        for text in texts {
            let alignment: TextStyle.Alignment = [.natural, .center, .trailing, .right, .left][dice.next(5)]
            let style = TextStyle(font: font, lines: dice.next(6) == 0 ? 2 : 0, alignment: alignment)
            let full = pango.measure(text, style: TextStyle(font: font), width: nil).width
            let widths = WordWrapTests.boundaries(of: text, font: font, pango: pango, every: step)
                + [full * Double(1 + dice.next(99)) / 100, 10 + Double(dice.next(400))]
            for width in widths {
                compared += 1
                guard let shaped = engine.shapeParagraphOnce(text, style: style, width: width) else { continue }
                once += 1
                if shaped != pango.shape(text, style: style, width: width) {
                    mismatches.append("\(font) \(alignment) lines \(style.lines) width \(width.map { String($0) } ?? "none"): '\(text)'")
                }
            }
        }
        print("Paragraphs shaped once, \(what), \(font): \(once) of \(compared) layouts, \(mismatches.count) unlike Pango's")
        #expect(mismatches.isEmpty, "\(mismatches.prefix(3))")
        // Enough go through the paragraph shaper to say so: one in `share` or more.
        #expect(once * share > compared)
    }

    @Test(arguments: fonts)
    func realTextShapedOnceHasPangosGlyphs(font: FontSpec) {
        let texts = Self.realParagraphs(240, seed: 11)
        #expect(texts.count == 240 && RealText.names.count > 300 && RealText.packages.count > 100, "real text on this machine")
        // Most of the machine's text is words of one script (names in other scripts, text with
        // newlines, and words wider than a narrow line go to Pango).
        Self.compare(texts, font: font, seed: 3, every: 3, what: "real text", share: 5)
    }

    @Test(arguments: fonts)
    func randomParagraphsShapedOnceHavePangosGlyphs(font: FontSpec) {
        var dice = Dice(seed: 19)
        let texts = (0..<400).map { _ in WordWrapTests.randomParagraph(&dice) }
        Self.compare(texts, font: font, seed: 5, every: 2, what: "random words", share: 4)
    }

    /// Random paragraphs beyond the word shaper's alphabet: brackets, quotes, symbols and
    /// punctuation anywhere in a word, alone between spaces, or opening or closing it (where Pango
    /// may not break at the space before or after them), dashes, bullets.
    @Test(arguments: fonts)
    func randomParagraphsWithSymbolsShapedOnceHavePangosGlyphs(font: FontSpec) {
        var dice = Dice(seed: 23)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüßłŒ")
        let symbols = Array("()[]{}<>\"'`*+=#_@&$^|~!?.,:;-/%–—‘’“”•…")
        let texts = (0..<400).map { _ -> String in
            (0...dice.next(14)).map { _ -> String in
                var word = ""
                for _ in 0...dice.next(8) { word.append(dice.next(4) == 0 ? symbols[dice.next(symbols.count)] : letters[dice.next(letters.count)]) }
                switch dice.next(12) {
                case 0: return "(" + word + ")"
                case 1: return "\"" + word + "\""
                case 2: return String(symbols[dice.next(symbols.count)])
                default: return word
                }
            }.joined(separator: " ")
        }
        Self.compare(texts, font: font, seed: 29, every: 2, what: "random words with symbols", share: 5)
    }

    /// Text Pango is given otherwise is Pango's: a word longer than `longestUnbrokenRun` (given
    /// zero-width spaces to break at), justified lines, a line limit that cuts the text.
    @Test func textPangoIsGivenOtherwiseIsPangos() {
        let engine = TextEngine()
        let style = TextStyle(font: FontSpec(family: "Inter", size: 15, lineHeight: 20))
        let long = String(repeating: "abc", count: TextEngine.longestUnbrokenRun / 3 + 1)
        #expect(engine.shapeParagraphOnce("a " + long, style: style, width: nil) == nil)
        #expect(engine.shapeParagraphOnce("a " + String(long.dropLast(4)), style: style, width: nil) != nil)
        let text = "the quick brown fox jumps over the lazy dog"
        #expect(engine.shapeParagraphOnce(text, style: style, width: 100) != nil)
        #expect(engine.shapeParagraphOnce(text, style: TextStyle(font: style.font, alignment: .justified), width: 100) == nil)
        #expect(engine.shapeParagraphOnce(text, style: TextStyle(font: style.font, lines: 2), width: 100) == nil)
        #expect(engine.shapeParagraphOnce(text, style: TextStyle(font: style.font, lines: 2), width: 300) != nil)
    }
}
