/// Where a problem was found: a file, and inside it a line and column and/or a JSON path.
public struct SourceLocation: Sendable, Hashable {
    /// The file (or `<table>` for a table built in Swift).
    public var file: String
    /// The line, from 1, when known.
    public var line: Int?
    /// The column, from 1, when known.
    public var column: Int?
    /// A JSON path such as `$.sections[0].items[2].template`, for documents.
    public var path: String?

    /// A place in `file`: a line and column, or a JSON path in a document.
    public init(file: String, line: Int? = nil, column: Int? = nil, path: String? = nil) {
        self.file = file
        self.line = line
        self.column = column
        self.path = path
    }

    /// The same place with another JSON path.
    public func with(path: String) -> SourceLocation {
        var copy = self
        copy.path = path
        return copy
    }

    /// `file:line:column`, as compilers print it.
    public var prefix: String {
        var text = file
        if let line { text += ":\(line)" }
        if let line = line, line > 0, let column { text += ":\(column)" }
        return text
    }
}

/// An error a user can act on: what went wrong, where, and which exit code it maps to (0 success,
/// 1 failure, 64 usage, 65 bad input data, 66 a missing file: the BSD sysexits codes, as the
/// README's "Exit codes" says).
public struct Diagnostic: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of error, which decides the command's exit code.
    public enum Kind: Sendable, Hashable {
        /// Invalid input data: a template, document or theme (exit 65).
        case invalidInput
        /// An input file that does not exist (exit 66).
        case missingFile
        /// A failure while rendering or writing (exit 1).
        case failure
        /// A command-line option whose value does not fit the document (exit 64).
        case usage
    }

    /// What kind of error it is.
    public var kind: Kind
    /// Where: a file with its line and column or JSON path, an IB id; nil when no file is concerned.
    public var location: SourceLocation?
    /// What is wrong, what was expected and the names that exist.
    public var message: String

    /// An error of `kind` at `location`.
    public init(_ kind: Kind = .invalidInput, at location: SourceLocation?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    /// The exit code of a command that stops on it: 65 bad input, 66 missing file, 64 usage, 1 failure.
    public var exitCode: Int32 {
        switch kind {
        case .invalidInput: return 65
        case .missingFile: return 66
        case .failure: return 1
        case .usage: return 64
        }
    }

    /// `file:line:column: error: at $.path: message`
    public var description: String { text(as: "error") }

    /// `file:line:column: warning: at $.path: message`: the same place and words for what is
    /// reported without failing.
    public var warningDescription: String { text(as: "warning") }

    private func text(as severity: String) -> String {
        guard let location else { return "\(severity): \(message)" }
        var text = "\(location.prefix): \(severity): "
        if let path = location.path { text += "at \(path): " }
        return text + message
    }
}

/// Near-miss suggestions for unknown names ("did you mean …").
public enum Suggestions {
    /// Names longer than this get no suggestion (a typo is in a name of plausible length).
    public static let longestSuggested = 64

    /// The known names closest to `name`, best first; empty when none is close. Distances are
    /// only worked out within the few edits a suggestion may be away, so the cost grows with the
    /// names' lengths, never with their product.
    public static func closest(to name: String, in known: some Sequence<String>, limit: Int = 3) -> [String] {
        guard name.count <= longestSuggested else { return [] }
        let lowered = name.lowercased()
        let scored = known.compactMap { candidate -> (String, Int)? in
            guard candidate.count <= longestSuggested else { return nil }
            let other = candidate.lowercased()
            let allowed = max(1, min(3, candidate.count / 3))
            if !lowered.isEmpty, other.hasPrefix(lowered) { return (candidate, editDistance(lowered, other, atMost: max(allowed, other.count - lowered.count)) ?? allowed) }
            guard let distance = editDistance(lowered, other, atMost: allowed) else { return nil }
            return (candidate, distance)
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// A name as a message shows it: at most 80 characters.
    public static func shortened(_ name: String) -> String {
        name.count <= 80 ? name : String(name.prefix(77)) + "…"
    }

    /// "unknown X 'name'; did you mean 'a'? Known: a, b, c" in one consistent wording.
    public static func unknown(_ what: String, _ name: String, known: [String]) -> String {
        var text = "unknown \(what) '\(shortened(name))'"
        let near = closest(to: name, in: known)
        if !near.isEmpty {
            text += "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        let sorted = known.sorted()
        if !sorted.isEmpty {
            let shown = sorted.prefix(40).map(shortened).joined(separator: ", ")
            text += " (known: \(shown)\(sorted.count > 40 ? ", …" : ""))"
        }
        return text
    }

    /// Optimal string alignment distance (insertions, deletions, substitutions and swaps of
    /// neighbours: "stlye" is one step from "style"), or nil when it is more than `limit`. Only
    /// cells within `limit` of the diagonal are computed.
    static func editDistance(_ a: String, _ b: String, atMost limit: Int) -> Int? {
        let a = Array(a), b = Array(b)
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let outside = limit + 1
        var table = Array(repeating: Array(repeating: outside, count: b.count + 1), count: a.count + 1)
        for i in 0...min(a.count, limit) { table[i][0] = i }
        for j in 0...min(b.count, limit) { table[0][j] = j }
        for i in 1...a.count {
            var best = outside
            for j in max(1, i - limit)...min(b.count, i + limit) {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, table[i - 2][j - 2] + 1) }
                table[i][j] = min(value, outside)
                best = min(best, table[i][j])
            }
            if best > limit { return nil }
        }
        return table[a.count][b.count] <= limit ? table[a.count][b.count] : nil
    }
}
