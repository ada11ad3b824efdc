import Foundation
import Synchronization
import TableModel

/// Checks an image before anything decodes or draws it, once per file and process: a regular
/// file within the size limit, a PNG or JPEG whose header gives a size within the pixel budget
/// (`ImageFile`), or an SVG that parses strictly and whose `<use>` references do not fan out into
/// more than `maximumSVGElements` elements (a few kilobytes of nested `<use>` can ask for a
/// billion). `check` and `render` refuse the same images.
package enum ImageCheck {
    /// The most elements an SVG may draw once its `<use>` references are followed.
    package static let maximumSVGElements = 20_000
    /// The largest SVG file read.
    package static let maximumSVGSize = 4 << 20
    /// The largest PDF image read.
    package static let maximumPDFSize = 4 << 20

    /// The width and height of a PDF's first `/MediaBox [x0 y0 x1 y1]`.
    static func mediaBox(_ bytes: [UInt8]) -> (width: Double, height: Double)? {
        let text = String(decoding: bytes.prefix(1 << 20), as: Unicode.ASCII.self)
        guard let start = text.range(of: "/MediaBox") else { return nil }
        let rest = text[start.upperBound...].drop { $0 == " " || $0 == "[" || $0 == "\n" || $0 == "\r" }
        guard let end = rest.firstIndex(of: "]") else { return nil }
        let numbers = rest[..<end].split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).compactMap { Double($0) }
        guard numbers.count == 4 else { return nil }
        let width = abs(numbers[2] - numbers[0]), height = abs(numbers[3] - numbers[1])
        guard width > 0, height > 0, width.isFinite, height.isFinite, width <= 100_000, height <= 100_000 else { return nil }
        return (width, height)
    }

    /// What a checked image is: its kind, and its natural size in points when it states one.
    package struct Info: Sendable {
        package var kind: ImageFile.Kind
        /// A PNG's or JPEG's pixels divided by the scale its name gives (`icon@2x.png` is 2, as
        /// `UIImage(named:)` reads it), or an SVG's `width` and `height` (or its `viewBox`'s);
        /// nil when the picture states no size.
        package var naturalSize: (width: Double, height: Double)?
    }

    private static let checked = Mutex([String: Result<Info, Diagnostic>]())

    /// The kind of the image at `path` (an absolute path inside the assets folder), or the error
    /// that refuses it, naming the file.
    package static func check(_ path: String) throws(Diagnostic) -> ImageFile.Kind {
        try info(path).kind
    }

    /// The kind and natural size of the image at `path`, or the error that refuses it.
    package static func info(_ path: String) throws(Diagnostic) -> Info {
        if let box = SFSymbols.box(path) {
            // A symbol tablerender draws: SVG made in memory, as large as its drawing's box.
            return Info(kind: .svg, naturalSize: box)
        }
        if let known = checked.withLock({ $0[path] }) { return try known.get() }
        let outcome = Result { () throws(Diagnostic) -> Info in try examine(path) }
        checked.withLock { $0[path] = outcome }
        return try outcome.get()
    }

    /// The scale a file name states: `name@2x.png` is 2, `name@3x.jpg` 3, anything else 1.
    package static func scale(ofName path: String) -> Double {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let stem = name.split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: ".")
        for factor in [2, 3] where stem.hasSuffix("@\(factor)x") { return Double(factor) }
        return 1
    }

    /// An SVG length in CSS pixels (a number, optionally in `px`); nil for percentages and units
    /// that depend on what the SVG is drawn in.
    static func svgLength(_ text: String?) -> Double? {
        guard var text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        if text.hasSuffix("px") { text.removeLast(2) }
        guard let value = Double(text), value.isFinite, value > 0 else { return nil }
        return value
    }

    /// The image at `path` as a data URI, as the file is (after `check`).
    package static func dataURI(_ path: String) throws(Diagnostic) -> String {
        if let svg = SFSymbols.svg(path) { return "data:image/svg+xml;base64," + Data(svg.utf8).base64EncodedString() }
        let kind = try check(path)
        let bytes = try InputFile.read(path, limit: kind == .svg ? maximumSVGSize : ImageFile.maximumFileSize, what: "image")
        guard kind != .pdf else { throw Diagnostic(at: SourceLocation(file: path), "a PDF image is drawn, not embedded") }
        let type = kind == .png ? "image/png" : kind == .jpeg ? "image/jpeg" : "image/svg+xml"
        return "data:\(type);base64," + Data(bytes).base64EncodedString()
    }

    private static func examine(_ path: String) throws(Diagnostic) -> Info {
        let bytes = try InputFile.read(path, limit: ImageFile.maximumFileSize, what: "image")
        guard let kind = ImageFile.kind(of: bytes, path: path) else {
            throw Diagnostic(at: SourceLocation(file: path), "not a PNG, JPEG, SVG or PDF image")
        }
        switch kind {
        case .pdf:
            // A vector image (an asset catalog's PDF): its size is its first page's media box, in points.
            guard bytes.count <= maximumPDFSize else {
                throw Diagnostic(at: SourceLocation(file: path), "PDF image is larger than \(maximumPDFSize >> 20) MiB")
            }
            return Info(kind: kind, naturalSize: mediaBox(bytes))
        case .png, .jpeg:
            guard let size = ImageFile.size(of: bytes, kind: kind) else {
                throw Diagnostic(at: SourceLocation(file: path), "not a readable \(kind == .png ? "PNG" : "JPEG") image (no size in its header)")
            }
            if let problem = ImageFile.sizeProblem(width: size.width, height: size.height) {
                throw Diagnostic(at: SourceLocation(file: path), "the image \(problem)")
            }
            let scale = scale(ofName: path)
            return Info(kind: kind, naturalSize: (Double(size.width) / scale, Double(size.height) / scale))
        case .svg:
            let root = try XMLParser.parse(file: path, bytes: bytes,
                                           leniency: .init(plainDoctype: true, text: true, maximumSize: maximumSVGSize, what: "SVG images"))
            guard root.name == "svg" else { throw Diagnostic(at: root.location, "not an SVG image (its root is <\(root.name)>)") }
            let drawn = try expandedCount(root, file: path)
            guard drawn <= maximumSVGElements else {
                throw Diagnostic(at: SourceLocation(file: path), "the SVG draws \(drawn > 1_000_000_000 ? "over a billion" : String(drawn)) elements once its <use> references are followed; at most \(maximumSVGElements) are drawn")
            }
            var width = svgLength(root.attribute("width")?.value), height = svgLength(root.attribute("height")?.value)
            let box = (root.attribute("viewBox")?.value ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if box.count == 4, box[2] > 0, box[3] > 0, box[2].isFinite, box[3].isFinite {
                // A missing dimension follows the viewBox's proportions, as a browser sizes it.
                if width == nil, let height { width = height * box[2] / box[3] }
                if height == nil, let known = width { height = known * box[3] / box[2] }
                if width == nil, height == nil { width = box[2]; height = box[3] }
            }
            return Info(kind: kind, naturalSize: width.flatMap { width in height.map { (width, $0) } })
        }
    }

    /// How many elements `root` draws with every `<use>` replaced by what it refers to; a
    /// reference that refers to itself, or to an element it is inside, is an error.
    static func expandedCount(_ root: XMLElement, file: String) throws(Diagnostic) -> Int {
        var byID: [String: XMLElement] = [:]
        func index(_ element: XMLElement) {
            if let id = element.attribute("id")?.value { byID[id] = element }
            for child in element.children { index(child) }
        }
        index(root)
        var counts: [String: Int] = [:]
        var visiting = Set<String>()
        func count(_ element: XMLElement) throws(Diagnostic) -> Int {
            let id = element.attribute("id")?.value
            if let id, let known = counts[id] { return known }
            if let id {
                guard visiting.insert(id).inserted else { throw Diagnostic(at: element.location, "the SVG's <use> references go round in a circle (through '\(id)')") }
            }
            var total = 1
            // libxml2 gives `xlink:href` by its local name, as `href`.
            if element.name == "use", let reference = element.attribute("href")?.value,
               reference.hasPrefix("#"), let target = byID[String(reference.dropFirst())] {
                total += try count(target)
            }
            for child in element.children {
                total += try count(child)
                if total > 1_000_000_000 { break }
            }
            total = min(total, 1_000_000_001)
            if let id {
                visiting.remove(id)
                counts[id] = total
            }
            return total
        }
        return try count(root)
    }
}
