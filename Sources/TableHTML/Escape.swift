import TableModel
/// HTML escaping: every text and attribute value goes through here.
enum Escape {
    static func text(_ string: String) -> String {
        // Most texts have nothing to escape: hand them back as they are.
        var copy = string
        let clean = copy.withUTF8 { bytes in !bytes.contains { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 } }
        if clean { return string }
        var out = ""
        out.reserveCapacity(string.utf8.count + 16)
        for character in string.unicodeScalars {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// A font family name as the inside of a CSS string: quotes, backslashes and line breaks
    /// left out (no installed family has them).
    static func cssString(_ name: String) -> String {
        String(name.unicodeScalars.filter { $0 != "\"" && $0 != "\\" && $0 != "\n" && $0 != "\r" && $0 != "<" && $0 != ">" }.map(Character.init))
    }

    /// A number for CSS and attributes: at most 3 decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        DecimalText.exact(value, places: 3) ?? (value.isNaN ? "0" : String(value))
    }

    static func px(_ value: Double) -> String { number(value) + "px" }

    /// A CSS identifier for a token (`secondaryLabel` → `--c-secondaryLabel`).
    static func token(_ name: String) -> String {
        "--c-" + String(name.unicodeScalars.map { CharacterSet.isIdentifier($0) ? Character($0) : "_" })
    }
}

private enum CharacterSet {
    static func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
        (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-" || scalar == "_"
    }
}
