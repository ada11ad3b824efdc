import CCairo
import Foundation
import TableModel

/// Pixels as Cairo keeps them: premultiplied ARGB32 words, row after row, no padding. Cheap to
/// get from a surface or a decoded PNG and to compare word for word; converted to `RGBAImage`
/// only when something differs.
public struct ARGBImage: Sendable, Equatable {
    /// Same size and the same words, compared as memory.
    public static func == (lhs: ARGBImage, rhs: ARGBImage) -> Bool {
        guard lhs.width == rhs.width, lhs.height == rhs.height, lhs.words.count == rhs.words.count else { return false }
        guard !lhs.words.isEmpty else { return true }
        return lhs.words.withUnsafeBytes { left in rhs.words.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0 } }
    }

    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// One native-endian premultiplied ARGB word per pixel (Cairo's `ARGB32`), row after row.
    public var words: [UInt32]

    init(words: [UInt32], width: Int, height: Int) {
        self.width = width
        self.height = height
        self.words = words
    }

    init(data: UnsafeRawPointer, width: Int, height: Int, stride: Int, opaque: Bool) {
        self.width = width
        self.height = height
        words = [UInt32](unsafeUninitializedCapacity: width * height) { out, count in
            for y in 0..<height {
                let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                out.baseAddress!.advanced(by: y * width).update(from: row, count: width)
            }
            count = width * height
            // An opaque surface leaves the alpha byte undefined: set it, 16 words at a time
            // (a word-by-word loop is most of a debug build's time to read an image).
            guard opaque else { return }
            let all = width * height, wide = all / 16
            UnsafeMutableRawPointer(out.baseAddress!).withMemoryRebound(to: SIMD16<UInt32>.self, capacity: wide) { vectors in
                let alpha = SIMD16<UInt32>(repeating: 0xFF00_0000)
                for index in 0..<wide { vectors[index] |= alpha }
            }
            for index in (wide * 16)..<all { out[index] |= 0xFF00_0000 }
        }
    }

    /// Decodes PNG bytes; a truncated or corrupt file is an error, never a crash.
    package init(png bytes: [UInt8], name: String) throws(Diagnostic) {
        self = try decodePNG(bytes, name: name) { data, width, height, stride, opaque in
            ARGBImage(data: data, width: width, height: height, stride: stride, opaque: opaque)
        }
    }

    /// Encodes as PNG at zlib level 1.
    public func png() throws(Diagnostic) -> [UInt8] {
        let width = self.width, height = self.height
        let result = words.withUnsafeBytes { buffer in
            Result { () throws(Diagnostic) in try PNGEncoder.encode(pixels: buffer, width: width, height: height, stride: width * 4, level: 1) }
        }
        return try result.get()
    }

    /// Straight RGBA bytes.
    public var rgba: RGBAImage {
        words.withUnsafeBytes { RGBAImage(argb32: $0.baseAddress!, width: width, height: height, stride: width * 4) }
    }
}

/// The bytes Cairo's PNG reader pulls from.
private final class PNGSource {
    var bytes: [UInt8]
    var offset = 0
    init(_ bytes: [UInt8]) { self.bytes = bytes }
}

/// A Cairo image surface decoded from PNG bytes by Cairo's reader (its status says whether they
/// were a PNG); the caller destroys it. The one place TableCairo reads PNG bytes.
func pngSurface(_ bytes: [UInt8]) -> OpaquePointer {
    let source = PNGSource(bytes)
    let surface = cairo_image_surface_create_from_png_stream({ closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
        let source = Unmanaged<PNGSource>.fromOpaque(closure).takeUnretainedValue()
        let count = Int(length)
        guard source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
        source.bytes.withUnsafeBufferPointer { buffer in
            data.update(from: buffer.baseAddress!.advanced(by: source.offset), count: count)
        }
        source.offset += count
        return CAIRO_STATUS_SUCCESS
    }, Unmanaged.passUnretained(source).toOpaque())!
    withExtendedLifetime(source) {}
    return surface
}

/// Decodes PNG bytes with Cairo and hands the pixels to `make` before the surface is freed.
func decodePNG<T>(_ bytes: [UInt8], name: String, make: (UnsafeRawPointer, Int, Int, Int, Bool) -> T) throws(Diagnostic) -> T {
    guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
        throw Diagnostic(at: SourceLocation(file: name), "not a PNG file")
    }
    let surface = pngSurface(bytes)
    defer { cairo_surface_destroy(surface) }
    let status = cairo_surface_status(surface)
    guard status == CAIRO_STATUS_SUCCESS else {
        throw Diagnostic(at: SourceLocation(file: name), "cannot decode PNG (\(String(cString: cairo_status_to_string(status))))")
    }
    cairo_surface_flush(surface)
    guard let data = cairo_image_surface_get_data(surface) else {
        throw Diagnostic(at: SourceLocation(file: name), "cannot read the PNG's pixels")
    }
    return make(UnsafeRawPointer(data), Int(cairo_image_surface_get_width(surface)), Int(cairo_image_surface_get_height(surface)),
                Int(cairo_image_surface_get_stride(surface)), cairo_image_surface_get_format(surface) == CAIRO_FORMAT_RGB24)
}

/// Pixels of a PNG as straight (not premultiplied) RGBA bytes, row after row.
public struct RGBAImage: Sendable, Equatable {
    /// The width in pixels.
    public var width: Int
    /// The height in pixels.
    public var height: Int
    /// Four bytes per pixel (red, green, blue, alpha, straight), row after row.
    public var pixels: [UInt8]

    /// This image with `rects` (clipped to it) painted the masks' opaque colour (`Masks.color`),
    /// as the painter paints a mask.
    package func masking(_ rects: [PixelRect]) -> RGBAImage {
        guard !rects.isEmpty else { return self }
        let red = UInt8(Masks.color.red * 255), green = UInt8(Masks.color.green * 255), blue = UInt8(Masks.color.blue * 255)
        var copy = self
        copy.pixels.withUnsafeMutableBufferPointer { bytes in
            for rect in rects {
                let left = max(0, rect.x), right = min(width, rect.x + rect.width)
                let top = max(0, rect.y), bottom = min(height, rect.y + rect.height)
                guard right > left, bottom > top else { continue }
                for y in top..<bottom {
                    for x in left..<right {
                        let at = (y * width + x) * 4
                        bytes[at] = red; bytes[at + 1] = green; bytes[at + 2] = blue; bytes[at + 3] = 255
                    }
                }
            }
        }
        return copy
    }

    /// An image of `width` × `height` pixels from straight RGBA bytes, row after row.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// From Cairo's native-endian premultiplied ARGB32 rows.
    init(argb32 data: UnsafeRawPointer, width: Int, height: Int, stride: Int) {
        self.width = width
        self.height = height
        pixels = [UInt8](unsafeUninitializedCapacity: width * height * 4) { out, count in
            for y in 0..<height {
                let row = data.advanced(by: y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let pixel = row[x]
                    let a = pixel >> 24
                    var r = (pixel >> 16) & 0xFF, g = (pixel >> 8) & 0xFF, b = pixel & 0xFF
                    if a != 255, a != 0 { r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a }
                    let o = (y * width + x) * 4
                    out[o] = UInt8(min(255, r)); out[o + 1] = UInt8(min(255, g)); out[o + 2] = UInt8(min(255, b)); out[o + 3] = UInt8(a)
                }
            }
            count = width * height * 4
        }
    }

    /// Decodes PNG bytes with Cairo; a truncated or corrupt file is an error, never a crash.
    public init(png bytes: [UInt8], name: String) throws(Diagnostic) {
        self = try ARGBImage(png: bytes, name: name).rgba
    }

    /// Encodes as PNG (straight RGBA in, zlib level 1).
    public func png() throws(Diagnostic) -> [UInt8] {
        var premultiplied = [UInt32](repeating: 0, count: width * height)
        for index in 0..<(width * height) {
            let o = index * 4
            let a = UInt32(pixels[o + 3])
            let r = UInt32(pixels[o]) * a / 255, g = UInt32(pixels[o + 1]) * a / 255, b = UInt32(pixels[o + 2]) * a / 255
            premultiplied[index] = a << 24 | r << 16 | g << 8 | b
        }
        let width = self.width, height = self.height
        let result = premultiplied.withUnsafeBytes { buffer in
            Result { () throws(Diagnostic) in try PNGEncoder.encode(pixels: buffer, width: width, height: height, stride: width * 4, level: 1) }
        }
        return try result.get()
    }
}
