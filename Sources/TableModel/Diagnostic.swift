/// Where a problem was found: a file, and inside it a line and column and/or a JSON path.
public struct SourceLocation: Sendable, Hashable {
    public var file: String
    public var line: Int?
    public var column: Int?
    /// A JSON path such as `$.sections[0].items[2].template`, for documents.
    public var path: String?

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
    public enum Kind: Sendable, Hashable {
        /// Invalid input data: a template, document or theme (exit 65).
        case invalidInput
        /// An input file that does not exist (exit 66).
        case missingFile
        /// A failure while rendering or writing (exit 1).
        case failure
    }

    public var kind: Kind
    public var location: SourceLocation?
    public var message: String

    public init(_ kind: Kind = .invalidInput, at location: SourceLocation?, _ message: String) {
        self.kind = kind
        self.location = location
        self.message = message
    }

    public var exitCode: Int32 {
        switch kind {
        case .invalidInput: return 65
        case .missingFile: return 66
        case .failure: return 1
        }
    }

    /// `file:line:column: error: at $.path: message`
    public var description: String {
        guard let location else { return "error: \(message)" }
        var text = "\(location.prefix): error: "
        if let path = location.path { text += "at \(path): " }
        return text + message
    }
}

/// Near-miss suggestions for unknown names ("did you mean …").
public enum Suggestions {
    /// The known names closest to `name`, best first; empty when none is close.
    public static func closest(to name: String, in known: some Sequence<String>, limit: Int = 3) -> [String] {
        let lowered = name.lowercased()
        let scored = known.compactMap { candidate -> (String, Int)? in
            let distance = editDistance(lowered, candidate.lowercased())
            let allowed = max(1, min(3, candidate.count / 3))
            let prefixMatch = !lowered.isEmpty && candidate.lowercased().hasPrefix(lowered)
            return distance <= allowed || prefixMatch ? (candidate, distance) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(limit).map(\.0)
    }

    /// "unknown X 'name'; did you mean 'a'? Known: a, b, c" in one consistent wording.
    public static func unknown(_ what: String, _ name: String, known: [String]) -> String {
        var text = "unknown \(what) '\(name)'"
        let near = closest(to: name, in: known)
        if !near.isEmpty {
            text += "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
        }
        let sorted = known.sorted()
        if !sorted.isEmpty {
            let shown = sorted.prefix(40).joined(separator: ", ")
            text += " (known: \(shown)\(sorted.count > 40 ? ", …" : ""))"
        }
        return text
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of
    /// neighbours ("stlye" is one step from "style").
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
