import CCairo
import CPango
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
    /// The canvas hands a run's clusters to Cairo as they are, read as Cairo's own clusters.
    @Test func aClusterIsLaidOutAsCairos() {
        #expect(MemoryLayout<TextCluster>.size == MemoryLayout<cairo_text_cluster_t>.size)
        #expect(MemoryLayout<TextCluster>.stride == MemoryLayout<cairo_text_cluster_t>.stride)
        #expect(MemoryLayout<TextCluster>.offset(of: \.bytes) == MemoryLayout<cairo_text_cluster_t>.offset(of: \.num_bytes))
        #expect(MemoryLayout<TextCluster>.offset(of: \.glyphs) == MemoryLayout<cairo_text_cluster_t>.offset(of: \.num_glyphs))
    }

    static let fonts: [FontSpec] = {
        var list = [FontSpec(family: "Inter", size: 15, lineHeight: 20), FontSpec(family: "Inter", size: 17, weight: 700, lineHeight: 22),
                    FontSpec(family: "Liberation Serif", size: 11, lineHeight: 15), FontSpec(family: "DejaVu Sans", size: 13, italic: true, lineHeight: 18)]
        for index in list.indices { list[index].fallbacks = ["Noto Sans CJK JP", "Noto Color Emoji", "DejaVu Sans"] }
        return list
    }()

    static let paragraphs = ["遠藤 美加子, 練馬区", "Hello, world — a (test) of “quotes” and 3×4", "مرحبا بالعالم and שלום עולם",
                             "About the Developer 💪🤓 ☕️☕️☕️?", "Ærøskøbing Łódź e-mail well-known C++ Ł--å", "Привет, мир! Καλημέρα κόσμε",
                             "ffi fl Tj AVA To. Yo, 1/2 50%", "一二三四五六七八九十 カラム怒りサワー見出し尿発生するハードウェア",
                             "עברית:العربية/שלום،مرحبا"]

    /// Draws `text` with Pango on one surface and from `ShapedText` on another.
    static func drawBoth(_ text: String, style: TextStyle, width: Double, pdf: Bool) throws -> (pango: [UInt8], ours: [UInt8]) {
        let engine = TextEngine()
        engine.usesWords = false
        let shaped = engine.shape(text, style: style, width: width)
        let folder = Repository.temporaryFolder()
        func surface(_ name: String) -> (OpaquePointer, OpaquePointer) {
            let surface = pdf ? cairo_pdf_surface_create(folder + "/" + name, 400, 400)! : cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 800, 800)!
            // The metadata tablerender writes, without a date: the two files are written at
            // different times, a second apart under load.
            if pdf {
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "tablerender")
                cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
            }
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
            pango_attr_list_insert(attributes, pango_attr_insert_hyphens_new(0))
            pango_layout_set_attributes(layout, attributes)
            pango_layout_set_text(layout, text, -1)
            // As the engine sets them (and a browser): the spaces of a run in a fallback font in
            // the paragraph's own family, each run of them an attribute range of its own.
            let apart = pango_attr_list_copy(attributes)!
            var moved = 0
            let runs = pango_layout_get_iter(layout)!
            let own = pango_font_description_copy(description)!
            pango_font_description_set_family(own, style.font.family)
            defer { pango_font_description_free(own) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(runs), let item = run.pointee.item, let font = item.pointee.analysis.font else { continue }
                let fontset = pango_context_load_fontset(context, own, item.pointee.analysis.language)!
                let spaceFont = pango_fontset_get_font(fontset, 0x20)!
                defer { g_object_unref(UnsafeMutableRawPointer(spaceFont)); g_object_unref(UnsafeMutableRawPointer(fontset)) }
                guard UnsafeMutableRawPointer(font) != UnsafeMutableRawPointer(spaceFont) else { continue }
                var offset = 0
                for scalar in text.unicodeScalars {
                    let start = Int(item.pointee.offset)
                    if offset >= start, offset < start + Int(item.pointee.length), scalar.properties.generalCategory == .spaceSeparator,
                       pango_font_has_char(spaceFont, scalar.value) != 0 {
                        let attribute = pango_attr_family_new(style.font.family)!
                        attribute.pointee.start_index = UInt32(offset)
                        attribute.pointee.end_index = UInt32(offset + scalar.utf8.count)
                        pango_attr_list_insert(apart, attribute)
                        moved += 1
                    }
                    offset += scalar.utf8.count
                }
            } while pango_layout_iter_next_run(runs) != 0
            pango_layout_iter_free(runs)
            if moved > 0 { pango_layout_set_attributes(layout, apart) }
            pango_attr_list_unref(apart)
            pango_attr_list_unref(attributes)
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
        canvas.setMetadata(title: nil, date: nil)
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

    /// Whether a paragraph has right-to-left runs or runs in a colour font (emoji, and what
    /// Pango takes from the emoji font), which tablerender writes to a PDF with their text as
    /// written, where Pango gives a reader right-to-left glyphs in the text's order and colour
    /// glyphs as images without text.
    static func carriesItsOwnText(_ shaped: ShapedText) -> Bool {
        shaped.lines.contains { $0.runs.contains { $0.isBackward || Canvas.isColor($0.font) } }
    }

    /// The same PDF bytes as Pango's own drawing for text that Pango writes as it is; for the
    /// rest, the text in logical order, emoji included (pdftotext), and the same page: the ink in
    /// the same place and, without colour glyphs (which Cairo turns into images, with what stands
    /// next to them), the same pixels to within anti-aliasing.
    @Test(arguments: fonts)
    func pdfIsPangosOwnDrawingWithTheTextAsWritten(font: FontSpec) throws {
        var own = 0, pixelChecked = 0
        for text in Self.paragraphs {
            let style = TextStyle(font: font)
            let (pango, ours) = try Self.drawBoth(text, style: style, width: 180, pdf: true)
            #expect(!pango.isEmpty)
            let engine = TextEngine()
            engine.usesWords = false
            let shaped = engine.shape(text, style: style, width: 180)
            guard Self.carriesItsOwnText(shaped) else {
                let same = pango == ours
                #expect(same, "\(font): \(text): \(Self.difference(pango, ours))")
                continue
            }
            own += 1
            let folder = Repository.temporaryFolder()
            defer { try? FileManager.default.removeItem(atPath: folder) }
            _ = FileManager.default.createFile(atPath: folder + "/pango.pdf", contents: Data(pango))
            _ = FileManager.default.createFile(atPath: folder + "/ours.pdf", contents: Data(ours))
            for name in ["pango", "ours"] {
                #expect(Tool.run("pdftoppm", ["-gray", "-r", "144", folder + "/\(name).pdf", folder + "/\(name)"]).status == 0)
            }
            let pages = ["pango", "ours"].map { Self.grayPixels(folder + "/\($0)-1.pgm") }
            #expect(!pages[0].isEmpty && pages[0].count == pages[1].count)
            let boxes = pages.map(Self.inkBox)
            #expect(zip(boxes[0], boxes[1]).allSatisfy { abs($0 - $1) <= 1 }, "\(font): \(text): the ink is not in the same place: \(boxes)")
            let hasColor = shaped.lines.contains { $0.runs.contains { Canvas.isColor($0.font) } }
            if !hasColor {
                // No colour glyph, so no image made by Cairo: the same glyphs in the same places,
                // to within the precision of the operators that place them (Pango's backward
                // runs are placed by adjustments rounded to a thousandth of an em, which add up
                // to a fifth of a pixel along a line; ours glyph by glyph): pixels at the edges
                // of glyphs differ, at most 5 % of the ink by more than a quarter of the range.
                let differing = zip(pages[0], pages[1]).filter { abs(Int($0) - Int($1)) > 64 }.count
                let ink = pages[0].filter { $0 < 250 }.count
                #expect(differing * 20 <= ink, "\(font): \(text): \(differing) of \(ink) ink pixels differ by more than 64")
                pixelChecked += 1
            }
            let read = Tool.run("pdftotext", [folder + "/ours.pdf", "-"]).output
            let marks = Set<Unicode.Scalar>(["\u{202A}", "\u{202B}", "\u{202C}", "\u{200E}", "\u{200F}", "\u{FE0F}", "\u{0C}"])
            func letters(_ string: String) -> String {
                String(String.UnicodeScalarView(string.unicodeScalars.filter { !marks.contains($0) && !$0.properties.isWhitespace }))
            }
            // pdftotext may take a wide gap (a space the emoji font gives) for the edge of a
            // column and read the words around it in another order: with colour glyphs, the
            // characters are compared, not their order.
            let same = hasColor ? letters(read).sorted() == letters(text).sorted() : letters(read) == letters(text)
            #expect(same, "\(font): \(text): pdftotext reads \(read.debugDescription)")
        }
        #expect(own >= 2 && pixelChecked >= 1)
    }

    /// The rows and columns that hold ink in an 800-pixel-wide gray page (the page is 400 points
    /// at 144 dpi).
    static func inkBox(_ pixels: [UInt8]) -> [Int] {
        var box = [Int.max, Int.max, -1, -1]
        for (index, value) in pixels.enumerated() where value < 250 {
            let x = index % 800, y = index / 800
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
        }
        return box
    }

    /// The bytes of a binary PGM (what `pdftoppm -gray` writes), header left out.
    static func grayPixels(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        var bytes = [UInt8](data)
        // "P5\n<width> <height>\n255\n"
        var newlines = 0
        var index = 0
        while index < bytes.count, newlines < 3 {
            if bytes[index] == 0x0A { newlines += 1 }
            index += 1
        }
        bytes.removeFirst(index)
        return bytes
    }
}
