@_exported import TableHTML
@_exported import TableLayout
@_exported import TableModel
@_exported import TableRendering
@_exported import TableTemplates
import Foundation

public enum OutputFormat: String, Sendable, Hashable, CaseIterable {
    case png, pdf, html
}

/// The whole pipeline for one theme and set of templates: lay out a table once, draw it as PNG or
/// PDF. Swift programs build a `Table` in code and hand it here; the command line does the same
/// with a decoded document.
public final class Renderer {
    public let theme: Theme
    public let library: TemplateLibrary
    public let assetsFolder: String
    let engine: TableLayoutEngine

    /// - Parameters:
    ///   - theme: a theme name (`ios`, `print`) or a path to a theme folder.
    ///   - templateFolders: folders of the caller's own templates, which override the theme's.
    ///   - assetsFolder: the only folder images are read from.
    public convenience init(theme: String = "ios", templateFolders: [String] = [], assetsFolder: String? = nil) throws(Diagnostic) {
        let loaded = try ThemeLoader.load(theme)
        try self.init(theme: loaded, templateFolders: templateFolders, assetsFolder: assetsFolder ?? FileManager.default.currentDirectoryPath)
    }

    public init(theme: Theme, templateFolders: [String], assetsFolder: String) throws(Diagnostic) {
        self.theme = theme
        self.library = try TemplateLibrary(theme: theme, folders: templateFolders)
        self.assetsFolder = assetsFolder
        self.engine = TableLayoutEngine(library: library, assetsFolder: assetsFolder)
    }

    public func layout(_ table: Table, width: Double? = nil, page: PageSize? = nil,
                       locate: (ModelPath) -> SourceLocation = { SourceLocation(file: "<table>", path: $0.jsonPath) }) throws(Diagnostic) -> LaidOutTable {
        try engine.layout(table, options: LayoutOptions(width: width ?? theme.width, page: page ?? theme.page), locate: locate)
    }

    /// One PNG per page (a single one unless the page size is paper).
    public func png(_ laidOut: LaidOutTable, appearance: Appearance = .light, scale: Double = 2) throws(Diagnostic) -> [[UInt8]] {
        try PNGRenderer(theme: theme, text: engine.text).render(laidOut, appearance: appearance, scale: scale)
    }

    /// One self-contained HTML page. `appearance` nil follows the reader's light or dark setting.
    public func html(_ laidOut: LaidOutTable, appearance: Appearance? = nil, language: String = "en",
                     locate: @escaping (ModelPath) -> SourceLocation = { SourceLocation(file: "<table>", path: $0.jsonPath) }) throws(Diagnostic) -> String {
        try HTMLRenderer(theme: theme, appearance: appearance, language: language).render(laidOut, locate: locate)
    }

    /// Writes the PDF to `path`, whole or not at all.
    public func pdf(_ laidOut: LaidOutTable, appearance: Appearance = .light, to path: String) throws(Diagnostic) {
        try AtomicFile.write(to: path) { temporary throws(Diagnostic) in
            try PDFRenderer(theme: theme, text: engine.text).write(laidOut, appearance: appearance, to: temporary, title: laidOut.table.title)
        }
    }
}

/// A document with the theme and templates it names, ready to lay out.
public struct LoadedDocument {
    public var document: Document
    public var renderer: Renderer

    /// Reads the document, its theme (or `themeOverride`) and every template it can use.
    public init(path: String, themeOverride: String? = nil) throws(Diagnostic) {
        let document = try DocumentDecoder.load(file: path)
        let themeName = themeOverride ?? document.theme ?? "ios"
        let theme = try ThemeLoader.load(themeName, relativeTo: themeOverride == nil ? document.directory : nil,
                                         location: themeOverride == nil ? SourceLocation(file: path, path: "$.theme") : nil)
        self.document = document
        self.renderer = try Renderer(theme: theme, templateFolders: document.templateFolders, assetsFolder: document.assetsFolder)
    }

    public func layout(width: Double? = nil, page: PageSize? = nil) throws(Diagnostic) -> LaidOutTable {
        try renderer.layout(document.table, width: width ?? document.width, page: page ?? document.page, locate: document.location(of:))
    }
}

/// What to produce for a document, and where.
public struct RenderOptions: Sendable {
    public var formats: [OutputFormat] = [.png]
    public var appearances: [Appearance] = [.light]
    /// Whether the appearance was asked for; HTML pages otherwise follow the reader's setting.
    public var appearanceChosen = false
    public var scale: Double = 2
    public var width: Double?
    public var page: PageSize?
    public var outputDirectory: String = "Output"

    public init() {}
}

extension LoadedDocument {
    /// Output naming: `<out>/<doc>/<doc>[-<page>][.dark][@<scale>x].png` and `<doc>[.dark].pdf`.
    public static func fileName(document: String, format: OutputFormat, appearance: Appearance, scale: Double, page: Int?, pageCount: Int) -> String {
        var name = document
        if let page, pageCount > 1 {
            let digits = String(pageCount).count
            name += "-" + String(repeating: "0", count: max(0, digits - String(page).count)) + String(page)
        }
        if appearance == .dark { name += ".dark" }
        if format == .html { return name + "." + format.rawValue }
        if format == .png, scale != 1 {
            name += "@" + (scale.rounded() == scale ? String(Int(scale)) : String(scale)) + "x"
        }
        return name + "." + format.rawValue
    }

    /// The HTML page is one continuous page: a paginated layout is laid out again as one page
    /// of the same width.
    func htmlLayout(_ laidOut: LaidOutTable, options: RenderOptions) throws(Diagnostic) -> LaidOutTable {
        let page = options.page ?? document.page ?? renderer.theme.page
        guard let paper = LayoutOptions.paper(page) else { return laidOut }
        return try layout(width: paper.width - 2 * renderer.theme.pageMargin, page: .content)
    }

    /// Lays the document out once and writes every requested file; returns their paths.
    /// Everything is rendered before anything is written, so a failure leaves no new file.
    public func render(_ options: RenderOptions) throws(Diagnostic) -> [String] {
        let laidOut = try layout(width: options.width, page: options.page)
        let folder = options.outputDirectory + "/" + document.name
        var pending: [(path: String, bytes: [UInt8]?)] = []
        for appearance in options.appearances {
            for format in options.formats {
                switch format {
                case .png:
                    let images = try renderer.png(laidOut, appearance: appearance, scale: options.scale)
                    for (index, bytes) in images.enumerated() {
                        let name = Self.fileName(document: document.name, format: .png, appearance: appearance, scale: options.scale,
                                                 page: index + 1, pageCount: images.count)
                        pending.append((folder + "/" + name, bytes))
                    }
                case .pdf:
                    pending.append((folder + "/" + Self.fileName(document: document.name, format: .pdf, appearance: appearance, scale: 1, page: nil, pageCount: 1), nil))
                case .html:
                    let forced: Appearance? = options.appearanceChosen && options.appearances.count == 1 ? appearance : nil
                    if forced == nil, appearance != options.appearances.first { continue }
                    let page = try htmlLayout(laidOut, options: options)
                    let text = try renderer.html(page, appearance: forced, language: document.language, locate: document.location(of:))
                    let name = document.name + (forced.map { "." + $0.rawValue } ?? "") + ".html"
                    pending.append((folder + "/" + name, Array(text.utf8)))
                }
            }
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: folder), "cannot create the output folder: \(error.localizedDescription)")
        }
        var written: [String] = []
        for (path, bytes) in pending {
            if let bytes {
                try AtomicFile.write(bytes, to: path)
            } else {
                let appearance: Appearance = path.hasSuffix(".dark.pdf") ? .dark : .light
                try renderer.pdf(laidOut, appearance: appearance, to: path)
            }
            written.append(path)
        }
        return written
    }
}
