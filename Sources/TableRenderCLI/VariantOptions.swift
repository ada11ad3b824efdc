import TableModel
import TableRender
import TableTemplates

/// The options that choose a variant of a screen — `--width`, `--page`, `--content-size`,
/// `--locale`, `--direction`, `--contrast` — read one way, with one message each, by every subcommand that
/// takes them (render, lint, check, preview, gallery).
struct VariantOptions {
    var width: Double?
    var page: PageSize?
    var contentSize = ContentSizeCategory.large
    var locale: String?
    var direction: LayoutDirection?
    var contrast = Contrast.normal

    init(_ parsed: ParsedArguments) throws {
        if let text = parsed.value("--width") {
            guard let value = Double(text), value.isFinite, (1...10_000).contains(value) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--width <width>'; expected points from 1 to 10000")
            }
            width = value
        }
        if let text = parsed.value("--page") {
            guard let value = PageSize(rawValue: text) else {
                throw UsageError(message: Self.invalid("--page <page>", text, PageSize.allCases.map(\.rawValue) + ["WIDTHxHEIGHT"]))
            }
            page = value
        }
        if let text = parsed.value("--content-size") {
            guard let category = ContentSizeCategory(rawValue: text) else {
                throw UsageError(message: Self.invalid("--content-size <category>", text, ContentSizeCategory.allCases.map(\.rawValue)))
            }
            contentSize = category
        }
        if let text = parsed.value("--locale") {
            guard LanguageTag.isValid(text) else {
                throw UsageError(message: "The value '\(text)' is invalid for '--locale <tag>'; expected a language tag such as de, pt-BR or the pseudo-locale en-XA")
            }
            locale = text
        }
        if let text = parsed.value("--direction") {
            guard let value = LayoutDirection(rawValue: text) else {
                throw UsageError(message: Self.invalid("--direction <direction>", text, ["ltr", "rtl"]))
            }
            direction = value
        }
        if let text = parsed.value("--contrast") {
            guard let value = Contrast(rawValue: text) else {
                throw UsageError(message: Self.invalid("--contrast <contrast>", text, Contrast.allCases.map(\.rawValue)))
            }
            contrast = value
        }
    }

    /// The variant's name in lint runs: `w390[.AX3][.de][.rtl][.high-contrast]`.
    func lintName(width: Double) -> String {
        "w\(Int(width))" + (contentSize == .large ? "" : "." + contentSize.rawValue) + (locale.map { "." + $0 } ?? "")
            + (direction.map { "." + $0.rawValue } ?? "") + (contrast == .high ? ".high-contrast" : "")
    }

    /// "The value 'x' is invalid for '--option <value>'; expected one of: …", with the nearest.
    static func invalid(_ option: String, _ value: String, _ known: [String]) -> String {
        var text = "The value '\(value)' is invalid for '\(option)'; expected one of: \(known.joined(separator: ", "))"
        if let near = TableRenderSuggest.closest(value, known) { text += " (did you mean '\(near)'?)" }
        return text
    }
}
