/// Pseudo-locales as Android ships them, built in: they need no translations and show what a
/// translation will do to a screen before translators do. `en-XA` (accented English) writes
/// every text with accented letters, about 40 % longer, in brackets, so that a cut end shows
/// (`[Śéţţîñĝš one two]`).
public enum PseudoLocale: String, Sendable, CaseIterable {
    case accented = "en-XA"

    /// The pseudo-locale a language tag names, if any.
    public init?(tag: String) {
        guard let known = PseudoLocale.allCases.first(where: { $0.rawValue.lowercased() == tag.lowercased() }) else { return nil }
        self = known
    }

    /// `text` as this pseudo-locale writes it: each paragraph on its own (a newline stays a
    /// newline); empty text stays empty.
    public func apply(_ text: String) -> String {
        guard !text.isEmpty else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { paragraph in
            paragraph.isEmpty ? "" : Self.accentedParagraph(String(paragraph))
        }.joined(separator: "\n")
    }

    private static func accentedParagraph(_ text: String) -> String {
        var out = String(String.UnicodeScalarView(text.unicodeScalars.map { accents[$0] ?? $0 }))
        // About 40 % longer, in words that read as padding.
        let target = (Double(text.count) * 1.4).rounded(.up)
        var word = 0
        while Double(out.count) < target {
            out += " " + fillers[word % fillers.count]
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

extension Theme {
    /// The theme for a screen in `locale` (a language tag).
    public func localized(to locale: String) -> Theme {
        var theme = self
        theme.locale = locale
        return theme
    }

    /// The pseudo-locale the screen is in, if any.
    public var pseudoLocale: PseudoLocale? { PseudoLocale(tag: locale) }
}
