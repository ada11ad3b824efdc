/// iOS's content size categories (the reader's text size setting), smallest to largest.
public enum ContentSizeCategory: String, CaseIterable, Sendable, Hashable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1, AX2, AX3, AX4, AX5

    /// AX1 … AX5, where UIKit's cells lay their texts out anew (`isAccessibilityCategory`).
    package var isAccessibility: Bool { rawValue.hasPrefix("AX") }

    /// The default setting.
    package static let `default` = ContentSizeCategory.large
}

/// Dynamic Type: the size and leading of each text style at each content size category, as
/// Apple's Human Interface Guidelines publish them for iOS (Typography → Dynamic Type sizes;
/// since iOS 11 every style grows in the accessibility sizes).
package enum DynamicType {
    /// The text styles, in the order of the table's columns.
    package static let styles = ["largeTitle", "title1", "title2", "title3", "headline", "body", "callout", "subheadline", "footnote", "caption1", "caption2"]

    /// Size / leading in points per style (columns as `styles`), per category.
    static let table: [ContentSizeCategory: [(size: Double, leading: Double)]] = [
        .xSmall: [(31, 38), (25, 31), (19, 24), (17, 22), (14, 19), (14, 19), (13, 18), (12, 16), (12, 16), (11, 13), (11, 13)],
        .small: [(32, 39), (26, 32), (20, 25), (18, 23), (15, 20), (15, 20), (14, 19), (13, 18), (12, 16), (11, 13), (11, 13)],
        .medium: [(33, 40), (27, 33), (21, 26), (19, 24), (16, 21), (16, 21), (15, 20), (14, 19), (12, 16), (11, 13), (11, 13)],
        .large: [(34, 41), (28, 34), (22, 28), (20, 25), (17, 22), (17, 22), (16, 21), (15, 20), (13, 18), (12, 16), (11, 13)],
        .xLarge: [(36, 43), (30, 37), (24, 30), (22, 28), (19, 24), (19, 24), (18, 23), (17, 22), (15, 20), (14, 19), (13, 18)],
        .xxLarge: [(38, 46), (32, 39), (26, 32), (24, 30), (21, 26), (21, 26), (20, 25), (19, 24), (17, 22), (16, 21), (15, 20)],
        .xxxLarge: [(40, 48), (34, 41), (28, 34), (26, 32), (23, 29), (23, 29), (22, 28), (21, 28), (19, 24), (18, 23), (17, 22)],
        .AX1: [(44, 52), (38, 46), (34, 41), (31, 38), (28, 34), (28, 34), (26, 32), (25, 31), (23, 29), (22, 28), (20, 25)],
        .AX2: [(48, 57), (43, 51), (39, 47), (37, 44), (33, 40), (33, 40), (32, 39), (30, 37), (27, 33), (26, 32), (24, 30)],
        .AX3: [(52, 61), (48, 57), (44, 52), (43, 51), (40, 48), (40, 48), (38, 46), (36, 43), (33, 40), (32, 39), (29, 35)],
        .AX4: [(56, 66), (53, 63), (50, 60), (49, 58), (47, 56), (47, 56), (44, 52), (42, 50), (38, 46), (37, 44), (34, 41)],
        .AX5: [(60, 70), (58, 69), (56, 66), (55, 65), (53, 62), (53, 62), (51, 60), (49, 58), (44, 52), (43, 51), (40, 48)],
    ]

    /// The size and leading of `style` at `category`; nil for a name that is not a text style.
    package static func metrics(_ style: String, _ category: ContentSizeCategory) -> (size: Double, leading: Double)? {
        guard let column = styles.firstIndex(of: style) else { return nil }
        return table[category]![column]
    }

    /// The text style a theme's font token follows: its name (`body`), or its name without an
    /// `Emphasized` suffix (`footnoteEmphasized` is the footnote style, bold).
    package static func style(ofToken token: String) -> String? {
        if styles.contains(token) { return token }
        if token.hasSuffix("Emphasized"), styles.contains(String(token.dropLast(10))) { return String(token.dropLast(10)) }
        return nil
    }
}

extension Theme {
    /// The theme at another content size: a font token named after a text style takes that
    /// style's size and leading at `category` (Apple's table); any other font token scales as
    /// `UIFontMetrics` scales a custom font, by the body style's ratio to its default size.
    /// Fonts a template writes literally (`Inter Bold 17`) keep their size, as a font made with
    /// a size in code does.
    package func scaled(to category: ContentSizeCategory) -> Theme {
        guard category != .large else { return self }
        var theme = self
        let body = DynamicType.metrics("body", category)!, base = DynamicType.metrics("body", .large)!
        for (token, font) in fonts {
            var scaled = font
            if let style = DynamicType.style(ofToken: token), let metrics = DynamicType.metrics(style, category),
               let standard = DynamicType.metrics(style, .large), abs(font.size - standard.size) < 0.01 {
                scaled.size = metrics.size
                scaled.lineHeight = metrics.leading
            } else {
                scaled.size = (font.size * body.size / base.size * 100).rounded() / 100
                scaled.lineHeight = (font.lineHeight * body.leading / base.leading * 100).rounded() / 100
            }
            theme.fonts[token] = scaled.withSystemMetrics()
        }
        theme.contentSize = category
        theme.rowMargin = LayoutMargins.vertical(bodySize: body.size)
        // UIKit's separators are a point thick at the largest size (a device pixel below it).
        if category == .AX5, theme.separatorThickness == nil { theme.separatorThickness = 1 }
        return theme
    }
}
