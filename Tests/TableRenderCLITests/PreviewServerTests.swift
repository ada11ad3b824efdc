import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import TableRenderCLI
import TestSupport
import Testing

/// One HTTP request to 127.0.0.1 written as given (so that paths and headers are exactly what
/// a hostile page or tool could send); the status code and the body.
private func request(_ port: UInt16, _ raw: String) -> (status: Int, body: String) {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard connected == 0 else { return (0, "") }
    _ = raw.withCString { send(fd, $0, strlen($0), 0) }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if count <= 0 { break }
        received += buffer[0..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    let body = text.components(separatedBy: "\r\n\r\n").dropFirst().joined(separator: "\r\n\r\n")
    return (status, body)
}

private func get(_ port: UInt16, _ path: String, host: String? = nil) -> (status: Int, body: String) {
    request(port, "GET \(path) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\n\r\n")
}

/// Waits (at most `seconds`) until the server's version is past `version`.
private func waitForVersion(after version: Int, _ server: PreviewServer, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
        if server.version > version { return true }
        Thread.sleep(forTimeInterval: 0.02)
    }
    return false
}

@Suite(.serialized) struct PreviewServerTests {
    func folder() -> String {
        Repository.folder(with: [
            "screen.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"template": "Row", "values": {"title": "Apple"}}]}]}"#,
            "templates/Row.xml": #"<cell><stack padding="11 16"><label text="{title}" color="label"/></stack></cell>"#,
        ])
    }

    /// The page, light and dark, reloaded when the document or a template changes; an invalid
    /// input shows its located error above the last good render, and fixing it brings it back.
    @Test func servesTheRenderAndFollowsEveryChange() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = PreviewServer(document: root + "/screen.json", interval: 0.05)
        let port = try server.start()
        defer { server.stop() }
        let page = get(port, "/")
        #expect(page.status == 200 && page.body.contains("<iframe src=\"/page/0.html\" title=\"light\"") && page.body.contains("<iframe src=\"/page/1.html\" title=\"dark\""), "\(page)")
        #expect(get(port, "/page/0.html").body.contains("Apple"))
        #expect(get(port, "/page/1.html").status == 200)

        var version = server.version
        let document = root + "/screen.json"
        let original = try String(contentsOfFile: document, encoding: .utf8)
        try original.replacingOccurrences(of: "Apple", with: "Quince").write(toFile: document, atomically: true, encoding: .utf8)
        #expect(waitForVersion(after: version, server))
        #expect(get(port, "/page/0.html").body.contains("Quince"))
        #expect(get(port, "/version").body == "\(server.version)")

        version = server.version
        try #"<cell><stack padding="11 16"><label text="{title}!" color="label"/></stack></cell>"#
            .write(toFile: root + "/templates/Row.xml", atomically: true, encoding: .utf8)
        #expect(waitForVersion(after: version, server))
        #expect(get(port, "/page/0.html").body.contains("Quince!"), "a template's change is followed")

        version = server.version
        try "{ \"sections\": [ oops".write(toFile: document, atomically: true, encoding: .utf8)
        #expect(waitForVersion(after: version, server))
        let broken = get(port, "/")
        #expect(broken.body.contains("screen.json:1:") && broken.body.contains("error:") && broken.body.contains("showing the last good render"), "\(broken.body)")
        #expect(get(port, "/page/0.html").body.contains("Quince!"), "the last good render stays")

        version = server.version
        try original.write(toFile: document, atomically: true, encoding: .utf8)
        #expect(waitForVersion(after: version, server))
        let fixed = get(port, "/")
        #expect(!fixed.body.contains("class=\"error\"") && get(port, "/page/0.html").body.contains("Apple!"))
    }

    /// A character no installed font has (an app's own icon font) is the page's located error,
    /// naming `--allow-font-fallback`, which the preview takes: then the page is drawn.
    @Test func aMissingFontIsAnErrorOrAFallback() throws {
        let root = Repository.folder(with: [
            "screen.json": #"{"templates": ["templates"], "sections": [{"items": [{"template": "Row", "values": {"title": "\uE900 Apple"}}]}]}"#,
            "templates/Row.xml": #"<cell><stack padding="11 16"><label text="{title}" color="label"/></stack></cell>"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let strict = PreviewServer(document: root + "/screen.json")
        let port = try strict.start()
        let page = get(port, "/")
        strict.stop()
        #expect(page.body.contains("U+E900") && page.body.contains("--allow-font-fallback"), "\(page.body)")
        let allowed = PreviewServer(document: root + "/screen.json", allowsFontFallback: true)
        let allowedPort = try allowed.start()
        defer { allowed.stop() }
        #expect(!get(allowedPort, "/").body.contains("class=\"error\"") && get(allowedPort, "/page/0.html").body.contains("Apple"))
    }

    /// Only the pages of the render, by exact path, for a loopback Host.
    @Test func servesNothingElseToNoOneElse() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = PreviewServer(document: root + "/screen.json")
        let port = try server.start()
        defer { server.stop() }
        for path in ["/screen.json", "/templates/Row.xml", "/../screen.json", "/%2e%2e/screen.json", "/%2E%2E%2Fscreen.json", "//etc/passwd",
                     "/page/0.html/../screen.json", "/page/../screen.json", "/page/2.html", "/page/00.html", "/page/-1.html", "/page/1e0.html",
                     "/page/99999999999999999999.html", "/index.html", "/.git/config"] {
            #expect(get(port, path).status == 404, "\(path)")
        }
        #expect(get(port, "/", host: "evil.example").status == 403, "DNS rebinding: another host name")
        #expect(get(port, "/", host: "127.0.0.1:1").status == 403)
        #expect(request(port, "GET / HTTP/1.1\r\n\r\n").status == 403, "no Host at all")
        #expect(get(port, "/", host: "localhost:\(port)").status == 200)
        #expect(request(port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n").status == 405)
        #expect(request(port, "nonsense\r\n\r\n").status == 400)
        // The page's script is the only one allowed, by its hash.
        #expect(PreviewServer.pageCSP.contains("script-src 'sha256-") && !PreviewServer.pageCSP.contains("unsafe-eval"))
    }

    /// A project: each document in each variant it names, side by side; a folder: each of its
    /// documents, light and dark.
    @Test func aProjectsVariantsAndAFoldersDocuments() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try #"{"documents": ["screen.json"], "devices": ["iphone-se"], "appearances": ["light", "dark"], "contentSizes": ["large", "AX3"], "locales": ["en", "en-XA"], "scales": [2]}"#
            .write(toFile: root + "/tablerender.json", atomically: true, encoding: .utf8)
        let project = PreviewServer(document: root + "/tablerender.json")
        let port = try project.start()
        defer { project.stop() }
        let page = get(port, "/").body
        let titles = page.components(separatedBy: "<figcaption>").dropFirst().map { $0.components(separatedBy: "</figcaption>")[0] }
        #expect(titles.count == 8, "2 appearances × 2 text sizes × 2 locales: \(titles)")
        #expect(titles.contains("screen.json — iphone-se.AX3.en-XA.dark@2x"), "\(titles)")
        // Each page is its variant: the en-XA ones pseudo-localised, the others not.
        for (index, title) in titles.enumerated() {
            let body = get(port, "/page/\(index).html").body
            #expect(body.contains("[Åþþļé") == title.contains("en-XA"), "\(title)")
        }

        let folderServer = PreviewServer(document: root)
        let folderPort = try folderServer.start()
        defer { folderServer.stop() }
        let folderPage = get(folderPort, "/").body
        #expect(folderPage.contains("<figcaption>screen.json — light</figcaption>") && folderPage.contains("<figcaption>screen.json — dark</figcaption>"))
        #expect(!folderPage.contains("tablerender.json —"), "a project file in the folder is not a document")
    }

    /// The lint's findings, numbered under the pages, are marked with their numbers on the rows
    /// they concern, in every page of that layout; an id cannot break out of the marking style.
    @Test func findingsAreMarkedOnTheirRows() throws {
        let long = String(repeating: "Honeycrisp ", count: 12)
        let root = Repository.folder(with: [
            "screen.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"id": "fruit", "header": "Fruit", "items": ["#
                + #"{"id": "short", "template": "Row", "values": {"title": "Apple"}}, {"id": "long</style>\"x", "template": "Row", "values": {"title": "\#(long)"}}]}]}"#,
            "templates/Row.xml": #"<cell><stack padding="11 16"><label text="{title}" color="label" lines="1"/></stack></cell>"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = PreviewServer(document: root + "/screen.json")
        let port = try server.start()
        defer { server.stop() }
        let page = get(port, "/").body
        // The header's contrast (iOS's own secondaryLabel on groupedBackground) and the cut title.
        #expect(page.contains("<li>1. screen.json header ($.sections[0].header): contrast"), "\(page)")
        #expect(page.contains("<li>2. screen.json long&lt;/style&gt;&quot;x ($.sections[0].items[1]): text cut"), "\(page)")
        #expect(!page.contains("<li>3. "), "two findings: \(page)")
        for index in 0..<2 {
            let body = get(port, "/page/\(index).html").body
            let selector = #"section[data-id="fruit"] li[data-id="long\3c \2f style\3e \22 x"]"#
            #expect(body.contains(selector + "{outline:2px solid #d97706"), "\(body.prefix(3000))")
            #expect(body.contains(selector + "::before{content:\"2\";"))
            #expect(body.contains(#"section[data-id="fruit"] > h2::before{content:"1";"#))
            #expect(body.components(separatedBy: "</style>").count == 3, "the page's style and the marking's, nothing more")
            #expect(!body.contains(#"li[data-id="short"]"#), "a row without findings is not marked")
        }
    }

    /// Changes come from the kernel (inotify), not from looking: with looking set to once a
    /// minute, a saved document, a template in a folder made after the server started, and a
    /// file moved into place (as editors save) still show within seconds (5 s allowed on a busy
    /// machine, against a minute of polling).
    @Test func changesComeFromTheKernelNotFromPolling() throws {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = PreviewServer(document: root + "/screen.json", interval: 60)
        let port = try server.start()
        defer { server.stop() }
        var version = server.version
        let document = root + "/screen.json"
        let original = try String(contentsOfFile: document, encoding: .utf8)
        try original.replacingOccurrences(of: "Apple", with: "Medlar").write(toFile: document, atomically: false, encoding: .utf8)
        #expect(waitForVersion(after: version, server, seconds: 5))
        #expect(get(port, "/page/0.html").body.contains("Medlar"))

        // A folder made now, then a template in it that the document starts to use.
        version = server.version
        try FileManager.default.createDirectory(atPath: root + "/more/deeper", withIntermediateDirectories: true)
        #expect(waitForVersion(after: version, server, seconds: 5))
        version = server.version
        try #"<cell><stack padding="11 16"><label text="{title} (new)" color="label"/></stack></cell>"#
            .write(toFile: root + "/more/deeper/Row.xml", atomically: false, encoding: .utf8)
        #expect(waitForVersion(after: version, server, seconds: 5), "a file in a folder made after the start is seen")
        version = server.version
        // Saved as editors save: a new file renamed over the old one.
        try original.replacingOccurrences(of: "\"templates\"]", with: "\"more/deeper\"]").replacingOccurrences(of: "Apple", with: "Quince")
            .write(toFile: document, atomically: true, encoding: .utf8)
        #expect(waitForVersion(after: version, server, seconds: 5))
        #expect(get(port, "/page/0.html").body.contains("Quince (new)"))
    }

    /// A document with section states: each scene beside the initial one, in each appearance,
    /// each page drawn in its own state.
    @Test func eachSceneOfADocumentWithStates() throws {
        let root = Repository.folder(with: [
            "list.json": #"{"sections": [{"id": "more", "items": [{"id": "a", "template": "basic", "values": {"title": "Always"}}, "#
                + #"{"id": "b", "template": "basic", "values": {"title": "Unfolded only"}}], "states": {"folded": ["a"], "unfolded": ["a", "b"]}, "initialState": "folded"}]}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let server = PreviewServer(document: root + "/list.json")
        let port = try server.start()
        defer { server.stop() }
        let page = get(port, "/").body
        let titles = page.components(separatedBy: "<figcaption>").dropFirst().map { $0.components(separatedBy: "</figcaption>")[0] }
        #expect(titles == ["light", "light · more.unfolded", "dark", "dark · more.unfolded"], "\(titles)")
        let folded = get(port, "/page/0.html").body, unfolded = get(port, "/page/1.html").body
        func rows(_ html: String) -> [String] {
            html.components(separatedBy: "<li ").dropFirst().compactMap { $0.components(separatedBy: "data-id=\"").dropFirst().first?.components(separatedBy: "\"").first }
        }
        #expect(rows(folded) == ["a"] && rows(unfolded) == ["a", "b"], "\(rows(folded)) \(rows(unfolded))")
    }

    @Test func theCommandsUsageErrors() {
        let root = folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(Run(["preview"]).code == 64)
        #expect(Run(["preview", "/nonexistent.json"]).code == 66)
        let port = Run(["preview", root + "/screen.json", "--port", "70000"])
        #expect(port.code == 64 && port.err.contains("expected 1 to 65535"), "\(port.err)")
    }
}
