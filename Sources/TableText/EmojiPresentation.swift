/// Which symbols iOS draws as colour emoji. A character that Unicode gives a text presentation
/// by default but that is also an emoji (❤ ☺ ✈ ⚠ 🗣: `Emoji=Yes`, `Emoji_Presentation=No`) is
/// drawn by iOS from Apple Color Emoji, because the system font has no glyph for it and the
/// emoji font comes first in its fallback list; Pango and browsers would take a black text
/// glyph from a symbol font. Marking it with U+FE0F (emoji presentation) gives Pango and
/// Chromium alike the colour emoji. U+FE0E after it asks for text and is left as it is, and
/// the symbols the system font itself draws (© ® ™ ‼ ⁉ ℹ, arrows, geometric shapes, the CJK
/// marks) stay text.
package enum EmojiPresentation {
    static let variationText: Unicode.Scalar = "\u{FE0E}"
    static let variationEmoji: Unicode.Scalar = "\u{FE0F}"

    /// `text` with U+FE0F after every character iOS draws as an emoji that asks for none.
    package static func asOnIOS(_ text: String) -> String {
        // Most text has no symbol at all: checked first, without building anything.
        guard text.unicodeScalars.contains(where: needsMark) else { return text }
        var scalars = String.UnicodeScalarView()
        let source = Array(text.unicodeScalars)
        for (index, scalar) in source.enumerated() {
            scalars.append(scalar)
            guard needsMark(scalar) else { continue }
            let next = index + 1 < source.count ? source[index + 1] : nil
            // Already marked, or the start of a keycap or a sequence that says how to draw it.
            if next == variationText || next == variationEmoji || next == "\u{20E3}" { continue }
            scalars.append(variationEmoji)
        }
        return String(scalars)
    }

    /// An emoji drawn as text unless marked, which the system font does not draw itself.
    static func needsMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value >= 0x2000 else { return false } // ASCII digits, #, *, © and ®
        guard scalar.properties.isEmoji, !scalar.properties.isEmojiPresentation else { return false }
        return !systemFontDraws(value)
    }

    /// Symbols SF draws as text: punctuation and letterlike symbols (‼ ⁉ ™ ℹ), arrows, Ⓜ,
    /// geometric shapes (▪ ▶ ◀ ◻), and the CJK marks (〰 〽 ㊗ ㊙).
    static func systemFontDraws(_ value: UInt32) -> Bool {
        switch value {
        case 0x2000...0x21FF, 0x24C2, 0x25A0...0x25FF, 0x2934...0x2935, 0x2B05...0x2B07, 0x27A1, 0x3000...0x33FF: return true
        default: return false
        }
    }
}
