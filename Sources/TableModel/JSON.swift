/// A parsed JSON value that remembers where it stood in its file, so a document error can say
/// `file:line:column` as well as the JSON path.
package struct JSONNode: Sendable {
    package enum Kind: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        case object([(key: String, value: JSONNode)])
        /// An array whose elements were checked but not kept: each is parsed again when it is
        /// read (`JSONParser.parse(_:element:)`), so a document of a million items never holds a
        /// million parsed objects at once.
        case elements([JSONElement])
    }

    package var kind: Kind
    package var line: Int
    package var column: Int

    /// The plain value, locations dropped.
    package var value: Value {
        switch kind {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .number(let number): return .number(number)
        case .string(let string): return .string(string)
        case .array(let array): return .array(array.map(\.value))
        case .object(let entries): return .object(Value.Object(entries.map { Value.Object.Member(key: $0.key, value: $0.value.value) }))
        case .elements: return .null
        }
    }

    package var typeName: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array, .elements: return "an array"
        case .object: return "an object"
        }
    }
}

/// Where an element of a deferred array stands in the file: its bytes, and the line it starts on.
package struct JSONElement: Sendable {
    package var start: Int
    package var end: Int
    package var line: Int32
    package var lineStart: Int

    package var column: Int { start - lineStart + 1 }
}

/// A strict RFC 8259 parser: no comments, no trailing commas, no duplicate keys, a depth limit,
/// and errors with line and column. Foundation's parser gives neither locations nor key order.
package struct JSONParser {
    package static let maximumDepth = 64

    package struct Failure: Error, Sendable {
        package var line: Int
        package var column: Int
        package var message: String
    }

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// The keys leading to the value being parsed ("[]" for an array's element).
    private var path: [String] = []
    /// The arrays (by path) whose elements are checked and recorded, not kept.
    private var deferred: [[String]] = []
    /// The keys of the objects being checked (`skipObject`), innermost last.
    private var keys: [String] = []

    /// Parses `bytes`; the arrays at the paths of `deferring` (`["sections", "[]", "items"]`)
    /// are checked whole but kept as `.elements`, parsed again one by one when read.
    package static func parse(_ bytes: [UInt8], deferring: [[String]] = []) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.deferred = deferring
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3; parser.lineStart = 3 }
        parser.skipWhitespace()
        let node = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        if parser.index < bytes.count { throw parser.failure("unexpected text after the end of the JSON value") }
        return node
    }

    /// Parses one element of a deferred array of `bytes`.
    package static func parse(_ bytes: [UInt8], element: JSONElement, depth: Int) throws(Failure) -> JSONNode {
        var parser = JSONParser(bytes: bytes)
        parser.index = element.start
        parser.line = Int(element.line)
        parser.lineStart = element.lineStart
        return try parser.parseValue(depth: depth)
    }

    /// Whether `bytes` are one JSON value by the check a deferred array's elements get, which
    /// leaves objects of 16 keys or more to the parser (for tests: it must accept what `parse`
    /// accepts and refuse what it refuses).
    static func checks(_ bytes: [UInt8]) -> Bool {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
        parser.skipWhitespace()
        do { try parser.skipValue(depth: 0) } catch { return false }
        parser.skipWhitespace()
        return parser.index == bytes.count
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private var column: Int { index - lineStart + 1 }

    private func failure(_ message: String) -> Failure {
        Failure(line: line, column: column, message: message)
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue(depth: Int) throws(Failure) -> JSONNode {
        guard depth < Self.maximumDepth else {
            throw failure("JSON nested deeper than \(Self.maximumDepth) levels")
        }
        guard index < bytes.count else { throw failure("expected a JSON value, found the end of the file") }
        let (startLine, startColumn) = (line, column)
        let kind: JSONNode.Kind
        switch bytes[index] {
        case UInt8(ascii: "{"): kind = try parseObject(depth: depth)
        case UInt8(ascii: "["): kind = try parseArray(depth: depth)
        case UInt8(ascii: "\""): kind = .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); kind = .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); kind = .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try parseNumber())
        default:
            throw failure("expected a JSON value (object, array, string, number, true, false or null)")
        }
        return JSONNode(kind: kind, line: startLine, column: startColumn)
    }

    private mutating func expectWord(_ word: String) throws(Failure) {
        let utf8 = Array(word.utf8)
        guard bytes.count - index >= utf8.count, Array(bytes[index..<index + utf8.count]) == utf8 else {
            throw failure("expected a JSON value (object, array, string, number, true, false or null)")
        }
        index += utf8.count
    }

    private mutating func parseObject(depth: Int) throws(Failure) -> JSONNode.Kind {
        index += 1
        var entries: [(key: String, value: JSONNode)] = []
        // Duplicate keys are looked for among the entries; a set only for large objects.
        var seen: Set<String>?
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw failure("expected a key in double quotes")
            }
            let keyFailure = failure("")
            let key = try parseString()
            let duplicate: Bool
            if entries.count < 16 {
                duplicate = entries.contains { $0.key == key }
            } else {
                if seen == nil { seen = Set(entries.map(\.key)) }
                duplicate = !seen!.insert(key).inserted
            }
            guard !duplicate else {
                throw Failure(line: keyFailure.line, column: keyFailure.column, message: "duplicate key '\(key)'")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("expected ':' after the key") }
            index += 1
            skipWhitespace()
            path.append(key)
            entries.append((key: key, value: try parseValue(depth: depth + 1)))
            path.removeLast()
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or '}', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(entries) }
            throw failure("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray(depth: Int) throws(Failure) -> JSONNode.Kind {
        index += 1
        let defers = !deferred.isEmpty && deferred.contains(path)
        var elements: [JSONNode] = []
        var recorded: [JSONElement] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return defers ? .elements([]) : .array([]) }
        path.append("[]")
        defer { path.removeLast() }
        while true {
            skipWhitespace()
            if defers {
                let element = JSONElement(start: index, end: 0, line: Int32(line), lineStart: lineStart)
                do {
                    try skipValue(depth: depth + 1)
                } catch {
                    // The element parsed in full, for the same error (or, should the check have
                    // been stricter than the parser, the same acceptance) as when it is read.
                    (index, line, lineStart) = (element.start, Int(element.line), element.lineStart)
                    _ = try parseValue(depth: depth + 1)
                }
                recorded.append(JSONElement(start: element.start, end: index, line: element.line, lineStart: element.lineStart))
            } else {
                elements.append(try parseValue(depth: depth + 1))
            }
            skipWhitespace()
            guard index < bytes.count else { throw failure("expected ',' or ']', found the end of the file") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return defers ? .elements(recorded) : .array(elements) }
            throw failure("expected ',' or ']' in an array")
        }
    }

    // MARK: Checking without keeping

    /// Checks the value at `index` as `parseValue` would and moves past it, keeping nothing but
    /// the keys of the objects being checked (`keys`): a deferred array's elements are checked so,
    /// at a fraction of the cost of parsing them. Any failure is found again by `parseValue`,
    /// which says what it is.
    private mutating func skipValue(depth: Int) throws(Failure) {
        guard depth < Self.maximumDepth, index < bytes.count else { throw failure("") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try skipObject(depth: depth)
        case UInt8(ascii: "["): try skipArray(depth: depth)
        case UInt8(ascii: "\""): try skipString()
        case UInt8(ascii: "t"): try expectWord("true")
        case UInt8(ascii: "f"): try expectWord("false")
        case UInt8(ascii: "n"): try expectWord("null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): _ = try parseNumber()
        default: throw failure("")
        }
    }

    private mutating func skipObject(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return }
        let first = keys.count
        defer { keys.removeSubrange(first...) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw failure("") }
            let key = try parseString()
            // Keys are compared one by one; an object of many is left to `parseObject`, which
            // keeps a set of them.
            guard keys.count - first < 16, !keys[first...].contains(key) else { throw failure("") }
            keys.append(key)
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failure("") }
            index += 1
            skipWhitespace()
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw failure("") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return }
            throw failure("")
        }
    }

    private mutating func skipArray(depth: Int) throws(Failure) {
        index += 1
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return }
        while true {
            skipWhitespace()
            try skipValue(depth: depth + 1)
            skipWhitespace()
            guard index < bytes.count else { throw failure("") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return }
            throw failure("")
        }
    }

    /// A string checked as `parseString` checks it: well-formed UTF-8 between its escapes, valid
    /// escapes (surrogates in pairs), no control characters.
    private mutating func skipString() throws(Failure) {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") { index += 1; return }
            if byte < 0x20 { throw failure("") }
            if byte < 0x80 {
                if byte == UInt8(ascii: "\\") { _ = try escape() } else { index += 1 }
                continue
            }
            // A sequence of Unicode's table of well-formed UTF-8 (no overlong forms, no
            // surrogates, nothing above U+10FFFF).
            let (length, low, high): (Int, UInt8, UInt8)
            switch byte {
            case 0xC2...0xDF: (length, low, high) = (2, 0x80, 0xBF)
            case 0xE0: (length, low, high) = (3, 0xA0, 0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (length, low, high) = (3, 0x80, 0xBF)
            case 0xED: (length, low, high) = (3, 0x80, 0x9F)
            case 0xF0: (length, low, high) = (4, 0x90, 0xBF)
            case 0xF1...0xF3: (length, low, high) = (4, 0x80, 0xBF)
            case 0xF4: (length, low, high) = (4, 0x80, 0x8F)
            default: throw failure("")
            }
            guard index + length <= bytes.count, (low...high).contains(bytes[index + 1]) else { throw failure("") }
            for next in (index + 2)..<(index + length) where !(0x80...0xBF).contains(bytes[next]) { throw failure("") }
            index += length
        }
        throw failure("")
    }

    /// The character the escape at `index` (its backslash) stands for, moving past it: a
    /// surrogate pair of `\u` escapes is one character; a lone surrogate is refused.
    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        index += 1
        guard index < bytes.count else { throw failure("unterminated escape") }
        let letter = bytes[index]
        index += 1
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): return Unicode.Scalar(letter)
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            var scalar = try parseHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw failure("unpaired surrogate in \\u escape")
                }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate in \\u escape") }
                scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(scalar) {
                throw failure("unpaired surrogate in \\u escape")
            }
            guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid \\u escape") }
            return unicode
        default:
            throw failure("invalid escape '\\\(Character(Unicode.Scalar(letter)))'")
        }
    }

    private mutating func parseNumber() throws(Failure) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        guard digits(&self) > 0 else { throw failure("expected digits in a number") }
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 {
            throw failure("numbers must not start with 0")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw failure("expected digits after the decimal point") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw failure("expected digits in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let number = Double(text), number.isFinite else { throw failure("number '\(text)' is out of range") }
        return number
    }

    private mutating func parseString() throws(Failure) -> String {
        index += 1
        // Most strings have no escape: made straight from the file's bytes.
        var end = index
        while end < bytes.count {
            let byte = bytes[end]
            if byte == UInt8(ascii: "\"") {
                let string = bytes.withUnsafeBufferPointer { String(validating: UnsafeBufferPointer(rebasing: $0[index..<end]), as: UTF8.self) }
                index = end + 1
                guard let string else { throw failure("string is not valid UTF-8") }
                return string
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            end += 1
        }
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw failure("unterminated string") }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw failure("string is not valid UTF-8")
                }
                return string
            case UInt8(ascii: "\\"):
                UTF8.encode(try escape(), into: { utf8.append($0) })
            case 0x00..<0x20:
                throw failure("control character in a string (escape it, e.g. \\n)")
            default:
                utf8.append(byte)
                index += 1
            }
        }
    }

    private mutating func parseHex4() throws(Failure) -> UInt32 {
        guard bytes.count - index >= 4 else { throw failure("expected 4 hex digits after \\u") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw failure("expected 4 hex digits after \\u")
            }
            value = value * 16 + digit
            index += 1
        }
        return value
    }
}

/// Numbers as text for every writer (JSON, the HTML page's CSS, the rows a reference image
/// records): rounded to a number of decimal places, with no trailing zeros, no exponent and no
/// "-0", computed exactly in integers.
package enum DecimalText {
    /// `value` rounded to `places` decimals (0 to 6); nil when it is not finite or too large for
    /// its last place to be counted exactly (2^53 units of it).
    package static func exact(_ value: Double, places: Int) -> String? {
        let unit = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000][min(max(places, 0), 6)]
        let scaled = (value * Double(unit)).rounded()
        guard scaled.isFinite, scaled.magnitude < 9_007_199_254_740_992 else { return nil }
        let units = Int64(scaled)
        let magnitude = units.magnitude
        var text = units < 0 ? "-" : ""
        text += String(magnitude / UInt64(unit))
        var fraction = magnitude % UInt64(unit)
        if fraction != 0 {
            var digits = String(unit).count - 1
            while fraction % 10 == 0 { fraction /= 10; digits -= 1 }
            let decimals = String(fraction)
            text += "." + String(repeating: "0", count: digits - decimals.count) + decimals
        }
        return text
    }
}

/// JSON text written by hand (layouts, manifests, changesets): one writer of strings that
/// escapes every control character, and of numbers to a thousandth.
package enum JSONText {
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if let text = DecimalText.exact(value, places: 3) { return text }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        return String(rounded)
    }

    package static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
