import Foundation
import Synchronization
import TableRenderCLI
import TestSupport
import Testing

/// Drives the command as a shell would and checks stdout, stderr and the exit code.
///
/// The folders `--allow-read` allows and the working directory are the process's, and tests run
/// in parallel: a run that sets either (or reads with them) holds `RunLock` alone; the others,
/// which reset the allowed folders to none, share it.
struct Run {
    var code: Int32
    var out: String
    var err: String

    init(_ arguments: [String], in directory: String? = nil) {
        let exclusive = directory != nil || arguments.contains("--allow-read")
        RunLock.acquire(exclusive: exclusive)
        defer { RunLock.release(exclusive: exclusive) }
        let captured = (out: Captured(), err: Captured())
        let command = TableRenderCommand(stdout: captured.out.append, stderr: captured.err.append, terminalWidth: 80)
        let previous = FileManager.default.currentDirectoryPath
        if let directory { _ = FileManager.default.changeCurrentDirectoryPath(directory) }
        code = command.run(arguments)
        _ = FileManager.default.changeCurrentDirectoryPath(previous)
        out = captured.out.text
        err = captured.err.text
    }
}

/// A readers-writer lock over the process's allowed folders and working directory, for `Run`.
enum RunLock {
    private static let state = Mutex((readers: 0, writing: false))

    static func acquire(exclusive: Bool) {
        while !state.withLock({ state -> Bool in
            if state.writing || (exclusive && state.readers > 0) { return false }
            if exclusive { state.writing = true } else { state.readers += 1 }
            return true
        }) {
            usleep(500)
        }
    }

    static func release(exclusive: Bool) {
        state.withLock { state in
            if exclusive { state.writing = false } else { state.readers -= 1 }
        }
    }
}

@Suite(.serialized) struct CommandTests {
    @Test func helpAndVersion() {
        let help = Run(["--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("OVERVIEW: Render list screens"))
        #expect(help.out.contains("SUBCOMMANDS:"))
        let renderHelp = Run(["render", "--help"])
        #expect(renderHelp.code == 0)
        #expect(renderHelp.out.contains("USAGE: tablerender render <document> ..."))
        #expect(renderHelp.out.contains("  -f, --format <format>"))
        #expect(renderHelp.out.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE") })
        for sub in ["check", "themes", "templates", "snapshot", "scenes", "gallery", "preview", "lint"] { #expect(Run([sub, "--help"]).code == 0, "\(sub)") }
        #expect(Run(["help", "check"]).out.hasPrefix("OVERVIEW: Validate"))
        for asked in [["help"], ["help", "--help"], ["help", "-h"], ["help", "help"]] {
            let shown = Run(asked)
            #expect(shown.code == 0 && shown.out.hasPrefix("OVERVIEW: Render list screens"), "\(asked): \(shown.code) \(shown.err)")
        }
        let version = Run(["--version"])
        #expect(version.code == 0 && version.out == TableRenderCommand.version + "\n")
    }

    /// `--width`, `--page`, `--content-size`, `--locale` and `--direction` are one option group:
    /// every subcommand that takes one refuses a bad value with the same words.
    @Test func theVariantOptionsSayTheSameEverywhere() {
        let cases: [([String], String)] = [
            (["--width", "nan"], "Error: The value 'nan' is invalid for '--width <width>'; expected points from 1 to 10000"),
            (["--content-size", "AX9"], "Error: The value 'AX9' is invalid for '--content-size <category>'; expected one of: "),
            (["--direction", "rlt"], "Error: The value 'rlt' is invalid for '--direction <direction>'; expected one of: ltr, rtl (did you mean 'rtl'?)"),
            (["--locale", "en_US!"], "Error: The value 'en_US!' is invalid for '--locale <tag>'; expected a language tag"),
            (["--page", "a5"], "Error: The value 'a5' is invalid for '--page <page>'; expected one of: "),
        ]
        let takes: [String: Set<String>] = ["render": ["--width", "--content-size", "--direction", "--locale", "--page"],
                                            "lint": ["--width", "--content-size", "--direction", "--locale", "--page"],
                                            "preview": ["--width"], "gallery": ["--width"], "check": ["--locale"]]
        for (subcommand, options) in takes.sorted(by: { $0.key < $1.key }) {
            for (arguments, message) in cases where options.contains(arguments[0]) {
                let run = Run([subcommand, "x.json"] + arguments)
                #expect(run.code == 64 && run.err.hasPrefix(message), "\(subcommand) \(arguments): \(run.err)")
            }
        }
    }

    @Test func usageErrorsExit64WithAHint() {
        let unknown = Run(["render", "doc.json", "--fromat", "png"])
        #expect(unknown.code == 64)
        #expect(unknown.err == """
            Error: Unknown option '--fromat'; did you mean '--format'?
            Usage: tablerender render <document> ... [--format <format>] [--out <dir>] [--theme <theme>] [--appearance <appearance>] [--scale <scale>] [--width <width>] [--page <page>]
              See 'tablerender render --help' for more information.

            """)
        #expect(Run(["render", "x.json", "--scale", "4"]).err.hasPrefix("Error: The value '4' is invalid for '--scale <scale>'; expected one of: 1, 2, 3"))
        #expect(Run(["render", "x.json", "--format", "jpg"]).code == 64)
        #expect(Run(["render", "x.json", "--width", "nan"]).code == 64)
        #expect(Run(["render", "x.json", "--page", "a5"]).code == 64)
        #expect(Run(["render"]).err.hasPrefix("Error: Missing expected argument '<document>'"))
        #expect(Run(["rendr"]).err.hasPrefix("Error: Unknown subcommand 'rendr'; did you mean 'render'?"))
        #expect(Run([]).code == 64)
        #expect(Run(["render", "x.json", "--out"]).err.hasPrefix("Error: Missing value for '--out <dir>'"))
    }

    @Test func rendersEveryFormatAndAppearance() throws {
        let out = Repository.temporaryFolder()
        let run = Run(["render", Repository.path("Examples/settings/settings.json"), "--format", "png,pdf", "--appearance", "both", "--scale", "3", "--out", out])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.err.isEmpty)
        #expect(run.out == ["settings@3x.png", "settings.pdf", "settings.dark@3x.png", "settings.dark.pdf"].map { "\(out)/settings/\($0)\n" }.joined())
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/settings").sorted() == ["settings.dark.pdf", "settings.dark@3x.png", "settings.pdf", "settings@3x.png"])
        let quiet = Run([Repository.path("Examples/settings/settings.json"), "-q", "-o", out, "--scale", "1", "--page", "letter"])
        #expect(quiet.code == 0 && quiet.out.isEmpty)
        #expect(FileManager.default.fileExists(atPath: out + "/settings/settings.png"))
    }

    /// `--format layout` writes every block's and view's frame as JSON: the rows of the document
    /// in order, each inside its page and each view inside its parent, labels with their lines.
    @Test func writesTheLayoutAsJSON() throws {
        let out = Repository.temporaryFolder()
        let run = Run(["render", Repository.path("Examples/settings/settings.json"), "--format", "layout", "--out", out])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out == "\(out)/settings/settings.layout.json\n")
        let data = try Data(contentsOf: URL(fileURLWithPath: out + "/settings/settings.layout.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let pages = try #require(root["pages"] as? [[String: Any]])
        #expect(pages.count == 1)
        let blocks = try #require(pages[0]["blocks"] as? [[String: Any]])
        let rows = blocks.filter { $0["kind"] as? String == "row" }.compactMap { $0["id"] as? String }
        #expect(rows.prefix(3) == ["manageAccounts", "activeAccount", "defaultCountry"])
        let pageWidth = try #require(pages[0]["width"] as? Double)
        var labels: [String] = []
        func check(_ view: [String: Any], width: Double, height: Double) {
            guard let frame = view["frame"] as? [Double], frame.count == 4 else { Issue.record("no frame in \(view)"); return }
            #expect(frame[0] >= -0.001 && frame[1] >= -0.001 && frame[0] + frame[2] <= width + 0.001 && frame[1] + frame[3] <= height + 0.001,
                    "\(frame) outside \(width)×\(height)")
            if let lines = view["lines"] as? [String] { labels.append(lines.joined(separator: " ")) }
            for child in view["children"] as? [[String: Any]] ?? [] { check(child, width: frame[2], height: frame[3]) }
        }
        var previousY = -1.0
        for block in blocks {
            let frame = try #require(block["frame"] as? [Double])
            #expect(frame[0] >= 0 && frame[0] + frame[2] <= pageWidth && frame[1] >= previousY)
            previousY = frame[1]
            if let view = block["view"] as? [String: Any] { check(view, width: frame[2], height: frame[3]) }
        }
        #expect(labels.contains("Manage Coach IDs") && labels.contains("Active Coach ID"))
        #expect(Run(["render", "--help"]).out.contains("layout (every frame as JSON)"))
    }

    @Test func checkValidatesWithoutWriting() {
        let run = Run(["check", Repository.path("Examples/feed/feed.json"), Repository.path("Themes/ios/templates/value1.xml"), Repository.path("Themes/print")])
        #expect(run.code == 0, "\(run.err)")
        // An "ok" for each file, and which font drew the system font for the document.
        #expect(run.out.split(separator: "\n").count == 4)
        #expect(run.out.contains("feed.json: system font: Inter and Inter Display, standing in for SF Pro (not installed here)")
                || run.out.contains("feed.json: system font: SF Pro"), "\(run.out)")
        #expect(Run(["check", "/nonexistent.json"]).code == 66)
    }

    @Test func listsThemesAndTemplates() {
        let themes = Run(["themes"])
        #expect(themes.out.contains("ios\t") && themes.out.contains("print\t"))
        let templates = Run(["templates"])
        #expect(templates.out.contains("value1\tcell\taccessory,detail,image,switch,title\n"))
        let reference = Run(["templates", "--reference"])
        #expect(reference.out.hasPrefix("| element | attribute |"))
    }
}

/// Bad input of every kind: a precise message, exit code 65 or 66, nothing written.
@Suite(.serialized) struct BadInputTests {
    static let template = #"<cell><stack><label text="{title}"/><image source="{icon}" width="10" height="10"/></stack></cell>"#

    func render(_ files: [String: String], document: String = "doc.json", extra: (String) -> Void = { _ in }) -> (Run, [String]) {
        let folder = Repository.folder(with: files)
        extra(folder)
        let out = folder + "/Output"
        let run = Run(["render", folder + "/" + document, "--format", "png,pdf", "--out", out])
        let written = (FileManager.default.enumerator(atPath: out)?.allObjects as? [String]) ?? []
        return (run, written.filter { !$0.hasSuffix("doc") })
    }

    func document(_ values: String, template: String = "Row") -> String {
        #"{"templates": ["t"], "sections": [{"items": [{"template": "\#(template)", "values": \#(values)}]}]}"#
    }

    @Test(arguments: [
        ("malformed XML", ["t/Row.xml": "<cell><stack></cell>"], #"{"title": "x"}"#, 65, "t/Row.xml:1:21: error: malformed XML: Opening and ending tag mismatch: stack line 1 and cell"),
        ("unknown element", ["t/Row.xml": "<cell><lable/></cell>"], #"{"title": "x"}"#, 65, "t/Row.xml:1:7: error: unknown element '<lable>'; did you mean '<label>'?"),
        ("unknown attribute", ["t/Row.xml": #"<cell><label txet="a"/></cell>"#], #"{"title": "x"}"#, 65, "t/Row.xml:1:14: error: unknown attribute 'txet'; did you mean 'text'?"),
        ("unknown colour", ["t/Row.xml": #"<cell><label text="a" color="lable"/></cell>"#], #"{}"#, 65, "t/Row.xml:1:7: error: color: unknown colour token 'lable'; did you mean 'label'?"),
        ("unknown font", ["t/Row.xml": #"<cell><label text="a" font="bdy"/></cell>"#], #"{}"#, 65, "t/Row.xml:1:7: error: font: unknown font token 'bdy'; did you mean 'body'?"),
        ("billion laughs", ["t/Row.xml": "<!DOCTYPE a [<!ENTITY a \"aaaa\"><!ENTITY b \"&a;&a;&a;&a;\">]><cell/>"], #"{}"#, 65, "t/Row.xml:1:1: error: DOCTYPE and entity declarations are not allowed in templates"),
        ("external entity", ["t/Row.xml": "<!DOCTYPE cell [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><cell/>"], #"{}"#, 65, "t/Row.xml:1:1: error: DOCTYPE and entity declarations are not allowed in templates"),
        ("NaN size", ["t/Row.xml": #"<cell><label text="a" width="NaN"/></cell>"#], #"{}"#, 65, "t/Row.xml:1:23: error: width=\"NaN\": expected a finite number ≥ 0, a percentage from 0% to 1000%, or auto"),
        ("infinite size", ["t/Row.xml": #"<cell><label text="a" height="inf"/></cell>"#], #"{}"#, 65, "t/Row.xml:1:23: error: height=\"inf\": expected a finite number ≥ 0, a percentage from 0% to 1000%, or auto"),
        ("negative size", ["t/Row.xml": #"<cell><label text="a" minWidth="-1"/></cell>"#], #"{}"#, 65, "t/Row.xml:1:23: error: minWidth=\"-1\": expected a finite number ≥ 0"),
        ("deep nesting", ["t/Row.xml": "<cell>" + String(repeating: "<box>", count: 50) + String(repeating: "</box>", count: 50) + "</cell>"], #"{}"#, 65, "elements nested deeper than 48 levels"),
    ] as [(String, [String: String], String, Int32, String)])
    func badTemplates(name: String, files: [String: String], values: String, code: Int32, message: String) {
        var all = files
        all["doc.json"] = document(values)
        let (run, written) = render(all)
        #expect(run.code == code, "\(name): \(run.err)")
        #expect(run.err.contains(message), "\(name): \(run.err)")
        #expect(written.isEmpty, "\(name) wrote \(written)")
    }

    @Test(arguments: [
        ("unknown template", #"{"title": "x"}"#, "Rwo", 65, "doc.json:1:46: error: at $.sections[0].items[0].template: unknown template 'Rwo'; did you mean 'Row'?"),
        ("unknown outlet", #"{"titel": "x"}"#, "Row", 65, "doc.json:1:46: error: at $.sections[0].items[0].values.titel: unknown outlet 'titel'; did you mean 'title'?"),
        ("missing image", #"{"icon": "nope.png"}"#, "Row", 66, "image 'nope.png': no such file 'nope.png'"),
        ("escaping image", #"{"icon": "../../../../../../etc/passwd"}"#, "Row", 65, "image '../../../../../../etc/passwd': path '../../../../../../etc/passwd' leaves the document's folder"),
        ("absolute image", #"{"icon": "/etc/passwd"}"#, "Row", 65, "image '/etc/passwd': absolute path '/etc/passwd' is not allowed"),
        ("symlinked image", #"{"icon": "link.png"}"#, "Row", 65, "image 'link.png': path 'link.png' is a link that leads out of the document's folder"),
        ("not an image", #"{"icon": "doc.json"}"#, "Row", 65, "image 'doc.json' is not a PNG, JPEG or SVG file"),
        ("URL image", #"{"icon": "http://example.com/a.png"}"#, "Row", 65, "is not a file path (URLs are not read)"),
    ] as [(String, String, String, Int32, String)])
    func badBindings(name: String, values: String, template: String, code: Int32, message: String) {
        let (run, written) = render(["doc.json": document(values, template: template), "t/Row.xml": Self.template]) { folder in
            try? FileManager.default.createSymbolicLink(atPath: folder + "/link.png", withDestinationPath: "/etc/passwd")
        }
        #expect(run.code == code, "\(name): \(run.err)")
        #expect(run.err.contains(message), "\(name): \(run.err)")
        #expect(written.isEmpty, "\(name) wrote \(written)")
    }

    @Test(arguments: [
        ("invalid JSON", "{\"sections\": [}", 65, "doc.json:1:15: error: invalid JSON: expected a JSON value"),
        ("wrong type", #"{"sections": [{"items": 3}]}"#, 65, "doc.json:1:25: error: at $.sections[0].items: expected an array of items, found a number"),
        ("control character", #"{"title": "a\u001Bb", "sections": []}"#, 65, "doc.json:1:11: error: at $.title: control character U+001B in text"),
        ("unknown theme", #"{"theme": "iso", "sections": []}"#, 66, "doc.json:1:11: error: at $.theme: unknown theme 'iso'; did you mean 'ios'?"),
    ] as [(String, String, Int32, String)])
    func badDocuments(name: String, json: String, code: Int32, message: String) {
        let (run, written) = render(["doc.json": json])
        #expect(run.code == code, "\(name): \(run.err)")
        #expect(run.err.contains(message), "\(name): \(run.err)")
        #expect(written.isEmpty)
    }

    @Test func fontThatIsNotInstalledIsAnErrorUnlessFallbackIsAllowed() {
        let files = ["doc.json": document(#"{"title": "x"}"#), "t/Row.xml": #"<cell><label text="{title}" font="Helvetica Neue 17"/></cell>"#]
        let (run, written) = render(files)
        #expect(run.code == 65)
        // The substitute is fontconfig's, as fc-match names it on this machine.
        let substitute = Tool.run("fc-match", ["-f", "%{family[0]}", "Helvetica Neue"]).output
        #expect(!substitute.isEmpty)
        #expect(run.err.hasSuffix("doc.json: error: font 'Helvetica Neue' is not installed (fontconfig would use '\(substitute)' instead, and output would differ from other machines); install it, put its font file in the theme's fonts folder, or allow the substitution with --allow-font-fallback\n"))
        #expect(written.isEmpty)
        let folder = Repository.folder(with: files)
        #expect(Run(["render", folder + "/doc.json", "--allow-font-fallback", "--out", folder + "/out"]).code == 0)
    }

    /// A character no installed font has (U+0870, an Arabic letter of Unicode 14 that no Debian
    /// font has yet) is an error naming the value, the script and a package; with
    /// --allow-font-fallback it is drawn as a box. Before, it was a box with exit 0.
    @Test func aCharacterNoFontHasIsAnErrorUnlessFallbackIsAllowed() {
        let missing = "Row \u{0870} here"
        let files = ["doc.json": #"{"sections": [{"id": "s", "header": "Header", "items": [{"id": "a", "values": {"title": "Fine"}}, {"id": "b", "template": "subtitle", "values": {"title": "Fine", "subtitle": "\#(missing)"}}]}]}"#]
        let (run, written) = render(files)
        #expect(run.code == 65)
        #expect(run.err.contains("doc.json:1:") && run.err.contains("at $.sections[0].items[1].values.subtitle: no installed font has U+0870 (Arabic) in \"Row \u{0870} here\""), "\(run.err)")
        #expect(run.err.contains("apt-get install fonts-noto-core") && run.err.contains("--allow-font-fallback"))
        #expect(written.isEmpty)
        let folder = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(Run(["check", folder + "/doc.json"]).code == 65)
        #expect(Run(["render", folder + "/doc.json", "--format", "html", "--out", folder + "/html"]).code == 65)
        #expect(Run(["render", folder + "/doc.json", "--allow-font-fallback", "--out", folder + "/out"]).code == 0)
        // In a header given as text, the header is named.
        let header = ["doc.json": #"{"sections": [{"header": "Head \#(missing)", "items": [{"values": {"title": "Fine"}}]}]}"#]
        let (headerRun, _) = render(header)
        #expect(headerRun.err.contains("at $.sections[0].header: no installed font has U+0870"), "\(headerRun.err)")
        // A code point Unicode assigns nothing to (U+0378, among the Greek letters) is no
        // character of any script, and no font can help: it is named so, with no package.
        let (unassigned, _) = render(["doc.json": #"{"sections": [{"items": [{"values": {"title": "A \u0378 B"}}]}]}"#])
        #expect(unassigned.code == 65 && unassigned.err.contains("U+0378 is not a character (Unicode assigns nothing to it, so no font can draw it)"), "\(unassigned.err)")
        #expect(!unassigned.err.contains("Greek") && !unassigned.err.contains("apt-get"), "\(unassigned.err)")
    }

    @Test func missingDocumentExits66() {
        let run = Run(["render", "/nonexistent/doc.json"])
        #expect(run.code == 66)
        #expect(run.err == "/nonexistent/doc.json: error: no such document\n")
    }

    @Test func scriptInTextIsJustText() throws {
        let (run, written) = render(["doc.json": #"{"sections": [{"items": [{"values": {"title": "<script>alert('x')</script> & \"quotes\""}}]}]}"#])
        #expect(run.code == 0, "\(run.err)")
        #expect(written.count == 2)
    }
}
