import Foundation

/// A language tag as documents, project files and the command take it (`de`, `pt-BR`, `en-XA`):
/// ASCII letters, digits and hyphens, at most 35 characters (BCP 47's longest useful tag).
package enum LanguageTag {
    package static func isValid(_ tag: String) -> Bool {
        !tag.isEmpty && tag.count <= 35 && tag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
    }
}

/// Strings in the formats iOS teams keep them in, for a document's values written
/// `{"localized": "settings.title"}` (`count` picks a plural form, `args` fill `%@` and `%d`):
/// `<lang>.lproj/<Table>.strings`, `<lang>.lproj/<Table>.stringsdict` (plural rules by CLDR
/// category) and String Catalogs (`<Table>.xcstrings`, with plural and device variations), in
/// the document's `strings` folder (its own folder by default). The localization is the first
/// of the language (`pt-BR`), its base language (`pt`), `Base` and the development language
/// that has the table, as a bundle chooses one; a key missing there is missing (shown as
/// `⟦key⟧` and reported), never taken from another language.
package final class LocalizedStrings {
    package let folder: String
    package let language: String
    /// Tables read so far, by name; nil when none of the formats has the table.
    private var tables: [String: Table?] = [:]

    /// A table's strings in the chosen localization.
    struct Table {
        var plain: [String: String] = [:]
        /// `.stringsdict` entries: the format and its variables' plural forms.
        var plurals: [String: (format: String, variables: [String: [String: String]])] = [:]
        /// String Catalog entries of the language: a value or variations.
        var catalog: [String: Value] = [:]
        /// Where each kind came from, for messages.
        var sources: [String] = []
    }

    /// A pseudo-locale (`en-XA`, `ar-XB`) takes the development language's (`en`) strings and
    /// plural rules, which it then rewrites, as Android's pseudo-locales do.
    package init(folder: String, language: String) {
        self.folder = folder
        self.language = Self.pseudoLocales.contains(language.lowercased()) ? "en" : language
    }

    /// The pseudo-locales' tags (`PseudoLocale` in TableTemplates), lowercased.
    static let pseudoLocales: Set<String> = ["en-xa", "ar-xb"]

    /// Files larger than this are refused (a strings table is text someone wrote).
    static let maximumBytes = 8 << 20

    /// The text of `key` in `table`, formatted with `count` and `args`; nil when the key is
    /// missing. Throws when a file is unreadable or malformed.
    package func text(_ key: String, table name: String = "Localizable", count: Double? = nil, args: [Value] = []) throws(Diagnostic) -> String? {
        guard Self.isTableName(name) else {
            throw Diagnostic(at: SourceLocation(file: folder), "table '\(Suggestions.shortened(name))': a strings table's name is letters, digits, '_' and '-'")
        }
        guard let table = try self.table(name) else { return nil }
        let arguments: [Value] = args.isEmpty ? count.map { [.number($0)] } ?? [] : args
        if let plural = table.plurals[key] {
            return Self.format(plural.format, arguments: arguments, count: count, language: language, variables: plural.variables)
        }
        if let entry = table.catalog[key] {
            guard let unit = Self.catalogValue(entry, count: count, language: language) else { return nil }
            var variables: [String: [String: String]] = [:]
            if case .object(let object)? = entry.object["substitutions"] {
                for substitution in object {
                    if case .object(let plural)? = substitution.value.object["variations"]?.object["plural"] {
                        var forms: [String: String] = [:]
                        for form in plural { forms[form.key] = form.value.object["stringUnit"]?.object["value"]?.text }
                        variables[substitution.key] = forms
                    }
                }
            }
            return Self.format(unit, arguments: arguments, count: count, language: language, variables: variables)
        }
        if let plain = table.plain[key] { return Self.format(plain, arguments: arguments, count: count, language: language, variables: [:]) }
        return nil
    }

    /// A table name as iOS takes it: no path, nothing hidden.
    static func isTableName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
    }

    /// The localization's folders to look in, best first.
    var candidates: [String] {
        let base = language.split(separator: "-").first.map(String.init) ?? language
        return [language, base, "Base", "en"].reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    private func table(_ name: String) throws(Diagnostic) -> Table? {
        if let known = tables[name] { return known }
        var table = Table()
        var found = false
        // The first localization folder that has the table's .strings or .stringsdict.
        for candidate in candidates {
            let strings = folder + "/\(candidate).lproj/\(name).strings", dictionary = folder + "/\(candidate).lproj/\(name).stringsdict"
            let hasStrings = FileManager.default.fileExists(atPath: strings), hasDictionary = FileManager.default.fileExists(atPath: dictionary)
            guard hasStrings || hasDictionary else { continue }
            if hasStrings {
                table.plain = try StringsFile.parse(try read(strings), file: strings)
                table.sources.append(strings)
            }
            if hasDictionary {
                table.plurals = try StringsDictionary.parse(try read(dictionary), file: dictionary)
                table.sources.append(dictionary)
            }
            found = true
            break
        }
        let catalogPath = folder + "/\(name).xcstrings"
        if FileManager.default.fileExists(atPath: catalogPath) {
            table.catalog = try StringCatalog.parse(try read(catalogPath), file: catalogPath, candidates: candidates)
            table.sources.append(catalogPath)
            found = true
        }
        tables[name] = found ? table : nil
        return found ? table : nil
    }

    /// Reads a strings file of the folder: `path` must stay inside it, links included.
    func read(_ path: String) throws(Diagnostic) -> [UInt8] {
        let relative = String(path.dropFirst(folder.count + 1))
        let real: String
        do throws(SafePath.Failure) { real = try SafePath.resolve(relative, inside: folder, folder: "the strings folder") } catch {
            throw Diagnostic(error.kind, at: SourceLocation(file: path), error.message)
        }
        return try Self.read(real)
    }

    static func read(_ path: String) throws(Diagnostic) -> [UInt8] {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let size = attributes[.size] as? Int else { throw Diagnostic(.missingFile, at: SourceLocation(file: path), "cannot read the strings file") }
        guard size <= maximumBytes else { throw Diagnostic(at: SourceLocation(file: path), "strings file of \(size) bytes; at most \(maximumBytes) are read") }
        guard let data = FileManager.default.contents(atPath: path) else { throw Diagnostic(.missingFile, at: SourceLocation(file: path), "cannot read the strings file") }
        return [UInt8](data)
    }

    /// A String Catalog entry's text for `count`: its string unit, or its device variation
    /// (an iPhone's, else `other`) and plural variation.
    static func catalogValue(_ entry: Value, count: Double?, language: String) -> String? {
        if let value = entry.object["stringUnit"]?.object["value"]?.text { return value }
        guard let variations = entry.object["variations"]?.object else { return nil }
        if case .object(let devices)? = variations["device"] {
            guard let chosen = devices["iphone"] ?? devices["other"] else { return nil }
            return catalogValue(chosen, count: count, language: language)
        }
        if case .object(let forms)? = variations["plural"] {
            let category = PluralRules.category(count ?? 0, language: language)
            guard let chosen = forms[category.rawValue] ?? forms["other"] else { return nil }
            return catalogValue(chosen, count: count, language: language)
        }
        return nil
    }

    /// Fills a format: `%#@name@` with the variable's plural form for `count` (itself a format),
    /// `%@`, `%d`, `%lld`, `%f`… and `%1$@` with `arguments` in turn, `%%` with `%`.
    static func format(_ format: String, arguments: [Value], count: Double?, language: String, variables: [String: [String: String]]) -> String {
        var text = format
        // Variables first: each is replaced by its form, which is then formatted with the rest;
        // a form that names a variable again is replaced a bounded number of times (a form
        // naming itself would otherwise never end).
        var replacements = 0
        while replacements < 16, text.utf8.count <= 100_000, let start = text.range(of: "%#@"),
              let end = text.range(of: "@", range: start.upperBound..<text.endIndex) {
            replacements += 1
            let name = String(text[start.upperBound..<end.lowerBound])
            let forms = variables[name] ?? [:]
            let category = PluralRules.category(count ?? 0, language: language).rawValue
            let form = (count == 0 ? forms["zero"] : nil) ?? forms[category] ?? forms["other"] ?? ""
            text.replaceSubrange(start.lowerBound..<end.upperBound, with: form)
        }
        var out = ""
        var next = 0
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            guard character == "%", let after = text.index(index, offsetBy: 1, limitedBy: text.endIndex), after < text.endIndex else {
                out.append(character)
                index = text.index(after: index)
                continue
            }
            if text[after] == "%" {
                out.append("%")
                index = text.index(after: after)
                continue
            }
            // %[n$][flags][width][.precision][length]conversion
            var cursor = after
            var digits = ""
            while cursor < text.endIndex, text[cursor].isASCII, text[cursor].isNumber { digits.append(text[cursor]); cursor = text.index(after: cursor) }
            var position: Int?
            if cursor < text.endIndex, text[cursor] == "$", let number = Int(digits) {
                // Positions count from 1: "%0$@" names no argument and is kept as written, as
                // any other text that is not a specifier.
                guard number >= 1 else {
                    out.append(character)
                    index = after
                    continue
                }
                position = number - 1
                cursor = text.index(after: cursor)
            }
            while cursor < text.endIndex, "-+ 0#.0123456789hlqLzjt".contains(text[cursor]) { cursor = text.index(after: cursor) }
            guard cursor < text.endIndex, "@dDiuUxXoOfFeEgGsSc".contains(text[cursor]) else {
                out.append(character)
                index = after
                continue
            }
            let conversion = text[cursor]
            let argumentIndex = position ?? next
            if position == nil { next += 1 }
            let argument: Value? = argumentIndex < arguments.count ? arguments[argumentIndex] : nil
            switch conversion {
            case "d", "D", "i", "u", "U", "x", "X", "o", "O":
                let number = argument.flatMap { value -> Double? in if case .number(let n) = value { return n }; return value.text.flatMap(Double.init) } ?? 0
                let integer = Int64(exactly: number.rounded(.towardZero)) ?? 0
                switch conversion {
                case "x": out += String(integer, radix: 16)
                case "X": out += String(integer, radix: 16).uppercased()
                case "o", "O": out += String(integer, radix: 8)
                default: out += String(integer)
                }
            case "f", "F", "e", "E", "g", "G":
                let number = argument.flatMap { value -> Double? in if case .number(let n) = value { return n }; return value.text.flatMap(Double.init) } ?? 0
                // The precision is kept (at most 20 digits); a width or flag changes nothing
                // drawn in a label, and a huge width would make a huge string.
                let spec = String(text[after..<cursor])
                let precision = spec.firstIndex(of: ".").map { dot in min(20, Int(spec[spec.index(after: dot)...].prefix { $0.isNumber }) ?? 0) } ?? 6
                out += String(format: "%.\(precision)" + String(conversion), number)
            default:
                out += argument?.text ?? ""
            }
            index = text.index(after: cursor)
        }
        return out
    }
}

/// CLDR's plural categories of an integer count (Unicode CLDR plural rules, integers).
package enum PluralRules {
    package enum Category: String, Sendable, CaseIterable { case zero, one, two, few, many, other }

    package static func category(_ count: Double, language: String) -> Category {
        guard count.isFinite, count == count.rounded(), abs(count) < 1e15 else { return .other }
        let n = Int64(abs(count))
        let tens = n % 10, hundreds = n % 100
        let base = (language.split(separator: "-").first.map(String.init) ?? language).lowercased()
        switch base {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km", "yue":
            return .other
        case "fr", "pt":
            if base == "pt", language.lowercased() == "pt-pt" { return n == 1 ? .one : (n != 0 && n % 1_000_000 == 0 ? .many : .other) }
            if n == 0 || n == 1 { return .one }
            return n % 1_000_000 == 0 ? .many : .other
        case "es", "it", "ca":
            if n == 1 { return .one }
            return n != 0 && n % 1_000_000 == 0 ? .many : .other
        case "ru", "uk", "be":
            if tens == 1, hundreds != 11 { return .one }
            if (2...4).contains(tens), !(12...14).contains(hundreds) { return .few }
            return .many
        case "pl":
            if n == 1 { return .one }
            if (2...4).contains(tens), !(12...14).contains(hundreds) { return .few }
            return .many
        case "cs", "sk":
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        case "hr", "sr", "bs":
            if tens == 1, hundreds != 11 { return .one }
            if (2...4).contains(tens), !(12...14).contains(hundreds) { return .few }
            return .other
        case "sl":
            switch hundreds {
            case 1: return .one
            case 2: return .two
            case 3, 4: return .few
            default: return .other
            }
        case "lt":
            if tens == 1, !(11...19).contains(hundreds) { return .one }
            if (2...9).contains(tens), !(11...19).contains(hundreds) { return .few }
            return .other
        case "lv":
            if tens == 0 || (11...19).contains(hundreds) { return .zero }
            if tens == 1, hundreds != 11 { return .one }
            return .other
        case "ro":
            if n == 1 { return .one }
            if n == 0 || (2...19).contains(hundreds) { return .few }
            return .other
        case "ar":
            if n == 0 { return .zero }
            if n == 1 { return .one }
            if n == 2 { return .two }
            if (3...10).contains(hundreds) { return .few }
            if (11...99).contains(hundreds) { return .many }
            return .other
        case "he", "iw":
            if n == 1 { return .one }
            return n == 2 ? .two : .other
        case "ga":
            switch n {
            case 1: return .one
            case 2: return .two
            case 3...6: return .few
            case 7...10: return .many
            default: return .other
            }
        case "cy":
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            case 3: return .few
            case 6: return .many
            default: return .other
            }
        case "hi", "bn", "fa", "gu", "kn", "mr", "zu", "am", "as":
            return n == 0 || n == 1 ? .one : .other
        default:
            // English and the many languages with one form for 1 and another for the rest.
            return n == 1 ? .one : .other
        }
    }
}

/// The old-style property list of `.strings` files: `"key" = "value";`, comments, escapes
/// (`\n`, `\"`, `\U00E9`), unquoted keys; UTF-8 or UTF-16 with its byte-order mark.
package enum StringsFile {
    package static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [String: String] {
        let text: String
        if bytes.starts(with: [0xFF, 0xFE]) {
            guard let decoded = String(bytes: bytes.dropFirst(2), encoding: .utf16LittleEndian) else { throw Diagnostic(at: SourceLocation(file: file), "not UTF-16 text") }
            text = decoded
        } else if bytes.starts(with: [0xFE, 0xFF]) {
            guard let decoded = String(bytes: bytes.dropFirst(2), encoding: .utf16BigEndian) else { throw Diagnostic(at: SourceLocation(file: file), "not UTF-16 text") }
            text = decoded
        } else {
            guard let decoded = String(validating: bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes, as: UTF8.self) else {
                throw Diagnostic(at: SourceLocation(file: file), "not UTF-8 or UTF-16 text")
            }
            text = decoded
        }
        let scalars = Array(text.unicodeScalars)
        var index = 0, line = 1, column = 1
        func fail(_ message: String) -> Diagnostic { Diagnostic(at: SourceLocation(file: file, line: line, column: column), message) }
        func advance() {
            if scalars[index] == "\n" { line += 1; column = 1 } else { column += 1 }
            index += 1
        }
        func skipSpace() throws(Diagnostic) {
            while index < scalars.count {
                if scalars[index].properties.isWhitespace { advance(); continue }
                if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "*" {
                    advance(); advance()
                    while index + 1 < scalars.count, !(scalars[index] == "*" && scalars[index + 1] == "/") { advance() }
                    guard index + 1 < scalars.count else { throw fail("unclosed comment") }
                    advance(); advance()
                    continue
                }
                if scalars[index] == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                    while index < scalars.count, scalars[index] != "\n" { advance() }
                    continue
                }
                break
            }
        }
        func word() throws(Diagnostic) -> String {
            guard index < scalars.count else { throw fail("expected a quoted string") }
            if scalars[index] != "\"" {
                var out = String.UnicodeScalarView()
                while index < scalars.count, scalars[index].properties.isAlphabetic || scalars[index].properties.numericType != nil
                        || "_.-$:/".unicodeScalars.contains(scalars[index]) {
                    out.append(scalars[index]); advance()
                }
                guard !out.isEmpty else { throw fail("expected a quoted string, found '\(scalars[index])'") }
                return String(out)
            }
            advance()
            var out = String.UnicodeScalarView()
            while index < scalars.count, scalars[index] != "\"" {
                if scalars[index] == "\\" {
                    advance()
                    guard index < scalars.count else { break }
                    let escaped = scalars[index]
                    switch escaped {
                    case "n": out.append("\n")
                    case "t": out.append("\t")
                    case "r": out.append("\r")
                    case "U", "u":
                        var hex = ""
                        while hex.count < 4, index + 1 < scalars.count, scalars[index + 1].properties.isASCIIHexDigit { advance(); hex.unicodeScalars.append(scalars[index]) }
                        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else { throw fail("\\\(escaped) needs four hex digits") }
                        out.append(scalar)
                    default: out.append(escaped)
                    }
                    advance()
                    continue
                }
                out.append(scalars[index]); advance()
            }
            guard index < scalars.count else { throw fail("unclosed string") }
            advance()
            return String(out)
        }
        var entries: [String: String] = [:]
        try skipSpace()
        while index < scalars.count {
            let key = try word()
            try skipSpace()
            guard index < scalars.count else { throw fail("expected '=' or ';' after \"\(key)\"") }
            var value = key
            if scalars[index] == "=" {
                advance()
                try skipSpace()
                value = try word()
                try skipSpace()
            }
            guard index < scalars.count, scalars[index] == ";" else { throw fail("expected ';' after the entry \"\(key)\"") }
            advance()
            entries[key] = value
            try skipSpace()
        }
        return entries
    }
}

/// `.stringsdict` property lists: each key's `NSStringLocalizedFormatKey` and its variables'
/// plural forms (`NSStringPluralRuleType`).
enum StringsDictionary {
    static func parse(_ bytes: [UInt8], file: String) throws(Diagnostic) -> [String: (format: String, variables: [String: [String: String]])] {
        let root: Any
        do { root = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) } catch {
            throw Diagnostic(at: SourceLocation(file: file), "not a property list: \(error.localizedDescription)")
        }
        guard let entries = root as? [String: Any] else { throw Diagnostic(at: SourceLocation(file: file), "expected a dictionary of keys") }
        var out: [String: (format: String, variables: [String: [String: String]])] = [:]
        for (key, entry) in entries {
            guard let dictionary = entry as? [String: Any], let format = dictionary["NSStringLocalizedFormatKey"] as? String else {
                throw Diagnostic(at: SourceLocation(file: file, path: key), "expected a dictionary with NSStringLocalizedFormatKey")
            }
            var variables: [String: [String: String]] = [:]
            for (name, value) in dictionary where name != "NSStringLocalizedFormatKey" {
                guard let rule = value as? [String: Any] else { continue }
                guard rule["NSStringFormatSpecTypeKey"] as? String == "NSStringPluralRuleType" else {
                    throw Diagnostic(at: SourceLocation(file: file, path: "\(key).\(name)"), "only NSStringPluralRuleType variables are read")
                }
                variables[name] = rule.compactMapValues { $0 as? String }.filter { PluralRules.Category(rawValue: $0.key) != nil }
            }
            out[key] = (format, variables)
        }
        return out
    }
}

/// String Catalogs (`.xcstrings`, JSON): each key's entry in the first of `candidates` it has,
/// else in the catalog's source language.
enum StringCatalog {
    static func parse(_ bytes: [UInt8], file: String, candidates: [String]) throws(Diagnostic) -> [String: Value] {
        let root: JSONNode
        do { root = try JSONParser.parse(bytes) } catch {
            throw Diagnostic(at: SourceLocation(file: file, line: error.line, column: error.column), "invalid JSON: \(error.message)")
        }
        let catalog = root.value
        guard case .object(let strings)? = catalog.object["strings"] else {
            throw Diagnostic(at: SourceLocation(file: file, line: root.line, column: root.column, path: "$.strings"), "a String Catalog has 'strings'")
        }
        let chosen = candidates.first { language in strings.contains { $0.value.object["localizations"]?.object[language] != nil } }
        var out: [String: Value] = [:]
        for string in strings {
            if let chosen, let localized = string.value.object["localizations"]?.object[chosen] { out[string.key] = localized }
        }
        return out
    }
}

extension Value {
    /// The fields of an object value (empty otherwise).
    var object: Object {
        if case .object(let object) = self { return object }
        return [:]
    }
}
