/// The reader's Increase Contrast setting, as UIKit's `UIAccessibilityContrast` names it: at
/// `high` every colour token with a high-contrast value (the system colours' in the `ios` theme,
/// a colour set's `"contrast": "high"` variant) is drawn with it, light or dark.
public enum Contrast: String, Sendable, Hashable, CaseIterable {
    case normal, high
}

extension Theme {
    /// The theme at the reader's contrast setting: at `high`, each token's high-contrast colours
    /// replace its normal ones (a token without any keeps them, as a colour set without a
    /// high-contrast variant does in UIKit).
    package func contrasted(_ contrast: Contrast) -> Theme {
        guard contrast != self.contrast else { return self }
        var theme = self
        theme.contrast = contrast
        for (name, colors) in highContrastColors {
            if contrast == .high {
                theme.normalColors[name] = theme.colors[name]
                theme.colors[name] = colors
            } else if let normal = normalColors[name] {
                theme.colors[name] = normal
            }
        }
        if contrast == .normal { theme.normalColors = [:] }
        return theme
    }

    /// Adds colour tokens (an asset catalog's colour sets) at this theme's contrast: `normal` and
    /// `high` are a set's two variants (the same when it has no high-contrast one).
    package mutating func addColor(_ name: String, normal: (light: RGBA, dark: RGBA), high: (light: RGBA, dark: RGBA)?) {
        colors[name] = contrast == .high ? high ?? normal : normal
        highContrastColors[name] = high
        normalColors[name] = contrast == .high && high != nil ? normal : nil
    }
}
