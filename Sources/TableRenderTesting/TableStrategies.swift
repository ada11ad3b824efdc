import Foundation
import Synchronization
import TableCairo
import TableModel
import TableRender
import TableSnapshot
import TableTemplates

/// A rendered image as a snapshot: its pixels, unencoded until a reference is written or a
/// failure shows it, where its rows are and what its masks covered (a reference PNG keeps both).
public struct SnapshotImage: Sendable, Equatable {
    package var pixels: ARGBImage
    /// Where the rows are (`RowPlaces`), to name the rows that moved when the size changes.
    package var rows: String?
    /// The pixels masks covered: a comparison leaves out what either image masked.
    package var masked: [PixelRect]

    package init(pixels: ARGBImage, rows: String?, masked: [PixelRect]) {
        self.pixels = pixels
        self.rows = rows
        self.masked = masked
    }

    /// The width in pixels.
    public var width: Int { pixels.width }
    /// The height in pixels.
    public var height: Int { pixels.height }
    /// Straight RGBA bytes, row after row.
    public var rgba: RGBAImage { pixels.rgba }

    static let masksKey = Snapshotter.maskKey

    /// The PNG a reference holds: the pixels, the rows' places and the masked pixels.
    public func png() throws -> Data {
        var png = PNGEncoder.addingText(try pixels.png(), key: RowPlaces.key, text: rows ?? "")
        if !masked.isEmpty { png = PNGEncoder.addingText(png, key: Self.masksKey, text: PixelRect.text(masked)) }
        return Data(png)
    }

    /// A reference PNG read back.
    public init(png data: Data) throws {
        let bytes = [UInt8](data)
        pixels = try ARGBImage(png: bytes, name: "the reference")
        rows = RowPlaces.read(bytes)
        masked = PNGEncoder.text(in: bytes, key: Self.masksKey).map(PixelRect.parse) ?? []
    }
}

/// Reference images read while the snapshot they are compared with is drawn: on two cores,
/// reading a PNG takes about as long as drawing one. An entry is taken once, by the comparison
/// that reads the same bytes.
enum ReferenceImages {
    private static let read = Mutex([String: (data: Data, image: SnapshotImage)]())

    /// Draws with `draw` while the reference at `path` (if any) is read; errors reading it are
    /// left to the comparison.
    static func drawing(beside path: String?, _ draw: @Sendable () throws -> SnapshotImage) throws -> SnapshotImage {
        guard let path else { return try draw() }
        let drawn = Mutex<Result<SnapshotImage, any Error>?>(nil)
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let result = Result { try draw() }
                drawn.withLock { $0 = result }
            } else if let data = FileManager.default.contents(atPath: path), let image = try? SnapshotImage(png: data) {
                read.withLock { $0[path] = (data, image) }
            }
        }
        return try drawn.withLock { $0! }.get()
    }

    /// The image read for `path` from these very bytes, if any (and forgets it).
    static func take(_ path: String?, data: Data) -> SnapshotImage? {
        guard let path, let entry = read.withLock({ $0.removeValue(forKey: path) }), entry.data == data else { return nil }
        return entry.image
    }
}

extension Diffing where Value == SnapshotImage {
    /// Images compared pixel by pixel: `precision` is the share of pixels that must match,
    /// `perceptualPrecision` how close (ΔE94) a pixel must be to count as matching,
    /// `maxDiffPixels` how many may differ at most. A failure says which rows moved when the size
    /// changed, and shows a diff image.
    public static func image(precision: Double = 1, perceptualPrecision: Double = 1, maxDiffPixels: Int = 0) -> Diffing {
        Diffing(toData: { try $0.png() }, fromData: { data in
            try ReferenceImages.take(SnapshotContext.reference, data: data) ?? SnapshotImage(png: data)
        }) { reference, actual in
            // The common case, identical pixels, needs no conversion at all.
            if reference.pixels == actual.pixels { return nil }
            let (expected, drawn) = ImageComparison.leavingOutMasks(expected: reference.rgba, actual: actual.rgba, masked: actual.masked,
                                                                    referenceMasked: reference.masked)
            let comparison = ImageComparison.compare(expected: expected, actual: drawn,
                                                     options: ComparisonOptions(precision: precision, perceptualPrecision: perceptualPrecision,
                                                                                maxDiffPixels: maxDiffPixels))
            if comparison.matches { return nil }
            var summary = comparison.summary
            if comparison.sizes != nil, let before = reference.rows, let after = actual.rows,
               let changes = RowPlaces.changes(reference: before, actual: after) {
                summary += "; " + changes
            }
            let diff = (try? comparison.diff?.png()).map { [DiffAttachment(name: "diff.png", data: Data($0))] } ?? []
            return (summary + ".", diff)
        }
    }
}

/// A JSON document or a storyboard, snapshotted as `tablerender render` draws it: its theme,
/// templates, images and asset catalogs, width, page, strings and storyboard come from the
/// document and its folder. A relative path is found from the test file's folder.
public struct DocumentFile: Sendable, Hashable {
    /// The document's path: relative to the test file's folder, or absolute.
    public var path: String
    /// A storyboard's scene (identifier, title, custom class or IB id), or the document's.
    public var scene: String?

    /// The document at `path`, or a storyboard's `scene`.
    public init(_ path: String, scene: String? = nil) {
        self.path = path
        self.scene = scene
    }
}

/// What a table strategy needs of the screen it draws.
struct ScreenOptions {
    var contentSize: ContentSizeCategory
    var locale: String?
    var direction: LayoutDirection?
    var contrast: Contrast = .normal

    /// The strategy's settings, else the configuration's (`withSnapshotTesting`, `.snapshots`),
    /// else the defaults.
    static func resolved(contentSize: ContentSizeCategory?, locale: String?, direction: LayoutDirection?) -> ScreenOptions {
        let configuration = SnapshotTestingConfiguration.current
        return ScreenOptions(contentSize: contentSize ?? configuration.contentSize ?? .large, locale: locale ?? configuration.locale,
                             direction: direction ?? configuration.direction, contrast: configuration.contrast ?? .normal)
    }
}

/// A screen ready to draw: its renderer, how it lays out, its language.
struct PreparedScreen {
    var renderer: Renderer
    var language: String
    /// The page a PDF snapshot uses when its strategy names none: the document's, else A4.
    var pdfPage: PageSize = .a4
    var layout: (_ width: Double?, _ page: PageSize?) throws(Diagnostic) -> LaidOutTable
}

/// What the table strategies (`.image`, `.layout`, `.html`, `.pdf`, `.accessibility`,
/// `.accessibilityImage`) snapshot: a `Table` built in Swift, or a `DocumentFile` (a JSON
/// document or a storyboard). Only those two conform; another type is refused with an error.
public protocol ListScreen: Sendable {}

/// How a `ListScreen` is drawn.
protocol SnapshotScreen: ListScreen {
    func prepared(_ options: ScreenOptions) throws(Diagnostic) -> PreparedScreen
}

/// The test file's folder, for the paths a configuration or a document names: set by the
/// assertion while the snapshot is made.
enum SnapshotContext {
    @TaskLocal static var folder: String?
    /// The reference file the snapshot being made is compared with, when it exists: an image
    /// strategy reads it while it draws (`ReferenceImages`).
    @TaskLocal static var reference: String?

    static func resolve(_ path: String) -> String {
        path.hasPrefix("/") ? path : (folder ?? FileManager.default.currentDirectoryPath) + "/" + path
    }
}

extension Table: SnapshotScreen {
    func prepared(_ options: ScreenOptions) throws(Diagnostic) -> PreparedScreen {
        let configuration = SnapshotTestingConfiguration.current
        let language = options.locale ?? "en"
        let renderer = try Renderer(theme: configuration.theme ?? "ios", templateFolders: (configuration.templateFolders ?? []).map(SnapshotContext.resolve),
                                    assetsFolder: SnapshotContext.resolve(configuration.assetsFolder ?? "."), contentSize: options.contentSize,
                                    locale: language, direction: options.direction, contrast: options.contrast)
        return PreparedScreen(renderer: renderer, language: language) { width, page throws(Diagnostic) in
            try renderer.layout(self, width: width ?? 390, page: page)
        }
    }
}

extension DocumentFile: SnapshotScreen {
    func prepared(_ options: ScreenOptions) throws(Diagnostic) -> PreparedScreen {
        let loaded = try LoadedDocument(path: SnapshotContext.resolve(path), themeOverride: SnapshotTestingConfiguration.current.theme, scene: scene,
                                        contentSize: options.contentSize, locale: options.locale, direction: options.direction,
                                        contrast: options.contrast)
        return PreparedScreen(renderer: loaded.renderer, language: loaded.document.language, pdfPage: loaded.document.page ?? .a4) { width, page throws(Diagnostic) in
            try loaded.layout(width: width, page: page)
        }
    }
}

/// The strategies of tables and documents, built once for both.
enum ScreenStrategies {
    /// The screen ready to lay out: a `Table` or a `DocumentFile` (`ListScreen` is theirs alone).
    static func prepared(_ screen: some ListScreen, _ options: ScreenOptions) throws(Diagnostic) -> PreparedScreen {
        guard let drawable = screen as? SnapshotScreen else {
            throw Diagnostic(.usage, at: nil, "\(type(of: screen)) is not a screen the table strategies draw: snapshot a Table or a DocumentFile")
        }
        return try drawable.prepared(options)
    }

    static func image<Screen: ListScreen>(width: Double?, appearance: Appearance?, scale: Double, contentSize: ContentSizeCategory?,
                                              precision: Double, perceptualPrecision: Double, maxDiffPixels: Int, masks: [String],
                                              locale: String?, direction: LayoutDirection?) -> Snapshotting<Screen, SnapshotImage> {
        Snapshotting(pathExtension: "png", diffing: .image(precision: precision, perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels)) { screen in
            // What the task-locals say, for the thread that draws.
            let configuration = SnapshotTestingConfiguration.current, folder = SnapshotContext.folder
            return try ReferenceImages.drawing(beside: SnapshotContext.reference) {
                try SnapshotTestingConfiguration.$current.withValue(configuration) {
                    try SnapshotContext.$folder.withValue(folder) {
                        let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
                        let laidOut = try prepared.layout(width ?? SnapshotTestingConfiguration.current.width, nil)
                        let masks = Masks(masks)
                        if let missing = masks.unmatched(in: laidOut).first {
                            throw Diagnostic(at: nil, Suggestions.unknown("mask", missing, known: Masks.known(in: laidOut))
                                             + ": a mask names a view id, a row id or a JSON path such as $.sections[0].items[2].")
                        }
                        let pixels = try prepared.renderer.pixels(laidOut, appearance: appearance ?? SnapshotTestingConfiguration.current.appearance ?? .light, scale: scale, masks: masks)
                        let masked = masks.isEmpty ? [] : laidOut.pages.first.map { masks.pixelRegions(on: $0, scale: scale) } ?? []
                        return SnapshotImage(pixels: pixels, rows: RowPlaces.text(of: laidOut), masked: masked)
                    }
                }
            }
        }
    }

    static func accessibilityImage<Screen: ListScreen>(width: Double?, appearance: Appearance?, scale: Double, contentSize: ContentSizeCategory?,
                                                           locale: String?, direction: LayoutDirection?) -> Snapshotting<Screen, SnapshotImage> {
        Snapshotting(pathExtension: "accessibility.png", diffing: .image()) { screen in
            let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
            let laidOut = try prepared.layout(width ?? SnapshotTestingConfiguration.current.width, .content)
            return SnapshotImage(pixels: try prepared.renderer.accessibilityPixels(laidOut, appearance: appearance ?? SnapshotTestingConfiguration.current.appearance ?? .light, scale: scale), rows: nil, masked: [])
        }
    }

    static func layout<Screen: ListScreen>(width: Double?, contentSize: ContentSizeCategory?, locale: String?,
                                               direction: LayoutDirection?) -> Snapshotting<Screen, String> {
        Snapshotting(pathExtension: "layout.txt", diffing: .lines) { screen in
            let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
            return SnapshotText.layout(try prepared.layout(width ?? SnapshotTestingConfiguration.current.width, .content))
        }
    }

    static func accessibility<Screen: ListScreen>(width: Double?, contentSize: ContentSizeCategory?, locale: String?,
                                                      direction: LayoutDirection?) -> Snapshotting<Screen, String> {
        Snapshotting(pathExtension: "accessibility.txt", diffing: .lines) { screen in
            let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
            return prepared.renderer.accessibility(try prepared.layout(width ?? SnapshotTestingConfiguration.current.width, .content))
        }
    }

    static func html<Screen: ListScreen>(width: Double?, appearance: Appearance?, contentSize: ContentSizeCategory?, locale: String?,
                                             direction: LayoutDirection?) -> Snapshotting<Screen, String> {
        Snapshotting(pathExtension: "html", diffing: .lines) { screen in
            let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
            return try prepared.renderer.html(try prepared.layout(width ?? SnapshotTestingConfiguration.current.width, .content), appearance: appearance ?? SnapshotTestingConfiguration.current.appearance ?? .light, language: prepared.language)
        }
    }

    static func pdf<Screen: ListScreen>(page: PageSize?, contentSize: ContentSizeCategory?, locale: String?,
                                            direction: LayoutDirection?) -> Snapshotting<Screen, String> {
        Snapshotting(pathExtension: "pdf.txt", diffing: .lines) { screen in
            let prepared = try ScreenStrategies.prepared(screen, ScreenOptions.resolved(contentSize: contentSize, locale: locale, direction: direction))
            return SnapshotText.pdf(try prepared.layout(nil, page ?? prepared.pdfPage))
        }
    }
}

/// What a snapshot of a table is, as swift-snapshot-testing's strategies: `assertSnapshot(of:
/// table, as: .image)`, `.image(width: 320, appearance: .dark, contentSize: .AX3)`, `.layout`,
/// `.html`, `.pdf`.
///
/// - `image`: the rendered PNG, compared pixel by pixel (with `precision`,
///   `perceptualPrecision` and `maxDiffPixels` as bars).
/// - `layout`: every block's and view's frame, and every label's font (family, weight, size and
///   line height, tracking) and lines, as text. It survives a rasteriser or font file upgrade that
///   moves no view, fails when a template's font changes, and reviews well in a diff.
/// - `html`: the self-contained HTML page, as text.
/// - `pdf`: the paginated document's text and structure (which rows and headers are on which
///   page, where, and the lines of their labels) as text, not the PDF's bytes.
///
/// The same strategies snapshot a `DocumentFile` (a JSON document or a storyboard): at its own
/// width, page, language and theme unless the strategy (or the configuration's theme) says
/// otherwise.
extension Snapshotting where Value: ListScreen, Format == SnapshotImage {
    /// The accessibility snapshot as a picture, as AccessibilitySnapshot draws it: the screen with
    /// each element outlined and numbered, beside a legend of what VoiceOver reads for each.
    public static func accessibilityImage(width: Double? = nil, appearance: Appearance? = nil, scale: Double = 2,
                                          contentSize: ContentSizeCategory? = nil, locale: String? = nil,
                                          direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.accessibilityImage(width: width, appearance: appearance, scale: scale, contentSize: contentSize, locale: locale,
                                            direction: direction)
    }

    /// The accessibility picture at the defaults: light, @2x.
    public static var accessibilityImage: Snapshotting { .accessibilityImage() }

    /// The rendered PNG at `width` points (390 by default, a document's own width), `scale` pixels a point. `masks`
    /// covers views (by their `id`), rows (by id) or items (by JSON path,
    /// `$.sections[0].items[2]`) with a magenta box, as Playwright's `mask`: a clock or an avatar
    /// that changes on its own. `locale` is the screen's language (`en-XA`, the pseudo-locale,
    /// writes every text accented and longer); `direction` the layout's instead of the locale's.
    public static func image(width: Double? = nil, appearance: Appearance? = nil, scale: Double = 2,
                             contentSize: ContentSizeCategory? = nil, precision: Double = 1, perceptualPrecision: Double = 1,
                             maxDiffPixels: Int = 0, masks: [String] = [], locale: String? = nil, direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.image(width: width, appearance: appearance, scale: scale, contentSize: contentSize, precision: precision,
                               perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels, masks: masks, locale: locale, direction: direction)
    }

    /// The PNG at the defaults: 390 points wide (a document's own width), light, @2x, exact.
    public static var image: Snapshotting { .image() }
}

extension Snapshotting where Value: ListScreen, Format == String {
    /// What VoiceOver would read, element by element in its order (label, value, hint, traits,
    /// frame), by UIKit's rules: the accessibility snapshot, as text.
    public static func accessibility(width: Double? = nil, contentSize: ContentSizeCategory? = nil, locale: String? = nil,
                                     direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.accessibility(width: width, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// What VoiceOver would read, as text.
    public static var accessibility: Snapshotting { .accessibility() }

    /// The laid-out frames, fonts and lines, as text.
    public static func layout(width: Double? = nil, contentSize: ContentSizeCategory? = nil, locale: String? = nil,
                              direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.layout(width: width, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The layout as text: every frame, a label's font and lines.
    public static var layout: Snapshotting { .layout() }

    /// The HTML page, as text.
    public static func html(width: Double? = nil, appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil,
                            locale: String? = nil, direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.html(width: width, appearance: appearance, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The HTML page.
    public static var html: Snapshotting { .html() }

    /// The PDF's pages, their blocks and their text, on `page` (a document's own page, else A4).
    public static func pdf(page: PageSize? = nil, contentSize: ContentSizeCategory? = nil, locale: String? = nil,
                           direction: LayoutDirection? = nil) -> Snapshotting {
        ScreenStrategies.pdf(page: page, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The PDF's pages, blocks and text.
    public static var pdf: Snapshotting { .pdf() }
}
