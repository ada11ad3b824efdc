import Foundation
import TableCairo
import TableLayout
import TableModel
import TableRender
import TableSnapshot
import TableTemplates
import TableText

enum TableRenderSuggest {
    static func closest(_ name: String, _ known: [String]) -> String? {
        Suggestions.closest(to: name, in: known, limit: 1).first
    }
}

/// The `tablerender` command. `run` takes its words and two output streams, so tests drive it
/// exactly as a shell would and compare stdout, stderr and the exit code.
package struct TableRenderCommand {
    package static let version = "0.1.0"

    package var stdout: @Sendable (String) -> Void
    package var stderr: @Sendable (String) -> Void
    package var terminalWidth: Int
    /// Whether stderr is a terminal: then progress is a bar redrawn in place.
    package var isTerminal: Bool
    /// Ends the process with a message when an SVG or PDF image runs past `--image-deadline`
    /// (`DrawingDeadline`): set by the executable; nil in a process that must not end (tests),
    /// where images are drawn without a deadline.
    package var imageDeadlineExpired: (@Sendable (String) -> Never)?

    /// `environment`: the variables the run takes its settings from (`RuntimeSettings`): the
    /// command line is where the library's settings are read, once.
    package init(stdout: @escaping @Sendable (String) -> Void, stderr: @escaping @Sendable (String) -> Void, terminalWidth: Int = 80, isTerminal: Bool = false,
                 environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.stdout = stdout
        self.stderr = stderr
        self.terminalWidth = terminalWidth
        self.isTerminal = isTerminal
        self.environment = environment
    }

    /// The variables of the run's environment.
    let environment: [String: String]

    static let root = CommandSpec(
        name: "", overview: "Render list screens from JSON documents and Nib-like XML cell templates into PNG, PDF and HTML.",
        usage: "tablerender <subcommand>\n       tablerender [render] <document> ... [--format <format>] [--out <dir>] ...",
        options: [.init(names: ["--version"], value: nil, help: "Show the version.")],
        subcommands: [
            ("render (default)", "Render documents to PNG, PDF and HTML."),
            ("check", "Validate documents, templates and themes without rendering."),
            ("themes", "List the themes that can be used by name."),
            ("templates", "List a theme's templates, or print the template reference."),
            ("snapshot", "Record, verify or clean reference images of a project's variant matrix."),
            ("scenes", "List a storyboard's table view scenes and prototype cells."),
            ("gallery", "Draw every cell, header and scene of an app's XIBs and storyboards into one browsable page."),
            ("preview", "Serve a document's page on 127.0.0.1, drawn again and reloaded whenever a file it reads changes."),
            ("lint", "Find layout breakage: cut text, broken words, clipping, overflow, low contrast, missing glyphs."),
            ("help", "Show help for a subcommand."),
        ])

    /// Render, check, lint and snapshot read paths inside their own folders; this allows more.
    static let allowRead = CommandSpec.Option(names: ["--allow-read"], value: "folder", help: "Also read files in this folder when a document, project, catalog or theme path leads there (by default each is read inside its own folder: the document's, the project's, the folder a catalog or template is found in; repeat for several).", repeatable: true)

    static let imageDeadline = CommandSpec.Option(names: ["--image-deadline"], value: "seconds", help: "The longest an SVG or PDF image may take to be read or drawn (default 10; also more than 1 GB of memory): librsvg and poppler cannot be stopped, so past it the run ends with that image's error (exit 65).")

    static let render = CommandSpec(
        name: "render", overview: "Render documents to PNG, PDF and HTML.",
        usage: "tablerender render <document> ... [--format <format>] [--out <dir>] [--theme <theme>] [--appearance <appearance>] [--scale <scale>] [--width <width>] [--page <page>]",
        arguments: [("<document>", "A JSON document describing a table, or a storyboard (.storyboard) whose static table view is rendered.")],
        options: [
            allowRead,
            imageDeadline,
            .init(names: ["--content-size"], value: "category", help: "The reader's text size (Dynamic Type): xSmall, small, medium, large, xLarge, xxLarge, xxxLarge, AX1 … AX5; file names carry it unless large. (default: large)"),
            .init(names: ["--locale"], value: "tag", help: "The screen's language instead of the document's lang: the localized values' strings (.strings, .stringsdict, .xcstrings) and the HTML page's lang; the pseudo-locale en-XA writes every text accented, about 40 % longer and in brackets, to find truncation before translators do, and ar-XB shows English written right to left in a mirrored layout. A right-to-left language (ar, he, fa, ur…) lays the screen out right to left. File names carry it."),
            .init(names: ["--direction"], value: "direction", help: "ltr or rtl: lay the screen out in that direction whatever its language's (right to left for ar, he, fa, ur… and the pseudo-locale ar-XB). Right to left mirrors what UIKit mirrors: stacks, paddings, margins, overlays, separators, accessories, switches, leading and trailing constraints, and text's natural alignment. File names carry it."),
            .init(names: ["--contrast"], value: "contrast", help: "normal or high: high draws the screen as with the reader's Increase Contrast setting, every colour at its high-contrast value (the ios theme's system colours, an asset catalog colour set's High Contrast variant). File names carry it (<doc>.high-contrast@2x.png)."),
            .init(names: ["--strict-strings"], value: nil, help: "A localized value without its string is an error instead of a warning and a visible ⟦key⟧."),
            .init(names: ["--scene"], value: "scene", help: "The storyboard scene to render: its storyboard identifier, title, custom class or IB id (needed when the storyboard has several static tables; 'tablerender scenes' lists them)."),
            .init(names: ["-f", "--format"], value: "format", help: "png, pdf, html, layout (every frame as JSON) or accessibility (what VoiceOver would read, in its order, as text); repeat or separate with commas for several. (default: png)", repeatable: true),
            .init(names: ["-o", "--out"], value: "dir", help: "Output folder; each document gets a subfolder named after it. (default: Output)"),
            .init(names: ["--theme"], value: "theme", help: "A theme name or a path to a theme folder, instead of the document's."),
            .init(names: ["--appearance"], value: "appearance", help: "light, dark, or both. (default: light; an HTML page follows the reader's setting unless one is chosen)", repeatable: true),
            .init(names: ["--scale"], value: "scale", help: "Pixels per point of PNG images: 1, 2 or 3. (default: 2)"),
            .init(names: ["--png-compression"], value: "level", help: "zlib level of PNG files, 0 to 9: 1 is fast, 9 smallest. (default: 1)"),
            .init(names: ["--width"], value: "width", help: "Table width in points, instead of the document's or the theme's."),
            .init(names: ["--page"], value: "page", help: "content (one page sized to the table), a4, letter, or WIDTHxHEIGHT in points (390x844)."),
            .init(names: ["--states"], value: "section=state,...", help: "Render this scene (stateful sections in these states, the rest initial) instead of the default scenes; repeat for several.", repeatable: true),
            .init(names: ["--project"], value: "file", help: "Render the documentation images of a project file (every scene of every document in every variant) instead of documents, and print the layout lint's summary of them."),
            .init(names: ["--strict"], value: nil, help: "With --project: the layout lint's findings fail the run."),
            .init(names: ["--shard"], value: "K/N", help: "With --project: render only every N-th image, starting with the K-th (1-based), for CI matrices."),
            .init(names: ["--allow-font-fallback"], value: nil, help: "Let fontconfig substitute a font that is not installed instead of failing (output then differs between machines)."),
            .init(names: ["--changes"], value: nil, help: "Also write <doc>.changes.json: the changeset of every state transition."),
            .init(names: ["-q", "--quiet"], value: nil, help: "Print nothing but errors."),
        ],
        discussion: "Files are named <out>/<doc>/<name>[.<scene>][-<page>][.dark][@<scale>x].png, <out>/<doc>/<name>[.dark].pdf and <out>/<doc>/<name>[.light|.dark].html, where <name> is <doc>[.<text size>][.<locale>][.<direction>] (each when asked for and not the default) and a storyboard's <doc> is <storyboard>-<scene>; a document with stateful sections also gets one PNG per scene (<doc>.<section>.<state>…) and per transition (<doc>.transition.<section>.<from>-<to>…). Every file is written whole or not at all.")

    static let check = CommandSpec(
        name: "check", overview: "Validate documents, templates and themes without rendering.",
        usage: "tablerender check <file> ... [--theme <theme>]",
        arguments: [("<file>", "A document (.json), a template (.xml or an Interface Builder .xib), a storyboard (.storyboard), an asset catalog (.xcassets) or a theme (theme.xml or its folder).")],
        options: [
            allowRead,
            imageDeadline,
            .init(names: ["--theme"], value: "theme", help: "Theme whose tokens templates are checked against. (default: ios)"),
                  .init(names: ["--assets"], value: "folder", help: "Folder a .xib's images are looked up in. (default: the .xib's folder)"),
                  .init(names: ["--locale"], value: "tag", help: "The language a document's localized values are checked in: each needs its string. (default: the document's lang)")],
        discussion: "For a .xib, check reports what would be drawn differently from UIKit: elements drawn as placeholders, conflicting and ambiguous constraints (with their IB ids), fonts that are not installed and images that are missing.")

    static let themes = CommandSpec(name: "themes", overview: "List the themes that can be used by name.", usage: "tablerender themes")

    static let templates = CommandSpec(
        name: "templates", overview: "List a theme's templates, or print the template reference.",
        usage: "tablerender templates [--theme <theme>] [--reference]",
        options: [
            .init(names: ["--theme"], value: "theme", help: "Theme to list. (default: ios)"),
            .init(names: ["--reference"], value: nil, help: "Print every element and attribute with its default, as Markdown."),
        ])

    static let snapshot = CommandSpec(
        name: "snapshot", overview: "Record, verify or clean reference images of every scene of every document in every variant of a project, and merge the reports of its shards.",
        usage: "tablerender snapshot record|verify|clean [--project <file>] [--record <mode>] [--only <name>] [--shard <K/N>] [--report <dir>]\n       tablerender snapshot merge <report> ... [--report <dir>]",
        arguments: [("record|verify|clean|merge", "record writes every reference; verify compares (and records missing ones unless --record never); clean removes orphaned references; merge puts the reports of a CI matrix's shards (verify --shard K/N --report DIR on each machine) together as one report with one exit status.")],
        options: [
            allowRead,
            imageDeadline,
            .init(names: ["--project"], value: "file", help: "The project file with the documents and the variant matrix. (default: tablerender.json)"),
            .init(names: ["--record"], value: "mode", help: "For verify: all, missing, failed or never; the flag wins over TABLERENDER_SNAPSHOT_RECORD, which is used without it. (default: missing)"),
            .init(names: ["--only"], value: "name", help: "Only the snapshots whose name (document/scene.variant) contains this text."),
            .init(names: ["--report"], value: "dir", help: "Where the HTML report, its report.json and failure images go. (default: Output/snapshots)"),
            .init(names: ["--shard"], value: "K/N", help: "For record and verify: only every N-th snapshot, from the K-th (1-based), for a CI matrix; merge the shards' reports with snapshot merge."),
            .init(names: ["--precision"], value: "fraction", help: "Fraction of pixels that must match, instead of the project's."),
            .init(names: ["--perceptual-precision"], value: "fraction", help: "Per-pixel CIE ΔE94 tolerance as in swift-snapshot-testing, instead of the project's."),
            .init(names: ["--max-diff-pixels"], value: "count", help: "Pixels that may differ whatever the image's size (as Playwright's maxDiffPixels), instead of the project's."),
            .init(names: ["--ignore-antialiasing"], value: nil, help: "Do not count pixels that are anti-aliasing of an edge (detected as pixelmatch does)."),
            .init(names: ["--mask"], value: "name", help: "Cover a view (its id), a row (its id) or an item (its JSON path, $.sections[0].items[2]) with a magenta box in every snapshot, besides the project's masks; repeat for several.", repeatable: true),
            .init(names: ["--dry-run"], value: nil, help: "For clean: list what would be removed."),
            .init(names: ["--strict"], value: nil, help: "For verify: the layout lint's findings (printed as a summary) fail the run."),
            .init(names: ["-q", "--quiet"], value: nil, help: "Print nothing but failures and errors."),
        ],
        discussion: "References live beside each document: <folder>/__Snapshots__/<doc>/<scene>.<variant>.png. verify exits with 1 when a snapshot fails or was recorded.")

    static let scenes = CommandSpec(
        name: "scenes", overview: "List a storyboard's table view scenes and prototype cells.",
        usage: "tablerender scenes <storyboard> ...",
        arguments: [("<storyboard>", "A .storyboard file.")],
        discussion: "Each scene is listed with the names --scene accepts (storyboard identifier, title, custom class, IB id), whether its table is static (renderable as it is) or of prototypes, and its sections and cells; prototype cells are listed with the template ids documents use (File/Identifier).")

    static let gallery = CommandSpec(
        name: "gallery", overview: "Draw every cell, header and footer XIB, every prototype cell and every static table scene of an app's folder, light and dark, into one browsable static page, with no JSON written first.",
        usage: "tablerender gallery <app folder> [--out <dir>] [--exclude <name>] [--width <width>] [--allow-font-fallback] [--quiet]",
        arguments: [("<app folder>", "The folder of an iOS app's sources: its .xib and .storyboard files, asset catalogs (.xcassets) and strings files are found under it.")],
        options: [
            .init(names: ["--out"], value: "dir", help: "Where the page (index.html), its images and gallery.json go. (default: Output/gallery)"),
            .init(names: ["--exclude"], value: "name", help: "Leave out folders or files of this name or relative path (* and ? match as in a shell); build folders, Pods, Carthage, DerivedData and .git always are. Repeat for several.", repeatable: true),
            .init(names: ["--width"], value: "width", help: "The screen's width in points. (default: 390)"),
            .init(names: ["--allow-font-fallback"], value: nil, help: "Let fontconfig substitute a font that is not installed (an app's own icon or brand font) instead of making the entry an error; the commands the page shows say it too."),
            .init(names: ["--document"], value: nil, help: "Accepted for scripts written for earlier versions: every entry now gets its starter JSON document (documents/ in the output) and the command that renders it."),
            .init(names: ["-q", "--quiet"], value: nil, help: "Print nothing but errors and the summary."),
        ],
        discussion: "Each cell is drawn with the texts, images and states Interface Builder stored, the app's asset catalogs supplying images and colours; an outlet IB stores no content for (an empty label or button, an image view with no image) is drawn as a placeholder labelled with its name. Every entry also gets a starter JSON document binding every outlet with its IB content (documents/ in the output), to copy into a snapshot project, and the command that renders it. A file that cannot be read is an entry with its located error; the run goes on. A second run re-renders only the entries whose file, catalogs, strings, width or tablerender changed (gallery.json keeps what each was made from). Exit status 1 when any entry has an error.")

    static let preview = CommandSpec(
        name: "preview", overview: "Serve a document's HTML pages, side by side with the lint's findings, on 127.0.0.1; they are drawn again and the open page reloads whenever a file they read changes.",
        usage: "tablerender preview <document | storyboard | folder | project> [--port <port>] [--theme <theme>] [--width <width>] [--allow-font-fallback]",
        arguments: [("<document | storyboard | folder | project>", "A JSON document or a storyboard (light and dark), a folder of them (each, light and dark), or a project file (each document in each variant it names: appearance, text size, locale, direction).")],
        options: [
            allowRead,
            imageDeadline,
            .init(names: ["--port"], value: "port", help: "The port to listen on, on 127.0.0.1 only. (default: a free one, printed)"),
            .init(names: ["--theme"], value: "theme", help: "A theme name or folder instead of the document's."),
            .init(names: ["--width"], value: "width", help: "The screen's width in points instead of the document's."),
            .init(names: ["--allow-font-fallback"], value: nil, help: "Let fontconfig substitute a font that is not installed instead of showing the error."),
        ],
        discussion: "Every file under the document's folder is watched (templates, XIBs, storyboards, assets, strings, theme). An input that becomes invalid shows its located error above the last good render until it is fixed. The server answers only requests for 127.0.0.1 or localhost, serves only the pages it rendered, and runs until interrupted (Ctrl-C).")

    static let lint = CommandSpec(
        name: "lint", overview: "Find layout breakage: cut text, broken words, clipping, overflow, low contrast, missing glyphs.",
        usage: "tablerender lint <document> ... [--content-size <category>] [--locale <tag>] [--direction <direction>] [--contrast <contrast>] [--width <width>] [--page <page>] [--json] [--strict] [--all] [--report <dir>]\n       tablerender lint --project <file> [--json] [--strict] [--all] [--report <dir>]",
        arguments: [("<document>", "A JSON document or a storyboard.")],
        options: [
            allowRead,
            imageDeadline,
            .init(names: ["--project"], value: "file", help: "Lint every document of a project in every variant of its matrix (widths, themes, content sizes, locales; appearances for contrast)."),
            .init(names: ["--content-size"], value: "category", help: "The Dynamic Type text size to lay documents out at. (default: large)"),
            .init(names: ["--report"], value: "dir", help: "Also write an HTML report there: each finding beside its row, cropped from the row's image with the view marked."),
            .init(names: ["--locale"], value: "tag", help: "The language to lay documents out in; en-XA, the pseudo-locale, finds what a longer translation cuts."),
            .init(names: ["--direction"], value: "direction", help: "ltr or rtl instead of the language's direction."),
            .init(names: ["--contrast"], value: "contrast", help: "normal or high: the colours of the reader's Increase Contrast setting (contrast findings are measured in them)."),
            .init(names: ["--width"], value: "width", help: "Table width in points, instead of the document's or the theme's."),
            .init(names: ["--page"], value: "page", help: "content, a4, letter, or WIDTHxHEIGHT in points: lay documents out on these pages instead of the document's or the theme's (--report shows each finding on its page)."),
            .init(names: ["--json"], value: nil, help: "Print the findings as JSON."),
            .init(names: ["--strict"], value: nil, help: "Exit with 1 when anything is found."),
            .init(names: ["--all"], value: nil, help: "Also report text cut by a line limit of several lines (a clamped body is usually by design)."),
        ],
        discussion: "Each row (header, footer) of every variant is checked for: text cut by a one-line limit (the hidden part quoted), a word broken across lines, text taller than its frame, a view reaching out of its row, a view over a sibling, a character no installed font has, text below WCAG AA contrast (4.5:1, 3:1 for large text) in light or dark, an image drawn larger than its pixels. Findings name the document, the variant, the row's JSON path and the view's id.")

    static let subcommands: [String: CommandSpec] = ["render": render, "check": check, "themes": themes, "templates": templates, "snapshot": snapshot,
                                                     "scenes": scenes, "lint": lint, "gallery": gallery, "preview": preview]

    /// Runs the command; returns the exit code (`Diagnostic.Kind`: 0, 1, 64, 65 or 66).
    package func run(_ arguments: [String]) -> Int32 {
        RuntimeSettings.current = RuntimeSettings(environment: environment)
        var words = arguments
        if words.first == "help" {
            words.removeFirst()
            // `help`, `help --help`, `help -h`, `help help`: the overview, as `--help` shows it.
            guard let name = words.first, !["--help", "-h", "help"].contains(name) else { stdout(Self.root.help(width: terminalWidth)); return 0 }
            guard let spec = Self.subcommands[name] else { return usage(Self.root, "Unknown subcommand '\(name)'", known: Array(Self.subcommands.keys)) }
            stdout(spec.help(width: terminalWidth))
            return 0
        }
        if words.isEmpty {
            return usage(Self.root, "Missing a document or a subcommand")
        }
        if words == ["--version"] { stdout(Self.version + "\n"); return 0 }
        if words == ["--help"] || words == ["-h"] { stdout(Self.root.help(width: terminalWidth)); return 0 }
        var spec = Self.render
        if let first = words.first, let named = Self.subcommands[first] {
            spec = named
            words.removeFirst()
        } else if let first = words.first, !first.hasPrefix("-"), !first.contains("."), !first.contains("/"),
                  !FileManager.default.fileExists(atPath: first) {
            return usage(Self.root, "Unknown subcommand '\(first)'", known: Array(Self.subcommands.keys))
        }
        let parsed: ParsedArguments
        do { parsed = try spec.parse(words) } catch { return usage(spec, error.message) }
        if parsed.flags.contains("--help") { stdout(spec.help(width: terminalWidth)); return 0 }
        var deadline = 10.0
        if let text = parsed.value("--image-deadline") {
            guard let value = Double(text), value.isFinite, value > 0, value <= 86_400 else {
                return usage(spec, "The value '\(text)' is invalid for '--image-deadline <seconds>'; expected seconds from 0 to 86400")
            }
            deadline = value
        }
        if let expired = imageDeadlineExpired {
            DrawingDeadline.set(.init(seconds: deadline, expired: { file, problem in expired("\(file): error: \(problem)\n") }))
        }
        // Each run reads what its own flags allow (the tests run many in one process).
        do throws(SafePath.Failure) { try SafePath.allow(parsed.values["--allow-read"] ?? []) } catch {
            stderr("tablerender: error: \(error.message)\n")
            return Diagnostic(error.kind, at: nil, error.message).exitCode
        }
        do {
            switch spec.name {
            case "check": return try runCheck(parsed)
            case "themes": return try runThemes(parsed)
            case "templates": return try runTemplates(parsed)
            case "snapshot": return try runSnapshot(parsed)
            case "scenes": return try runScenes(parsed)
            case "lint": return try runLint(parsed)
            case "gallery": return try runGallery(parsed)
            case "preview": return try runPreview(parsed)
            default: return try runRender(parsed)
            }
        } catch let error as UsageError {
            return usage(spec, error.message)
        } catch let diagnostic as Diagnostic {
            stderr(diagnostic.description + "\n")
            return diagnostic.exitCode
        } catch {
            stderr("error: \(error)\n")
            return 1
        }
    }

    private func usage(_ spec: CommandSpec, _ message: String, known: [String] = []) -> Int32 {
        var text = "Error: \(message)"
        if !known.isEmpty, let near = message.split(separator: "'").dropFirst().first.flatMap({ TableRenderSuggest.closest(String($0), known) }) {
            text += "; did you mean '\(near)'?"
        }
        stderr(text + "\nUsage: \(spec.usage)\n  See 'tablerender\(spec.name.isEmpty ? "" : " " + spec.name) --help' for more information.\n")
        return 64
    }

    // MARK: render

    private func runRender(_ parsed: ParsedArguments) throws -> Int32 {
        if let project = parsed.value("--project") { return try runDocumentationImages(parsed, project: project) }
        if parsed.value("--shard") != nil { throw UsageError(message: "'--shard' goes with '--project'") }
        guard !parsed.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<document>'") }
        var options = RenderOptions()
        let formats = parsed.list("--format")
        if !formats.isEmpty {
            options.formats = try formats.map { name throws(UsageError) in
                guard let format = OutputFormat(rawValue: name) else { throw UsageError(message: invalid("--format <format>", name, OutputFormat.allCases.map(\.rawValue))) }
                return format
            }
        }
        let appearances = parsed.list("--appearance")
        if !appearances.isEmpty {
            options.appearances = try appearances.flatMap { name throws(UsageError) -> [Appearance] in
                if name == "both" { return [.light, .dark] }
                guard let appearance = Appearance(rawValue: name) else { throw UsageError(message: invalid("--appearance <appearance>", name, ["light", "dark", "both"])) }
                return [appearance]
            }
            options.appearanceChosen = true
        }
        if let scale = parsed.value("--scale") {
            guard let value = Double(scale), [1, 2, 3].contains(value) else { throw UsageError(message: invalid("--scale <scale>", scale, ["1", "2", "3"])) }
            options.scale = value
        }
        if let level = parsed.value("--png-compression") {
            guard let value = Int(level), (0...9).contains(value) else {
                throw UsageError(message: "The value '\(level)' is invalid for '--png-compression <level>'; expected a whole number from 0 to 9")
            }
            options.pngCompression = value
        }
        let variant = try VariantOptions(parsed)
        options.width = variant.width
        options.page = variant.page
        options.outputDirectory = parsed.value("--out") ?? "Output"
        if let specs = parsed.values["--states"] { options.scenes = specs }
        options.changes = parsed.flags.contains("--changes")
        options.allowsFontFallback = parsed.flags.contains("--allow-font-fallback")
        let quiet = parsed.flags.contains("--quiet")
        let (contentSize, locale, direction) = (variant.contentSize, variant.locale, variant.direction)
        var worst: Int32 = 0
        for path in parsed.positionals {
            do throws(Diagnostic) {
                let loaded = try LoadedDocument(path: path, themeOverride: parsed.value("--theme"), scene: parsed.value("--scene"), contentSize: contentSize,
                                                locale: locale, direction: direction, contrast: variant.contrast)
                let missing = loaded.document.missingStrings
                if parsed.flags.contains("--strict-strings"), let first = missing.first {
                    for problem in missing.dropFirst() { stderr(problem.description + "\n") }
                    throw first
                }
                for problem in missing { stderr(problem.warningDescription + "\n") }
                for file in try loaded.render(options) where !quiet { stdout(file + "\n") }
            } catch {
                stderr(error.description + "\n")
                worst = max(worst, error.exitCode)
            }
        }
        return worst
    }

    private func invalid(_ option: String, _ value: String, _ known: [String]) -> String {
        VariantOptions.invalid(option, value, known)
    }

    /// The folders whose asset catalogs a checked IB file uses: the assets folder and its own.
    private func checkFolders(_ assets: String, beside path: String) -> [String] {
        Array(Set([assets, URL(fileURLWithPath: path).deletingLastPathComponent().path])).sorted()
    }

    // MARK: lint

    private func runLint(_ parsed: ParsedArguments) throws -> Int32 {
        var lint = LayoutLint()
        lint.includeDesignedTruncation = parsed.flags.contains("--all")
        let variant = try VariantOptions(parsed)
        let (contentSize, width, page) = (variant.contentSize, variant.width, variant.page)
        var runs: [LintRun] = []
        if let projectPath = parsed.value("--project") {
            if let extra = parsed.positionals.first { throw UsageError(message: "Unexpected argument '\(extra)': --project lints the project's documents") }
            if page != nil { throw UsageError(message: "--page lints documents given by name; a project's variants say their own pages") }
            runs = try LintRun.project(try Project.load(projectPath), lint: lint)
        } else {
            guard !parsed.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<document>' (or --project <file>)") }
            let (locale, direction) = (variant.locale, variant.direction)
            for path in parsed.positionals {
                let loaded = try LoadedDocument(path: path, contentSize: contentSize, locale: locale, direction: direction, contrast: variant.contrast)
                loaded.renderer.engine.allowsFontFallback = true
                let laidOut = try loaded.layout(width: width, page: page)
                let name = variant.lintName(width: laidOut.width)
                runs.append(LintRun(document: loaded, layout: laidOut, variant: name, scale: lint.scale,
                                    findings: lint.findings(laidOut, document: loaded, variant: name, appearances: [.light, .dark])))
            }
        }
        let findings = runs.flatMap(\.findings)
        if let folder = parsed.value("--report") {
            let page = try LintReport.write(runs, to: folder)
            if !parsed.flags.contains("--json") { stdout("report: \(page)\n") }
        }
        if parsed.flags.contains("--json") {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            stdout(String(decoding: (try? encoder.encode(findings)) ?? Data("[]".utf8), as: UTF8.self) + "\n")
        } else {
            // The same finding in many rows (a template's) is one line with its count.
            var groups: [(LintFinding, Int)] = []
            var index: [String: Int] = [:]
            for finding in findings {
                let key = "\(finding.document)|\(finding.variant)|\(finding.kind)|\(finding.view)|\(finding.message)"
                if let at = index[key] { groups[at].1 += 1 } else { index[key] = groups.count; groups.append((finding, 1)) }
            }
            for (finding, count) in groups {
                let more = count > 1 ? " (and \(count - 1) more row\(count > 2 ? "s" : ""))" : ""
                stdout("\(finding.document) [\(finding.variant)] \(finding.value ?? finding.path) '\(finding.row)' \(finding.view): \(finding.kind.rawValue): \(finding.message)\(more)\n")
            }
            let counts = LintFinding.Kind.allCases.compactMap { kind -> String? in
                let count = findings.filter { $0.kind == kind }.count
                return count > 0 ? "\(count) \(kind.rawValue)" : nil
            }
            stdout(findings.isEmpty ? "no findings\n" : "\(findings.count) findings: \(counts.joined(separator: ", "))\n")
        }
        return parsed.flags.contains("--strict") && !findings.isEmpty ? 1 : 0
    }

    // MARK: scenes

    private func runScenes(_ parsed: ParsedArguments) throws -> Int32 {
        guard !parsed.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<storyboard>'") }
        var worst: Int32 = 0
        for path in parsed.positionals {
            do throws(Diagnostic) {
                guard path.hasSuffix(".storyboard") else { throw Diagnostic(.usage, at: SourceLocation(file: path), "expected a .storyboard file") }
                guard FileManager.default.fileExists(atPath: path) else { throw Diagnostic(.missingFile, at: SourceLocation(file: path), "no such file") }
                let storyboard = try TemplateLibrary.readStoryboard(path)
                stdout("\(path):\n")
                for scene in storyboard.scenes {
                    let names = [scene.storyboardIdentifier.map { "identifier \($0)" }, scene.title.map { "title \($0)" },
                                 scene.customClass.map { "class \($0)" }, "id \(scene.id)"].compactMap { $0 }.joined(separator: ", ")
                    guard let table = scene.table else { continue }
                    if table.isStatic {
                        let cells = table.sections.reduce(0) { $0 + $1.cells.count }
                        stdout("  \(scene.name)\tstatic \(table.style) table: \(table.sections.count) sections, \(cells) cells (\(names))\n")
                    } else {
                        stdout("  \(scene.name)\ttable of prototype cells (\(names))\n")
                    }
                }
                for prototype in storyboard.prototypes {
                    stdout("  \(prototype.templateID(in: storyboard.fileStem))\tprototype cell, outlets: \(prototype.document.outlets.map(\.property).sorted().joined(separator: ", "))\n")
                }
            } catch {
                stderr(error.description + "\n")
                worst = max(worst, error.exitCode)
            }
        }
        return worst
    }

    // MARK: preview

    private func runPreview(_ parsed: ParsedArguments) throws -> Int32 {
        guard let document = parsed.positionals.first else { throw UsageError(message: "Missing expected argument '<document | storyboard | folder | project>'") }
        if parsed.positionals.count > 1 { throw UsageError(message: "Unexpected argument '\(parsed.positionals[1])': one document, folder or project at a time") }
        var port: UInt16 = 0
        if let text = parsed.value("--port") {
            guard let value = UInt16(text), value > 0 else { throw UsageError(message: "The value '\(text)' is invalid for '--port <port>'; expected 1 to 65535") }
            port = value
        }
        let variant = try VariantOptions(parsed)
        guard FileManager.default.fileExists(atPath: document) else { throw Diagnostic(.missingFile, at: SourceLocation(file: document), "no such file") }
        let server = PreviewServer(document: document, theme: parsed.value("--theme"), width: variant.width,
                                   allowsFontFallback: parsed.flags.contains("--allow-font-fallback"))
        let chosen = try server.start(port: port)
        if let error = server.error { stderr(error + "\n") }
        stdout("Serving \(document) at http://127.0.0.1:\(chosen)/ (reloaded on every change); Ctrl-C stops.\n")
        while true { Thread.sleep(forTimeInterval: 3600) }
    }

    // MARK: gallery

    private func runGallery(_ parsed: ParsedArguments) throws -> Int32 {
        guard let folder = parsed.positionals.first else { throw UsageError(message: "Missing expected argument '<app folder>'") }
        if parsed.positionals.count > 1 { throw UsageError(message: "Unexpected argument '\(parsed.positionals[1])': one app folder at a time") }
        var gallery = AppGallery(folder: folder, output: parsed.value("--out") ?? "Output/gallery", version: Self.version)
        gallery.excludes = parsed.values["--exclude"] ?? []
        if let width = try VariantOptions(parsed).width { gallery.width = width }
        gallery.allowsFontFallback = parsed.flags.contains("--allow-font-fallback")
        let quiet = parsed.flags.contains("--quiet")
        let result = try gallery.run { file in if !quiet { self.stdout("drawing \(file)\n") } }
        let failed = result.entries.filter { $0.error != nil }
        for entry in failed { stderr(entry.error! + "\n") }
        // The app's fonts its IB files name that could not be read, once each.
        for (file, problem, entries) in result.fontProblems {
            let named = entries.count == 1 ? entries[0] : "\(entries.count) entries (\(entries.prefix(3).joined(separator: ", "))\(entries.count > 3 ? ", …" : ""))"
            let why = problem == "not found" ? "is not in the app's folder" : problem
            stderr("\(folder): warning: font file '\(file)', named by \(named): \(why); its labels are drawn in the theme's face\n")
        }
        stdout("\(result.entries.count - failed.count) of \(result.entries.count) entries drawn (\(result.rendered) rendered, \(result.reused) unchanged); gallery: \(result.page)\n")
        return failed.isEmpty ? 0 : 1
    }

    // MARK: check

    private func runCheck(_ parsed: ParsedArguments) throws -> Int32 {
        guard !parsed.positionals.isEmpty else { throw UsageError(message: "Missing expected argument '<file>'") }
        let locale = try VariantOptions(parsed).locale
        var worst: Int32 = 0
        for path in parsed.positionals {
            do {
                try checkFile(path, theme: parsed.value("--theme"), assets: parsed.value("--assets"), locale: locale)
                stdout("\(path): ok\n")
            } catch {
                stderr(error.description + "\n")
                worst = max(worst, error.exitCode)
            }
        }
        return worst
    }

    private func checkFile(_ path: String, theme: String?, assets: String?, locale: String?) throws(Diagnostic) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: path), "no such file")
        }
        if path.hasSuffix(".xcassets") || path.hasSuffix(".xcassets/") {
            // Every image set's files decoded as a render would; colour sets read.
            let catalog = try AssetCatalog(folder: path.hasSuffix("/") ? String(path.dropLast()) : path)
            for name in catalog.images.keys.sorted() {
                for file in catalog.images[name]!.files {
                    do throws(Diagnostic) { try ImageDecoding.verify(file) } catch {
                        throw Diagnostic(error.kind, at: SourceLocation(file: file), "image set '\(name)': \(error.message)")
                    }
                }
            }
            stdout("\(path): \(catalog.images.count) image sets, \(catalog.colors.count + catalog.colorReferences.count) colour sets\n")
            return
        }
        if isDirectory.boolValue || path.hasSuffix("theme.xml") {
            let folder = isDirectory.boolValue ? path : URL(fileURLWithPath: path).deletingLastPathComponent().path
            let loaded = try ThemeLoader.load(folder.contains("/") ? folder : "./" + folder)
            _ = try TemplateLibrary(theme: loaded, folders: []).all()
            // Its fonts are fonts (as a render would load them).
            try loaded.loadFonts()
        } else if path.hasSuffix(".storyboard") {
            let loadedTheme = try ThemeLoader.load(theme ?? "ios")
            let storyboard = try TemplateLibrary.readStoryboard(path)
            let folder = assets ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
            let catalogs = try AssetCatalog.discover(in: checkFolders(folder, beside: path))
            let layout = AutoLayout(text: TextEngine())
            let documents = storyboard.prototypes.map { ("prototype '\($0.templateID(in: storyboard.fileStem))'", $0.document) }
            for scene in storyboard.scenes {
                // Custom static cells are checked with their scene below, as the templates it uses.
                for section in scene.table?.sections ?? [] {
                    for cell in section.cells {
                        if let symbol = cell.unknownSymbol {
                            stderr("\(path): warning: scene '\(scene.name)' cell '\(cell.id)': SF Symbol '\(symbol)' is not one tablerender draws; drawn as a placeholder of its size\n")
                        }
                    }
                }
            }
            for (what, document) in documents {
                for warning in layout.warnings(Template(id: what, interfaceBuilder: document), document: document, theme: loadedTheme, assetsFolder: folder,
                                               catalogs: catalogs) {
                    stderr("\(path): warning: \(what): \(warning)\n")
                }
            }
            // Each static scene as a document: bound and measured as a render would.
            for scene in storyboard.scenes where scene.table?.isStatic == true {
                let loaded = try LoadedDocument(path: path, themeOverride: theme, scene: scene.id)
                for warning in try loaded.check() { stderr("\(path): warning: scene '\(scene.name)': \(warning)\n") }
            }
        } else if path.hasSuffix(".xib") {
            let bytes = try InputFile.read(path, limit: IBReader.maximumSize, what: "Interface Builder file")
            let folder = assets ?? URL(fileURLWithPath: path).deletingLastPathComponent().path
            let catalogs = try AssetCatalog.discover(in: checkFolders(folder, beside: path))
            // The app's own fonts, where a document using the XIB would find them.
            let template = TemplateLibrary.findingFonts(Template(id: URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent,
                                                                 interfaceBuilder: try IBReader.read(file: path, bytes: bytes)),
                                                        besides: [folder] + catalogs.map(\.containingFolder))
            guard let document = template.interfaceBuilder else { return }
            for warning in AutoLayout(text: TextEngine()).warnings(template, document: document, theme: try ThemeLoader.load(theme ?? "ios"), assetsFolder: folder,
                                                                   catalogs: catalogs) {
                stderr("\(path): warning: \(warning)\n")
            }
        } else if path.hasSuffix(".xml") {
            guard let data = FileManager.default.contents(atPath: path) else { throw Diagnostic(.missingFile, at: SourceLocation(file: path), "cannot read the file") }
            let id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            let template = try TemplateParser.parse(file: path, bytes: Array(data), id: id)
            try TemplateLibrary.check(template, theme: try ThemeLoader.load(theme ?? "ios"))
        } else {
            let loaded = try LoadedDocument(path: path, themeOverride: theme, locale: locale)
            if let font = loaded.renderer.systemFont { stdout("\(path): system font: \(font)\n") }
            for warning in try loaded.check() { stderr("\(path): warning: \(warning)\n") }
            // The fonts its theme and IB files bundle, and where they came from.
            let files = Set(loaded.fontFiles)
            for face in AppFonts.loaded where files.contains(face.file) {
                stdout("\(path): font '\(face.postScriptName)' (\(face.family), \(face.weight)\(face.italic ? ", italic" : "")) from \(face.file)\n")
            }
            // A localized value without its string fails the check.
            let missing = loaded.document.missingStrings
            for problem in missing { stderr(problem.description + "\n") }
            if !missing.isEmpty {
                throw Diagnostic(at: SourceLocation(file: path), "\(missing.count) localized value\(missing.count == 1 ? " has" : "s have") no string in '\(loaded.document.language)'")
            }
        }
    }

    // MARK: documentation images

    private func runDocumentationImages(_ parsed: ParsedArguments, project path: String) throws -> Int32 {
        if let extra = parsed.positionals.first { throw UsageError(message: "Unexpected argument '\(extra)': --project renders the project's documents") }
        let shard = try Self.shard(parsed)
        let project = try Project.load(path)
        let images = DocumentationImages(project: project, outputDirectory: parsed.value("--out") ?? "Output", shard: shard)
        let quiet = parsed.flags.contains("--quiet"), terminal = isTerminal, width = terminalWidth
        let err = stderr
        let (entries, findings) = try images.run(lint: LayoutLint()) { done, total, job in
            guard !quiet else { return }
            if terminal {
                let barWidth = max(10, min(30, width - 40))
                let filled = barWidth * done / max(1, total)
                let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: barWidth - filled)
                err("\r\(bar) \(done)/\(total) \(job.file.prefix(max(0, width - barWidth - 16)))\u{1B}[K" + (done == total ? "\n" : ""))
            } else {
                err("[\(done)/\(total)] \(job.file)\n")
            }
        }
        if !quiet {
            stdout("\(entries.count) images, manifest and gallery in \(images.outputDirectory)\n")
        }
        return lintSummary(findings, projectPath: path, quiet: quiet, strict: parsed.flags.contains("--strict"))
    }

    /// Prints the lint's summary of a project's documents (`lint --project` lists the findings);
    /// with `strict`, findings fail the run.
    private func lintSummary(_ findings: [LintFinding], projectPath: String, quiet: Bool, strict: Bool) -> Int32 {
        let line = "lint: \(LintRun.summary(findings))" + (findings.isEmpty ? "" : "; tablerender lint --project \(projectPath) lists them") + "\n"
        if strict, !findings.isEmpty {
            stderr(line)
            return 1
        }
        if !quiet { stdout(line) }
        return 0
    }

    // MARK: snapshot

    /// `--shard K/N`: every N-th job from the K-th (1-based).
    static func shard(_ parsed: ParsedArguments) throws -> (index: Int, count: Int)? {
        guard let text = parsed.value("--shard") else { return nil }
        let parts = text.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2, parts[1] >= 1, (1...parts[1]).contains(parts[0]) else {
            throw UsageError(message: "The value '\(text)' is invalid for '--shard <K/N>'; expected K/N with 1 ≤ K ≤ N, such as 2/4")
        }
        return (parts[0], parts[1])
    }

    /// `snapshot merge REPORT... [--report DIR]`: the reports of a CI matrix's shards as one,
    /// and one exit status (1 when any snapshot failed or was recorded).
    private func runSnapshotMerge(_ parsed: ParsedArguments) throws -> Int32 {
        let reports = Array(parsed.positionals.dropFirst())
        guard !reports.isEmpty else { throw UsageError(message: "Missing expected argument '<report>...': the report folders of the shards (snapshot verify --shard K/N --report DIR)") }
        let output = parsed.value("--report") ?? "Output/snapshots"
        let standardized = { (path: String) in URL(fileURLWithPath: path).standardizedFileURL.path }
        if reports.map(standardized).contains(standardized(output)) {
            throw UsageError(message: "--report \(output) is one of the reports being merged; write the merged report to another folder")
        }
        for report in reports where !FileManager.default.fileExists(atPath: report) {
            throw Diagnostic(.missingFile, at: SourceLocation(file: report), "no such report folder")
        }
        let (page, entries) = try SnapshotReport(folder: output) { _ in "" }.merge(reports)
        let quiet = parsed.flags.contains("--quiet")
        var failed = 0
        for entry in entries.sorted(by: { $0.name < $1.name }) {
            if entry.isFailure {
                failed += 1
                stderr("failed   \(entry.name): \(entry.why ?? "")\n")
            } else if !quiet {
                stdout("\(entry.status == "passed" ? "passed  " : "recorded") \(entry.name)\n")
            }
        }
        let summary = "\(entries.count - failed) of \(entries.count) snapshots passed in \(reports.count) reports; report: \(page)\n"
        if failed > 0 {
            stderr(summary)
            return 1
        }
        if !quiet { stdout(summary) }
        return 0
    }

    private func runSnapshot(_ parsed: ParsedArguments) throws -> Int32 {
        guard let action = parsed.positionals.first else { throw UsageError(message: "Missing expected argument 'record|verify|clean|merge'") }
        guard ["record", "verify", "clean", "merge"].contains(action) else {
            throw UsageError(message: invalid("snapshot", action, ["record", "verify", "clean", "merge"]))
        }
        if action == "merge" { return try runSnapshotMerge(parsed) }
        if parsed.positionals.count > 1 { throw UsageError(message: "Unexpected argument '\(parsed.positionals[1])'") }
        let shard = try Self.shard(parsed)
        if shard != nil, action == "clean" { throw UsageError(message: "'--shard' goes with record and verify: clean looks at the whole matrix") }
        let projectPath = parsed.value("--project") ?? "tablerender.json"
        var project = try Project.load(projectPath)
        for (option, keyPath) in [("--precision", \ComparisonOptions.precision), ("--perceptual-precision", \ComparisonOptions.perceptualPrecision)] {
            if let text = parsed.value(option) {
                guard let value = Double(text), (0...1).contains(value) else {
                    throw UsageError(message: "The value '\(text)' is invalid for '\(option) <fraction>'; expected a number from 0 to 1")
                }
                project.comparison[keyPath: keyPath] = value
            }
        }
        if let text = parsed.value("--max-diff-pixels") {
            guard let count = Int(text), count >= 0 else {
                throw UsageError(message: "The value '\(text)' is invalid for '--max-diff-pixels <count>'; expected a whole number ≥ 0")
            }
            project.comparison.maxDiffPixels = count
        }
        if parsed.flags.contains("--ignore-antialiasing") { project.comparison.ignoresAntialiasing = true }
        // A mask the file names too stays the file's.
        project.optionMasks = Set(parsed.values["--mask"] ?? []).subtracting(project.masks.names)
        project.masks.names.formUnion(parsed.values["--mask"] ?? [])
        var mode = RecordMode.all
        if action == "verify" {
            if let text = parsed.value("--record") {
                guard let chosen = RecordMode(rawValue: text) else { throw UsageError(message: invalid("--record <mode>", text, RecordMode.allCases.map(\.rawValue))) }
                mode = chosen
            } else {
                mode = try RecordMode.fromEnvironment(default: .missing, environment: environment)
            }
        }
        let snapshotter = Snapshotter(project: project, mode: mode, only: parsed.value("--only"), shard: shard)
        if let only = parsed.value("--only"), action != "clean", try snapshotter.cases().isEmpty {
            // Selecting nothing passes nothing: on CI a misspelt name would verify no snapshot.
            let names = try Snapshotter(project: project, mode: mode).cases().map(\.name)
            // --only keeps the names that contain it: a near miss is close to a name's start as long as it.
            let starts = Dictionary(names.map { (String($0.prefix(only.count)), $0) }, uniquingKeysWith: { first, _ in first })
            let near = Suggestions.closest(to: only, in: starts.keys).compactMap { starts[$0] }
            throw UsageError(message: "--only '\(Suggestions.shortened(only))' matches none of the \(names.count) snapshots"
                             + (near.isEmpty ? "" : "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?")
                             + " (names are document/scene.variant; --only keeps those that contain it)")
        }
        let quiet = parsed.flags.contains("--quiet")
        if action == "clean" { return try cleanSnapshots(snapshotter, project: project, parsed: parsed, quiet: quiet) }
        let (outcomes, findings) = try snapshotter.run(lint: action == "verify" ? LayoutLint() : nil)
        var report = SnapshotReport(folder: parsed.value("--report") ?? "Output/snapshots") { snapshot in
            "tablerender snapshot record --project \(projectPath) --only '\(snapshot.name)'"
        }
        report.systemFont = try Renderer.systemFont()
        let page = try report.write(outcomes, orphans: try snapshotter.orphans(after: outcomes), shard: shard.map { "\($0.index)/\($0.count)" })
        var failed = 0
        for outcome in outcomes {
            switch outcome.status {
            case .passed: if !quiet { stdout("passed   \(outcome.snapshot.name)\n") }
            case .recorded: if !quiet { stdout("recorded \(outcome.snapshot.name)\n") }
            case .failed(let why), .recordedFailing(let why):
                failed += 1
                stderr("failed   \(outcome.snapshot.name): \(why)\n")
            }
        }
        let summary = "\(outcomes.count - failed) of \(outcomes.count) snapshots \(action == "record" ? "recorded" : "passed")"
            + (report.systemFont.map { " (system font: \($0))" } ?? "") + "; report: \(page)\n"
        if failed > 0 {
            stderr(summary + "Accept a change with: tablerender snapshot record --project \(projectPath) --only '<name>'\n")
            return 1
        }
        if !quiet { stdout(summary) }
        return action == "verify" ? lintSummary(findings, projectPath: projectPath, quiet: quiet, strict: parsed.flags.contains("--strict")) : 0
    }

    /// `snapshot clean`: removes the references no snapshot of the matrix makes (`--dry-run` lists them).
    private func cleanSnapshots(_ snapshotter: Snapshotter, project: Project, parsed: ParsedArguments, quiet: Bool) throws -> Int32 {
        let orphans = try snapshotter.orphans()
        var emptied = Set<String>()
        for path in orphans {
            if !parsed.flags.contains("--dry-run") { try? FileManager.default.removeItem(atPath: path) }
            if !quiet { stdout((parsed.flags.contains("--dry-run") ? "would remove " : "removed ") + path + "\n") }
            emptied.insert((path as NSString).deletingLastPathComponent)
        }
        // A document's references folder that the removals emptied goes, and then the
        // snapshots folder above it when that is empty too.
        if !parsed.flags.contains("--dry-run") {
            func isEmpty(_ folder: String) -> Bool { (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true }
            let snapshotsName = (project.snapshotsFolder as NSString).lastPathComponent
            for folder in emptied.sorted(by: >) where isEmpty(folder) {
                try? FileManager.default.removeItem(atPath: folder)
                if !quiet { stdout("removed \(folder)/\n") }
                let parent = (folder as NSString).deletingLastPathComponent
                if (parent as NSString).lastPathComponent == snapshotsName, isEmpty(parent) {
                    try? FileManager.default.removeItem(atPath: parent)
                    if !quiet { stdout("removed \(parent)/\n") }
                }
            }
        }
        if !quiet, orphans.isEmpty { stdout("no orphaned references\n") }
        return 0
    }

    // MARK: themes, templates

    private func runThemes(_ parsed: ParsedArguments) throws -> Int32 {
        if !parsed.positionals.isEmpty { throw UsageError(message: "Unexpected argument '\(parsed.positionals[0])'") }
        for name in ThemeLoader.available() {
            let theme = try ThemeLoader.load(name)
            stdout("\(name)\t\(theme.folder)\n")
        }
        return 0
    }

    private func runTemplates(_ parsed: ParsedArguments) throws -> Int32 {
        if !parsed.positionals.isEmpty { throw UsageError(message: "Unexpected argument '\(parsed.positionals[0])'") }
        if parsed.flags.contains("--reference") {
            stdout(Schema.reference() + "\n")
            return 0
        }
        let library = try TemplateLibrary(theme: try ThemeLoader.load(parsed.value("--theme") ?? "ios"), folders: [])
        for template in try library.all() {
            let name = template.id
            stdout("\(name)\t\(template.role.rawValue)\t\(template.outlets.sorted().joined(separator: ","))\n")
        }
        return 0
    }
}
