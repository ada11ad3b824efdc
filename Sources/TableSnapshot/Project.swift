import Foundation
import TableModel
import TableRender

/// A variant of the matrix: one width, appearance, scale and theme.
package struct Variant: Sendable, Hashable {
    package var device: String
    package var width: Double
    package var appearance: Appearance
    package var scale: Double
    package var theme: String?
    /// The theme as the project writes it (a name, or a path inside the project's folder, which
    /// `theme` holds resolved): it is in names.
    package var themeName: String?
    /// The reader's text size; `large` (the default) is not in names.
    package var contentSize: ContentSizeCategory = .large
    /// The screen's language when the matrix names locales (`en-XA`), else the document's.
    package var locale: String?
    /// The layout's direction when the matrix names directions (`rtl`), else the locale's.
    package var direction: LayoutDirection?
    /// The reader's Increase Contrast setting when the matrix names contrasts (`high`).
    package var contrast: Contrast = .normal

    /// What makes its layout differ from another variant's (appearances and scales only
    /// change pixels): the lint looks at each layout once.
    package var layoutKey: String {
        "\(device)|\(theme ?? "")|\(contentSize.rawValue)|\(locale ?? "")|\(direction?.rawValue ?? "")|\(contrast.rawValue)"
    }

    /// `iphone-15.dark@2x`, with the theme after the device when the matrix names themes, and the
    /// content size after it unless large (`iphone-15.AX5.dark@2x`), then the locale and the
    /// direction when the matrix names them (`iphone-15.ar.rtl@2x`), and high contrast
    /// (`iphone-15.high-contrast.dark@2x`).
    package var name: String {
        var text = device
        if let theme = themeName ?? theme { text += "." + theme }
        if contentSize != .large { text += "." + contentSize.rawValue }
        if let locale { text += "." + locale }
        if let direction { text += "." + direction.rawValue }
        if contrast == .high { text += ".high-contrast" }
        if appearance == .dark { text += ".dark" }
        return text + "@" + (scale.rounded() == scale ? String(Int(scale)) : String(scale)) + "x"
    }
}

/// The project file (`tablerender.json`): the documents and the variant matrix that snapshot
/// tests and documentation images run over.
package struct Project: Sendable {
    package static let devices: [String: Double] = ["iphone-se": 320, "iphone-15": 393, "iphone-15-pro-max": 430, "ipad": 820]
    /// The most variants a project's matrix may make of each document.
    package static let maximumVariants = 1_000
    /// The most snapshots (documents × scenes × variants) one run makes.
    package static let maximumSnapshots = 20_000

    package static let keys = ["documents", "devices", "widths", "appearances", "scales", "themes", "contentSizes", "snapshots", "precision",
                              "perceptualPrecision", "ignoreAntialiasing", "maxDiffPixels", "masks", "locales", "directions", "contrasts"]

    package var file: String
    package var directory: String
    package var documents: [String]
    package var variants: [Variant]
    /// The folder name of references beside each document.
    package var snapshotsFolder: String
    package var comparison: ComparisonOptions

    /// The matrix's appearances, light first: the ones the lint checks contrast in.
    package var appearances: [Appearance] { Array(Set(variants.map(\.appearance))).sorted { $0.rawValue > $1.rawValue } }
    /// Views, rows or items covered with a magenta box in every snapshot (`Masks`).
    package var masks = Masks()
    /// The masks of `masks` given on the command line (`--mask`), not by the file: an unknown one
    /// is a usage error of the option, not an error of the file.
    package var optionMasks: Set<String> = []

    /// Reads and checks a project file; errors name the file, line:column and JSON path.
    package static func load(_ path: String) throws(Diagnostic) -> Project {
        let fields = try ProjectFields(path: path)
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.path
        let documents = try fields.documents(directory: directory)
        let variants = try fields.variants(directory: directory)
        let comparison = try fields.comparison()
        var project = Project(file: path, directory: directory, documents: documents, variants: variants,
                              snapshotsFolder: try fields.snapshotsFolder(), comparison: comparison)
        if let masks = try fields.masks() { project.masks = masks }
        return project
    }

    /// The documents of a folder: its `*.json` files and its subfolders', in name order, without
    /// project files, changes files, snapshot folders and asset catalogs (whose `Contents.json`
    /// files are not documents).
    static func documents(in folder: String) -> [String] {
        guard let entries = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] else { return [] }
        return entries.filter { entry in
            entry.hasSuffix(".json") && !entry.hasSuffix("tablerender.json") && !entry.hasSuffix(".changes.json")
                && !entry.split(separator: "/").contains { $0.hasPrefix("__") || $0 == "Output" || $0.hasPrefix(".") || $0.hasSuffix(".xcassets") }
        }.sorted().map { folder + "/" + $0 }
    }
}

/// A project file's keys, each read with its JSON path for errors.
private struct ProjectFields {
    let path: String
    let root: JSONNode
    var fields: [String: JSONNode]

    init(path: String) throws(Diagnostic) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: path), "no such project file")
        }
        let root: JSONNode
        do { root = try JSONParser.parse(Array(data)) } catch {
            throw Diagnostic(at: SourceLocation(file: path, line: error.line, column: error.column), "invalid JSON: \(error.message)")
        }
        self.path = path
        self.root = root
        fields = [:]
        guard case .object(let entries) = root.kind else { throw Diagnostic(at: at(root, "$"), "expected an object") }
        for entry in entries {
            guard Project.keys.contains(entry.key) else {
                throw Diagnostic(at: at(entry.value, "$.\(entry.key)"), Suggestions.unknown("key", entry.key, known: Project.keys))
            }
            fields[entry.key] = entry.value
        }
    }

    func at(_ node: JSONNode, _ jsonPath: String) -> SourceLocation {
        SourceLocation(file: path, line: node.line, column: node.column, path: jsonPath)
    }

    func strings(_ key: String) throws(Diagnostic) -> [String]? {
        guard let node = fields[key] else { return nil }
        guard case .array(let elements) = node.kind else { throw Diagnostic(at: at(node, "$.\(key)"), "expected an array of strings") }
        var result: [String] = []
        for (index, element) in elements.enumerated() {
            guard case .string(let text) = element.kind else { throw Diagnostic(at: at(element, "$.\(key)[\(index)]"), "expected a string") }
            result.append(text)
        }
        return result
    }
    func numbers(_ key: String, range: ClosedRange<Double>) throws(Diagnostic) -> [Double]? {
        guard let node = fields[key] else { return nil }
        guard case .array(let elements) = node.kind else { throw Diagnostic(at: at(node, "$.\(key)"), "expected an array of numbers") }
        var result: [Double] = []
        for (index, element) in elements.enumerated() {
            guard case .number(let value) = element.kind, range.contains(value) else {
                throw Diagnostic(at: at(element, "$.\(key)[\(index)]"), "expected a number from \(range.lowerBound) to \(range.upperBound)")
            }
            result.append(value)
        }
        return result
    }
    func number(_ key: String) throws(Diagnostic) -> Double? {
        guard let node = fields[key] else { return nil }
        guard case .number(let value) = node.kind, (0...1).contains(value) else { throw Diagnostic(at: at(node, "$.\(key)"), "expected a number from 0 to 1") }
        return value
    }

    /// `documents`: documents, or folders whose documents are all taken.
    func documents(directory: String) throws(Diagnostic) -> [String] {
        guard let documentPaths = try strings("documents"), !documentPaths.isEmpty else {
            throw Diagnostic(at: at(root, "$"), "missing key 'documents' (documents or folders of documents)")
        }
        var documents: [String] = []
        for (index, relative) in documentPaths.enumerated() {
            let full: String
            do { full = try SafePath.resolve(relative, inside: directory, mustBeDirectory: relative.hasSuffix("/") || !relative.hasSuffix(".json")) } catch {
                throw Diagnostic(error.kind, at: at(fields["documents"]!, "$.documents[\(index)]"), error.message)
            }
            documents += full.hasSuffix(".json") ? [full] : Project.documents(in: full)
        }
        return documents
    }

    /// The matrix of variants: devices and widths × themes × content sizes × locales ×
    /// directions × contrasts × appearances × scales, counted before it is made.
    func variants(directory: String) throws(Diagnostic) -> [Variant] {
        var devices: [(String, Double)] = []
        for (index, name) in (try strings("devices") ?? []).enumerated() {
            guard let width = Project.devices[name] else {
                throw Diagnostic(at: at(fields["devices"]!, "$.devices[\(index)]"), Suggestions.unknown("device", name, known: Array(Project.devices.keys)))
            }
            devices.append((name, width))
        }
        for width in try numbers("widths", range: 1...10_000) ?? [] { devices.append(("w\(Int(width))", width)) }
        var appearances: [Appearance] = []
        for (index, name) in (try strings("appearances") ?? ["light"]).enumerated() {
            guard let appearance = Appearance(rawValue: name) else {
                throw Diagnostic(at: at(fields["appearances"]!, "$.appearances[\(index)]"), Suggestions.unknown("appearance", name, known: ["light", "dark"]))
            }
            appearances.append(appearance)
        }
        let scales = try numbers("scales", range: 1...3) ?? [2]
        // A theme named by path is a folder inside the project's, as a document's theme is
        // inside the document's folder.
        var themes: [(name: String?, resolved: String?)] = [(nil, nil)]
        if let names = try strings("themes") {
            themes = []
            for (index, name) in names.enumerated() {
                guard name.contains("/") else { themes.append((name, name)); continue }
                do throws(SafePath.Failure) { themes.append((name, try SafePath.resolve(name, inside: directory, mustBeDirectory: true, folder: "the project's folder"))) } catch {
                    throw Diagnostic(error.kind, at: at(fields["themes"]!, "$.themes[\(index)]"), "theme: " + error.message)
                }
            }
        }
        var contentSizes: [ContentSizeCategory] = []
        for (index, name) in (try strings("contentSizes") ?? ["large"]).enumerated() {
            guard let category = ContentSizeCategory(rawValue: name) else {
                throw Diagnostic(at: at(fields["contentSizes"]!, "$.contentSizes[\(index)]"), Suggestions.unknown("content size", name, known: ContentSizeCategory.allCases.map(\.rawValue)))
            }
            contentSizes.append(category)
        }
        // Locales: each document's own language unless the matrix names some.
        var locales: [String?] = [nil]
        if let node = fields["locales"] {
            guard let names = try strings("locales"), !names.isEmpty else { throw Diagnostic(at: at(node, "$.locales"), "expected a non-empty array of language tags") }
            for (index, name) in names.enumerated() where !LanguageTag.isValid(name) {
                throw Diagnostic(at: at(node, "$.locales[\(index)]"), "expected a language tag such as \"de\", \"pt-BR\" or the pseudo-locale \"en-XA\", found '\(name)'")
            }
            locales = names
        }
        // Directions: each locale's own unless the matrix names some.
        var directions: [LayoutDirection?] = [nil]
        if let node = fields["directions"] {
            guard let names = try strings("directions"), !names.isEmpty else { throw Diagnostic(at: at(node, "$.directions"), "expected a non-empty array of directions (ltr, rtl)") }
            directions = []
            for (index, name) in names.enumerated() {
                guard let direction = LayoutDirection(rawValue: name) else {
                    throw Diagnostic(at: at(node, "$.directions[\(index)]"), Suggestions.unknown("direction", name, known: LayoutDirection.allCases.map(\.rawValue)))
                }
                directions.append(direction)
            }
        }
        // Contrasts: normal unless the matrix names some.
        var contrasts: [Contrast] = []
        for (index, name) in (try strings("contrasts") ?? ["normal"]).enumerated() {
            guard let contrast = Contrast(rawValue: name) else {
                throw Diagnostic(at: at(fields["contrasts"]!, "$.contrasts[\(index)]"), Suggestions.unknown("contrast", name, known: Contrast.allCases.map(\.rawValue)))
            }
            contrasts.append(contrast)
        }
        // The matrix is counted before it is made: a few lines of JSON can ask for millions.
        let axes = [("devices", max(1, devices.count)), ("themes", themes.count), ("contentSizes", contentSizes.count), ("locales", locales.count),
                    ("directions", directions.count), ("contrasts", contrasts.count), ("appearances", appearances.count), ("scales", scales.count)]
        let count = axes.reduce(1) { $0.multipliedReportingOverflow(by: $1.1).overflow ? Int.max : $0 * $1.1 }
        guard count <= Project.maximumVariants else {
            let product = axes.filter { $0.1 > 1 }.map { "\($0.1) \($0.0)" }.joined(separator: " × ")
            throw Diagnostic(at: at(root, "$"), "the matrix has \(product): \(count == Int.max ? "too many" : String(count)) variants of each document; at most \(Project.maximumVariants)")
        }
        var variants: [Variant] = []
        for device in (devices.isEmpty ? [("default", 0)] : devices) {
            for theme in themes { for contentSize in contentSizes { for locale in locales { for direction in directions { for contrast in contrasts {
                for appearance in appearances { for scale in scales {
                    var variant = Variant(device: device.0, width: device.1, appearance: appearance, scale: scale, theme: theme.resolved, contentSize: contentSize)
                    variant.themeName = theme.name
                    variant.locale = locale
                    variant.direction = direction
                    variant.contrast = contrast
                    variants.append(variant)
                } }
            } } } } }
        }
        return variants
    }

    /// How images are compared: precision, perceptual precision, pixels allowed to differ, anti-aliasing.
    func comparison() throws(Diagnostic) -> ComparisonOptions {
        var comparison = ComparisonOptions()
        comparison.precision = try number("precision") ?? 1
        comparison.perceptualPrecision = try number("perceptualPrecision") ?? 1
        if let node = fields["maxDiffPixels"] {
            guard case .number(let value) = node.kind, value >= 0, value <= 100_000_000, value == value.rounded() else {
                throw Diagnostic(at: at(node, "$.maxDiffPixels"), "expected a whole number of pixels ≥ 0")
            }
            comparison.maxDiffPixels = Int(value)
        }
        if let node = fields["ignoreAntialiasing"] {
            guard case .bool(let flag) = node.kind else { throw Diagnostic(at: at(node, "$.ignoreAntialiasing"), "expected true or false") }
            comparison.ignoresAntialiasing = flag
        }
        return comparison
    }

    func snapshotsFolder() throws(Diagnostic) -> String {
        var folder = "__Snapshots__"
        if let node = fields["snapshots"] {
            guard case .string(let name) = node.kind, !name.isEmpty, !name.contains("/"), name != "..", name != "." else {
                throw Diagnostic(at: at(node, "$.snapshots"), "expected a folder name")
            }
            folder = name
        }
        return folder
    }

    /// `masks`: the views, rows or JSON paths left out of image comparisons.
    func masks() throws(Diagnostic) -> Masks? {
        if let node = fields["masks"] {
            guard case .array(let items) = node.kind else {
                throw Diagnostic(at: at(node, "$.masks"), "expected an array of view ids, row ids or JSON paths ($.sections[0].items[2])")
            }
            var names: [String] = []
            for (index, item) in items.enumerated() {
                guard case .string(let name) = item.kind, !name.isEmpty else {
                    throw Diagnostic(at: at(item, "$.masks[\(index)]"), "expected a view id, a row id or a JSON path ($.sections[0].items[2])")
                }
                names.append(name)
            }
            return Masks(names)
        }
        return nil
    }
}
