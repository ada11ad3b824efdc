import TableLayout
import TableModel
import TableTemplates
import TableText

/// A picture of a changeset: the section before and after, side by side, with deleted rows marked
/// red (−), inserted green (+), moved blue (old → new position, joined by a line) and updated
/// amber. Readable by someone who never saw the JSON.
package struct TransitionRenderer {
    package var theme: Theme
    package var text: TextEngine

    package init(theme: Theme, text: TextEngine) {
        self.theme = theme
        self.text = text
    }

    static let colors = (
        deleted: RGBA(red: 1, green: 0.231, blue: 0.188), inserted: RGBA(red: 0.204, green: 0.78, blue: 0.349),
        moved: RGBA(red: 0, green: 0.478, blue: 1), updated: RGBA(red: 1, green: 0.584, blue: 0))

    /// The badge of a moved row: its old and new indices, counted from 0 as `changes.json` and
    /// UITableView's index paths count them; for a move whose index did not change (the rows
    /// around it moved past it), that index.
    static func moveBadge(from: Int, to: Int) -> String {
        from == to ? "moved, at \(to)" : "\(from) → \(to)"
    }

    package func render(before: LaidOutTable, after: LaidOutTable, changeset: Changeset, title: String, from: String, to: String,
                       appearance: Appearance, scale: Double) throws(Diagnostic) -> [UInt8] {
        guard let left = before.pages.first, let right = after.pages.first else { return [] }
        let badgeFont = FontSpec(family: theme.font("headline")?.family ?? "Inter", size: 12, weight: 700, lineHeight: 16)
        func moveBadge(_ move: (from: Int, to: Int)) -> String { Self.moveBadge(from: move.from, to: move.to) }
        // Badges stand outside the rows (in the margins), never over their content: the margins
        // are as wide as the widest badge.
        let badges = ["−", "+", "updated"] + changeset.moves.map { moveBadge(($0.from, $0.to)) }
        let widest = badges.map { text.measure($0, style: TextStyle(font: badgeFont), width: nil).width + 14 }.max() ?? 0
        let margin = 24.0 + widest + 8, gap = 72.0, heading = 104.0
        let width = margin * 2 + left.width + gap + right.width
        let height = heading + max(left.height, right.height) + margin
        let canvas = try Canvas(.image(width: Int((width * scale).rounded(.up)), height: Int((height * scale).rounded(.up)), scale: scale))
        let painter = Painter(theme: theme, appearance: appearance, text: text, scale: scale)
        let background = painter.color(before.background)
        let ink = painter.color("label"), secondary = painter.color("secondaryLabel")
        canvas.fill(Rect(x: 0, y: 0, width: width, height: height), background)

        let titleFont = FontSpec(family: theme.font("headline")?.family ?? "Inter", size: 17, weight: 600, lineHeight: 22)
        let smallFont = FontSpec(family: theme.font("footnote")?.family ?? "Inter", size: 13, weight: 400, lineHeight: 18)
        func label(_ string: String, _ font: FontSpec, x: Double, y: Double, color: RGBA) {
            canvas.show(text.shape(string, style: TextStyle(font: font), width: nil), x: x, top: y, color: color)
        }
        label(title, titleFont, x: margin, y: 16, color: ink)
        label(from, titleFont, x: margin, y: heading - 30, color: secondary)
        label(to, titleFont, x: margin + left.width + gap, y: heading - 30, color: secondary)
        var legendX = margin
        for (name, color) in [("− deleted", Self.colors.deleted), ("+ inserted", Self.colors.inserted),
                              ("↕ moved (old → new index, from 0)", Self.colors.moved), ("● updated", Self.colors.updated)] {
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

        /// Each row's frame, and the rounded shape of its section it is drawn in (insetGrouped).
        func rows(_ page: Page) -> [Int: (frame: Rect, group: Group?)] {
            var result: [Int: (frame: Rect, group: Group?)] = [:]
            for block in page.blocks where block.kind == .row {
                guard let item = block.item, result[item] == nil else { continue }
                let group = page.groups.first { $0.section == block.section && $0.frame.y <= block.frame.y + 0.5 && $0.frame.maxY >= block.frame.maxY - 0.5 }
                result[item] = (block.frame, group)
            }
            return result
        }
        let oldRows = rows(left), newRows = rows(right)
        let rightX = margin + left.width + gap
        func mark(_ row: (frame: Rect, group: Group?)?, dx: Double, color: RGBA, badge: String, badgeOnLeft: Bool) {
            guard let row else { return }
            let frame = row.frame
            let box = Rect(x: frame.x + dx, y: frame.y + heading, width: frame.width, height: frame.height)
            // The highlight keeps to the section's rounded corners.
            canvas.save()
            if let group = row.group, group.cornerRadius > 0 {
                canvas.clip(group.frame.offsetBy(dx: dx, dy: heading), radius: group.cornerRadius, roundTop: group.roundsTop, roundBottom: group.roundsBottom)
            }
            canvas.fill(box, RGBA(red: color.red, green: color.green, blue: color.blue, alpha: 0.16))
            canvas.fill(Rect(x: box.x, y: box.y, width: 4, height: box.height), color)
            canvas.restore()
            // In the margin beside its table: left of the table before, right of the table after.
            let pillWidth = text.measure(badge, style: TextStyle(font: badgeFont), width: nil).width + 14
            let pill = Rect(x: badgeOnLeft ? margin - 8 - pillWidth : rightX + right.width + 8, y: box.y + (box.height - 20) / 2,
                            width: pillWidth, height: 20)
            canvas.fill(pill, color, radius: 10)
            label(badge, badgeFont, x: pill.x + 7, y: pill.y + 2, color: RGBA(red: 1, green: 1, blue: 1))
        }
        let updatedOld = Set(changeset.updates)
        for index in changeset.deletes { mark(oldRows[index], dx: margin, color: Self.colors.deleted, badge: "−", badgeOnLeft: true) }
        for index in changeset.inserts { mark(newRows[index], dx: rightX, color: Self.colors.inserted, badge: "+", badgeOnLeft: false) }
        for move in changeset.moves {
            let badge = moveBadge((move.from, move.to))
            mark(oldRows[move.from], dx: margin, color: Self.colors.moved, badge: badge, badgeOnLeft: true)
            mark(newRows[move.to], dx: rightX, color: Self.colors.moved, badge: badge, badgeOnLeft: false)
            if let a = oldRows[move.from]?.frame, let b = newRows[move.to]?.frame {
                canvas.strokeLines([(margin + a.maxX, heading + a.y + a.height / 2), (rightX + b.x, heading + b.y + b.height / 2)],
                                   Self.colors.moved, width: 2)
            }
        }
        // Updates are matched by id: the same row before (old index) and after.
        let beforeIDs = Dictionary(uniqueKeysWithValues: left.blocks.compactMap { $0.kind == .row ? ($0.id, $0.item ?? 0) : nil })
        let afterIDs = Dictionary(uniqueKeysWithValues: right.blocks.compactMap { $0.kind == .row ? ($0.id, $0.item ?? 0) : nil })
        for (id, oldIndex) in beforeIDs where updatedOld.contains(oldIndex) {
            mark(oldRows[oldIndex], dx: margin, color: Self.colors.updated, badge: "updated", badgeOnLeft: true)
            if let newIndex = afterIDs[id] { mark(newRows[newIndex], dx: rightX, color: Self.colors.updated, badge: "updated", badgeOnLeft: false) }
        }
        try canvas.check("draw the transition")
        return try PNGRenderer.encode([canvas.pixels()], level: PNGEncoder.defaultLevel)[0]
    }
}
