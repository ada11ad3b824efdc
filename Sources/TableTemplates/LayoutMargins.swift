/// UIKit's layout margins of a table's cells: where a built-in cell's text starts (and so its
/// separator), and how far its text stays from its top and bottom. A template names them with
/// the word `margin` in `padding` or `margin` (`padding="margin"`, `padding="0 margin"`), and a
/// theme's table style in `contentInset` and `separatorInset`; each side takes its own value.
package struct LayoutMargins: Sendable, Hashable {
    /// Above and below: 11 pt at the default text size.
    package var vertical: Double
    /// Leading and trailing: 16 pt, or 20 on a wide screen (`side(screen:cell:)`).
    package var side: Double

    package init(vertical: Double, side: Double) {
        self.vertical = vertical
        self.side = side
    }

    /// The margins at the default text size on a phone narrower than 393 pt.
    package static let standard = LayoutMargins(vertical: 11, side: 16)

    /// The side margin of a cell: 20 pt on a screen from 393 pt wide (iPhone 15, the Plus and
    /// Max phones, iPads) when the cell itself is wider than 320 pt, 16 pt otherwise. Measured
    /// on the frames Interface Builder stored in public apps' files: 16 on 320, 375 and 390 pt
    /// screens whatever the cell's width; 20 on 393, 414, 430 and 440 pt screens for cells of
    /// 331 pt and wider, 16 for cells of 320 pt and less. (The canvas of Xcode 10 and before gave
    /// a cell wider than the screen the margins of a screen as wide as the cell; `AutoLayout`'s
    /// design frames follow it.)
    package static func side(screen: Double, cell: Double) -> Double {
        screen >= 393 && cell > 320 ? 20 : 16
    }

    /// The vertical margin at a text size whose body style is `bodySize` points: 11 at the
    /// default 17, growing with the text so that a default cell of one line is 127 pt tall at
    /// AX5 (body 53 pt on 62 pt lines: 32.5 above and below), as UIKit's built-in cells are;
    /// in between by the body size, to the half point.
    package static func vertical(bodySize: Double) -> Double {
        let value = 11 + (bodySize - 17) * (32.5 - 11) / (53 - 17)
        return (max(0, value) * 2).rounded() / 2
    }

    /// Whether an `insets` text names the margins.
    package static func isNamed(in text: String) -> Bool {
        text.split(whereSeparator: { $0 == " " || $0 == "," }).contains("margin")
    }
}
