import Foundation

/// Text nobody on this project wrote, read from the machine the tests run on: the licence texts
/// of `/usr/share/common-licenses`, the descriptions of the installed Debian packages
/// (`/var/lib/dpkg/status`), and the names of countries and languages in a hundred languages and
/// thirty scripts (the translations of Debian's `iso-codes`). Documents made of it are what a
/// user's lists look like: long and short values, newlines, brackets, URLs, every script.
public enum RealText {
    /// Paragraphs of the licence texts, whitespace as it is in the files (newlines inside).
    public static let licenseParagraphs: [String] = {
        let folder = "/usr/share/common-licenses"
        var paragraphs: [String] = []
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            // Form feeds (page breaks in the GPL) are control characters a document refuses.
            guard let text = try? String(contentsOfFile: folder + "/" + name, encoding: .utf8).replacingOccurrences(of: "\u{0C}", with: "") else { continue }
            for paragraph in text.components(separatedBy: "\n\n") {
                let trimmed = paragraph.trimmingCharacters(in: .whitespacesAndNewlines)
                if trimmed.count >= 20 { paragraphs.append(trimmed) }
            }
        }
        return paragraphs
    }()

    /// Installed packages: name, one-line summary, and the long description with its paragraphs
    /// (Debian's " ." lines) as blank lines.
    public static let packages: [(name: String, summary: String, body: String)] = {
        guard let status = try? String(contentsOfFile: "/var/lib/dpkg/status", encoding: .utf8) else { return [] }
        var result: [(String, String, String)] = []
        for stanza in status.components(separatedBy: "\n\n") {
            var name = "", summary = "", body: [String] = []
            var inDescription = false
            for line in stanza.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("Package: ") { name = String(line.dropFirst(9)) }
                if line.hasPrefix("Description: ") {
                    summary = String(line.dropFirst(13))
                    inDescription = true
                } else if inDescription, line.hasPrefix(" ") {
                    let text = line.dropFirst()
                    body.append(text == "." ? "" : String(text))
                } else {
                    inDescription = false
                }
            }
            if !name.isEmpty, !summary.isEmpty { result.append((name, summary, body.joined(separator: "\n"))) }
        }
        return result.sorted { $0.0 < $1.0 }
    }()

    /// Names of countries and languages, translated: (language code, name).
    public static let names: [(language: String, name: String)] = {
        var result: [(String, String)] = []
        let root = "/usr/share/locale"
        for language in ((try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []).sorted() {
            for domain in ["iso_3166-1", "iso_639-2"] {
                guard let data = FileManager.default.contents(atPath: "\(root)/\(language)/LC_MESSAGES/\(domain).mo") else { continue }
                for name in translations(in: [UInt8](data)) { result.append((language, name)) }
            }
        }
        return result
    }()

    /// The translated strings of a gettext `.mo` file (the header entry left out).
    static func translations(in bytes: [UInt8]) -> [String] {
        func word(_ offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            return Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
        }
        guard word(0) == 0x950412de, let count = word(8), let table = word(16) else { return [] }
        var result: [String] = []
        for index in 0..<count {
            guard let length = word(table + index * 8), let offset = word(table + index * 8 + 4), length > 0,
                  offset + length <= bytes.count else { continue }
            let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            if !text.contains("Project-Id-Version"), !text.contains("\0") { result.append(text) }
        }
        return result
    }

    /// Writes a document of `rows` rows of real text into a fresh folder; returns its path.
    /// Sections of 50 rows, each row a subtitle cell (a name or a package summary over a
    /// description or licence paragraph, newlines kept), a value1 cell (a name and a number) or a
    /// basic cell, chosen by a seeded generator.
    /// - Parameters:
    ///   - theme: `ios` or `print`.
    ///   - page: `a4`, `content`, or `WxH`.
    public static func document(rows: Int, seed: UInt64 = 1, theme: String = "print", page: String = "a4", name: String = "real") -> String {
        var dice = Dice(seed: seed)
        func pick<T>(_ list: [T]) -> T? { list.isEmpty ? nil : list[dice.next(list.count)] }
        func json(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20: out += "\\u" + String(format: "%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        var sections: [String] = []
        var items: [String] = []
        for row in 0..<rows {
            let package = pick(packages)
            let title = dice.next(2) == 0 ? pick(names)?.name ?? "Row \(row)" : package?.summary ?? "Row \(row)"
            var body = dice.next(3) == 0 ? pick(licenseParagraphs) ?? "" : package?.body ?? ""
            if body.utf8.count > 900 { body = String(body.prefix(900)) }
            let values: String
            switch dice.next(6) {
            case 0, 1, 2, 3: values = #""template": "subtitle", "values": {"title": \#(json(title)), "subtitle": \#(json(body.isEmpty ? title : body))}"#
            case 4: values = #""template": "value1", "values": {"title": \#(json(pick(names)?.name ?? title)), "detail": "\#(dice.next(100_000))"}"#
            default: values = #""template": "basic", "values": {"title": \#(json(title))}"#
            }
            items.append(#"{"id": "r\#(row)", \#(values)}"#)
            if items.count == 50 || row == rows - 1 {
                sections.append(#"{"id": "s\#(sections.count)", "header": "Section \#(sections.count + 1)", "items": [\#(items.joined(separator: ", "))]}"#)
                items = []
            }
        }
        let document = #"{"title": "Real text", "theme": "\#(theme)", "style": "plain", "page": "\#(page)", "sections": [\#(sections.joined(separator: ",\n"))]}"#
        return Repository.folder(with: ["\(name).json": document]) + "/\(name).json"
    }
}
