import CPango

/// The Pango objects a `TextEngine` makes and keeps for its life, owned in one place and freed
/// once, when the engine goes (as `Canvas` owns Cairo's): the process's font map (shared, held
/// here), the engine's context with the settings of docs/text.md, and every font description,
/// font and HarfBuzz buffer the engine's caches keep. The engine's caches point into what this
/// holds; nothing here leaves `TableText`. Every call runs inside `Typesetting.exclusively`;
/// the engine's deinit calls `free()` there, after its word tables (which hold fonts of their
/// own) are gone.
final class PangoObjects {
    let fontMap: OpaquePointer
    let context: OpaquePointer
    private var descriptions: [OpaquePointer] = []
    private var fonts: [UnsafeMutableRawPointer] = []
    private var buffers: [OpaquePointer] = []

    /// A context of its own on the shared `fontMap` (a reference is taken): 72 dpi, no hinting,
    /// no rounding of glyph positions, grey antialiasing.
    init(sharing shared: OpaquePointer) {
        (fontMap, context) = Typesetting.exclusively {
            let fontMap = OpaquePointer(g_object_ref(UnsafeMutableRawPointer(shared)))!
            let context = pango_font_map_create_context(UnsafeMutablePointer(fontMap))!
            pango_cairo_context_set_resolution(context, 72)
            let options = cairo_font_options_create()
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
            pango_context_set_round_glyph_positions(context, 0)
            return (fontMap, context)
        }
    }

    /// Keeps a font description made for the engine (freed last but the context and map).
    func keep(description: OpaquePointer) { descriptions.append(description) }

    /// Keeps a reference to a font the engine already holds one to (unreferenced once).
    func keep(font: UnsafeMutablePointer<PangoFont>) { fonts.append(UnsafeMutableRawPointer(font)) }

    /// Keeps a HarfBuzz buffer the engine made.
    func keep(buffer: OpaquePointer) { buffers.append(buffer) }

    /// Whether `free()` ran.
    private var freed = false

    /// Frees everything, inside `Typesetting.exclusively` (the engine's deinit calls it there).
    func free() {
        guard !freed else { return }
        freed = true
        for description in descriptions { pango_font_description_free(description) }
        for font in fonts { g_object_unref(font) }
        for buffer in buffers { hb_buffer_destroy(buffer) }
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(fontMap))
    }
}
