import CCairo
import Foundation
import TableLayout
import TableModel
import TableTemplates
import TableText

/// Images for an HTML page: at most twice the largest size the page shows them at (what a
/// 2× screen needs), so that a photo shown as a 40-point avatar does not weigh megabytes.
package enum ImageResampling {
    /// `path` as a data URI: an SVG, or a picture no larger than twice what any of its uses
    /// shows (its box for `scaleToFill`, the picture scaled to fit or fill its box for
    /// `aspectFit` and `aspectFill`, itself for `center`), as it is; a larger picture resampled
    /// (Cairo's good filter) and written as PNG.
    package static func dataURI(_ path: String, largest: [ContentMode: Size]) throws(Diagnostic) -> String {
        let kind = try ImageCheck.check(path)
        if kind == .pdf { return try svgDataURI(of: path) }
        guard kind != .svg, largest[.center] == nil, !largest.isEmpty else { return try ImageCheck.dataURI(path) }
        let image = try LoadedImage.load(path)
        var scaleX = 0.0, scaleY = 0.0
        for (mode, box) in largest {
            let fit = min(box.width / image.width, box.height / image.height), fill = max(box.width / image.width, box.height / image.height)
            switch mode {
            case .aspectFill: scaleX = max(scaleX, fill); scaleY = max(scaleY, fill)
            case .scaleToFill: scaleX = max(scaleX, box.width / image.width); scaleY = max(scaleY, box.height / image.height)
            default: scaleX = max(scaleX, fit); scaleY = max(scaleY, fit)
            }
        }
        let width = max(1, Int((image.width * min(1, 2 * scaleX)).rounded(.up))), height = max(1, Int((image.height * min(1, 2 * scaleY)).rounded(.up)))
        guard width < Int(image.width) || height < Int(image.height) else { return try ImageCheck.dataURI(path) }
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_scale(cr, Double(width) / image.width, Double(height) / image.height)
        image.paint(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let data = cairo_image_surface_get_data(surface) else {
            return try ImageCheck.dataURI(path)
        }
        let stride = Int(cairo_image_surface_get_stride(surface))
        let png = try PNGEncoder.encode(pixels: UnsafeRawBufferPointer(start: data, count: stride * height), width: width, height: height,
                                        stride: stride, level: 9)
        return "data:image/png;base64," + Data(png).base64EncodedString()
    }

    /// A PDF image as SVG (browsers show no PDF as an image): its page drawn by poppler onto a
    /// Cairo SVG surface, vectors kept.
    static func svgDataURI(of path: String) throws(Diagnostic) -> String {
        let image = try LoadedImage.load(path)
        final class Collected { var bytes: [UInt8] = [] }
        let collected = Collected()
        Typesetting.exclusively {
            let surface = cairo_svg_surface_create_for_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Collected>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(collected).toOpaque(), image.width, image.height)!
            let cr = cairo_create(surface)!
            image.paint(on: cr)
            cairo_destroy(cr)
            cairo_surface_finish(surface)
            cairo_surface_destroy(surface)
        }
        withExtendedLifetime(collected) {}
        guard !collected.bytes.isEmpty else { throw Diagnostic(at: SourceLocation(file: path), "cannot convert the PDF image to SVG") }
        return "data:image/svg+xml;base64," + Data(collected.bytes).base64EncodedString()
    }
}
