import TableModel
import TableText

/// A character no installed font has is drawn as a box (PNG, PDF) or a blank (HTML): output a
/// user would not want, so it is an error naming the text, where it is, its script and a Debian
/// package with a font for it — unless fallback is allowed (`--allow-font-fallback`).
enum MissingGlyphs {
    /// Scripts by their Unicode blocks (first, last, name, Debian package with a font for it).
    static let scripts: [(UInt32, UInt32, String, String)] = [
        (0x0370, 0x03FF, "Greek", "fonts-noto-core"), (0x0400, 0x052F, "Cyrillic", "fonts-noto-core"),
        (0x0530, 0x058F, "Armenian", "fonts-noto-core"), (0x0590, 0x05FF, "Hebrew", "fonts-noto-core"),
        (0x0600, 0x06FF, "Arabic", "fonts-noto-core"), (0x0700, 0x074F, "Syriac", "fonts-noto-core"),
        (0x0750, 0x077F, "Arabic", "fonts-noto-core"), (0x0780, 0x07BF, "Thaana", "fonts-noto-core"),
        (0x07C0, 0x07FF, "N'Ko", "fonts-noto-core"), (0x0800, 0x083F, "Samaritan", "fonts-noto-core"),
        (0x0840, 0x085F, "Mandaic", "fonts-noto-core"), (0x0860, 0x08FF, "Arabic", "fonts-noto-core"),
        (0x0900, 0x097F, "Devanagari", "fonts-noto-core"), (0x0980, 0x09FF, "Bengali", "fonts-noto-core"),
        (0x0A00, 0x0A7F, "Gurmukhi", "fonts-noto-core"), (0x0A80, 0x0AFF, "Gujarati", "fonts-noto-core"),
        (0x0B00, 0x0B7F, "Oriya", "fonts-noto-core"), (0x0B80, 0x0BFF, "Tamil", "fonts-noto-core"),
        (0x0C00, 0x0C7F, "Telugu", "fonts-noto-core"), (0x0C80, 0x0CFF, "Kannada", "fonts-noto-core"),
        (0x0D00, 0x0D7F, "Malayalam", "fonts-noto-core"), (0x0D80, 0x0DFF, "Sinhala", "fonts-noto-core"),
        (0x0E00, 0x0E7F, "Thai", "fonts-noto-core"), (0x0E80, 0x0EFF, "Lao", "fonts-noto-core"),
        (0x0F00, 0x0FFF, "Tibetan", "fonts-noto-core"), (0x1000, 0x109F, "Myanmar", "fonts-noto-core"),
        (0x10A0, 0x10FF, "Georgian", "fonts-noto-core"), (0x1100, 0x11FF, "Hangul", "fonts-noto-cjk"),
        (0x1200, 0x139F, "Ethiopic", "fonts-noto-core"), (0x13A0, 0x13FF, "Cherokee", "fonts-noto-core"),
        (0x1400, 0x167F, "Canadian Aboriginal", "fonts-noto-core"), (0x1780, 0x17FF, "Khmer", "fonts-noto-core"),
        (0x1800, 0x18AF, "Mongolian", "fonts-noto-core"), (0x2E80, 0x2FDF, "Han", "fonts-noto-cjk"),
        (0x3040, 0x30FF, "Japanese kana", "fonts-noto-cjk"), (0x3100, 0x312F, "Bopomofo", "fonts-noto-cjk"),
        (0x3130, 0x318F, "Hangul", "fonts-noto-cjk"), (0x3400, 0x4DBF, "Han", "fonts-noto-cjk"),
        (0x4E00, 0x9FFF, "Han", "fonts-noto-cjk"), (0xA000, 0xA4CF, "Yi", "fonts-noto-core"),
        (0xAC00, 0xD7AF, "Hangul", "fonts-noto-cjk"), (0xE000, 0xF8FF, "private use", ""),
        (0xF900, 0xFAFF, "Han", "fonts-noto-cjk"), (0xFB50, 0xFDFF, "Arabic", "fonts-noto-core"),
        (0xFE70, 0xFEFF, "Arabic", "fonts-noto-core"), (0x1F000, 0x1FAFF, "emoji and symbols", "fonts-noto-color-emoji"),
        (0x20000, 0x3FFFF, "Han", "fonts-noto-cjk"),
    ]

    static func script(of scalar: Unicode.Scalar) -> (name: String, package: String) {
        // A code point Unicode assigns no character to is in no script, and in no font.
        if scalar.properties.generalCategory == .unassigned { return ("unassigned", "") }
        for (first, last, name, package) in scripts where (first...last).contains(scalar.value) { return (name, package) }
        return ("Unicode \(scalar.properties.age.map { "\($0.major).\($0.minor)" } ?? "unassigned")", "")
    }

    /// Throws for the first label of `view` with a character no font has; `values` (the row's)
    /// says which value it came from; `note` says why a view's own font is not there, when the
    /// template knows (an app's font file not found: `IBFonts.fileNote`).
    static func check(_ view: LaidOutView, text engine: TextEngine, values: Value.Object?, at location: SourceLocation,
                      note: (String) -> String? = { _ in nil }) throws(Diagnostic) {
        if case .label(let string, _, _) = view.style.content, !string.isEmpty {
            let absent = engine.missingCharacters(in: string)
            if let first = absent.first {
                let key = values?.first { entry in
                    if case .string(let value) = entry.value { return value.unicodeScalars.contains(first) }
                    return false
                }?.key
                let path = key.map { (location.path ?? "$") + ".values." + $0 } ?? location.path
                let (script, package) = script(of: first)
                let hex = String(first.value, radix: 16, uppercase: true)
                let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                let excerpt = string.count > 40 ? String(string.prefix(39)) + "…" : string
                let others = absent.count > 1 ? " and \(absent.count - 1) more" : ""
                let place = path.map { location.with(path: $0) } ?? location
                if script == "unassigned" {
                    throw Diagnostic(at: place, "U+\(code) is not a character (Unicode assigns nothing to it, so no font can draw it)\(others) in \"\(excerpt)\": it would show as a box; remove it from the text, or allow it with --allow-font-fallback")
                }
                let install = package.isEmpty ? "install a font that has it" : "install a font that has it (apt-get install \(package))"
                let why = view.style.id.flatMap(note).map { " (\($0))" } ?? ""
                throw Diagnostic(at: place,
                                 "no installed font has U+\(code) (\(script))\(others) in \"\(excerpt)\"\(why): it would show as a box; \(install), or allow it with --allow-font-fallback")
            }
        }
        for child in view.children { try check(child, text: engine, values: values, at: location, note: note) }
    }
}
