import TableLayout
import TableModel
import TableTemplates
import TableText

/// A picture of a changeset: the section before and after, side by side, with deleted rows marked
/// red (−), inserted green (+), moved blue (old → new position, joined by a line) and updated
/// amber. Readable by someone who never saw the JSON.
public struct TransitionRenderer {
    public var theme: Theme
    public var text: TextEngine

    public init(theme: Theme, text: TextEngine) {
        self.theme = theme
        self.text = text
    }

    static let colors = (
        deleted: RGBA(red: 1, green: 0.231, blue: 0.188), inserted: RGBA(red: 0.204, green: 0.78, blue: 0.349),
        moved: RGBA(red: 0, green: 0.478, blue: 1), updated: RGBA(red: 1, green: 0.584, blue: 0))

    public func render(before: LaidOutTable, after: LaidOutTable, changeset: Changeset, title: String, from: String, to: String,
                       appearance: Appearance, scale: Double) throws(Diagnostic) -> [UInt8] {
        guard let left = before.pages.first, let right = after.pages.first else { return [] }
        let margin = 24.0, gap = 72.0, heading = 104.0
        let width = margin * 2 + left.width + gap + right.width
        let height = heading + max(left.height, right.height) + margin
        let canvas = try Canvas(.image(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)), scale: scale))
        let painter = Painter(theme: theme, appearance: appearance, text: text)
        let background = painter.color(before.background)
        let ink = painter.color("label"), secondary = painter.color("secondaryLabel")
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), background)

        let titleFont = FontSpec(family: theme.font("headline")?.family ?? "Inter", size: 17, weight: 600, lineHeight: 22)
        let smallFont = FontSpec(family: theme.font("footnote")?.family ?? "Inter", size: 13, weight: 400, lineHeight: 18)
        let badgeFont = FontSpec(family: titleFont.family, size: 12, weight: 700, lineHeight: 16)
        func label(_ string: String, _ font: FontSpec, x: Double, y: Double, color: RGBA) {
            canvas.show(text.shape(string, style: TextStyle(font: font), width: nil), x: x, top: y, color: color)
        }
        label(title, titleFont, x: margin, y: 16, color: ink)
        label(from, titleFont, x: margin, y: heading - 30, color: secondary)
        label(to, titleFont, x: margin + left.width + gap, y: heading - 30, color: secondary)
        var legendX = margin
        for (name, color) in [("− deleted", Self.colors.deleted), ("+ inserted", Self.colors.inserted),
                              ("↕ moved (old → new row)", Self.colors.moved), ("● updated", Self.colors.updated)] {
            label(name, smallFont, x: legendX, y: 46, color: color)
            legendX += Double(text.measure(name, style: TextStyle(font: smallFont), width: nil).width) + 18
        }

        canvas.save()
        canvas.translate(x: margin, y: heading)
        try painter.draw(left, of: before, on: canvas, coversSurface: false)
        canvas.restore()
        canvas.save()
        canvas.translate(x: margin + left.width + gap, y: heading)
        try painter.draw(right, of: after, on: canvas, coversSurface: false)
        canvas.restore()

        func rows(_ page: Page) -> [Int: Rect] {
            Dictionary(page.blocks.compactMap { block in block.kind == .row ? block.item.map { ($0, block.frame) } : nil }, uniquingKeysWith: { a, _ in a })
        }
        let oldRows = rows(left), newRows = rows(right)
        let rightX = margin + left.width + gap
        func mark(_ frame: Rect?, dx: Double, color: RGBA, badge: String) {
            guard let frame else { return }
            let box = Rect(x: frame.x + dx, y: frame.y + heading, width: frame.width, height: frame.height)
            canvas.fill(box, RGBA(red: color.red, green: color.green, blue: color.blue, alpha: 0.16))
            canvas.fill(Rect(x: box.x, y: box.y, width: 4, height: box.height), color)
            let size = text.measure(badge, style: TextStyle(font: badgeFont), width: nil)
            let pill = Rect(x: box.maxX - size.width - 20, y: box.y + (box.height - 20) / 2, width: size.width + 14, height: 20)
            canvas.fill(pill, color, radius: 10)
            label(badge, badgeFont, x: pill.x + 7, y: pill.y + 2, color: RGBA(red: 1, green: 1, blue: 1))
        }
        let updatedOld = Set(changeset.updates)
        for index in changeset.deletes { mark(oldRows[index], dx: margin, color: Self.colors.deleted, badge: "−") }
        for index in changeset.inserts { mark(newRows[index], dx: rightX, color: Self.colors.inserted, badge: "+") }
        for move in changeset.moves {
            let badge = "\(move.from + 1) → \(move.to + 1)"
            mark(oldRows[move.from], dx: margin, color: Self.colors.moved, badge: badge)
            mark(newRows[move.to], dx: rightX, color: Self.colors.moved, badge: badge)
            if let a = oldRows[move.from], let b = newRows[move.to] {
                canvas.strokeLines([(margin + a.maxX, heading + a.y + a.height / 2), (rightX + b.x, heading + b.y + b.height / 2)],
                                   Self.colors.moved, width: 2)
            }
        }
        // Updates are matched by id: the same row before (old index) and after.
        let beforeIDs = Dictionary(uniqueKeysWithValues: left.blocks.compactMap { $0.kind == .row ? ($0.id, $0.item ?? 0) : nil })
        let afterIDs = Dictionary(uniqueKeysWithValues: right.blocks.compactMap { $0.kind == .row ? ($0.id, $0.item ?? 0) : nil })
        for (id, oldIndex) in beforeIDs where updatedOld.contains(oldIndex) {
            mark(oldRows[oldIndex], dx: margin, color: Self.colors.updated, badge: "updated")
            if let newIndex = afterIDs[id] { mark(newRows[newIndex], dx: rightX, color: Self.colors.updated, badge: "updated") }
        }
        try canvas.check("draw the transition")
        return try PNGRenderer.encode([canvas.pixels()], level: PNGEncoder.defaultLevel)[0]
    }
}
