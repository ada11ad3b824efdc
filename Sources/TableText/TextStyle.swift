import TableTemplates

/// How a piece of text is set: everything Pango and CSS need to agree on a line break.
public struct TextStyle: Sendable, Hashable {
    /// `natural`, `leading` and `trailing` follow the text's own direction (a paragraph of
    /// Arabic starts at the right); `left` and `right` are where every line goes whatever its
    /// direction: a right-to-left layout aligns a label's natural text right (`inLayout`).
    package enum Alignment: String, Sendable, Hashable { case natural, leading, center, trailing, justified, left, right

        /// The alignment a label written with this one has in a layout going `direction`: in a
        /// right-to-left layout, natural and leading text is on the right and trailing text on
        /// the left whatever its language (UIKit's natural alignment follows the layout's
        /// direction); left to right, unchanged.
        package func inLayout(_ direction: LayoutDirection) -> Alignment {
            guard direction == .rightToLeft else { return self }
            switch self {
            case .natural, .leading: return .right
            case .trailing: return .left
            case .center, .justified, .left, .right: return self
            }
        }
    }
    package enum Truncation: String, Sendable, Hashable { case tail, head, middle, clip }

    package var font: FontSpec
    /// 0 for no limit.
    package var lines: Int
    package var alignment: Alignment
    package var truncation: Truncation

    package init(font: FontSpec, lines: Int = 0, alignment: Alignment = .natural, truncation: Truncation = .tail) {
        self.font = font
        self.lines = lines
        self.alignment = alignment
        self.truncation = truncation
    }
}

/// A measured text block.
package struct TextSize: Sendable, Hashable {
    package var width: Double
    package var height: Double
    package var lineCount: Int

    package init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }

    package static let zero = TextSize(width: 0, height: 0, lineCount: 0)
}
