/// HTML escaping: every text and attribute value goes through here.
enum Escape {
    static func text(_ string: String) -> String {
        var out = ""
        out.reserveCapacity(string.utf8.count)
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

    /// A number for CSS and attributes: at most 3 decimals, no trailing zeros.
    static func number(_ value: Double) -> String {
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e12 { return String(Int64(rounded)) }
        var text = String(rounded)
        if text.contains("e") { text = String(format: "%.3f", rounded) }
        while text.hasSuffix("0") { text.removeLast() }
        return text
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
