import Synchronization

/// A font as a drawing process needs to make it again: the fontconfig pattern Pango chose
/// (filtered to what Cairo reads from it: file, face index, rendering options, variations), and
/// the Cairo scaled font's matrices and options. Two processes given the same `FontFace` make
/// the same Cairo scaled font, so glyphs shaped in one are drawn by the other exactly as Pango
/// would have drawn them.
public struct FontFace: Sendable, Hashable {
    /// `FcNameUnparse` of the pattern, filtered (see `TextEngine`).
    public var pattern: String
    /// xx, yx, xy, yy, x0, y0.
    public var matrix: [Double]
    public var ctm: [Double]
    public var antialias: Int32
    public var subpixelOrder: Int32
    public var hintStyle: Int32
    public var hintMetrics: Int32
    public var variations: String
    /// The family fontconfig names it by (what a style sheet names to get this very font).
    public var family: String

    public init(pattern: String, matrix: [Double], ctm: [Double], antialias: Int32, subpixelOrder: Int32, hintStyle: Int32,
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
public struct FontID: Sendable, Hashable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

/// Every font this process has shaped or drawn with, numbered in the order first seen. Shared by
/// all text engines and renderers of the process; a font's number means nothing elsewhere
/// (`TextTransfer` carries the `FontFace` itself across processes).
public enum FontRegistry {
    private struct Table {
        var faces: [FontFace] = []
        var numbers: [FontFace: FontID] = [:]
    }

    private static let table = Mutex(Table())

    /// The number of `face`, given on first sight.
    public static func id(for face: FontFace) -> FontID {
        table.withLock { table in
            if let known = table.numbers[face] { return known }
            let id = FontID(rawValue: UInt32(table.faces.count))
            table.faces.append(face)
            table.numbers[face] = id
            return id
        }
    }

    public static func face(_ id: FontID) -> FontFace {
        table.withLock { $0.faces[Int(id.rawValue)] }
    }

    /// The family of `id`'s face.
    public static func family(_ id: FontID) -> String {
        table.withLock { $0.faces[Int(id.rawValue)].family }
    }
}
