import TableModel
import TableText
import TableTemplates

/// A rectangle in points, origin top left.
public struct Rect: Sendable, Hashable, CustomStringConvertible {
    /// The origin (top left) and the size, in points.
    public var x, y, width, height: Double

    /// A rectangle at (`x`, `y`) of `width` × `height` points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }

    /// Its right edge.
    public var maxX: Double { x + width }
    /// Its bottom edge.
    public var maxY: Double { y + height }

    /// The same rectangle moved by `dx` and `dy`.
    public func offsetBy(dx: Double, dy: Double) -> Rect { Rect(x: x + dx, y: y + dy, width: width, height: height) }

    /// `x,y width×height`, at most two decimals (as dumps print it).
    public var description: String { "\(fmt(x)),\(fmt(y)) \(fmt(width))×\(fmt(height))" }
}

/// Numbers in dumps: at most 2 decimals, no trailing zeros.
func fmt(_ value: Double) -> String { DecimalText.exact(value, places: 2) ?? String(value) }

/// A view with its frame, relative to the row (or header, footer) it belongs to.
public struct LaidOutView: Sendable, Hashable {
    /// What it shows and how (content, id, paddings, sizes, colours).
    public var style: ViewStyle
    /// Its frame in its parent's coordinates (a row's root view: in the row's).
    public var frame: Rect
    /// Its subviews, in drawing order.
    public var children: [LaidOutView]
    /// A label's text as shaped at its width, when the layout is to be drawn: the renderers
    /// draw these very glyphs.
    package var text: ShapedText?
    /// A label's lines as text, when the layout only measures for an HTML page.
    package var lines: TextLines?
    /// The height its content asks for (padding included), before its minimum and maximum:
    /// what a column flexes it from (CSS flex base size).
    package var naturalHeight: Double = 0
    /// A label's number of lines as set (whatever height the label was given): where its last
    /// baseline is.
    package var lineCount: Int = 0
    /// In a wrapping row, the line the view is on (0 first).
    package var wrapLine: Int = 0

    package init(style: ViewStyle, frame: Rect, children: [LaidOutView], text: ShapedText? = nil, lines: TextLines? = nil) {
        self.style = style
        self.frame = frame
        self.children = children
        self.text = text
        self.lines = lines
    }

    /// A label's lines as text, from what the layout kept.
    package var textLines: TextLines? { lines ?? text?.textLines }
}

/// The stack layout: a single-line flexbox (CSS Flexible Box Layout, §9), so that a browser
/// given the same sizes as `display: flex` lays the HTML out the same way. A label keeps CSS's
/// automatic minimum width (its min-content: its longest word) unless the template sets a
/// minimum; every other view behaves as with `min-width: 0; min-height: 0` (a choice the HTML
/// states), and a label's minimum height is 0.
package struct FlexLayout {
    let text: TextEngine
    /// Interface Builder templates, laid out by their constraints with the same text engine.
    package let autoLayout: AutoLayout

    package init(text: TextEngine) {
        self.text = text
        autoLayout = AutoLayout(text: text)
    }

    /// Lays `view` out at a definite width, and a definite height or its content height.
    package func layout(_ view: BoundView, width: Double, height: Double?) -> LaidOutView {
        let style = view.style
        // A fixed height is definite: the content is laid out in it.
        let height = height ?? style.height
        // No box is narrower than its padding (CSS `box-sizing: border-box`).
        let width = max(style.padding[1] + style.padding[3], clamp(width, style.minWidth, style.maxWidth))
        let innerWidth = max(0, width - style.padding[1] - style.padding[3])
        let definiteInner = height.map { max(0, clamp($0, style.minHeight, style.maxHeight) - style.padding[0] - style.padding[2]) }
        var children: [LaidOutView] = []
        var contentHeight: Double
        var shaped: ShapedText?
        var lines: TextLines?
        var lineCount = 0
        // Overlays are placed once the box's size is known.
        var flowing = style.holdsOverlay ? view.children.filter { $0.style.overlay == nil } : view.children
        if flowing.contains(where: { $0.style.percents?.hasHeights == true }) {
            flowing = flowing.map { Self.resolvingHeightPercents($0, in: definiteInner) }
        }
        switch style.content {
        case .stack(let axis, let spacing, let alignment, let distribution):
            if axis == .horizontal, style.wraps {
                (children, contentHeight) = layoutWrappingRow(flowing, width: innerWidth, height: definiteInner, spacing: spacing,
                                                              lineSpacing: style.lineSpacing, alignment: alignment, distribution: distribution)
            } else if axis == .horizontal {
                (children, contentHeight) = layoutRow(flowing, width: innerWidth, height: definiteInner, spacing: spacing, alignment: alignment, distribution: distribution)
            } else {
                (children, contentHeight) = layoutColumn(flowing, width: innerWidth, height: definiteInner, spacing: spacing, alignment: alignment, distribution: distribution)
            }
        case .box:
            (children, contentHeight) = layoutColumn(flowing, width: innerWidth, height: definiteInner, spacing: 0, alignment: .fill, distribution: .fill)
        case .label(let string, let textStyle, _):
            if text.drawsText, !string.isEmpty {
                shaped = text.shape(string, style: textStyle, width: innerWidth, source: style.valueKey)
                contentHeight = shaped?.size.height ?? 0
                lineCount = shaped?.size.lineCount ?? 0
            } else if text.keepsLines, !string.isEmpty {
                lines = text.lines(string, style: textStyle, width: innerWidth, source: style.valueKey)
                contentHeight = lines?.size.height ?? 0
                lineCount = lines?.size.lineCount ?? 0
            } else {
                let size = text.measure(string, style: textStyle, width: innerWidth, source: style.valueKey)
                contentHeight = size.height
                lineCount = size.lineCount
            }
        default:
            contentHeight = 0
        }
        let naturalHeight = contentHeight + style.padding[0] + style.padding[2]
        let finalHeight = max(style.padding[0] + style.padding[2], clamp(height ?? naturalHeight, style.minHeight, style.maxHeight))
        if height == nil, abs(finalHeight - naturalHeight) > 0.0005, !view.children.isEmpty {
            // A minimum or maximum height made the box taller or shorter than its content: as
            // in a browser (CSS Flexbox §9.4, a single-line container's line takes the
            // container's clamped cross size, and §9.7 flexes items in its clamped main size),
            // the content is laid out again in the height the box has.
            switch style.content {
            case .stack, .box:
                var relaid = layout(view, width: width, height: finalHeight)
                relaid.naturalHeight = max(style.padding[0] + style.padding[2], naturalHeight)
                return relaid
            default: break
            }
        }
        children = children.map { child in
            var moved = child
            moved.frame = child.frame.offsetBy(dx: style.padding[3], dy: style.padding[0])
            return moved
        }
        if style.holdsOverlay {
            children = placingOverlays(of: view, flowing: children, width: width, height: finalHeight)
        }
        var laidOut = LaidOutView(style: style, frame: Rect(x: 0, y: 0, width: width, height: finalHeight), children: children, text: shaped, lines: lines)
        laidOut.naturalHeight = max(style.padding[0] + style.padding[2], style.height ?? naturalHeight)
        laidOut.lineCount = lineCount
        return laidOut
    }

    /// The children of `view` in document order: the flowing ones as laid out, each overlay
    /// placed against the parent's padding box as CSS places an absolutely positioned child of
    /// a `position: relative` flex container. On each axis an offset pins that edge; with both,
    /// the overlay spans between them; with neither, it stands where the stack would put a sole
    /// child (the static position: within the content box, or a vertical fillEqually stack's
    /// padding box), by its distribution along the axis and its alignment across it. A width
    /// not given is fit-content in what the pinned edges (or the static position) leave.
    func placingOverlays(of view: BoundView, flowing: [LaidOutView], width: Double, height: Double) -> [LaidOutView] {
        let style = view.style
        var placed: [LaidOutView] = []
        var next = flowing.makeIterator()
        let (axis, alignment, distribution): (Axis, StackAlignment, StackDistribution)
        if case .stack(let stackAxis, _, let stackAlignment, let stackDistribution) = style.content {
            (axis, alignment, distribution) = (stackAxis, stackAlignment, stackDistribution)
        } else {
            (axis, alignment, distribution) = (.vertical, .fill, .fill)
        }
        // The static position's rectangle and how a sole child is placed in it on each axis.
        let isGrid = axis == .vertical && distribution == .fillEqually
        let rect = isGrid ? Rect(x: 0, y: 0, width: width, height: height)
            : Rect(x: style.padding[3], y: style.padding[0], width: width - style.padding[1] - style.padding[3], height: height - style.padding[0] - style.padding[2])
        /// Where a sole child stands on an axis by the stack's distribution or alignment there.
        func placement(_ distribution: StackDistribution) -> String {
            switch distribution {
            case .center: return "center"
            case .trailing: return "end"
            default: return "start"
            }
        }
        func placement(_ alignment: StackAlignment) -> String {
            switch alignment {
            case .center: return "center"
            case .trailing, .lastBaseline: return "end"
            default: return "start"
            }
        }
        let horizontal = axis == .horizontal ? placement(distribution) : placement(alignment)
        let vertical = isGrid ? "start" : (axis == .horizontal ? placement(alignment) : placement(distribution))
        /// On one axis: the room an auto size is fitted in, and where the view starts once its size is known.
        func span(start: Double?, end: Double?, total: Double, rectStart: Double, rectSize: Double, placement: String) -> (room: Double, position: (Double) -> Double) {
            switch (start, end) {
            case (let start?, let end?): return (total - start - end, { _ in start })
            case (let start?, nil): return (total - start, { _ in start })
            case (nil, let end?): return (total - end, { total - end - $0 })
            case (nil, nil):
                switch placement {
                case "center":
                    // Centred on the static rectangle's centre, in as much room as that leaves
                    // on the nearer side, twice.
                    let centre = rectStart + rectSize / 2
                    return (2 * max(0, min(centre, total - centre)), { centre - $0 / 2 })
                case "end": return (rectStart + rectSize, { rectStart + rectSize - $0 })
                default: return (total - rectStart, { _ in rectStart })
                }
            }
        }
        for unresolved in view.children {
            guard let insets = unresolved.style.overlay else {
                if let laidOut = next.next() { placed.append(laidOut) }
                continue
            }
            // An overlay's percentages are of the parent's padding box.
            let child = Self.resolvingHeightPercents(Self.resolvingPercents(unresolved, in: width), in: height)
            let childStyle = child.style
            let across = span(start: insets.left, end: insets.right, total: width, rectStart: rect.x, rectSize: rect.width, placement: horizontal)
            let down = span(start: insets.top, end: insets.bottom, total: height, rectStart: rect.y, rectSize: rect.height, placement: vertical)
            let childWidth: Double
            if let fixed = childStyle.width {
                childWidth = fixed
            } else if insets.left != nil, insets.right != nil {
                childWidth = across.room
            } else {
                childWidth = min(max(minimumContentWidth(child), across.room), preferredWidth(child))
            }
            let clampedWidth = max(childStyle.padding[1] + childStyle.padding[3], clamp(childWidth, childStyle.minWidth, childStyle.maxWidth))
            let childHeight: Double? = childStyle.height == nil && insets.top != nil && insets.bottom != nil ? max(0, down.room) : nil
            var laidOut = layout(child, width: clampedWidth, height: childHeight)
            laidOut.frame.x = across.position(laidOut.frame.width)
            laidOut.frame.y = down.position(laidOut.frame.height)
            placed.append(laidOut)
        }
        return placed
    }

    /// Lays out a row's, header's or footer's root view in the cell's width: at its own width
    /// when it has one (within its minimum and maximum), as the page's block box does.
    /// A template's root view laid out at `width`; right to left, mirrored (`LaidOutView.mirrored`).
    package func layoutRoot(_ view: BoundView, width: Double, height: Double?, direction: LayoutDirection = .leftToRight) -> LaidOutView {
        let view = Self.resolvingPercents(view, in: width)
        let laidOut = layout(view, width: view.style.width ?? width, height: height)
        return direction == .rightToLeft ? laidOut.mirrored(in: width) : laidOut
    }

    /// The max-content width: what the view takes on one line with no constraint.
    package func preferredWidth(_ view: BoundView) -> Double {
        let style = view.style
        return max(style.padding[1] + style.padding[3], clamp(flexBaseWidth(view), style.minWidth, style.maxWidth))
    }

    /// The width a row starts a flex item from (CSS flex base size, `flex-basis: auto`): its
    /// fixed width or its max-content width, not yet clamped by its minimum and maximum.
    func flexBaseWidth(_ view: BoundView) -> Double {
        let style = view.style
        if let width = style.width { return width }
        let horizontalPadding = style.padding[1] + style.padding[3]
        let content: Double
        switch style.content {
        case .stack(let axis, let spacing, _, _):
            content = Self.combine(view.children, sideBySide: axis == .horizontal, spacing: spacing) { preferredWidth($0) }
        case .box:
            content = Self.combine(view.children, sideBySide: false, spacing: 0) { preferredWidth($0) }
        case .label(let string, let textStyle, _):
            content = text.measure(string, style: textStyle, width: nil, source: style.valueKey).width
        default:
            content = 0
        }
        return content + horizontalPadding
    }

    /// The children's widths with their margins (overlays take no room), side by side with the
    /// spacing between them or the widest: a stack's or box's content width.
    static func combine(_ children: [BoundView], sideBySide: Bool, spacing: Double, width: (BoundView) -> Double) -> Double {
        var total = 0.0, widest = 0.0, count = 0
        for child in children where child.style.overlay == nil {
            let outer = width(child) + horizontalMargins(child)
            total += outer
            widest = max(widest, outer)
            count += 1
        }
        return sideBySide ? total + spacing * Double(max(0, count - 1)) : widest
    }

    /// The min-content width: the narrowest the view can be without overflowing (a label's
    /// longest word, a row's items side by side at their narrowest, a column's widest item), as
    /// CSS computes a box's min-content size from its items' min-content contributions.
    package func minimumContentWidth(_ view: BoundView) -> Double {
        let style = view.style
        if let width = style.width { return max(style.padding[1] + style.padding[3], clamp(width, style.minWidth, style.maxWidth)) }
        let horizontalPadding = style.padding[1] + style.padding[3]
        let content: Double
        switch style.content {
        case .stack(.vertical, _, _, .fillEqually):
            // A grid of `minmax(0, 1fr)` rows in one `minmax(0, 1fr)` column: no minimum.
            content = 0
        case .stack(let axis, let spacing, _, _):
            // A wrapping row can put each item on a line of its own.
            content = Self.combine(view.children, sideBySide: axis == .horizontal && !style.wraps, spacing: spacing) { minimumContentWidth($0) }
        case .box:
            content = Self.combine(view.children, sideBySide: false, spacing: 0) { minimumContentWidth($0) }
        case .label(let string, let textStyle, _):
            content = text.minimumWidth(string, style: textStyle)
        default:
            content = 0
        }
        return max(horizontalPadding, clamp(content + horizontalPadding, style.minWidth, style.maxWidth))
    }

    /// The smallest width a flex item of a row may be given: the template's minimum, or for a
    /// label CSS's automatic minimum (its min-content, no wider than a fixed or maximum width).
    /// - Parameter equal: under `fillEqually` every child takes an equal share (CSS `flex: 1 1 0`),
    ///   whatever width it has of its own.
    func minimumMainWidth(_ item: BoundView, equal: Bool = false) -> Double {
        let style = item.style
        // No box is narrower than its padding (CSS `box-sizing: border-box`); a fixed width
        // is the width, within the minimum and maximum.
        let padding = style.padding[1] + style.padding[3]
        if !equal, let width = style.width { return max(padding, clamp(width, style.minWidth, style.maxWidth)) }
        // A minimum of the template's (a percentage too, even of nothing) replaces the automatic one.
        if style.minWidth > 0 || style.percents?.minWidth != nil { return max(style.minWidth, padding) }
        if case .label(let string, let textStyle, _) = style.content {
            // CSS's automatic minimum: the content's min-content, no more than a width of its
            // own or its maximum.
            let content = text.minimumWidth(string, style: textStyle) + padding
            return max(padding, min(content, style.width ?? .infinity, style.maxWidth))
        }
        return padding
    }

    /// The largest width a flex item of a row may be given.
    func maximumMainWidth(_ item: BoundView, equal: Bool = false) -> Double {
        let style = item.style
        let padding = style.padding[1] + style.padding[3]
        if !equal, let width = style.width { return max(padding, clamp(width, style.minWidth, style.maxWidth)) }
        return max(padding, style.maxWidth)
    }

    /// A view's height limits (its fixed height, its minimum and maximum, never less than its
    /// padding).
    func heightLimits(_ item: BoundView) -> (min: Double, max: Double) {
        let style = item.style
        let padding = style.padding[0] + style.padding[2]
        if let height = style.height {
            let fixed = max(padding, clamp(height, style.minHeight, style.maxHeight))
            return (fixed, fixed)
        }
        return (max(padding, style.minHeight), max(padding, style.maxHeight))
    }

    /// Whether an alignment aligns baselines (UIStackView's `firstBaseline` / `lastBaseline`,
    /// CSS `baseline` / `last baseline`).

    /// A laid-out view's first (or last) baseline from its top, as CSS finds it: a label's first
    /// (last) line's; a row's, the baseline its baseline-aligned items share (first or last),
    /// else its first (last) item's; a column's or box's, its first (last) item's; nil for a view without text
    /// (its parent synthesizes one at its bottom edge).
    func baseline(_ view: LaidOutView, last: Bool) -> Double? {
        let style = view.style
        switch style.content {
        case .label(let string, let textStyle, _):
            guard !string.isEmpty else { return nil }
            let lines = max(1, view.lineCount)
            return style.padding[0] + (last ? Double(lines - 1) * textStyle.font.lineHeight : 0) + text.baseline(of: textStyle.font)
        case .stack, .box:
            let flowing = view.style.holdsOverlay ? view.children.filter { $0.style.overlay == nil } : view.children
            guard let item = last ? flowing.last : flowing.first else { return nil }
            if case .stack(.horizontal, _, let alignment, _) = style.content {
                // The baseline its items share, of the kind asked for first, else of the other
                // kind (CSS §8.5: the items that participate in baseline alignment).
                // In a wrapping row, the items of its first (last) line.
                let line = last ? item.wrapLine : 0
                for wanted in last ? [StackAlignment.lastBaseline, .firstBaseline] : [.firstBaseline, .lastBaseline] {
                    let isMember: (LaidOutView) -> Bool = { $0.wrapLine == line && ($0.style.alignSelf ?? alignment) == wanted }
                    if let aligned = last ? flowing.last(where: isMember) : flowing.first(where: isMember) {
                        return aligned.frame.y + (baseline(aligned, last: wanted == .lastBaseline) ?? aligned.frame.height)
                    }
                }
            }
            return item.frame.y + (baseline(item, last: last) ?? item.frame.height)
        default:
            return nil
        }
    }

    /// The height at a given width when nothing stretches it.
    func contentHeight(_ view: BoundView, width: Double) -> Double {
        if view.style.height != nil { return heightLimits(view).min }
        return layout(view, width: width, height: nil).frame.height
    }

    private func layoutRow(_ items: [BoundView], width: Double, height: Double?, spacing: Double, alignment: StackAlignment, distribution: StackDistribution) -> ([LaidOutView], Double) {
        guard !items.isEmpty else { return ([], 0) }
        let items = Self.resolvingPercents(items, in: width)
        let equal = distribution == .fillEqually
        let bases = items.map { item in equal ? 0 : flexBaseWidth(item) }
        var factors = Self.rowFactors(items, equal: equal)
        // Under equalCentering the children keep their sizes (UIStackView's): the room is the gaps'.
        if distribution == .equalCentering { factors.grows = factors.grows.map { _ in 0 } }
        let widths = resolveFlexibleLengths(
            bases: bases, paddings: factors.paddings, grows: factors.grows, shrinks: factors.shrinks,
            mins: items.map { minimumMainWidth($0, equal: equal) }, maxs: items.map { maximumMainWidth($0, equal: equal) },
            available: width - spacing * Double(items.count - 1) - items.reduce(0) { $0 + Self.horizontalMargins($1) })
        return placeLine(items, widths: widths, definiteHeight: height, width: width, spacing: spacing, alignment: alignment,
                         distribution: distribution, top: 0, line: 0)
    }

    /// The view with its percentage widths made points of `width`, its parent's inner width
    /// (the percentages stay in the style, for the page to state).
    static func resolvingPercents(_ item: BoundView, in width: Double) -> BoundView {
        guard let percents = item.style.percents, percents.hasWidths else { return item }
        var resolved = item
        if let fraction = percents.width { resolved.style.width = fraction * width }
        if let fraction = percents.minWidth { resolved.style.minWidth = fraction * width }
        if let fraction = percents.maxWidth { resolved.style.maxWidth = fraction * width }
        return resolved
    }

    /// The items with their percentage widths resolved against `width`.
    static func resolvingPercents(_ items: [BoundView], in width: Double) -> [BoundView] {
        items.contains { $0.style.percents?.hasWidths == true } ? items.map { resolvingPercents($0, in: width) } : items
    }

    /// The view with its percentage heights made points of `height`, its parent's definite
    /// inner height; without one (which the binder allows only for overlays, placed later) a
    /// percentage height is `auto`, as in CSS.
    static func resolvingHeightPercents(_ item: BoundView, in height: Double?) -> BoundView {
        guard let percents = item.style.percents, percents.hasHeights, let height else { return item }
        var resolved = item
        if let fraction = percents.height { resolved.style.height = fraction * height }
        if let fraction = percents.minHeight { resolved.style.minHeight = fraction * height }
        if let fraction = percents.maxHeight { resolved.style.maxHeight = fraction * height }
        return resolved
    }

    /// A row's items' padding (never flexed away), grow and shrink factors: under `fillEqually`
    /// every item flexes alike (CSS `flex: 1 1 0`), otherwise a view with a width of its own does
    /// not flex at all (tablerender's one difference from CSS, which the HTML states).
    static func rowFactors(_ items: [BoundView], equal: Bool) -> (paddings: [Double], grows: [Double], shrinks: [Double]) {
        (items.map { $0.style.padding[1] + $0.style.padding[3] },
         items.map { equal ? 1 : $0.style.width != nil ? 0 : $0.style.grow },
         items.map { equal ? 1 : $0.style.width != nil ? 0 : $0.style.shrink })
    }

    static func horizontalMargins(_ item: BoundView) -> Double { item.style.margin[1] + item.style.margin[3] }
    static func verticalMargins(_ item: BoundView) -> Double { item.style.margin[0] + item.style.margin[2] }

    /// One line of a row, its items at their resolved widths: aligned across the line (CSS
    /// §9.4 steps 7–11, §9.5–9.6), spread along it; margins outside each item's box. Returns
    /// the items and the line's height.
    private func placeLine(_ items: [BoundView], widths: [Double], definiteHeight: Double?, width: Double, spacing: Double,
                           alignment: StackAlignment, distribution: StackDistribution, top: Double, line: Int) -> ([LaidOutView], Double) {
        var heights = zip(items, widths).map { contentHeight($0, width: $1) }
        // Items aligned by their baselines (CSS §8.3, §9.4 step 7): laid out at their own height,
        // each group's baselines at one line across the row, which is as tall as the group's
        // largest distances above and below the baseline (margins included) add up to (one may
        // be negative: text overflowing a short box).
        var aligned: [(view: LaidOutView, offset: Double)?] = []
        var shared: [Bool: (above: Double, below: Double)] = [:]
        var tallest = 0.0
        for (index, item) in items.enumerated() {
            guard (item.style.alignSelf ?? alignment).isBaseline else {
                tallest = max(tallest, heights[index] + Self.verticalMargins(item))
                continue
            }
            if aligned.isEmpty { aligned = Array(repeating: nil, count: items.count) }
            let last = (item.style.alignSelf ?? alignment) == .lastBaseline
            let child = layout(item, width: widths[index], height: item.style.height ?? heights[index])
            let offset = baseline(child, last: last) ?? child.frame.height
            let margin = item.style.margin
            let group = shared[last] ?? (-.infinity, -.infinity)
            shared[last] = (max(group.above, margin[0] + offset), max(group.below, child.frame.height + margin[2] - offset))
            aligned[index] = (child, offset)
        }
        for group in shared.values { tallest = max(tallest, group.above + group.below) }
        let lineHeight = definiteHeight ?? tallest
        let used = widths.reduce(0, +) + items.reduce(0) { $0 + Self.horizontalMargins($1) } + spacing * Double(items.count - 1)
        let (start, gap) = mainAxisPlacement(distribution: distribution, free: width - used, count: items.count, spacing: spacing)
        let centred = distribution == .equalCentering
            ? Self.equalCenteringGaps(sizes: widths, before: items.map { $0.style.margin[3] }, after: items.map { $0.style.margin[1] },
                                      room: width - used + spacing * Double(items.count - 1), spacing: spacing)
            : nil
        var laidOut: [LaidOutView] = []
        laidOut.reserveCapacity(items.count)
        var x = start
        for (index, item) in items.enumerated() {
            let alignment = item.style.alignSelf ?? alignment
            let margin = item.style.margin
            x += margin[3]
            var child: LaidOutView
            let y: Double
            if !aligned.isEmpty, let known = aligned[index] {
                child = known.view
                let last = alignment == .lastBaseline
                let group = shared[last] ?? (-.infinity, -.infinity)
                // First baselines line up from the top, last ones from the bottom.
                y = last ? lineHeight - group.below - known.offset : group.above - known.offset
            } else {
                let stretch = alignment == .fill && item.style.height == nil
                if stretch { heights[index] = clamp(lineHeight - margin[0] - margin[2], item.style.minHeight, item.style.maxHeight) }
                child = layout(item, width: widths[index], height: stretch ? heights[index] : (item.style.height ?? heights[index]))
                switch alignment {
                case .center: y = (lineHeight - child.frame.height - margin[0] - margin[2]) / 2 + margin[0]
                case .trailing: y = lineHeight - child.frame.height - margin[2]
                default: y = margin[0]
                }
            }
            child.frame.x = x
            child.frame.y = top + y
            child.wrapLine = line
            laidOut.append(child)
            x += widths[index] + margin[1] + (centred.map { index < $0.count ? $0[index] : 0 } ?? gap)
        }
        return (laidOut, lineHeight)
    }

    /// A row whose items go on to further lines (CSS `flex-wrap: wrap`, §9.3): items are
    /// collected into lines by their hypothetical widths (an item always fits on an empty line),
    /// each line's flexible lengths are resolved on its own, lines are as tall as their tallest
    /// item and stand `lineSpacing` apart from the top (`align-content: flex-start`).
    private func layoutWrappingRow(_ items: [BoundView], width: Double, height: Double?, spacing: Double, lineSpacing: Double,
                                   alignment: StackAlignment, distribution: StackDistribution) -> ([LaidOutView], Double) {
        guard !items.isEmpty else { return ([], 0) }
        let items = Self.resolvingPercents(items, in: width)
        let equal = distribution == .fillEqually
        let bases = items.map { item in equal ? 0 : flexBaseWidth(item) }
        let mins = items.map { minimumMainWidth($0, equal: equal) }
        let maxs = items.map { maximumMainWidth($0, equal: equal) }
        let margins = items.map(Self.horizontalMargins)
        let hypothetical = items.indices.map { clamp(bases[$0], mins[$0], maxs[$0]) + margins[$0] }
        var lines: [Range<Int>] = []
        var start = 0, used = 0.0
        for index in items.indices {
            let needed = hypothetical[index] + (index > start ? spacing : 0)
            if index > start, used + needed > width + 0.0005 {
                lines.append(start..<index)
                start = index
                used = hypothetical[index]
            } else {
                used += needed
            }
        }
        lines.append(start..<items.count)
        var laidOut: [LaidOutView] = []
        var y = 0.0
        for (number, line) in lines.enumerated() {
            let members = Array(items[line])
            let factors = Self.rowFactors(members, equal: equal)
            let widths = resolveFlexibleLengths(
                bases: Array(bases[line]), paddings: factors.paddings, grows: factors.grows, shrinks: factors.shrinks,
                mins: Array(mins[line]), maxs: Array(maxs[line]), available: width - spacing * Double(members.count - 1) - margins[line].reduce(0, +))
            let (placed, lineHeight) = placeLine(members, widths: widths, definiteHeight: nil, width: width, spacing: spacing, alignment: alignment,
                                                 distribution: distribution, top: y, line: number)
            laidOut += placed
            y += lineHeight + (number < lines.count - 1 ? lineSpacing : 0)
        }
        return (laidOut, height ?? y)
    }

    private func layoutColumn(_ items: [BoundView], width: Double, height: Double?, spacing: Double, alignment: StackAlignment, distribution: StackDistribution) -> ([LaidOutView], Double) {
        guard !items.isEmpty else { return ([], 0) }
        let items = Self.resolvingPercents(items, in: width)
        let widths = items.map { item -> Double in
            let style = item.style
            let room = width - Self.horizontalMargins(item)
            if let fixed = style.width { return clamp(fixed, style.minWidth, style.maxWidth) }
            if (style.alignSelf ?? alignment) == .fill { return clamp(room, style.minWidth, style.maxWidth) }
            // fit-content: as wide as its content, at most the column, at least its min-content.
            return clamp(max(minimumContentWidth(item), min(preferredWidth(item), room)), style.minWidth, style.maxWidth)
        }
        let equal = distribution == .fillEqually
        // Children laid out to learn their height are kept: in a column of automatic height
        // that first layout is the final one.
        var natural: [LaidOutView?] = Array(repeating: nil, count: items.count)
        var naturalHeights: [Double] = []
        naturalHeights.reserveCapacity(items.count)
        for (index, item) in items.enumerated() {
            if let fixed = item.style.height {
                naturalHeights.append(fixed)
            } else {
                let child = layout(item, width: widths[index], height: nil)
                natural[index] = child
                naturalHeights.append(child.naturalHeight)
            }
        }
        // Without a definite height each child is as tall as its content within its limits.
        let hypothetical = items.indices.map { clamp(naturalHeights[$0], heightLimits(items[$0]).min, heightLimits(items[$0]).max) }
        var heights = hypothetical
        let gaps = spacing * Double(items.count - 1)
        let margins = items.map(Self.verticalMargins)
        if equal {
            // UIStackView's fillEqually (a CSS grid of `minmax(0, 1fr)` rows): every row as
            // tall as the tallest child with its margins, or an equal share of a definite height.
            let share = height.map { max(0, $0 - gaps) / Double(items.count) } ?? (items.indices.map { hypothetical[$0] + margins[$0] }.max() ?? 0)
            heights = items.map { _ in share }
            natural = natural.map { _ in nil }
        } else if let height {
            heights = resolveFlexibleLengths(
                bases: naturalHeights, paddings: items.map { $0.style.padding[0] + $0.style.padding[2] }, grows: items.map { $0.style.height != nil || distribution == .equalCentering ? 0 : $0.style.grow },
                shrinks: items.map { $0.style.height != nil ? 0 : $0.style.shrink }, mins: items.map { heightLimits($0).min }, maxs: items.map { heightLimits($0).max },
                available: height - gaps - margins.reduce(0, +))
        }
        // The rows' room: a grid row holds its child's margins, a flex item adds them.
        let used = heights.reduce(0, +) + (equal ? 0 : margins.reduce(0, +)) + gaps
        let total = height ?? used
        let (start, gap) = mainAxisPlacement(distribution: distribution, free: total - used, count: items.count, spacing: spacing)
        let centred = distribution == .equalCentering
            ? Self.equalCenteringGaps(sizes: heights, before: items.map { $0.style.margin[0] }, after: items.map { $0.style.margin[2] },
                                      room: total - used + gaps, spacing: spacing)
            : nil
        var y = start
        var laidOut: [LaidOutView] = []
        for (index, item) in items.enumerated() {
            var child: LaidOutView
            if height == nil, item.style.height == nil, let known = natural[index] {
                child = known
            } else if equal {
                // Stretched to its row less its margins, unless it has a height of its own.
                child = layout(item, width: widths[index], height: item.style.height == nil
                               ? clamp(heights[index] - margins[index], heightLimits(item).min, heightLimits(item).max) : heightLimits(item).min)
            } else {
                child = layout(item, width: widths[index], height: height == nil && item.style.height == nil ? nil : heights[index])
            }
            let margin = item.style.margin
            switch item.style.alignSelf ?? alignment {
            case .center: child.frame.x = (width - child.frame.width - margin[1] - margin[3]) / 2 + margin[3]
            // Across a column no baseline is shared: a first baseline falls back to the start,
            // a last one to the end (CSS's fallback alignments, which the HTML states).
            case .trailing, .lastBaseline: child.frame.x = width - child.frame.width - margin[1]
            default: child.frame.x = margin[3]
            }
            child.frame.y = y + margin[0]
            laidOut.append(child)
            y += (equal ? heights[index] : child.frame.height + margins[index]) + (centred.map { index < $0.count ? $0[index] : 0 } ?? gap)
        }
        return (laidOut, total)
    }

    /// Start offset and gap along the main axis (justify-content). Content wider than the box
    /// overflows as CSS lets it: centred content on both sides, trailing content before the
    /// start; spread content starts at the start.
    private func mainAxisPlacement(distribution: StackDistribution, free: Double, count: Int, spacing: Double) -> (Double, Double) {
        switch distribution {
        case .center: return (free / 2, spacing)
        case .trailing: return (free, spacing)
        case .equalSpacing: return (0, count > 1 ? spacing + max(0, free) / Double(count - 1) : spacing)
        default: return (0, spacing)
        }
    }

    /// The gaps of UIStackView's `equalCentering`: the first item at the start, the last at the
    /// end, the steps from centre to centre equal — except that no gap is less than `spacing`:
    /// where equal steps would bring two items closer, they stand `spacing` apart and the other
    /// steps share what is left equally. Without room for `spacing` between every item, the
    /// gaps are `spacing` (and the content overflows at the end, as under `equalSpacing`).
    /// `sizes` are the items' boxes along the axis, `before` and `after` their margins, `room`
    /// what the line leaves for the gaps.
    static func equalCenteringGaps(sizes: [Double], before: [Double], after: [Double], room: Double, spacing: Double) -> [Double] {
        let count = sizes.count - 1
        guard count > 0 else { return [] }
        guard room > spacing * Double(count) else { return Array(repeating: spacing, count: count) }
        // Gap i is max(spacing, step - half[i]), half[i] the distance from centre to centre
        // that the two boxes and their margins take; the step makes the gaps fill the room.
        let half = (0..<count).map { index -> Double in
            let boxes: Double = (sizes[index] + sizes[index + 1]) / 2
            return boxes + after[index] + before[index + 1]
        }
        let thresholds = half.map { $0 + spacing }.sorted()
        var opened = 0.0
        var step = thresholds[0]
        for open in 1...count {
            // The `open` gaps with the lowest thresholds are wider than `spacing`.
            opened += thresholds[open - 1] - spacing
            step = (room - Double(count - open) * spacing + opened) / Double(open)
            if open == count || step <= thresholds[open] { break }
        }
        return half.map { max(spacing, step - $0) }
    }

    /// CSS "Resolve Flexible Lengths" (§9.7), with iterative freezing of clamped items. A
    /// shrinking item gives back in proportion to its shrink factor times its *inner* base size
    /// (its padding left out), as the specification and browsers do.
    func resolveFlexibleLengths(bases: [Double], paddings: [Double]? = nil, grows: [Double], shrinks: [Double], mins: [Double], maxs: [Double],
                                available: Double) -> [Double] {
        // A base size is a border box: never less than the padding.
        let bases = (0..<bases.count).map { max(bases[$0], paddings?[$0] ?? 0) }
        let inner = (0..<bases.count).map { max(0, bases[$0] - (paddings?[$0] ?? 0)) }
        let count = bases.count
        let hypothetical = (0..<count).map { clamp(bases[$0], mins[$0], maxs[$0]) }
        let growing = hypothetical.reduce(0, +) < available
        var frozen = (0..<count).map { index in
            (growing ? grows[index] == 0 : shrinks[index] == 0)
                || (growing && bases[index] > hypothetical[index]) || (!growing && bases[index] < hypothetical[index])
        }
        var target = (0..<count).map { frozen[$0] ? hypothetical[$0] : bases[$0] }
        let initialFree = available - (0..<count).reduce(0) { $0 + (frozen[$1] ? target[$1] : bases[$1]) }
        for _ in 0...count {
            guard frozen.contains(false) else { break }
            var free = available - (0..<count).reduce(0) { $0 + (frozen[$1] ? target[$1] : bases[$1]) }
            let factorSum = (0..<count).filter { !frozen[$0] }.reduce(0) { $0 + (growing ? grows[$1] : shrinks[$1]) }
            if factorSum < 1, abs(initialFree * factorSum) < abs(free) { free = initialFree * factorSum }
            if free != 0 {
                if growing {
                    for index in 0..<count where !frozen[index] { target[index] = bases[index] + free * grows[index] / factorSum }
                } else {
                    let scaledSum = (0..<count).filter { !frozen[$0] }.reduce(0) { $0 + shrinks[$1] * inner[$1] }
                    for index in 0..<count where !frozen[index] {
                        target[index] = scaledSum > 0 ? bases[index] + free * (shrinks[index] * inner[index]) / scaledSum : bases[index]
                    }
                }
            } else {
                for index in 0..<count where !frozen[index] { target[index] = bases[index] }
            }
            var violation = 0.0
            var adjusted = target
            for index in 0..<count where !frozen[index] {
                adjusted[index] = clamp(target[index], mins[index], maxs[index])
                violation += adjusted[index] - target[index]
            }
            for index in 0..<count where !frozen[index] {
                let clampedUp = adjusted[index] > target[index], clampedDown = adjusted[index] < target[index]
                if violation == 0 || (violation > 0 && clampedUp) || (violation < 0 && clampedDown) { frozen[index] = true }
                target[index] = adjusted[index]
            }
        }
        return target.map { max(0, $0) }
    }
}

func clamp(_ value: Double, _ low: Double, _ high: Double) -> Double {
    max(low, min(high, value))
}
