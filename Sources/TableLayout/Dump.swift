import TableModel

extension LaidOutTable {
    /// A text dump of every page, block and view frame: one golden file checks a whole layout.
    public var dump: String {
        var lines: [String] = ["table \(table.style.rawValue) width=\(fmt(width)) height=\(fmt(contentHeight)) pages=\(pages.count)"]
        for (number, page) in pages.enumerated() {
            lines.append("page \(number + 1) \(fmt(page.width))×\(fmt(page.height))")
            for group in page.groups {
                lines.append("  group s\(group.section) \(group.frame) radius=\(fmt(group.cornerRadius))\(group.roundsTop ? " top" : "")\(group.roundsBottom ? " bottom" : "")")
            }
            for block in page.blocks {
                var line = "  \(block.kind.rawValue) s\(block.section)"
                if let item = block.item { line += " i\(item) \(block.id)" }
                line += " \(block.frame)"
                if let separator = block.separator { line += " separator x=\(fmt(separator.x)) w=\(fmt(separator.width))" }
                if block.repeated { line += " repeated" }
                if block.contentOffset > 0 || block.continues {
                    line += " piece from=\(fmt(block.contentOffset))\(block.continues ? " continues" : "")"
                }
                if let link = block.link { line += " link=\(link)" }
                lines.append(line)
                if let content = block.content { dump(content, depth: 2, into: &lines) }
            }
        }
        return lines.joined(separator: "\n")
    }

    private func dump(_ view: LaidOutView, depth: Int, into lines: inout [String]) {
        var line = String(repeating: "  ", count: depth) + view.style.kindName + " \(view.frame)"
        switch view.style.content {
        case .label(let text, let style, _):
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            line += " \"\(shown.replacingOccurrences(of: "\n", with: "\\n"))\" \(style.font)\(style.lines == 1 ? "" : " lines=\(style.lines)")"
        case .image(let path, _, _): line += " " + (path.split(separator: "/").last.map(String.init) ?? path)
        case .toggle(let on, _): line += on ? " on" : " off"
        case .accessory(let accessory, _): line += " " + accessory.rawValue
        default: break
        }
        lines.append(line)
        for child in view.children { dump(child, depth: depth + 1, into: &lines) }
    }
}

extension LaidOutTable {
    /// The layout as JSON: every page, block and view with its frame (x, y, width, height in
    /// points; a block's in page coordinates, a view's relative to its parent), a label's lines
    /// as set. For snapshot tests of a layout, and for comparing it with a browser's.
    package var json: String {
        var out = "{\"width\": \(JSONText.number(width)), \"height\": \(JSONText.number(contentHeight)), \"pages\": ["
        for (pageIndex, page) in pages.enumerated() {
            if pageIndex > 0 { out += ", " }
            out += "{\"width\": \(JSONText.number(page.width)), \"height\": \(JSONText.number(page.height)), \"blocks\": ["
            for (index, block) in page.blocks.enumerated() {
                if index > 0 { out += ",\n" }
                out += "{\"kind\": \"\(block.kind.rawValue)\", \"id\": \(JSONText.string(block.id)), \"section\": \(block.section), "
                out += "\"frame\": \(JSONText.frame(block.frame))"
                if let content = block.content { out += ", \"view\": "; Self.json(content, into: &out) }
                out += "}"
            }
            out += "]}"
        }
        return out + "]}\n"
    }

    private static func json(_ view: LaidOutView, into out: inout String) {
        out += "{\"kind\": \"\(view.style.kindName)\", \"frame\": \(JSONText.frame(view.frame))"
        if let id = view.style.id { out += ", \"id\": \(JSONText.string(id))" }
        if let lines = view.textLines { out += ", \"lines\": [" + lines.lines.map(JSONText.string).joined(separator: ", ") + "]" }
        if !view.children.isEmpty {
            out += ", \"children\": ["
            for (index, child) in view.children.enumerated() {
                if index > 0 { out += ", " }
                json(child, into: &out)
            }
            out += "]"
        }
        out += "}"
    }
}

extension JSONText {
    static func frame(_ rect: Rect) -> String { "[\(number(rect.x)), \(number(rect.y)), \(number(rect.width)), \(number(rect.height))]" }
}
