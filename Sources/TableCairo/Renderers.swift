import Foundation
import TableLayout
import TableModel
import TableTemplates
import TableText

/// Cairo's limit on an image surface side, and so a PNG page's.
package let maximumPixels = 32_767

/// Draws one page on a new image surface at `scale`: the one place pages become pixels.
func drawImage(_ page: Page, of table: LaidOutTable, painter: Painter, scale: Double) throws(Diagnostic) -> Canvas {
    let width = Int((page.width * scale).rounded(.up)), height = Int((max(1, page.height) * scale).rounded(.up))
    guard width <= maximumPixels, height <= maximumPixels else {
        // Say what will work: a smaller scale when one fits, else pages of paper.
        let fitting = stride(from: scale - 1, through: 1, by: -1).first { (page.width * $0).rounded(.up) <= Double(maximumPixels) && (page.height * $0).rounded(.up) <= Double(maximumPixels) }
        let advice = fitting.map { "use --scale \(Int($0)), or --page a4 (or letter, or WIDTHxHEIGHT) to cut it into pages" }
            ?? "use --page a4 (or letter, or WIDTHxHEIGHT) to cut it into pages\(page.width * scale > Double(maximumPixels) ? ", or a smaller --width" : "")"
        throw Diagnostic(at: nil, "the page is \(width)×\(height) pixels, more than a PNG can hold (Cairo's limit: \(maximumPixels) pixels a side); \(advice)")
    }
    let canvas = try Canvas(.image(width: width, height: height, scale: scale))
    try painter.draw(page, of: table, on: canvas)
    try canvas.check("draw the page")
    return canvas
}

/// Renders pages to PNG images at a scale, light or dark.
package struct PNGRenderer {
    package var theme: Theme
    package var text: TextEngine

    package init(theme: Theme, text: TextEngine) {
        self.theme = theme
        self.text = text
    }

    /// Encodes drawn pages in parallel, one per core.
    static func encode(_ drawn: [(bytes: [UInt8], width: Int, height: Int, stride: Int)], level: Int) throws(Diagnostic) -> [[UInt8]] {
        let encoded = Slots<[UInt8]>(count: drawn.count)
        Parallel.forEach(drawn.count, threads: Parallel.cores) { index in
            let page = drawn[index]
            let result = page.bytes.withUnsafeBytes { buffer in
                Result { () throws(Diagnostic) in
                    try PNGEncoder.encode(pixels: buffer, width: page.width, height: page.height, stride: page.stride, level: level)
                }
            }
            switch result {
            case .success(let png): encoded.set(index, png)
            case .failure(let error): encoded.fail(index, error)
            }
        }
        if let error = encoded.firstError { throw error }
        return encoded.values ?? []
    }

    /// The first page's pixels, unencoded: what snapshot comparison needs.
    package func pixels(_ table: LaidOutTable, appearance: Appearance, scale: Double, masks: Masks = Masks()) throws(Diagnostic) -> ARGBImage {
        guard let page = table.pages.first else { return ARGBImage(words: [], width: 0, height: 0) }
        return try drawImage(page, of: table, painter: Painter(theme: theme, appearance: appearance, text: text, scale: scale, masks: masks), scale: scale).argbImage()
    }

    /// zlib level of the PNGs, 0 (none) to 9 (smallest).
    package var compression = PNGEncoder.defaultLevel

    /// One encoded PNG per page. Pages are drawn one after another and encoded in parallel, a
    /// few at a time (`PNGBatch`), so memory holds a few pages' pixels, not the document's.
    package func render(_ table: LaidOutTable, appearance: Appearance, scale: Double, masks: Masks = Masks()) throws(Diagnostic) -> [[UInt8]] {
        var batch = PNGBatch(painter: Painter(theme: theme, appearance: appearance, text: text, scale: scale, masks: masks), scale: scale,
                             compression: compression)
        var images: [[UInt8]] = []
        images.reserveCapacity(table.pages.count)
        for page in table.pages { images += try batch.add(page, of: table) }
        return images + (try batch.flush())
    }
}

/// Pages drawn one after another and encoded a core's worth at a time, in parallel: what
/// `PNGRenderer` and `PNGStream` both do with their pages.
struct PNGBatch {
    let painter: Painter
    let scale: Double
    let compression: Int
    private var pending: [(bytes: [UInt8], width: Int, height: Int, stride: Int)] = []

    init(painter: Painter, scale: Double, compression: Int) {
        self.painter = painter
        self.scale = scale
        self.compression = compression
    }

    /// Draws `page`; the encoded PNGs of the batch when it is full, else none.
    mutating func add(_ page: Page, of table: LaidOutTable) throws(Diagnostic) -> [[UInt8]] {
        pending.append(try drawImage(page, of: table, painter: painter, scale: scale).pixels())
        return pending.count >= max(1, ProcessInfo.processInfo.activeProcessorCount) ? try flush() : []
    }

    /// The encoded PNGs of the pages drawn and not yet handed out, in page order.
    mutating func flush() throws(Diagnostic) -> [[UInt8]] {
        guard !pending.isEmpty else { return [] }
        defer { pending = [] }
        return try PNGRenderer.encode(pending, level: compression)
    }
}

/// Renders all pages into one PDF with real text, an outline entry per section and links.
package struct PDFRenderer {
    package var theme: Theme
    package var text: TextEngine
    /// Whether the file Cairo wrote is then given what Cairo cannot write (`PDFCatalog`: the
    /// language, the title's display, figures' texts, artifacts); off, the bytes are Cairo's
    /// alone, which the tests compare the finished file with.
    var finishesFile = true

    package init(theme: Theme, text: TextEngine) {
        self.theme = theme
        self.text = text
    }

    /// Writes the PDF to `path` (the caller renames it into place). The creation date comes from
    /// `SOURCE_DATE_EPOCH` when set; otherwise the PDF carries none, so output is reproducible.
    /// `language` is the document's (its catalog's `/Lang`, what a screen reader speaks it in).
    package func write(_ table: LaidOutTable, appearance: Appearance, to path: String, title: String?, language: String?) throws(Diagnostic) {
        try write([(nil, table)], appearance: appearance, to: path, title: title, language: language)
    }

    /// Several scenes in one PDF: each starts on a page of its own; with more than one, each
    /// scene is an outline entry and its sections are entries below it.
    package func write(_ scenes: [(name: String?, table: LaidOutTable)], appearance: Appearance, to path: String, title: String?,
                       language: String?) throws(Diagnostic) {
        _ = try render(scenes, appearance: appearance, to: path, title: title, language: language)
    }

    /// The PDF's bytes, made in memory: the same bytes `write` puts in a file.
    package func bytes(_ table: LaidOutTable, appearance: Appearance, title: String?, language: String?) throws(Diagnostic) -> [UInt8] {
        try render([(nil, table)], appearance: appearance, to: nil, title: title, language: language)
    }

    private func render(_ scenes: [(name: String?, table: LaidOutTable)], appearance: Appearance, to path: String?, title: String?,
                        language: String?) throws(Diagnostic) -> [UInt8] {
        let stream = PDFStream(theme: theme, text: text, appearance: appearance, path: path, title: title, language: language,
                               outlinesScenes: scenes.count > 1)
        stream.finishesFile = finishesFile
        for scene in scenes {
            stream.beginScene(scene.name)
            for page in scene.table.pages { try stream.add(page, of: scene.table) }
        }
        return try stream.finish()
    }

    package static func outlineTitle(_ section: Section, index: Int) -> String {
        if case .title(let title)? = section.header, !title.isEmpty { return title }
        return section.id
    }

    /// `SOURCE_DATE_EPOCH` as a PDF date (`YYYY-MM-DDThh:mm:ssZ` for Cairo), or nil.
    static func sourceDate() -> String? {
        guard let seconds = RuntimeSettings.current.sourceDate else { return nil }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'Z'"
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}

/// PNG pages written as they are laid out: drawn one after another, encoded a core's worth at a
/// time in parallel, each written to a temporary file at once. Memory holds a few pages' pixels.
package final class PNGStream {
    private var batch: PNGBatch
    private let folder: String
    /// The temporary files written so far, in page order.
    package private(set) var files: [String] = []

    package init(theme: Theme, text: TextEngine, appearance: Appearance, scale: Double, compression: Int, folder: String) {
        batch = PNGBatch(painter: Painter(theme: theme, appearance: appearance, text: text, scale: scale), scale: scale, compression: compression)
        self.folder = folder
    }

    package func add(_ page: Page, of table: LaidOutTable) throws(Diagnostic) {
        try write(try batch.add(page, of: table))
    }

    /// Writes what is left; returns every temporary file in page order.
    package func finish() throws(Diagnostic) -> [String] {
        try write(try batch.flush())
        return files
    }

    /// Removes the temporary files (after a failure).
    package func discard() {
        for file in files { unlink(file) }
        files = []
    }

    private func write(_ pngs: [[UInt8]]) throws(Diagnostic) {
        for png in pngs {
            let path = folder + "/.tablerender-page-\(getpid())-\(ObjectIdentifier(self).hashValue & 0xFFFFFF)-\(files.count).png.tmp"
            files.append(path)
            try AtomicFile.create(png, at: path, naming: "page \(files.count) of \(folder)")
        }
    }
}

/// A PDF written page by page, as the pages are laid out: nothing but the current page is kept.
package final class PDFStream {
    private let painter: Painter
    private let path: String?
    private let title: String?
    private let language: String?
    private let outlinesScenes: Bool
    private var canvas: Canvas?
    private var number = 0
    private var sceneName: String?
    private var sceneOutline: Int32 = 0
    private var sceneStarted = false
    private var outlined = Set<Int>()
    /// See `PDFRenderer.finishesFile`.
    var finishesFile = true

    /// Pages for the PDF at `path`, or for one kept in memory (`finish` gives its bytes) when nil.
    /// `language` is the document's, written in the catalog (`/Lang`).
    package init(theme: Theme, text: TextEngine, appearance: Appearance, path: String?, title: String?, language: String?, outlinesScenes: Bool) {
        painter = Painter(theme: theme, appearance: appearance, text: text)
        painter.structure = PDFStructure()
        self.path = path
        self.title = title
        self.language = language
        self.outlinesScenes = outlinesScenes
    }

    /// The pages that follow belong to a new scene: a new outline entry when scenes are outlined.
    package func beginScene(_ name: String?) {
        sceneName = name
        sceneStarted = false
        sceneOutline = 0
        outlined = []
    }

    package func add(_ page: Page, of table: LaidOutTable) throws(Diagnostic) {
        let canvas: Canvas
        if let open = self.canvas {
            canvas = open
        } else {
            canvas = try Canvas(.pdf(path: path, width: page.width, height: max(1, page.height)))
            canvas.setMetadata(title: title, date: PDFRenderer.sourceDate())
            self.canvas = canvas
        }
        number += 1
        canvas.setPageSize(width: page.width, height: max(1, page.height))
        try painter.draw(page, of: table, on: canvas)
        if !sceneStarted {
            sceneStarted = true
            if outlinesScenes, let sceneName { sceneOutline = canvas.outline(sceneName, page: number, y: 0, parent: 0) }
        }
        for block in page.blocks where !outlined.contains(block.section) && block.kind != .title {
            outlined.insert(block.section)
            _ = canvas.outline(PDFRenderer.outlineTitle(table.table.sections[block.section], index: block.section), page: number, y: block.frame.y,
                               parent: sceneOutline)
        }
        canvas.showPage()
        try canvas.check("draw page \(number)")
    }

    /// Finishes the PDF; its bytes when it was kept in memory (none when written to a file).
    @discardableResult
    package func finish() throws(Diagnostic) -> [UInt8] {
        if let canvas { painter.structure?.finish(on: canvas) }
        if finishesFile {
            try canvas?.finish(language: language, displaysTitle: title?.isEmpty == false, figures: painter.structure?.figureTexts ?? [],
                               marksArtifacts: painter.structure != nil)
        } else {
            try canvas?.finish()
        }
        return canvas?.pdfBytes ?? []
    }
}
