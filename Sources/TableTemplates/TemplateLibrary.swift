import Foundation
import Synchronization
import TableModel

/// Every template a document can use: its own folders first, then the theme's, by file name. A
/// template is read and parsed when it is first used, so a bad file in a folder only stops the
/// documents that use it, and a folder of many templates costs nothing until they are used.
public struct TemplateLibrary: Sendable {
    public let theme: Theme
    /// Each template's file, by id; a document's folders override the theme's.
    private let files: [String: String]
    private let parsed: ParsedTemplates

    /// Lists the `*.xml` files of the folders (earlier folders override later ones by id). Only
    /// regular files inside their folder count: a file that is a link out of it is refused when
    /// used.
    public init(theme: Theme, folders: [String]) throws(Diagnostic) {
        self.theme = theme
        var files: [String: String] = [:]
        for folder in theme.templateFolders + folders.reversed() {
            var here: [String: String] = [:]
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            where entry.hasSuffix(".xml") || entry.hasSuffix(".xib") {
                let id = String(entry.dropLast(4))
                if let other = here[id] {
                    throw Diagnostic(at: SourceLocation(file: folder + "/" + entry),
                                     "template '\(id)' is both \(URL(fileURLWithPath: other).lastPathComponent) and \(entry) in \(folder); keep one")
                }
                here[id] = folder + "/" + entry
            }
            files.merge(here) { _, new in new }
        }
        self.files = files
        parsed = ParsedTemplates()
    }

    /// The ids of every template file.
    public var names: [String] { files.keys.sorted() }

    /// The largest template file read.
    public static let maximumFileSize = XMLParser.maximumSize

    /// The template `id` in `role`, parsed on first use. The location is worked out only for an error.
    public func template(_ id: String, role: TemplateRole, at location: @autoclosure () -> SourceLocation?) throws(Diagnostic) -> Template {
        guard files[id] != nil else {
            throw Diagnostic(at: location(), Suggestions.unknown("template", id, known: names))
        }
        let template = try load(id)
        guard template.serves(role) else {
            throw Diagnostic(at: location(), "template '\(id)' is a <\(template.role.rawValue)>, expected a <\(role.rawValue)>")
        }
        return template
    }

    /// Every template, each parsed and checked (for `check` and listings); the first bad one is
    /// the error.
    public func all() throws(Diagnostic) -> [Template] {
        var result: [Template] = []
        for name in names { result.append(try load(name)) }
        return result
    }

    private func load(_ id: String) throws(Diagnostic) -> Template {
        if let known = parsed.result(for: id) { return try known.get() }
        let outcome = Result { () throws(Diagnostic) -> Template in
            guard let file = files[id] else { throw Diagnostic(at: nil, Suggestions.unknown("template", id, known: names)) }
            let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
            do throws(SafePath.Failure) {
                _ = try SafePath.resolve(URL(fileURLWithPath: file).lastPathComponent, inside: folder, folder: "the template folder")
            } catch {
                throw Diagnostic(error.kind, at: SourceLocation(file: file), "template: " + error.message)
            }
            if file.hasSuffix(".xib") {
                let bytes = try InputFile.read(file, limit: IBReader.maximumSize, what: "Interface Builder file")
                return Template(id: id, interfaceBuilder: try IBReader.read(file: file, bytes: bytes))
            }
            let bytes = try InputFile.read(file, limit: Self.maximumFileSize, what: "template")
            let template = try TemplateParser.parse(file: file, bytes: bytes, id: id)
            try Self.check(template, theme: theme)
            return template
        }
        parsed.remember(outcome, for: id)
        return try outcome.get()
    }

    /// Checks constant colour and font tokens against the theme.
    public static func check(_ template: Template, theme: Theme) throws(Diagnostic) {
        func visit(_ node: ViewNode) throws(Diagnostic) {
            for spec in Schema.attributes(of: node.kind) {
                guard let constant = node.attributes[spec.name]?.constant else { continue }
                try checkToken(constant, kind: spec.kind, name: spec.name, theme: theme, location: node.location)
            }
            for child in node.children { try visit(child) }
        }
        for spec in Schema.root {
            if let constant = template.attributes[spec.name]?.constant {
                try checkToken(constant, kind: spec.kind, name: spec.name, theme: theme, location: template.location)
            }
        }
        if let content = template.content { try visit(content) }
    }

    public static func checkToken(_ value: String, kind: AttributeKind, name: String, theme: Theme, location: SourceLocation) throws(Diagnostic) {
        switch kind {
        case .color where theme.color(value, .light) == nil:
            let hint = value.hasPrefix("#") ? "invalid colour '\(value)'; expected #RRGGBB or #RRGGBBAA" : Suggestions.unknown("colour token", value, known: Array(theme.colors.keys))
            throw Diagnostic(at: location, "\(name): \(hint)")
        case .font where theme.font(value) == nil:
            throw Diagnostic(at: location, "\(name): " + Suggestions.unknown("font token", value, known: Array(theme.fonts.keys)) + "; or a Pango font such as \"Inter Bold 17\"")
        default:
            break
        }
    }
}

/// Templates parsed so far (or the error each gave), shared by every thread that lays out rows.
final class ParsedTemplates: Sendable {
    private let results = Mutex([String: Result<Template, Diagnostic>]())

    func result(for id: String) -> Result<Template, Diagnostic>? { results.withLock { $0[id] } }
    func remember(_ result: Result<Template, Diagnostic>, for id: String) { results.withLock { $0[id] = result } }
}
