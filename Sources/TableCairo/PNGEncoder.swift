import CCairo
import TableModel

/// Encodes Cairo ARGB32 pixels as PNG with zlib at a chosen level: compression is most of the
/// cost of a PNG page (Benchmarks/README.md), and Cairo's own writer always uses level 6. Opaque images are
/// written as RGB, others as RGBA (un-premultiplied). Rows use the Sub filter.
public enum PNGEncoder {
    /// Fast by default, like the benchmarks' floor program (Benchmarks/floor); 9 for the smallest files.
    public static let defaultLevel = 1

    /// `pixels` holds `height` rows of `stride` bytes, native-endian premultiplied ARGB32.
    static func encode(pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int, level: Int) throws(Diagnostic) -> [UInt8] {
        var opaque = true
        for y in 0..<height where opaque {
            let row = pixels.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where row[x] >> 24 != 0xFF { opaque = false; break }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        raw.withUnsafeMutableBufferPointer { out in
            var line = [UInt8](repeating: 0, count: width * channels)
            for y in 0..<height {
                let row = pixels.baseAddress!.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    let a = UInt32(pixel >> 24)
                    var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                    if a != 0xFF, a != 0 { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a }
                    let o = x * channels
                    line[o] = UInt8(r); line[o + 1] = UInt8(g); line[o + 2] = UInt8(b)
                    if channels == 4 { line[o + 3] = UInt8(a) }
                }
                let start = y * rowBytes
                out[start] = 1 // Sub: each byte minus the byte one pixel to its left
                for i in 0..<line.count {
                    out[start + 1 + i] = i >= channels ? line[i] &- line[i - channels] : line[i]
                }
            }
        }
        var compressedSize = compressBound(uLong(raw.count))
        var compressed = [UInt8](repeating: 0, count: Int(compressedSize))
        let status = compress2(&compressed, &compressedSize, raw, uLong(raw.count), Int32(max(0, min(9, level))))
        guard status == Z_OK else { throw Diagnostic(.failure, at: nil, "zlib could not compress the PNG (status \(status))") }
        compressed.removeSubrange(Int(compressedSize)...)

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        func chunk(_ type: String, _ data: [UInt8]) {
            let typeBytes = Array(type.utf8)
            png += bigEndian(UInt32(data.count))
            png += typeBytes
            png += data
            var crc = crc32(0, typeBytes, uInt(typeBytes.count))
            crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt(data.count)) }
            png += bigEndian(UInt32(crc))
        }
        chunk("IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, opaque ? 2 : 6, 0, 0, 0])
        chunk("IDAT", compressed)
        chunk("IEND", [])
        return png
    }

    /// `png` with an international text chunk (`iTXt`, UTF-8) of `key` after its header: what a
    /// reference image says about itself (where its rows are), which no viewer shows.
    package static func addingText(_ png: [UInt8], key: String, text: String) -> [UInt8] {
        // The signature (8 bytes) and IHDR (4 + 4 + 13 + 4).
        guard png.count > 33, Array(png[12..<16]) == Array("IHDR".utf8) else { return png }
        let type = Array("iTXt".utf8)
        let data = Array(key.utf8) + [0, 0, 0, 0, 0] + Array(text.utf8)
        var crc = crc32(0, type, uInt(type.count))
        crc = data.withUnsafeBufferPointer { crc32(crc, $0.baseAddress, uInt(data.count)) }
        return Array(png[..<33]) + bigEndian(UInt32(data.count)) + type + data + bigEndian(UInt32(crc)) + Array(png[33...])
    }

    /// The text of `key` that `addingText` put into `png`, if any.
    package static func text(in png: [UInt8], key: String) -> String? {
        var offset = 8
        let keyBytes = Array(key.utf8)
        while offset + 12 <= png.count {
            let length = Int(png[offset]) << 24 | Int(png[offset + 1]) << 16 | Int(png[offset + 2]) << 8 | Int(png[offset + 3])
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let start = offset + 8
            guard length >= 0, start + length + 4 <= png.count else { return nil }
            if type == "iTXt", length >= keyBytes.count + 5, Array(png[start..<(start + keyBytes.count)]) == keyBytes, png[start + keyBytes.count] == 0 {
                return String(decoding: png[(start + keyBytes.count + 5)..<(start + length)], as: UTF8.self)
            }
            if type == "IDAT" || type == "IEND" { return nil }
            offset = start + length + 4
        }
        return nil
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
