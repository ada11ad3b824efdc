import Foundation
import TableRender
import TestSupport
import Testing

@Suite struct HTMLRendererTests {
    func page(_ example: String, appearance: Appearance? = nil) throws -> String {
        let loaded = try LoadedDocument(path: Repository.path("Examples/\(example)/\(example).json"))
        return try loaded.renderer.html(try loaded.layout(), appearance: appearance, language: loaded.document.language)
    }

    /// The whole page of two examples as golden text: structure, classes, styles, data-heights.
    @Test(arguments: ["settings", "headers"])
    func pageMatchesGoldenFile(example: String) throws {
        #expect(Golden.check(try page(example), "\(example).html") == nil)
    }

    @Test func pageIsSelfContainedAndSemantic() throws {
        let html = try page("feed")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;"))
        #expect(html.contains("<title>Feed</title>"))
        #expect(html.contains("@media (prefers-color-scheme: dark)"))
        #expect(html.contains("<section id=\"section-today\""))
        #expect(html.contains("<h2 data-height="))
        #expect(html.contains("{background-image:url(\"data:image/svg+xml;base64,"))
        #expect(html.contains("{background-image:url(\"data:image/png;base64,"))
        // The JPEG cover is larger than twice its box: it is resampled, as PNG.
        #expect(!html.contains("data:image/jpeg"))
        #expect(html.contains("role=\"img\" aria-label=\"Ada Lovelace\""))
        #expect(!html.contains("src=\"http") && !html.contains("url(\"http") && !html.contains("url(http"))
        // A body cut at 3 lines: its lines (the last ending in the ellipsis) shown to the eye,
        // its whole text there for copying and assistive technology; no line clamping left to
        // the browser.
        #expect(html.contains("<span class=\"sr\">Each row knows its height"))
        #expect(html.contains("<span class=\"t\" aria-hidden=\"true\">Each row knows its height"))
        #expect(html.contains("…</span></span>"))
        #expect(!html.contains("line-clamp"))
        #expect(html.contains(".plain h2{position:sticky;top:0"))
        let settings = try page("settings")
        #expect(settings.contains("role=\"switch\" aria-checked=\"true\" aria-label=\"Notifications\""))
        #expect(settings.contains("role=\"img\" aria-label=\"More\""))
        #expect(settings.contains("<a class=\"row\" href=\"https://example.com/share\">"))
        #expect(settings.contains("data-height=\"44\""))
    }

    /// Each image is in the page once, however many rows show it (the feed shows its three
    /// avatars in eight posts), and a picture larger than twice its largest displayed size is
    /// made that size (before, 8 images used 120 times made a 6.4 MB page).
    @Test func eachImageIsInThePageOnceAtTwiceItsLargestSize() throws {
        let html = try page("feed")
        let uris = html.components(separatedBy: "url(\"data:").count - 1
        let shown = html.components(separatedBy: "role=\"img\"").count - 1
        #expect(uris == 6 && shown >= 11, "\(uris) images written for \(shown) shown")
        // A 780 × 1,186 picture (the settings example, rendered) shown at 40 × 40.
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let settings = try LoadedDocument(path: Repository.path("Examples/settings/settings.json"))
        let picture = try settings.renderer.png(try settings.layout(), scale: 2)[0]
        try FileManager.default.createDirectory(atPath: folder + "/assets", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/assets/big.png", contents: Data(picture))
        _ = FileManager.default.createFile(atPath: folder + "/t/Avatar.xml", contents: nil)
        try FileManager.default.createDirectory(atPath: folder + "/t", withIntermediateDirectories: true)
        try #"<cell><stack axis="horizontal" spacing="8"><image source="{avatar}" width="40" height="40"/><label text="{title}"/></stack></cell>"#
            .write(toFile: folder + "/t/Avatar.xml", atomically: true, encoding: .utf8)
        let rows = (0..<30).map { #"{"id": "r\#($0)", "template": "Avatar", "values": {"avatar": "big.png", "title": "Row \#($0)"}}"# }
        try #"{"templates": ["t"], "assets": "assets", "sections": [{"items": [\#(rows.joined(separator: ","))]}]}"#
            .write(toFile: folder + "/doc.json", atomically: true, encoding: .utf8)
        let loaded = try LoadedDocument(path: folder + "/doc.json")
        let page = try loaded.renderer.html(try loaded.layout())
        #expect(page.components(separatedBy: "url(\"data:").count - 1 == 1)
        let encoded = try #require(page.components(separatedBy: "url(\"data:image/png;base64,").dropFirst().first?.components(separatedBy: "\"").first)
        let bytes = try #require(Data(base64Encoded: encoded))
        let header = [UInt8](bytes.prefix(24))
        let width = header[16...19].reduce(0) { $0 << 8 | Int($1) }, height = header[20...23].reduce(0) { $0 << 8 | Int($1) }
        #expect(width <= 80 && height <= 80 && max(width, height) == 80, "\(width) × \(height)")
        #expect(bytes.count < picture.count / 10)
    }

    @Test func forcedAppearanceHasOnePalette() throws {
        let dark = try page("settings", appearance: .dark)
        #expect(!dark.contains("prefers-color-scheme"))
        #expect(dark.contains("<meta name=\"color-scheme\" content=\"dark\">"))
        #expect(dark.contains("--c-label:#FFFFFF;"))
    }

    @Test func everyTextIsEscaped() throws {
        let hostile = "<script>alert('x')</script> & \"q\""
        let renderer = try Renderer(theme: Repository.path("Themes/ios"))
        let table = Table(title: hostile) {
            Section(id: "a\"><b>", header: hostile) { Item.basic(Row.one, title: hostile, link: "/relative?a=\"<b>\"") }
        }
        let html = try renderer.html(try renderer.layout(table))
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;q&quot;"))
        #expect(html.contains("href=\"/relative?a=&quot;&lt;b&gt;&quot;\""))
        #expect(html.contains("id=\"section-a&quot;&gt;&lt;b&gt;\""))
    }

    @Test func refusedLinksAreErrors() throws {
        let renderer = try Renderer(theme: Repository.path("Themes/ios"))
        for link in ["javascript:alert(1)", " javascript:x", "data:text/html,x", "file:///etc/passwd"] {
            let table = Table { Section(id: "s") { Item.basic(Row.one, title: "x", link: link) } }
            #expect(throws: Diagnostic.self) { try renderer.layout(table) }
        }
        for link in ["https://a.org/x", "http://a.org", "mailto:a@b.org", "page.html#x", "/x:y", "?q=a:b"] {
            let table = Table { Section(id: "s") { Item.basic(Row.one, title: "x", link: link) } }
            #expect(throws: Never.self) { _ = try renderer.layout(table) }
        }
    }

    private enum Row: String { case one }
}

@Suite struct HTMLBadInputTests {
    @Test func imageThatCannotBeInlinedIsAnErrorAndNothingIsWritten() throws {
        let folder = Repository.folder(with: [
            "doc.json": #"{"templates": ["t"], "sections": [{"items": [{"template": "T", "values": {"i": "fake.png"}}]}]}"#,
            "t/T.xml": #"<cell><image source="{i}" width="10" height="10"/></cell>"#,
            "fake.png": "GIF89a, not what the name says",
        ])
        var options = RenderOptions()
        options.formats = [.html]
        options.outputDirectory = folder + "/out"
        do {
            _ = try LoadedDocument(path: folder + "/doc.json").render(options)
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == 65)
            // Refused when the item is bound, at the value's place in the document.
            #expect(error.description.contains("doc.json:1:"), "\(error)")
            #expect(error.description.contains("image 'fake.png': not a PNG, JPEG, SVG or PDF image"), "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out/doc/doc.html"))
    }
}

@Suite struct StreamedHTMLTests {
    /// An HTML page alone is written block by block while the next window of rows is measured;
    /// it must be the very page written from the whole layout, whatever the window.
    /// A page alone measures plain Latin paragraphs from their words and keeps no layout; here
    /// the whole layout is made with every paragraph laid out by Pango instead.
    @Test(arguments: ["catalogue", "feed", "settings", "headers", "states", "bench"])
    func streamedPageIsTheSamePage(example: String) throws {
        let path = example == "bench" ? try BenchDocument.write() : Repository.path("Examples/\(example)/\(example).json")
        var whole = RenderOptions()
        whole.formats = example == "bench" ? [.html, .pdf] : [.html, .png]
        whole.scale = 1
        whole.outputDirectory = Repository.temporaryFolder()
        var streamed = RenderOptions()
        streamed.formats = [.html]
        streamed.streamWindow = 7
        streamed.outputDirectory = Repository.temporaryFolder()
        let shaped = try LoadedDocument(path: path)
        shaped.renderer.engine.text.usesWords = false
        _ = try shaped.render(whole)
        _ = try LoadedDocument(path: path).render(streamed)
        let a = try String(contentsOfFile: whole.outputDirectory + "/\(example)/\(example).html", encoding: .utf8)
        let b = try String(contentsOfFile: streamed.outputDirectory + "/\(example)/\(example).html", encoding: .utf8)
        #expect(a == b)
    }
}
