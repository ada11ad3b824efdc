import TableTemplates
import TableText
import TestSupport
import Testing

/// A label's line limit is the label's: at most N lines in all, whatever newlines, blank lines
/// or "\r\n" the text holds, the last line ending in the ellipsis when text is cut. The oracle is
/// Pango's own shaping of the same text with no limit.
@Suite struct LineLimitTests {
    static let font = FontSpec(family: "Inter", size: 15, lineHeight: 20)

    @Test func fiveOneWordLinesWithALimitOfTwoShowTwoLinesEndingInAnEllipsis() {
        let engine = TextEngine()
        let shaped = engine.shape("one\ntwo\nthree\nfour\nfive", style: TextStyle(font: Self.font, lines: 2), width: 300)
        #expect(shaped.lineTexts == ["one", "two…"])
        #expect(shaped.size.height == 40)
        #expect(shaped.size.lineCount == 2)
        let clipped = engine.shape("one\ntwo\nthree\nfour\nfive", style: TextStyle(font: Self.font, lines: 2, truncation: .clip), width: 300)
        #expect(clipped.lineTexts == ["one", "two"])
        #expect(clipped.size.height == 40)
    }

    @Test func blankLinesAndCarriageReturnsCountAsLines() {
        let engine = TextEngine()
        let shaped = engine.shape("first\r\n\r\nthird\r\nfourth", style: TextStyle(font: Self.font, lines: 3), width: 300)
        #expect(shaped.lineTexts == ["first", "", "third…"])
        #expect(shaped.size.height == 60)
    }

    /// A paragraph that goes on past the last line allowed ends it in Pango's own ellipsis: as
    /// much of the paragraph as fits, then "…".
    @Test func aParagraphCutInItsMiddleFillsTheLastLine() {
        let engine = TextEngine()
        let text = "A short title\nand a body that is much too long to fit on the one line that is left for it"
        let shaped = engine.shape(text, style: TextStyle(font: Self.font, lines: 2), width: 200)
        #expect(shaped.lineTexts.count == 2)
        #expect(shaped.lineTexts[0] == "A short title")
        let last = shaped.lineTexts[1]
        #expect(last.hasSuffix("…") && last.count > 20, "\(last)")
        #expect(text.contains(String(last.dropLast())))
    }

    /// Real text with newlines (package descriptions, licence paragraphs joined), at random
    /// widths and limits, measured with and without the word shaper and shaped to draw.
    @Test func realTextKeepsToItsLimit() {
        var dice = Dice(seed: 11)
        let bodies = RealText.packages.map(\.body).filter { $0.contains("\n") }
        let licences = RealText.licenseParagraphs
        var cut = 0
        for round in 0..<300 {
            var text = round % 3 == 2 ? licences[dice.next(licences.count)] + "\n\n" + licences[dice.next(licences.count)]
                : bodies[dice.next(bodies.count)]
            if round % 4 == 1 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            let limit = 1 + dice.next(4)
            let width = Double(120 + dice.next(200))
            let truncation: TextStyle.Truncation = round % 5 == 0 ? .clip : .tail
            let style = TextStyle(font: Self.font, lines: limit, truncation: truncation)
            let reference = TextEngine()
            reference.usesWords = false
            var unlimited = style
            unlimited.lines = 0
            let all = reference.shape(text, style: unlimited, width: width).textLines
            let shaped = TextEngine().shape(text, style: style, width: width)
            let lines = shaped.textLines
            let label = "limit \(limit) \(truncation) width \(width): \(text.prefix(50).debugDescription)"
            if all.lines.count <= limit {
                #expect(lines == all, "\(label)")
                continue
            }
            cut += 1
            #expect(lines.lines.count == limit, "\(label)")
            #expect(shaped.size.height == Double(limit) * Self.font.lineHeight, "\(label)")
            #expect(Array(lines.lines.prefix(limit - 1)) == Array(all.lines.prefix(limit - 1)), "\(label)")
            let last = lines.lines[limit - 1]
            if truncation == .clip {
                #expect(last == all.lines[limit - 1], "\(label)")
            } else {
                #expect(last.hasSuffix("…"), "\(label): \(last)")
                #expect(last.hasPrefix(String(all.lines[limit - 1].prefix(1))), "\(label): \(last)")
            }
            // Only measured (an HTML page), with the word shaper: the same lines.
            let measuring = TextEngine()
            measuring.use = .lines
            #expect(measuring.lines(text, style: style, width: width) == lines, "\(label)")
            #expect(measuring.measure(text, style: style, width: width) == shaped.size, "\(label)")
        }
        #expect(cut > 150)
    }

    /// The lines an HTML page is given when the engine only measures are the lines it draws,
    /// whether they come from words shaped once or from Pango.
    @Test func linesMeasuredAreLinesDrawn() {
        var dice = Dice(seed: 5)
        let pool = RealText.names.map(\.name) + RealText.packages.map(\.summary) + RealText.licenseParagraphs
        let measuring = TextEngine()
        measuring.use = .lines
        let drawing = TextEngine()
        for _ in 0..<1500 {
            let text = pool[dice.next(pool.count)]
            let style = TextStyle(font: Self.font, lines: [0, 0, 1, 2][dice.next(4)])
            let width = Double(60 + dice.next(300))
            #expect(measuring.lines(text, style: style, width: width) == drawing.shape(text, style: style, width: width).textLines,
                    "\(style.lines) lines at \(width): \(text.prefix(60))")
        }
    }
}
