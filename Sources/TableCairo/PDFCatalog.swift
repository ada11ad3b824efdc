import Foundation

/// What a tagged PDF's catalog needs and Cairo 1.16 has no call for: the document's natural
/// language (`/Lang`, which a screen reader picks its voice by) and, with a title,
/// `/ViewerPreferences << /DisplayDocTitle true >>` (the reader's window names the title, not the
/// file), as PDF/UA asks. They are written as an incremental update (ISO 32000-1, 7.5.6): the
/// catalog object again with the entries added, a cross-reference section for it alone and a
/// trailer pointing back at Cairo's (`/Prev`). Every reader follows the newest trailer, so the
/// bytes Cairo wrote stay as they were.
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
    /// the title in the reader's window; nil when there is
    /// nothing to add or the file's end is not the single trailer and cross-reference table Cairo
    /// writes.
    static func update(length: Int, language: String?, displaysTitle: Bool, read: (Int, Int) -> [UInt8]?) -> [UInt8]? {
        var entries: [String] = []
        if let language, let tag = languageTag(language) { entries.append("/Lang (\(tag))") }
        if displaysTitle { entries.append("/ViewerPreferences << /DisplayDocTitle true >>") }
        guard !entries.isEmpty, let end = read(max(0, length - 2048), min(2048, length)).map(latin1) else { return nil }
        // The trailer and where the cross-reference table starts.
        guard let startRange = end.range(of: "startxref", options: .backwards),
              let trailerRange = end.range(of: "trailer", options: .backwards, range: end.startIndex..<startRange.lowerBound),
              let table = Int(end[startRange.upperBound...].split(whereSeparator: \.isWhitespace).first ?? ""),
              table > 0, table < length else { return nil }
        let trailer = String(end[trailerRange.upperBound..<startRange.lowerBound]).trimmingCharacters(in: .whitespacesAndNewlines)
        guard trailer.hasPrefix("<<"), trailer.hasSuffix(">>"), !trailer.contains("/Prev"),
              let root = reference(after: "/Root", in: trailer) else { return nil }
        // The catalog's offset, from its entry in the (one-subsection) table.
        guard let head = read(table, 64).map(latin1), head.hasPrefix("xref") else { return nil }
        let lines = head.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false)
        guard lines.count == 3, lines[0].trimmingCharacters(in: .whitespaces) == "xref" else { return nil }
        let subsection = lines[1].split(separator: " ")
        guard subsection.count == 2, let first = Int(subsection[0]), let size = Int(subsection[1]), root >= first, root < first + size else { return nil }
        let entryOffset = table + lines[0].utf8.count + 1 + lines[1].utf8.count + 1 + (root - first) * 20
        guard let entry = read(entryOffset, 20).map(latin1), entry.hasSuffix("n \n") || entry.hasSuffix("n\r\n"),
              let catalogOffset = Int(entry.prefix(10)), catalogOffset < length else { return nil }
        // The catalog object, as Cairo wrote it: `N 0 obj << … >> endobj`.
        guard let catalogText = read(catalogOffset, min(65_536, length - catalogOffset)).map(latin1),
              catalogText.hasPrefix("\(root) 0 obj"),
              let endobj = catalogText.range(of: "endobj"),
              let close = catalogText.range(of: ">>", options: .backwards, range: catalogText.startIndex..<endobj.lowerBound) else { return nil }
        let body = String(catalogText[..<close.lowerBound])
        guard body.contains("/Catalog"), !body.contains("/Lang"), !body.contains("/ViewerPreferences") else { return nil }
        var out: [UInt8] = end.last == "\n" ? [] : [0x0A]
        let objectOffset = length + out.count
        out += bytes(body) + Array(entries.map { "   " + $0 + "\n" }.joined().utf8) + Array(">>\nendobj\n".utf8)
        let xrefOffset = length + out.count
        let entryLine = String(format: "%010d 00000 n \n", objectOffset)
        // The head of the free list (object 0) as well, as an update by qpdf or Acrobat writes it:
        // some readers take a table that does not start at 0 for a broken one.
        out += Array("xref\n0 1\n0000000000 65535 f \n\(root) 1\n\(entryLine)trailer\n".utf8)
        out += bytes(String(trailer.dropLast(2)).trimmingCharacters(in: .whitespacesAndNewlines))
        out += Array("\n   /Prev \(table)\n>>\nstartxref\n\(xrefOffset)\n%%EOF\n".utf8)
        return out
    }

    /// The object number of the indirect reference `N G R` after `key` in `dictionary`.
    private static func reference(after key: String, in dictionary: String) -> Int? {
        guard let range = dictionary.range(of: key) else { return nil }
        let words = dictionary[range.upperBound...].split(whereSeparator: \.isWhitespace).prefix(3)
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
