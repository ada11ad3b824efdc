/// Line breaking from words shaped once, for every paragraph that is plain text of one script
/// in one font with single spaces between words: Pango shapes such a paragraph as one run and
/// breaks it greedily, which is the same as adding up the advances of its words, each shaped once
/// per font, and breaking before the first word that does not fit (or inside a hyphenated word
/// when its first part fits). The lines found here are measured for HTML pages and put together
/// into glyph strings for PNG and PDF (`TextLayout`). Anything this cannot decide exactly as
/// Pango would (a word wider than the line, a line ending inside a word with several breaks,
/// an ellipsis, justified lines) returns nil, and the paragraph is laid out by Pango.
package enum WordWrap {
    /// A word shaped alone, in Pango units (1/1024 px).
    package struct Word: Sendable, Hashable {
        /// The sum of its glyphs' advances.
        package var width: Int
        /// How many break opportunities the word has of its own (after a hyphen, a slash); 2
        /// also for one whose parts shape differently alone than in the word.
        package var breaksInside: Int
        /// The width up to its first such break, as part of the whole word: a line with room for
        /// that much breaks inside the word.
        package var firstBreakWidth: Int
        /// For a word with one break inside: the part before it and the part after it, each
        /// shaped alone (Pango shapes again the two pieces of a run it breaks).
        package var head: Int
        package var tail: Int

        package init(width: Int, breaksInside: Int = 0, firstBreakWidth: Int = 0, head: Int = 0, tail: Int = 0) {
            self.width = width
            self.breaksInside = breaksInside
            self.firstBreakWidth = firstBreakWidth
            self.head = head
            self.tail = tail
        }
    }

    /// A line made of words `first...last`: it may start with the part of `first` after its
    /// break, and end with the part of `last` before it.
    package struct Line: Sendable, Hashable {
        package var first: Int
        package var last: Int
        package var startsWithTail: Bool
        package var endsWithHead: Bool
        /// Its width, trailing space not counted.
        package var width: Int
    }

    /// The lines a paragraph takes and the width of its widest line (trailing space not counted,
    /// as Pango zeroes it), or nil when the words alone cannot say.
    /// - Parameters:
    ///   - words: the paragraph's words in order.
    ///   - space: the advance of the space between two words.
    ///   - width: the line width in Pango units; nil for one line.
    ///
    /// With letter spacing (in the words' and the space's widths: after each character), a line
    /// fits by what its words and spaces add up to, the spacing after its last character
    /// included, as in Pango; the line's own width leaves it out (`TextEngine.spacedLineWidth`).
    package static func wrap(_ words: [Word], space: Int, width: Int?) -> (lines: Int, widest: Int)? {
        var lines: [Line]?
        return wrap(words, space: space, width: width, lines: &lines)
    }

    /// The same, with each line's words in `lines` when it is not nil.
    package static func wrap(_ words: [Word], space: Int, width: Int?, lines made: inout [Line]?) -> (lines: Int, widest: Int)? {
        guard let width else {
            var total = 0
            for (index, word) in words.enumerated() { total += word.width + (index > 0 ? space : 0) }
            made?.append(Line(first: 0, last: words.count - 1, startsWithTail: false, endsWithHead: false, width: total))
            return (1, total)
        }
        var lines = 1, line = 0, widest = 0, empty = true
        var first = 0, startsWithTail = false
        func end(at last: Int, width lineWidth: Int, head: Bool) {
            widest = max(widest, lineWidth)
            made?.append(Line(first: first, last: last, startsWithTail: startsWithTail, endsWithHead: head, width: lineWidth))
        }
        /// Ends the line at a break inside word `index` when its first part fits after `before`
        /// (Pango takes the last opportunity that fits); false when it does not.
        func breakInside(_ index: Int, after before: Int) -> Bool? {
            let word = words[index]
            guard word.breaksInside > 0 else { return false }
            // With several breaks inside, or parts that shape differently alone, Pango weighs
            // each break with its part shaped again: not known from the words.
            guard word.breaksInside == 1 else { return nil }
            guard before + word.firstBreakWidth <= width else { return false }
            guard word.tail <= width else { return nil }
            end(at: index, width: before + word.head, head: true)
            lines += 1
            line = word.tail
            first = index
            startsWithTail = true
            return true
        }
        for (index, word) in words.enumerated() {
            if !empty {
                let extended = line + space + word.width
                if extended <= width {
                    line = extended
                    continue
                }
                guard let inside = breakInside(index, after: line + space) else { return nil }
                if inside { continue }
                end(at: index - 1, width: line, head: false)
                lines += 1
                first = index
                startsWithTail = false
            }
            empty = false
            if word.width <= width {
                line = word.width
                continue
            }
            // A word alone wider than the line: broken inside, or between characters (Pango's).
            guard let inside = breakInside(index, after: 0), inside else { return nil }
        }
        end(at: words.count - 1, width: line, head: false)
        return (lines, widest)
    }

    /// The words of `text` as byte ranges, when every character is one whose line breaking and
    /// shaping do not reach across a space: letters and digits, a few marks of punctuation (see
    /// `Place`; typographic quotes, apostrophe, en dash and ellipsis), single spaces between
    /// words, and letters of one script only (Latin, Greek or
    /// Cyrillic: Pango makes a run of each script, and the words make one run a line). Nil
    /// otherwise.
    package static func words(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>]? {
        var script = Script.common
        return words(in: text, script: &script)
    }

    /// The same, and the script of its letters (`.common` when it has none).
    package static func words(in text: UnsafeBufferPointer<UInt8>, script: inout Script) -> [Range<Int>]? {
        split(text, script: &script, wide: false)?.ranges
    }

    /// A paragraph split at its single spaces: its words as byte ranges, the index of each word's
    /// first character, and how many characters it has.
    package struct Spaced {
        package var ranges: [Range<Int>]
        package var firstCharacters: [Int]
        package var characters: Int
    }

    /// `text` split at its spaces when every character is of the word shaper's alphabet (above),
    /// or with `wide`, of the wider one of paragraphs shaped once (`Paragraphs.swift`): any
    /// printable ASCII character and the punctuation of U+2010 to U+2027 anywhere, letters as
    /// above. Nil otherwise.
    static func split(_ text: UnsafeBufferPointer<UInt8>, script: inout Script, wide: Bool) -> Spaced? {
        var result = Spaced(ranges: [], firstCharacters: [0], characters: 0)
        result.ranges.reserveCapacity(24)
        result.firstCharacters.reserveCapacity(24)
        var start = 0, index = 0
        script = .common
        let count = text.count
        guard count > 0 else { return nil }
        while index < count {
            let byte = text[index]
            if byte == 0x20 {
                // No leading, trailing or double space.
                guard index > start, index + 1 < count else { return nil }
                result.ranges.append(start..<index)
                index += 1
                result.characters += 1
                start = index
                result.firstCharacters.append(result.characters)
                continue
            }
            let atStart = index == start
            var letter = Script.common
            if byte < 0x80 {
                switch Self.ascii[Int(byte)] {
                case .letter: letter = .latin
                case .anywhere: break
                case .notFirst: if atStart, !wide { return nil }
                case .never: if !wide || byte < 0x21 || byte == 0x7F { return nil }
                }
                index += 1
            } else if byte == 0xE2 {
                // Typographic punctuation: for words, U+2013 to U+2026 in their places (not the
                // em dash: Inter gives it forms and breaks that words alone cannot tell); wide,
                // U+2010 to U+2027 anywhere.
                guard index + 2 < count, text[index + 1] == 0x80 else { return nil }
                let isLast = index + 3 == count || text[index + 3] == 0x20
                if wide {
                    guard (0x90...0xA7).contains(text[index + 2]) else { return nil }
                } else {
                    switch text[index + 2] {
                    case 0x93: break                                            // – en dash
                    case 0x98, 0x9C: if !atStart || isLast { return nil }      // ‘ “ open a word
                    case 0x99, 0x9D, 0xA6: if atStart { return nil }            // ’ ” … end or join
                    default: return nil
                    }
                }
                index += 3
            } else {
                // Only two-byte sequences (lead bytes C2 to DF) can be letters accepted here.
                guard byte >= 0xC2, byte <= 0xDF, index + 1 < count else { return nil }
                letter = Self.script(byte, text[index + 1])
                guard letter != .common else { return nil }
                index += 2
            }
            result.characters += 1
            if letter != .common {
                if script == .common { script = letter } else if script != letter { return nil }
            }
        }
        result.ranges.append(start..<count)
        return result
    }

    /// The script a paragraph's words are of: Pango makes a run of each.
    package enum Script: Int, Sendable { case common, latin, greek, cyrillic }

    /// The script of the letter a two-byte UTF-8 sequence encodes, or `.common` when it is not a
    /// letter accepted in words: Latin-1 Supplement and Latin Extended-A/B letters (U+00C0 to
    /// U+024F but × and ÷), Greek letters (U+0386 to U+03CE), Cyrillic letters (U+0400 to U+045F,
    /// U+0490 to U+04FF; not the combining marks between).
    private static func script(_ lead: UInt8, _ next: UInt8) -> Script {
        guard next & 0xC0 == 0x80 else { return .common }
        let scalar = (UInt32(lead & 0x1F) << 6) | UInt32(next & 0x3F)
        switch scalar {
        case 0x00D7, 0x00F7: return .common
        case 0x00C0...0x024F: return .latin
        case 0x0386, 0x0388...0x038A, 0x038C, 0x038E...0x03A1, 0x03A3...0x03CE: return .greek
        case 0x0400...0x045F, 0x0490...0x04FF: return .cyrillic
        default: return .common
        }
    }

    /// Where an ASCII character may stand in a word: letters and digits anywhere; punctuation
    /// whose break rules look only at its neighbours inside the word, not first; everything
    /// else never.
    private enum Place { case letter, anywhere, notFirst, never }

    private static let ascii: [Place] = {
        var table = [Place](repeating: .never, count: 128)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = .letter }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = .letter }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = .anywhere }
        // Brackets and symbols such as + @ = take contextual forms in fonts like Inter from
        // characters beyond a space ("fidelity (Tj)" against "(Tj)" alone): Pango's.
        for character in ".,:;!?-'%/" { table[Int(character.asciiValue!)] = .notFirst }
        return table
    }()
}
