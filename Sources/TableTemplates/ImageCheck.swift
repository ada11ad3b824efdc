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

    /// The largest width and height an SVG states, CSS pixels (as a PDF page's 100,000 points).
    package static let maximumSVGSide = 100_000.0
    /// The largest number of an SVG's viewBox.
    package static let maximumSVGViewBox = 1_000_000.0
    /// The largest font size an SVG's text may ask for (CSS pixels, or ems and percents of the
    /// default 16 px): librsvg aborts the process on text sizes it cannot scale.
    package static let maximumSVGFontSize = 1_000.0

    /// The most pixels of PNG and JPEG files one document may decode, in all (each file once,
    /// counted from its header): decoding a 50-megapixel photo takes about 0.6 s.
    package static let maximumDecodedPixels = 64_000_000

    /// The pixels the PNG or JPEG file at `path` decodes to, from its header; nil for vector
    /// images and files that are refused (their refusal comes where they are read).
    package static func rasterPixels(_ path: String) -> Int? {
        guard let info = try? info(path), info.kind == .png || info.kind == .jpeg, let size = info.naturalSize else { return nil }
        let scale = scale(ofName: path)
        return Int((size.width * scale).rounded()) * Int((size.height * scale).rounded())
    }

    /// Why a document that decodes `total` pixels of PNG and JPEG files is refused, or nil.
    package static func decodingProblem(total: Int) -> String? {
        guard total > maximumDecodedPixels else { return nil }
        return "the document's PNG and JPEG images come to \(total / 1_000_000) megapixels with this one; at most \(maximumDecodedPixels / 1_000_000) are decoded for one document"
    }

    /// The most numbers the paths and polygons of an SVG may hold (about 50,000 segments:
    /// Cairo strokes 400,000 crossing lines in 20 s).
    package static let maximumSVGCoordinates = 100_000
    /// The most characters one `<text>` element may hold (its spans included): librsvg 2.54 lays
    /// a text element out in time that grows with the square of its length (5,000 characters
    /// take 0.9 s, 20,000 take 21 s).
    package static let maximumSVGTextElement = 2_000
    /// The most characters an SVG's text may draw in all, once its `<use>` references are
    /// followed (20,000 in short elements take 0.6 s).
    package static let maximumSVGText = 20_000

    /// The characters `element` holds as text to draw (a `<text>`, `<tspan>`, `<textPath>` or
    /// `<tref>`'s own, not what its children hold).
    static func drawnCharacters(_ element: XMLElement) -> Int {
        ["text", "tspan", "textPath", "tref"].contains(element.name) ? element.text.unicodeScalars.count : 0
    }

    /// The first `<text>` element of `elements` that holds more than `maximumSVGTextElement`
    /// characters, and how many.
    static func longText(_ elements: [XMLElement]) -> (location: SourceLocation, characters: Int)? {
        for element in elements where element.name == "text" {
            let characters = element.descendants.reduce(0) { $0 + drawnCharacters($1) }
            if characters > maximumSVGTextElement { return (element.location, characters) }
        }
        return nil
    }

    /// What drawing the SVG's markers may add to its coordinates: a marker (`<marker>`) is drawn
    /// at the start, end and every vertex of the paths, lines, polylines and polygons that ask
    /// for it, which a style sheet or an ancestor can do for all of them, so every vertex is
    /// counted with the largest marker (its coordinates and elements).
    static func markerCoordinates(_ root: XMLElement, coordinates: Int, file: String) throws(Diagnostic) -> Int {
        var largest = 0
        for marker in root.descendants where marker.name == "marker" {
            largest = max(largest, try expanded(marker, within: root, file: file) { element in
                1 + ["d", "points"].reduce(0) { count, name in count + (element.attribute(name).map { numbers(in: $0.value) } ?? 0) }
            })
        }
        guard largest > 0 else { return 0 }
        let product = (coordinates / 2 + 2).multipliedReportingOverflow(by: largest)
        return product.overflow ? Int.max : product.partialValue
    }

    /// Filter limits: octaves of turbulence, a blur's deviation (user units), and how far a
    /// filter's region may reach (10 times the element's box, or 1,000 %).
    package static let maximumTurbulenceOctaves = 10.0
    package static let maximumBlurDeviation = 1_000.0
    package static let maximumFilterRegion = 10.0

    /// How many numbers `text` (path data, a list of points) holds.
    static func numbers(in text: String) -> Int {
        var count = 0, inNumber = false
        for byte in text.utf8 {
            let digit = (byte >= 48 && byte <= 57) || byte == 46
            if digit, !inNumber { count += 1 }
            // A sign or a second dot starts another number; an exponent continues this one.
            inNumber = digit || (inNumber && (byte == 101 || byte == 69))
        }
        return count
    }

    /// The first filter of `elements` that asks for more than the limits: turbulence octaves, a
    /// blur's deviation, a region far beyond its element.
    static func filterProblem(_ elements: [XMLElement]) -> (location: SourceLocation, message: String)? {
        func values(_ text: String) -> [Double] {
            text.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0.hasSuffix("%") ? String($0.dropLast()) : String($0)) ?? .nan }
        }
        for element in elements {
            switch element.name {
            case "feTurbulence":
                if let octaves = element.attribute("numOctaves"), values(octaves.value).contains(where: { !($0 <= maximumTurbulenceOctaves) }) {
                    return (octaves.location, "filter asks for \(octaves.value.prefix(20)) octaves of turbulence; at most \(Int(maximumTurbulenceOctaves))")
                }
            case "feGaussianBlur", "feDropShadow":
                if let deviation = element.attribute("stdDeviation"), values(deviation.value).contains(where: { !(abs($0) <= maximumBlurDeviation) }) {
                    return (deviation.location, "filter blurs by \(deviation.value.prefix(20)); at most \(Int(maximumBlurDeviation))")
                }
            case "filter":
                let userSpace = element.attribute("filterUnits")?.value == "userSpaceOnUse"
                for name in ["x", "y", "width", "height"] {
                    guard let attribute = element.attribute(name) else { continue }
                    let text = attribute.value.trimmingCharacters(in: .whitespaces)
                    let number = Double(text.hasSuffix("%") ? String(text.dropLast()) : text) ?? .nan
                    let limit = text.hasSuffix("%") ? maximumFilterRegion * 100 : userSpace ? maximumSVGSide : maximumFilterRegion
                    if !(abs(number) <= limit) {
                        return (attribute.location, "filter region \(name)=\"\(text.prefix(20))\" reaches beyond \(text.hasSuffix("%") ? "\(Int(limit)) %" : "\(Int(limit))")")
                    }
                }
            default: break
            }
        }
        return nil
    }

    /// The most dashes an SVG's strokes may be cut into, estimated as every segment the length
    /// of the viewBox's diagonal over the shortest dash pattern (Cairo runs out of memory on
    /// tens of millions).
    package static let maximumDashes = 1_000_000.0

    /// The shortest dash pattern of `elements` (`stroke-dasharray`, as an attribute, in a
    /// `style` attribute or in a `<style>` sheet), and where it is; nil when nothing is dashed.
    static func shortestDashPattern(_ elements: [XMLElement]) -> (length: Double, location: SourceLocation)? {
        var shortest: (length: Double, location: SourceLocation)?
        for element in elements {
            var patterns: [(String, SourceLocation)] = []
            if let dashes = element.attribute("stroke-dasharray") { patterns.append((dashes.value, dashes.location)) }
            var sheets: [(String, SourceLocation)] = element.attribute("style").map { [($0.value, $0.location)] } ?? []
            if element.name == "style" { sheets.append((element.text, element.location)) }
            for (css, location) in sheets {
                var rest = Substring(css)
                while let range = rest.range(of: "stroke-dasharray") {
                    rest = rest[range.upperBound...]
                    patterns.append((String(rest.drop { $0 == ":" || $0 == " " || $0 == "\t" || $0 == "\n" }.prefix { $0 != ";" && $0 != "}" }), location))
                }
            }
            for (text, location) in patterns where text.trimmingCharacters(in: .whitespaces) != "none" {
                let values = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { Double($0.hasSuffix("px") ? String($0.dropLast(2)) : String($0)) ?? 0 }
                let length = values.reduce(0) { $0 + abs($1) }
                guard length.isFinite, length > 0 else { continue }
                if length < shortest?.length ?? .infinity { shortest = (length, location) }
            }
        }
        return shortest
    }

    /// The first font size of `elements` (a `font-size` or `font` attribute, a `style`
    /// attribute, a `<style>` sheet) over `maximumSVGFontSize`, or not a finite number.
    static func fontSizeProblem(_ elements: [XMLElement]) -> (location: SourceLocation, message: String)? {
        func sizes(in css: String) -> [Substring] {
            var found: [Substring] = []
            var rest = Substring(css)
            while let range = rest.range(of: "font-size") ?? rest.range(of: "font:") {
                rest = rest[range.upperBound...].drop { $0 == " " || $0 == ":" || $0 == "\t" || $0 == "\n" }
                // The first token that starts with a digit, a sign or a dot (the size in `font:`
                // follows the style and weight).
                let tokens = rest.prefix { $0 != ";" && $0 != "}" }.split(whereSeparator: { $0 == " " || $0 == "/" || $0 == "," })
                if let size = tokens.first(where: { $0.first.map { "0123456789.+-".contains($0) } ?? false }) { found.append(size) }
            }
            return found
        }
        func tooLarge(_ text: Substring) -> Bool {
            let number = text.prefix { "0123456789.+-eE".contains($0) }
            let unit = text.dropFirst(number.count).lowercased()
            guard let value = Double(number), value.isFinite else { return true }
            let pixels: Double
            switch unit {
            case "em", "rem", "ex", "ch": pixels = value * 16
            case "%": pixels = value * 16 / 100
            case "pt": pixels = value * 4 / 3
            case "pc": pixels = value * 16
            case "in": pixels = value * 96
            case "cm": pixels = value * 96 / 2.54
            case "mm": pixels = value * 96 / 25.4
            default: pixels = value
            }
            return abs(pixels) > maximumSVGFontSize
        }
        for element in elements {
            var written: [(Substring, SourceLocation)] = []
            for name in ["font-size", "font"] {
                if let attribute = element.attribute(name) { written.append((Substring(attribute.value), attribute.location)) }
            }
            if let style = element.attribute("style") { written += sizes(in: style.value).map { ($0, style.location) } }
            if element.name == "style" { written += sizes(in: element.text).map { ($0, element.location) } }
            for (size, location) in written {
                // Keywords (`large`, `smaller`, `inherit`) are sizes librsvg bounds itself.
                guard let token = size.split(whereSeparator: { $0 == " " || $0 == "/" }).first(where: { $0.first.map { "0123456789.+-".contains($0) } ?? false })
                else { continue }
                if tooLarge(token) {
                    return (location, "asks for a font size of \(token.prefix(40)); at most \(Int(maximumSVGFontSize)) px are drawn")
                }
            }
        }
        return nil
    }

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
                                           leniency: .init(plainDoctype: true, keepsText: true, maximumSize: maximumSVGSize, what: "SVG images"))
            guard root.name == "svg" else { throw Diagnostic(at: root.location, "not an SVG image (its root is <\(root.name)>)") }
            let drawn = try expandedCount(root, file: path)
            guard drawn <= maximumSVGElements else {
                throw Diagnostic(at: SourceLocation(file: path), "the SVG draws \(drawn > 1_000_000_000 ? "over a billion" : String(drawn)) elements once its <use> references are followed; at most \(maximumSVGElements) are drawn")
            }
            let coordinates = try expanded(root, file: path) { element in
                ["d", "points"].reduce(0) { count, name in count + (element.attribute(name).map { numbers(in: $0.value) } ?? 0) }
            }
            guard coordinates <= maximumSVGCoordinates else {
                throw Diagnostic(at: SourceLocation(file: path), "the SVG's paths hold \(coordinates > 1_000_000_000 ? "over a billion" : String(coordinates)) coordinates once its <use> references are followed; at most \(maximumSVGCoordinates) are drawn")
            }
            let markers = try markerCoordinates(root, coordinates: coordinates, file: path)
            guard markers <= maximumSVGCoordinates - coordinates else {
                throw Diagnostic(at: SourceLocation(file: path), "the SVG's markers, drawn at each of its paths' \(coordinates / 2) vertices, may draw \(markers > 1_000_000_000 ? "over a billion" : String(markers)) coordinates; at most \(maximumSVGCoordinates) are drawn with its paths")
            }
            let elements = root.descendants
            if let long = longText(elements) {
                throw Diagnostic(at: long.location, "the SVG's <text> holds \(long.characters) characters; at most \(maximumSVGTextElement) are drawn in one text element")
            }
            let characters = try expanded(root, file: path, own: drawnCharacters)
            guard characters <= maximumSVGText else {
                throw Diagnostic(at: SourceLocation(file: path), "the SVG's text comes to \(characters > 1_000_000_000 ? "over a billion" : String(characters)) characters once its <use> references are followed; at most \(maximumSVGText) are drawn")
            }
            if let problem = filterProblem(elements) { throw Diagnostic(at: problem.location, "the SVG \(problem.message)") }
            if let problem = fontSizeProblem(elements) { throw Diagnostic(at: problem.location, "the SVG \(problem.message)") }
            var width = svgLength(root.attribute("width")?.value), height = svgLength(root.attribute("height")?.value)
            let box = (root.attribute("viewBox")?.value ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
            if box.contains(where: { !$0.isFinite || abs($0) > maximumSVGViewBox }) {
                throw Diagnostic(at: root.attribute("viewBox")?.location ?? root.location,
                                 "the SVG's viewBox \"\(root.attribute("viewBox")?.value ?? "")\" reaches beyond \(Int(maximumSVGViewBox)) units")
            }
            for (name, value) in [("width", width), ("height", height)] {
                if let value, value > maximumSVGSide {
                    throw Diagnostic(at: root.attribute(name)?.location ?? root.location, "the SVG's \(name) of \(value) px is over \(Int(maximumSVGSide))")
                }
            }
            if coordinates > 0, let dashes = shortestDashPattern(elements) {
                let side = box.count == 4 ? max(abs(box[2]), abs(box[3])) : max(width ?? 100, height ?? 100)
                let estimate = Double(coordinates) / 2 * side * 2.squareRoot() / dashes.length
                guard estimate <= maximumDashes else {
                    throw Diagnostic(at: dashes.location, "the SVG dashes its strokes by a pattern \(dashes.length) long, which may cut \(coordinates / 2) segments into \(Int(min(estimate, 1e15))) dashes; at most \(Int(maximumDashes))")
                }
            }
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
        try expanded(root, file: file) { _ in 1 }
    }

    /// The sum of `own` over the elements `root` draws with every `<use>` followed (at most a
    /// billion and one); references are looked up in `document`, or in `root` itself.
    static func expanded(_ root: XMLElement, within document: XMLElement? = nil, file: String,
                         own: (XMLElement) -> Int) throws(Diagnostic) -> Int {
        var byID: [String: XMLElement] = [:]
        func index(_ element: XMLElement) {
            if let id = element.attribute("id")?.value { byID[id] = element }
            for child in element.children { index(child) }
        }
        index(document ?? root)
        var counts: [String: Int] = [:]
        var visiting = Set<String>()
        func count(_ element: XMLElement) throws(Diagnostic) -> Int {
            let id = element.attribute("id")?.value
            if let id, let known = counts[id] { return known }
            if let id {
                guard visiting.insert(id).inserted else { throw Diagnostic(at: element.location, "the SVG's <use> references go round in a circle (through '\(id)')") }
            }
            var total = own(element)
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
