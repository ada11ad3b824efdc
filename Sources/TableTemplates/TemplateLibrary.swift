import Foundation
import TableModel

/// Every template a document can use: its own folders first, then the theme's, by file name.
public struct TemplateLibrary: Sendable {
    public private(set) var templates: [String: Template] = [:]
    public let theme: Theme

    /// Reads every `*.xml` of the folders; earlier folders override later ones by id.
    public init(theme: Theme, folders: [String]) throws(Diagnostic) {
        self.theme = theme
        for folder in theme.templateFolders + folders.reversed() {
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
            for entry in entries {
                let file = folder + "/" + entry
                guard let data = FileManager.default.contents(atPath: file) else {
                    throw Diagnostic(.missingFile, at: SourceLocation(file: file), "cannot read template")
                }
                let id = String(entry.dropLast(4))
                let template = try TemplateParser.parse(file: file, bytes: Array(data), id: id)
                try Self.check(template, theme: theme)
                templates[id] = template
            }
        }
    }

    public var names: [String] { templates.keys.sorted() }

    /// The location is worked out only for an error.
    public func template(_ id: String, role: TemplateRole, at location: @autoclosure () -> SourceLocation?) throws(Diagnostic) -> Template {
        guard let template = templates[id] else {
            throw Diagnostic(at: location(), Suggestions.unknown("template", id, known: templates.values.filter { $0.role == role }.map(\.id)))
        }
        guard template.role == role else {
            throw Diagnostic(at: location(), "template '\(id)' is a <\(template.role.rawValue)>, expected a <\(role.rawValue)>")
        }
        return template
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
