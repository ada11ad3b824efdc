import Foundation

/// Font files of families no machine has installed, for the tests of an app's own fonts: a copy
/// of an installed Debian font (`fonts-dejavu-core`) whose `name` table calls it something else.
/// Its glyphs, advances and vertical metrics are the installed font's, so text set in the copy
/// must measure and draw exactly as text set in the original family does (the oracle).
public enum TestFonts {
    /// DejaVu Serif Bold, installed by the setup.
    public static let dejaVuSerifBold = "/usr/share/fonts/truetype/dejavu/DejaVuSerif-Bold.ttf"

    /// Writes the font file at `source` to `destination` named `family` (name IDs 1 and 16),
    /// `style` (2 and 17), "`family` `style`" (4) and `postScriptName` (6), with `lineGap` (in
    /// font units) as its `hhea` line gap when given; every other table as it was, the checksums
    /// made again.
    public static func renamed(_ source: String, to destination: String, family: String, style: String, postScriptName: String,
                               lineGap: Int? = nil) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: source)))
        func u16(_ at: Int) -> Int { Int(bytes[at]) << 8 | Int(bytes[at + 1]) }
        func u32(_ at: Int) -> Int { u16(at) << 16 | u16(at + 2) }
        var tables: [(tag: String, data: [UInt8])] = []
        for index in 0..<u16(4) {
            let record = 12 + 16 * index
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            let offset = u32(record + 8), length = u32(record + 12)
            tables.append((tag, Array(bytes[offset..<offset + length])))
        }
        let names: [(Int, String)] = [(1, family), (2, style), (4, "\(family) \(style)"), (6, postScriptName), (16, family), (17, style)]
        var records: [UInt8] = [], strings: [UInt8] = []
        func append16(_ value: Int, to data: inout [UInt8]) { data += [UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
        func append32(_ value: Int, to data: inout [UInt8]) { append16(value >> 16 & 0xFFFF, to: &data); append16(value & 0xFFFF, to: &data) }
        // Macintosh Roman (ASCII here), then Windows Unicode (UTF-16BE), each sorted by name ID.
        for (platform, encoding, language) in [(1, 0, 0), (3, 1, 0x409)] {
            for (id, text) in names {
                let encoded: [UInt8] = platform == 1 ? Array(text.utf8) : text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
                for value in [platform, encoding, language, id, encoded.count, strings.count] { append16(value, to: &records) }
                strings += encoded
            }
        }
        var name: [UInt8] = []
        append16(0, to: &name)
        append16(records.count / 12, to: &name)
        append16(6 + records.count, to: &name)
        name += records + strings
        tables = tables.map { $0.tag == "name" ? ("name", name) : $0 }.sorted { $0.tag < $1.tag }
        if let lineGap, let index = tables.firstIndex(where: { $0.tag == "hhea" }) {
            tables[index].data.replaceSubrange(8..<10, with: [UInt8(lineGap >> 8 & 0xFF), UInt8(lineGap & 0xFF)])
        }
        func checksum(_ data: [UInt8]) -> UInt32 {
            var sum: UInt32 = 0
            var padded = data
            while padded.count % 4 != 0 { padded.append(0) }
            for at in stride(from: 0, to: padded.count, by: 4) {
                sum = sum &+ (UInt32(padded[at]) << 24 | UInt32(padded[at + 1]) << 16 | UInt32(padded[at + 2]) << 8 | UInt32(padded[at + 3]))
            }
            return sum
        }
        var out: [UInt8] = Array(bytes[0..<4])
        let count = tables.count
        var power = 1, log = 0
        while power * 2 <= count { power *= 2; log += 1 }
        for value in [count, power * 16, log, count * 16 - power * 16] { append16(value, to: &out) }
        var offset = 12 + 16 * count
        var body: [UInt8] = []
        var headAt = 0
        for (tag, data) in tables {
            var data = data
            if tag == "head" { data.replaceSubrange(8..<12, with: [0, 0, 0, 0]); headAt = offset }
            out += Array(tag.utf8)
            append32(Int(checksum(data)), to: &out)
            append32(offset, to: &out)
            append32(data.count, to: &out)
            while data.count % 4 != 0 { data.append(0) }
            body += data
            offset += data.count
        }
        out += body
        let adjustment = 0xB1B0_AFBA &- checksum(out)
        out.replaceSubrange(headAt + 8..<headAt + 12, with: [UInt8(adjustment >> 24 & 0xFF), UInt8(adjustment >> 16 & 0xFF), UInt8(adjustment >> 8 & 0xFF), UInt8(adjustment & 0xFF)])
        try Data(out).write(to: URL(fileURLWithPath: destination))
    }
}
