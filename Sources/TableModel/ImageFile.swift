/// What an image file is and how many pixels it holds, read from its header before anything
/// decodes it: a 4 KB file may claim 30,000 × 30,000 pixels (a decompression bomb), and such an
/// image is refused before it costs gigabytes.
package enum ImageFile {
    package enum Kind: String, Sendable { case png, jpeg, svg, pdf }

    /// The largest image file read, and the most pixels (and pixels a side) a PNG or JPEG may
    /// decode to: 50 megapixels, 16,384 a side.
    package static let maximumFileSize = 32 << 20
    package static let maximumPixels = 50_000_000
    package static let maximumSide = 16_384

    /// The kind of `bytes`, from their signature (an SVG by its name, as it has none).
    package static func kind(of bytes: [UInt8], path: String) -> Kind? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if bytes.starts(with: Array("%PDF-".utf8)) { return .pdf }
        if path.lowercased().hasSuffix(".svg") { return .svg }
        return nil
    }

    /// Width and height from a PNG's IHDR chunk or a JPEG's start-of-frame marker; nil when the
    /// header is not there or not readable.
    package static func size(of bytes: [UInt8], kind: Kind) -> (width: Int, height: Int)? {
        func big(_ offset: Int, _ count: Int) -> Int? {
            guard offset >= 0, offset + count <= bytes.count else { return nil }
            return bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
        }
        switch kind {
        case .png:
            guard bytes.count >= 24, bytes[12..<16].elementsEqual(Array("IHDR".utf8)), let width = big(16, 4), let height = big(20, 4) else { return nil }
            return (width, height)
        case .jpeg:
            var offset = 2
            while offset + 4 <= bytes.count {
                guard bytes[offset] == 0xFF else { return nil }
                let marker = bytes[offset + 1]
                if marker == 0xFF { offset += 1; continue }
                if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { offset += 2; continue }
                guard let length = big(offset + 2, 2), length >= 2 else { return nil }
                // Start of frame: every SOFn but DHT (C4), JPG (C8) and DAC (CC).
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    guard let height = big(offset + 5, 2), let width = big(offset + 7, 2) else { return nil }
                    return (width, height)
                }
                if marker == 0xD9 || marker == 0xDA { return nil }
                offset += 2 + length
            }
            return nil
        case .svg, .pdf:
            return nil
        }
    }

    /// Why a PNG or JPEG of this size is refused, or nil.
    package static func sizeProblem(width: Int, height: Int) -> String? {
        if width <= 0 || height <= 0 { return "has no pixels (\(width) × \(height))" }
        if width > maximumSide || height > maximumSide || width * height > maximumPixels {
            return "is \(width) × \(height) pixels, more than tablerender decodes (\(maximumSide) a side, \(maximumPixels / 1_000_000) megapixels)"
        }
        return nil
    }
}
