import CGraphics
import Foundation
import TableLayout
import TableModel
import TableTemplates

/// A Cairo drawing context and its surface: the only place the renderers touch Cairo and Pango
/// drawing calls. Owns both pointers and destroys them once; every status is checked by `finish`.
final class Canvas {
    enum Kind {
        case image(width: Int, height: Int, scale: Double)
        case pdf(path: String, width: Double, height: Double)
    }

    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let isPDF: Bool

    init(_ kind: Kind) throws(Diagnostic) {
        switch kind {
        case .image(let width, let height, let scale):
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            cr = cairo_create(surface)
            isPDF = false
            cairo_scale(cr, scale, scale)
        case .pdf(let path, let width, let height):
            surface = cairo_pdf_surface_create(path, width, height)
            cr = cairo_create(surface)
            isPDF = true
        }
        try check("create the surface")
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
    }

    func check(_ action: String) throws(Diagnostic) {
        let status = cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ? cairo_surface_status(surface) : cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            throw Diagnostic(.failure, at: nil, "Cairo could not \(action): \(String(cString: cairo_status_to_string(status)))")
        }
    }

    // MARK: Paths and fills

    func setColor(_ color: RGBA) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Covers the whole surface (including a partly covered last pixel row) with `color`.
    func paint(_ color: RGBA) {
        setColor(color)
        cairo_paint(cr)
    }

    func fill(_ rect: Rect, _ color: RGBA, radius: Double = 0, roundTop: Bool = true, roundBottom: Bool = true) {
        setColor(color)
        addRoundedRect(rect, radius: radius, roundTop: roundTop, roundBottom: roundBottom)
        cairo_fill(cr)
    }

    func stroke(_ rect: Rect, _ color: RGBA, width: Double, radius: Double) {
        setColor(color)
        cairo_set_line_width(cr, width)
        let inset = width / 2
        addRoundedRect(Rect(x: rect.x + inset, y: rect.y + inset, width: rect.width - width, height: rect.height - width), radius: max(0, radius - inset))
        cairo_stroke(cr)
    }

    func addRoundedRect(_ rect: Rect, radius: Double, roundTop: Bool = true, roundBottom: Bool = true) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        guard r > 0 else {
            cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let top = roundTop ? r : 0, bottom = roundBottom ? r : 0
        cairo_new_sub_path(cr)
        cairo_move_to(cr, rect.x + top, rect.y)
        cairo_line_to(cr, rect.maxX - top, rect.y)
        if top > 0 { cairo_arc(cr, rect.maxX - top, rect.y + top, top, -.pi / 2, 0) }
        cairo_line_to(cr, rect.maxX, rect.maxY - bottom)
        if bottom > 0 { cairo_arc(cr, rect.maxX - bottom, rect.maxY - bottom, bottom, 0, .pi / 2) }
        cairo_line_to(cr, rect.x + bottom, rect.maxY)
        if bottom > 0 { cairo_arc(cr, rect.x + bottom, rect.maxY - bottom, bottom, .pi / 2, .pi) }
        cairo_line_to(cr, rect.x, rect.y + top)
        if top > 0 { cairo_arc(cr, rect.x + top, rect.y + top, top, .pi, 3 * .pi / 2) }
        cairo_close_path(cr)
    }

    /// A polyline with round caps and joins.
    func strokeLines(_ points: [(Double, Double)], _ color: RGBA, width: Double) {
        guard let first = points.first else { return }
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_move_to(cr, first.0, first.1)
        for point in points.dropFirst() { cairo_line_to(cr, point.0, point.1) }
        cairo_stroke(cr)
    }

    func fillCircle(x: Double, y: Double, radius: Double, _ color: RGBA) {
        setColor(color)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_fill(cr)
    }

    func strokeCircle(x: Double, y: Double, radius: Double, _ color: RGBA, width: Double) {
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_new_sub_path(cr)
        cairo_arc(cr, x, y, radius, 0, 2 * .pi)
        cairo_stroke(cr)
    }

    // MARK: State

    func save() { cairo_save(cr) }
    func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    func restore() { cairo_restore(cr) }

    func clip(_ rect: Rect, radius: Double = 0) {
        addRoundedRect(rect, radius: radius)
        cairo_clip(cr)
    }

    // MARK: Text and images

    /// Draws the lines of `layout` with the first baseline at `baseline` and the next ones
    /// `lineHeight` apart.
    func show(_ layout: TextLayout, x: Double, baseline: Double, lineHeight: Double, color: RGBA) {
        setColor(color)
        layout.draw(on: cr, x: x, baseline: baseline, lineHeight: lineHeight)
    }

    func draw(_ image: LoadedImage, in rect: Rect, contentMode: String) {
        guard image.width > 0, image.height > 0 else { return }
        let sx = rect.width / image.width, sy = rect.height / image.height
        var scaleX = sx, scaleY = sy
        switch contentMode {
        case "aspectFit": scaleX = min(sx, sy); scaleY = scaleX
        case "aspectFill": scaleX = max(sx, sy); scaleY = scaleX
        case "center": scaleX = 1; scaleY = 1
        default: break
        }
        let drawnWidth = image.width * scaleX, drawnHeight = image.height * scaleY
        save()
        clip(rect)
        cairo_translate(cr, rect.x + (rect.width - drawnWidth) / 2, rect.y + (rect.height - drawnHeight) / 2)
        cairo_scale(cr, scaleX, scaleY)
        image.paint(on: cr)
        restore()
    }

    // MARK: PDF structure

    func link(_ uri: String, _ rect: Rect) {
        guard isPDF else { return }
        let escaped = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        let attributes = "rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)] uri='\(escaped)'"
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// Adds an outline (bookmark) entry pointing at `y` on page `page` (1-based), below
    /// `parent` (0: the root); returns its id.
    func outline(_ title: String, page: Int, y: Double, parent: Int32) -> Int32 {
        guard isPDF else { return 0 }
        return cairo_pdf_surface_add_outline(surface, parent, title, "page=\(page) pos=[0 \(y)]", CAIRO_PDF_OUTLINE_FLAG_OPEN)
    }

    func setMetadata(title: String?, date: String?) {
        guard isPDF else { return }
        if let title { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title) }
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "tablerender")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, date ?? "")
        if let date { cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, date) }
    }

    func setPageSize(width: Double, height: Double) {
        if isPDF { cairo_pdf_surface_set_size(surface, width, height) }
    }

    func showPage() { cairo_show_page(cr) }

    /// Finishes the surface (writes the PDF trailer) and reports any error.
    func finish() throws(Diagnostic) {
        cairo_surface_finish(surface)
        try check("finish the document")
    }

    /// The image surface's pixels, copied as they are.
    func argbImage() -> ARGBImage {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return ARGBImage(words: [], width: 0, height: 0) }
        return ARGBImage(data: UnsafeRawPointer(data), width: width, height: height, stride: Int(cairo_image_surface_get_stride(surface)), opaque: false)
    }

    /// A copy of the image surface's pixels, to encode on another thread.
    func pixels() -> (bytes: [UInt8], width: Int, height: Int, stride: Int) {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { return ([], 0, 0, 0) }
        return (Array(UnsafeBufferPointer(start: data, count: stride * height)), width, height, stride)
    }
}
