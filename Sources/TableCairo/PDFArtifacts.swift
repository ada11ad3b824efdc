/// Marks what a tagged PDF's page draws outside its structure as artifacts, which Cairo 1.16 has
/// no call for: backgrounds, section and row separators, a header repeated at a page's top and
/// masks are drawn while no structure element that holds content is open, so Cairo writes them
/// in no marked-content sequence at all; a screen reader or a PDF/UA checker then cannot tell
/// them from content that was forgotten. This wraps each run of such drawing in
/// `/Artifact BMC … EMC` (ISO 32000-1, 14.8.2.2), and leaves the content Cairo marked for its
/// elements (`/P << /MCID n >> BDC … EMC`) as it was.
///
/// It reads a content stream as Cairo writes one: operands and operators, strings with their
/// escapes, no inline images (a stream with `BI` is left as it is). A run opens at the first
/// operator that draws (a path's painting, taken from the path's first point; text shown; an
/// image or shading), never between a path's construction and its painting, and closes before a
/// marked sequence of an element opens, and before the `Q` or `ET` that ends the graphics state
/// or text object it opened in, so that marked content and `q`/`Q`, `BT`/`ET` nest.
enum PDFArtifacts {
    /// `content` with every drawing outside marked content inside an artifact; nil when nothing
    /// needs marking, or the stream is not one this reads.
    static func marking(_ content: [UInt8]) -> [UInt8]? {
        var marker = Marker(content)
        guard marker.run(), !marker.insertions.isEmpty else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(content.count + marker.insertions.count * 8)
        var from = 0
        for (at, text) in marker.insertions {
            out += content[from..<at]
            out += text
            from = at
        }
        out += content[from...]
        return out
    }

    private static let open = Array("/Artifact BMC\n".utf8)
    private static let close = Array("EMC\n".utf8)

    private struct Marker {
        let bytes: [UInt8]
        var position = 0
        /// What was inserted where, in order.
        var insertions: [(Int, [UInt8])] = []

        /// The marked-content sequences open: an element's (it has an `MCID`), another
        /// (`/Span << /ActualText … >>`), an artifact, or one this opened.
        enum Sequence { case element, other, artifact, ours }
        var sequences: [Sequence] = []
        /// How many `q` and `BT` are open, and how many were when this opened its run.
        var nesting = 0
        var ourNesting = 0
        /// Where the operands of the operator being read start, and where the path being built
        /// started (its first construction operator's operands).
        var operandsStart = 0
        var pathStart: Int?
        /// The last dictionary or name operand read (a `BDC`'s properties, a `BMC`'s tag).
        var operandText: ArraySlice<UInt8> = []

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isMarked: Bool { sequences.contains { $0 != .other } }

        mutating func openRun(at index: Int) {
            guard !isMarked else { return }
            insert(PDFArtifacts.open, at: index)
            sequences.append(.ours)
            ourNesting = nesting
        }

        mutating func closeRun(at index: Int) {
            guard sequences.last == .ours else { return }
            insert(PDFArtifacts.close, at: index)
            sequences.removeLast()
        }

        mutating func insert(_ text: [UInt8], at index: Int) {
            if let last = insertions.last, last.0 > index { failed = true }
            insertions.append((index, text))
        }

        var failed = false

        /// Reads the whole stream; false when it is not one this reads.
        mutating func run() -> Bool {
            operandsStart = skipSpace(from: 0)
            while !failed {
                position = skipSpace(from: position)
                guard position < bytes.count else { break }
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "("):
                    guard let end = stringEnd(from: position) else { return false }
                    position = end
                case UInt8(ascii: "<"):
                    if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "<") {
                        guard let end = dictionaryEnd(from: position) else { return false }
                        operandText = bytes[position..<end]
                        position = end
                    } else {
                        guard let end = bytes[position...].firstIndex(of: UInt8(ascii: ">")) else { return false }
                        position = end + 1
                    }
                case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    position += 1
                case UInt8(ascii: ">"), UInt8(ascii: ")"):
                    return false
                case UInt8(ascii: "/"):
                    let end = tokenEnd(from: position + 1)
                    operandText = bytes[position..<end]
                    position = end
                default:
                    let end = tokenEnd(from: position)
                    let token = bytes[position..<end]
                    position = end
                    if let first = token.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: ".") || (0x30...0x39).contains(first) {
                        continue
                    }
                    guard operate(token) else { return false }
                    operandsStart = skipSpace(from: position)
                    operandText = []
                }
            }
            guard !failed else { return false }
            closeRun(at: bytes.count)
            return sequences.isEmpty
        }

        /// What an operator does, for this reading.
        enum Operator { case path, paint, endPath, show, save, restore, beginMarked, endMarked, inlineImage }

        /// The operators this tells apart, by their bytes packed in an integer.
        static let operators: [UInt32: Operator] = {
            var table: [UInt32: Operator] = [:]
            for (kind, names) in [(Operator.path, ["m", "l", "c", "v", "y", "h", "re", "W", "W*"]), (.paint, ["S", "s", "f", "F", "f*", "B", "B*", "b", "b*"]),
                                  (.endPath, ["n"]), (.show, ["Tj", "TJ", "'", "\"", "Do", "sh"]), (.save, ["q", "BT"]), (.restore, ["Q", "ET"]),
                                  (.beginMarked, ["BDC", "BMC"]), (.endMarked, ["EMC"]), (.inlineImage, ["BI", "ID", "EI"])] {
                for name in names { table[packed(name.utf8[...])] = kind }
            }
            return table
        }()

        static func packed<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 { bytes.reduce(0) { $0 << 8 | UInt32($1) } }

        /// Handles the operator `token`, whose operands start at `operandsStart`.
        mutating func operate(_ token: ArraySlice<UInt8>) -> Bool {
            // Operators are one to three bytes; a longer token is none this handles.
            guard token.count <= 3, let kind = Self.operators[Self.packed(token)] else { return true }
            switch kind {
            case .path:
                if pathStart == nil { pathStart = operandsStart }
            case .paint:
                openRun(at: pathStart ?? operandsStart)
                pathStart = nil
            case .endPath:
                pathStart = nil
            case .show:
                openRun(at: operandsStart)
            case .save:
                nesting += 1
            case .restore:
                if sequences.last == .ours, nesting <= ourNesting { closeRun(at: operandsStart) }
                nesting -= 1
                if nesting < 0 { return false }
            case .beginMarked:
                if operandTag() == "Artifact" {
                    closeRun(at: operandsStart)
                    sequences.append(.artifact)
                } else if token[token.startIndex + 1] == UInt8(ascii: "D"), containsMCID(operandText) {
                    closeRun(at: operandsStart)
                    sequences.append(.element)
                } else {
                    // A sequence of no element (a span with its actual text) holds what is
                    // drawn in it: outside an element, it is part of a run.
                    openRun(at: operandsStart)
                    sequences.append(.other)
                }
            case .endMarked:
                if sequences.last == .ours { closeRun(at: operandsStart) }
                guard !sequences.isEmpty else { return false }
                sequences.removeLast()
            case .inlineImage:
                return false
            }
            return true
        }

        /// The tag of the `BDC`/`BMC` being read: the first name among its operands.
        func operandTag() -> String {
            var index = skipSpace(from: operandsStart)
            guard index < bytes.count, bytes[index] == UInt8(ascii: "/") else { return "" }
            index += 1
            return String(decoding: bytes[index..<tokenEnd(from: index)], as: UTF8.self)
        }

        func containsMCID(_ text: ArraySlice<UInt8>) -> Bool {
            let key = Array("/MCID".utf8)
            guard text.count >= key.count else { return false }
            var index = text.startIndex
            while index + key.count <= text.endIndex {
                if text[index..<(index + key.count)].elementsEqual(key) { return true }
                index += 1
            }
            return false
        }

        static func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x0C || byte == 0x00
        }

        static func isDelimiter(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "["), UInt8(ascii: "]"),
                 UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: "%"): return true
            default: return false
            }
        }

        /// The first byte at or after `index` that is neither white space nor in a comment.
        func skipSpace(from index: Int) -> Int {
            var index = index
            while index < bytes.count {
                if Self.isSpace(bytes[index]) {
                    index += 1
                } else if bytes[index] == UInt8(ascii: "%") {
                    while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
                } else {
                    break
                }
            }
            return index
        }

        func tokenEnd(from index: Int) -> Int {
            var index = index
            while index < bytes.count, !Self.isSpace(bytes[index]), !Self.isDelimiter(bytes[index]) { index += 1 }
            return index
        }

        /// Just past the literal string starting at `index` (balanced parentheses, `\` escapes).
        func stringEnd(from index: Int) -> Int? {
            var depth = 0
            var index = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 1
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        }

        /// Just past the dictionary starting at `index` (nested dictionaries, strings in it).
        func dictionaryEnd(from index: Int) -> Int? {
            var depth = 0
            var index = index
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "("), let end = stringEnd(from: index) {
                    index = end
                    continue
                }
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "<"), bytes[index + 1] == UInt8(ascii: "<") {
                    depth += 1
                    index += 2
                    continue
                }
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: ">"), bytes[index + 1] == UInt8(ascii: ">") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return index }
                    continue
                }
                index += 1
            }
            return nil
        }
    }
}
