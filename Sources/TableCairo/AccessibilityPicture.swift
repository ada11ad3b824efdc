import TableLayout
import TableModel
import TableTemplates
import TableText

/// The accessibility snapshot as a picture, as AccessibilitySnapshot draws it: the screen with
/// each element's frame outlined in a colour and numbered, and beside it a legend of what VoiceOver
/// reads for each number (label, value, traits, hint), in its order.
package struct AccessibilityPicture {
    package var theme: Theme
    package var text: TextEngine

    /// The legend's width, points.
    static let legendWidth = 360.0
    /// Colours that stay apart from one another and from the screen's greys.
    static let palette: [RGBA] = [
        RGBA(red: 0.90, green: 0.10, blue: 0.29), RGBA(red: 0.00, green: 0.51, blue: 0.78), RGBA(red: 0.24, green: 0.71, blue: 0.29),
        RGBA(red: 0.96, green: 0.51, blue: 0.19), RGBA(red: 0.57, green: 0.12, blue: 0.71), RGBA(red: 0.00, green: 0.50, blue: 0.50),
        RGBA(red: 0.94, green: 0.20, blue: 0.90), RGBA(red: 0.50, green: 0.50, blue: 0.00),
    ]

    package init(theme: Theme, text: TextEngine) {
        self.theme = theme
        self.text = text
    }

    /// The first page of `table` with its elements outlined and numbered, and the legend beside it.
    package func pixels(_ table: LaidOutTable, appearance: Appearance, scale: Double) throws(Diagnostic) -> ARGBImage {
        guard let page = table.pages.first else { throw Diagnostic(at: nil, "nothing to draw") }
        let elements = AccessibilityTree.elements(of: table)
        // The legend's entries, shaped at its width.
        let numberFont = FontSpec(family: theme.font("footnote")?.family ?? "Inter", size: 12, weight: 700, lineHeight: 16)
        let bodyFont = FontSpec(family: theme.font("body")?.family ?? "Inter", size: 14, weight: 400, lineHeight: 19)
        let detailFont = FontSpec(family: theme.font("body")?.family ?? "Inter", size: 12, weight: 400, lineHeight: 16)
        var entries: [(label: ShapedText, detail: ShapedText?, height: Double)] = []
        let textWidth = Self.legendWidth - 48
        for element in elements {
            let label = text.shape(element.label.isEmpty ? "(no label)" : element.label, style: TextStyle(font: bodyFont), width: textWidth)
            var details: [String] = []
            if let value = element.value { details.append("value: \(value)") }
            if !element.traits.isEmpty { details.append(element.traits.joined(separator: ", ")) }
            if let hint = element.hint { details.append("hint: \(hint)") }
            let detail = details.isEmpty ? nil : text.shape(details.joined(separator: " · "), style: TextStyle(font: detailFont), width: textWidth)
            entries.append((label, detail, label.size.height + (detail.map { $0.size.height + 2 } ?? 0) + 12))
        }
        let legendHeight = entries.reduce(16) { $0 + $1.height } + 4
        let width = page.width + Self.legendWidth, height = max(page.height, legendHeight)
        guard (width * scale).rounded(.up) <= Double(maximumPixels), (height * scale).rounded(.up) <= Double(maximumPixels) else {
            throw Diagnostic(at: nil, "the accessibility picture would be more than \(maximumPixels) pixels a side; use a smaller scale")
        }
        let canvas = try Canvas(.image(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)), scale: scale))
        let painter = Painter(theme: theme, appearance: appearance, text: text, scale: scale)
        try painter.draw(page, of: table, on: canvas)
        let ink = appearance == .dark ? RGBA(red: 1, green: 1, blue: 1) : RGBA(red: 0, green: 0, blue: 0)
        let paper = appearance == .dark ? RGBA(red: 0.11, green: 0.11, blue: 0.12) : RGBA(red: 1, green: 1, blue: 1)
        canvas.fill(Rect(x: page.width, y: 0, width: Self.legendWidth, height: height), paper)
        // Each element's frame, and its number in a badge at its top leading corner.
        for (index, element) in elements.enumerated() {
            let color = Self.palette[index % Self.palette.count]
            let frame = element.frame.insetBy(1)
            canvas.fill(frame, RGBA(red: color.red, green: color.green, blue: color.blue, alpha: 0.12))
            canvas.stroke(frame, color, width: 2, radius: 2)
            try badge(index + 1, color: color, x: table.direction == .rightToLeft ? frame.maxX - 9 : frame.x + 9, y: frame.y + 9,
                      font: numberFont, on: canvas)
        }
        // The legend.
        var y = 16.0
        for (index, entry) in entries.enumerated() {
            let color = Self.palette[index % Self.palette.count]
            try badge(index + 1, color: color, x: page.width + 24, y: y + 9, font: numberFont, on: canvas)
            canvas.show(entry.label, x: page.width + 40, top: y, color: ink)
            if let detail = entry.detail {
                canvas.show(detail, x: page.width + 40, top: y + entry.label.size.height + 2, color: RGBA(red: 0.45, green: 0.45, blue: 0.48))
            }
            y += entry.height
        }
        try canvas.check("draw the accessibility picture")
        return canvas.argbImage()
    }

    /// A filled circle with a number in it.
    private func badge(_ number: Int, color: RGBA, x: Double, y: Double, font: FontSpec, on canvas: Canvas) throws(Diagnostic) {
        canvas.fillCircle(x: x, y: y, radius: 9, color)
        let shaped = text.shape(String(number), style: TextStyle(font: font, lines: 1), width: nil)
        canvas.show(shaped, x: x - shaped.size.width / 2, top: y - shaped.size.height / 2, color: RGBA(red: 1, green: 1, blue: 1))
    }
}

private extension Rect {
    func insetBy(_ amount: Double) -> Rect {
        Rect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
