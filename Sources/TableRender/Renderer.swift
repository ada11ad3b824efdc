import Foundation
import TableCairo
import TableHTML
import TableLayout
import TableModel
import TableTemplates
import TableText

/// The files a render writes.
public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, pdf, html
    /// `<doc>.layout.json`: every block and view's frame in the HTML page's layout (one page at
    /// its width), a label's lines as set: to compare layouts, or a browser's with tablerender's.
    case layout
    /// `<doc>.accessibility.txt`: what VoiceOver would read, element by element in its order
    /// (label, value, hint, traits, frame), by UIKit's rules (`AccessibilityTree`); and
    /// `<doc>.accessibility@2x.png`, the screen with each element outlined and numbered beside a
    /// legend of what is read.
    case accessibility
}

/// The whole pipeline for one theme and set of templates: lay out a table once, draw it as PNG or
/// PDF. Swift programs build a `Table` in code and hand it here; the command line does the same
/// with a decoded document.
public final class Renderer {
    /// The theme: colours, fonts, metrics and templates of the look.
    public let theme: Theme
    /// The templates (the theme's, the document's folders', Interface Builder files') by name.
    public let library: TemplateLibrary
    /// The folder images are read from (nothing outside it).
    public let assetsFolder: String
    /// The layout engine, with its text engine.
    public let engine: TableLayoutEngine

    /// - Parameters:
    ///   - theme: a theme name (`ios`, `print`) or a path to a theme folder.
    ///   - templateFolders: folders of the caller's own templates, which override the theme's.
    ///   - assetsFolder: the only folder images are read from.
    ///   - contentSize: the reader's text size: the theme's text styles at that Dynamic Type category.
    ///   - locale: the screen's language; the pseudo-locale `en-XA` rewrites every text (`PseudoLocale`).
    ///   - direction: the layout's direction instead of the locale's (right to left for `ar`, `he`,
    ///     `ar-XB`…): right to left mirrors the screen as UIKit does.
    ///   - contrast: the reader's Increase Contrast setting: `high` draws the colours' high-contrast values.
    public convenience init(theme: String = "ios", templateFolders: [String] = [], assetsFolder: String? = nil,
                            contentSize: ContentSizeCategory = .large, locale: String = "en", direction: LayoutDirection? = nil,
                            contrast: Contrast = .normal) throws(Diagnostic) {
        let loaded = try ThemeLoader.load(theme).scaled(to: contentSize).localized(to: locale).directed(direction).contrasted(contrast)
        try self.init(theme: loaded, templateFolders: templateFolders, assetsFolder: assetsFolder ?? FileManager.default.currentDirectoryPath)
    }

    /// Asset catalogs (`*.xcassets`) directly inside the template folders or the assets folder
    /// are read: their colour sets become colour tokens (light and dark; a set's name wins over
    /// the theme's token of the same name), their image sets are found by name before files.
    /// `catalogs`: those already read from the same folders (nil reads them).
    ///
    /// Fonts an Interface Builder file names as the app's own (`<customFonts>`) are read from
    /// the files found by name in or below the template folders, the assets folder, the
    /// catalogs' folders, `fontFolders` and the `--allow-read` folders (`FontFiles`).
    public init(theme: Theme, templateFolders: [String], assetsFolder: String, extraTemplates: [String: Template] = [:],
                catalogs given: [AssetCatalog]? = nil, fontFolders: [String] = []) throws(Diagnostic) {
        let catalogs: [AssetCatalog]
        if let given { catalogs = given } else { catalogs = try AssetCatalog.discover(in: templateFolders + [assetsFolder]) }
        var theme = theme
        for catalog in catalogs {
            for (name, color) in catalog.colors { theme.addColor(name, normal: color, high: catalog.highContrastColors[name]) }
            for (name, system) in catalog.colorReferences {
                let token = system.hasSuffix("Color") ? String(system.dropLast(5)) : system
                if let color = theme.colors[token] {
                    theme.addColor(name, normal: theme.normalColors[token] ?? color, high: theme.highContrastColors[token])
                }
            }
        }
        // The fonts the theme bundles, before anything is measured.
        try theme.loadFonts()
        // SF Pro itself where the machine has it; the theme's stand-in everywhere else.
        let text = TextEngine()
        theme = theme.withAppleSystemFont { family in
            text.installedFamily(of: FontSpec(family: family, size: 17)).lowercased() == family.lowercased()
        }
        self.theme = theme
        self.library = try TemplateLibrary(theme: theme, folders: templateFolders, extra: extraTemplates, catalogs: catalogs,
                                           fontFolders: templateFolders + [assetsFolder] + catalogs.map(\.containingFolder) + fontFolders)
        self.assetsFolder = assetsFolder
        self.engine = TableLayoutEngine(library: library, assetsFolder: assetsFolder, text: text)
    }

    /// What draws the system font of the theme called `theme` on this machine: SF Pro where it
    /// is installed, else the theme's stand-in (nil for a theme without a system face).
    public static func systemFont(of theme: String = "ios") throws(Diagnostic) -> String? {
        let text = TextEngine()
        return try ThemeLoader.load(theme).withAppleSystemFont { family in
            text.installedFamily(of: FontSpec(family: family, size: 17)).lowercased() == family.lowercased()
        }.systemFontDescription
    }

    /// What draws the system font in this renderer's theme (`systemFont(of:)`).
    public var systemFont: String? { theme.systemFontDescription }

    /// Lays `table` out at `width` (the theme's by default) on `page` (one continuous page by default); `locate` names a value's place in errors.
    public func layout(_ table: Table, width: Double? = nil, page: PageSize? = nil,
                       locate: (ModelPath) -> SourceLocation = { SourceLocation(file: "<table>", path: $0.jsonPath) }) throws(Diagnostic) -> LaidOutTable {
        try engine.layout(table, options: LayoutOptions(width: width ?? theme.width, page: page ?? theme.page), locate: locate)
    }

    /// One PNG per page (a single one unless the page size is paper). A continuous page taller
    /// than a PNG can be at `scale` (Cairo's image surfaces are at most 32,767 pixels a side) is
    /// cut into pages of at most that height, as paper pages are cut (`pngPages(_:scale:)`).
    /// `masks` covers views, rows or items with a magenta box (`Masks`).
    public func png(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2,
                    compression: Int = PNGEncoder.defaultLevel, masks: Masks = Masks()) throws(Diagnostic) -> [[UInt8]] {
        var renderer = PNGRenderer(theme: theme, text: engine.text)
        renderer.compression = compression
        return try renderer.render(Self.pngPages(laidOut, scale: scale), appearance: appearance, scale: scale, masks: masks)
    }

    /// The pages PNGs are drawn from: a continuous page too tall for a PNG at `scale` cut into
    /// pages of at most `maximumPixels` pixels.
    public static func pngPages(_ laidOut: LaidOutTable, scale: Double) -> LaidOutTable {
        laidOut.cut(pagesOf: (Double(maximumPixels) / scale).rounded(.down))
    }

    /// Writes one PNG per page, whole files or none: `path` itself for a single page, for several
    /// `<name>-<page>.<extension>` beside it (pages numbered as the command numbers them:
    /// `list-01.png`, `list-02.png`…). Returns the paths written.
    @discardableResult
    public func png(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2, compression: Int = PNGEncoder.defaultLevel,
                    masks: Masks = Masks(), to path: String) throws(Diagnostic) -> [String] {
        let pages = try png(laidOut, appearance: appearance, scale: scale, compression: compression, masks: masks)
        let url = URL(fileURLWithPath: path)
        let stem = url.deletingPathExtension().path, suffix = url.pathExtension.isEmpty ? "" : "." + url.pathExtension
        let paths = pages.indices.map { pages.count > 1 ? stem + "-" + LoadedDocument.pageNumber($0 + 1, of: pages.count) + suffix : path }
        let outputs = zip(paths, pages).map { path, bytes in
            (path: path, write: { (temporary: String) throws(Diagnostic) in try AtomicFile.create(bytes, at: temporary, naming: path) })
        }
        return try AtomicFile.commit(outputs, folder: url.deletingLastPathComponent().path)
    }

    /// One self-contained HTML page. `appearance` nil follows the reader's light or dark setting.
    /// `states` holds, by section index, the table laid out in each other state of that section
    /// (the page switches between them).
    public func html(_ laidOut: LaidOutTable, states: [Int: [LaidOutState]] = [:], appearance: Appearance? = nil,
                     language: String = "en") throws(Diagnostic) -> String {
        try HTMLRenderer.resampling(theme: theme, appearance: appearance, language: language, text: engine.text)
            .render(laidOut, states: states)
    }

    /// What VoiceOver would read on `laidOut`, one element a line in its order: label, value,
    /// hint, traits, identifier, frame (docs/accessibility.md).
    public func accessibility(_ laidOut: LaidOutTable) -> String {
        AccessibilityTree.text(AccessibilityTree.elements(of: laidOut))
    }

    /// The accessibility snapshot as a picture (as AccessibilitySnapshot draws it): the first
    /// page with each element's frame outlined and numbered, and a legend of what VoiceOver reads
    /// for each number beside it.
    public func accessibilityPNG(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2) throws(Diagnostic) -> [UInt8] {
        try accessibilityPixels(laidOut, appearance: appearance, scale: scale).png()
    }

    /// The accessibility picture's pixels, unencoded.
    public func accessibilityPixels(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2) throws(Diagnostic) -> ARGBImage {
        try AccessibilityPicture(theme: theme, text: engine.text).pixels(laidOut, appearance: appearance, scale: scale)
    }

    /// The pixels of the first page, unencoded (for comparing with a reference).
    public func pixels(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2, masks: Masks = Masks()) throws(Diagnostic) -> ARGBImage {
        try PNGRenderer(theme: theme, text: engine.text).pixels(laidOut, appearance: appearance, scale: scale, masks: masks)
    }

    /// Writes the PDF to `path`, whole or not at all. `language` is the text's (a BCP 47 tag such
    /// as `en` or `pt-BR`), written in the PDF for screen readers, as the HTML's `lang`.
    public func pdf(_ laidOut: LaidOutTable, appearance: Appearance = .light, language: String = "en", to path: String) throws(Diagnostic) {
        try AtomicFile.write(to: path) { temporary throws(Diagnostic) in
            try PDFRenderer(theme: theme, text: engine.text).write(laidOut, appearance: appearance, to: temporary, title: laidOut.table.title,
                                                                   language: language)
        }
    }

    /// The PDF's bytes, every page: what `pdf(_:appearance:language:to:)` writes, made in memory.
    public func pdf(_ laidOut: LaidOutTable, appearance: Appearance = .light, language: String = "en") throws(Diagnostic) -> [UInt8] {
        try PDFRenderer(theme: theme, text: engine.text).bytes(laidOut, appearance: appearance, title: laidOut.table.title, language: language)
    }
}

extension Renderer {
    /// Puts a deadline on reading or drawing each SVG or PDF image, in every renderer of the
    /// process, as `tablerender` does (`--image-deadline`, 10 s): librsvg and poppler cannot be
    /// stopped once they draw, so a watching thread calls `exceeded` with the image's file and
    /// what it exceeded when one runs past `seconds` or grows the process by more than
    /// `memoryGrowth` bytes; `exceeded` must end the process. Nil `seconds`: no deadline (the
    /// default), the images held only to the budgets checked before they are read.
    public static func setImageDeadline(seconds: Double?, memoryGrowth: Int = 1 << 30,
                                        exceeded: @escaping @Sendable (_ file: String, _ problem: String) -> Never) {
        DrawingDeadline.set(seconds.map { DrawingDeadline.Limits(seconds: $0, growth: memoryGrowth, expired: exceeded) })
    }
}

/// A document with the theme and templates it names, ready to lay out.
public struct LoadedDocument {
    /// The document as read: its table, theme, templates, assets and settings.
    public var document: Document
    /// The renderer made for it (its theme, templates and assets).
    public var renderer: Renderer
    /// The locale asked for instead of the document's language, if any: it is in output names.
    public var locale: String?
    /// The direction asked for instead of the locale's, if any: it is in output names.
    public var direction: LayoutDirection?
    /// The reader's Increase Contrast setting; `high` is in output names.
    public var contrast: Contrast = .normal

    /// Reads the document, its theme (or `themeOverride`) and every template it can use. A
    /// `.storyboard` is read as the document of its static table view's scene (`scene`: a
    /// storyboard identifier, title, custom class or IB id; nil when it has one static table);
    /// a JSON document may also start from one (`"storyboard"`, `"scene"`, `"overrides"`).
    /// `locale` shows the screen in that language instead of the document's (`lang`): the page's
    /// language, and a pseudo-locale's text (`en-XA`). `direction` lays it out left to right or
    /// right to left whatever its language's direction. `contrast` `high` draws the colours'
    /// Increase Contrast values (the theme's, the asset catalogs' `"contrast": "high"` variants).
    public init(path: String, themeOverride: String? = nil, scene: String? = nil, contentSize: ContentSizeCategory = .large,
                locale: String? = nil, direction: LayoutDirection? = nil, contrast: Contrast = .normal) throws(Diagnostic) {
        try self.init(path: path, themeOverride: themeOverride, scene: scene, contentSize: contentSize, locale: locale, direction: direction,
                      contrast: contrast, catalogFolders: [])
    }

    /// The same, with asset catalogs also read from `catalogFolders` (an app's catalogs, found
    /// by `tablerender gallery` wherever they are in the app's folder).
    package init(path: String, themeOverride: String? = nil, scene: String? = nil, contentSize: ContentSizeCategory = .large,
                 locale: String? = nil, direction: LayoutDirection? = nil, contrast: Contrast = .normal, catalogFolders: [String],
                 fontFolders: [String] = []) throws(Diagnostic) {
        TextEngine.startFontSetup()
        var document: Document
        if path.hasSuffix(".storyboard") {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            document = Document(file: path, name: url.deletingPathExtension().lastPathComponent, directory: url.deletingLastPathComponent().path,
                                table: Table(sections: []))
            document.storyboard = url.path
            document.scene = scene
            document.styleGiven = false
        } else {
            document = try DocumentDecoder.load(file: path, locale: locale)
            if let scene, document.storyboard == nil {
                throw Diagnostic(.usage, at: SourceLocation(file: path), "--scene \(scene): the document has no storyboard")
            }
            if let scene { document.scene = scene }
        }
        if let locale { document.language = locale }
        self.locale = locale
        self.direction = direction
        self.contrast = contrast
        let themeName = themeOverride ?? document.theme ?? "ios"
        let theme = try ThemeLoader.load(themeName, relativeTo: themeOverride == nil ? document.directory : nil,
                                         location: themeOverride == nil ? document.themeLocation : nil)
            .scaled(to: contentSize).localized(to: document.language).directed(direction).contrasted(contrast)
        var extra: [String: Template] = [:]
        var folders = document.templateFolders
        var catalogs: [AssetCatalog]?
        if let storyboardPath = document.storyboard {
            let storyboardFolder = URL(fileURLWithPath: storyboardPath).deletingLastPathComponent().path
            folders.append(storyboardFolder)
            let storyboard = try TemplateLibrary.readStoryboard(storyboardPath)
            let found = try storyboard.scene(document.scene)
            let assets = document.assetsFolder
            catalogs = try AssetCatalog.discover(in: folders + [assets] + catalogFolders)
            // A styled cell's image: an image set by name (the binder finds it), else a file.
            var (table, templates) = storyboard.staticTable(found) { [catalogs] name in
                catalogs?.contains { $0.images[name] != nil } == true ? name : IBImages.find(name, in: assets)
            }
            if path.hasSuffix(".storyboard") {
                document.name += "-" + found.name.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
            }
            if let background = found.table?.background {
                table.background = IBColors.token(background, stored: storyboard.storedColors, theme: theme)
            }
            if document.table.title != nil { table.title = document.table.title }
            if document.styleGiven { table.style = document.table.style }
            try Self.apply(document.overrides, to: &table, file: document.file)
            document.table = table
            extra = templates
        }
        if catalogs == nil, !catalogFolders.isEmpty { catalogs = try AssetCatalog.discover(in: folders + [document.assetsFolder] + catalogFolders) }
        self.document = document
        self.renderer = try Renderer(theme: theme, templateFolders: folders, assetsFolder: document.assetsFolder, extraTemplates: extra, catalogs: catalogs,
                                     fontFolders: catalogFolders + fontFolders)
    }

    /// A document made in memory (a gallery's entry), drawn with its theme (`ios` by default),
    /// its templates' folders and `catalogs` (read once for every entry).
    /// `marksEmptyOutlets`: draw the outlets of Interface Builder cells that IB stores no
    /// content for as labelled placeholders (`tablerender gallery`).
    package init(document: Document, catalogs: [AssetCatalog], marksEmptyOutlets: Bool = false, fontFolders: [String] = []) throws(Diagnostic) {
        TextEngine.startFontSetup()
        var theme = try ThemeLoader.load(document.theme ?? "ios").localized(to: document.language)
        theme.marksEmptyOutlets = marksEmptyOutlets
        self.document = document
        self.renderer = try Renderer(theme: theme, templateFolders: document.templateFolders, assetsFolder: document.assetsFolder, catalogs: catalogs,
                                     fontFolders: fontFolders)
    }

    /// Values given by cell id replace a static table's.
    static func apply(_ overrides: [String: Value.Object], to table: inout Table, file: String) throws(Diagnostic) {
        var remaining = overrides
        for section in table.sections.indices {
            for item in table.sections[section].items.indices {
                guard let values = remaining.removeValue(forKey: table.sections[section].items[item].id) else { continue }
                for key in values.keys { table.sections[section].items[item].values[key] = values[key] }
            }
        }
        if let unknown = remaining.keys.sorted().first {
            let ids = table.sections.flatMap { $0.items.map(\.id) }
            throw Diagnostic(at: SourceLocation(file: file, path: "$.overrides.\(unknown)"), Suggestions.unknown("cell id", unknown, known: ids) + " in the storyboard's static table")
        }
    }

    /// Lays the document's table (or `table`) out at `width` and on `page`, else the document's, else the theme's.
    public func layout(_ table: Table? = nil, width: Double? = nil, page: PageSize? = nil) throws(Diagnostic) -> LaidOutTable {
        try renderer.layout(table ?? document.table, width: width ?? document.width, page: page ?? document.page, locate: document.location(of:))
    }

    /// Whether any section declares states; only then do file names carry a scene.
    public var hasStates: Bool { document.table.sections.contains { $0.states != nil } }

    /// Parses `--states section=state[,section=state…]` into a scene named after it.
    public func scene(_ spec: String) throws(Diagnostic) -> Scene {
        var states: [String: String] = [:]
        for part in spec.split(separator: ",") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2 else { throw Diagnostic(.usage, at: nil, "--states expects section=state pairs, found '\(part)'") }
            let stateful = document.table.sections.filter { $0.states != nil }
            guard let section = stateful.first(where: { $0.id == pair[0] }) else {
                throw Diagnostic(.usage, at: SourceLocation(file: document.file), "--states: " + Suggestions.unknown("stateful section", pair[0], known: stateful.map(\.id)))
            }
            guard section.states?.items[pair[1]] != nil else {
                throw Diagnostic(.usage, at: SourceLocation(file: document.file), "--states: " + Suggestions.unknown("state", pair[1], known: section.states?.names ?? []) + " of section '\(section.id)'")
            }
            states[pair[0]] = pair[1]
        }
        let name = states.keys.sorted().map { "\($0).\(states[$0]!)" }.joined(separator: "+")
        return Scene(name: name.isEmpty ? "initial" : name, states: states)
    }
}

extension LoadedDocument {
    /// Validates the document as `render` would, without drawing: every scene (each state of
    /// each section) bound and measured, every image it shows decoded, and every transition
    /// worked out. Returns warnings about what only some outputs refuse (a page too tall for a
    /// PNG); throws what any render would refuse.
    public func check(scale: Double = 2) throws(Diagnostic) -> [String] {
        var warnings: [String] = []
        var images = Set<String>()
        func collect(_ view: LaidOutView) {
            if case .image(let path, _, _) = view.style.content { images.formUnion(ImageReference(path).files) }
            for child in view.children { collect(child) }
        }
        // Each scene is laid out as one page, row by row, nothing kept but what the check needs:
        // memory holds a window of rows, however long the document.
        let paper = LayoutOptions.paper(document.page ?? renderer.theme.page) != nil
        let width = document.width ?? renderer.theme.width
        for scene in document.table.defaultScenes {
            let laidOut = try renderer.engine.streamBlocks(document.table.inScene(scene), options: LayoutOptions(width: width, page: .content, text: .measuring),
                                                           locate: document.location(of:),
                                                           window: RenderOptions().streamWindow) { block throws(Diagnostic) in
                if let content = block.content { collect(content) }
            }
            if !paper, laidOut.contentHeight * scale > Double(maximumPixels) {
                let pageHeight = (Double(maximumPixels) / scale).rounded(.down)
                warnings.append("\(scene.name == "initial" ? "the page" : "the page of scene '\(scene.name)'") is \(Int((laidOut.contentHeight * scale).rounded(.up))) pixels tall at --scale \(Int(scale)), more than a PNG can hold (Cairo's limit: \(maximumPixels) pixels a side); its PNG is cut into about \(Int((laidOut.contentHeight / pageHeight).rounded(.up))) pages of at most \(Int(pageHeight)) pt, between rows (--page a4, letter or WIDTHxHEIGHT chooses the pages)")
            }
        }
        for path in images.sorted() { try ImageDecoding.verify(path) }
        _ = try document.table.transitions()
        return warnings + interfaceBuilderWarnings()
    }

    /// Each template the document uses at the height each item gives it (nil: the height it
    /// needs), once, in order.
    private func usedTemplates() -> [(template: Template, height: Double?)] {
        struct Use: Hashable { var template: String, role: TemplateRole, height: Double? }
        var used: [Use] = []
        func height(_ height: Height) -> Double? {
            if case .fixed(let value) = height { return value }
            return nil
        }
        for section in document.table.sections {
            used += section.items.map { Use(template: $0.template, role: .cell, height: height($0.height)) }
            for (supplementary, role) in [(section.header, TemplateRole.header), (section.footer, .footer)] {
                if case .view(let template, _, let given)? = supplementary { used.append(Use(template: template, role: role, height: height(given))) }
            }
        }
        var seen = Set<Use>(), result: [(template: Template, height: Double?)] = []
        for use in used where seen.insert(use).inserted {
            if let template = try? renderer.engine.library.template(use.template, role: use.role, at: nil) { result.append((template, use.height)) }
        }
        return result
    }

    /// The font files the document's text may be set in: its theme's and those its Interface
    /// Builder templates name and were found (each loaded once the document is laid out).
    package var fontFiles: [String] {
        var files = renderer.theme.fontFiles
        for (template, _) in usedTemplates() {
            for file in (template.interfaceBuilder?.fontFiles ?? [:]).values.sorted() where !files.contains(file) { files.append(file) }
        }
        return files
    }

    /// The font files the document's Interface Builder templates name (`<customFonts>`) that
    /// could not be read, each with why: not found (`FontFiles`), or not a font (`AppFonts`).
    package var fontFileProblems: [(file: String, problem: String)] {
        var result: [(file: String, problem: String)] = []
        for (template, _) in usedTemplates() {
            guard let ib = template.interfaceBuilder else { continue }
            // The files whose faces the template's own views are set in (a storyboard names the
            // fonts of all its scenes).
            let used = Set(ib.allViews.flatMap { $0.fonts.values.compactMap(\.name) })
            for (file, names) in ib.customFonts.sorted(by: { $0.key < $1.key })
            where names.contains(where: used.contains) && !result.contains(where: { $0.file == file }) {
                switch ib.appFontFile(file) {
                case .notFound: result.append((file, "not found"))
                case .failed(let error): result.append((file, error.message))
                case .loaded: break
                }
            }
        }
        return result
    }

    /// What differs from UIKit in the Interface Builder templates the document uses (placeholders,
    /// conflicting and ambiguous constraints, missing fonts and images), each named by its file.
    private func interfaceBuilderWarnings() -> [String] {
        var warnings: [String] = [], said = Set<String>()
        let library = renderer.engine.library
        for (template, height) in usedTemplates() {
            guard let ib = template.interfaceBuilder else { continue }
            let found = renderer.engine.flex.autoLayout.warnings(template, document: ib, theme: library.theme, assetsFolder: renderer.engine.binder.assetsFolder,
                                                                 catalogs: library.catalogs, height: height)
            let at = height.map { " (at the height \(DecimalText.exact($0, places: 2) ?? String($0)) the document gives it)" } ?? ""
            for warning in found where said.insert(ib.file + "\u{0}" + warning).inserted { warnings.append("\(ib.file)\(at): \(warning)") }
        }
        return warnings
    }
}

/// What to produce for a document, and where.
public struct RenderOptions: Sendable {
    /// The formats to write (PNG by default).
    public var formats: [OutputFormat] = [.png]
    /// The appearances to render (light by default).
    public var appearances: [Appearance] = [.light]
    /// Whether the appearance was asked for; HTML pages otherwise follow the reader's setting.
    public var appearanceChosen = false
    /// Pixels per point of PNG files (2 by default).
    public var scale: Double = 2
    /// The width to lay out at; nil takes the document's, else the theme's.
    public var width: Double?
    /// The page size; nil takes the document's, else the theme's.
    public var page: PageSize?
    /// The folder files are written into, in a subfolder per document.
    public var outputDirectory: String = "Output"
    /// The scenes to render, as `--states` specs; nil renders the default scenes.
    public var scenes: [String]?
    /// Also write the changesets of every transition as JSON.
    public var changes = false
    /// Rows bound and measured at a time when a PDF of paper pages is streamed.
    public var streamWindow = 1_024
    /// From how many rows PNG pages of paper are streamed to disk as they are drawn.
    public var pngStreamingRows = 20_000
    /// Let fontconfig substitute fonts that are not installed instead of failing.
    public var allowsFontFallback = false
    /// zlib level of PNGs: 1 is fast (the default), 9 the smallest.
    public var pngCompression = PNGEncoder.defaultLevel

    /// The defaults: PNG at 2x, light, the document's width and page, into `Output`.
    public init() {}
}

extension LoadedDocument {
    /// A page's number in file names: padded with zeros to as many digits as the last page's
    /// (`07` of 12), so that the files sort in page order.
    package static func pageNumber(_ page: Int, of count: Int) -> String {
        let number = String(page)
        return String(repeating: "0", count: max(0, String(count).count - number.count)) + number
    }

    /// Output naming: `<out>/<doc>/<doc>[.<content size>][.<scene>][-<page>][.dark][@<scale>x].png`,
    /// `<doc>[.<content size>][.dark].pdf`, `<doc>[.<content size>][.light|.dark].html`; the initial
    /// scene and the default content size (`large`) have no name in files.
    public static func fileName(document: String, scene: String? = nil, format: OutputFormat, appearance: Appearance, scale: Double,
                                page: Int?, pageCount: Int) -> String {
        var name = document
        if let scene { name += "." + scene }
        if let page, pageCount > 1 { name += "-" + pageNumber(page, of: pageCount) }
        if appearance == .dark { name += ".dark" }
        if format == .html { return name + "." + format.rawValue }
        if format == .png, scale != 1 {
            name += "@" + (scale.rounded() == scale ? String(Int(scale)) : String(scale)) + "x"
        }
        return name + "." + format.rawValue
    }

    /// Lays out every scene once and writes every requested file; returns their paths.
    /// Every file is first rendered to a temporary name; only when all succeeded are they renamed
    /// into place, so a failure leaves no new file and overwrites nothing. An error that names
    /// no file names the document.
    public func render(_ options: RenderOptions) throws(Diagnostic) -> [String] {
        do {
            return try RenderRun(self, options: options).run()
        } catch {
            var located = error
            if located.location == nil { located.location = SourceLocation(file: document.file) }
            throw located
        }
    }

    /// The changesets as JSON for tools: `{"transitions": [{"section", "from", "to", "deletes",
    /// "inserts", "moves": [{"from", "to"}], "updates"}]}`.
    static func changesJSON(_ transitions: [Transition]) -> String {
        func quote(_ text: String) -> String { JSONText.string(text) }
        let entries = transitions.map { transition in
            let c = transition.changeset
            return "    {\"section\": \(quote(transition.section)), \"from\": \(quote(transition.from)), \"to\": \(quote(transition.to)),\n"
                + "     \"deletes\": \(c.deletes), \"inserts\": \(c.inserts),\n"
                + "     \"moves\": [" + c.moves.map { "{\"from\": \($0.from), \"to\": \($0.to)}" }.joined(separator: ", ") + "],\n"
                + "     \"updates\": \(c.updates)}"
        }
        return "{\"transitions\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
    }
}

extension HTMLRenderer {
    /// An HTML renderer whose images are at most twice the size the page shows them at, and
    /// whose labels state the intrinsic widths `text` measures.
    static func resampling(theme: Theme, appearance: Appearance?, language: String, text: TextEngine) -> HTMLRenderer {
        var renderer = HTMLRenderer(theme: theme, appearance: appearance, language: language)
        renderer.intrinsicWidths = { string, style in
            (text.minimumWidth(string, style: style), text.measure(string, style: style, width: nil).width)
        }
        renderer.imageData = { path, largest throws(Diagnostic) in try ImageResampling.dataURI(path, largest: largest) }
        return renderer
    }
}
