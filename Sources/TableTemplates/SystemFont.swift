/// The system font as UIKit sets it (SF Pro), and what a theme's stand-in for it takes from it:
/// the tracking SF applies by point size, its Text and Display designs, its line metrics. The
/// facts and where they come from: docs/text.md, "The system font".
package enum SystemFont {
    /// SF Pro's tracking by point size, in 1/1000 em (Apple's Human Interface Guidelines,
    /// Typography: "Tracking values", iOS): +12 at 10 pt, 0 at 12, −6 at 13, −26 at 17, +14 at 28,
    /// 0 from 80 pt. Between two sizes of the table, the tracking is interpolated.
    static let trackingTable: [(size: Double, tracking: Double)] = [
        (6, 41), (7, 34), (8, 26), (9, 19), (10, 12), (11, 6), (12, 0), (13, -6), (14, -11), (15, -16), (16, -20), (17, -26),
        (18, -25), (19, -24), (20, -23), (21, -18), (22, -12), (23, -4), (24, 3), (25, 6), (26, 8), (27, 11), (28, 14), (29, 14),
        (30, 14), (31, 13), (32, 13), (33, 12), (34, 12), (35, 11), (36, 10), (37, 10), (38, 10), (39, 10), (40, 10), (41, 9),
        (42, 9), (43, 9), (44, 8), (45, 8), (46, 8), (47, 8), (48, 8), (49, 7), (50, 7), (51, 7), (52, 6), (53, 6), (54, 6),
        (56, 6), (58, 5), (60, 4), (62, 4), (64, 4), (66, 3), (68, 2), (70, 2), (72, 2), (76, 1), (80, 0),
    ]

    /// The tracking SF applies at `size`, in 1/1000 em.
    package static func trackingPerMille(at size: Double) -> Double {
        let table = trackingTable
        if size <= table[0].size { return table[0].tracking }
        guard let upper = table.firstIndex(where: { $0.size >= size }) else { return 0 }
        let (b, a) = (table[upper], table[upper - 1])
        return a.tracking + (b.tracking - a.tracking) * (size - a.size) / (b.size - a.size)
    }

    /// The tracking at `size` in points, as letter spacing: −0.442 at 17 pt; `extra` per mille
    /// em more (a stand-in's widening, below). Quantized to 1/1024 pt, Pango's unit, so that
    /// Pango and a browser add the same length.
    package static func tracking(at size: Double, extra: Double = 0) -> Double {
        ((trackingPerMille(at: size) + extra) / 1000 * size * 1024).rounded() / 1024
    }

    /// What a stand-in for SF adds to SF's tracking at a CSS `weight`, in 1/1000 em: SF's heavier
    /// weights are wider than the regular by more than the stand-in's are. Measured on the
    /// widths IB stores for single-line labels of public apps below 20 pt (the two data files of
    /// `SystemFontOracleTests`; what a label lacks, over its characters, at the median of each
    /// weight): regular and lighter 0, medium +4 (12 labels of one app; 22 of 4 apps with files
    /// older than Xcode 11), semibold +5 (74 labels of 11 apps, Headline ones included), bold +15
    /// (15 labels of 4 apps: 2.7 % of a label's width). Heavy and black take bold's. SF Pro
    /// itself, where it is installed, takes none.
    package static func standInWidening(weight: Int) -> Double {
        switch weight {
        case ..<500: 0
        case 500: 4
        case 501..<700: 5
        default: 15
        }
    }

    /// From this size SF draws its Display design (below, its Text design).
    package static let displayFrom = 20.0

    /// SF Pro's vertical metrics (2048 units to the em: ascender 1950, descender 494, no line
    /// gap): `UIFont.lineHeight` is 2444/2048 of the size, 20.287 at 17 pt.
    package static let ascender = 1950.0 / 2048, descender = 494.0 / 2048

    /// `UIFont.systemFont(ofSize:).lineHeight`, quantized to 1/64 pt (a browser's layout unit,
    /// and a whole number of Pango units): 20.28125 at 17 pt.
    package static func lineHeight(_ size: Double) -> Double {
        (size * (ascender + descender) * 64).rounded() / 64
    }
}

/// What a theme names as its stand-in for the system font: the family drawn below
/// `SystemFont.displayFrom` and the one drawn from it.
package struct SystemFace: Sendable, Hashable {
    package var text: String
    package var display: String

    package init(text: String, display: String) {
        self.text = text
        self.display = display
    }

    /// The family at `size`.
    package func family(at size: Double) -> String { size >= SystemFont.displayFrom ? display : text }
}

extension FontSpec {
    /// The font as the system face sets it at its size: the Text or Display family and SF's
    /// tracking. A font not of the system face is unchanged.
    package func withSystemMetrics() -> FontSpec {
        guard let face = systemFace else { return self }
        var font = self
        font.family = face.family(at: size)
        font.tracking = SystemFont.tracking(at: size, extra: face.isApples ? 0 : SystemFont.standInWidening(weight: weight))
        return font
    }
}

extension SystemFace {
    /// Apple's system font, where a machine has it installed (a designer's Mac exporting fonts,
    /// or a Linux machine SF Pro was copied to): its Text and Display families.
    package static let appleCandidates = [SystemFace(text: "SF Pro Text", display: "SF Pro Display"), SystemFace(text: "SF Pro", display: "SF Pro")]

    /// Whether this face is Apple's own rather than a stand-in.
    package var isApples: Bool { text.hasPrefix("SF Pro") }
}

extension Theme {
    /// The theme with SF Pro as its system face where `installed` says the machine has it (the
    /// families of a candidate, as fontconfig names them): every font token of the stand-in
    /// takes SF Pro's family at its size, with the same tracking and line metrics (Apple's own
    /// for SF). A theme without a system face, or a machine without SF Pro, is unchanged.
    package func withAppleSystemFont(candidates: [SystemFace] = SystemFace.appleCandidates,
                                     installed: (String) -> Bool) -> Theme {
        guard let standIn = systemFace, !standIn.isApples,
              let apple = candidates.first(where: { installed($0.text) && installed($0.display) }) else { return self }
        var theme = self
        theme.systemFace = apple
        for (token, font) in fonts where font.systemFace != nil {
            var swapped = font
            swapped.systemFace = apple
            theme.fonts[token] = swapped.withSystemMetrics()
        }
        theme.standInForSystemFont = standIn
        return theme
    }

    /// What draws the system font, for `check` and the snapshot report (references made with
    /// SF Pro differ from the stand-in's).
    package var systemFontDescription: String? {
        guard let face = systemFace else { return nil }
        let families = face.text == face.display ? face.text : "\(face.text) and \(face.display)"
        if face.isApples { return "\(families) (installed here)" }
        return "\(families), standing in for SF Pro (not installed here)"
    }
}
