import Foundation
import Synchronization
import TableModel
import TableRender
import TableSnapshot
import TableText
import TableTemplates
#if canImport(Glibc)
import Glibc
#endif

/// `tablerender preview <document | storyboard | folder | project>`: the pages side by side — a
/// document's light and dark, a folder's documents, a project's documents in each variant it
/// names (appearance, text size, direction, locale) — with the lint's findings by row, served on
/// 127.0.0.1 and drawn again whenever a file they read changes; the open page reloads itself. An
/// input that becomes invalid shows its located error above the last good render; fixing it
/// brings the render back. The server never stops on bad input.
///
/// It serves only the pages of the render it made, from memory, by exact path (`/`,
/// `/page/<n>.html`, `/version`): no file is read for a request, so no path (`..`, `%2e%2e`, a
/// link) can reach another. It listens on the loopback address only and answers only requests
/// whose `Host` is the loopback (DNS rebinding).
package final class PreviewServer: Sendable {
    /// One page shown: its caption and its HTML.
    struct Panel: Sendable {
        var title: String
        var html: [UInt8]
    }

    /// What the server shows: the pages of the last good render, and the error of the last
    /// render when it failed.
    struct Snapshot: Sendable {
        var version = 0
        var panels: [Panel] = []
        var findings: [String] = []
        var error: String?
        var rendered = false
    }

    /// One page to render: a document in a variant.
    struct Job: Sendable {
        var document: String
        var title: String
        var appearance: Appearance
        var width: Double?
        var theme: String?
        var contentSize: ContentSizeCategory = .large
        var locale: String?
        var direction: LayoutDirection?
        var contrast = Contrast.normal
    }

    /// The most pages a preview shows (a project's matrix may be larger: name fewer variants).
    static let maximumPanels = 48

    /// What was asked for: a document or storyboard, a folder of them, or a project file.
    let target: String
    let theme: String?
    let width: Double?
    private let state = Mutex(Snapshot())
    private let running = Atomic<Bool>(false)
    /// Whether the watching thread watches the folder.
    private let watchReady = Atomic<Bool>(false)
    private let listener = Atomic<Int32>(-1)
    /// How often the inputs are looked at, seconds, where the kernel cannot tell of changes.
    let interval: Double

    /// Whether fontconfig may stand in for a font that is not installed (`--allow-font-fallback`).
    let allowsFontFallback: Bool

    package init(document: String, theme: String? = nil, width: Double? = nil, interval: Double = 0.1, allowsFontFallback: Bool = false) {
        self.target = document
        self.theme = theme
        self.width = width
        self.interval = interval
        self.allowsFontFallback = allowsFontFallback
    }

    /// The folder whose files are watched.
    var watchedFolder: String {
        let path = URL(fileURLWithPath: target).standardizedFileURL.path
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue ? path : (path as NSString).deletingLastPathComponent
    }

    /// The pages to render: a document's light and dark; a folder's documents and storyboards,
    /// light and dark; a project's documents in each of its variants.
    func jobs() throws(Diagnostic) -> [Job] {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target, isDirectory: &isFolder) else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: target), "no such file")
        }
        func lightAndDark(_ document: String, prefix: String) -> [Job] {
            [Appearance.light, .dark].map { Job(document: document, title: prefix + ($0 == .dark ? "dark" : "light"), appearance: $0, width: width, theme: theme) }
        }
        if isFolder.boolValue {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).sorted()
                .filter { $0.hasSuffix(".storyboard") || ($0.hasSuffix(".json") && !Self.isProject(target + "/" + $0)) }
            guard !names.isEmpty else { throw Diagnostic(at: SourceLocation(file: target), "no JSON document or storyboard in this folder") }
            return names.flatMap { lightAndDark(target + "/" + $0, prefix: $0 + " — ") }
        }
        if Self.isProject(target) {
            let project = try Project.load(target)
            return project.documents.flatMap { document in
                project.variants.map { variant in
                    Job(document: document, title: (document as NSString).lastPathComponent + " — " + variant.name, appearance: variant.appearance,
                        width: width ?? variant.width, theme: theme ?? variant.theme, contentSize: variant.contentSize, locale: variant.locale,
                        direction: variant.direction, contrast: variant.contrast)
                }
            }
        }
        return lightAndDark(target, prefix: "")
    }

    /// Whether `path` is a project file (a JSON object naming `documents`).
    static func isProject(_ path: String) -> Bool {
        guard path.hasSuffix(".json"), let data = FileManager.default.contents(atPath: path), data.count < 1_000_000,
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return false }
        return object["documents"] != nil && object["sections"] == nil
    }

    /// The version of what is shown: it changes with every render, good or failed.
    package var version: Int { state.withLock { $0.version } }

    /// The last render's error, if it failed.
    package var error: String? { state.withLock { $0.error } }

    // MARK: rendering

    /// Renders every page; on a failure keeps the last good pages and notes the error.
    package func render() {
        // A font file added since the last render is found (the folders are searched again).
        FontFiles.forget()
        do throws(Diagnostic) {
            let jobs = try self.jobs()
            var panels: [Panel] = [], findings: [String] = [], seen = Set<String>(), more = 0
            // A document in one layout (its text size, locale, direction, width, theme) is laid
            // out once, in each of its scenes (every section in its initial state, then each other
            // state of each stateful section), shown side by side. Its findings are numbered in the
            // list under the pages and marked with their numbers on the rows they concern.
            var laidOut: [String: (loaded: LoadedDocument, scenes: [(name: String, table: LaidOutTable, marks: [FindingMark])])] = [:]
            for job in jobs {
                guard panels.count < Self.maximumPanels else { more += 1; continue }
                let key = "\(job.document)|\(job.width ?? 0)|\(job.theme ?? "")|\(job.contentSize.rawValue)|\(job.locale ?? "")|\(job.direction?.rawValue ?? "")|\(job.contrast.rawValue)"
                if laidOut[key] == nil {
                    let loaded = try LoadedDocument(path: job.document, themeOverride: job.theme, contentSize: job.contentSize, locale: job.locale,
                                                    direction: job.direction, contrast: job.contrast)
                    if allowsFontFallback { loaded.renderer.engine.allowsFontFallback = true }
                    let name = (job.document as NSString).lastPathComponent
                    var scenes: [(name: String, table: LaidOutTable, marks: [FindingMark])] = []
                    for scene in loaded.document.table.defaultScenes {
                        let table = try loaded.layout(loaded.document.table.inScene(scene), width: job.width)
                        var marks: [FindingMark] = []
                        for finding in LayoutLint().findings(table, document: loaded, variant: job.title, appearances: [.light, .dark]) {
                            let line = "\(name)\(scene.name == "initial" ? "" : " (\(scene.name))") \(finding.row) (\(finding.path)): \(finding.message)"
                            var number = findings.firstIndex(of: line).map { $0 + 1 }
                            if number == nil, seen.insert(line).inserted {
                                findings.append(line)
                                number = findings.count
                            }
                            if let number, let selector = FindingMark.selector(finding, sections: loaded.document.table.sections.map(\.id)) {
                                marks.append(FindingMark(selector: selector, number: number))
                            }
                        }
                        scenes.append((scene.name, table, marks))
                    }
                    laidOut[key] = (loaded, scenes)
                }
                let (loaded, scenes) = laidOut[key]!
                for scene in scenes {
                    guard panels.count < Self.maximumPanels else { more += 1; continue }
                    let html = try loaded.renderer.html(scene.table, appearance: job.appearance, language: loaded.document.language)
                    let title = scene.name == "initial" ? job.title : job.title + " · " + scene.name
                    panels.append(Panel(title: title, html: Array(FindingMark.marking(html, with: scene.marks).utf8)))
                }
            }
            findings = findings.enumerated().map { "\($0.offset + 1). \($0.element)" }
            if more > 0 { findings.insert("\(more) more scenes or variants than the \(Self.maximumPanels) pages a preview shows: preview fewer documents or variants", at: 0) }
            state.withLock { state in
                state.version += 1
                state.panels = panels
                state.findings = findings
                state.error = nil
                state.rendered = true
            }
        } catch {
            state.withLock { state in
                state.version += 1
                state.error = error.description
            }
        }
    }

    /// The files the render reads: every file under the document's folder (and its template,
    /// assets and theme folders, which are inside it or allowed), by path, size and time.
    func signature() -> [String] {
        let folder = watchedFolder
        var lines: [String] = []
        var pending = [folder]
        while let current = pending.popLast(), lines.count < 20_000 {
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []).sorted() {
                if Self.skipped(name) { continue }
                let path = current + "/" + name
                guard let attributes = try? FileManager.default.attributesOfItem(atPath: path), let type = attributes[.type] as? FileAttributeType else { continue }
                if type == .typeDirectory { pending.append(path); continue }
                let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
                let time = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                lines.append("\(path)\t\(size)\t\(time)")
            }
        }
        return lines
    }

    // MARK: serving

    /// Renders, binds 127.0.0.1 at `port` (0: a free one) and starts answering and watching;
    /// returns the port.
    package func start(port: UInt16 = 0) throws(Diagnostic) -> UInt16 {
        let firstSignature = signature()
        render()
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socketFD >= 0 else { throw Diagnostic(.failure, at: nil, "cannot open a socket: \(String(cString: strerror(errno)))") }
        var yes: Int32 = 1
        setsockopt(socketFD, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(socketFD, 16) == 0 else {
            let reason = String(cString: strerror(errno))
            close(socketFD)
            throw Diagnostic(.usage, at: nil, "cannot listen on 127.0.0.1:\(port): \(reason)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { _ = getsockname(socketFD, $0, &length) }
        }
        let chosen = UInt16(bigEndian: address.sin_port)
        listener.store(socketFD, ordering: .sequentiallyConsistent)
        running.store(true, ordering: .sequentiallyConsistent)
        Thread.detachNewThread { [self] in self.accepting(socketFD, port: chosen) }
        let rendered = firstSignature
        Thread.detachNewThread { [self] in self.watching(since: rendered) }
        // The folder is watched before `start` returns: a save right after is seen.
        for _ in 0..<5_000 where !watchReady.load(ordering: .sequentiallyConsistent) { usleep(1_000) }
        return chosen
    }

    /// Stops answering and watching.
    package func stop() {
        running.store(false, ordering: .sequentiallyConsistent)
        let fd = listener.exchange(-1, ordering: .sequentiallyConsistent)
        if fd >= 0 {
            shutdown(fd, Int32(SHUT_RDWR))
            close(fd)
        }
    }

    /// Names of files and folders whose changes never matter to a render.
    static func skipped(_ name: String) -> Bool {
        (name.hasPrefix(".") && name != ".") || ["__Snapshots__", "Output", "build", ".build"].contains(name)
    }

    /// Renders again when a file under the folder changes: told by the kernel (inotify); where
    /// it cannot tell (its watch limit reached), by looking every `interval` seconds.
    private func watching(since rendered: [String]) {
        var last = rendered
        let watcher = FolderWatcher(folder: watchedFolder, skips: Self.skipped)
        // What changed between the first render and the watch is not lost.
        let now = signature()
        if now != last {
            last = now
            render()
        }
        watchReady.store(true, ordering: .sequentiallyConsistent)
        while running.load(ordering: .sequentiallyConsistent) {
            if let watcher {
                // Woken by a change, or every quarter second to see whether to stop.
                if watcher.wait(timeout: 0.25) { render() }
                continue
            }
            Thread.sleep(forTimeInterval: interval)
            let now = signature()
            if now != last {
                last = now
                render()
            }
        }
    }

    private func accepting(_ socketFD: Int32, port: UInt16) {
        while running.load(ordering: .sequentiallyConsistent) {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else {
                if !running.load(ordering: .sequentiallyConsistent) { return }
                continue
            }
            Thread.detachNewThread { [self] in
                self.answer(client, port: port)
                close(client)
            }
        }
    }

    /// Reads one request (at most 16 KB of head, within 5 s) and answers it.
    private func answer(_ client: Int32, port: UInt16) {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while head.count < 16_384 {
            let count = buffer.withUnsafeMutableBytes { recv(client, $0.baseAddress, $0.count, 0) }
            if count <= 0 { break }
            head += buffer[0..<count]
            if head.count >= 4, head.suffix(from: 0).firstRange(of: [13, 10, 13, 10]) != nil { break }
        }
        let response = Self.respond(to: String(decoding: head, as: UTF8.self), port: port, snapshot: state.withLock { $0 })
        var sent = 0
        response.withUnsafeBytes { bytes in
            while sent < bytes.count {
                let count = send(client, bytes.baseAddress! + sent, bytes.count - sent, Int32(MSG_NOSIGNAL))
                if count <= 0 { break }
                sent += count
            }
        }
    }

    /// The response to a request's head: the pages by exact path, to a loopback Host only.
    static func respond(to head: String, port: UInt16, snapshot: Snapshot) -> [UInt8] {
        let lines = head.components(separatedBy: "\r\n")
        let requestLine = lines.first?.split(separator: " ").map(String.init) ?? []
        guard requestLine.count == 3, requestLine[2].hasPrefix("HTTP/1.") else { return response(400, "text/plain", Array("bad request\n".utf8)) }
        let method = requestLine[0]
        guard method == "GET" || method == "HEAD" else { return response(405, "text/plain", Array("only GET and HEAD\n".utf8)) }
        let host = lines.dropFirst().first { $0.lowercased().hasPrefix("host:") }.map { String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces).lowercased() }
        let allowed = ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)"]
        guard let host, allowed.contains(host) else {
            return response(403, "text/plain", Array("this server answers requests for 127.0.0.1:\(port) and localhost:\(port) only\n".utf8))
        }
        let path = requestLine[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
        var body: [UInt8]
        var type = "text/html; charset=utf-8"
        switch path {
        case "/": body = Array(page(snapshot).utf8)
        case "/version":
            body = Array("\(snapshot.version)".utf8)
            type = "text/plain"
        default:
            // `/page/<n>.html`, n a plain decimal index of a page shown; nothing else.
            guard path.hasPrefix("/page/"), path.hasSuffix(".html") else { return response(404, "text/plain", Array("not found\n".utf8)) }
            let digits = path.dropFirst("/page/".count).dropLast(".html".count)
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ ("0"..."9").contains($0) }), let index = Int(digits),
                  String(index) == digits, snapshot.panels.indices.contains(index) else {
                return response(404, "text/plain", Array("not found\n".utf8))
            }
            body = snapshot.panels[index].html
        }
        if method == "HEAD" { body = [] }
        return response(200, type, body, csp: path == "/" ? pageCSP : nil)
    }

    static func response(_ status: Int, _ type: String, _ body: [UInt8], csp: String? = nil) -> [UInt8] {
        let reasons = [200: "OK", 400: "Bad Request", 403: "Forbidden", 404: "Not Found", 405: "Method Not Allowed"]
        var head = "HTTP/1.1 \(status) \(reasons[status] ?? "Error")\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n"
        if let csp { head += "Content-Security-Policy: \(csp)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    // MARK: the page

    /// Reloads the page when the version changes.
    static let reloadScript = """
        const shown = document.body.dataset.version;
        setInterval(async () => {
          try {
            const version = await (await fetch('/version', {cache: 'no-store'})).text();
            if (version !== shown) location.reload();
          } catch (error) {}
        }, 150);
        """

    static let pageCSP = "default-src 'none'; frame-src 'self'; connect-src 'self'; style-src 'unsafe-inline'; script-src 'sha256-\(SHA256.base64(Array(reloadScript.utf8)))'"

    static func page(_ snapshot: Snapshot) -> String {
        let escape = HTMLText.escape
        var html = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>tablerender preview</title>
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:16px;background:#f6f6f8;color:#111}
            .error{background:#fff0f0;border-left:4px solid #b00020;padding:8px 12px;white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:12px}
            .pages{display:flex;gap:16px;flex-wrap:wrap} iframe{width:420px;height:80vh;border:1px solid #ccc;background:#fff}
            figure{margin:0} figcaption{color:#555;font-size:12px} .findings{color:#8a5300;font-size:12px}
            </style></head><body data-version="\(snapshot.version)">

            """
        if let error = snapshot.error {
            html += "<p class=\"error\" role=\"alert\">\(escape(error))\(snapshot.rendered ? "\n(showing the last good render)" : "")</p>\n"
        }
        if snapshot.rendered {
            html += "<div class=\"pages\">"
            for (index, panel) in snapshot.panels.enumerated() {
                html += "<figure><iframe src=\"/page/\(index).html\" title=\"\(escape(panel.title))\"></iframe><figcaption>\(escape(panel.title))</figcaption></figure>"
            }
            html += "</div>\n"
        }
        if !snapshot.findings.isEmpty {
            html += "<ul class=\"findings\">" + snapshot.findings.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        return html + "<script>\(reloadScript)</script>\n</body></html>\n"
    }
}

/// A lint finding marked on the row it concerns in a preview page: the row outlined, with the
/// finding's number (from the list under the pages) in a badge at its top trailing corner.
struct FindingMark: Sendable, Equatable {
    /// The CSS selector of the row's element in tablerender's HTML.
    var selector: String
    var number: Int

    /// The element of the block `finding` is on: a row (`li`), a section's header (`h2`) or
    /// footer, by the ids the page's `data-id` attributes carry; nil for the table's title.
    static func selector(_ finding: LintFinding, sections: [String]) -> String? {
        let parts = finding.path.split(whereSeparator: { "[]".contains($0) })
        guard parts.count >= 2, parts[0] == "$.sections", let index = Int(parts[1]), sections.indices.contains(index) else { return nil }
        let section = "section[data-id=\(cssString(sections[index]))]"
        if finding.path.hasSuffix(".header") { return section + " > h2" }
        if finding.path.hasSuffix(".footer") { return section + " > footer" }
        return section + " li[data-id=\(cssString(finding.row))]"
    }

    /// `text` as a CSS string: every character but letters, digits, `-` and `_` written as a
    /// hexadecimal escape, so no id can end the string, the rule or the style element.
    static func cssString(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return out + "\""
    }

    /// The page with a style that outlines the marked rows and numbers them (several findings on
    /// one row: their numbers together).
    static func marking(_ html: String, with marks: [FindingMark]) -> String {
        guard !marks.isEmpty, let head = html.range(of: "</head>") else { return html }
        var numbers: [String: [Int]] = [:], order: [String] = []
        for mark in marks {
            if numbers[mark.selector] == nil { order.append(mark.selector) }
            numbers[mark.selector, default: []].append(mark.number)
        }
        var style = "<style>\n"
        for selector in order {
            let label = numbers[selector]!.map(String.init).joined(separator: " ")
            style += "\(selector){outline:2px solid #d97706;outline-offset:-2px}\n"
            style += "\(selector)::before{content:\(cssString(label));position:absolute;top:2px;inset-inline-end:2px;z-index:3;"
            style += "background:#d97706;color:#fff;font:600 11px/16px system-ui,sans-serif;padding:0 5px;border-radius:8px}\n"
        }
        style += "</style>\n"
        return html.replacingCharacters(in: head.lowerBound..<head.lowerBound, with: style)
    }
}
