import Foundation
import Synchronization
import TableModel

/// Every template a document can use: its own folders first, then the theme's, by file name. A
/// template is read and parsed when it is first used, so a bad file in a folder only stops the
/// documents that use it, and a folder of many templates costs nothing until they are used.
public struct TemplateLibrary: Sendable {
    package let theme: Theme
    /// Each template's file, by id; a document's folders override the theme's.
    private let files: [String: String]
    /// Storyboards of the folders by file name without `.storyboard`: their prototype cells are
    /// templates `Name/Identifier` (or `Identifier` alone when no other storyboard has it).
    private let storyboards: [String: String]
    /// Templates made elsewhere (a static table's custom cells), by id.
    private let extra: [String: Template]
    /// Asset catalogs whose image sets views find by name.
    package let catalogs: [AssetCatalog]
    /// Folders an Interface Builder file's own fonts are looked for in, and below (`FontFiles`),
    /// besides the file's own folder (its parent too, for a `.lproj`'s) and `--allow-read`'s.
    package let fontFolders: [String]
    private let parsed: ParsedTemplates

    /// Lists the `*.xml` files of the folders (earlier folders override later ones by id). Only
    /// regular files inside their folder count: a file that is a link out of it is refused when
    /// used.
    package init(theme: Theme, folders: [String], extra: [String: Template] = [:], catalogs: [AssetCatalog] = [],
                 fontFolders: [String] = []) throws(Diagnostic) {
        self.theme = theme
        self.catalogs = catalogs
        self.fontFolders = fontFolders
        self.extra = extra.mapValues { Self.findingFonts($0, besides: fontFolders) }
        var files: [String: String] = [:]
        var storyboards: [String: String] = [:]
        for folder in theme.templateFolders + folders.reversed() {
            var here: [String: String] = [:]
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
            for entry in entries where entry.hasSuffix(".storyboard") {
                storyboards[String(entry.dropLast(11))] = folder + "/" + entry
            }
            for entry in entries where entry.hasSuffix(".xml") || entry.hasSuffix(".xib") {
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
        self.storyboards = storyboards
        parsed = ParsedTemplates()
    }

    /// The ids of every template file (prototype cells of storyboards are found when named).
    package var names: [String] { files.keys.sorted() }

    /// A storyboard read once, shared by every thread.
    package func storyboard(_ path: String) throws(Diagnostic) -> IBStoryboard {
        if let known = parsed.storyboard(path) { return try known.get() }
        let outcome = Result { () throws(Diagnostic) -> IBStoryboard in try Self.readStoryboard(path) }
        parsed.remember(outcome, storyboard: path)
        return try outcome.get()
    }

    /// Reads a storyboard: a regular file inside its folder (a link out of it is refused), at
    /// most `IBReader.maximumSize`.
    package static func readStoryboard(_ path: String) throws(Diagnostic) -> IBStoryboard {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        do throws(SafePath.Failure) {
            _ = try SafePath.resolve(URL(fileURLWithPath: path).lastPathComponent, inside: folder, folder: "the template folder")
        } catch {
            throw Diagnostic(error.kind, at: SourceLocation(file: path), "storyboard: " + error.message)
        }
        // A storyboard is read once while it is unchanged (`check` binds each of its static
        // scenes as a document: a thousand scenes read a thousand times took minutes).
        var status = stat()
        let key = stat(path, &status) == 0
            ? "\(path)\u{0}\(status.st_dev):\(status.st_ino):\(status.st_size):\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)" : nil
        if let key, let known = readStoryboards.withLock({ $0[key] }) { return try known.get() }
        let outcome = Result { () throws(Diagnostic) -> IBStoryboard in
            try IBReader.readStoryboard(file: path, bytes: try InputFile.read(path, limit: IBReader.maximumSize, what: "storyboard"))
        }
        if let key {
            readStoryboards.withLock { known in
                if known.count >= 8 { known.removeAll() }
                known[key] = outcome
            }
        }
        return try outcome.get()
    }

    /// Storyboards read, by path and the file's identity, size and modification time.
    private static let readStoryboards = Mutex([String: Result<IBStoryboard, Diagnostic>]())

    /// A prototype cell named `Storyboard/Identifier` (`Storyboard/Scene/Identifier` when two
    /// table views of the storyboard have the identifier), or `Identifier` when one storyboard of
    /// the folders has it; nil when none does.
    private func prototype(_ id: String, at location: SourceLocation?) throws(Diagnostic) -> Template? {
        if let known = parsed.result(for: id) { return try known.get() }
        var found: [(name: String, file: String, document: IBDocument)] = []
        let parts = id.split(separator: "/", maxSplits: 1).map(String.init)
        if parts.count == 2, let path = storyboards[parts[0]] {
            let all = try storyboard(path).prototypes
            if let match = all.first(where: { $0.templateID(in: parts[0]) == id }) {
                found.append((id, path, match.document))
            } else {
                // `Storyboard/Identifier` of an identifier several scenes have: each by its scene.
                found += all.filter { $0.identifier == parts[1] }.map { ($0.templateID(in: parts[0]), path, $0.document) }
            }
        } else if parts.count == 1 {
            for name in storyboards.keys.sorted() {
                let path = storyboards[name]!
                found += try storyboard(path).prototypes.filter { $0.identifier == id }.map { ($0.templateID(in: name), path, $0.document) }
            }
        }
        guard let document = found.first?.document else { return nil }
        guard found.count == 1 else {
            var files: [String] = []
            for file in found.map({ URL(fileURLWithPath: $0.file).lastPathComponent }) where !files.contains(file) { files.append(file) }
            throw Diagnostic(at: location, "prototype cell '\(id)' is in \(found.count) table views of \(files.joined(separator: " and ")); name one as \(found.map { "'\($0.name)'" }.joined(separator: " or "))")
        }
        let template = Self.findingFonts(Template(id: id, interfaceBuilder: document), besides: fontFolders)
        parsed.remember(.success(template), for: id)
        return template
    }

    /// The largest template file read.
    package static let maximumFileSize = XMLParser.maximumSize

    /// The template `id` in `role`, parsed on first use. The location is worked out only for an error.
    package func template(_ id: String, role: TemplateRole, at location: @autoclosure () -> SourceLocation?) throws(Diagnostic) -> Template {
        let template: Template
        if let made = extra[id] {
            template = made
        } else if let file = files[id] {
            // At the accessibility text sizes a template may take a form of its own from its
            // folder (`value1~accessibility.xml`), as UIKit's cells change their layout there.
            let accessible = id + "~accessibility"
            let sameFolder = files[accessible].map { URL(fileURLWithPath: $0).deletingLastPathComponent() == URL(fileURLWithPath: file).deletingLastPathComponent() }
            template = try load(theme.contentSize.isAccessibility && sameFolder == true ? accessible : id)
        } else if let prototype = try prototype(id, at: location()) {
            template = prototype
        } else {
            throw Diagnostic(at: location(), Suggestions.unknown("template", id, known: names))
        }
        guard template.serves(role) else {
            throw Diagnostic(at: location(), "template '\(id)' is a <\(template.role.rawValue)>, expected a <\(role.rawValue)>")
        }
        return template
    }

    /// `template` with the app's font files its Interface Builder document names found
    /// (`IBDocument.fontFiles`), once, when the template is made or read.
    package static func findingFonts(_ template: Template, besides folders: [String]) -> Template {
        guard let document = template.interfaceBuilder, !document.customFonts.isEmpty else { return template }
        var template = template
        template.interfaceBuilder?.fontFiles = FontFiles.find(document.customFonts.keys, in: fontSearchFolders(for: document.file, besides: folders))
        return template
    }

    /// Where the fonts an IB file names are looked for: its folder (and the one above a
    /// `.lproj`, an app's resources), `folders` (a library's font folders), `--allow-read`'s.
    static func fontSearchFolders(for file: String, besides folders: [String]) -> [String] {
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let own = folder.pathExtension == "lproj" ? [folder.path, folder.deletingLastPathComponent().path] : [folder.path]
        var result: [String] = []
        for candidate in own + folders + SafePath.allowed where !result.contains(candidate) { result.append(candidate) }
        return result
    }

    /// Every template, each parsed and checked (for `check` and listings); the first bad one is
    /// the error.
    package func all() throws(Diagnostic) -> [Template] {
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
                return Self.findingFonts(Template(id: id, interfaceBuilder: try IBReader.read(file: file, bytes: bytes)
                    .localized(try Self.ibStrings(for: file, locale: theme.locale)).pseudoLocalized(theme.pseudoLocale)), besides: fontFolders)
            }
            let bytes = try InputFile.read(file, limit: Self.maximumFileSize, what: "template")
            let template = try TemplateParser.parse(file: file, bytes: bytes, id: id)
            try Self.check(template, theme: theme)
            return template
        }
        parsed.remember(outcome, for: id)
        return try outcome.get()
    }

    /// The strings of an IB file in `Base.lproj` (or any `.lproj`) for `locale`: the
    /// `<locale>.lproj/<File>.strings` beside its folder, else its base language's; none when
    /// the file is not in a localization folder or has no strings for the locale.
    static func ibStrings(for file: String, locale: String) throws(Diagnostic) -> [String: String] {
        let url = URL(fileURLWithPath: file)
        let folder = url.deletingLastPathComponent()
        guard folder.pathExtension == "lproj" else { return [:] }
        let root = folder.deletingLastPathComponent().path
        let name = url.deletingPathExtension().lastPathComponent + ".strings"
        // A pseudo-locale rewrites the base's texts (or English ones).
        let locale = PseudoLocale(tag: locale) == nil ? locale : "en"
        let base = locale.split(separator: "-").first.map(String.init) ?? locale
        for candidate in [locale, base] where candidate != folder.deletingPathExtension().lastPathComponent {
            let relative = "\(candidate).lproj/\(name)"
            guard FileManager.default.fileExists(atPath: root + "/" + relative) else { continue }
            let path: String
            do throws(SafePath.Failure) { path = try SafePath.resolve(relative, inside: root, folder: "the localization folders") } catch {
                throw Diagnostic(error.kind, at: SourceLocation(file: root + "/" + relative), error.message)
            }
            return try StringsFile.parse(try InputFile.read(path, limit: maximumFileSize, what: "strings file"), file: path)
        }
        return [:]
    }

    /// Checks constant colour and font tokens against the theme.
    package static func check(_ template: Template, theme: Theme) throws(Diagnostic) {
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

    package static func checkToken(_ value: String, kind: AttributeKind, name: String, theme: Theme, location: SourceLocation) throws(Diagnostic) {
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
    private let storyboards = Mutex([String: Result<IBStoryboard, Diagnostic>]())

    func result(for id: String) -> Result<Template, Diagnostic>? { results.withLock { $0[id] } }
    func remember(_ result: Result<Template, Diagnostic>, for id: String) { results.withLock { $0[id] = result } }
    func storyboard(_ path: String) -> Result<IBStoryboard, Diagnostic>? { storyboards.withLock { $0[path] } }
    func remember(_ result: Result<IBStoryboard, Diagnostic>, storyboard path: String) { storyboards.withLock { $0[path] = result } }
}
