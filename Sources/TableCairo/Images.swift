import CCairo
import Foundation
import TableModel
import TableTemplates
import TableText

/// A decoded picture, ready to paint: PNG and JPEG as Cairo image surfaces, SVG as a librsvg
/// handle drawn as vectors. Owns its C object and frees it once.
final class LoadedImage {
    private enum Storage {
        case surface(OpaquePointer)
        case svg(UnsafeMutablePointer<RsvgHandle>)
        /// A PDF's first page, drawn as vectors by poppler.
        case pdf(document: OpaquePointer, page: OpaquePointer)
    }

    private let storage: Storage
    /// The file it was read from, named when drawing it runs past its deadline.
    private let path: String
    /// The picture's size as decoded, in its own pixels (or points, for vectors).
    let width: Double
    let height: Double
    /// The surface's pixels per picture pixel: below 1 when a large picture is kept reduced.
    private let pixelScale: Double

    private init(storage: Storage, path: String, width: Double, height: Double, pixelScale: Double = 1) {
        self.storage = storage
        self.path = path
        self.width = width
        self.height = height
        self.pixelScale = pixelScale
    }

    deinit {
        switch storage {
        case .surface(let surface): cairo_surface_destroy(surface)
        case .svg(let handle): Typesetting.exclusively { g_object_unref(handle) }
        case .pdf(let document, let page):
            Typesetting.exclusively {
                g_object_unref(UnsafeMutableRawPointer(page))
                g_object_unref(UnsafeMutableRawPointer(document))
            }
        }
    }

    /// Paints at the origin, in image units, on `cr`; an SVG or PDF only inside `Typesetting.exclusively`.
    func paint(on cr: OpaquePointer) {
        switch storage {
        case .surface(let surface):
            if pixelScale != 1 {
                cairo_save(cr)
                cairo_scale(cr, 1 / pixelScale, 1 / pixelScale)
            }
            cairo_set_source_surface(cr, surface, 0, 0)
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
            cairo_paint(cr)
            if pixelScale != 1 { cairo_restore(cr) }
        case .svg(let handle):
            var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
            var error: UnsafeMutablePointer<GError>?
            DrawingDeadline.watch(path) { _ = rsvg_handle_render_document(handle, cr, &viewport, &error) }
            if let error { g_error_free(error) }
        case .pdf(_, let page):
            // The page in points, its origin top left (callers hold `Typesetting.exclusively`).
            DrawingDeadline.watch(path) { poppler_page_render(page, cr) }
        }
    }

    /// Decodes `path` by its content, not its name, from bytes read once (a regular file within
    /// the size limit) and only after `ImageCheck` accepted its size. Errors name the file.
    static func load(_ path: String) throws(Diagnostic) -> LoadedImage {
        if let svg = SFSymbols.svg(path) { return try loadSVG(Array(svg.utf8), path: path) }
        let kind = try ImageCheck.check(path)
        let limit = kind == .svg ? ImageCheck.maximumSVGSize : kind == .pdf ? ImageCheck.maximumPDFSize : ImageFile.maximumFileSize
        let bytes = try InputFile.read(path, limit: limit, what: "image")
        switch kind {
        case .png: return try loadPNG(bytes, path: path).reduced(to: maximumKeptSide)
        case .jpeg: return try loadJPEG(bytes, path: path).reduced(to: maximumKeptSide)
        case .svg: return try loadSVG(bytes, path: path)
        case .pdf: return try loadPDF(bytes, path: path)
        }
    }

    /// The longest side a decoded picture is kept at, pixels: no row draws one larger (a 430
    /// point wide screen at @3x is 1,290 pixels), and a 50-megapixel photo kept whole takes
    /// 200 MB (sixteen of them took 3 GB).
    static let maximumKeptSide = 2_048

    /// This picture scaled down (Cairo's good filter) to fit `side` pixels, or itself when it
    /// fits or is drawn as vectors.
    private func reduced(to side: Int) -> LoadedImage {
        guard case .surface(let source) = storage, max(width, height) > Double(side) else { return self }
        let factor = Double(side) / max(width, height)
        let newWidth = max(1, Int((width * factor).rounded())), newHeight = max(1, Int((height * factor).rounded()))
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(newWidth), Int32(newHeight))!
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(newWidth) / width, Double(newHeight) / height)
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD)
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
        cairo_paint(cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return self
        }
        // Drawn at the size it had: callers scale by `width` and `height`.
        return LoadedImage(storage: .surface(surface), path: path, width: width, height: height, pixelScale: factor)
    }

    private static func loadPNG(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedImage {
        let surface = pngSurface(bytes)
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw Diagnostic(at: SourceLocation(file: path), "cannot decode PNG: \(String(cString: cairo_status_to_string(status)))")
        }
        return LoadedImage(storage: .surface(surface), path: path, width: Double(cairo_image_surface_get_width(surface)),
                           height: Double(cairo_image_surface_get_height(surface)))
    }

    private static func loadJPEG(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedImage {
        var error: UnsafeMutablePointer<GError>?
        let loader = gdk_pixbuf_loader_new()!
        defer { g_object_unref(UnsafeMutableRawPointer(loader)) }
        let written = bytes.withUnsafeBufferPointer { gdk_pixbuf_loader_write(loader, $0.baseAddress, gsize($0.count), &error) }
        var closeError: UnsafeMutablePointer<GError>?
        let closed = gdk_pixbuf_loader_close(loader, &closeError)
        if error == nil { error = closeError } else if let closeError { g_error_free(closeError) }
        guard written != 0, closed != 0, let pixbuf = gdk_pixbuf_loader_get_pixbuf(loader) else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw Diagnostic(at: SourceLocation(file: path), "cannot decode JPEG: \(message)")
        }
        let width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf)
        let channels = Int(gdk_pixbuf_get_n_channels(pixbuf)), sourceStride = Int(gdk_pixbuf_get_rowstride(pixbuf))
        let hasAlpha = gdk_pixbuf_get_has_alpha(pixbuf) != 0
        guard ImageFile.sizeProblem(width: Int(width), height: Int(height)) == nil else {
            throw Diagnostic(at: SourceLocation(file: path), "the image \(ImageFile.sizeProblem(width: Int(width), height: Int(height)) ?? "")")
        }
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
        return LoadedImage(storage: .surface(surface), path: path, width: Double(width), height: Double(height))
    }

    /// A PDF image (an asset catalog's vector image): its first page, by poppler, which draws
    /// through Cairo, so that a PDF output keeps it as vectors.
    private static func loadPDF(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedImage {
        if let problem = PDFImageBudget.problem(bytes) { throw Diagnostic(at: SourceLocation(file: path), "PDF image not drawn: \(problem)") }
        var error: UnsafeMutablePointer<GError>?
        let opened: (OpaquePointer?, OpaquePointer?) = Typesetting.exclusively {
            let data = bytes.withUnsafeBufferPointer { g_bytes_new($0.baseAddress, gsize($0.count)) }
            defer { g_bytes_unref(data) }
            guard let document = DrawingDeadline.watch(path, { poppler_document_new_from_bytes(data, nil, &error) }) else { return (nil, nil) }
            guard poppler_document_get_n_pages(document) > 0, let page = poppler_document_get_page(document, 0) else {
                g_object_unref(UnsafeMutableRawPointer(document))
                return (nil, nil)
            }
            return (document, page)
        }
        guard let document = opened.0, let page = opened.1 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "it has no page"
            if let error { g_error_free(error) }
            throw Diagnostic(at: SourceLocation(file: path), "cannot read PDF image: \(message)")
        }
        var width = 0.0, height = 0.0
        Typesetting.exclusively { poppler_page_get_size(page, &width, &height) }
        guard width > 0, height > 0, width.isFinite, height.isFinite, width <= 100_000, height <= 100_000 else {
            Typesetting.exclusively {
                g_object_unref(UnsafeMutableRawPointer(page))
                g_object_unref(UnsafeMutableRawPointer(document))
            }
            throw Diagnostic(at: SourceLocation(file: path), "PDF image page of \(width) × \(height) points")
        }
        return LoadedImage(storage: .pdf(document: document, page: page), path: path, width: width, height: height)
    }

    private static func loadSVG(_ bytes: [UInt8], path: String) throws(Diagnostic) -> LoadedImage {
        var error: UnsafeMutablePointer<GError>?
        let made = Typesetting.exclusively {
            DrawingDeadline.watch(path) { bytes.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) } }
        }
        guard let handle = made else {
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
        return LoadedImage(storage: .svg(handle), path: path, width: width, height: height)
    }
}

/// Decoding an image to see that it decodes (for `check`), as a render would.
package enum ImageDecoding {
    package static func verify(_ path: String) throws(Diagnostic) {
        _ = try LoadedImage.load(path)
    }
}
