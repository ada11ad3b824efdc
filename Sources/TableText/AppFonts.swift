import CPango
import Foundation
import Synchronization
import TableModel
import TableTemplates

/// A face of an app's own font file, as fontconfig reads it from the file.
package struct AppFont: Sendable, Hashable {
    package var file: String
    /// The family fontconfig and Pango name it by (and a page's `@font-face`).
    package var family: String
    /// The name Interface Builder names it by (`<fontDescription name="Brand-Bold">`).
    package var postScriptName: String
    /// 100 to 900, as CSS (OpenType's `usWeightClass`).
    package var weight: Int
    package var italic: Bool

    /// Whether fontconfig could give this face where `other` was asked for: the same family,
    /// weight and slant.
    func standsIn(for other: AppFont) -> Bool {
        family.lowercased() == other.family.lowercased() && weight == other.weight && italic == other.italic
    }

    package init(file: String, family: String, postScriptName: String, weight: Int, italic: Bool) {
        self.file = file
        self.family = family
        self.postScriptName = postScriptName
        self.weight = weight
        self.italic = italic
    }
}

/// The font files of an app (what its `Info.plist` lists as `UIAppFonts`), added to this process's
/// fonts when a document uses them: fontconfig's application fonts, which Pango then finds by
/// family as it finds installed ones, and Cairo draws from the file. Loaded once per process, and
/// removed only when the same font is loaded from another path (`load`); a file is checked before
/// fontconfig (FreeType) reads it: a regular file of at most 32 MiB, starting as a TrueType,
/// OpenType or TrueType collection file does.
package enum AppFonts {
    package static let maximumFileSize = 32 << 20
    /// The most font files one process loads.
    package static let maximumFiles = 256

    package struct Failure: Error, Sendable, Hashable {
        package var message: String
        package init(message: String) { self.message = message }
    }

    private struct State {
        var files: [String: Result<[AppFont], Failure>] = [:]
        /// The files fontconfig holds, in the order they were added.
        var order: [String] = []
        var byPostScriptName: [String: AppFont] = [:]
        var loadedCount = 0

        /// Each loaded face by its PostScript name, the first file's where two have it.
        mutating func index() {
            byPostScriptName = [:]
            for file in order {
                for face in (try? files[file]?.get()) ?? [] where byPostScriptName[face.postScriptName] == nil {
                    byPostScriptName[face.postScriptName] = face
                }
            }
        }
    }

    private static let state = Mutex(State())

    /// The faces of the font file at `path` (absolute, symlink-free), loading it first if this
    /// process has not; a file that is not a font, or too large, is the failure (each time asked).
    package static func load(_ path: String) throws(Failure) -> [AppFont] {
        if let known = state.withLock({ $0.files[path] }) { return try known.get() }
        // The shared font map is made (under the typesetting lock) before that lock is taken
        // here; under it, one thread reads a file while others wait, and finds it read after.
        TextEngine.startFontSetup()
        let outcome = Typesetting.exclusively { () -> Result<[AppFont], Failure> in
            if let known = state.withLock({ $0.files[path] }) { return known }
            let outcome = Result { () throws(Failure) -> [AppFont] in try read(path) }
            let faces = (try? outcome.get()) ?? []
            // A face of another file that fontconfig could give for the same family, weight and
            // slant (the same font at another path, a file since moved or changed): that file goes,
            // so that Pango finds this one, and never a file that is no longer there.
            let replaced = state.withLock { state in
                state.order.filter { other in
                    ((try? state.files[other]?.get()) ?? []).contains { old in faces.contains { $0.standsIn(for: old) } }
                }
            }
            state.withLock { state in
                state.files[path] = outcome
                for file in replaced { state.files[file] = nil }
                state.order.removeAll { replaced.contains($0) }
                if !faces.isEmpty { state.order.append(path) }
                state.index()
            }
            if !replaced.isEmpty {
                FcConfigAppFontClear(nil)
                for file in state.withLock({ $0.order }) { _ = add(file) }
            }
            if !faces.isEmpty { TextEngine.fontsChanged() }
            return outcome
        }
        return try outcome.get()
    }

    /// Inside `Typesetting.exclusively`: adds the file at `path` to fontconfig's application fonts.
    private static func add(_ path: String) -> Bool {
        path.withCString { name in
            name.withMemoryRebound(to: FcChar8.self, capacity: path.utf8.count + 1) { FcConfigAppFontAddFile(nil, $0) }
        } != 0
    }

    /// The loaded face IB names `name` (a PostScript name).
    package static func face(postScriptName name: String) -> AppFont? {
        state.withLock { $0.byPostScriptName[name] }
    }

    /// Every loaded face, by file and PostScript name.
    package static var loaded: [AppFont] {
        state.withLock { $0.files.values.flatMap { (try? $0.get()) ?? [] } }.sorted { ($0.file, $0.postScriptName) < ($1.file, $1.postScriptName) }
    }

    /// Every loaded face of `family` (a page embeds these for it).
    package static func faces(family: String) -> [AppFont] {
        state.withLock { state in
            state.files.values.flatMap { (try? $0.get()) ?? [] }.filter { $0.family.lowercased() == family.lowercased() }
                .sorted { ($0.file, $0.weight, $0.postScriptName) < ($1.file, $1.weight, $1.postScriptName) }
        }
    }

    /// The file's first bytes as a font file's: TrueType (`00 01 00 00`, `true`), OpenType
    /// (`OTTO`) or a collection (`ttcf`).
    static func isFontFile(_ head: [UInt8]) -> Bool {
        guard head.count >= 4 else { return false }
        let tag = Array(head[0..<4])
        return tag == [0, 1, 0, 0] || tag == Array("OTTO".utf8) || tag == Array("true".utf8) || tag == Array("ttcf".utf8)
    }

    /// Inside `Typesetting.exclusively`.
    private static func read(_ path: String) throws(Failure) -> [AppFont] {
        let name = (path as NSString).lastPathComponent
        let file = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard file >= 0 else { throw Failure(message: "cannot read the font file '\(name)': \(String(cString: strerror(errno)))") }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(message: "the font file '\(name)' is not a regular file")
        }
        guard Int(status.st_size) <= maximumFileSize else {
            throw Failure(message: "the font file '\(name)' is larger than 32 MiB (\(status.st_size) bytes)")
        }
        var head = [UInt8](repeating: 0, count: 4)
        let count = head.withUnsafeMutableBytes { Foundation.read(file, $0.baseAddress, 4) }
        guard count == 4, isFontFile(head) else {
            // A Git LFS pointer or a download's error page in the font's place is the usual cause.
            throw Failure(message: "'\(name)' is not a TrueType or OpenType font file (it starts with \(head.prefix(max(0, count)).map { String(format: "%02x", $0) }.joined(separator: " ")))")
        }
        guard state.withLock({ state in
            guard state.loadedCount < maximumFiles else { return false }
            state.loadedCount += 1
            return true
        }) else {
            throw Failure(message: "more than \(maximumFiles) font files; '\(name)' is not loaded")
        }
        let faces = add(path) ? Self.faces(from: path) : []
        guard !faces.isEmpty else { throw Failure(message: "'\(name)' is not a font file fontconfig can read") }
        return faces
    }

    /// Inside `Typesetting.exclusively`: the faces fontconfig made of the file at `path`.
    private static func faces(from path: String) -> [AppFont] {
        guard let set = FcConfigGetFonts(nil, FcSetApplication) else { return [] }
        var result: [AppFont] = []
        func string(_ pattern: OpaquePointer?, _ object: String) -> String? {
            var value: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(pattern, object, 0, &value) == FcResultMatch, let value else { return nil }
            return String(cString: value)
        }
        for index in 0..<Int(set.pointee.nfont) {
            guard let pattern = set.pointee.fonts[index], string(pattern, "file") == path, let family = string(pattern, "family") else { continue }
            var weight: Int32 = 80, slant: Int32 = 0
            _ = FcPatternGetInteger(pattern, "weight", 0, &weight)
            _ = FcPatternGetInteger(pattern, "slant", 0, &slant)
            let face = AppFont(file: path, family: family, postScriptName: string(pattern, "postscriptname") ?? family,
                               weight: Int(FcWeightToOpenType(weight)), italic: slant != 0)
            if !result.contains(face) { result.append(face) }
        }
        return result
    }
}

extension Theme {
    /// Loads the font files the theme bundles (`fonts/`); one that is not a font is the error,
    /// at its file.
    package func loadFonts() throws(Diagnostic) {
        for file in fontFiles {
            do throws(AppFonts.Failure) { _ = try AppFonts.load(file) } catch {
                throw Diagnostic(at: SourceLocation(file: file), "theme font: " + error.message)
            }
        }
    }
}

/// What became of a font file an Interface Builder document names (`<customFonts>`).
package enum AppFontFile {
    case loaded([AppFont])
    /// Not found where the document's fonts are looked for (`IBDocument.fontFiles`).
    case notFound
    /// Found, and not loaded: why.
    case failed(AppFonts.Failure)
}

extension IBDocument {
    /// The font file `file` of the document's `<customFonts>`, loaded from where it was found.
    package func appFontFile(_ file: String) -> AppFontFile {
        guard let path = fontFiles[file] else { return .notFound }
        do throws(AppFonts.Failure) { return .loaded(try AppFonts.load(path)) } catch { return .failed(error) }
    }
}
