import Foundation

/// SF Symbols drawn by tablerender itself: Apple's symbols exist on Apple platforms only, so an IB
/// file that names one (`catalog="system"`) gets tablerender's own vector drawing of it — simple
/// line art in the symbol's spirit, not Apple's glyph — at the size UIKit gives the symbol for a
/// point size, weight and scale. A symbol not in the list is a neutral placeholder of that size,
/// and `check` names it. Each is SVG made in memory, carried as a path `tablerender-symbol:…` that
/// the renderers (and only they) know.
package enum SFSymbols {
    static let prefix = "tablerender-symbol:"

    /// A drawing: its view box (its proportions and how far it reaches; 20 units are the symbol's
    /// point size) and its SVG elements, stroked with the weight's line unless they fill.
    struct Art {
        var box: (x: Double, y: Double, width: Double, height: Double)
        var body: String
    }

    static let art: [String: Art] = {
        var table: [String: Art] = [
            "chevron.right": Art(box: (5, 2, 14, 20), body: #"<polyline points="8,4 16,12 8,20"/>"#),
            "chevron.left": Art(box: (5, 2, 14, 20), body: #"<polyline points="16,4 8,12 16,20"/>"#),
            "chevron.up": Art(box: (2, 5, 20, 14), body: #"<polyline points="4,16 12,8 20,16"/>"#),
            "chevron.down": Art(box: (2, 5, 20, 14), body: #"<polyline points="4,8 12,16 20,8"/>"#),
            "checkmark": Art(box: (2, 4, 20, 16), body: #"<polyline points="4,12 9,17 20,6"/>"#),
            "xmark": Art(box: (3, 3, 18, 18), body: #"<path d="M5 5L19 19M19 5L5 19"/>"#),
            "plus": Art(box: (3, 3, 18, 18), body: #"<path d="M12 4v16M4 12h16"/>"#),
            "minus": Art(box: (3, 10, 18, 4), body: #"<path d="M4 12h16"/>"#),
            "star": Art(box: (1, 1, 22, 22), body: #"<polygon points="12,2.5 14.9,8.6 21.5,9.4 16.6,14 17.9,20.6 12,17.3 6.1,20.6 7.4,14 2.5,9.4 9.1,8.6"/>"#),
            "heart": Art(box: (1, 2, 22, 20), body: #"<path d="M12 20s-8.5-5.2-8.5-11A4.6 4.6 0 0 1 12 6.6 4.6 4.6 0 0 1 20.5 9C20.5 14.8 12 20 12 20z"/>"#),
            "gearshape": Art(box: (0, 0, 24, 24), body: #"<path fill-rule="evenodd" class="fill" d="M10.3 1.5h3.4l.6 2.9a8 8 0 0 1 2.1 1.2l2.8-.9 1.7 2.9-2.2 2a8 8 0 0 1 0 2.4l2.2 2-1.7 2.9-2.8-.9a8 8 0 0 1-2.1 1.2l-.6 2.9h-3.4l-.6-2.9a8 8 0 0 1-2.1-1.2l-2.8.9-1.7-2.9 2.2-2a8 8 0 0 1 0-2.4l-2.2-2 1.7-2.9 2.8.9a8 8 0 0 1 2.1-1.2zM12 8.4a3.6 3.6 0 1 0 0 7.2 3.6 3.6 0 0 0 0-7.2z"/>"#),
            "person": Art(box: (3, 2, 18, 20), body: #"<circle cx="12" cy="7.5" r="4"/><path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7"/>"#),
            "person.fill": Art(box: (3, 2, 18, 20), body: #"<circle class="fill" cx="12" cy="7.5" r="4.5"/><path class="fill" d="M3.5 21c0-4.6 3.8-7.5 8.5-7.5s8.5 2.9 8.5 7.5z"/>"#),
            "person.circle": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><circle cx="12" cy="10" r="3.2"/><path d="M6.2 18.5c1.3-2.4 3.3-3.5 5.8-3.5s4.5 1.1 5.8 3.5"/>"#),
            "bell": Art(box: (3, 1, 18, 22), body: #"<path d="M6 17v-6a6 6 0 0 1 12 0v6l2 2H4z"/><path d="M10 21a2 2 0 0 0 4 0"/>"#),
            "info.circle": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><path d="M12 11v6"/><circle class="fill" cx="12" cy="7.5" r="1.3"/>"#),
            "questionmark.circle": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.6 2.2c-.8.4-1.1 1-1.1 1.8v.5"/><circle class="fill" cx="12" cy="17" r="1.3"/>"#),
            "exclamationmark.triangle": Art(box: (1, 2, 22, 20), body: #"<path d="M12 3.5L21.5 20h-19z"/><path d="M12 9.5v4.5"/><circle class="fill" cx="12" cy="17" r="1.2"/>"#),
            "magnifyingglass": Art(box: (2, 2, 20, 20), body: #"<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5L20.5 20.5"/>"#),
            "trash": Art(box: (3, 2, 18, 20), body: #"<path d="M4 6h16M9 6V4h6v2M6 6l1 15h10l1-15M10 10v7M14 10v7"/>"#),
            "square.and.arrow.up": Art(box: (3, 1, 18, 22), body: #"<path d="M8 10H6v11h12V10h-2M12 15V3M8 7l4-4 4 4"/>"#),
            "ellipsis": Art(box: (2, 9, 20, 6), body: #"<circle class="fill" cx="5" cy="12" r="1.7"/><circle class="fill" cx="12" cy="12" r="1.7"/><circle class="fill" cx="19" cy="12" r="1.7"/>"#),
            "envelope": Art(box: (2, 4, 20, 16), body: #"<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3 7l9 6 9-6"/>"#),
            "phone": Art(box: (2, 2, 20, 20), body: #"<path d="M5 3h3l2 5-2.5 1.5a11 11 0 0 0 5 5L14 12l5 2v3a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z"/>"#),
            "lock": Art(box: (4, 1, 16, 22), body: #"<rect x="5" y="10" width="14" height="11" rx="2"/><path d="M8 10V7a4 4 0 0 1 8 0v3"/>"#),
            "globe": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><ellipse cx="12" cy="12" rx="4" ry="10"/><path d="M2 12h20M4 7h16M4 17h16"/>"#),
            "wifi": Art(box: (1, 3, 22, 18), body: #"<path d="M2 9a15 15 0 0 1 20 0M5.5 12.5a10 10 0 0 1 13 0M9 16a5 5 0 0 1 6 0"/><circle class="fill" cx="12" cy="19" r="1.3"/>"#),
            "moon": Art(box: (2, 2, 20, 20), body: #"<path d="M20 14.5A8.5 8.5 0 1 1 9.5 4a7 7 0 0 0 10.5 10.5z"/>"#),
            "sun.max": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="4"/><path d="M12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"/>"#),
            "house": Art(box: (2, 2, 20, 20), body: #"<path d="M3 11l9-8 9 8M5 9.5V21h5v-6h4v6h5V9.5"/>"#),
            "camera": Art(box: (1, 3, 22, 18), body: #"<path d="M3 8h4l2-3h6l2 3h4v12H3z"/><circle cx="12" cy="13.5" r="3.5"/>"#),
            "photo": Art(box: (2, 3, 20, 18), body: #"<rect x="3" y="4" width="18" height="16" rx="2"/><circle cx="8.5" cy="9.5" r="1.5"/><path d="M3 17l5-5 4 4 3-3 6 6"/>"#),
            "calendar": Art(box: (2, 2, 20, 20), body: #"<rect x="3" y="4" width="18" height="17" rx="2"/><path d="M3 9h18M8 2v4M16 2v4"/>"#),
            "clock": Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>"#),
            "location": Art(box: (3, 3, 18, 18), body: #"<path d="M4 11L20 4l-7 16-2-7z"/>"#),
            "bookmark": Art(box: (5, 2, 14, 20), body: #"<path d="M6 3h12v18l-6-4-6 4z"/>"#),
            "folder": Art(box: (2, 3, 20, 18), body: #"<path d="M3 6a2 2 0 0 1 2-2h4l2 2h8a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"/>"#),
            "doc": Art(box: (3, 1, 18, 22), body: #"<path d="M6 2h8l5 5v15H6zM14 2v5h5"/>"#),
            "link": Art(box: (2, 2, 20, 20), body: #"<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>"#),
            "pencil": Art(box: (2, 2, 20, 20), body: #"<path d="M4 20l1-4L16 5l3 3L8 19zM14 7l3 3"/>"#),
            "paperplane": Art(box: (2, 2, 20, 20), body: #"<path d="M21 3L3 10l7 3 3 7zM10 13L21 3"/>"#),
            "bolt": Art(box: (4, 1, 16, 22), body: #"<path d="M13 2L5 14h6l-1 8 8-12h-6z"/>"#),
            "hand.raised": Art(box: (3, 1, 18, 22), body: #"<path d="M7 12V6a1.5 1.5 0 0 1 3 0v5M10 11V4a1.5 1.5 0 0 1 3 0v7M13 11V5a1.5 1.5 0 0 1 3 0v7M16 12V8a1.5 1.5 0 0 1 3 0v6c0 4-3 7-7 7s-6-2-7.5-5L3 13a1.5 1.5 0 0 1 2.5-1.5L7 14"/>"#),
            "speaker.wave.2": Art(box: (1, 3, 22, 18), body: #"<path d="M3 9h4l5-4v14l-5-4H3z"/><path d="M16 9a4 4 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11"/>"#),
            "battery.100": Art(box: (1, 6, 22, 12), body: #"<rect x="2" y="7" width="18" height="10" rx="2.5"/><rect class="fill" x="4" y="9" width="14" height="6" rx="1"/><path d="M22 10.5v3"/>"#),
            "airplane": Art(box: (1, 1, 22, 22), body: #"<path class="fill" d="M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z"/>"#),
            "antenna.radiowaves.left.and.right": Art(box: (1, 3, 22, 18), body: #"<circle class="fill" cx="12" cy="11" r="1.6"/><path d="M12 12.5V21M8.5 7.5a5 5 0 0 0 0 7M15.5 7.5a5 5 0 0 1 0 7M5.5 4.5a9 9 0 0 0 0 13M18.5 4.5a9 9 0 0 1 0 13"/>"#),
        ]
        // Filled variants of outlined drawings: every element filled.
        for name in ["star", "heart", "bell", "bookmark", "folder", "house", "lock", "moon", "bolt", "envelope", "phone", "location", "paperplane"] {
            if let outline = table[name] { table[name + ".fill"] = Art(box: outline.box, body: outline.body.replacingOccurrences(of: "<path ", with: #"<path class="fill" "#)
                .replacingOccurrences(of: "<polygon ", with: #"<polygon class="fill" "#).replacingOccurrences(of: "<rect ", with: #"<rect class="fill" "#)
                .replacingOccurrences(of: "<circle cx", with: #"<circle class="fill" cx"#)) }
        }
        // Apple's own placeholder symbol: what an unknown symbol is drawn as.
        table["questionmark.square.dashed"] = placeholder
        table["gear"] = table["gearshape"]
        table["gearshape.fill"] = table["gearshape"]
        table["person.crop.circle"] = table["person.circle"]
        table["person.circle.fill"] = table["person.circle"]
        table["info.circle.fill"] = table["info.circle"]
        table["plus.circle"] = Art(box: (1, 1, 22, 22), body: #"<circle cx="12" cy="12" r="10"/><path d="M12 7v10M7 12h10"/>"#)
        table["magnifyingglass.circle"] = table["magnifyingglass"]
        table["chevron.forward"] = table["chevron.right"]
        table["chevron.backward"] = table["chevron.left"]
        table["square.and.arrow.up.fill"] = table["square.and.arrow.up"]
        table["sun.max.fill"] = table["sun.max"]
        table["speaker.wave.2.fill"] = table["speaker.wave.2"]
        return table
    }()

    /// The neutral placeholder of an unknown symbol: a dashed rounded square.
    static let placeholder = Art(box: (1, 1, 22, 22), body: #"<rect x="2" y="2" width="20" height="20" rx="4" stroke-dasharray="3 2.5"/>"#)

    /// Line widths by weight, in view box units (the symbol's point size is 20 units).
    static let strokes: [String: Double] = ["ultraLight": 0.8, "thin": 1.1, "light": 1.5, "regular": 1.9, "medium": 2.2, "semibold": 2.5,
                                            "bold": 2.9, "heavy": 3.3, "black": 3.7]
    /// `UIImage.SymbolScale`: small and large relative to medium (the default).
    static let scales: [String: Double] = ["small": 0.78, "medium": 1, "default": 1, "large": 1.29]

    /// The names drawn, sorted (for the documentation).
    package static var names: [String] { art.keys.sorted() }

    package static func isKnown(_ name: String) -> Bool { art[name] != nil }

    /// The image path of a symbol at a weight; an unknown symbol's is the placeholder's.
    package static func path(_ name: String, weight: String = "regular") -> String {
        prefix + (art[name] != nil ? name : "placeholder") + ":" + (strokes[weight] != nil ? weight : "regular")
    }

    package static func isSymbol(_ path: String) -> Bool { path.hasPrefix(prefix) }

    /// Its size in points for a point size and scale, as UIKit sizes a symbol image: the drawing's
    /// box with 20 units to the point size.
    package static func size(_ name: String, pointSize: Double, scale: String = "medium") -> (width: Double, height: Double) {
        let box = (art[name] ?? placeholder).box
        let factor = pointSize / 20 * (scales[scale] ?? 1)
        return (box.width * factor, box.height * factor)
    }

    /// The drawing and line width a symbol path (`tablerender-symbol:name:weight`) names.
    static func drawing(_ path: String) -> (art: Art, stroke: Double)? {
        guard path.hasPrefix(prefix) else { return nil }
        let parts = path.dropFirst(prefix.count).split(separator: ":").map(String.init)
        guard parts.count == 2, let drawing = parts[0] == "placeholder" ? placeholder : art[parts[0]], let stroke = strokes[parts[1]] else { return nil }
        return (drawing, stroke)
    }

    /// The size of a symbol path's SVG (its drawing's box).
    package static func box(_ path: String) -> (width: Double, height: Double)? {
        drawing(path).map { ($0.art.box.width, $0.art.box.height) }
    }

    /// The SVG of a symbol path (`tablerender-symbol:name:weight`), black on transparent.
    package static func svg(_ path: String) -> String? {
        guard let (drawing, stroke) = drawing(path) else { return nil }
        let box = drawing.box
        func n(_ value: Double) -> String { String(format: "%g", value) }
        return #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(n(box.width))" height="\#(n(box.height))" viewBox="\#(n(box.x)) \#(n(box.y)) \#(n(box.width)) \#(n(box.height))">"#
            + #"<style>*{fill:none;stroke:#000;stroke-width:\#(n(stroke));stroke-linecap:round;stroke-linejoin:round}.fill{fill:#000;stroke:none}</style>"#
            + drawing.body + "</svg>"
    }
}
