import TableTemplates

/// How a piece of text is set: everything Pango and CSS need to agree on a line break.
public struct TextStyle: Sendable, Hashable {
    /// `natural`, `leading` and `trailing` follow the text's own direction (a paragraph of
    /// Arabic starts at the right); `left` and `right` are where every line goes whatever its
    /// direction: a right-to-left layout aligns a label's natural text right (`inLayout`).
    public enum Alignment: String, Sendable, Hashable { case natural, leading, center, trailing, justified, left, right

        /// The alignment a label written with this one has in a layout going `direction`: in a
        /// right-to-left layout, natural and leading text is on the right and trailing text on
        /// the left whatever its language (UIKit's natural alignment follows the layout's
        /// direction); left to right, unchanged.
        public func inLayout(_ direction: LayoutDirection) -> Alignment {
            guard direction == .rightToLeft else { return self }
            switch self {
            case .natural, .leading: return .right
            case .trailing: return .left
            case .center, .justified, .left, .right: return self
            }
        }
    }
    public enum Truncation: String, Sendable, Hashable { case tail, head, middle, clip }

    public var font: FontSpec
    /// 0 for no limit.
    public var lines: Int
    public var alignment: Alignment
    public var truncation: Truncation

    public init(font: FontSpec, lines: Int = 0, alignment: Alignment = .natural, truncation: Truncation = .tail) {
        self.font = font
        self.lines = lines
        self.alignment = alignment
        self.truncation = truncation
    }
}

/// A measured text block.
public struct TextSize: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var lineCount: Int

    public init(width: Double, height: Double, lineCount: Int) {
        self.width = width
        self.height = height
        self.lineCount = lineCount
    }

    public static let zero = TextSize(width: 0, height: 0, lineCount: 0)
}
