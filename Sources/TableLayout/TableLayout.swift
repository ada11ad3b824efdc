import Dispatch
import Foundation
import TableModel
import TableTemplates

/// A line under a row, in the row's coordinates.
public struct SeparatorLine: Sendable, Hashable {
    public var x: Double
    public var width: Double
    public var thickness: Double
    public var color: String
}

/// One laid-out piece of the table: the title, a section header or footer, or a row.
public struct Block: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable { case title, header, footer, row }

    public var kind: Kind
    public var section: Int
    public var item: Int?
    public var id: String
    /// In page coordinates.
    public var frame: Rect
    public var content: LaidOutView?
    public var background: String?
    public var separator: SeparatorLine?
    public var link: String?
    /// Whether the row's height is fixed (its content is clipped to it).
    public var clips: Bool
    /// A section header drawn again at the top of a page its section continues on.
    public var repeated: Bool = false
}

/// The rounded (insetGrouped) or square background behind a section's rows on one page.
public struct Group: Sendable, Hashable {
    public var section: Int
    public var frame: Rect
    public var cornerRadius: Double
    public var roundsTop: Bool
    public var roundsBottom: Bool
    public var background: String
    public var topLine: Bool
    public var bottomLine: Bool
}

/// A page: a PNG image, a PDF page or (for `content`) the whole table.
public struct Page: Sendable, Hashable {
    public var width: Double
    public var height: Double
    public var blocks: [Block]
    public var groups: [Group]
}

/// The table laid out once, drawn by every renderer.
public struct LaidOutTable: Sendable {
    public var table: Table
    public var style: StyleMetrics
    public var width: Double
    public var background: String
    public var separatorColor: String
    public var separatorThickness: Double
    public var pages: [Page]
    /// Top of each section in the continuous layout (before pagination).
    public var sectionTops: [Double]
    public var contentHeight: Double
}

public struct LayoutOptions: Sendable, Hashable {
    public var width: Double
    public var page: PageSize

    public init(width: Double, page: PageSize) {
        self.width = width
        self.page = page
    }

    /// Paper sizes in points.
    public static func paper(_ page: PageSize) -> (width: Double, height: Double)? {
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
    public let library: TemplateLibrary
    public let binder: Binder
    public let text: TextEngine
    private let flex: FlexLayout

    public init(library: TemplateLibrary, assetsFolder: String, text: TextEngine = TextEngine()) {
        self.library = library
        self.binder = Binder(theme: library.theme, assetsFolder: assetsFolder, templates: Array(library.templates.values))
        self.text = text
        self.flex = FlexLayout(text: text)
    }

    var theme: Theme { library.theme }

    public func layout(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation) throws(Diagnostic) -> LaidOutTable {
        var pages: [Page] = []
        var result = try stream(table, options: options, locate: locate, window: nil) { page throws(Diagnostic) in pages.append(page) }
        result.pages = pages
        return result
    }

    /// Lays the table out and hands each page to `sink` as soon as it is finished. With a
    /// `window`, rows are bound and measured that many at a time and the text layouts of the
    /// pages already handed out are dropped between windows: memory holds a window of rows, not
    /// the table. Returns the table's description without its pages.
    public func stream(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation, window: Int?,
                       sink: (Page) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        let paper = LayoutOptions.paper(options.page)
        let margin = paper == nil ? 0 : theme.pageMargin
        var pager = Paginator(table: table, style: theme.style(table.style), width: paper.map { $0.width - 2 * margin } ?? options.width,
                              paper: paper, margin: margin)
        return try run(table, options: options, locate: locate, window: window) { block throws(Diagnostic) in
            for page in pager.add(block) { try sink(page) }
        } finish: { height throws(Diagnostic) in
            for page in pager.finish(contentHeight: height) { try sink(page) }
        }
    }

    /// Lays the table out as one continuous page and hands each block (title, header, row,
    /// footer) to `sink` in order as soon as it is placed: for writers that need no pages.
    public func streamBlocks(_ table: Table, width: Double, locate: (ModelPath) -> SourceLocation, window: Int?,
                             sink: (Block) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        try run(table, options: LayoutOptions(width: width, page: .content), locate: locate, window: window, emit: sink) { _ throws(Diagnostic) in }
    }

    private func run(_ table: Table, options: LayoutOptions, locate: (ModelPath) -> SourceLocation, window: Int?,
                     emit: (Block) throws(Diagnostic) -> Void, finish: (Double) throws(Diagnostic) -> Void) throws(Diagnostic) -> LaidOutTable {
        let paper = LayoutOptions.paper(options.page)
        let margin = paper == nil ? 0 : theme.pageMargin
        let width = paper.map { $0.width - 2 * margin } ?? options.width
        guard width.isFinite, width > 0 else { throw Diagnostic(at: nil, "width must be a positive number") }
        let style = theme.style(table.style)
        var y = style.topPadding
        var sectionTops: [Double] = []

        if let title = table.title, let templateID = theme.titleTemplate {
            let template = try library.template(templateID, role: .header, at: locate(.section(0)))
            if let block = try supplementary(template, values: ["title": .string(title)], height: .default, kind: .title, section: 0,
                                             x: 0, y: y, width: width, location: SourceLocation(file: locate(.section(0)).file, path: "$.title")) {
                try emit(block)
                y = block.frame.maxY
            }
        }
        let columnX = style.contentInset
        let columnWidth = max(1, width - 2 * style.contentInset)
        var jobs: [(section: Int, item: Int, location: SourceLocation)] = []
        for (sectionIndex, section) in table.sections.enumerated() {
            for itemIndex in section.items.indices { jobs.append((sectionIndex, itemIndex, locate(.item(section: sectionIndex, item: itemIndex)))) }
        }
        var windowStart = 0
        var prepared: [(Block, Template)] = []
        var next = 0
        let windowSize = window ?? jobs.count
        let cores = min(ProcessInfo.processInfo.activeProcessorCount, 8)
        let workers = jobs.count >= Self.parallelThreshold ? max(1, min(maximumThreads ?? cores, cores)) : 1
        // With several windows and cores, the next window is measured on its own set of engines
        // while this thread draws the pages of the current one.
        let pipelined = workers > 1 && jobs.count > windowSize
        text.ensureHelpers(pipelined ? 2 * workers : workers - 1)
        let sets: [[TextEngine]] = pipelined ? [Array(text.helpers[0..<workers]), Array(text.helpers[workers..<(2 * workers)])]
            : [[text] + Array(text.helpers[0..<(workers - 1)])]
        let jobList = jobs
        let context = RowContext(table: table, library: library, binder: binder, x: columnX, width: columnWidth)
        // A short first window lets drawing start early.
        func slice(_ from: Int) -> [(section: Int, item: Int, location: SourceLocation)] {
            let size = pipelined && from == 0 ? min(windowSize, 256) : windowSize
            return Array(jobList[from..<min(jobList.count, from + size)])
        }
        /// Starts measuring the window at `from` on another thread, with the engine set `set`
        /// (whose layouts, of pages already drawn, are dropped first).
        func start(_ from: Int, set: Int) -> Pending {
            text.dropLayouts(of: sets[set], includingOwn: false)
            return Pending(slice(from), context: context, engines: sets[set])
        }
        var windowIndex = 0
        var pending: Pending? = pipelined ? start(0, set: 0) : nil
        defer { _ = pending?.wait() }
        for (sectionIndex, section) in table.sections.enumerated() {
            sectionTops.append(y)
            var headerBlock: Block?
            if let header = section.header {
                headerBlock = try supplementaryBlock(header, role: .header, defaultTemplate: style.headerTemplate, kind: .header,
                                                     section: sectionIndex, x: columnX, y: y, width: columnWidth, location: locate(.header(section: sectionIndex)))
            }
            if let headerBlock {
                try emit(headerBlock)
                y = headerBlock.frame.maxY
            } else if sectionIndex > 0 || table.title == nil {
                y += style.sectionSpacing
            }
            for itemIndex in section.items.indices {
                if next >= windowStart + prepared.count {
                    if pipelined, let waiting = pending {
                        let set = windowIndex % 2
                        prepared = try waiting.wait().get()
                        try checkFonts(locate, engines: sets[set])
                        text.consulted = sets[set]
                        windowIndex += 1
                        let following = next + prepared.count
                        pending = following < jobList.count ? start(following, set: windowIndex % 2) : nil
                    } else {
                        if next > 0 {
                            try checkFonts(locate, engines: sets[0])
                            text.dropLayouts(of: sets[0], includingOwn: true)
                        }
                        text.consulted = []
                        prepared = try Self.prepareRows(slice(next), context: context, engines: sets[0])
                        text.consulted = Array(sets[0].dropFirst())
                    }
                    windowStart = next
                }
                var (block, template) = prepared[next - windowStart]
                next += 1
                block.frame.y = y
                let isLast = itemIndex == section.items.count - 1
                let inset = template.attributes["separatorInset"]?.constant.flatMap(AttributeCheck.number)
                    ?? block.content.flatMap(Self.firstTextX) ?? style.separatorInset
                if !isLast || style.edgeSeparators == "inset" {
                    block.separator = SeparatorLine(x: inset, width: max(0, columnWidth - inset), thickness: theme.separatorThickness, color: theme.separatorColor)
                }
                try emit(block)
                y = block.frame.maxY
            }
            if let footer = section.footer,
               let block = try supplementaryBlock(footer, role: .footer, defaultTemplate: style.footerTemplate, kind: .footer,
                                                  section: sectionIndex, x: columnX, y: y, width: columnWidth, location: locate(.footer(section: sectionIndex))) {
                try emit(block)
                y = block.frame.maxY
            }
        }
        y += style.bottomPadding
        try checkFonts(locate, engines: sets.flatMap { $0 })
        try finish(y)
        var result = describe(table, options: options)
        result.sectionTops = sectionTops
        result.contentHeight = y
        return result
    }

    /// What the painter needs to know of a table besides its pages (colours, separators).
    public func describe(_ table: Table, options: LayoutOptions) -> LaidOutTable {
        let style = theme.style(table.style)
        let paper = LayoutOptions.paper(options.page)
        return LaidOutTable(table: table, style: style, width: paper?.width ?? options.width, background: style.background,
                            separatorColor: theme.separatorColor, separatorThickness: theme.separatorThickness,
                            pages: [], sectionTops: [], contentHeight: 0)
    }

    private func checkFonts(_ locate: (ModelPath) -> SourceLocation, engines: [TextEngine]) throws(Diagnostic) {
        if !allowsFontFallback, let (family, substitute) = text.missingFamilies(with: engines.filter { $0 !== text }).sorted(by: { $0.key < $1.key }).first {
            let package = Self.fontPackages[family.lowercased()].map { "install it (apt-get install \($0))" } ?? "install it"
            throw Diagnostic(at: SourceLocation(file: locate(.section(0)).file), "font '\(family)' is not installed (fontconfig would use '\(substitute)' instead, and output would differ from other machines); \(package), or allow the substitution with --allow-font-fallback")
        }
    }

    /// Rows with few items are laid out on this thread; larger tables spread binding and text
    /// measurement over every core, one text engine (one Pango font map) per thread, in
    /// contiguous runs of rows. The result does not depend on the number of threads.
    static let parallelThreshold = 256

    /// Whether a font the theme or a template names may be replaced by another when it is not
    /// installed; by default that is an error, since output would change from machine to machine.
    public var allowsFontFallback = ["1", "true", "yes"].contains(ProcessInfo.processInfo.environment["TABLERENDER_ALLOW_FONT_FALLBACK"] ?? "")

    /// Debian packages of the fonts the bundled themes name.
    static let fontPackages = ["inter": "fonts-inter", "noto color emoji": "fonts-noto-color-emoji", "noto sans cjk jp": "fonts-noto-cjk",
                               "dejavu sans": "fonts-dejavu-core", "dejavu sans mono": "fonts-dejavu-core", "dejavu serif": "fonts-dejavu-core",
                               "liberation serif": "fonts-liberation2", "liberation sans": "fonts-liberation2", "liberation mono": "fonts-liberation2"]

    /// The most threads a layout may use; nil: one per core (`TABLERENDER_THREADS` overrides).
    public var maximumThreads: Int? = ProcessInfo.processInfo.environment["TABLERENDER_THREADS"].flatMap(Int.init)

    /// What every row of a table needs to be laid out, on any thread.
    struct RowContext: Sendable {
        var table: Table
        var library: TemplateLibrary
        var binder: Binder
        var x: Double
        var width: Double
    }

    /// A window of rows being measured on another thread.
    final class Pending: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var result: Result<[(Block, Template)], Diagnostic>?

        init(_ jobs: [(section: Int, item: Int, location: SourceLocation)], context: RowContext, engines: [TextEngine]) {
            DispatchQueue.global().async {
                self.result = Result { () throws(Diagnostic) in try TableLayoutEngine.prepareRows(jobs, context: context, engines: engines) }
                self.done.signal()
            }
        }

        /// Waits for the window; can be called once more harmlessly (the result stays).
        func wait() -> Result<[(Block, Template)], Diagnostic> {
            done.wait()
            done.signal()
            return result!
        }
    }

    /// Binds and measures rows, spread in contiguous runs over `engines`, one thread each.
    static func prepareRows(_ jobs: [(section: Int, item: Int, location: SourceLocation)], context: RowContext,
                            engines: [TextEngine]) throws(Diagnostic) -> [(Block, Template)] {
        let workers = max(1, min(engines.count, jobs.count))
        let results = Slots<(Block, Template)>(count: jobs.count)
        let chunk = (jobs.count + workers - 1) / workers
        let sections = context.table.sections, library = context.library, binder = context.binder
        let x = context.x, width = context.width
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let flex = FlexLayout(text: engines[worker])
            for index in (worker * chunk)..<min(jobs.count, (worker + 1) * chunk) {
                let job = jobs[index]
                let item = sections[job.section].items[job.item]
                do throws(Diagnostic) {
                    let template = try library.template(item.template, role: .cell, at: job.location.with(path: (job.location.path ?? "") + ".template"))
                    let block = try Self.row(item, template: template, section: job.section, index: job.item, x: x, width: width,
                                             location: job.location, binder: binder, flex: flex)
                    results.set(index, (block, template))
                } catch {
                    results.fail(index, error)
                    return
                }
            }
        }
        if let error = results.firstError { throw error }
        return jobs.indices.map { results.value($0) }
    }

    private static func row(_ item: Item, template: Template, section: Int, index: Int, x: Double, width: Double, location: SourceLocation,
                            binder: Binder, flex: FlexLayout) throws(Diagnostic) -> Block {
        let y = 0.0
        if let link = item.link, let problem = LinkPolicy.problem(link) {
            throw Diagnostic(at: location.with(path: (location.path ?? "$") + ".link"), problem)
        }
        let bound = try binder.bind(template, values: item.values, at: location)
        let fixed: Double?
        switch item.height {
        case .fixed(let height): fixed = height
        case .automatic: fixed = template.attributes["height"]?.constant.flatMap(AttributeCheck.number)
        }
        let content = bound.map { flex.layout($0, width: width, height: fixed) }
        let height = fixed ?? content?.frame.height ?? 0
        let background = template.attributes["background"]?.constant
        return Block(kind: .row, section: section, item: index, id: item.id, frame: Rect(x: x, y: y, width: width, height: height),
                     content: content, background: background, separator: nil, link: item.link, clips: fixed != nil)
    }

    private func supplementaryBlock(_ supplementary: Supplementary, role: TemplateRole, defaultTemplate: String, kind: Block.Kind,
                                    section: Int, x: Double, y: Double, width: Double, location: SourceLocation) throws(Diagnostic) -> Block? {
        switch supplementary {
        case .title(let title):
            let template = try library.template(defaultTemplate, role: role, at: location)
            return try self.supplementary(template, values: ["title": .string(title)], height: .default, kind: kind, section: section,
                                          x: x, y: y, width: width, location: location)
        case .view(let id, let values, let height):
            let template = try library.template(id, role: role, at: location.with(path: (location.path ?? "") + ".template"))
            return try self.supplementary(template, values: values, height: height, kind: kind, section: section, x: x, y: y, width: width, location: location)
        }
    }

    private func supplementary(_ template: Template, values: Value.Object, height: Height, kind: Block.Kind, section: Int,
                               x: Double, y: Double, width: Double, location: SourceLocation) throws(Diagnostic) -> Block? {
        let bound = try binder.bind(template, values: values, at: location)
        var fixed: Double?
        if case .fixed(let value) = height { fixed = value } else { fixed = template.attributes["height"]?.constant.flatMap(AttributeCheck.number) }
        let content = bound.map { flex.layout($0, width: width, height: fixed) }
        let total = fixed ?? content?.frame.height ?? 0
        return Block(kind: kind, section: section, item: nil, id: kind.rawValue, frame: Rect(x: x, y: y, width: width, height: total),
                     content: content, background: template.attributes["background"]?.constant, separator: nil, link: nil, clips: fixed != nil)
    }

    /// Where the first label starts: UIKit aligns a cell's separator with its text.
    static func firstTextX(_ view: LaidOutView) -> Double? {
        if case .label = view.style.content { return view.frame.x }
        for child in view.children {
            if let x = firstTextX(child) { return view.frame.x + x }
        }
        return nil
    }


}

/// Results written by several threads, each to its own indices; read after they all finished.
package final class Slots<Value>: @unchecked Sendable {
    private let storage: UnsafeMutablePointer<Value?>
    private let count: Int
    private let lock = NSLock()
    private var errors: [(Int, Diagnostic)] = []

    package init(count: Int) {
        self.count = count
        storage = .allocate(capacity: max(1, count))
        storage.initialize(repeating: nil, count: max(1, count))
    }

    deinit {
        storage.deinitialize(count: max(1, count))
        storage.deallocate()
    }

    package func set(_ index: Int, _ value: Value) { storage[index] = value }

    package func fail(_ index: Int, _ error: Diagnostic) {
        lock.lock()
        errors.append((index, error))
        lock.unlock()
    }

    /// The error of the earliest row, whatever thread found it first.
    package var firstError: Diagnostic? { errors.min { $0.0 < $1.0 }?.1 }

    package func value(_ index: Int) -> Value { storage[index]! }
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
        var finished: [Page] = []
        let available = paper.height - 2 * margin
        if block.kind == .header { headers[block.section] = block }
        let gap = max(0, block.frame.y - previousBottom)
        previousBottom = block.frame.maxY
        var needed = gap + block.frame.height
        if block.kind == .header || block.kind == .title, let next, next.kind == .row { needed += next.frame.height }
        if !current.isEmpty, cursor + needed > available {
            finished.append(Page(width: paper.width, height: paper.height, blocks: current, groups: Self.groups(for: current, table: table, style: style)))
            current = []
            cursor = 0
            if block.kind != .header, var header = headers[block.section] {
                header.frame.y = margin
                header.frame.x += margin
                header.repeated = true
                current.append(header)
                cursor = header.frame.height
            }
        }
        var placed = block
        placed.frame.y = margin + cursor + (current.isEmpty ? 0 : gap)
        placed.frame.x = block.frame.x + margin
        cursor = placed.frame.maxY - margin
        current.append(placed)
        return finished
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
            while end + 1 < blocks.count, blocks[end + 1].kind == .row, blocks[end + 1].section == first.section {
                end += 1
                last = blocks[end]
            }
            let count = table.sections[first.section].items.count
            let startsSection = first.item == 0, endsSection = last.item == count - 1
            let frame = Rect(x: first.frame.x, y: first.frame.y, width: first.frame.width, height: last.frame.maxY - first.frame.y)
            result.append(Group(section: first.section, frame: frame, cornerRadius: style.cornerRadius, roundsTop: startsSection,
                                roundsBottom: endsSection, background: style.cellBackground,
                                topLine: style.edgeSeparators == "full" && startsSection, bottomLine: style.edgeSeparators == "full" && endsSection))
            index = end + 1
        }
        return result
    }}
