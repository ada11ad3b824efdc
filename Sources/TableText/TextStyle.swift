import TableTemplates

/// How a piece of text is set: everything Pango and CSS need to agree on a line break.
public struct TextStyle: Sendable, Hashable {
    public enum Alignment: String, Sendable, Hashable { case natural, leading, center, trailing, justified }
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
