import Foundation
import TableCairo
import TableHTML
import TableLayout
import TableModel
import TableTemplates
import TableText

/// What one `render` call makes, decided once from its options, the document and the theme
/// before anything is laid out: the scenes, the layout (width, page, what the text is for), the
/// HTML page's layout, whether rows stream to one writer, and where the files go.
struct RenderPlan {
    /// How rows reach the writers.
    enum Streaming: Equatable {
        /// Every scene is laid out whole, once, and every writer reads it.
        case none
        /// A PDF of paper pages alone: laid out and written a window of rows at a time, so a
        /// long document needs the memory of a window.
        case pdfPages
        /// An HTML page alone: written block by block while the next rows are measured.
        case htmlBlocks
        /// PNG pages of paper alone, for a long document: drawn, encoded and written to
        /// temporary files as they come (the memory of a window; a little slower).
        case pngPages
    }

    var scenes: [Scene]
    /// Whether file names carry the scene (only when a section declares states).
    var namesScenes: Bool
    /// The layout of every scene: `--width`, else the document's, else the theme's; the same
    /// chain for the page. The text is drawn unless every format is HTML.
    var layout: LayoutOptions
    /// The HTML page is one continuous page: on paper, as wide as the paper inside its margins.
    var htmlLayout: LayoutOptions
    /// Whether the HTML page is laid out apart from the scenes (the scenes are on paper).
    var htmlLaidOutApart: Bool
    var streaming: Streaming
    var window: Int
    /// `<out>/<doc>`, and the files' common name:
    /// `<doc>[.<content size>][.<locale>][.<direction>][.high-contrast]`.
    var folder: String
    var base: String

    init(_ loaded: LoadedDocument, options: RenderOptions) throws(Diagnostic) {
        let document = loaded.document, theme = loaded.renderer.theme, table = document.table
        scenes = table.defaultScenes
        if let specs = options.scenes {
            scenes = []
            for spec in specs { scenes.append(try loaded.scene(spec)) }
        }
        namesScenes = loaded.hasStates
        let formats = options.formats
        // An HTML page draws no text: its paragraphs are measured and their lines kept as text.
        let text: TextUse = formats.allSatisfy { $0 == .html } ? (formats.contains(.html) ? .lines : .measuring) : .drawing
        let page = options.page ?? document.page ?? theme.page
        layout = LayoutOptions(width: options.width ?? document.width ?? theme.width, page: page, text: text,
                               allowsFontFallback: options.allowsFontFallback)
        let paper = LayoutOptions.paper(page)
        htmlLaidOutApart = paper != nil
        htmlLayout = layout
        htmlLayout.page = .content
        if let paper { htmlLayout.width = paper.width - 2 * theme.pageMargin }
        let stateless = !loaded.hasStates
        if formats == [.pdf], paper != nil, stateless {
            streaming = .pdfPages
        } else if formats == [.html], stateless {
            streaming = .htmlBlocks
        } else if formats == [.png], paper != nil, stateless, table.itemCount >= options.pngStreamingRows {
            streaming = .pngPages
        } else {
            streaming = .none
        }
        window = max(1, options.streamWindow)
        folder = options.outputDirectory + "/" + document.name
        // Files of a content size other than the default carry it, and of a locale asked for:
        // `<doc>.AX3@2x.png`, `<doc>.en-XA@2x.png`, of a direction asked for: `<doc>.rtl@2x.png`,
        // and at Increase Contrast: `<doc>.high-contrast@2x.png`.
        base = document.name + (theme.contentSize == .large ? "" : "." + theme.contentSize.rawValue)
            + (loaded.locale.map { "." + $0 } ?? "") + (loaded.direction.map { "." + $0.rawValue } ?? "")
            + (loaded.contrast == .high ? ".high-contrast" : "")
    }

    func sceneName(_ scene: Scene) -> String? { namesScenes && scene.name != "initial" ? scene.name : nil }
}

/// One `render` call carrying out its plan: a writer per format adds the files it makes to
/// `outputs` (each written to a temporary name when committed), and nothing is renamed into
/// place unless every file was made.
final class RenderRun {
    let loaded: LoadedDocument
    let options: RenderOptions
    let plan: RenderPlan
    private var outputs: [(path: String, write: (String) throws(Diagnostic) -> Void)] = []
    private var laidOut: [(scene: Scene, table: LaidOutTable)] = []
    private var htmlPage: LaidOutTable?
    private var pageFiles: [PNGStream] = []
    private var madeFolders: [String] = []

    init(_ loaded: LoadedDocument, options: RenderOptions) throws(Diagnostic) {
        self.loaded = loaded
        self.options = options
        self.plan = try RenderPlan(loaded, options: options)
    }

    private var renderer: Renderer { loaded.renderer }
    private var document: Document { loaded.document }
    private var table: Table { loaded.document.table }

    private func layout(_ table: Table, _ options: LayoutOptions) throws(Diagnostic) -> LaidOutTable {
        try renderer.engine.layout(table, options: options, locate: document.location(of:))
    }

    private func add(_ name: String, _ write: @escaping (String) throws(Diagnostic) -> Void) {
        outputs.append((plan.folder + "/" + name, write))
    }

    private func add(_ name: String, bytes: [UInt8]) {
        add(name) { path throws(Diagnostic) in try AtomicFile.create(bytes, at: path) }
    }

    func run() throws(Diagnostic) -> [String] {
        var committed = false
        // A failed run leaves no page file and no folder it made.
        defer {
            if !committed {
                for stream in pageFiles { stream.discard() }
                for made in madeFolders.reversed() { rmdir(made) }
            }
        }
        if plan.streaming == .none {
            for scene in plan.scenes { laidOut.append((scene, try layout(table.inScene(scene), plan.layout))) }
        }
        if plan.streaming == .pngPages { try streamPNGPages() }
        for appearance in options.appearances {
            for format in options.formats {
                switch format {
                case .png: if plan.streaming != .pngPages { try png(appearance) }
                case .pdf: pdf(appearance)
                case .html: try html(appearance)
                case .layout: if appearance == options.appearances.first { try layoutJSON() }
                case .accessibility:
                    let page = try htmlLaidOut()
                    if appearance == options.appearances.first {
                        add(plan.base + ".accessibility.txt", bytes: Array(AccessibilityTree.text(AccessibilityTree.elements(of: page)).utf8))
                    }
                    add(LoadedDocument.fileName(document: plan.base + ".accessibility", format: .png, appearance: appearance, scale: options.scale,
                                                page: nil, pageCount: 1),
                        bytes: try renderer.accessibilityPNG(page, appearance: appearance, scale: options.scale))
                }
            }
        }
        if plan.namesScenes { try transitions() }
        let written = try AtomicFile.commit(outputs, folder: plan.folder)
        committed = true
        return written
    }

    /// The HTML page's layout, made once: the first scene, laid out again as one continuous
    /// page when the scenes are on paper.
    private func htmlLaidOut() throws(Diagnostic) -> LaidOutTable {
        if let htmlPage { return htmlPage }
        let page = plan.htmlLaidOutApart ? try layout(laidOut[0].table.table, plan.htmlLayout) : laidOut[0].table
        htmlPage = page
        return page
    }

    // MARK: Writers

    private func png(_ appearance: Appearance) throws(Diagnostic) {
        for (scene, laid) in laidOut {
            let images = try renderer.png(laid, appearance: appearance, scale: options.scale, compression: options.pngCompression)
            for (index, image) in images.enumerated() {
                add(LoadedDocument.fileName(document: plan.base, scene: plan.sceneName(scene), format: .png, appearance: appearance,
                                            scale: options.scale, page: index + 1, pageCount: images.count), bytes: image)
            }
        }
    }

    /// PNG pages streamed: one stream per appearance takes each page as the layout finishes it.
    private func streamPNGPages() throws(Diagnostic) {
        madeFolders = try AtomicFile.makeFolder(plan.folder)
        pageFiles = options.appearances.map {
            PNGStream(theme: renderer.theme, text: renderer.engine.text, appearance: $0, scale: options.scale,
                      compression: options.pngCompression, folder: plan.folder)
        }
        let description = renderer.engine.describe(table, options: plan.layout)
        _ = try renderer.engine.stream(table, options: plan.layout, locate: document.location(of:), window: plan.window) {
            finished throws(Diagnostic) in
            for stream in pageFiles { try stream.add(finished, of: description) }
        }
        for (appearance, stream) in zip(options.appearances, pageFiles) {
            let files = try stream.finish()
            for (index, file) in files.enumerated() {
                add(LoadedDocument.fileName(document: plan.base, format: .png, appearance: appearance, scale: options.scale,
                                            page: index + 1, pageCount: files.count)) { path throws(Diagnostic) in
                    guard rename(file, path) == 0 else {
                        throw Diagnostic(.failure, at: SourceLocation(file: path), "cannot write the file: \(String(cString: strerror(errno)))")
                    }
                }
            }
        }
    }

    private func pdf(_ appearance: Appearance) {
        let renderer = self.renderer, document = self.document, plan = self.plan, title = document.table.title
        let name = LoadedDocument.fileName(document: plan.base, format: .pdf, appearance: appearance, scale: 1, page: nil, pageCount: 1)
        if plan.streaming == .pdfPages {
            add(name) { path throws(Diagnostic) in
                let stream = PDFStream(theme: renderer.theme, text: renderer.engine.text, appearance: appearance, path: path, title: title,
                                       language: document.language,
                                       outlinesScenes: false)
                let description = renderer.engine.describe(document.table, options: plan.layout)
                _ = try renderer.engine.stream(document.table, options: plan.layout, locate: document.location(of:), window: plan.window) {
                    finished throws(Diagnostic) in try stream.add(finished, of: description)
                }
                try stream.finish()
            }
        } else {
            let pages = laidOut.map { (name: plan.namesScenes ? Optional($0.scene.name) : nil, table: $0.table) }
            add(name) { path throws(Diagnostic) in
                try PDFRenderer(theme: renderer.theme, text: renderer.engine.text).write(pages, appearance: appearance, to: path, title: title,
                                                                                         language: document.language)
            }
        }
    }

    /// One page for every appearance, that follows the reader's setting, unless one
    /// appearance alone was asked for.
    private func html(_ appearance: Appearance) throws(Diagnostic) {
        let forced: Appearance? = options.appearanceChosen && options.appearances.count == 1 ? appearance : nil
        if forced == nil, appearance != options.appearances.first { return }
        let name = plan.base + (forced.map { "." + $0.rawValue } ?? "") + ".html"
        let writer = HTMLRenderer.resampling(theme: renderer.theme, appearance: forced, language: document.language, text: renderer.engine.text)
        if plan.streaming == .htmlBlocks {
            let description = renderer.engine.describe(table, options: plan.htmlLayout)
            let spill = NSTemporaryDirectory() + "/.tablerender-html-\(getpid())-\(outputs.count).tmp"
            let stream = HTMLRenderer.Stream(renderer: writer, table: description, spill: spill)
            _ = try renderer.engine.streamBlocks(table, options: plan.htmlLayout, locate: document.location(of:), window: plan.window) {
                block throws(Diagnostic) in try stream.add(block)
            }
            add(name) { path throws(Diagnostic) in
                let file = try OutputWriter(path: path)
                try stream.write { bytes throws(Diagnostic) in try file.append(bytes) }
                try file.finish()
            }
            return
        }
        let page = try htmlLaidOut()
        // Each state of a section is laid out as the page is, for the page's state switcher.
        var states: [Int: [LaidOutState]] = [:]
        for (index, section) in table.sections.enumerated() {
            guard let sectionStates = section.states else { continue }
            var lists: [LaidOutState] = []
            for name in sectionStates.names {
                lists.append(LaidOutState(name: name, table: try layout(table.inScene(Scene(name: name, states: [section.id: name])), plan.htmlLayout)))
            }
            states[index] = lists
        }
        add(name, bytes: Array(try writer.render(page, states: states).utf8))
    }

    private func layoutJSON() throws(Diagnostic) {
        add(plan.base + ".layout.json", bytes: Array(try htmlLaidOut().json.utf8))
    }

    /// Each transition between two states of a section: the section alone before and after,
    /// side by side with the changes marked (PNG), and the changesets as JSON (`--changes`).
    private func transitions() throws(Diagnostic) {
        var transitions = try table.transitions()
        if options.scenes != nil {
            // Scenes asked for (`--states`): only the transitions into them, each named section
            // from its initial state to the state the scene puts it in.
            var wanted = Set<String>()
            for scene in plan.scenes {
                for (section, state) in scene.states {
                    guard let initial = table.sections.first(where: { $0.id == section })?.states?.initial, initial != state else { continue }
                    wanted.insert("\(section)\u{0}\(initial)\u{0}\(state)")
                }
            }
            transitions = transitions.filter { wanted.contains("\($0.section)\u{0}\($0.from)\u{0}\($0.to)") }
        }
        if options.formats.contains(.png) {
            var alone = plan.layout
            alone.page = .content
            for transition in transitions {
                guard let index = table.sections.firstIndex(where: { $0.id == transition.section }),
                      let before = table.sections[index].inState(transition.from), let after = table.sections[index].inState(transition.to) else { continue }
                let left = try layout(Table(style: table.style, sections: [before]), alone)
                let right = try layout(Table(style: table.style, sections: [after]), alone)
                let title = "\(PDFRenderer.outlineTitle(before, index: index)): \(transition.from) → \(transition.to)"
                for appearance in options.appearances {
                    let image = try TransitionRenderer(theme: renderer.theme, text: renderer.engine.text).render(
                        before: left, after: right, changeset: transition.changeset, title: title, from: transition.from, to: transition.to,
                        appearance: appearance, scale: options.scale)
                    add(LoadedDocument.fileName(document: plan.base, scene: "transition." + transition.name, format: .png, appearance: appearance,
                                                scale: options.scale, page: nil, pageCount: 1), bytes: image)
                }
            }
        }
        if options.changes {
            add(plan.base + ".changes.json", bytes: Array(LoadedDocument.changesJSON(transitions).utf8))
        }
    }
}
