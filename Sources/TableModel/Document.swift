import Foundation

/// Where a document asks its pages to go: one page sized to the content, paper, or pages of a
/// given size in points (`390x844`, a phone screen).
public enum PageSize: Sendable, Hashable, RawRepresentable, CaseIterable {
    case content, a4, letter
    case custom(width: Double, height: Double)

    /// The named sizes (a custom size is written `WIDTHxHEIGHT`).
    public static var allCases: [PageSize] { [.content, .a4, .letter] }

    /// `content`, `a4`, `letter` or `WxH` in points; nil for anything else.
    public init?(rawValue: String) {
        switch rawValue {
        case "content": self = .content
        case "a4": self = .a4
        case "letter": self = .letter
        default:
            let parts = rawValue.split(separator: "x")
            guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
                  width.isFinite, height.isFinite, (1...20_000).contains(width), (1...20_000).contains(height) else { return nil }
            self = .custom(width: width, height: height)
        }
    }

    /// The name a document or the command gives it.
    public var rawValue: String {
        switch self {
        case .content: return "content"
        case .a4: return "a4"
        case .letter: return "letter"
        case .custom(let width, let height): return "\(format(width))x\(format(height))"
        }
    }
}

/// A JSON document: the data of one screen plus where its templates and assets live.
public struct Document: Sendable {
    /// The path the document was read from, as the user gave it.
    public var file: String
    /// The file name without its extension; output files are named after it.
    public var name: String
    /// The absolute folder of the document; relative paths inside it start here.
    public var directory: String
    /// The table the document describes.
    public var table: Table
    /// A theme name (`ios`) or a path to a theme folder, relative to the document.
    public var theme: String?
    /// The width it is laid out at; nil takes the theme's.
    public var width: Double?
    /// Its page size; nil takes the theme's.
    public var page: PageSize?
    /// The language of the text (BCP 47, `en`, `ja`), for the HTML page's `lang`.
    public var language: String
    /// Absolute folders of the document's own templates, first match wins, before the theme's.
    public var templateFolders: [String]
    /// The absolute folder images are read from; nothing outside it is read.
    public var assetsFolder: String
    /// Where each section and item stood in the file, for errors found after decoding.
    package var locations: DocumentLocations
    /// Localized values whose key the strings lack in the document's language: shown as
    /// `⟦key⟧`, reported by `check` and by `render` (an error with `--strict-strings`).
    package var missingStrings: [Diagnostic] = []
    /// A storyboard whose static table is the document's sections (absolute path), the scene
    /// that shows it, and values that override its cells', by cell id.
    public var storyboard: String?
    /// The storyboard scene it renders, for a storyboard's static table.
    public var scene: String?
    package var overrides: [String: Value.Object] = [:]
    /// Whether the document sets its style (else a storyboard's table gives it).
    package var styleGiven = true

    package init(file: String, name: String, directory: String, table: Table, theme: String? = nil, width: Double? = nil,
                page: PageSize? = nil, language: String = "en", templateFolders: [String] = [], assetsFolder: String? = nil,
                locations: DocumentLocations = DocumentLocations()) {
        self.language = language
        self.file = file
        self.name = name
        self.directory = directory
        self.table = table
        self.theme = theme
        self.width = width
        self.page = page
        self.templateFolders = templateFolders
        self.assetsFolder = assetsFolder ?? directory
        self.locations = locations
    }

    /// Where the document names its theme.
    package var themeLocation: SourceLocation {
        SourceLocation(file: file, line: locations.theme.map { Int($0.line) }, column: locations.theme.map { Int($0.column) }, path: "$.theme")
    }

    /// The location of a section, item, header or footer, with its JSON path.
    package func location(of path: ModelPath) -> SourceLocation {
        let position = locations[path]
        return SourceLocation(file: file, line: position.map { Int($0.line) }, column: position.map { Int($0.column) }, path: path.jsonPath)
    }
}

/// Where the sections and items of a document stood in its file: two numbers each, so that a
/// document of a million items keeps its locations in a few megabytes.
package struct DocumentLocations: Sendable {
    package struct Position: Sendable, Hashable {
        package var line: Int32
        package var column: Int32
    }

    private var sections: [Position?] = []
    private var items: [[Position]] = []
    /// Where the document names its theme.
    package internal(set) var theme: Position?

    package init() {}

    package subscript(path: ModelPath) -> Position? {
        switch path {
        case .section(let section), .header(let section), .footer(let section):
            return section < sections.count ? sections[section] : nil
        case .item(let section, let item):
            return section < items.count && item < items[section].count ? items[section][item] : nil
        }
    }

    mutating func add(section: Int, line: Int, column: Int) {
        while sections.count <= section { sections.append(nil) }
        sections[section] = Position(line: Int32(line), column: Int32(column))
        while items.count <= section { items.append([]) }
    }

    mutating func add(item: Int, section: Int, line: Int, column: Int) {
        while items.count <= section { items.append([]) }
        if items[section].count == item { items[section].append(Position(line: Int32(line), column: Int32(column))) }
    }
}

/// A place in the table model: a section, or an item, header or footer of a section.
public enum ModelPath: Sendable, Hashable, CustomStringConvertible {
    case section(Int)
    case item(section: Int, item: Int)
    case header(section: Int)
    case footer(section: Int)

    /// The path as JSONPath: `$.sections[0].items[3].values.detail`.
    public var jsonPath: String {
        switch self {
        case .section(let s): return "$.sections[\(s)]"
        case .item(let s, let i): return "$.sections[\(s)].items[\(i)]"
        case .header(let s): return "$.sections[\(s)].header"
        case .footer(let s): return "$.sections[\(s)].footer"
        }
    }

    /// Its JSON path.
    public var description: String { jsonPath }
}

/// Reads and checks a JSON document; every error names the file, line:column and JSON path.
package enum DocumentDecoder {
    package static let maximumFileSize = 64 << 20

    /// Reads `file` from disk. A missing file is `.missingFile` (exit 66).
    /// `locale` replaces the document's `lang`: its page's language and its localized values'.
    package static func load(file: String, locale: String? = nil) throws(Diagnostic) -> Document {
        let url = URL(fileURLWithPath: file)
        let bytes = try InputFile.read(file, limit: maximumFileSize, what: "document")
        let directory = url.deletingLastPathComponent().standardizedFileURL.path
        return try decode(bytes, file: file, directory: directory, locale: locale)
    }

    /// Decodes document bytes; `directory` anchors its relative folders.
    package static func decode(_ bytes: [UInt8], file: String, directory: String, locale: String? = nil) throws(Diagnostic) -> Document {
        if let problem = InputFile.wrongEncoding(bytes) { throw Diagnostic(at: SourceLocation(file: file, line: 1, column: 1), problem) }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes, deferring: [["sections", "[]", "items"]])
        } catch {
            throw Diagnostic(at: SourceLocation(file: file, line: error.line, column: error.column), "invalid JSON: \(error.message)")
        }
        var reader = Reader(file: file)
        let object = try reader.object(root, path: "$", known: ["title", "lang", "theme", "style", "width", "page", "templates", "assets", "sections",
                                                               "storyboard", "scene", "overrides", "strings"])
        let documentLanguage = try reader.optionalString(object, "lang", path: "$")
        let language = locale ?? documentLanguage ?? "en"
        guard LanguageTag.isValid(language) else {
            throw Diagnostic(at: object["lang"].map { reader.location($0, "$.lang") } ?? SourceLocation(file: file),
                             "expected a language tag such as \"en\" or \"pt-BR\", found '\(language)'")
        }
        var stringsFolder = directory
        if let node = object["strings"] {
            guard case .string(let relative) = node.kind else { throw reader.typeError(node, "$.strings", expected: "a folder path") }
            stringsFolder = try reader.folder(relative, node: node, path: "$.strings", directory: directory)
        }
        reader.localizer = Localizer(strings: LocalizedStrings(folder: stringsFolder, language: language))
        let title = try reader.optionalText(object, "title", path: "$")
        let theme = try reader.optionalString(object, "theme", path: "$")
        if let node = object["theme"] { reader.locations.theme = .init(line: Int32(node.line), column: Int32(node.column)) }
        let style: TableStyle = try reader.optionalEnum(object, "style", path: "$") ?? .plain
        let width = try reader.optionalNumber(object, "width", path: "$", range: 1...10_000)
        let page: PageSize? = try reader.optionalEnum(object, "page", path: "$")

        let (templateFolders, assets) = try Self.folders(object, directory: directory, reader: &reader)

        // A static table of a storyboard as the starting point: its cells' values overridden by id.
        if let node = object["storyboard"] {
            var document = Document(file: file, name: URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent, directory: directory,
                                    table: Table(title: title, style: style, sections: []), theme: theme, width: width, page: page, language: language,
                                    templateFolders: templateFolders, assetsFolder: assets, locations: reader.locations)
            try Self.readStoryboard(node, of: object, directory: directory, into: &document, reader: &reader)
            return document
        }
        for key in ["scene", "overrides"] where object[key] != nil {
            throw Diagnostic(at: reader.location(object[key]!, "$.\(key)"), "'\(key)' applies to a storyboard's static table; name the storyboard with \"storyboard\"")
        }
        guard let sectionsNode = object["sections"] else {
            throw Diagnostic(at: reader.location(root, "$"), "missing key 'sections' (an array of sections)")
        }
        guard case .array(let sectionNodes) = sectionsNode.kind else {
            throw reader.typeError(sectionsNode, "$.sections", expected: "an array of sections")
        }
        var sections: [Section] = []
        var sectionIDs = Set<String>()
        var stateCount = 0
        for (sectionIndex, sectionNode) in sectionNodes.enumerated() {
            let path = "$.sections[\(sectionIndex)]"
            reader.locations.add(section: sectionIndex, line: sectionNode.line, column: sectionNode.column)
            let section = try reader.object(sectionNode, path: path, known: ["id", "header", "footer", "items", "states", "initialState"])
            let id = try reader.optionalString(section, "id", path: path) ?? "section-\(sectionIndex)"
            guard sectionIDs.insert(id).inserted else {
                throw Diagnostic(at: reader.location(section["id"] ?? sectionNode, path + ".id"), "duplicate section id '\(id)'")
            }
            let header = try reader.supplementary(section["header"], path: path + ".header", model: .header(section: sectionIndex))
            let footer = try reader.supplementary(section["footer"], path: path + ".footer", model: .footer(section: sectionIndex))
            let items = try Self.items(section["items"], bytes: bytes, path: path, section: sectionIndex, sectionID: id, reader: &reader)
            var states: SectionStates?
            if let statesNode = section["states"] {
                // The section's id and its states' names name the files of its scenes.
                if let problem = Self.fileNameProblem(id) {
                    throw Diagnostic(at: reader.location(section["id"] ?? sectionNode, path + ".id"), "section id '\(Suggestions.shortened(id))' of a section with states \(problem)")
                }
                states = try reader.states(statesNode, initial: section["initialState"], items: items, section: id, path: path)
                // Each state other than the initial one is a scene: the whole table laid out
                // and drawn again.
                stateCount += (states?.names.count ?? 1) - 1
                guard stateCount < Self.maximumScenes else {
                    throw Diagnostic(at: reader.location(statesNode, path + ".states"),
                                     "the document's sections have \(stateCount) states besides their initial ones up to here; a document has at most \(Self.maximumScenes - 1) (each is the whole table laid out and drawn again)")
                }
            } else if let initial = section["initialState"] {
                throw Diagnostic(at: reader.location(initial, path + ".initialState"), "'initialState' needs 'states'")
            }
            let shown = states.flatMap { $0.items[$0.initial] } ?? items
            sections.append(Section(id: id, header: header, footer: footer, items: shown, states: states))
        }
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        if let problem = fileNameProblem(name) ?? (name.hasPrefix(".") ? "cannot start with '.' (its output files would be hidden)" : nil) {
            throw Diagnostic(at: SourceLocation(file: file), "the document's name '\(name)' names its output folder, and \(problem)")
        }
        var document = Document(file: file, name: name, directory: directory, table: Table(title: title, style: style, sections: sections),
                                theme: theme, width: width, page: page, language: language, templateFolders: templateFolders, assetsFolder: assets,
                                locations: reader.locations)
        document.missingStrings = reader.localizer?.missing ?? []
        return document
    }
}

extension DocumentDecoder {
    /// The folders a document names for its templates (`templates`, in order) and its images
    /// (`assets`, else its own folder).
    static func folders(_ object: Reader.Fields, directory: String, reader: inout Reader) throws(Diagnostic) -> (templates: [String], assets: String) {
        var templateFolders: [String] = []
        if let node = object["templates"] {
            guard case .array(let folders) = node.kind else { throw reader.typeError(node, "$.templates", expected: "an array of folder paths") }
            for (index, folder) in folders.enumerated() {
                let path = "$.templates[\(index)]"
                guard case .string(let relative) = folder.kind else { throw reader.typeError(folder, path, expected: "a folder path") }
                templateFolders.append(try reader.folder(relative, node: folder, path: path, directory: directory))
            }
        }
        var assets = directory
        if let node = object["assets"] {
            guard case .string(let relative) = node.kind else { throw reader.typeError(node, "$.assets", expected: "a folder path") }
            assets = try reader.folder(relative, node: node, path: "$.assets", directory: directory)
        }
        return (templateFolders, assets)
    }

    /// A document whose sections are a storyboard's static table: its path, scene and the
    /// values that override its cells' by id.
    static func readStoryboard(_ node: JSONNode, of object: Reader.Fields, directory: String, into document: inout Document,
                               reader: inout Reader) throws(Diagnostic) {
        guard case .string(let relative) = node.kind else { throw reader.typeError(node, "$.storyboard", expected: "a storyboard's path") }
        guard object["sections"] == nil else {
            throw Diagnostic(at: reader.location(object["sections"]!, "$.sections"), "a document takes its sections from its storyboard's static table or from 'sections', not both")
        }
        let path: String
        do throws(SafePath.Failure) { path = try SafePath.resolve(relative, inside: directory) } catch {
            throw Diagnostic(error.kind, at: reader.location(node, "$.storyboard"), error.message)
        }
        var overrides: [String: Value.Object] = [:]
        if let overridesNode = object["overrides"] {
            guard case .object(let cells) = overridesNode.kind else { throw reader.typeError(overridesNode, "$.overrides", expected: "an object of values by cell id") }
            for (id, valuesNode) in cells { overrides[id] = try reader.values(valuesNode, path: "$.overrides.\(id)") }
        }
        document.storyboard = path
        document.scene = try reader.optionalString(object, "scene", path: "$")
        document.overrides = overrides
        document.styleGiven = object["style"] != nil
        document.missingStrings = reader.localizer?.missing ?? []
        document.locations = reader.locations
    }

    /// A section's items: checked as JSON with the document, parsed one at a time as they are read.
    static func items(_ itemsNode: JSONNode?, bytes: [UInt8], path: String, section sectionIndex: Int, sectionID id: String,
                      reader: inout Reader) throws(Diagnostic) -> [Item] {
        guard let itemsNode else { return [] }
        guard case .elements(let elements) = itemsNode.kind else { throw reader.typeError(itemsNode, path + ".items", expected: "an array of items") }
        var items: [Item] = []
        var itemIDs = Set<String>()
        items.reserveCapacity(elements.count)
        for (itemIndex, element) in elements.enumerated() {
            let itemPath = "\(path).items[\(itemIndex)]"
            let itemNode: JSONNode
            do {
                itemNode = try JSONParser.parse(bytes, element: element, depth: 4)
            } catch {
                throw Diagnostic(at: SourceLocation(file: reader.file, line: error.line, column: error.column), "invalid JSON: \(error.message)")
            }
            reader.locations.add(item: itemIndex, section: sectionIndex, line: itemNode.line, column: itemNode.column)
            let item = try reader.item(itemNode, path: itemPath, index: itemIndex)
            guard itemIDs.insert(item.id).inserted else {
                throw Diagnostic(at: reader.location(itemNode, itemPath + ".id"), "duplicate item id '\(item.id)' in section '\(id)'")
            }
            items.append(item)
        }
        return items
    }
}

extension DocumentDecoder {
    /// The most scenes of a document: its initial one and the states of its sections besides
    /// their initial ones.
    package static let maximumScenes = 25

    /// Why `text` cannot be part of an output file's name, or nil: it must not be empty, hold
    /// a path separator or a control character, be `.` or `..`, or be longer than 100 bytes.
    static func fileNameProblem(_ text: String) -> String? {
        if text.isEmpty { return "must not be empty (it is part of output file names)" }
        if text == "." || text == ".." { return "cannot be '\(text)' (it is part of output file names)" }
        if text.contains("/") || text.contains("\\") { return "cannot hold '/' or '\\' (it is part of output file names)" }
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return "cannot hold control characters (it is part of output file names)" }
        if text.utf8.count > 100 { return "is longer than 100 bytes (it is part of output file names)" }
        return nil
    }
}

/// The checks shared by every field of a document.
struct Reader {
    let file: String
    var locations = DocumentLocations()
    /// Resolves `{"localized": …}` values in the document's language.
    var localizer: Localizer?

    init(file: String) { self.file = file }

    func location(_ node: JSONNode, _ path: String) -> SourceLocation {
        SourceLocation(file: file, line: node.line, column: node.column, path: path)
    }

    func typeError(_ node: JSONNode, _ path: String, expected: String) -> Diagnostic {
        Diagnostic(at: location(node, path), "expected \(expected), found \(node.typeName)")
    }

    func object(_ node: JSONNode, path: String, known: [String]) throws(Diagnostic) -> Fields {
        guard case .object(let entries) = node.kind else { throw typeError(node, path, expected: "an object") }
        for entry in entries where !known.contains(entry.key) {
            throw Diagnostic(at: location(entry.value, "\(path).\(entry.key)"), Suggestions.unknown("key", entry.key, known: known))
        }
        return Fields(entries: entries)
    }

    /// The keys of a document object: a handful each, found faster by looking than by hashing.
    struct Fields {
        var entries: [(key: String, value: JSONNode)]

        subscript(key: String) -> JSONNode? {
            for entry in entries where entry.key == key { return entry.value }
            return nil
        }
    }

    func optionalString(_ object: Fields, _ key: String, path: String) throws(Diagnostic) -> String? {
        guard let node = object[key] else { return nil }
        guard case .string(let string) = node.kind else { throw typeError(node, "\(path).\(key)", expected: "a string") }
        try checkText(string, node: node, path: "\(path).\(key)")
        return string
    }

    func optionalNumber(_ object: Fields, _ key: String, path: String, range: ClosedRange<Double>) throws(Diagnostic) -> Double? {
        guard let node = object[key] else { return nil }
        guard case .number(let number) = node.kind else { throw typeError(node, "\(path).\(key)", expected: "a number") }
        guard range.contains(number) else {
            throw Diagnostic(at: location(node, "\(path).\(key)"), "expected a number from \(format(range.lowerBound)) to \(format(range.upperBound)), found \(format(number))")
        }
        return number
    }

    func optionalEnum<E: RawRepresentable & CaseIterable>(_ object: Fields, _ key: String, path: String) throws(Diagnostic) -> E? where E.RawValue == String {
        guard let string = try optionalString(object, key, path: path) else { return nil }
        guard let value = E(rawValue: string) else {
            let node = object[key]!
            throw Diagnostic(at: location(node, "\(path).\(key)"), Suggestions.unknown(key, string, known: E.allCases.map(\.rawValue)))
        }
        return value
    }

    /// A folder named relative to the document, which must stay inside the document's folder.
    func folder(_ relative: String, node: JSONNode, path: String, directory: String) throws(Diagnostic) -> String {
        do {
            return try SafePath.resolve(relative, inside: directory, mustBeDirectory: true)
        } catch {
            throw Diagnostic(error.kind, at: location(node, path), error.message)
        }
    }

    /// Refuses control characters other than tab, newline and carriage return (text from Windows
    /// ends its lines with "\r\n"), which no renderer can show.
    func checkText(_ text: String, node: JSONNode, path: @autoclosure () -> String) throws(Diagnostic) {
        if let bad = text.unicodeScalars.first(where: Self.isControl) {
            throw Diagnostic(at: location(node, path()), "control character U+\(String(format: "%04X", bad.value)) in text")
        }
    }

    func checkValues(_ node: JSONNode, path: @autoclosure () -> String) throws(Diagnostic) {
        // Paths are spelled out only to name a bad value.
        if Self.textsAreClean(node) { return }
        try checkValues(node, spelledPath: path())
    }

    static func textsAreClean(_ node: JSONNode) -> Bool {
        switch node.kind {
        case .string(let string): return !hasControl(string)
        case .array(let elements): return elements.allSatisfy(textsAreClean)
        case .object(let entries): return entries.allSatisfy { textsAreClean($0.value) }
        default: return true
        }
    }

    /// Whether `string` holds a character that `isControl`, found in its UTF-8 bytes: one below
    /// 0x20 but a line feed, tab or carriage return, 0x7F, or U+0080 to U+009F (0xC2, which only
    /// ever starts a character, then 0x80 to 0x9F). Every value of a document is checked so.
    static func hasControl(_ string: String) -> Bool {
        var string = string
        return string.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x20 ? byte != 0x0A && byte != 0x09 && byte != 0x0D
                    : byte == 0x7F || (byte == 0xC2 && index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1])) {
                    return true
                }
                index += 1
            }
            return false
        }
    }

    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r") || (0x7F...0x9F).contains(scalar.value)
    }

    private func checkValues(_ node: JSONNode, spelledPath path: String) throws(Diagnostic) {
        switch node.kind {
        case .string(let string): try checkText(string, node: node, path: path)
        case .array(let elements): for (index, element) in elements.enumerated() { try checkValues(element, spelledPath: "\(path)[\(index)]") }
        case .object(let entries): for entry in entries { try checkValues(entry.value, spelledPath: "\(path).\(entry.key)") }
        default: break
        }
    }

    func values(_ node: JSONNode?, path: String) throws(Diagnostic) -> Value.Object {
        guard let node else { return [:] }
        guard case .object = node.kind else { throw typeError(node, path, expected: "an object of values") }
        try checkValues(node, path: path)
        guard case .object(let object) = node.value else { return [:] }
        guard let localizer, Localizer.holdsLocalized(node), case .object(let fields) = node.kind else { return object }
        // Each value on its own: the values object itself is never one localized text.
        var resolved = Value.Object()
        for field in fields { resolved[field.key] = try localizer.resolve(field.value, path: path + "." + field.key, reader: self) }
        return resolved
    }

    /// A text field that may also be localized (`{"localized": "key"}`).
    func optionalText(_ object: Fields, _ key: String, path: String) throws(Diagnostic) -> String? {
        if let node = object[key], case .object(let fields) = node.kind, let localizer {
            guard fields.contains(where: { $0.key == "localized" }) else {
                throw typeError(node, path + "." + key, expected: "a string or {\"localized\": \"key\"}")
            }
            return try localizer.resolve(node, path: path + "." + key, reader: self).text
        }
        return try optionalString(object, key, path: path)
    }

    func height(_ object: Fields, path: String, defaultEstimate: Double) throws(Diagnostic) -> Height {
        let estimate = try optionalNumber(object, "estimatedHeight", path: path, range: 0...100_000) ?? defaultEstimate
        guard let node = object["height"] else { return .automatic(estimate: estimate) }
        switch node.kind {
        case .string("auto"), .string("automatic"): return .automatic(estimate: estimate)
        case .number:
            return .fixed(try optionalNumber(object, "height", path: path, range: 0...100_000) ?? estimate)
        default:
            throw typeError(node, path + ".height", expected: "a number or \"auto\"")
        }
    }

    func supplementary(_ node: JSONNode?, path: String, model: ModelPath) throws(Diagnostic) -> Supplementary? {
        guard let node else { return nil }
        if case .string(let title) = node.kind {
            try checkText(title, node: node, path: path)
            return .title(title)
        }
        if case .object(let fields) = node.kind, fields.contains(where: { $0.key == "localized" }), let localizer {
            return .title(try localizer.resolve(node, path: path, reader: self).text ?? "")
        }
        let object = try self.object(node, path: path, known: ["template", "values", "height", "estimatedHeight"])
        guard let template = try optionalString(object, "template", path: path) else {
            throw Diagnostic(at: location(node, path), "expected a title string or an object with a 'template'")
        }
        let values = try values(object["values"], path: path + ".values")
        return .view(template: template, values: values, height: try height(object, path: path, defaultEstimate: 28))
    }

    /// `"states": {"folded": ["first", "data"], "unfolded": ["first", {"id": "data", "values": {…}}]}`:
    /// each state lists the section's item ids in order; an entry may override the item's values
    /// in that state (which the changeset reports as an update).
    func states(_ node: JSONNode, initial: JSONNode?, items: [Item], section: String, path: String) throws(Diagnostic) -> SectionStates {
        guard case .object(let entries) = node.kind, !entries.isEmpty else {
            throw typeError(node, path + ".states", expected: "an object of named states, each an array of item ids")
        }
        let byID = Dictionary(items.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var names: [String] = []
        var lists: [String: [Item]] = [:]
        for entry in entries {
            let statePath = "\(path).states.\(entry.key)"
            if let problem = DocumentDecoder.fileNameProblem(entry.key) {
                throw Diagnostic(at: location(entry.value, statePath), "state name '\(Suggestions.shortened(entry.key))' \(problem)")
            }
            guard case .array(let elements) = entry.value.kind else { throw typeError(entry.value, statePath, expected: "an array of item ids") }
            var list: [Item] = []
            var seen = Set<String>()
            for (index, element) in elements.enumerated() {
                let elementPath = "\(statePath)[\(index)]"
                var id: String
                var overrides: Value.Object?
                switch element.kind {
                case .string(let text):
                    id = text
                case .object:
                    let object = try self.object(element, path: elementPath, known: ["id", "values"])
                    guard let text = try optionalString(object, "id", path: elementPath) else {
                        throw Diagnostic(at: location(element, elementPath), "missing key 'id' (the item shown)")
                    }
                    id = text
                    overrides = try values(object["values"], path: elementPath + ".values")
                default:
                    throw typeError(element, elementPath, expected: "an item id or {\"id\": …, \"values\": {…}}")
                }
                guard var item = byID[id] else {
                    throw Diagnostic(at: location(element, elementPath), Suggestions.unknown("item id", id, known: items.map(\.id)) + " in section '\(section)'")
                }
                guard seen.insert(id).inserted else {
                    throw Diagnostic(at: location(element, elementPath), "duplicate item id '\(id)' in state '\(entry.key)' of section '\(section)'")
                }
                if let overrides { for member in overrides { item.values[member.key] = member.value } }
                list.append(item)
            }
            names.append(entry.key)
            lists[entry.key] = list
        }
        var initialState = names[0]
        if let initial {
            guard case .string(let name) = initial.kind else { throw typeError(initial, path + ".initialState", expected: "a state name") }
            guard lists[name] != nil else {
                throw Diagnostic(at: location(initial, path + ".initialState"), Suggestions.unknown("state", name, known: names))
            }
            initialState = name
        }
        return SectionStates(names: names, items: lists, initial: initialState)
    }

    func item(_ node: JSONNode, path: String, index: Int) throws(Diagnostic) -> Item {
        let object = try self.object(node, path: path, known: ["id", "template", "values", "height", "estimatedHeight", "link", "accessibility"])
        let id = try optionalString(object, "id", path: path) ?? "item-\(index)"
        let template = try optionalString(object, "template", path: path) ?? "basic"
        let link = try optionalString(object, "link", path: path)
        if let link, let problem = LinkPolicy.problem(link) {
            throw Diagnostic(at: location(object["link"]!, path + ".link"), problem)
        }
        return Item(id: id, template: template, values: try values(object["values"], path: path + ".values"),
                    height: try height(object, path: path, defaultEstimate: 44), link: link,
                    accessibility: try object["accessibility"].map { node throws(Diagnostic) in try accessibility(node, path: path + ".accessibility") })
    }

    /// `{"label": "…", "value": "…", "hint": "…", "identifier": "…", "traits": ["button"], "hidden": true}`.
    func accessibility(_ node: JSONNode, path: String) throws(Diagnostic) -> ItemAccessibility {
        let object = try self.object(node, path: path, known: ["label", "value", "hint", "identifier", "traits", "hidden"])
        var result = ItemAccessibility(label: try optionalString(object, "label", path: path), value: try optionalString(object, "value", path: path),
                                       hint: try optionalString(object, "hint", path: path), identifier: try optionalString(object, "identifier", path: path))
        if let hidden = object["hidden"] {
            guard case .bool(let flag) = hidden.kind else { throw typeError(hidden, path + ".hidden", expected: "true or false") }
            result.hidden = flag
        }
        if let traits = object["traits"] {
            guard case .array(let entries) = traits.kind else { throw typeError(traits, path + ".traits", expected: "an array of trait names") }
            var names: [String] = []
            for (index, entry) in entries.enumerated() {
                guard case .string(let name) = entry.kind else { throw typeError(entry, "\(path).traits[\(index)]", expected: "a trait name") }
                guard ItemAccessibility.traitNames.contains(name) else {
                    throw Diagnostic(at: location(entry, "\(path).traits[\(index)]"), Suggestions.unknown("trait", name, known: ItemAccessibility.traitNames))
                }
                if !names.contains(name) { names.append(name) }
            }
            result.traits = names
        }
        return result
    }
}

func format(_ number: Double) -> String {
    number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
}

/// Which links may appear in outputs: `http`, `https`, `mailto` and relative references.
/// `javascript:`, `data:`, `file:` and every other scheme are refused.
package enum LinkPolicy {
    package static let schemes = ["http", "https", "mailto"]

    /// nil when the link is acceptable, else why not.
    package static func problem(_ link: String) -> String? {
        if link.isEmpty { return "empty link" }
        if link.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F }) {
            return "link contains spaces or control characters; percent-encode them"
        }
        // "//host/path" is a link to another host with the page's scheme, and browsers read "\\"
        // as "/": neither is a relative link.
        if link.hasPrefix("//") { return "link '\(Suggestions.shortened(link))' names another host without a scheme; write it with https:" }
        if link.contains("\\") { return "backslashes are not allowed in links; use '/'" }
        // A scheme is what stands before the first ':' when no '/', '?' or '#' comes first.
        if let colon = link.firstIndex(of: ":"), !link[..<colon].contains(where: { "/?#".contains($0) }) {
            let scheme = link[..<colon].lowercased()
            if !schemes.contains(scheme) {
                return "link scheme '\(scheme):' is not allowed; use \(schemes.map { $0 + ":" }.joined(separator: ", ")) or a relative link"
            }
        }
        return nil
    }
}

/// Replaces a document's `{"localized": "key", "count": 3, "args": […], "table": "Settings"}`
/// values with their text in the document's language, while the document is read; a key the
/// strings lack becomes `⟦key⟧` and is recorded.
final class Localizer {
    let strings: LocalizedStrings
    var missing: [Diagnostic] = []

    init(strings: LocalizedStrings) { self.strings = strings }

    static let keys = ["localized", "count", "args", "table"]

    /// Whether a JSON object holds a localized value anywhere (most documents have none).
    static func holdsLocalized(_ node: JSONNode) -> Bool {
        switch node.kind {
        case .object(let fields): return fields.contains { $0.key == "localized" || holdsLocalized($0.value) }
        case .array(let elements): return elements.contains(where: holdsLocalized)
        default: return false
        }
    }

    /// `node` with each localized value replaced by its text.
    func resolve(_ node: JSONNode, path: String, reader: Reader) throws(Diagnostic) -> Value {
        switch node.kind {
        case .object(let fields) where fields.contains(where: { $0.key == "localized" }):
            return .string(try text(node, fields: fields, path: path, reader: reader))
        case .object(let fields):
            var object = Value.Object()
            for field in fields { object[field.key] = try resolve(field.value, path: path + "." + field.key, reader: reader) }
            return .object(object)
        case .array(let elements):
            var values: [Value] = []
            for (index, element) in elements.enumerated() { values.append(try resolve(element, path: "\(path)[\(index)]", reader: reader)) }
            return .array(values)
        default:
            return node.value
        }
    }

    private func text(_ node: JSONNode, fields: [(key: String, value: JSONNode)], path: String, reader: Reader) throws(Diagnostic) -> String {
        let object = try reader.object(node, path: path, known: Self.keys)
        guard let key = try reader.optionalString(object, "localized", path: path), !key.isEmpty else {
            throw reader.typeError(object["localized"]!, path + ".localized", expected: "a key of the strings")
        }
        let table = try reader.optionalString(object, "table", path: path) ?? "Localizable"
        let count = try reader.optionalNumber(object, "count", path: path, range: -1e15...1e15)
        var args: [Value] = []
        if let argsNode = object["args"] {
            guard case .array(let elements) = argsNode.kind else { throw reader.typeError(argsNode, path + ".args", expected: "an array of texts and numbers") }
            for (index, element) in elements.enumerated() {
                switch element.kind {
                case .string, .number: args.append(element.value)
                default: throw reader.typeError(element, "\(path).args[\(index)]", expected: "a text or a number")
                }
            }
        }
        if let found = try strings.text(key, table: table, count: count, args: args) { return found }
        let place = reader.location(object["localized"]!, path + ".localized")
        missing.append(Diagnostic(at: place, "no string '\(JSONText.string(key).dropFirst().dropLast())' in table '\(table)' for '\(strings.language)' (looked in \(strings.candidates.map { $0 + ".lproj" }.joined(separator: ", ")) and \(table).xcstrings of \(strings.folder))"))
        return "⟦\(key)⟧"
    }
}
