import CGraphics
import Foundation
import TableModel

/// A decoded picture, ready to paint: PNG and JPEG as Cairo image surfaces, SVG as a librsvg
/// handle drawn as vectors. Owns its C object and frees it once.
final class LoadedImage {
    private enum Storage {
        case surface(OpaquePointer)
        case svg(UnsafeMutablePointer<RsvgHandle>)
    }

    private let storage: Storage
    let width: Double
    let height: Double

    private init(storage: Storage, width: Double, height: Double) {
        self.storage = storage
        self.width = width
        self.height = height
    }

    deinit {
        switch storage {
        case .surface(let surface): cairo_surface_destroy(surface)
        case .svg(let handle): g_object_unref(handle)
        }
    }

    /// Paints at the origin, in image units, on `cr`.
    func paint(on cr: OpaquePointer) {
        switch storage {
        case .surface(let surface):
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
        case .svg(let handle):
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            var error: UnsafeMutablePointer<GError>?
            _ = rsvg_handle_render_document(handle, cr, &viewport, &error)
            if let error { g_error_free(error) }
        }
    }

    /// Decodes `path` by its content, not its name. Errors name the file.
    static func load(_ path: String) throws(Diagnostic) -> LoadedImage {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: path), "cannot read image")
        }
        let head = handle.readData(ofLength: 8)
        try? handle.close()
        let bytes = [UInt8](head)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return try loadPNG(path) }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return try loadJPEG(path) }
        if path.lowercased().hasSuffix(".svg") { return try loadSVG(path) }
        throw Diagnostic(at: SourceLocation(file: path), "not a PNG, JPEG or SVG image")
    }

    private static func loadPNG(_ path: String) throws(Diagnostic) -> LoadedImage {
        let surface = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Diagnostic(at: SourceLocation(file: path), "cannot decode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return LoadedImage(storage: .surface(surface), width: Double(cairo_image_surface_get_width(surface)),
                           height: Double(cairo_image_surface_get_height(surface)))
    }

    private static func loadJPEG(_ path: String) throws(Diagnostic) -> LoadedImage {
        var error: UnsafeMutablePointer<GError>?
        guard let pixbuf = gdk_pixbuf_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw Diagnostic(at: SourceLocation(file: path), "cannot decode JPEG: \(message)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard let pixels = gdk_pixbuf_read_pixels(pixbuf), channels >= 3 else {
            throw Diagnostic(at: SourceLocation(file: path), "unsupported JPEG pixel layout")
        }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height)!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let target = cairo_image_surface_get_data(surface) else {
            cairo_surface_destroy(surface)
            throw Diagnostic(at: SourceLocation(file: path), "image too large to decode")
        }
        let targetStride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<Int(height) {
            let row = target.advanced(by: y * targetStride).withMemoryRebound(to: UInt32.self, capacity: Int(width)) { $0 }
            for x in 0..<Int(width) {
                let p = pixels.advanced(by: y * sourceStride + x * channels)
                let a = hasAlpha ? UInt32(p[3]) : 255
                let r = UInt32(p[0]) * a / 255, g = UInt32(p[1]) * a / 255, b = UInt32(p[2]) * a / 255
                row[x] = (a << 24) | (r << 16) | (g << 8) | b
            }
        }
        cairo_surface_mark_dirty(surface)
        return LoadedImage(storage: .surface(surface), width: Double(width), height: Double(height))
    }

    private static func loadSVG(_ path: String) throws(Diagnostic) -> LoadedImage {
        var error: UnsafeMutablePointer<GError>?
        guard let handle = rsvg_handle_new_from_file(path, &error) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw Diagnostic(at: SourceLocation(file: path), "cannot decode SVG: \(message)")
        }
        var width = 0.0, height = 0.0
        if rsvg_handle_get_intrinsic_size_in_pixels(handle, &width, &height) == 0 {
            var viewBox = RsvgRectangle()
            var hasViewBox: gboolean = 0
            rsvg_handle_get_intrinsic_dimensions(handle, nil, nil, nil, nil, &hasViewBox, &viewBox)
            (width, height) = hasViewBox != 0 ? (viewBox.width, viewBox.height) : (100, 100)
        }
        return LoadedImage(storage: .svg(handle), width: width, height: height)
    }
}
