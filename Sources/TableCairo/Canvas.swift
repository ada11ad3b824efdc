import CCairo
import Foundation
import Synchronization
import TableLayout
import TableModel
import TableTemplates
import TableText

/// A Cairo drawing context and its surface: the only place the renderers touch Cairo. Owns both
/// pointers and destroys them once; every status is checked by `finish`. What touches fonts (text
/// drawn, pages written, the surface destroyed) runs inside `Typesetting.exclusively`.
final class Canvas {
    enum Kind {
        case image(width: Int, height: Int, scale: Double)
        /// A PDF written to `path`, or kept in memory (`pdfBytes`) when nil.
        case pdf(path: String?, width: Double, height: Double)
    }

    private let surface: OpaquePointer
    private let cr: OpaquePointer
    private let isPDF: Bool
    /// The file a PDF is written to, through Cairo's stream callback, every write checked.
    private let file: OutputFile?
    /// The combining marks of the text drawn so far, remembered.
    private var marks = MarkFinder()

    init(_ kind: Kind) throws(Diagnostic) {
        switch kind {
        case .image(let width, let height, let scale):
            surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
            cr = cairo_create(surface)
            isPDF = false
            file = nil
            cairo_scale(cr, scale, scale)
        case .pdf(let path, let width, let height):
            let output = try path.map { path throws(Diagnostic) in try OutputFile(temporary: path, name: path) } ?? OutputFile(inMemoryNamed: "the PDF")
            file = output
            surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                let output = Unmanaged<OutputFile>.fromOpaque(closure).takeUnretainedValue()
                return output.append(UnsafeRawBufferPointer(start: data, count: Int(length))) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
            }, Unmanaged.passUnretained(output).toOpaque(), width, height)
            cr = cairo_create(surface)
            isPDF = true
        }
        try check("create the surface")
    }

    deinit {
        Typesetting.exclusively {
            cairo_destroy(cr)
            cairo_surface_destroy(surface)
        }
    }

    func check(_ action: String) throws(Diagnostic) {
        if let file, file.failure != 0 { throw OutputFile.error(file.name, file.failure) }
        let status = cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS ? cairo_surface_status(surface) : cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS {
            throw Diagnostic(.failure, at: file.map { SourceLocation(file: $0.name) }, "Cairo could not \(action): \(String(cString: cairo_status_to_string(status)))")
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

    /// Starts drawing into a group that `paintGroup` composites at an opacity.
    func pushGroup() { cairo_push_group(cr) }

    /// Composites the group `pushGroup` started at `alpha`.
    func paintGroup(alpha: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, alpha)
    }
    func translate(x: Double, y: Double) { cairo_translate(cr, x, y) }
    func restore() { cairo_restore(cr) }

    func clip(_ rect: Rect, radius: Double = 0, roundTop: Bool = true, roundBottom: Bool = true) {
        addRoundedRect(rect, radius: radius, roundTop: roundTop, roundBottom: roundBottom)
        cairo_clip(cr)
    }

    // MARK: Text and images

    /// Draws shaped text in a box whose top left is (`x`, `top`): its first baseline at
    /// `text.baseline` below the top and the next ones a line height apart, as a browser places
    /// them whatever fallback fonts a line holds. Each run is drawn with the Cairo calls
    /// `pango_cairo_show_layout_line` makes (the same glyph coordinates, clusters for a PDF's
    /// text), with a Cairo font made from the run's `FontFace`.
    /// Draws `text`'s lines (those in `lines`, all by default) with its first line's top at `top`.
    func show(_ text: ShapedText, x: Double, top: Double, color: RGBA, lines: Range<Int>? = nil) {
        setColor(color)
        Typesetting.exclusively {
            var textCopy = text.text
            textCopy.withUTF8 { bytes in
                let shown = lines ?? 0..<text.lines.count
                var baseline = top + text.baseline + Double(shown.lowerBound) * text.lineHeight
                for line in text.lines[shown.clamped(to: 0..<text.lines.count)] {
                    cairo_move_to(cr, x + Double(line.x) / Self.pangoScale, baseline)
                    var originX = 0.0, originY = 0.0
                    cairo_get_current_point(cr, &originX, &originY)
                    // `pango_renderer_draw_layout_line`: each run at its start offset and raised
                    // baseline, the next after its width and end offset.
                    var runX: Int32 = 0
                    for run in line.runs {
                        runX += run.startXOffset
                        show(run, text: bytes, x: originX + Double(runX) / Self.pangoScale, y: originY + Double(-run.yOffset) / Self.pangoScale)
                        runX += run.width + run.endXOffset
                    }
                    cairo_move_to(cr, originX, originY)
                    baseline += text.lineHeight
                }
            }
        }
    }

    private static let pangoScale = 1024.0

    /// One run (`pango_cairo_renderer_show_text_glyphs`). Inside `Typesetting.exclusively`.
    private func show(_ run: GlyphRun, text: UnsafeBufferPointer<UInt8>, x: Double, y: Double) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        let font = Self.scaledFont(run.font)
        if let font { cairo_set_scaled_font(cr, font) }
        var glyphs: [cairo_glyph_t] = []
        glyphs.reserveCapacity(run.glyphs.count)
        var unknown: [(x: Double, y: Double)] = []
        for glyph in run.glyphs {
            let glyphX = x + Double(glyph.x) / Self.pangoScale
            let glyphY = glyph.y == 0 ? y : y + Double(glyph.y) / Self.pangoScale
            if glyph.isUnknown || font == nil {
                // No box for an unknown space.
                if glyph.id != (0x20 | PositionedGlyph.unknownFlag) { unknown.append((glyphX, glyphY)) }
            } else {
                glyphs.append(cairo_glyph_t(index: UInt(glyph.id), x: glyphX, y: glyphY))
            }
        }
        let size = unknown.isEmpty ? 0 : FontRegistry.face(run.font).matrix.first ?? 12
        for box in unknown {
            cairo_rectangle(cr, box.x + size * 0.1, box.y - size * 0.7, size * 0.5, size * 0.7)
            cairo_set_line_width(cr, size * 0.06)
            cairo_stroke(cr)
        }
        guard let font, !glyphs.isEmpty || !run.clusters.isEmpty else { return }
        guard isPDF, let base = text.baseAddress, Int(run.start) + Int(run.length) <= text.count, run.length > 0 else {
            cairo_show_glyphs(cr, glyphs, Int32(glyphs.count))
            return
        }
        base.advanced(by: Int(run.start)).withMemoryRebound(to: CChar.self, capacity: Int(run.length)) { start in
            if Self.isColor(run.font, font) {
                // Colour glyphs (emoji) reach a PDF as images, which carry no text: the run's
                // text goes with an unseen glyph drawn where the run starts.
                // A run of spaces is not drawn (Cairo would make an image of its place, and of
                // the text beside it, for nothing); its text is carried all the same.
                let blank = UnsafeBufferPointer(start: start, count: Int(run.length)).allSatisfy { $0 == 0x20 || $0 == 0x09 }
                if !blank { cairo_show_glyphs(cr, glyphs, Int32(glyphs.count)) }
                carryText(start, length: run.length, x: x, y: y, width: Double(run.width) / Self.pangoScale,
                          size: FontRegistry.face(run.font).matrix.first ?? 12)
            } else {
                showWords(run, glyphs: glyphs, text: start)
            }
        }
    }

    /// A run's glyphs and text into a PDF, word by word, in the way readers such as pdftotext
    /// put text back together from where its glyphs stand:
    /// - Right-to-left text has its glyphs in visual order, as a browser prints it. Given
    ///   backwards (Cairo's flag), the glyphs would reach the PDF in the text's order, right to
    ///   left, and readers split every letter into a word; given left to right, readers turn each
    ///   right-to-left word around again, as for any right-to-left PDF. A word with a glyph of
    ///   several letters (lam-alef) has its text written as its glyphs stand, right to left.
    /// - A word with combining marks (Arabic vowels, Thai tones, Devanagari and Myanmar signs)
    ///   or glyphs off the baseline is written as one span of text over its glyphs
    ///   (`ActualText`): given glyph by glyph, readers order a mark by where it is drawn (a Thai
    ///   tone before its vowel) or take a raised one for a word of another line.
    /// Other words keep a cluster per glyph group, Pango's. Within one call Cairo places glyphs
    /// to a thousandth of the font size, as in any left-to-right run.
    private func showWords(_ run: GlyphRun, glyphs: [cairo_glyph_t], text start: UnsafePointer<CChar>) {
        let count = run.clusters.count
        let runText = UnsafeRawBufferPointer(start: start, count: Int(run.length))
        if !run.isBackward, !glyphs.contains(where: { $0.y != glyphs[0].y }),
           !marks.containsMark(runText) {
            // Left-to-right text without marks: the run in one call, a cluster per glyph group.
            glyphs.withUnsafeBufferPointer { glyphs in
                showText(start, length: run.length, glyphs: glyphs, clusters: run.clusters, 0..<run.clusters.count)
            }
            return
        }
        // Each cluster's bytes and glyphs; `glyphs` are left to right, so a right-to-left run's
        // first glyphs are its last cluster's.
        var offsets = [Int](repeating: 0, count: count), firstGlyph = [Int](repeating: 0, count: count)
        var offset = 0
        for index in 0..<count {
            offsets[index] = offset
            offset += Int(run.clusters[index].bytes)
        }
        var glyphIndex = 0
        for step in 0..<count {
            let index = run.isBackward ? count - 1 - step : step
            firstGlyph[index] = glyphIndex
            glyphIndex += Int(run.clusters[index].glyphs)
        }
        guard offset <= Int(run.length), glyphIndex == glyphs.count else {
            // Glyphs left out (a character no font has): the run's text as one span.
            var one = cairo_text_cluster_t(num_bytes: run.length, num_glyphs: Int32(glyphs.count))
            cairo_show_text_glyphs(cr, start, run.length, glyphs, Int32(glyphs.count), &one, glyphs.isEmpty ? 0 : 1, cairo_text_cluster_flags_t(rawValue: 0))
            return
        }
        func isSpace(_ index: Int) -> Bool {
            (0..<Int(run.clusters[index].bytes)).allSatisfy { start[offsets[index] + $0] == 0x20 }
        }
        glyphs.withUnsafeBufferPointer { all in
            var index = 0
            while index < count {
                var end = index + 1
                if !isSpace(index) {
                    while end < count, !isSpace(end) { end += 1 }
                }
                // Clusters index..<end in the text; their glyphs from `first`, left to right.
                let first = run.isBackward ? firstGlyph[end - 1] : firstGlyph[index]
                let glyphCount = (index..<end).reduce(0) { $0 + Int(run.clusters[$1].glyphs) }
                let bytes = UnsafeRawBufferPointer(start: start + offsets[index], count: offsets[end - 1] + Int(run.clusters[end - 1].bytes) - offsets[index])
                let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
                let marked = all[first..<(first + glyphCount)].contains { $0.y != all[first].y } || marks.containsMark(bytes)
                // A glyph of several characters (lam-alef) in right-to-left text.
                let ligature = run.isBackward && scalars.count > glyphCount
                if marked || ligature {
                    var text = (run.isBackward ? Array(scalars.reversed()) : Array(scalars)).flatMap(\.utf8).map { CChar(bitPattern: $0) }
                    var one = cairo_text_cluster_t(num_bytes: Int32(text.count), num_glyphs: Int32(glyphCount))
                    cairo_show_text_glyphs(cr, &text, Int32(text.count), all.baseAddress! + first, Int32(glyphCount), &one, 1, cairo_text_cluster_flags_t(rawValue: 0))
                } else if !run.isBackward {
                    // The word in one call, a cluster per glyph group.
                    showText(start + offsets[index], length: Int32(bytes.count), glyphs: UnsafeBufferPointer(rebasing: all[first..<(first + glyphCount)]),
                             clusters: run.clusters, index..<end)
                } else {
                    // The word in one call, its clusters in visual order, each with its own text:
                    // what readers get from a call per cluster, for one call.
                    var text: [CChar] = []
                    text.reserveCapacity(bytes.count)
                    var clusters: [cairo_text_cluster_t] = []
                    clusters.reserveCapacity(end - index)
                    for cluster in (index..<end).reversed() {
                        text.append(contentsOf: UnsafeBufferPointer(start: start + offsets[cluster], count: Int(run.clusters[cluster].bytes)))
                        clusters.append(cairo_text_cluster_t(num_bytes: run.clusters[cluster].bytes, num_glyphs: run.clusters[cluster].glyphs))
                    }
                    cairo_show_text_glyphs(cr, text, Int32(text.count), all.baseAddress! + first, Int32(glyphCount), clusters, Int32(clusters.count),
                                           cairo_text_cluster_flags_t(rawValue: 0))
                }
                index = end
            }
        }
    }

    /// `length` bytes of text from `text` over `glyphs`, with `clusters[range]`: a cluster is
    /// Cairo's (two 32-bit counts, bytes then glyphs), handed over as it is.
    private func showText(_ text: UnsafePointer<CChar>, length: Int32, glyphs: UnsafeBufferPointer<cairo_glyph_t>,
                          clusters: [TextCluster], _ range: Range<Int>) {
        clusters.withUnsafeBufferPointer { all in
            all.withMemoryRebound(to: cairo_text_cluster_t.self) { all in
                cairo_show_text_glyphs(cr, text, length, glyphs.baseAddress, Int32(glyphs.count), all.baseAddress.map { $0 + range.lowerBound },
                                       Int32(range.count), cairo_text_cluster_flags_t(rawValue: 0))
            }
        }
    }

    /// Writes `length` bytes of text into the PDF with an unseen glyph of a font kept for this,
    /// stretched over the run's box (`x`, `y`, `width`, `size`): nothing shows, and the text is
    /// there, where the run is, to copy, search and read aloud.
    private func carryText(_ text: UnsafePointer<CChar>, length: Int32, x: Double, y: Double, width: Double, size: Double) {
        guard let carrier = Self.carrierFont, let face = OpaquePointer(bitPattern: carrier.face) else { return }
        cairo_save(cr)
        defer { cairo_restore(cr) }
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, carrier.advance > 0 && width > 0 ? width / carrier.advance : size, size)
        // Cairo leaves out what draws nothing (a clear colour, a glyph without ink): the glyph
        // is an opaque white "x" in the Darken blend mode, which leaves every colour under it
        // as it was.
        cairo_set_source_rgba(cr, 1, 1, 1, 1)
        cairo_set_operator(cr, CAIRO_OPERATOR_DARKEN)
        cairo_set_font_face(cr, face)
        cairo_set_font_matrix(cr, &matrix)
        var glyph = cairo_glyph_t(index: carrier.glyph, x: x, y: y)
        var cluster = cairo_text_cluster_t(num_bytes: length, num_glyphs: 1)
        cairo_show_text_glyphs(cr, text, length, &glyph, 1, &cluster, 1, cairo_text_cluster_flags_t(rawValue: 0))
    }

    /// The font of the blank glyphs that carry text (DejaVu Sans, which the setup installs, or
    /// what fontconfig gives in its place), its "x" and the advance of an "x" one unit high; made
    /// when text is first drawn, inside `Typesetting.exclusively`. The face is kept as its
    /// address, as the scaled fonts are, and never freed.
    private static let carrierFont: (face: UInt, glyph: UInt, advance: Double)? = {
        guard let face = cairo_toy_font_face_create("DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL) else { return nil }
        var identity = cairo_matrix_t()
        cairo_matrix_init_identity(&identity)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        guard let scaled = cairo_scaled_font_create(face, &identity, &identity, options) else { return nil }
        defer { cairo_scaled_font_destroy(scaled) }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        guard cairo_scaled_font_text_to_glyphs(scaled, 0, 0, "x", 1, &glyphs, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS,
              let glyphs, count == 1 else { return nil }
        defer { cairo_glyph_free(glyphs) }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(scaled, glyphs, 1, &extents)
        return (UInt(bitPattern: face), glyphs.pointee.index, extents.x_advance)
    }()

    /// Whether a font's glyphs are colour images (FreeType's colour flag), per font.
    private static let colorFonts = Mutex([FontID: Bool]())

    static func isColor(_ id: FontID) -> Bool {
        if let known = colorFonts.withLock({ $0[id] }) { return known }
        return Typesetting.exclusively { scaledFont(id).map { isColor(id, $0) } ?? false }
    }

    private static func isColor(_ id: FontID, _ font: OpaquePointer) -> Bool {
        if let known = colorFonts.withLock({ $0[id] }) { return known }
        var color = false
        if let face = cairo_ft_scaled_font_lock_face(font) {
            color = face.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
            cairo_ft_scaled_font_unlock_face(font)
        }
        colorFonts.withLock { $0[id] = color }
        return color
    }

    /// Cairo fonts made from `FontFace`s, one per `FontID`, kept for the process's life (as
    /// Pango keeps its fonts); their addresses, as the pointers are not `Sendable`.
    private static let scaledFonts = Mutex([FontID: UInt]())

    /// The Cairo font of `id`, made from its pattern, matrices and options as Pango's Cairo font
    /// was; nil when Cairo cannot make it. Inside `Typesetting.exclusively`.
    private static func scaledFont(_ id: FontID) -> OpaquePointer? {
        if let known = scaledFonts.withLock({ $0[id] }) { return known == 0 ? nil : OpaquePointer(bitPattern: known) }
        let face = FontRegistry.face(id)
        var made: OpaquePointer?
        let pattern = FcNameParse(face.pattern)
        let fontFace = pattern.flatMap { cairo_ft_font_face_create_for_pattern($0) }
        if let pattern { FcPatternDestroy(pattern) }
        if let fontFace {
            var matrix = cairo_matrix_t(xx: face.matrix[0], yx: face.matrix[1], xy: face.matrix[2], yy: face.matrix[3], x0: face.matrix[4], y0: face.matrix[5])
            var ctm = cairo_matrix_t(xx: face.ctm[0], yx: face.ctm[1], xy: face.ctm[2], yy: face.ctm[3], x0: face.ctm[4], y0: face.ctm[5])
            let options = cairo_font_options_create()
            cairo_font_options_set_antialias(options, cairo_antialias_t(rawValue: UInt32(face.antialias)))
            cairo_font_options_set_subpixel_order(options, cairo_subpixel_order_t(rawValue: UInt32(face.subpixelOrder)))
            cairo_font_options_set_hint_style(options, cairo_hint_style_t(rawValue: UInt32(face.hintStyle)))
            cairo_font_options_set_hint_metrics(options, cairo_hint_metrics_t(rawValue: UInt32(face.hintMetrics)))
            if !face.variations.isEmpty { cairo_font_options_set_variations(options, face.variations) }
            let scaled = cairo_scaled_font_create(fontFace, &matrix, &ctm, options)
            cairo_font_options_destroy(options)
            cairo_font_face_destroy(fontFace)
            if let scaled, cairo_scaled_font_status(scaled) == CAIRO_STATUS_SUCCESS {
                made = scaled
            } else if let scaled {
                cairo_scaled_font_destroy(scaled)
            }
        }
        scaledFonts.withLock { $0[id] = made.map { UInt(bitPattern: $0) } ?? 0 }
        return made
    }

    /// A template image: its shape (its alpha) filled with `color`.
    func drawTinted(_ image: LoadedImage, in rect: Rect, contentMode: ContentMode, color: RGBA) {
        cairo_push_group(cr)
        draw(image, in: rect, contentMode: contentMode)
        let shape = cairo_pop_group(cr)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
        cairo_mask(cr, shape)
        cairo_pattern_destroy(shape)
    }

    func draw(_ image: LoadedImage, in rect: Rect, contentMode: ContentMode) {
        // An empty frame shows nothing (and would scale the picture by 0: a singular matrix).
        guard image.width > 0, image.height > 0, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite else { return }
        let sx = rect.width / image.width, sy = rect.height / image.height
        var scaleX = sx, scaleY = sy
        switch contentMode {
        case .aspectFit: scaleX = min(sx, sy); scaleY = scaleX
        case .aspectFill: scaleX = max(sx, sy); scaleY = scaleX
        case .center: scaleX = 1; scaleY = 1
        case .scaleToFill: break
        }
        let drawnWidth = image.width * scaleX, drawnHeight = image.height * scaleY
        save()
        clip(rect)
        cairo_translate(cr, rect.x + (rect.width - drawnWidth) / 2, rect.y + (rect.height - drawnHeight) / 2)
        cairo_scale(cr, scaleX, scaleY)
        // librsvg sets an SVG's text with Pango.
        Typesetting.exclusively { image.paint(on: cr) }
        restore()
    }

    // MARK: PDF structure

    /// Opens a link to `uri` over `rect`; what is drawn until `endLink` is the link's content
    /// in a tagged PDF.
    func beginLink(_ uri: String, _ rect: Rect) {
        guard isPDF else { return }
        let escaped = uri.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        let attributes = "rect=[\(rect.x) \(rect.y) \(rect.width) \(rect.height)] uri='\(escaped)'"
        cairo_tag_begin(cr, CAIRO_TAG_LINK, attributes)
    }

    func endLink() {
        guard isPDF else { return }
        cairo_tag_end(cr, CAIRO_TAG_LINK)
    }

    /// Opens a structure element of a tagged PDF (`Document`, `Sect`, `H1`, `L`, `LI`, `P`…);
    /// what is drawn until `endTag` is its content. Nothing for an image.
    func beginTag(_ name: String) {
        guard isPDF else { return }
        cairo_tag_begin(cr, name, "")
    }

    func endTag(_ name: String) {
        guard isPDF else { return }
        cairo_tag_end(cr, name)
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

    func showPage() { Typesetting.exclusively { cairo_show_page(cr) } }

    /// Finishes the surface (writes the PDF trailer), flushes the file to disk, and reports any
    /// error: the file's own first (a full disk says so), then Cairo's.
    ///
    /// A PDF's catalog then gets `language` (`/Lang`) and, when `displaysTitle`, asks readers to
    /// show the title, its figures get `figures` as their alternative texts, and, when
    /// `marksArtifacts`, what its pages draw outside the structure is marked as artifacts
    /// (`PDFCatalog`).
    func finish(language: String? = nil, displaysTitle: Bool = false, figures: [String] = [], marksArtifacts: Bool = false) throws(Diagnostic) {
        Typesetting.exclusively { cairo_surface_finish(surface) }
        if isPDF, let file, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS,
           let pieces = PDFCatalog.rewrite(length: file.count, language: language, displaysTitle: displaysTitle, figures: figures,
                                           marksArtifacts: marksArtifacts, read: file.read(at:count:)) {
            _ = file.rewrite(pieces)
        }
        try file?.finish()
        try check("finish the document")
    }

    /// The PDF's bytes, after `finish`, when it was kept in memory.
    var pdfBytes: [UInt8] { file?.bytes ?? [] }

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
