import Foundation

/// What a tagged PDF needs and Cairo 1.16 has no call for: the document's natural language in its
/// catalog (`/Lang`, which a screen reader picks its voice by), with a title
/// `/ViewerPreferences << /DisplayDocTitle true >>` (the reader's window names the title, not the
/// file), and each figure's alternative text (`/Alt` on its `Figure` element), as PDF/UA asks.
/// They are written as an incremental update (ISO 32000-1, 7.5.6): the changed objects again,
/// a cross-reference section for them alone and a trailer pointing back at Cairo's (`/Prev`).
/// Every reader follows the newest trailer, so the bytes Cairo wrote stay as they were.
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

    /// The bytes to append to a PDF of `length` bytes that Cairo finished, read through `read`
    /// (offset, count), so that its catalog holds `language` and, when `displaysTitle`, asks for
    /// the title in the reader's window, and its `Figure` elements, in the structure tree's order,
    /// carry `figures` as their alternative texts (left out unless there are as many); nil when
    /// there is nothing to add or the file's end is not the single trailer and cross-reference
    /// table Cairo writes.
    static func update(length: Int, language: String?, displaysTitle: Bool, figures: [String] = [], read: @escaping (Int, Int) -> [UInt8]?) -> [UInt8]? {
        var entries: [String] = []
        if let language, let tag = languageTag(language) { entries.append("/Lang (\(tag))") }
        if displaysTitle { entries.append("/ViewerPreferences << /DisplayDocTitle true >>") }
        guard !entries.isEmpty || !figures.isEmpty, let file = CairoFile(length: length, read: read),
              let catalog = file.object(file.root), catalog.contains("/Catalog"), !catalog.contains("/Lang"), !catalog.contains("/ViewerPreferences")
        else { return nil }
        var changed: [(number: Int, text: String)] = []
        if !entries.isEmpty { changed.append((file.root, adding(entries, to: catalog))) }
        if !figures.isEmpty, let structRoot = reference(after: "/StructTreeRoot", in: catalog) {
            changed += file.figures(below: structRoot, alternativeTexts: figures)
        }
        guard !changed.isEmpty else { return nil }
        var out: [UInt8] = file.endsWithNewline ? [] : [0x0A]
        var offsets: [(number: Int, offset: Int)] = []
        for (number, text) in changed {
            offsets.append((number, length + out.count))
            out += bytes(text)
        }
        let xrefOffset = length + out.count
        // The head of the free list (object 0) as well, as an update by qpdf or Acrobat writes it:
        // some readers take a table that does not start at 0 for a broken one.
        var table = "xref\n0 1\n0000000000 65535 f \n"
        for (number, offset) in offsets.sorted(by: { $0.number < $1.number }) {
            table += "\(number) 1\n" + String(format: "%010d 00000 n \n", offset)
        }
        out += Array(table.utf8) + Array("trailer\n".utf8)
        out += bytes(String(file.trailer.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines))
        out += Array("\n   /Prev \(file.table)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return out
    }

    /// A PDF as Cairo writes it, read through its one cross-reference table.
    private struct CairoFile {
        let read: (Int, Int) -> [UInt8]?
        let length: Int
        /// Where the cross-reference table starts, and its one subsection's first number, size and
        /// first entry's offset.
        let table: Int, first: Int, size: Int, entries: Int
        /// The trailer dictionary, `<< … >>`, and the catalog's number.
        let trailer: String
        let root: Int
        let endsWithNewline: Bool

        init?(length: Int, read: @escaping (Int, Int) -> [UInt8]?) {
            self.read = read
            self.length = length
            guard let end = read(max(0, length - 2048), min(2048, length)).map(latin1) else { return nil }
            endsWithNewline = end.last == "\n"
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
            entries = table + lines[0].utf8.count + 1 + lines[1].utf8.count + 1
            self.trailer = trailer
            self.root = root
        }

        /// Where object `number` starts, from its entry in the table.
        func offset(of number: Int) -> Int? {
            guard number >= first, number < first + size,
                  let entry = read(entries + (number - first) * 20, 20).map(latin1), entry.hasSuffix("n \n") || entry.hasSuffix("n\r\n"),
                  let offset = Int(entry.prefix(10)), offset < length else { return nil }
            return offset
        }

        /// Object `number` as written, `N 0 obj … endobj`, when it is a dictionary of at most 64 KB.
        func object(_ number: Int) -> String? {
            guard let offset = offset(of: number), let text = read(offset, min(65_536, length - offset)).map(latin1),
                  text.hasPrefix("\(number) 0 obj"), let end = text.range(of: "endobj") else { return nil }
            return String(text[..<end.upperBound])
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
    private static func reference(after key: String, in dictionary: String) -> Int? {
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

    /// Bytes as ISO Latin-1 text: one character a byte, so that offsets stay counts of bytes.
    private static func latin1(_ bytes: [UInt8]) -> String {
        String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    /// Latin-1 text back to its bytes.
    private static func bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
    }
}
