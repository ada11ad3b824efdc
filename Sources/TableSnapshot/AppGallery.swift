import Foundation
import TableCairo
import TableModel
import TableRender
import TableTemplates
import TableText

/// `tablerender gallery <app folder>`: every cell, header and footer XIB, every prototype cell and
/// every static table scene of an app's folder, drawn light and dark with the texts, images and
/// states Interface Builder stored, in one browsable static page, with no JSON written first.
///
/// A file that cannot be read is an entry with its located error. A second run re-renders only
/// the entries whose inputs changed: each entry keeps a hash of its file, of the app's asset
/// catalogs and strings (their names, sizes and modification times), of the width and of
/// tablerender's version, in `gallery.json` beside the page.
package struct AppGallery {
    /// Folders never entered: build products, dependencies, version control.
    package static let skippedFolders: Set<String> = ["build", ".build", "DerivedData", "Pods", "Carthage", ".git", ".svn", ".hg",
                                                      "node_modules", "xcuserdata", ".swiftpm", "fastlane"]
    /// The most Interface Builder files a gallery takes.
    package static let maximumFiles = 2000

    package var folder: String
    package var output: String
    /// More folder or file names (or paths relative to the app's folder) to leave out; `*` and
    /// `?` match as in a shell.
    package var excludes: [String] = []
    package var width: Double = 390
    /// Whether fontconfig may stand in for a font that is not installed (an app's own icon or
    /// brand font), as `render --allow-font-fallback`, where the entry would be an error.
    package var allowsFontFallback = false
    /// What makes the renders (changes re-render every entry).
    package var version: String

    package init(folder: String, output: String, version: String) {
        self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path
        self.output = URL(fileURLWithPath: output).standardizedFileURL.path
        self.version = version
    }

    /// The files of the app that the gallery reads.
    package struct Files: Sendable {
        package var xibs: [String] = []
        package var storyboards: [String] = []
        package var catalogs: [String] = []
        package var strings: [String] = []
    }

    /// One picture of the gallery (or the error that stopped it).
    package struct Entry: Codable, Sendable, Equatable {
        /// Stable: the file's path in the app and what in it (`Cells/ProfileCell.xib`,
        /// `Main.storyboard#Settings`).
        package var id: String
        /// The file's path relative to the app's folder.
        package var file: String
        /// `cell`, `header`, `view`, `prototype`, `scene`, or `file` for a file that could not be read.
        package var kind: String
        package var name: String
        /// The light and dark images, relative to the gallery's folder.
        package var light: String?
        package var dark: String?
        /// Points.
        package var width: Double?
        package var height: Double?
        /// `check`'s warnings and the lint's findings.
        package var findings: [String] = []
        /// The app's font files its IB file names that could not be read, by file name: why.
        package var fontProblems: [String: String]?
        package var error: String?
        /// The command that renders it as a document (its starter document, in `documents/`).
        package var command: String?
        package var document: String?
        /// What the entry was made from.
        package var inputs: String
    }

    /// What a run did.
    package struct Result: Sendable {
        package var entries: [Entry]
        package var page: String
        package var rendered: Int
        package var reused: Int

        /// The app's font files its IB files name and the gallery could not read (`AppGallery.fontProblems`).
        package var fontProblems: [(file: String, problem: String, entries: [String])] { AppGallery.fontProblems(of: entries) }
    }

    /// The app's font files the entries' IB files name and the gallery could not read, by file
    /// name: why, and the entries whose labels were drawn in the theme's face instead.
    static func fontProblems(of entries: [Entry]) -> [(file: String, problem: String, entries: [String])] {
        var byFile: [String: (problem: String, entries: [String])] = [:]
        for entry in entries {
            for (file, problem) in entry.fontProblems ?? [:] { byFile[file, default: (problem, [])].entries.append(entry.id) }
        }
        return byFile.keys.sorted().map { ($0, byFile[$0]!.problem, byFile[$0]!.entries) }
    }

    // MARK: discovery

    /// The app's XIBs, storyboards, asset catalogs and strings files, in a stable order, without
    /// entering build folders, dependencies, `--exclude`d names or links.
    package func discover() throws(Diagnostic) -> Files {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: folder), "no such folder")
        }
        guard isFolder.boolValue else { throw Diagnostic(.usage, at: SourceLocation(file: folder), "expected an app's folder") }
        var files = Files()
        var pending = [folder]
        var visited = 0
        while let current = pending.popLast() {
            let entries = ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []).sorted()
            for name in entries {
                let path = current + "/" + name
                let relative = String(path.dropFirst(folder.count + 1))
                if excluded(name: name, relative: relative) { continue }
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
                      let type = attributes[.type] as? FileAttributeType, type != .typeSymbolicLink else { continue }
                visited += 1
                guard visited <= 200_000 else {
                    throw Diagnostic(at: SourceLocation(file: folder), "more than 200,000 files and folders: point the gallery at the app's folder, or --exclude some")
                }
                if type == .typeDirectory {
                    if name.hasSuffix(".xcassets") { files.catalogs.append(path) } else if !Self.skippedFolders.contains(name), !name.hasSuffix(".xcodeproj"), !name.hasSuffix(".xcworkspace") {
                        pending.append(path)
                    }
                    continue
                }
                switch (name as NSString).pathExtension {
                case "xib": files.xibs.append(path)
                case "storyboard": files.storyboards.append(path)
                case "strings", "stringsdict", "xcstrings": files.strings.append(path)
                default: break
                }
            }
        }
        files.xibs.sort()
        files.storyboards.sort()
        files.catalogs.sort()
        files.strings.sort()
        guard files.xibs.count + files.storyboards.count <= Self.maximumFiles else {
            throw Diagnostic(at: SourceLocation(file: folder), "\(files.xibs.count + files.storyboards.count) Interface Builder files, more than \(Self.maximumFiles): point the gallery at one app, or --exclude some")
        }
        return files
    }

    private func excluded(name: String, relative: String) -> Bool {
        excludes.contains { pattern in fnmatch(pattern, name, 0) == 0 || fnmatch(pattern, relative, 0) == 0 }
    }

    // MARK: running

    /// Renders what changed, keeps what did not, writes the page and `gallery.json`.
    package func run(progress: (String) -> Void = { _ in }) throws(Diagnostic) -> Result {
        let files = try discover()
        // The app's font files as they are now (a process may have searched the folder before).
        FontFiles.forget()
        do { try FileManager.default.createDirectory(atPath: output + "/images", withIntermediateDirectories: true) } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: output), "cannot create the gallery folder: \(error.localizedDescription)")
        }
        let previous = Self.read(output + "/gallery.json")
        let shared = sharedInputs(files)
        var catalogs: [AssetCatalog]?
        func appCatalogs() throws(Diagnostic) -> [AssetCatalog] {
            if let catalogs { return catalogs }
            let folders = Array(Set(files.catalogs.map { ($0 as NSString).deletingLastPathComponent })).sorted()
            let read = try AssetCatalog.discover(in: folders)
            catalogs = read
            return read
        }
        var entries: [Entry] = [], rendered = 0, reused = 0
        for file in files.xibs + files.storyboards {
            let relative = String(file.dropFirst(folder.count + 1))
            let bytes = FileManager.default.contents(atPath: file).map { [UInt8]($0) } ?? []
            let fallback = allowsFontFallback ? "font fallback\n" : ""
            let inputs = SHA256.hex(Array("\(version)\n\(width)\n\(relative)\n\(shared)\n\(fallback)".utf8) + bytes)
            let kept = previous.filter { $0.file == relative }
            if !kept.isEmpty, kept.allSatisfy({ $0.inputs == inputs && imagesExist($0) }) {
                entries += kept
                reused += kept.count
                continue
            }
            progress(relative)
            let made = entriesOf(file, relative: relative, bytes: bytes, inputs: inputs, catalogs: appCatalogs,
                                 catalogFolders: Array(Set(files.catalogs.map { ($0 as NSString).deletingLastPathComponent })).sorted())
            entries += made
            rendered += made.count
        }
        // Images and starter documents of entries that are gone go too.
        let kept = Set(entries.flatMap { [$0.light, $0.dark].compactMap { $0 } })
        for image in (try? FileManager.default.contentsOfDirectory(atPath: output + "/images")) ?? [] where !kept.contains("images/" + image) {
            try? FileManager.default.removeItem(atPath: output + "/images/" + image)
        }
        let documents = Set(entries.compactMap(\.document))
        for document in (FileManager.default.enumerator(atPath: output + "/documents")?.allObjects as? [String]) ?? []
        where document.hasSuffix(".json") && !documents.contains("documents/" + document) {
            try? FileManager.default.removeItem(atPath: output + "/documents/" + document)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let json: [UInt8]
        do { json = Array(try encoder.encode(entries)) } catch { throw Diagnostic(.failure, at: nil, "cannot encode the gallery: \(error)") }
        try AtomicFile.write(json, to: output + "/gallery.json")
        let page = output + "/index.html"
        try AtomicFile.write(Array(GalleryPage.html(entries, app: folder, files: files).utf8), to: page)
        return Result(entries: entries, page: page, rendered: rendered, reused: reused)
    }

    private func imagesExist(_ entry: Entry) -> Bool {
        [entry.light, entry.dark].compactMap { $0 }.allSatisfy { FileManager.default.fileExists(atPath: output + "/" + $0) }
            && (entry.document.map { FileManager.default.fileExists(atPath: output + "/" + $0) } ?? true)
    }

    /// What every entry depends on besides its own file: the catalogs', strings files' and font
    /// files' names, sizes and modification times (not their bytes: a catalog may hold hundreds of megabytes).
    private func sharedInputs(_ files: Files) -> String {
        var lines: [String] = []
        func stat(_ path: String, as name: String? = nil) {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return }
            let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
            let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
            lines.append("\(name ?? String(path.dropFirst(folder.count)))\t\(size)\t\(time)")
        }
        for catalog in files.catalogs {
            stat(catalog)
            for entry in (FileManager.default.enumerator(atPath: catalog)?.allObjects as? [String] ?? []).sorted() { stat(catalog + "/" + entry) }
        }
        for file in files.strings { stat(file) }
        // The app's font files (an entry in a font the app bundles is drawn in it).
        for (name, path) in FontFiles.all(in: folder).sorted(by: { $0.key < $1.key }) { stat(path, as: "font " + name) }
        return SHA256.hex(Array(lines.joined(separator: "\n").utf8))
    }

    static func read(_ path: String) -> [Entry] {
        guard let data = FileManager.default.contents(atPath: path) else { return [] }
        return (try? JSONDecoder().decode([Entry].self, from: data)) ?? []
    }

    // MARK: entries

    /// The entries of one file: a XIB's view, a storyboard's prototype cells and static scenes;
    /// a file that cannot be read, one entry with its error.
    private func entriesOf(_ path: String, relative: String, bytes: [UInt8], inputs: String,
                           catalogs: () throws(Diagnostic) -> [AssetCatalog], catalogFolders: [String]) -> [Entry] {
        let stem = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let directory = (path as NSString).deletingLastPathComponent
        func failed(_ error: Diagnostic, id: String, kind: String, name: String) -> Entry {
            Entry(id: id, file: relative, kind: kind, name: name, error: error.description, inputs: inputs)
        }
        if path.hasSuffix(".xib") {
            do throws(Diagnostic) {
                let ib = try IBReader.read(file: path, bytes: bytes)
                // A plain view is a header or footer, as the template library reads it.
                let isItem = ib.kind == .cell || ib.kind == .collectionCell
                let kind = switch ib.kind {
                case .cell: "cell"
                case .headerFooter: "header"
                case .collectionCell: "collection cell"
                case .collectionReusableView: "collection header"
                case .view: "view"
                }
                let section = !isItem
                    ? Section(id: "gallery", header: .view(template: stem, values: [:], height: .default), items: [])
                    : Section(id: "gallery", items: [Item(id: stem, template: stem)])
                let document = Document(file: path, name: stem, directory: directory, table: Table(style: .plain, sections: [section]),
                                        width: width, templateFolders: [directory], assetsFolder: directory)
                var entry = Entry(id: relative, file: relative, kind: kind, name: stem, inputs: inputs)
                try render(LoadedDocument(document: document, catalogs: try catalogs(), marksEmptyOutlets: true, fontFolders: [folder]), into: &entry)
                entry = try starter(for: entry, templates: directory, catalogFolders: catalogFolders,
                                    content: .items([starterItem(stem, ib: ib)], header: !isItem))
                return [entry]
            } catch {
                return [failed(error, id: relative, kind: "file", name: stem)]
            }
        }
        // A storyboard: its prototype cells, then its static table scenes.
        let storyboard: IBStoryboard
        do throws(Diagnostic) { storyboard = try TemplateLibrary.readStoryboard(path) } catch {
            return [failed(error, id: relative, kind: "file", name: stem)]
        }
        var entries: [Entry] = []
        var starterItems: [Value.Object] = []
        for prototype in storyboard.prototypes {
            let template = prototype.templateID(in: storyboard.fileStem)
            var entry = Entry(id: relative + "#" + template, file: relative, kind: "prototype", name: template, inputs: inputs)
            do throws(Diagnostic) {
                let document = Document(file: path, name: stem, directory: directory,
                                        table: Table(style: .plain, sections: [Section(id: "gallery", items: [Item(id: prototype.identifier, template: template)])]),
                                        width: width, templateFolders: [directory], assetsFolder: directory)
                try render(LoadedDocument(document: document, catalogs: try catalogs(), marksEmptyOutlets: true, fontFolders: [folder]), into: &entry)
                starterItems.append(starterItem(template, ib: prototype.document))
            } catch {
                entry.error = error.description
            }
            entries.append(entry)
        }
        for scene in storyboard.scenes where scene.table?.isStatic == true {
            var entry = Entry(id: relative + "#" + scene.name, file: relative, kind: "scene", name: scene.name, inputs: inputs)
            do throws(Diagnostic) {
                try render(LoadedDocument(path: path, scene: scene.id, catalogFolders: catalogFolders, fontFolders: [folder]), into: &entry)
                // The scene by its name, unless another scene answers to it too.
                let named = storyboard.scenes.filter { [$0.storyboardIdentifier, $0.title, $0.customClass, $0.id].contains(scene.name) }.count == 1
                entry = try starter(for: entry, templates: directory, catalogFolders: catalogFolders,
                                    content: .scene(path: path, name: named ? scene.name : scene.id))
            } catch {
                entry.error = error.description
            }
            entries.append(entry)
        }
        // One starter document for the storyboard's prototype cells, named by each of them.
        if !starterItems.isEmpty, let first = entries.firstIndex(where: { $0.kind == "prototype" && $0.error == nil }) {
            do throws(Diagnostic) {
                let made = try starter(for: entries[first], templates: directory, catalogFolders: catalogFolders, content: .items(starterItems, header: false))
                for index in entries.indices where entries[index].kind == "prototype" && entries[index].error == nil {
                    entries[index].document = made.document
                    entries[index].command = made.command
                }
            } catch {
                entries[first].findings.append("starter document: \(error.message)")
            }
        }
        // A storyboard with no table (a login flow, a share extension) has nothing to draw.
        return entries
    }

    /// Draws `loaded` light and dark, and notes its size, `check`'s warnings and the lint's findings.
    private func render(_ loaded: LoadedDocument, into entry: inout Entry) throws(Diagnostic) {
        if allowsFontFallback { loaded.renderer.engine.allowsFontFallback = true }
        let warnings = try loaded.check()
        let laidOut = try loaded.layout(width: width)
        entry.width = laidOut.width
        entry.height = laidOut.contentHeight
        var seen = Set<String>()
        entry.findings = (warnings + LayoutLint().findings(laidOut, document: loaded, variant: "light", appearances: [.light, .dark]).map(\.message))
            .filter { seen.insert($0).inserted }
        let problems = loaded.fontFileProblems
        entry.fontProblems = problems.isEmpty ? nil : Dictionary(problems.map { ($0.file, $0.problem) }, uniquingKeysWith: { first, _ in first })
        let base = "images/" + Self.fileName(entry.id)
        for appearance in [Appearance.light, .dark] {
            let pages = try loaded.renderer.png(laidOut, appearance: appearance, scale: 2)
            guard let first = pages.first else { continue }
            let name = base + (appearance == .dark ? ".dark" : "") + "@2x.png"
            try AtomicFile.write(first, to: output + "/" + name)
            if appearance == .dark { entry.dark = name } else { entry.light = name }
        }
    }

    /// A file name for an entry id: its letters and digits, and a hash that keeps ids apart.
    static func fileName(_ id: String) -> String {
        let readable = String(id.unicodeScalars.map { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_".unicodeScalars.contains($0)) ? Character($0) : "_" }.prefix(80))
        return readable + "-" + String(SHA256.hex(Array(id.utf8)).prefix(8))
    }

    // MARK: starter documents

    /// An item binding each outlet of `ib` with what IB stored in its view.
    private func starterItem(_ template: String, ib: IBDocument) -> Value.Object {
        var values = Value.Object()
        let views = Dictionary(ib.allViews.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (property, destination) in ib.outlets.sorted(by: { $0.property < $1.property }) {
            guard let view = views[destination] else { continue }
            let text = view.attributes["text"] ?? view.strings["text"]
            switch view.element {
            case .label, .textView: values[property] = .string(text ?? "")
            case .textField: values[property] = .string(text ?? view.attribute("placeholder") ?? "")
            case .button: values[property] = .string(view.normalState?.title ?? view.configuration?["title"] ?? "")
            case .switch: values[property] = .bool(view.attribute("on") == "YES")
            case .imageView: if let image = view.attribute("image") { values[property] = .string(image) }
            case .slider, .progressView: if let value = view.number("value") ?? view.number("progress") { values[property] = .number(value) }
            case .segmentedControl: values[property] = .number(view.number("selectedSegmentIndex") ?? 0)
            default: break
            }
        }
        return ["template": .string(template), "values": .object(values)]
    }

    /// What a starter document holds: rows (or a header) of a file's cells, or a storyboard's
    /// static scene.
    private enum StarterContent {
        case items([Value.Object], header: Bool)
        case scene(path: String, name: String)
    }

    /// Writes a starter document for `entry` into the gallery's `documents` folder, and sets the
    /// command that renders it. Its templates are the file's folder and the folders of the app's
    /// asset catalogs (where a document finds catalogs), so it draws what the gallery drew.
    private func starter(for entry: Entry, templates: String, catalogFolders: [String], content: StarterContent) throws(Diagnostic) -> Entry {
        var entry = entry
        var documentPath = "documents/" + (entry.file as NSString).deletingPathExtension
        if case .scene = content { documentPath += "." + Self.fileName(entry.name) }
        documentPath += ".json"
        let absolute = output + "/" + documentPath
        let documentFolder = (absolute as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: documentFolder, withIntermediateDirectories: true)
        let folders = ([templates] + catalogFolders.filter { $0 != templates }).map { Value.string(Self.relativePath(from: documentFolder, to: $0)) }
        var document: Value.Object = ["theme": "ios"]
        switch content {
        case .items(let items, let header):
            var section: Value.Object = ["id": .string("gallery")]
            if header, let first = items.first {
                section["header"] = .object(first)
                section["items"] = .array([])
            } else {
                section["items"] = .array(items.enumerated().map { index, item in
                    var withID: Value.Object = ["id": .string("item-\(index + 1)")]
                    for member in item { withID[member.key] = member.value }
                    return .object(withID)
                })
            }
            document["style"] = "plain"
            document["width"] = .number(width)
            document["templates"] = .array(folders)
            document["assets"] = .string(Self.relativePath(from: documentFolder, to: templates))
            document["sections"] = .array([.object(section)])
        case .scene(let path, let name):
            document["width"] = .number(width)
            document["templates"] = .array(folders)
            document["assets"] = .string(Self.relativePath(from: documentFolder, to: templates))
            document["storyboard"] = .string(Self.relativePath(from: documentFolder, to: path))
            document["scene"] = .string(name)
            document["overrides"] = .object([:])
        }
        try AtomicFile.write(Array((PrettyJSON.text(.object(document)) + "\n").utf8), to: absolute)
        entry.document = documentPath
        entry.command = "tablerender render \(Self.quoted(absolute)) --allow-read \(Self.quoted(folder))" + (allowsFontFallback ? " --allow-font-fallback" : "")
        return entry
    }

    static func quoted(_ path: String) -> String {
        path.allSatisfy { $0.isLetter || $0.isNumber || "/._-+@".contains($0) } ? path : "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `to` written relative to the folder `from` (both absolute, standardized).
    static func relativePath(from: String, to: String) -> String {
        let source = from.split(separator: "/"), target = to.split(separator: "/")
        var common = 0
        while common < source.count, common < target.count, source[common] == target[common] { common += 1 }
        let parts = Array(repeating: "..", count: source.count - common) + target[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}

/// A JSON value as indented text, keys in their order (`JSONText`'s numbers and strings).
enum PrettyJSON {
    static func text(_ value: Value, indent: String = "") -> String {
        let inner = indent + "  "
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return JSONText.number(number)
        case .string(let text): return JSONText.string(text)
        case .array(let values):
            if values.isEmpty { return "[]" }
            return "[\n" + values.map { inner + self.text($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            return "{\n" + object.map { inner + JSONText.string($0.key) + ": " + self.text($0.value, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
