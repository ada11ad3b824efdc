import TableLayout
import TableModel
import TableTemplates
import TableText

/// Draws laid-out pages with a theme's colours in one appearance. Shared by PNG and PDF.
final class Painter {
    let theme: Theme
    let appearance: Appearance
    let text: TextEngine
    /// Pixels per point: which file of an asset's scales is drawn (a PDF takes the largest).
    let scale: Double
    private var images: [String: LoadedImage] = [:]
    /// The pixels of the PNG and JPEG files decoded so far (`ImageCheck.maximumDecodedPixels`).
    private var decodedPixels = 0
    /// The direction of the table being drawn: switches and accessories are mirrored by it.
    private var direction: LayoutDirection = .leftToRight
    /// What to cover with a magenta box (`Masks`).
    let masks: Masks
    /// The structure of a tagged PDF, when drawing one (`PDFStructure`).
    var structure: PDFStructure?
    /// How many translucent groups the view being drawn is inside.
    private var groupDepth = 0
    /// How many views left out of what VoiceOver reads (`isAccessibilityElement` false) the view
    /// being drawn is inside: none of its images is a figure.
    private var silentDepth = 0

    init(theme: Theme, appearance: Appearance, text: TextEngine, scale: Double = 3, masks: Masks = Masks()) {
        self.theme = theme
        self.appearance = appearance
        self.text = text
        self.scale = scale
        self.masks = masks
    }

    /// `value` on the nearest pixel at the painter's scale.
    func onPixel(_ value: Double) -> Double {
        (value * scale).rounded() / scale
    }

    /// A line's thickness in points: a hairline (nil) is one pixel at the painter's scale.
    func hairline(_ thickness: Double?) -> Double {
        thickness ?? 1 / scale
    }

    /// Tokens were checked when templates were bound; an unknown one here is a bug, drawn magenta.
    func color(_ token: String) -> RGBA {
        theme.color(token, appearance) ?? RGBA(red: 1, green: 0, blue: 1)
    }

    /// Draws a page. Its background covers the whole surface (so a partly covered last pixel row
    /// is not left transparent) unless the page is drawn inside a larger picture.
    func draw(_ page: Page, of table: LaidOutTable, on canvas: Canvas, coversSurface: Bool = true) throws(Diagnostic) {
        direction = table.direction
        if coversSurface {
            canvas.paint(color(table.background))
        } else {
            canvas.fill(Rect(x: 0, y: 0, width: page.width, height: page.height), color(table.background))
        }
        for group in page.groups {
            canvas.fill(group.frame, color(group.background), radius: group.cornerRadius, roundTop: group.roundsTop, roundBottom: group.roundsBottom)
            let thickness = hairline(table.separatorThickness)
            // Lines on the pixel grid, a hairline one pixel.
            if group.topLine {
                canvas.fill(Rect(x: 0, y: onPixel(group.frame.y), width: page.width, height: thickness), color(table.separatorColor))
            }
            if group.bottomLine {
                canvas.fill(Rect(x: 0, y: onPixel(group.frame.maxY) - thickness, width: page.width, height: thickness), color(table.separatorColor))
            }
        }
        for block in page.blocks {
            // Backgrounds and separators are drawn outside the row's element: a tagged PDF marks
            // them as artifacts (`PDFArtifacts`).
            if let background = block.background { canvas.fill(block.frame, color(background)) }
            structure?.begin(block, on: canvas)
            // A row with a link: the link's element holds the row's content.
            if let link = block.link { canvas.beginLink(link, block.frame) }
            if let content = block.content {
                canvas.save()
                if block.clips { canvas.clip(block.frame) }
                // A piece of a block taller than a page draws what falls in it, and nothing else
                // (a PDF holds no text a page does not show).
                let pieced = block.contentOffset > 0 || block.continues
                // A row's views are drawn from its top on the pixel grid (as a browser draws a
                // contained box, and as UIKit's frames sit on the device's pixels).
                try draw(content, at: (onPixel(block.frame.x), onPixel(block.frame.y) - block.contentOffset), on: canvas,
                         visible: pieced ? (block.frame.y, block.frame.maxY) : nil)
                canvas.restore()
            }
            if block.link != nil { canvas.endLink() }
            structure?.end(block, on: canvas)
            if let separator = block.separator {
                let thickness = hairline(separator.thickness)
                // Up from the row's bottom, taken from its top on the pixel grid and put on the grid.
                let bottom = onPixel(onPixel(block.frame.y) + block.frame.height)
                canvas.fill(Rect(x: block.frame.x + separator.x, y: bottom - thickness, width: separator.width,
                                 height: thickness), color(separator.color))
            }
        }
        guard !masks.isEmpty else { return }
        // Masks over everything, as Playwright draws them.
        for region in masks.regions(on: page) {
            canvas.save()
            canvas.clip(region.clip)
            canvas.fill(region.frame, Masks.color)
            canvas.restore()
        }
    }

    private func draw(_ view: LaidOutView, at origin: (Double, Double), on canvas: Canvas, visible: (top: Double, bottom: Double)? = nil) throws(Diagnostic) {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        if let visible, frame.maxY <= visible.top + 0.0005 || frame.y >= visible.bottom - 0.0005 { return }
        let style = view.style
        guard style.opacity > 0 else { return }
        let translucent = style.opacity < 1
        if translucent {
            canvas.pushGroup()
            groupDepth += 1
        }
        let silent = style.accessibility?.isElement == false
        if silent { silentDepth += 1 }
        defer { if silent { silentDepth -= 1 } }
        if let background = style.background { canvas.fill(frame, color(background), radius: style.cornerRadius) }
        let clips = style.cornerRadius > 0 || style.clips
        if clips {
            canvas.save()
            canvas.clip(frame, radius: style.cornerRadius)
        }
        switch style.content {
        case .label(let string, let textStyle, let textColor):
            guard !string.isEmpty else { break }
            // The layout shaped the text it measured; a layout made for sizes only is shaped here.
            // The text sits in the label's padding box (an Interface Builder label centres its
            // lines in its frame with a top padding, as UILabel does).
            let inner = Rect(x: frame.x + style.padding[3], y: frame.y + style.padding[0], width: max(0, frame.width - style.padding[1] - style.padding[3]),
                             height: max(0, frame.height - style.padding[0] - style.padding[2]))
            let shaped = view.text ?? text.shape(string, style: textStyle, width: inner.width)
            canvas.save()
            canvas.clip(frame)
            var lines = 0..<shaped.lines.count
            if let visible, shaped.lineHeight > 0 {
                let first = max(0, Int(((visible.top - inner.y) / shaped.lineHeight + 0.0005).rounded(.down)))
                let last = min(shaped.lines.count, Int(((visible.bottom - inner.y) / shaped.lineHeight - 0.0005).rounded(.up)))
                lines = first..<max(first, last)
            }
            canvas.show(shaped, x: inner.x, top: inner.y, color: color(textColor), lines: lines)
            canvas.restore()
        case .image(let path, let contentMode, _):
            // A file, or an asset's file for this appearance and scale; a template image in its tint.
            let reference = ImageReference(path)
            let file = reference.file(dark: appearance == .dark, scale: scale).path
            // An image with a text to read is a figure of a tagged PDF, tagged where it starts (not
            // again on the page a row goes on to), and not inside a translucent group.
            let spoken = PDFStructure.figureText(view)
            let figure = !spoken.isEmpty && groupDepth == 0 && silentDepth == 0 && visible.map { frame.y >= $0.top - 0.0005 } ?? true
                && structure?.beginFigure(spoken, on: canvas) == true
            if reference.template {
                canvas.drawTinted(try image(file), in: frame, contentMode: contentMode, color: color(reference.tint))
            } else {
                canvas.draw(try image(file), in: frame, contentMode: contentMode)
            }
            if figure { structure?.endFigure(on: canvas) }
        case .toggle(let on, let tint):
            drawSwitch(on: on, tint: tint, in: frame, on: canvas)
        case .accessory(let accessory, let tint):
            drawAccessory(accessory, tint: tint, in: frame, on: canvas)
        case .divider(let lineColor, _):
            canvas.fill(frame, color(lineColor))
        case .stack, .box, .spacer:
            break
        }
        // Positioned children (overlays, and the stacks that hold them) are drawn over their
        // siblings, as a browser paints positioned boxes after the others.
        for child in view.children where !child.style.isPositioned { try draw(child, at: (frame.x, frame.y), on: canvas, visible: visible) }
        for child in view.children where child.style.isPositioned { try draw(child, at: (frame.x, frame.y), on: canvas, visible: visible) }
        if clips { canvas.restore() }
        if style.borderWidth > 0 { canvas.stroke(frame, color(style.borderColor), width: style.borderWidth, radius: style.cornerRadius) }
        if translucent {
            groupDepth -= 1
            canvas.paintGroup(alpha: style.opacity)
        }
    }

    private func image(_ path: String) throws(Diagnostic) -> LoadedImage {
        if let known = images[path] { return known }
        // The binder holds a document to its decoding budget where it binds in this process;
        // rows bound by worker processes are held to it here, from each file's header.
        if let pixels = ImageCheck.rasterPixels(path) {
            decodedPixels += pixels
            if let problem = ImageCheck.decodingProblem(total: decodedPixels) { throw Diagnostic(at: SourceLocation(file: path), problem) }
        }
        let loaded = try LoadedImage.load(path)
        images[path] = loaded
        return loaded
    }

    /// UISwitch (`ControlMetrics.Switch`): a capsule with its knob on the trailing side when on
    /// (the left, right to left).
    private func drawSwitch(on: Bool, tint: String, in frame: Rect, on canvas: Canvas) {
        typealias Switch = ControlMetrics.Switch
        let track = Rect(x: frame.x, y: frame.y + (frame.height - Switch.height) / 2, width: Switch.width, height: Switch.height)
        canvas.fill(track, color(on ? tint : "switchOff"), radius: Switch.cornerRadius)
        let trailing = on != (direction == .rightToLeft)
        // The knob's centre is as far from the track's end as the track is from its middle.
        let knobX = trailing ? track.maxX - Switch.cornerRadius : track.x + Switch.cornerRadius
        let radius = Switch.knobDiameter / 2
        canvas.fillCircle(x: knobX, y: track.y + Switch.cornerRadius + Switch.shadowOffset, radius: radius,
                          RGBA(red: 0, green: 0, blue: 0, alpha: Switch.shadowAlpha))
        canvas.fillCircle(x: knobX, y: track.y + Switch.cornerRadius, radius: radius, color("switchKnob"))
    }

    private func drawAccessory(_ accessory: Accessory, tint: String?, in frame: Rect, on canvas: Canvas) {
        for primitive in ControlMetrics.accessoryGlyph(accessory, width: frame.width, height: frame.height, tint: tint, direction: direction) {
            switch primitive {
            case .polyline(let points, let width, let token):
                canvas.strokeLines(points.map { (frame.x + $0.x, frame.y + $0.y) }, color(token), width: width)
            case .strokedCircle(let center, let radius, let width, let token):
                canvas.strokeCircle(x: frame.x + center.x, y: frame.y + center.y, radius: radius, color(token), width: width)
            case .filledCircle(let center, let radius, let token):
                canvas.fillCircle(x: frame.x + center.x, y: frame.y + center.y, radius: radius, color(token))
            }
        }
    }

}

/// A rectangle of whole pixels.
package struct PixelRect: Sendable, Hashable {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Rectangles as `x,y,width,height` joined by `;` (the text a reference image carries).
    package static func text(_ rects: [PixelRect]) -> String {
        rects.map { "\($0.x),\($0.y),\($0.width),\($0.height)" }.joined(separator: ";")
    }

    /// The rectangles of `text`; what is not four whole numbers is left out.
    package static func parse(_ text: String) -> [PixelRect] {
        text.split(separator: ";").compactMap { part in
            let numbers = part.split(separator: ",").compactMap { Int($0) }
            guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else { return nil }
            return PixelRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])
        }
    }
}

/// Regions of a snapshot to leave out of the comparison (a clock, an avatar), as Playwright's
/// `mask`: each covered with an opaque magenta box (#FF00FF) in the image itself, reference and
/// actual alike. A mask names a view by its `id`, a row, header or footer by its id, or an item
/// by its JSON path (`$.sections[0].items[2]`).
public struct Masks: Sendable, Hashable {
    package var names: Set<String>

    /// Masks for the views, rows (ids) and items (JSON paths such as `$.sections[0].items[2]`) named.
    public init(_ names: some Sequence<String> = [String]()) { self.names = Set(names) }

    package var isEmpty: Bool { names.isEmpty }

    package static let color = RGBA(red: 1, green: 0, blue: 1)

    /// An item's JSON path in its document.
    static func path(_ block: Block) -> String? {
        block.item.map { "$.sections[\(block.section)].items[\($0)]" }
    }

    /// What a mask covers on `page`: a named row whole, a named view within its row.
    package func regions(on page: Page) -> [(frame: Rect, clip: Rect)] {
        var regions: [(frame: Rect, clip: Rect)] = []
        for block in page.blocks {
            if covers(block) {
                regions.append((block.frame, block.frame))
            } else if let content = block.content {
                for frame in frames(in: content, at: (block.frame.x, block.frame.y - block.contentOffset)) { regions.append((frame, block.frame)) }
            }
        }
        return regions
    }

    /// The pixels the masks cover on `page` drawn at `scale`, as `x,y,width,height` rectangles
    /// (edge pixels a mask only partly covers included). A reference image carries them, so that
    /// a comparison leaves out what either image masked: a masked view's region does not depend
    /// on its content (a clock whose text grows still matches).
    package func pixelRegions(on page: Page, scale: Double) -> [PixelRect] {
        regions(on: page).compactMap { region in
            let left = max(region.frame.x, region.clip.x), top = max(region.frame.y, region.clip.y)
            let right = min(region.frame.x + region.frame.width, region.clip.x + region.clip.width)
            let bottom = min(region.frame.y + region.frame.height, region.clip.y + region.clip.height)
            guard right > left, bottom > top else { return nil }
            let x = Int((left * scale).rounded(.down)), y = Int((top * scale).rounded(.down))
            return PixelRect(x: x, y: y, width: Int((right * scale).rounded(.up)) - x, height: Int((bottom * scale).rounded(.up)) - y)
        }
    }

    func covers(_ block: Block) -> Bool {
        names.contains(block.id) || Self.path(block).map(names.contains) == true
    }

    /// The frames, on the page, of the views under `view` that a mask names.
    func frames(in view: LaidOutView, at origin: (Double, Double)) -> [Rect] {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        if let id = view.style.id, names.contains(id) { return [frame] }
        return view.children.flatMap { frames(in: $0, at: (frame.x, frame.y)) }
    }

    /// The masks that name nothing in `table`: a mask with a typo would cover nothing and let
    /// the region it meant be compared.
    package func unmatched(in table: LaidOutTable) -> [String] {
        names.subtracting(Self.names(in: table, paths: true)).sorted()
    }

    /// Every view and row id a mask could name in `table`, for suggestions.
    package static func known(in table: LaidOutTable) -> [String] { names(in: table, paths: false).sorted() }

    /// The ids of `table`'s views and blocks, and its items' JSON paths with `paths`.
    private static func names(in table: LaidOutTable, paths: Bool) -> Set<String> {
        var found = Set<String>()
        func visit(_ view: LaidOutView) {
            if let id = view.style.id { found.insert(id) }
            view.children.forEach(visit)
        }
        for page in table.pages {
            for block in page.blocks {
                found.insert(block.id)
                if paths, let path = path(block) { found.insert(path) }
                block.content.map(visit)
            }
        }
        return found
    }
}

/// The logical structure of a tagged PDF, as a screen reader and a PDF's reflow read it: the
/// document, a section (`Sect`) per table section, the large title and the section headers as
/// headings (`H1`, `H2`), a section's rows as a list (`L`) of items (`LI`) each holding its
/// content in a body (`LBody`), a footer as a paragraph (`P`), in reading order; a row's image
/// with a text to read is a figure (`Figure`) with that text as its alternative. Backgrounds,
/// separators and a header repeated at a page's top are drawn while no element that holds content
/// is open (so Cairo marks them as no element's, and `PDFArtifacts` marks them as artifacts): a
/// row a page break cuts closes its body at the page's end and opens another on the next page.
///
/// Cairo 1.16 writes an element's own content or the elements it holds, never both: an element
/// that holds a figure would lose its text. So a figure closes the row's body and a new body
/// opens after it: the item holds body, figure, body, each with its own content (a row whose
/// figure comes before any text starts with the figure).
final class PDFStructure {
    private var open: [String] = []
    private var section: Int?
    /// The alternative texts of the figures tagged so far, in the structure tree's order (Cairo
    /// 1.16 cannot write them: `PDFCatalog` adds them when the file is finished).
    private(set) var figureTexts: [String] = []
    /// Whether the block being drawn may hold figures: a row read for the first time, whose
    /// content is not a link's (the link's element holds it all).
    private var figuresAllowed = false

    private func push(_ name: String, on canvas: Canvas) {
        canvas.beginTag(name)
        open.append(name)
    }

    private func pop(until name: String? = nil, on canvas: Canvas) {
        while let last = open.last {
            if let name, last == name { return }
            canvas.endTag(last)
            open.removeLast()
        }
    }

    /// Opens what `block` belongs to and the block's own element.
    func begin(_ block: Block, on canvas: Canvas) {
        if open.isEmpty { push("Document", on: canvas) }
        figuresAllowed = block.kind == .row && !block.repeated && block.link == nil
        // A header repeated at a page's top is not read twice; the rest of a block a page break
        // cut is still the element the page before opened (a row's, in a new body).
        guard !block.repeated, block.contentOffset == 0 else {
            if !block.repeated, open.last == "LI" { push("LBody", on: canvas) }
            return
        }
        if block.kind != .title, block.section != section {
            pop(until: "Document", on: canvas)
            push("Sect", on: canvas)
            section = block.section
        }
        switch block.kind {
        case .title:
            push("H1", on: canvas)
        case .header:
            if open.last == "L" { pop(until: "Sect", on: canvas) }
            push("H2", on: canvas)
        case .row:
            if open.last != "L" { push("L", on: canvas) }
            push("LI", on: canvas)
            if !(figuresAllowed && block.content.map(Self.startsWithFigure) == true) { push("LBody", on: canvas) }
        case .footer:
            if open.last == "L" { pop(until: "Sect", on: canvas) }
            push("P", on: canvas)
        }
    }

    /// Closes the block's own element, unless the block goes on on the next page (one element
    /// across the page break; a row's body is closed, so that what the next page draws before
    /// the row goes on is no element's content).
    func end(_ block: Block, on canvas: Canvas) {
        if block.continues, !block.repeated, block.kind == .row, ["LBody", "Figure"].contains(open.last ?? "") {
            pop(until: "LI", on: canvas)
            return
        }
        guard !block.repeated, !block.continues, let last = open.last, ["H1", "H2", "LI", "LBody", "P"].contains(last) else { return }
        pop(until: ["LI", "LBody"].contains(last) ? "L" : open[open.count - 2], on: canvas)
    }

    /// Opens a figure whose alternative text is `alt` in the row being read, between two bodies;
    /// false where none can be (not in a row's body, or in another figure).
    func beginFigure(_ alt: String, on canvas: Canvas) -> Bool {
        guard figuresAllowed, open.last == "LBody" || open.last == "LI" else { return false }
        pop(until: "LI", on: canvas)
        push("Figure", on: canvas)
        figureTexts.append(alt)
        return true
    }

    /// What an image view reads as a figure: its accessibility label where it has one, else a
    /// template image's `alt` (an Interface Builder image view's is its IB id, which nothing
    /// reads); nothing for a view left out of what VoiceOver reads.
    static func figureText(_ view: LaidOutView) -> String {
        guard case .image(_, _, let alt) = view.style.content, view.style.accessibility?.isElement != false else { return "" }
        return view.style.accessibility?.label ?? (view.style.placedByConstraints ? "" : alt)
    }

    /// Whether the first thing read in `view`, drawn in the painter's order, is an image with a
    /// text to read (a figure) rather than a text: then the row's item starts with the figure,
    /// not with an empty body. Nil when it has neither.
    static func startsWithFigure(_ view: LaidOutView) -> Bool? {
        startsWithFigure(view, inGroup: false)
    }

    private static func startsWithFigure(_ view: LaidOutView, inGroup: Bool) -> Bool? {
        guard view.style.opacity > 0, view.style.accessibility?.isElement != false else { return nil }
        let inGroup = inGroup || view.style.opacity < 1
        switch view.style.content {
        case .label(let text, _, _) where !text.isEmpty: return false
        case .image where !inGroup && !figureText(view).isEmpty: return true
        default: break
        }
        for child in view.children where !child.style.isPositioned {
            if let found = startsWithFigure(child, inGroup: inGroup) { return found }
        }
        for child in view.children where child.style.isPositioned {
            if let found = startsWithFigure(child, inGroup: inGroup) { return found }
        }
        return nil
    }

    /// Closes the figure and opens the row's next body.
    func endFigure(on canvas: Canvas) {
        guard open.last == "Figure" else { return }
        pop(until: "LI", on: canvas)
        push("LBody", on: canvas)
    }

    /// Closes everything still open, at the end of the document.
    func finish(on canvas: Canvas) {
        pop(on: canvas)
    }
}
