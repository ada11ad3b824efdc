/// A command's interface, from which both its help text and its parser are made.
struct CommandSpec {
    struct Option {
        var names: [String]
        /// nil for a flag.
        var value: String?
        var help: String
        var repeatable = false
    }

    var name: String
    var overview: String
    var usage: String
    var arguments: [(String, String)] = []
    var options: [Option] = []
    var subcommands: [(String, String)] = []
    var discussion: String?

    static let helpOption = Option(names: ["-h", "--help"], value: nil, help: "Show help information.")

    /// The help text, wrapped to `width` columns, in swift-argument-parser's layout.
    func help(width: Int) -> String {
        var out = "OVERVIEW: " + wrap(overview, width: width, indent: 10).dropFirst(10) + "\n\n"
        out += "USAGE: \(usage)\n"
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n" + table(arguments, width: width)
        }
        let allOptions = options + [Self.helpOption]
        out += "\nOPTIONS:\n" + table(allOptions.map { option in
            (option.names.joined(separator: ", ") + (option.value.map { " <\($0)>" } ?? ""), option.help)
        }, width: width)
        if !subcommands.isEmpty {
            out += "\nSUBCOMMANDS:\n" + table(subcommands, width: width)
            out += "\n  See 'tablerender help <subcommand>' for detailed help.\n"
        }
        if let discussion { out += "\n" + wrap(discussion, width: width, indent: 0) + "\n" }
        return out
    }

    private func table(_ rows: [(String, String)], width: Int) -> String {
        let column = min(28, (rows.map { $0.0.count }.max() ?? 0) + 4)
        var out = ""
        for (name, text) in rows {
            let label = "  " + name
            let body = wrap(text, width: width, indent: column)
            if label.count + 2 <= column {
                out += label + String(repeating: " ", count: column - label.count) + body.dropFirst(column) + "\n"
            } else {
                out += label + "\n" + body + "\n"
            }
        }
        return out
    }
}

/// Wraps `text` to `width` columns, every line indented by `indent` spaces.
func wrap(_ text: String, width: Int, indent: Int) -> String {
    let pad = String(repeating: " ", count: indent)
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
        if !line.isEmpty, indent + line.count + 1 + word.count > width {
            lines.append(pad + line)
            line = String(word)
        } else {
            line += (line.isEmpty ? "" : " ") + word
        }
    }
    lines.append(pad + line)
    return lines.joined(separator: "\n")
}

/// Parsed command-line words: option values by canonical name, and positional arguments.
struct ParsedArguments {
    var values: [String: [String]] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []

    func value(_ name: String) -> String? { values[name]?.last }
    func list(_ name: String) -> [String] {
        (values[name] ?? []).flatMap { $0.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) } }
    }
}

struct UsageError: Error {
    var message: String
}

extension CommandSpec {
    func parse(_ words: [String]) throws(UsageError) -> ParsedArguments {
        var result = ParsedArguments()
        var index = 0
        var onlyPositionals = false
        while index < words.count {
            let word = words[index]
            index += 1
            if onlyPositionals || !word.hasPrefix("-") || word == "-" {
                result.positionals.append(word)
                continue
            }
            if word == "--" { onlyPositionals = true; continue }
            var name = word
            var inline: String?
            if let equals = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<equals])
                inline = String(word[word.index(after: equals)...])
            }
            if Self.helpOption.names.contains(name) { result.flags.insert("--help"); continue }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                let known = (options + [Self.helpOption]).flatMap(\.names).filter { $0.hasPrefix("--") }
                let near = TableRenderSuggest.closest(name, known)
                throw UsageError(message: "Unknown option '\(name)'" + (near.map { "; did you mean '\($0)'?" } ?? ""))
            }
            let canonical = option.names.last!
            if let valueName = option.value {
                let value: String
                if let inline { value = inline } else {
                    guard index < words.count else { throw UsageError(message: "Missing value for '\(name) <\(valueName)>'") }
                    value = words[index]
                    index += 1
                }
                if !option.repeatable, result.values[canonical] != nil {
                    throw UsageError(message: "'\(name)' given more than once")
                }
                result.values[canonical, default: []].append(value)
            } else {
                if inline != nil { throw UsageError(message: "'\(name)' takes no value") }
                result.flags.insert(canonical)
            }
        }
        return result
    }
}
