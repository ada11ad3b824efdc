/// Pseudo-locales as Android ships them, built in: they need no translations and show what a
/// translation will do to a screen before translators do. `en-XA` (accented English) writes
/// every text with accented letters, about 40 % longer, in brackets, so that a cut end shows
/// (`[Śéţţîñĝš one two]`). `ar-XB` (bidirectional English) shows English text written right to
/// left in a right-to-left layout: each word between a right-to-left override and its end
/// (U+202E … U+202C, with right-to-left marks around), as Android's pseudo-localizer writes it,
/// so that a screen can be checked for mirroring without an Arabic translation.
package enum PseudoLocale: String, Sendable, CaseIterable {
    case accented = "en-XA"
    case bidirectional = "ar-XB"

    /// The pseudo-locale a language tag names, if any.
    package init?(tag: String) {
        guard let known = PseudoLocale.allCases.first(where: { $0.rawValue.lowercased() == tag.lowercased() }) else { return nil }
        self = known
    }

    /// `text` as this pseudo-locale writes it: each paragraph on its own (a newline stays a
    /// newline); empty text stays empty.
    package func apply(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            guard !paragraph.isEmpty else { return "" }
            switch self {
            case .accented: return Self.accentedParagraph(String(paragraph))
            case .bidirectional: return Self.bidirectionalParagraph(paragraph)
            }
        }.joined(separator: "\n")
    }

    /// Right-to-left mark, right-to-left override, pop directional formatting.
    static let rlm = "\u{200F}", rlo = "\u{202E}", pdf = "\u{202C}"

    /// Each word (a run of characters that are not spaces) overridden right to left; spaces stay.
    private static func bidirectionalParagraph(_ text: Substring) -> String {
        var out = ""
        var word = ""
        func flush() {
            if !word.isEmpty { out += rlm + rlo + word + pdf + rlm }
            word = ""
        }
        for character in text {
            if character.isWhitespace { flush(); out.append(character) } else { word.append(character) }
        }
        flush()
        return out
    }

    private static func accentedParagraph(_ text: String) -> String {
        var out = String(String.UnicodeScalarView(text.unicodeScalars.map { accents[$0] ?? $0 }))
        // About 40 % longer, in words that read as padding.
        let target = (Double(text.count) * 1.4).rounded(.up)
        // Counted as it grows: `String.count` walks the whole string.
        var count = Double(out.count)
        var word = 0
        while count < target {
            let filler = fillers[word % fillers.count]
            out += " " + filler
            count += Double(1 + filler.count)
            word += 1
        }
        return "[" + out + "]"
    }

    private static let fillers = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"]

    /// Android's accented forms of the ASCII letters.
    private static let accents: [Unicode.Scalar: Unicode.Scalar] = {
        let plain = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain.unicodeScalars, accented.unicodeScalars))
    }()
}

/// The direction a screen is laid out in: UIKit's `userInterfaceLayoutDirection`.
public enum LayoutDirection: String, Sendable, Hashable, CaseIterable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// Languages written right to left (by their primary subtag), and `ar-XB`.
    package static func of(locale: String) -> LayoutDirection {
        let tag = locale.lowercased()
        if tag == PseudoLocale.bidirectional.rawValue.lowercased() { return .rightToLeft }
        if tag == PseudoLocale.accented.rawValue.lowercased() { return .leftToRight }
        let language = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map(String.init) ?? tag
        // A script subtag says it outright (az-Arab, pa-Arab; ku-Latn).
        let subtags = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).dropFirst()
        if subtags.contains(where: { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains($0) }) { return .rightToLeft }
        if subtags.contains(where: { ["latn", "cyrl"].contains($0) }) { return .leftToRight }
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// ISO 639 codes of languages written right to left (CLDR's character order right-to-left).
    static let rightToLeftLanguages: Set<String> = ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "lrc", "mzn", "ps", "sd", "syr", "ug", "ur", "yi", "ji", "nqo", "rhg"]
}

extension Theme {
    /// The theme for a screen in `locale` (a language tag): its direction follows the language
    /// (right to left for Arabic, Hebrew, Persian, Urdu… and `ar-XB`).
    package func localized(to locale: String) -> Theme {
        var theme = self
        theme.locale = locale
        theme.direction = LayoutDirection.of(locale: locale)
        return theme
    }

    /// The theme laid out in `direction` whatever its language (`--direction`).
    package func directed(_ direction: LayoutDirection?) -> Theme {
        guard let direction else { return self }
        var theme = self
        theme.direction = direction
        return theme
    }

    /// The pseudo-locale the screen is in, if any.
    package var pseudoLocale: PseudoLocale? { PseudoLocale(tag: locale) }
}
