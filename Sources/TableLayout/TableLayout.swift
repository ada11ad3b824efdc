import Foundation
import TableModel
import TableTemplates
import TableText

/// A line under a row, in the row's coordinates.
package struct SeparatorLine: Sendable, Hashable {
    package var x: Double
    package var width: Double
    /// Points; nil for one device pixel (`Theme.separatorThickness`).
    package var thickness: Double?
    package var color: String
}

/// One laid-out piece of the table: the title, a section header or footer, or a row.
public struct Block: Sendable, Hashable {
    /// The kinds of block: the large title, a section's header or footer, a row.
    public enum Kind: String, Sendable, Hashable { case title, header, footer, row }

    /// What the block is.
    public var kind: Kind
    /// The index of its section.
    public var section: Int
    /// The index of its item in the section (rows only).
    public var item: Int?
    /// The item's id (for a row), or the section's id with `header`, `footer` or `title`.
    public var id: String
    /// In page coordinates.
    public var frame: Rect
    /// Its views, laid out in the block's coordinates; nil for a block that draws none.
    public var content: LaidOutView?
    package var background: String?
    /// An Interface Builder cell's own background colour (the `UITableViewCell`'s), in place of
    /// the style's cell background behind the row.
    package var cellBackground: String?
    package var separator: SeparatorLine?
    package var link: String?
    /// Whether the row's height is fixed (its content is clipped to it).
    package var clips: Bool
    /// A section header drawn again at the top of a page its section continues on.
    package var repeated: Bool = false
    /// For a piece of a block taller than a page: how far down the block this piece starts
    /// (its content is drawn that much higher, clipped to the piece).
    package var contentOffset: Double = 0
    /// Whether the block goes on in a piece on the next page.
    package var continues: Bool = false
}

/// The rounded (insetGrouped) or square background behind a section's rows on one page.
package struct Group: Sendable, Hashable {
    /// The index of the section.
    public var section: Int
    package var frame: Rect
    package var cornerRadius: Double
    package var roundsTop: Bool
    package var roundsBottom: Bool
    package var background: String
    package var topLine: Bool
    package var bottomLine: Bool
}

/// A page: a PNG image, a PDF page or (for `content`) the whole table.
public struct Page: Sendable, Hashable {
    /// The page's width in points.
    public var width: Double
    /// The page's height in points.
    public var height: Double
    /// Its blocks from top to bottom.
    public var blocks: [Block]
    package var groups: [Group]

    /// The part of the page from `top` to `bottom` (points) as a page of its own: the blocks
    /// and section backgrounds that reach into it, moved up by `top`.
    package func window(top: Double, bottom: Double) -> Page {
        var blocks = self.blocks.filter { $0.frame.maxY > top && $0.frame.y < bottom }
        var groups = self.groups.filter { $0.frame.maxY > top && $0.frame.y < bottom }
        for index in blocks.indices { blocks[index].frame = blocks[index].frame.offsetBy(dx: 0, dy: -top) }
        for index in groups.indices { groups[index].frame = groups[index].frame.offsetBy(dx: 0, dy: -top) }
        return Page(width: width, height: max(1, bottom - top), blocks: blocks, groups: groups)
    }
}

/// A section's state laid out: the state's name and the whole table laid out with the section
/// in that state.
public struct LaidOutState: Sendable {
    /// The state's name.
    public var name: String
    /// The whole table laid out with the section in this state.
    public var table: LaidOutTable

    /// A section's state named `name`, laid out as `table`.
    public init(name: String, table: LaidOutTable) {
        self.name = name
        self.table = table
    }
}

/// The table laid out once, drawn by every renderer.
public struct LaidOutTable: Sendable {
    /// The table as it was laid out.
    public var table: Table
    package var style: StyleMetrics
    /// The width it was laid out at, in points.
    public var width: Double
    package var background: String
    package var separatorColor: String
    /// Points; nil for one device pixel (`Theme.separatorThickness`).
    package var separatorThickness: Double?
    /// Its pages: one for a continuous layout (`content`), several on paper.
    public var pages: [Page]
    /// Top of each section in the continuous layout (before pagination).
    package var sectionTops: [Double]
    /// The height of the whole table laid out as one page, in points.
    public var contentHeight: Double
    /// The direction it is laid out in: renderers draw accessories, switches and the HTML page's
    /// `dir` by it.
    public var direction: LayoutDirection = .leftToRight
    /// Whether its one page is the whole table (`--page content`) rather than paper.
    package var isContinuous = false

    /// The continuous page cut into pages at most `height` points tall, as paper pages are cut
    /// (between rows, a header kept with its first row, a block taller than a page in pieces),
    /// with no margin; the last page as tall as what is left. For PNGs taller than an image can
    /// be. A table on paper, or short enough, is returned as it is.
    package func cut(pagesOf height: Double) -> LaidOutTable {
        guard isContinuous, let page = pages.first, pages.count == 1, page.height > height, height > 0 else { return self }
        var pager = Paginator(table: table, style: style, width: page.width, paper: (page.width, height), margin: 0)
        var cut: [Page] = []
        for block in page.blocks { cut += pager.add(block) }
        cut += pager.finish(contentHeight: contentHeight)
        // The last page ends where the table does: below its last block, the style's bottom padding.
        if var last = cut.popLast() {
            let bottom = (last.blocks.map(\.frame.maxY) + last.groups.map(\.frame.maxY)).max() ?? 0
            last.height = min(last.height, max(1, bottom + style.bottomPadding))
            cut.append(last)
        }
        var result = self
        result.pages = cut
        result.isContinuous = false
        return result
    }
}

package struct LayoutOptions: Sendable, Hashable {
    package var width: Double
    package var page: PageSize
    /// What the text is for: glyphs to draw, lines as text for an HTML page, or sizes alone.
    package var text: TextUse
    /// Lets fontconfig substitute a font that is not installed, for this layout (the engine's
    /// `allowsFontFallback` allows it for every layout).
    package var allowsFontFallback: Bool

    package init(width: Double, page: PageSize, text: TextUse = .drawing, allowsFontFallback: Bool = false) {
        self.width = width
        self.page = page
        self.text = text
        self.allowsFontFallback = allowsFontFallback
    }

    /// Paper sizes in points.
    package static func paper(_ page: PageSize) -> (width: Double, height: Double)? {
        switch page {
        case .content: return nil
        case .a4: return (595.28, 841.89)
        case .letter: return (612, 792)
        case .custom(let width, let height): return (width, height)
        }
    }
}

/// Lays a table out: binds each item to its template, sizes rows, headers and footers, places
/// separators and section backgrounds, and cuts pages.
public final class TableLayoutEngine {
    package let library: TemplateLibrary
    package let binder: Binder
    package let text: TextEngine
    package let flex: FlexLayout

    package init(library: TemplateLibrary, assetsFolder: String, text: TextEngine = TextEngine()) {
        self.library = library
        self.binder = Binder(theme: library.theme, assetsFolder: assetsFolder, catalogs: library.catalogs)
        self.text = text
        self.flex = FlexLayout(text: text)
    }

    var theme: Theme { library.theme }

    package func layout(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation) throws(Diagnostic) -> LaidOutTable {
        var pages: [Page] = []
        var result = try stream(table, options: options, locate: locate, window: nil) { page throws(Diagnostic) in pages.append(page) }
        result.pages = pages
        result.isContinuous = LayoutOptions.paper(options.page) == nil
        return result
    }

    /// Lays the table out and hands each page to `sink` as soon as it is finished. With a
    /// `window`, rows are bound and measured that many at a time and the text layouts of the
    /// pages already handed out are dropped between windows: memory holds a window of rows, not
    /// the table. Returns the table's description without its pages.
    package func stream(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation, window: Int?,
                       sink: (Page) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        let page = PageGeometry(options, theme: theme)
        var pager = Paginator(table: table, style: theme.style(table.style, width: page.width), width: page.width, paper: page.paper, margin: page.margin)
        return try run(table, options: options, locate: locate, window: window) { block throws(Diagnostic) in
            for page in pager.add(block) { try sink(page) }
        } finish: { height throws(Diagnostic) in
            for page in pager.finish(contentHeight: height) { try sink(page) }
        }
    }

    /// Lays the table out as one continuous page and hands each block (title, header, row,
    /// footer) to `sink` in order as soon as it is placed: for writers that need no pages.
    /// `options.page` is not read: the page is one continuous page.
    package func streamBlocks(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation, window: Int?,
                             sink: (Block) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        var continuous = options
        continuous.page = .content
        return try run(table, options: continuous, locate: locate, window: window, emit: sink) { _ throws(Diagnostic) in }
    }

    /// The table's structure: its title, then each section's header, rows (with their
    /// separators) and footer, each block handed to `emit` as it is placed; the rows come from a
    /// `RowScheduler`, which owns windows, worker processes and timing.
    private func run(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation, window: Int?,
                     emit: (Block) throws(Diagnostic) -> Void, finish: (Double) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        let width = PageGeometry(options, theme: theme).width
        guard width.isFinite, width > 0 else { throw Diagnostic(at: nil, "width must be a positive number") }
        let style = theme.style(table.style, width: width)
        text.use = options.text
        let checksGlyphs = !(allowsFontFallback || options.allowsFontFallback)
        var y = style.topPadding
        var sectionTops: [Double] = []

        if let title = table.title, let templateID = theme.titleTemplate {
            let template = try library.template(templateID, role: .header, at: locate(.section(0)))
            if let block = try supplementary(template, values: ["title": .string(title)], height: .default, kind: .title, section: 0,
                                             x: 0, y: y, width: width, screenWidth: width, location: SourceLocation(file: locate(.section(0)).file, path: "$.title"),
                                             checksGlyphs: checksGlyphs, givenAsText: true) {
                try emit(block)
                y = block.frame.maxY
            }
        }
        let columnX = style.contentInset
        let columnWidth = max(1, width - 2 * style.contentInset)
        let context = RowContext(table: table, library: library, binder: binder, x: columnX, width: columnWidth, screenWidth: width)
        let rows = RowScheduler(table: table, context: context, text: text, flex: flex, window: window, workerCount: workerCount)
        defer { rows.stop() }
        for (sectionIndex, section) in table.sections.enumerated() {
            sectionTops.append(y)
            var headerBlock: Block?
            if let header = section.header {
                headerBlock = try supplementaryBlock(header, role: .header, defaultTemplate: style.headerTemplate, kind: .header,
                                                     section: sectionIndex, x: columnX, y: y, width: columnWidth, screenWidth: width,
                                                     location: locate(.header(section: sectionIndex)),
                                                     checksGlyphs: checksGlyphs)
            }
            if let headerBlock {
                try emit(headerBlock)
                y = headerBlock.frame.maxY
            } else if sectionIndex > 0 || table.title == nil {
                y += style.sectionSpacing
            }
            for itemIndex in section.items.indices {
                if rows.startWindowIfDue() { try checkFonts(locate, checksGlyphs: checksGlyphs) }
                let location = locate(.item(section: sectionIndex, item: itemIndex))
                var (block, template) = try rows.nextRow(at: location)
                if checksGlyphs, let content = block.content {
                    try MissingGlyphs.check(content, text: text, values: section.items[itemIndex].values, at: location,
                                            note: { id in template.interfaceBuilder.flatMap { IBFonts.fileNote(for: id, in: $0) } })
                }
                block.frame.y = y
                let isLast = itemIndex == section.items.count - 1
                let inset = template.attributes["separatorInset"]?.constant.flatMap(AttributeCheck.number)
                    ?? block.content.flatMap { Self.firstTextInset($0, width: columnWidth, direction: theme.direction) } ?? style.separatorInset
                if !isLast || style.edgeSeparators == "inset" {
                    // The inset is on the leading side: on the right, right to left.
                    let x = theme.direction == .rightToLeft ? 0 : inset
                    block.separator = SeparatorLine(x: x, width: max(0, columnWidth - inset), thickness: theme.separatorThickness, color: theme.separatorColor)
                }
                try emit(block)
                y = block.frame.maxY
            }
            if let footer = section.footer,
               let block = try supplementaryBlock(footer, role: .footer, defaultTemplate: style.footerTemplate, kind: .footer,
                                                  section: sectionIndex, x: columnX, y: y, width: columnWidth, screenWidth: width,
                                                  location: locate(.footer(section: sectionIndex)),
                                                  checksGlyphs: checksGlyphs) {
                try emit(block)
                y = block.frame.maxY
            }
        }
        y += style.bottomPadding
        rows.reportStatistics()
        try checkFonts(locate, checksGlyphs: checksGlyphs)
        try finish(y)
        var result = describe(table, options: options)
        result.sectionTops = sectionTops
        result.contentHeight = y
        return result
    }

    /// What the painter needs to know of a table besides its pages (colours, separators).
    package func describe(_ table: Table, options: LayoutOptions) -> LaidOutTable {
        let page = PageGeometry(options, theme: theme)
        let style = theme.style(table.style, width: page.width)
        var laidOut = LaidOutTable(table: table, style: style, width: page.paper?.width ?? options.width, background: table.background ?? style.background,
                                   separatorColor: theme.separatorColor, separatorThickness: theme.separatorThickness,
                                   pages: [], sectionTops: [], contentHeight: 0)
        laidOut.direction = theme.direction
        return laidOut
    }

    private func checkFonts(_ locate: (ModelPath) -> SourceLocation, checksGlyphs: Bool) throws(Diagnostic) {
        if checksGlyphs, let (family, substitute) = text.missingFamilies.sorted(by: { $0.key < $1.key }).first {
            let package = Self.fontPackages[family.lowercased()].map { "install it (apt-get install \($0))" } ?? "install it"
            throw Diagnostic(at: SourceLocation(file: locate(.section(0)).file), "font '\(family)' is not installed (fontconfig would use '\(substitute)' instead, and output would differ from other machines); \(package), put its font file in the theme's fonts folder, or allow the substitution with --allow-font-fallback")
        }
    }

    /// From how many rows a layout hands text to worker processes (when it may start them).
    static let parallelThreshold = 256
    /// Rows laid out at a time: the engine forgets the text of the rows before, and worker
    /// processes shape the next window meanwhile, in windows of at most `workerWindow` rows (the
    /// first is this process's alone, so drawing starts at once).
    static let defaultWindow = 1_024
    static let workerWindow = 256
    /// The part of a window the workers shape at first, until `WorkShare` has measured what
    /// rows cost this process and them. On two cores, over 10,000 rows of the lists of
    /// `Benchmarks/`, the workers shape 66 % (licences) to 91 % (vocabulary) of the rows.
    static let workerShare = 0.75

    /// Whether a font the theme or a template names may be replaced by another when it is not
    /// installed; by default that is an error, since output would change from machine to machine.
    package var allowsFontFallback = RuntimeSettings.current.allowsFontFallback

    /// Debian packages of the fonts the bundled themes name.
    static let fontPackages = ["inter": "fonts-inter", "noto color emoji": "fonts-noto-color-emoji", "noto sans cjk jp": "fonts-noto-cjk",
                               "dejavu sans": "fonts-dejavu-core", "dejavu sans mono": "fonts-dejavu-core", "dejavu serif": "fonts-dejavu-core",
                               "liberation serif": "fonts-liberation2", "liberation sans": "fonts-liberation2", "liberation mono": "fonts-liberation2"]

    /// How many processes shape text for a long table, this one included; nil: one per core
    /// (`TABLERENDER_THREADS` overrides, up to `mostProcesses` whatever the cores, so that two
    /// workers can be tried on a machine of two; 1 shapes everything in this process).
    package var maximumThreads: Int? = RuntimeSettings.current.threads
    static let mostProcesses = 64

    var workerCount: Int { max(1, min(maximumThreads ?? Parallel.cores, Self.mostProcesses)) }

    /// What every row of a table needs to be laid out, in this process or a worker.
    struct RowContext {
        var table: Table
        var library: TemplateLibrary
        var binder: Binder
        var x: Double
        var width: Double
        /// The table's width: the screen's, whose width a cell's margins follow.
        var screenWidth: Double
    }

    struct RowJob {
        var section: Int
        var item: Int
    }

    /// Binds and lays out one row.
    static func row(_ job: RowJob, context: RowContext, location: SourceLocation, flex: FlexLayout) throws(Diagnostic) -> (Block, Template) {
        let item = context.table.sections[job.section].items[job.item]
        let template = try context.library.template(item.template, role: .cell, at: location.with(path: (location.path ?? "") + ".template"))
        let block = try row(item, template: template, section: job.section, index: job.item, x: context.x, width: context.width,
                            screenWidth: context.screenWidth, location: location, binder: context.binder, library: context.library, flex: flex)
        return (block, template)
    }

    private static func row(_ item: Item, template: Template, section: Int, index: Int, x: Double, width: Double, screenWidth: Double,
                            location: SourceLocation, binder: Binder, library: TemplateLibrary, flex: FlexLayout) throws(Diagnostic) -> Block {
        let y = 0.0
        if let link = item.link, let problem = LinkPolicy.problem(link) {
            throw Diagnostic(at: location.with(path: (location.path ?? "$") + ".link"), problem)
        }
        let fixed: Double?
        switch item.height {
        case .fixed(let height): fixed = height
        case .automatic: fixed = template.attributes["height"]?.constant.flatMap(AttributeCheck.number)
        }
        let bound = try bind(template, values: item.values, width: width, screenWidth: screenWidth, height: fixed, at: location, binder: binder,
                             library: library, flex: flex)
        let content = bound.map { flex.layoutRoot($0, width: width, height: fixed, direction: binder.theme.direction) }
        let height = fixed ?? content?.frame.height ?? 0
        let background = template.attributes["background"]?.constant
        return Block(kind: .row, section: section, item: index, id: item.id, frame: Rect(x: x, y: y, width: width, height: height),
                     content: content, background: background, cellBackground: cellBackground(of: template, theme: binder.theme),
                     separator: nil, link: item.link, clips: fixed != nil)
    }

    /// An Interface Builder cell's own background colour (`<color key="backgroundColor">` of the
    /// `<tableViewCell>` or `<collectionViewCell>`): UIKit draws it behind the row in place of
    /// the table's cell background (AltStore's settings cells: white at 15 % over the table's
    /// teal). A colour IB leaves to UIKit (none, or `<nil>`) keeps the style's.
    static func cellBackground(of template: Template, theme: Theme) -> String? {
        guard let document = template.interfaceBuilder, [.cell, .collectionCell].contains(document.kind),
              case .some(.some(let color)) = document.top.colors["backgroundColor"] else { return nil }
        var warnings: [String] = []
        return IBColors.token(color, document: document, theme: theme, warnings: &warnings, what: document.top.id)
    }

    /// A template bound to values: a template of ours by the binder, an Interface Builder one by
    /// Auto Layout (its views then come placed, with the height they need).
    static func bind(_ template: Template, values: Value.Object, width: Double, screenWidth: Double, height: Double?, at location: SourceLocation,
                     binder: Binder, library: TemplateLibrary, flex: FlexLayout) throws(Diagnostic) -> BoundView? {
        let sideMargin = LayoutMargins.side(screen: screenWidth, cell: width)
        guard let document = template.interfaceBuilder else { return try binder.bind(template, values: values, at: location, sideMargin: sideMargin) }
        if let builtIn = document.builtInTemplate {
            // A XIB cell of one of UIKit's styles is drawn as UIKit draws that style: the built-in
            // cell, with the texts, image and accessory IB stored unless the item gives its own.
            let styled = try library.template(builtIn, role: .cell, at: location)
            let bound = try binder.bind(styled, values: styledValues(document, builtIn: builtIn, values: values, binder: binder), at: location,
                                        sideMargin: sideMargin)
            return bound.map { keepingStoredText($0, of: document, builtIn: builtIn, theme: binder.theme, text: flex.text) }
        }
        return try flex.autoLayout.layout(template, document: document, values: values, width: width, height: height, theme: binder.theme,
                                          assetsFolder: binder.assetsFolder, catalogs: binder.catalogs, screenWidth: screenWidth, at: location)
    }

    /// A styled cell's labels in the font and colour IB stores for its `textLabel` and
    /// `detailTextLabel`, as UIKit decodes them from the nib onto the style's labels (a Subtitle
    /// cell's detail is 12 pt, a red or Courier detail stays so); where IB leaves one to UIKit
    /// (no `fontDescription`, `<nil key="textColor"/>`), the style's own.
    static func keepingStoredText(_ view: BoundView, of document: IBDocument, builtIn: String, theme: Theme, text: TextEngine) -> BoundView {
        var stored: [String: IBView] = [:]
        stored["title"] = document.styledView("textLabel")
        stored[builtIn == "subtitle" ? "subtitle" : "detail"] = document.styledView("detailTextLabel")
        guard !stored.isEmpty else { return view }
        func visit(_ view: BoundView) -> BoundView {
            var view = view
            if case .label(let string, var style, var color) = view.style.content, let key = view.style.valueKey, let label = stored[key] {
                // A missing font or colour is `check`'s to name (the document's own labels say it).
                var warnings: [String] = []
                if let font = label.fonts["fontDescription"] {
                    style.font = IBFonts.spec(font, defaultSize: 17, theme: theme, text: text, warnings: &warnings, what: label.id)
                }
                if case .some(.some(let stored)) = label.colors["textColor"] {
                    color = IBColors.token(stored, document: document, theme: theme, warnings: &warnings, what: label.id)
                }
                view.style.content = .label(text: string, style: style, color: color)
            }
            view.children = view.children.map(visit)
            return view
        }
        return visit(view)
    }

    /// The values of a styled XIB cell for its built-in template: IB's texts, image and
    /// accessory, then the item's (`textLabel`, `detailTextLabel` and `imageView`, as UIKit names
    /// the cell's views, or the built-in template's `title`, `detail`, `subtitle`, `image`).
    static func styledValues(_ document: IBDocument, builtIn: String, values: Value.Object, binder: Binder) -> Value.Object {
        let detailKey = builtIn == "subtitle" ? "subtitle" : "detail"
        let stored = document.styledContent
        var result: Value.Object = [:]
        if let text = stored.text { result["title"] = .string(text) }
        if let detail = stored.detailText { result[detailKey] = .string(detail) }
        if let name = stored.image {
            let found = name.hasPrefix("systemName:") || binder.catalogs.contains { $0.images[name] != nil } ? name : IBImages.find(name, in: binder.assetsFolder)
            if let found { result["image"] = .string(found) }
        }
        if let accessory = document.accessory, accessory != "none" { result["accessory"] = .string(accessory) }
        let renamed = ["textLabel": "title", "detailTextLabel": detailKey, "imageView": "image"]
        for member in values { result[renamed[member.key] ?? member.key] = member.value }
        return result
    }

    private func supplementaryBlock(_ supplementary: Supplementary, role: TemplateRole, defaultTemplate: String, kind: Block.Kind,
                                    section: Int, x: Double, y: Double, width: Double, screenWidth: Double, location: SourceLocation,
                                    checksGlyphs: Bool) throws(Diagnostic) -> Block? {
        switch supplementary {
        case .title(let title):
            let template = try library.template(defaultTemplate, role: role, at: location)
            return try self.supplementary(template, values: ["title": .string(title)], height: .default, kind: kind, section: section,
                                          x: x, y: y, width: width, screenWidth: screenWidth, location: location, checksGlyphs: checksGlyphs, givenAsText: true)
        case .view(let id, let values, let height):
            let template = try library.template(id, role: role, at: location.with(path: (location.path ?? "") + ".template"))
            return try self.supplementary(template, values: values, height: height, kind: kind, section: section, x: x, y: y, width: width,
                                          screenWidth: screenWidth, location: location, checksGlyphs: checksGlyphs)
        }
    }

    private func supplementary(_ template: Template, values: Value.Object, height: Height, kind: Block.Kind, section: Int,
                               x: Double, y: Double, width: Double, screenWidth: Double, location: SourceLocation, checksGlyphs: Bool,
                               givenAsText: Bool = false) throws(Diagnostic) -> Block? {
        var fixed: Double?
        if case .fixed(let value) = height { fixed = value } else { fixed = template.attributes["height"]?.constant.flatMap(AttributeCheck.number) }
        let bound = try Self.bind(template, values: values, width: width, screenWidth: screenWidth, height: fixed, at: location, binder: binder,
                                  library: library, flex: flex)
        let content = bound.map { flex.layoutRoot($0, width: width, height: fixed, direction: theme.direction) }
        if checksGlyphs, let content {
            // A title, header or footer given as a string is the document's value at `location`.
            try MissingGlyphs.check(content, text: text, values: givenAsText ? nil : values, at: location,
                                    note: { id in template.interfaceBuilder.flatMap { IBFonts.fileNote(for: id, in: $0) } })
        }
        let total = fixed ?? content?.frame.height ?? 0
        return Block(kind: kind, section: section, item: nil, id: kind.rawValue, frame: Rect(x: x, y: y, width: width, height: total),
                     content: content, background: template.attributes["background"]?.constant, separator: nil, link: nil, clips: fixed != nil)
    }

    /// Where the first label starts: UIKit aligns a cell's separator with its text.
    /// The first label's distance from the row's leading edge (the left, or the right in a
    /// right-to-left layout): where UIKit starts a separator.
    static func firstTextInset(_ view: LaidOutView, width: Double, direction: LayoutDirection) -> Double? {
        guard let frame = firstTextFrame(view) else { return nil }
        return direction == .rightToLeft ? width - frame.maxX : frame.x
    }

    static func firstTextFrame(_ view: LaidOutView) -> Rect? {
        if case .label = view.style.content { return view.frame }
        for child in view.children where child.style.overlay == nil {
            if let frame = firstTextFrame(child) { return frame.offsetBy(dx: view.frame.x, dy: view.frame.y) }
        }
        return nil
    }


}

/// Cuts blocks into pages as they arrive: never splits a row, keeps a header with its first row,
/// and repeats a section's header at the top of a page the section continues on. Without paper,
/// everything is one page, handed out at the end.
struct Paginator {
    let table: Table
    let style: StyleMetrics
    let width: Double
    let paper: (width: Double, height: Double)?
    let margin: Double
    private var current: [Block] = []
    private var cursor = 0.0
    private var previousBottom: Double
    private var headers: [Int: Block] = [:]
    /// The block waiting for the next one (to keep a header with its first row).
    private var pending: Block?

    init(table: Table, style: StyleMetrics, width: Double, paper: (width: Double, height: Double)?, margin: Double) {
        self.table = table
        self.style = style
        self.width = width
        self.paper = paper
        self.margin = margin
        previousBottom = style.topPadding
    }

    /// Adds a block; returns the pages it finished.
    mutating func add(_ block: Block) -> [Page] {
        guard paper != nil else { current.append(block); return [] }
        defer { pending = block }
        guard let waiting = pending else { return [] }
        return place(waiting, next: block)
    }

    /// The remaining pages.
    mutating func finish(contentHeight: Double) -> [Page] {
        guard let paper else {
            return [Page(width: width, height: contentHeight, blocks: current, groups: Self.groups(for: current, table: table, style: style))]
        }
        var pages: [Page] = []
        if let waiting = pending { pages += place(waiting, next: nil) }
        pending = nil
        if !current.isEmpty || pages.isEmpty {
            pages.append(Page(width: paper.width, height: paper.height, blocks: current, groups: Self.groups(for: current, table: table, style: style)))
            current = []
        }
        return pages
    }

    private mutating func place(_ block: Block, next: Block?) -> [Page] {
        guard let paper else { return [] }
        let available = paper.height - 2 * margin
        if block.frame.height > available + 0.0005 { return placeInPieces(block) }
        var finished: [Page] = []
        if block.kind == .header { headers[block.section] = block }
        let gap = max(0, block.frame.y - previousBottom)
        previousBottom = block.frame.maxY
        var needed = gap + block.frame.height
        if block.kind == .header || block.kind == .title, let next, next.kind == .row { needed += next.frame.height }
        if !current.isEmpty, cursor + needed > available, let page = newPage(for: block) { finished.append(page) }
        var placed = block
        placed.frame.y = margin + cursor + (current.isEmpty ? 0 : gap)
        placed.frame.x = block.frame.x + margin
        cursor = placed.frame.maxY - margin
        current.append(placed)
        return finished
    }

    /// Starts a new page (its section's header repeated on it, unless `block` is that header).
    private mutating func newPage(for block: Block) -> Page? {
        guard let paper else { return nil }
        let page = Page(width: paper.width, height: paper.height, blocks: current, groups: Self.groups(for: current, table: table, style: style))
        current = []
        cursor = 0
        if block.kind != .header, var header = headers[block.section] {
            header.frame.y = margin
            header.frame.x += margin
            header.repeated = true
            current.append(header)
            cursor = header.frame.height
        }
        return page
    }

    /// A block taller than a page, in pieces, as a browser fragments it: each page holds as much
    /// of it as fits, cut between lines of text and around images and controls (where nothing
    /// allows a cut, at the page's end), and the block goes on at the top of the next page,
    /// after its section's header. Nothing of it is lost.
    private mutating func placeInPieces(_ block: Block) -> [Page] {
        guard let paper else { return [] }
        let available = paper.height - 2 * margin
        var finished: [Page] = []
        let cuts = block.content.map { Self.cuts(in: $0, height: block.frame.height) } ?? []
        let gap = max(0, block.frame.y - previousBottom)
        previousBottom = block.frame.maxY
        var offset = 0.0
        var first = true
        while offset < block.frame.height - 0.0005 {
            let top = current.isEmpty ? 0 : cursor + (first ? gap : 0)
            let room = available - top
            let rest = block.frame.height - offset
            var end = rest <= room + 0.0005 ? block.frame.height : (cuts.last { $0 > offset + 0.0005 && $0 <= offset + room + 0.0005 } ?? -1)
            if end < 0 {
                // Nothing fits in the room left: a new page, unless this one is empty (then the
                // piece is cut where the page ends).
                if !current.isEmpty, room < available, let page = newPage(for: block) {
                    finished.append(page)
                    continue
                }
                end = offset + room
            }
            var piece = block
            piece.frame.y = margin + top
            piece.frame.x = block.frame.x + margin
            piece.frame.height = end - offset
            piece.contentOffset = offset
            piece.continues = end < block.frame.height - 0.0005
            piece.clips = true
            if piece.continues { piece.separator = nil }
            current.append(piece)
            cursor = piece.frame.maxY - margin
            offset = end
            first = false
            if offset < block.frame.height - 0.0005, let page = newPage(for: block) { finished.append(page) }
        }
        return finished
    }

    /// Where a block's content may be cut, from its top: anywhere but inside a line of text or
    /// an image, control or divider, sorted.
    static func cuts(in content: LaidOutView, height: Double) -> [Double] {
        var solid: [(Double, Double)] = []
        func collect(_ view: LaidOutView, _ y: Double) {
            let top = y + view.frame.y
            switch view.style.content {
            case .label(_, let textStyle, _):
                let lineHeight = textStyle.font.lineHeight
                let count = view.text?.lines.count ?? view.textLines?.lines.count ?? Int((view.frame.height / max(1, lineHeight)).rounded(.up))
                for line in 0..<count { solid.append((top + Double(line) * lineHeight, top + Double(line + 1) * lineHeight)) }
            case .image, .toggle, .accessory, .divider:
                solid.append((top, top + view.frame.height))
            case .stack, .box, .spacer:
                break
            }
            for child in view.children { collect(child, top) }
        }
        collect(content, 0)
        var candidates = Set<Double>([0, height])
        for (start, end) in solid {
            candidates.insert(start)
            candidates.insert(end)
        }
        return candidates.filter { cut in cut >= 0 && cut <= height && !solid.contains { $0.0 < cut - 0.0005 && cut < $0.1 - 0.0005 } }.sorted()
    }

    /// The backgrounds behind each section's rows on a page.
    static func groups(for blocks: [Block], table: Table, style: StyleMetrics) -> [Group] {
        var result: [Group] = []
        var index = 0
        while index < blocks.count {
            guard blocks[index].kind == .row else { index += 1; continue }
            let first = blocks[index]
            var last = first
            var end = index
            // A run of rows of one section with the same background (a cell's own ends it).
            while end + 1 < blocks.count, blocks[end + 1].kind == .row, blocks[end + 1].section == first.section,
                  blocks[end + 1].cellBackground == first.cellBackground {
                end += 1
                last = blocks[end]
            }
            let count = table.sections[first.section].items.count
            let startsSection = first.item == 0 && first.contentOffset == 0, endsSection = last.item == count - 1 && !last.continues
            let frame = Rect(x: first.frame.x, y: first.frame.y, width: first.frame.width, height: last.frame.maxY - first.frame.y)
            result.append(Group(section: first.section, frame: frame, cornerRadius: style.cornerRadius, roundsTop: startsSection,
                                roundsBottom: endsSection, background: first.cellBackground ?? style.cellBackground,
                                topLine: style.edgeSeparators == "full" && startsSection, bottomLine: style.edgeSeparators == "full" && endsSection))
            index = end + 1
        }
        return result
    }}
