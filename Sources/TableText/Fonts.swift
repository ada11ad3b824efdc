import Synchronization

/// A font as a drawing process needs to make it again: the fontconfig pattern Pango chose
/// (filtered to what Cairo reads from it: file, face index, rendering options, variations), and
/// the Cairo scaled font's matrices and options. Two processes given the same `FontFace` make
/// the same Cairo scaled font, so glyphs shaped in one are drawn by the other exactly as Pango
/// would have drawn them.
package struct FontFace: Sendable, Hashable {
    /// `FcNameUnparse` of the pattern, filtered (see `TextEngine`).
    package var pattern: String
    /// xx, yx, xy, yy, x0, y0.
    package var matrix: [Double]
    package var ctm: [Double]
    package var antialias: Int32
    package var subpixelOrder: Int32
    package var hintStyle: Int32
    package var hintMetrics: Int32
    package var variations: String
    /// The family fontconfig names it by (what a style sheet names to get this very font).
    package var family: String

    package init(pattern: String, matrix: [Double], ctm: [Double], antialias: Int32, subpixelOrder: Int32, hintStyle: Int32,
                hintMetrics: Int32, variations: String, family: String = "") {
        self.family = family
        self.pattern = pattern
        self.matrix = matrix
        self.ctm = ctm
        self.antialias = antialias
        self.subpixelOrder = subpixelOrder
        self.hintStyle = hintStyle
        self.hintMetrics = hintMetrics
        self.variations = variations
    }
}

/// A font's number in this process (`FontRegistry`): what a `GlyphRun` carries.
package struct FontID: Sendable, Hashable {
    package var rawValue: UInt32
    package init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Every font this process has shaped or drawn with, numbered in the order first seen. Shared by
/// all text engines and renderers of the process; a font's number means nothing elsewhere
/// (`TextTransfer` carries the `FontFace` itself across processes).
package enum FontRegistry {
    private struct Table {
        var faces: [FontFace] = []
        var numbers: [FontFace: FontID] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `face`, given on first sight.
    package static func id(for face: FontFace) -> FontID {
        table.withLock { table in
            if let known = table.numbers[face] { return known }
            let id = FontID(rawValue: UInt32(table.faces.count))
            table.faces.append(face)
            table.numbers[face] = id
            return id
        }
    }

    package static func face(_ id: FontID) -> FontFace {
        table.withLock { $0.faces[Int(id.rawValue)] }
    }

    /// The family of `id`'s face.
    package static func family(_ id: FontID) -> String {
        table.withLock { $0.faces[Int(id.rawValue)].family }
    }
}
