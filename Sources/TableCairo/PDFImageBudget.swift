import CCairo
import TableModel

/// What a PDF image asks poppler to do, read from its bytes before poppler opens it: the
/// pixels of its images (image XObjects and inline images) and the drawing operators of its
/// content streams once decompressed. A few hundred kilobytes can ask for a 30,000 × 30,000 image
/// (3.6 GB, then a crash) or twenty million strokes (minutes); poppler has no deadline to give.
enum PDFImageBudget {
    /// The most content (page and form streams, decompressed bytes) a PDF image may draw, each
    /// form counted once for every `Do` that draws it: about 55,000 strokes, which take about
    /// 1.5 s to draw to PNG, PDF and HTML (poppler has no deadline to give).
    static let maximumContentBytes = 1 << 20
    /// Filters of content streams this check can read; any other (LZW, ASCII85…) would hide
    /// what the stream draws.
    static let readableFilters: Set<String> = ["FlateDecode", "Fl"]

    /// The keywords looked for, as bytes.
    enum Keyword {
        static let stream = Array("stream".utf8), endstream = Array("endstream".utf8), end = Array("end".utf8), object = Array("obj".utf8)
        /// `Do` draws an XObject; `BI` … `ID` is an inline image's dictionary.
        static let draw = Array("Do".utf8), inlineImage = Array("BI".utf8), imageData = Array("ID".utf8)
    }

    /// Why the PDF `bytes` is not drawn, or nil.
    static func problem(_ bytes: [UInt8]) -> String? {
        var content = 0, largestForm = 0, drawCalls = 0
        var index = 0
        while let start = find(Keyword.stream, in: bytes, from: index) {
            index = start + 6
            // "endstream" and the dictionary's own "stream"-free keys aside, a stream keyword
            // follows its dictionary's ">>".
            guard start >= 2, !matches(Keyword.end, in: bytes, at: start - 3) else { continue }
            var dataStart = start + 6
            if dataStart < bytes.count, bytes[dataStart] == 13 { dataStart += 1 }
            if dataStart < bytes.count, bytes[dataStart] == 10 { dataStart += 1 }
            guard let dictionaryStart = findBackward(Keyword.object, in: bytes, before: start) else { continue }
            let dictionary = String(decoding: bytes[dictionaryStart..<start], as: UTF8.self)
            let dataEnd = find(Keyword.endstream, in: bytes, from: dataStart) ?? bytes.count
            index = dataEnd
            let names = Set(dictionary.split(whereSeparator: { " \n\r\t/<>[]".contains($0) }).map(String.init))
            if names.contains("Image") {
                guard let width = integer("Width", in: dictionary, bytes: bytes), let height = integer("Height", in: dictionary, bytes: bytes) else {
                    return "an image in it states no width and height"
                }
                if let problem = ImageFile.sizeProblem(width: width, height: height) { return "it draws an image that \(problem)" }
                continue
            }
            // Embedded fonts, colour profiles and metadata are not drawing: not counted.
            if !names.isDisjoint(with: ["Length1", "Length2", "Length3", "Type1C", "CIDFontType0C", "OpenType", "Metadata", "Alternate"]) { continue }
            let filters = names.intersection(["FlateDecode", "Fl", "LZWDecode", "LZW", "ASCII85Decode", "A85", "ASCIIHexDecode", "AHx", "RunLengthDecode", "RL",
                                              "DCTDecode", "DCT", "JPXDecode", "JBIG2Decode", "CCITTFaxDecode", "CCF", "Crypt"])
            guard filters.isSubset(of: readableFilters) else {
                return "a stream of it is compressed with \(filters.sorted().joined(separator: ", ")), which is not read in PDF images"
            }
            let budget = maximumContentBytes - content + 1
            guard let data = filters.isEmpty ? Array(bytes[dataStart..<dataEnd].prefix(budget)) : inflate(bytes[dataStart..<dataEnd], limit: budget) else {
                continue
            }
            content += data.count
            if names.contains("Form") { largestForm = max(largestForm, data.count) }
            drawCalls += count(Keyword.draw, in: data)
            if let problem = inlineImageProblem(data) { return problem }
            guard content <= maximumContentBytes else { return "its drawing is over \(maximumContentBytes >> 20) MiB once decompressed" }
        }
        if drawCalls > 0, largestForm > 0, content + drawCalls * largestForm > maximumContentBytes {
            return "it draws its forms \(drawCalls) times, over \(maximumContentBytes >> 20) MiB of drawing"
        }
        return nil
    }

    /// Inline images (`BI /W 100 /H 100 … ID`) of a content stream held to the pixel budget.
    static func inlineImageProblem(_ data: [UInt8]) -> String? {
        var index = 0
        while let start = find(Keyword.inlineImage, in: data, from: index) {
            let end = find(Keyword.imageData, in: data, from: start + 2) ?? data.count
            index = end
            let header = String(decoding: data[start..<min(end, start + 4096)], as: UTF8.self)
            guard let width = integer("W", in: header, bytes: []) ?? integer("Width", in: header, bytes: []),
                  let height = integer("H", in: header, bytes: []) ?? integer("Height", in: header, bytes: []) else { continue }
            if let problem = ImageFile.sizeProblem(width: width, height: height) { return "it draws an inline image that \(problem)" }
        }
        return nil
    }

    /// The integer after `/key` in `dictionary`: written there, or an indirect reference
    /// (`5 0 R`) to an object holding it.
    static func integer(_ key: String, in dictionary: String, bytes: [UInt8]) -> Int? {
        var rest = Substring(dictionary)
        while let range = rest.range(of: "/" + key) {
            rest = rest[range.upperBound...]
            guard let next = rest.first, " \n\r\t0123456789".contains(next) else { continue }
            let tokens = rest.split(whereSeparator: { " \n\r\t".contains($0) }).prefix(3).map { $0.prefix { $0.isNumber } }
            guard let first = tokens.first, let value = Int(first.prefix(12)) else { return nil }
            if tokens.count == 3, rest.split(whereSeparator: { " \n\r\t".contains($0) }).dropFirst(2).first?.hasPrefix("R") == true {
                guard let object = find(Array("\n\(value) 0 obj".utf8), in: bytes, from: 0) ?? find(Array("\r\(value) 0 obj".utf8), in: bytes, from: 0) else { return nil }
                let after = String(decoding: bytes[(object + 1)..<min(bytes.count, object + 64)], as: UTF8.self)
                return after.split(whereSeparator: { " \n\r\t".contains($0) }).dropFirst(3).first.flatMap { Int($0.prefix(12)) }
            }
            return value
        }
        return nil
    }

    /// `data` inflated (zlib), at most `limit` bytes of it; nil when it is not zlib data.
    static func inflate(_ data: ArraySlice<UInt8>, limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = Array(data)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while out.count < limit {
                let status = chunk.withUnsafeMutableBufferPointer { buffer -> Int32 in
                    stream.next_out = buffer.baseAddress
                    stream.avail_out = uInt(buffer.count)
                    return CCairo.inflate(&stream, Z_NO_FLUSH)
                }
                out += chunk[0..<(chunk.count - Int(stream.avail_out))]
                if status == Z_STREAM_END { break }
                // A stream cut short or damaged: what came out is what poppler would draw.
                guard status == Z_OK else { break }
            }
            return Array(out.prefix(limit))
        }
    }

    static func matches(_ needle: [UInt8], in bytes: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + needle.count <= bytes.count else { return false }
        for offset in needle.indices where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard let first = needle.first, start < bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == first, matches(needle, in: bytes, at: index) { return index }
            index += 1
        }
        return nil
    }

    static func findBackward(_ needle: [UInt8], in bytes: [UInt8], before end: Int) -> Int? {
        var index = end - needle.count
        while index >= 0 {
            if matches(needle, in: bytes, at: index) { return index + needle.count }
            index -= 1
        }
        return nil
    }

    static func count(_ needle: [UInt8], in bytes: [UInt8]) -> Int {
        var total = 0, index = 0
        while let found = find(needle, in: bytes, from: index) {
            total += 1
            index = found + needle.count
        }
        return total
    }
}
