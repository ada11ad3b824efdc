/// A paragraph set in lines of glyphs: what Pango made of a text (or what the word shaper put
/// together from words shaped once), as plain values. The layout measures with it and keeps it in
/// the laid-out view; the Cairo renderer draws exactly these glyphs, with fonts it makes itself
/// from each run's `FontID`. No Pango object outlives the call that shaped the text, so a
/// `ShapedText` can cross threads, and processes (`TextTransfer`).
///
/// Positions are in Pango units (1/1024 pt), as Pango computed them, so that drawing them gives
/// the very coordinates `pango_cairo_show_layout_line` gives.
package struct ShapedText: Sendable, Hashable {
    /// The paragraph's text: runs and lines refer to its UTF-8 bytes.
    package var text: String
    package var size: TextSize
    /// The first baseline, from the top of the first line box (see `TextEngine.baseline(of:)`).
    package var baseline: Double
    /// The distance between two baselines.
    package var lineHeight: Double
    package var lines: [ShapedLine]
    /// Whether the first line's resolved direction is right to left (Arabic, Hebrew).
    package var isRightToLeft: Bool
    /// The letter spacing the lines were set with, points (between two characters of a line).
    package var tracking: Double = 0

    package init(text: String, size: TextSize, baseline: Double, lineHeight: Double, lines: [ShapedLine], isRightToLeft: Bool, tracking: Double = 0) {
        self.text = text
        self.size = size
        self.baseline = baseline
        self.lineHeight = lineHeight
        self.lines = lines
        self.isRightToLeft = isRightToLeft
        self.tracking = tracking
    }
}

/// One line: its horizontal offset inside the paragraph's box (alignment), its width, the bytes
/// of the text it shows, and its runs in visual order.
package struct ShapedLine: Sendable, Hashable {
    /// Offset from the left of the box, Pango units.
    package var x: Int32
    /// Its logical width (the space a line wraps at not counted), Pango units.
    package var width: Int32
    /// The line's bytes in the paragraph's text.
    package var start: Int32
    package var length: Int32
    package var runs: [GlyphRun]

    package init(x: Int32, width: Int32, start: Int32, length: Int32, runs: [GlyphRun]) {
        self.x = x
        self.width = width
        self.start = start
        self.length = length
        self.runs = runs
    }
}

/// Glyphs of one font and one direction, side by side.
package struct GlyphRun: Sendable, Hashable {
    package var font: FontID
    /// The run's bytes in the paragraph's text (what a PDF records as the glyphs' text).
    package var start: Int32
    package var length: Int32
    /// The glyphs to draw (Pango's empty glyphs left out), each at its offset from the run's start.
    package var glyphs: [PositionedGlyph]
    /// Which bytes make which glyphs, in Pango's cluster order: how a PDF maps its glyphs back to
    /// text for copying and searching.
    package var clusters: [TextCluster]
    /// Right-to-left: the clusters run backward through the text.
    package var isBackward: Bool
    /// The sum of the advances, Pango units: where the next run starts.
    package var width: Int32
    /// How far the run's baseline is raised (Pango aligns runs of other fonts on the first run's
    /// baseline, as CJK fonts draw theirs differently), and the room before and after it.
    package var yOffset: Int32
    package var startXOffset: Int32
    package var endXOffset: Int32
    /// The ellipsis that stands for the run's bytes, which are not shown.
    package var isEllipsis: Bool

    package init(font: FontID, start: Int32, length: Int32, glyphs: [PositionedGlyph], clusters: [TextCluster], isBackward: Bool, width: Int32,
                yOffset: Int32 = 0, startXOffset: Int32 = 0, endXOffset: Int32 = 0, isEllipsis: Bool = false) {
        self.font = font
        self.start = start
        self.length = length
        self.glyphs = glyphs
        self.clusters = clusters
        self.isBackward = isBackward
        self.width = width
        self.yOffset = yOffset
        self.startXOffset = startXOffset
        self.endXOffset = endXOffset
        self.isEllipsis = isEllipsis
    }
}

package struct PositionedGlyph: Sendable, Hashable, BitwiseCopyable {
    /// The glyph's index in its font; `unknownFlag` set for a character no font has (the value
    /// below the flag is the character).
    package var id: UInt32
    /// Offsets from the run's origin, Pango units: the advances before it plus its own offset.
    package var x: Int32
    package var y: Int32

    package init(id: UInt32, x: Int32, y: Int32) {
        self.id = id
        self.x = x
        self.y = y
    }

    /// Pango's flag for a character no installed font has a glyph for.
    package static let unknownFlag: UInt32 = 0x1000_0000

    package var isUnknown: Bool { id & Self.unknownFlag != 0 }
}

package struct TextCluster: Sendable, Hashable, BitwiseCopyable {
    package var bytes: Int32
    package var glyphs: Int32

    package init(bytes: Int32, glyphs: Int32) {
        self.bytes = bytes
        self.glyphs = glyphs
    }
}

extension ShapedText {
    /// The characters no installed font could show (drawn as boxes), in order of appearance.
    package var missingCharacters: [Unicode.Scalar] {
        var found: [Unicode.Scalar] = []
        for line in lines {
            for run in line.runs {
                for glyph in run.glyphs where glyph.isUnknown {
                    if let scalar = Unicode.Scalar(glyph.id & ~PositionedGlyph.unknownFlag), !found.contains(scalar) { found.append(scalar) }
                }
            }
        }
        return found
    }

    /// The text of each line as drawn.
    package var lineTexts: [String] { textLines.lines }

    /// Each line's text as it shows (an ellipsis in place of the text it stands for, the space
    /// a line wraps at left out) and what stands between two lines in the text (a space, a
    /// newline, or nothing when a word was broken): what an HTML page writes to show these very
    /// lines.
    package var textLines: TextLines {
        var made = TextLines(text: text, size: size, lines: lines.map { line in
            (start: Int(line.start), length: Int(line.length),
             ellipses: line.runs.filter(\.isEllipsis).map { (start: Int($0.start), length: Int($0.length)) })
        })
        var fonts: [FontID] = []
        for line in lines {
            for run in line.runs where !fonts.contains(run.font) { fonts.append(run.font) }
        }
        for font in fonts {
            let family = FontRegistry.family(font)
            if !family.isEmpty, !made.families.contains(family) { made.families.append(family) }
        }
        made.tracking = tracking
        return made
    }
}

/// The lines of a paragraph as text: what shows on each, and what stands between them in the
/// text. An HTML page writes them so that a browser shows the very lines tablerender drew.
package struct TextLines: Sendable, Hashable {
    package var size: TextSize
    package var lines: [String]
    /// `between[i]` stands between `lines[i]` and `lines[i + 1]`: a space, a newline, or "" for
    /// a break inside a word.
    package var between: [String]
    /// The families of the fonts the lines were set in, in the order first used (empty when not
    /// known): a page names them so that a browser falls back to the fonts Pango chose.
    package var families: [String] = []
    /// The letter spacing the lines were set with, points: a page gives them the same
    /// (between two characters of a line, none after its last).
    package var tracking: Double = 0

    package init(size: TextSize, lines: [String], between: [String], families: [String] = [], tracking: Double = 0) {
        self.size = size
        self.lines = lines
        self.between = between
        self.families = families
        self.tracking = tracking
    }

    /// The lines of `text` from their byte ranges, an ellipsis in place of each range it stands for.
    init(text: String, size: TextSize, lines ranges: [(start: Int, length: Int, ellipses: [(start: Int, length: Int)])]) {
        var copy = text
        let (shown, between) = copy.withUTF8 { bytes -> ([String], [String]) in
            func slice(_ from: Int, _ to: Int) -> String {
                let start = max(0, min(bytes.count, from)), end = max(start, min(bytes.count, to))
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            /// Where a line's text ends once the space, tab or line break it ends with is left out.
            func trimmedEnd(_ start: Int, _ end: Int) -> Int {
                var end = max(start, min(bytes.count, end))
                while end > start {
                    let byte = bytes[end - 1]
                    if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                        end -= 1
                    } else if end - start >= 3, byte == 0xA9, bytes[end - 2] == 0x80, bytes[end - 3] == 0xE2 {
                        end -= 3  // U+2029, the paragraph separator
                    } else {
                        break
                    }
                }
                return end
            }
            var shown: [String] = []
            var between: [String] = []
            shown.reserveCapacity(ranges.count)
            between.reserveCapacity(max(0, ranges.count - 1))
            for (index, line) in ranges.enumerated() {
                let lineEnd = line.start + line.length
                let next = index + 1 < ranges.count ? ranges[index + 1].start : nil
                if line.ellipses.isEmpty {
                    // The common case, read straight from the bytes.
                    let end = trimmedEnd(line.start, lineEnd)
                    shown.append(slice(line.start, end))
                    if let next { between.append(slice(end, next)) }
                    continue
                }
                var visible = ""
                var cursor = line.start
                for ellipsis in line.ellipses.sorted(by: { $0.start < $1.start }) {
                    visible += slice(cursor, ellipsis.start) + "\u{2026}"
                    cursor = max(cursor, ellipsis.start + ellipsis.length)
                }
                // The text after the last ellipsis, the space the line wraps at left out.
                let end = trimmedEnd(cursor, lineEnd)
                visible += slice(cursor, end)
                shown.append(visible)
                if let next { between.append(slice(end, next)) }
            }
            return (shown, between)
        }
        self.init(size: size, lines: shown, between: between)
    }
}
