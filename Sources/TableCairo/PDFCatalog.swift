import CCairo
import Foundation
import Synchronization
import TableModel

/// A piece of a rewritten PDF: bytes as they were written (from `offset`), or new ones.
enum PDFPiece: Equatable {
    case written(offset: Int, count: Int)
    case new([UInt8])
}

/// What a tagged PDF needs and Cairo 1.16 has no call for: the document's natural language in its
/// catalog (`/Lang`, which a screen reader picks its voice by), with a title
/// `/ViewerPreferences << /DisplayDocTitle true >>` (the reader's window names the title, not the
/// file), each figure's alternative text (`/Alt` on its `Figure` element), and what each page
/// draws outside the structure marked as artifacts (`PDFArtifacts`), as PDF/UA asks.
/// The changed objects are written in the place of Cairo's, with a new cross-reference table and
/// trailer (an incremental update would leave each page's old content in the file, a third of a
/// list's PDF).
enum PDFCatalog {
    /// The language tag `tag` as a PDF wants it (BCP 47: `en`, `pt-BR`, `zh-Hant`; an `_` read as
    /// `-`), or nil when it is not one.
    static func languageTag(_ tag: String) -> String? {
        let parts = tag.replacingOccurrences(of: "_", with: "-").split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }),
              parts.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return parts.joined(separator: "-")
    }

    /// What a PDF of `length` bytes that Cairo finished, read through `read` (offset, count),
    /// becomes so that its catalog holds `language` and, when `displaysTitle`, asks for the title
    /// in the reader's window, its `Figure` elements, in the structure tree's order, carry
    /// `figures` as their alternative texts (left out unless there are as many), and, when
    /// `marksArtifacts`, each page's drawing outside the structure is marked as artifacts: the
    /// file in order, each changed object written in its place (`PDFPiece.new`) and the others
    /// as Cairo wrote them (`.written`), then a new cross-reference table and trailer. No piece
    /// starts before where it was (a changed object shorter than Cairo's is padded with spaces),
    /// so the file can be rewritten in place from its end (`OutputFile.rewrite`). Nil when there
    /// is nothing to change or the file's end is not the single trailer and cross-reference table
    /// Cairo writes.
    static func rewrite(length: Int, language: String?, displaysTitle: Bool, figures: [String] = [], marksArtifacts: Bool = false,
                        read: @escaping (Int, Int) -> [UInt8]?) -> [PDFPiece]? {
        var entries: [String] = []
        if let language, let tag = languageTag(language) { entries.append("/Lang (\(tag))") }
        if displaysTitle { entries.append("/ViewerPreferences << /DisplayDocTitle true >>") }
        guard !entries.isEmpty || !figures.isEmpty || marksArtifacts, let file = CairoFile(length: length, read: read),
              let catalog = file.object(file.root), catalog.contains("/Catalog"), !catalog.contains("/Lang"), !catalog.contains("/ViewerPreferences")
        else { return nil }
        var changed: [(number: Int, bytes: [UInt8])] = []
        if !entries.isEmpty { changed.append((file.root, bytes(adding(entries, to: catalog)))) }
        if !figures.isEmpty, let structRoot = reference(after: "/StructTreeRoot", in: catalog) {
            changed += file.figures(below: structRoot, alternativeTexts: figures).map { ($0.number, bytes($0.text)) }
        }
        if marksArtifacts, catalog.contains("/StructTreeRoot"), let pages = reference(after: "/Pages", in: catalog) {
            changed += withArtifacts(file.pages(below: pages).compactMap(file.content))
        }
        guard !changed.isEmpty else { return nil }
        let replacements = Dictionary(changed, uniquingKeysWith: { first, _ in first })
        // Every object in use, in the order of the file; each runs to the next (the last to the table).
        // A long list's file holds hundreds of thousands of objects (its structure tree's), so
        // what is kept per object is an offset, and the objects left as they were are one piece
        // a run.
        let table = file.entries
        var objects = file.offsets.enumerated().compactMap { index, offset in offset.map { (number: file.first + index, offset: $0) } }
        objects.sort { $0.offset < $1.offset }
        guard let head = objects.first?.offset, replacements.keys.allSatisfy({ file.offset(of: $0) != nil }) else { return nil }
        var pieces: [PDFPiece] = [.written(offset: 0, count: head)]
        var position = head
        var moved = [Int](repeating: -1, count: file.size)
        for (index, object) in objects.enumerated() {
            let count = (index + 1 < objects.count ? objects[index + 1].offset : file.table) - object.offset
            moved[object.number - file.first] = position
            if let replacement = replacements[object.number] {
                pieces.append(.new(replacement))
                if replacement.count < count {
                    pieces.append(.new([UInt8](repeating: 0x20, count: count - replacement.count - 1) + [0x0A]))
                }
                position += max(replacement.count, count)
            } else {
                if case .written(let from, let length)? = pieces.last, from + length == object.offset {
                    pieces[pieces.count - 1] = .written(offset: from, count: length + count)
                } else {
                    pieces.append(.written(offset: object.offset, count: count))
                }
                position += count
            }
        }
        var tail = Array("xref\n\(file.first) \(file.size)\n".utf8)
        tail.reserveCapacity(tail.count + file.size * 20)
        for index in 0..<file.size {
            if moved[index] >= 0 {
                let offset = moved[index]
                let digits = Array(String(offset).utf8)
                tail += [UInt8](repeating: UInt8(ascii: "0"), count: max(0, 10 - digits.count)) + digits + table[(index * 20 + 10)..<(index * 20 + 20)]
            } else {
                tail += table[(index * 20)..<(index * 20 + 20)]
            }
        }
        tail += Array("trailer\n".utf8) + bytes(file.trailer) + Array("\nstartxref\n\(position)\n%%EOF\n".utf8)
        pieces.append(.new(tail))
        return pieces
    }

    /// A PDF as Cairo writes it, read through its one cross-reference table.
    private struct CairoFile {
        let read: (Int, Int) -> [UInt8]?
        let length: Int
        /// Where the cross-reference table starts, and its one subsection's first number and size.
        let table: Int, first: Int, size: Int
        /// The subsection's entries as written, and the offset of each object in use.
        let entries: [UInt8]
        let offsets: [Int?]
        /// The trailer dictionary, `<< … >>`, and the catalog's number.
        let trailer: String
        let root: Int

        init?(length: Int, read: @escaping (Int, Int) -> [UInt8]?) {
            self.read = read
            self.length = length
            guard let end = read(max(0, length - 2048), min(2048, length)).map(latin1) else { return nil }
            guard let startRange = end.range(of: "startxref", options: .backwards),
                  let trailerRange = end.range(of: "trailer", options: .backwards, range: end.startIndex..<startRange.lowerBound),
                  let table = Int(end[startRange.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
                  table > 0, table < length else { return nil }
            let trailer = String(end[trailerRange.upperBound..<startRange.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
            guard trailer.hasPrefix("<<"), trailer.hasSuffix(">>"), !trailer.contains("/Prev"),
                  let root = PDFCatalog.reference(after: "/Root", in: trailer) else { return nil }
            guard let head = read(table, 64).map(latin1), head.hasPrefix("xref") else { return nil }
            let lines = head.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
            guard lines.count == 3, lines[0].trimmingCharacters(in: .whitespaces) == "xref" else { return nil }
            let subsection = lines[1].split(separator: " ")
            guard subsection.count == 2, let first = Int(subsection[0]), let size = Int(subsection[1]) else { return nil }
            self.table = table
            self.first = first
            self.size = size
            // The table's entries, read once: 20 bytes each, an offset of 10 digits, then `n`
            // (in use) or `f` (free) at the 18th.
            let start = table + lines[0].utf8.count + 1 + lines[1].utf8.count + 1
            guard size >= 0, size <= 8_000_000, let entries = read(start, size * 20), entries.count == size * 20 else { return nil }
            self.entries = entries
            var offsets: [Int?] = []
            offsets.reserveCapacity(size)
            for index in 0..<size {
                guard entries[index * 20 + 17] == UInt8(ascii: "n") else {
                    offsets.append(nil)
                    continue
                }
                // Every object in use comes before the table, as Cairo writes them.
                guard let offset = Int(String(decoding: entries[(index * 20)..<(index * 20 + 10)], as: UTF8.self)), offset < table else { return nil }
                offsets.append(offset)
            }
            self.offsets = offsets
            self.trailer = trailer
            self.root = root
        }

        /// Where object `number` starts, from its entry in the table.
        func offset(of number: Int) -> Int? {
            guard number >= first, number < first + size else { return nil }
            return offsets[number - first]
        }

        /// Object `number` as written, `N 0 obj … endobj`, when it is a dictionary of at most
        /// `limit` bytes.
        func object(_ number: Int, limit: Int = 65_536) -> String? {
            guard let offset = offset(of: number) else { return nil }
            // Read a little first (a page's object is some 300 bytes), more only when it is longer.
            var count = 1024
            while true {
                let available = min(count, length - offset)
                guard let bytes = read(offset, available) else { return nil }
                if let end = PDFImageBudget.find(Self.endobj, in: bytes, from: 0) {
                    let text = PDFCatalog.latin1(Array(bytes[..<(end + Self.endobj.count)]))
                    return text.hasPrefix("\(number) 0 obj") ? text : nil
                }
                guard available < limit, available < length - offset else { return nil }
                count = min(limit, count * 8)
            }
        }

        private static let endobj = Array("endobj".utf8)
        private static let streamStart = Array(">>\nstream\n".utf8)

        /// The page objects below the page tree node `node`, in order (Cairo writes one node
        /// holding them all, some 10 bytes a page; a deeper tree is followed eight levels down).
        func pages(below node: Int, depth: Int = 0) -> [String] {
            guard depth < 8, let object = object(node, limit: depth == 0 ? 64 << 20 : 65_536) else { return [] }
            if object.contains("/Type /Pages") {
                guard let kids = object.range(of: "/Kids"), let open = object[kids.upperBound...].firstIndex(of: "["),
                      let close = object[open...].firstIndex(of: "]") else { return [] }
                let words = object[object.index(after: open)..<close].split(whereSeparator: \.isWhitespace)
                guard words.count % 3 == 0 else { return [] }
                return stride(from: 0, to: words.count, by: 3).flatMap { at -> [String] in
                    guard words[at + 2] == "R", let kid = Int(words[at]) else { return [] }
                    return pages(below: kid, depth: depth + 1)
                }
            }
            return object.contains("/Type /Page") ? [object] : []
        }

        /// The content stream of the page whose object is `page`, as written (compressed), when
        /// it is one stream compressed as Cairo compresses it.
        func content(of page: String) -> (number: Int, compressed: [UInt8])? {
            guard let number = PDFCatalog.reference(after: "/Contents", in: page),
                  let offset = offset(of: number), let head = read(offset, min(512, length - offset)),
                  let streamKeyword = PDFImageBudget.find(Self.streamStart, in: head, from: 0) else { return nil }
            let dictionary = PDFCatalog.latin1(Array(head[..<streamKeyword]))
            guard dictionary.hasPrefix("\(number) 0 obj") else { return nil }
            guard dictionary.contains("/Filter /FlateDecode"), !dictionary.contains("/DecodeParms"), let lengthKey = dictionary.range(of: "/Length")
            else { return nil }
            let words = dictionary[lengthKey.upperBound...].split(whereSeparator: \.isWhitespace).prefix(3)
            let streamLength: Int?
            if words.count == 3, words.last == "R", let lengthObject = Int(words.first!) {
                streamLength = object(lengthObject).flatMap { $0.split(whereSeparator: \.isWhitespace).dropFirst(3).first.flatMap { Int($0) } }
            } else {
                streamLength = words.first.flatMap { Int($0) }
            }
            let dataStart = offset + streamKeyword + Self.streamStart.count
            guard let streamLength, streamLength > 0, dataStart + streamLength <= length, let data = read(dataStart, streamLength) else { return nil }
            return (number, data)
        }

        /// The `Figure` elements of the structure tree whose root is `structRoot`, each with its
        /// alternative text added, when there are as many as `alternativeTexts`. Cairo writes the
        /// elements one after another, in the tree's order, before the tree's root.
        func figures(below structRoot: Int, alternativeTexts: [String]) -> [(number: Int, text: String)] {
            guard let rootObject = object(structRoot), let rootOffset = offset(of: structRoot),
                  let firstKid = PDFCatalog.firstKid(in: rootObject), let start = offset(of: firstKid),
                  start < rootOffset, rootOffset - start <= 64 << 20,
                  let region = read(start, rootOffset - start).map(latin1) else { return [] }
            var out: [(number: Int, text: String)] = []
            var cursor = region.startIndex
            while let figure = region.range(of: "/S /Figure\n", range: cursor..<region.endIndex) {
                guard let objectStart = region.range(of: " 0 obj\n", options: .backwards, range: region.startIndex..<figure.lowerBound),
                      let end = region.range(of: "endobj", range: figure.upperBound..<region.endIndex) else { return [] }
                let lineStart = region[..<objectStart.lowerBound].lastIndex(of: "\n").map { region.index(after: $0) } ?? region.startIndex
                guard let number = Int(region[lineStart..<objectStart.lowerBound]), out.count < alternativeTexts.count else { return [] }
                let text = String(region[lineStart..<end.upperBound])
                out.append((number, PDFCatalog.adding(["/Alt " + PDFCatalog.textString(alternativeTexts[out.count])], to: text)))
                cursor = end.upperBound
            }
            return out.count == alternativeTexts.count ? out : []
        }
    }

    /// Each content stream in `streams` (its object's number and compressed bytes) written
    /// again with what it draws outside the structure marked as artifacts (`PDFArtifacts`),
    /// as a whole object; those with nothing to mark are left out. The streams are marked on
    /// every core (`RuntimeSettings.threads` when set), each on its own.
    static func withArtifacts(_ streams: [(number: Int, compressed: [UInt8])]) -> [(number: Int, bytes: [UInt8])] {
        let marked = Mutex([Int: [UInt8]]())
        let workers = max(1, min(streams.count, RuntimeSettings.current.threads ?? ProcessInfo.processInfo.activeProcessorCount))
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [Int: [UInt8]] = [:]
            for index in stride(from: worker, to: streams.count, by: workers) {
                let limit = 256 << 20
                guard let content = PDFImageBudget.inflate(streams[index].compressed[...], limit: limit), content.count < limit,
                      let withArtifacts = PDFArtifacts.marking(content), let compressed = deflate(withArtifacts) else { continue }
                let number = streams[index].number
                mine[index] = Array("\(number) 0 obj\n<< /Length \(compressed.count)\n   /Filter /FlateDecode\n>>\nstream\n".utf8)
                    + compressed + Array("\nendstream\nendobj\n".utf8)
            }
            marked.withLock { $0.merge(mine) { first, _ in first } }
        }
        let objects = marked.withLock { $0 }
        return streams.indices.compactMap { index in objects[index].map { (streams[index].number, $0) } }
    }

    /// `object` (`N 0 obj << … >> endobj`) with `entries` added to its dictionary.
    private static func adding(_ entries: [String], to object: String) -> String {
        guard let endobj = object.range(of: "endobj", options: .backwards),
              let close = object.range(of: ">>", options: .backwards, range: object.startIndex..<endobj.lowerBound) else { return object }
        return String(object[..<close.lowerBound]) + entries.map { "   " + $0 + "\n" }.joined() + ">>\nendobj\n"
    }

    /// A PDF text string: UTF-16BE with its byte order mark, in hexadecimal (nothing to escape).
    static func textString(_ text: String) -> String {
        "<FEFF" + text.utf16.map { unit in
            let digits = String(unit, radix: 16, uppercase: true)
            return String(repeating: "0", count: 4 - digits.count) + digits
        }.joined() + ">"
    }

    /// The object number of the indirect reference `N G R` after `key` in `dictionary`.
    static func reference(after key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key) else { return nil }
        let words = dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).prefix(3)
        guard words.count == 3, words.last == "R" else { return nil }
        return Int(words.first!)
    }

    /// The first element a structure tree's root holds (`/K [ N 0 R …]` or `/K N 0 R`).
    private static func firstKid(in object: String) -> Int? {
        guard let range = object.range(of: "/K") else { return nil }
        let words = object[range.upperBound...].split(whereSeparator: { $0.isWhitespace || $0 == "[" }).prefix(3)
        guard words.count == 3, words.last == "R" else { return nil }
        return Int(words.first!)
    }

    /// `data` compressed with zlib (a PDF's `/FlateDecode`), as Cairo compresses its streams.
    static func deflate(_ data: [UInt8]) -> [UInt8]? {
        var size = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(size))
        guard compress2(&out, &size, data, uLong(data.count), Z_DEFAULT_COMPRESSION) == Z_OK else { return nil }
        out.removeSubrange(Int(size)...)
        return out
    }

    /// Bytes as ISO Latin-1 text: one character a byte, so that offsets stay counts of bytes.
    static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Latin-1 text back to its bytes.
    private static func bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
