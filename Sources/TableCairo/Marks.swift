/// Finds combining marks (Unicode's categories Mn, Mc and Me) in UTF-8 text: the PDF writer asks
/// it of every run and word that is not plain Latin text (`Canvas.showWords`). Swift's category
/// lookup costs a few hundred instructions a character; a character of the Basic Multilingual
/// Plane is looked up once and remembered, a byte each, in a table made when first needed.
struct MarkFinder {
    /// Per scalar below U+10000: 0 not looked up yet, 1 a mark, 2 not a mark.
    private var known: [UInt8] = []

    /// Whether `scalar` is a combining mark, as Swift's Unicode tables say.
    static func isMark(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        return switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: true
        default: false
        }
    }

    /// `isMark`, remembered.
    mutating func isMark(_ scalar: Unicode.Scalar) -> Bool {
        let value = Int(scalar.value)
        // No combining mark comes before U+0300.
        guard value >= 0x300 else { return false }
        guard value < 0x10000 else { return Self.isMark(scalar) }
        if known.isEmpty { known = [UInt8](repeating: 0, count: 0x10000) }
        if known[value] == 0 { known[value] = Self.isMark(scalar) ? 1 : 2 }
        return known[value] == 1
    }

    /// Whether UTF-8 `text` holds a combining mark. The text is decoded byte by byte, without
    /// making a String of it.
    mutating func containsMark(_ text: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            let lead = text[index]
            // ASCII, a continuation byte, or the lead of a character below U+0300, where there
            // is no mark.
            if lead < 0xCC {
                index += 1
                continue
            }
            let length = lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            var value = UInt32(lead) & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07)
            var valid = lead < 0xF5 && index + length <= count
            for offset in 1..<length where valid {
                let byte = text[index + offset]
                valid = byte & 0xC0 == 0x80
                value = value << 6 | UInt32(byte & 0x3F)
            }
            // Not UTF-8 (never so in Pango's text: a byte that leads nothing, a sequence cut
            // short or too long for its value): the lead byte alone, as no mark, as a String
            // makes it U+FFFD.
            guard valid, value >= (length == 3 ? 0x800 : length == 4 ? 0x10000 : 0x80) else {
                index += 1
                continue
            }
            index += length
            if let scalar = Unicode.Scalar(value), isMark(scalar) { return true }
        }
        return false
    }
}
