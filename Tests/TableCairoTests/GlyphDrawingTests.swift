import CGraphics
import Foundation
@testable import TableCairo
import TableTemplates
import TableText
import TestSupport
import Testing

/// Shaped text is drawn by tablerender's own Cairo calls from values (glyphs, positions,
/// clusters, and fonts made again from their fontconfig patterns). The oracle is Pango drawing the
/// same paragraph itself (`pango_cairo_show_layout_line`): the same pixels and the same PDF bytes.
@Suite struct GlyphDrawingTests {
    static let fonts: [FontSpec] = {
        var list = [FontSpec(family: "Inter", size: 15, lineHeight: 20), FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22),
                    FontSpec(family: "Liberation Serif", size: 11, lineHeight: 15), FontSpec(family: "DejaVu Sans", size: 13, italic: true, lineHeight: 18)]
        for index in list.indices { list[index].fallbacks = ["Noto Sans CJK JP", "Noto Color Emoji", "DejaVu Sans"] }
        return list
    }()

    static let paragraphs = ["遠藤 美加子, 練馬区", "Hello, world — a (test) of “quotes” and 3×4", "مرحبا بالعالم and שלום עולם",
                             "About the Developer 💪🤓 ☕️☕️☕️?", "Ærøskøbing Łódź e-mail well-known C++ Ł--å", "Привет, мир! Καλημέρα κόσμε",
                             "ffi fl Tj AVA To. Yo, 1/2 50%", "一二三四五六七八九十 カラム怒りサワー見出し尿発生するハードウェア"]

    /// Draws `text` with Pango on one surface and from `ShapedText` on another.
    static func drawBoth(_ text: String, style: TextStyle, width: Double, pdf: Bool) throws -> (pango: [UInt8], ours: [UInt8]) {
        let engine = TextEngine()
        engine.usesWords = false
        let shaped = engine.shape(text, style: style, width: width)
        let folder = Repository.temporaryFolder()
        func surface(_ name: String) -> (OpaquePointer, OpaquePointer) {
            let surface = pdf ? cairo_pdf_surface_create(folder + "/" + name, 400, 400)! : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 800)!
            let cr = cairo_create(surface)!
            if !pdf { cairo_scale(cr, 2, 2) }
            return (surface, cr)
        }
        // Pango's own drawing, with the settings the engine uses.
        let (pangoSurface, cr) = surface("pango.pdf")
        Typesetting.exclusively {
            let map = pango_cairo_font_map_new()!
            let context = pango_font_map_create_context(map)!
            pango_cairo_context_set_resolution(context, 72)
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, 0)
            let layout = pango_layout_new(context)!
            let description = pango_font_description_new()!
            pango_font_description_set_family(description, style.font.families.joined(separator: ","))
            pango_font_description_set_weight(description, PangoWeight(rawValue: UInt32(style.font.weight)))
            pango_font_description_set_style(description, style.font.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            pango_font_description_set_absolute_size(description, style.font.size * Double(PANGO_SCALE))
            pango_layout_set_font_description(layout, description)
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            pango_layout_set_width(layout, Int32((width * Double(PANGO_SCALE)).rounded(.up)))
            pango_layout_set_auto_dir(layout, 1)
            let attributes = pango_attr_list_new()
            pango_attr_list_insert(attributes, pango_attr_line_height_new_absolute(Int32((style.font.lineHeight * Double(PANGO_SCALE)).rounded())))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
            pango_layout_set_text(layout, text, -1)
            var y = 10 + shaped.baseline
            let iterator = pango_layout_get_iter(layout)!
            repeat {
                let line = pango_layout_iter_get_line_readonly(iterator)!
                var logical = PangoRectangle()
                pango_layout_iter_get_line_extents(iterator, nil, &logical)
                cairo_move_to(cr, 10 + Double(logical.x) / Double(PANGO_SCALE), y)
                pango_cairo_show_layout_line(cr, line)
                y += style.font.lineHeight
            } while pango_layout_iter_next_line(iterator) != 0
            pango_layout_iter_free(iterator)
            pango_font_description_free(description)
            g_object_unref(UnsafeMutableRawPointer(layout))
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(map))
        }
        func finish(_ surface: OpaquePointer, _ cr: OpaquePointer) -> [UInt8] {
            Typesetting.exclusively {
                cairo_destroy(cr)
                if pdf { cairo_surface_finish(surface) } else { cairo_surface_flush(surface) }
            }
            defer { Typesetting.exclusively { cairo_surface_destroy(surface) } }
            if pdf { return [] }
            let data = cairo_image_surface_get_data(surface)!
            return Array(UnsafeBufferPointer(start: data, count: Int(cairo_image_surface_get_stride(surface)) * 800))
        }
        let pangoPixels = finish(pangoSurface, cr)
        let canvas = try Canvas(pdf ? .pdf(path: folder + "/ours.pdf", width: 400, height: 400) : .image(width: 800, height: 800, scale: 2))
        canvas.show(shaped, x: 10, top: 10, color: RGBA(red: 0, green: 0, blue: 0))
        if pdf {
            try canvas.finish()
            return (Array(FileManager.default.contents(atPath: folder + "/pango.pdf") ?? Data()), Array(FileManager.default.contents(atPath: folder + "/ours.pdf") ?? Data()))
        }
        return (pangoPixels, canvas.pixels().bytes)
    }

    /// Where two byte strings first differ, in a few words.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard let index = zip(a, b).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else { return "lengths \(a.count) and \(b.count)" }
        return "first difference at byte \(index) of \(a.count) and \(b.count)"
    }

    @Test(arguments: fonts)
    func pixelsAreThoseOfPangosOwnDrawing(font: FontSpec) throws {
        for text in Self.paragraphs {
            let (pango, ours) = try Self.drawBoth(text, style: TextStyle(font: font), width: 180, pdf: false)
            let same = pango == ours
            #expect(same, "\(font): \(text): \(Self.difference(pango, ours))")
        }
    }

    @Test(arguments: fonts)
    func pdfBytesAreThoseOfPangosOwnDrawing(font: FontSpec) throws {
        for text in Self.paragraphs {
            let (pango, ours) = try Self.drawBoth(text, style: TextStyle(font: font), width: 180, pdf: true)
            #expect(!pango.isEmpty)
            let same = pango == ours
            #expect(same, "\(font): \(text): \(Self.difference(pango, ours))")
        }
    }
}
