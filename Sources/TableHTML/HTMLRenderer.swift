import Foundation
import TableLayout
import TableText
import TableModel
import TableTemplates

/// Renders a laid-out table as one self-contained HTML page: the theme's colours as CSS custom
/// properties (light and dark), each template's stacks as flexbox, images inlined as data URIs,
/// no request to any network (a Content-Security-Policy forbids it). The page is laid out by the
/// browser from the same sizes and text settings, and every row carries its computed height in
/// `data-height` so anyone can compare.
package struct HTMLRenderer {
    /// The CSS of a colour: a theme token as its custom property, a literal as it is.
    static func css(color token: String, theme: Theme) -> String {
        theme.colors[token] != nil ? "var(\(Escape.token(token)))" : (RGBA(hex: token)?.description ?? "transparent")
    }

    package var theme: Theme
    /// `nil` follows the reader's `prefers-color-scheme`; a value forces one palette.
    package var appearance: Appearance?
    package var language: String
    /// A label's min-content and max-content widths as tablerender measures them (its longest
    /// word, its width on one line); without it, the browser measures the label itself.
    package var intrinsicWidths: ((_ text: String, _ style: TextStyle) -> (min: Double, max: Double))?

    /// Makes the data URI of an image for the largest box (points) it is shown in with each content
    /// mode: by default the file as it is; a renderer that can decode images gives one of at most
    /// twice the size shown.
    package var imageData: @Sendable (_ path: String, _ largest: [ContentMode: Size]) throws(Diagnostic) -> String = { path, _ throws(Diagnostic) in
        try ImageCheck.dataURI(path)
    }

    package init(theme: Theme, appearance: Appearance? = nil, language: String = "en") {
        self.theme = theme
        self.appearance = appearance
        self.language = language
    }


    /// - Parameters:
    ///   - table: the table in its initial scene, laid out as one page.
    ///   - states: for each stateful section (by index), every state in order with the table laid
    ///     out with that section in that state: each state becomes a list the page can switch to.
    package func render(_ table: LaidOutTable, states: [Int: [LaidOutState]] = [:]) throws(Diagnostic) -> String {
        guard table.pages.count == 1, let page = table.pages.first else {
            throw Diagnostic(at: nil, "the HTML page is laid out as one page; render it with page 'content'")
        }
        var context = Context(theme: theme, table: table)
        context.intrinsicWidths = intrinsicWidths
        context.states = states
        var body = ""
        body.reserveCapacity(page.blocks.count * 600)
        context.open(into: &body)
        for block in page.blocks { try context.add(block, into: &body) }
        try context.close(into: &body)
        return try document(body: body, context: context)
    }

    /// The whole page around a written body.
    private func document(body: String, context: Context) throws(Diagnostic) -> String {
        try head(context) + body + tail(context)
    }

    /// The page up to its body's content: the style sheet needs every class the body used.
    private func head(_ context: Context) throws(Diagnostic) -> String {
        let table = context.table, states = context.states
        let direction = table.direction == .rightToLeft ? " dir=\"rtl\"" : ""
        var out = "<!DOCTYPE html>\n<html lang=\"\(Escape.text(language))\"\(direction)>\n<head>\n<meta charset=\"utf-8\">\n"
        out += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        let script = states.isEmpty ? nil : StateScript.source
        let scriptPolicy = script.map { " script-src 'sha256-\(SHA256.base64(Array($0.utf8)))';" } ?? ""
        let fonts = try fontFaces(context.families)
        let fontPolicy = fonts.isEmpty ? "" : " font-src data:;"
        out += "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; img-src data:;\(fontPolicy) style-src 'unsafe-inline';\(scriptPolicy) base-uri 'none'; form-action 'none'\">\n"
        out += "<meta name=\"generator\" content=\"tablerender\">\n"
        out += "<meta name=\"color-scheme\" content=\"\(appearance?.rawValue ?? "light dark")\">\n"
        out += "<title>\(Escape.text(table.table.title ?? "Table"))</title>\n<style>\n"
        out += fonts
        out += stylesheet(table, classes: context.classes, withStates: !states.isEmpty)
        // Each image once, at the largest size the page shows it.
        for (path, image) in context.images.sorted(by: { $0.value.index < $1.value.index }) {
            // A file, or an asset's files: the light one (the dark one in a dark page, or for a
            // reader in dark mode), at 3× (a page is read at any zoom); a template image is a mask
            // filled with its tint.
            let reference = ImageReference(path)
            let light = reference.file(dark: appearance == .dark, scale: 3).path
            let dark = appearance == nil ? reference.file(dark: true, scale: 3).path : light
            func rule(_ file: String) throws(Diagnostic) -> String {
                // Raster files at several scales: the browser picks by its pixel ratio, as UIKit by the screen's scale.
                let dark = reference.variants.first { $0.path == file }?.dark ?? false
                let scaled = reference.variants.filter { $0.dark == dark && $0.scale != nil }.sorted { $0.scale! < $1.scale! }
                if !reference.template, scaled.count > 1 {
                    var entries: [String] = []
                    for variant in scaled { entries.append("url(\"\(try ImageCheck.dataURI(variant.path))\") \(Escape.number(variant.scale!))x") }
                    return "background-image:image-set(\(entries.joined(separator: ",")))"
                }
                let data = try imageData(file, image.largest)
                guard reference.template else { return "background-image:url(\"\(data)\")" }
                let tint = theme.colors[reference.tint] != nil ? "var(\(Escape.token(reference.tint)))" : (RGBA(hex: reference.tint)?.description ?? "currentColor")
                let url = "url(\"\(data)\")"
                return "background:\(tint);-webkit-mask-image:\(url);-webkit-mask-position:center;-webkit-mask-size:contain;-webkit-mask-repeat:no-repeat;"
                    + "mask-image:\(url);mask-position:center;mask-size:contain;mask-repeat:no-repeat"
            }
            out += ".im\(image.index){\(try rule(light))}\n"
            if dark != light { out += "@media (prefers-color-scheme: dark){.im\(image.index){\(try rule(dark))}}\n" }
        }
        out += "</style>\n</head>\n<body>\n"
        return out
    }

    /// The app's own fonts among `families` (font files an Interface Builder file named, loaded
    /// by the layout: `AppFonts`), each face embedded as a `@font-face` of the page (a data URI:
    /// the page stays one file, and reads nothing else), so that the browser sets the text in the
    /// font the PNG and the PDF draw it in.
    private func fontFaces(_ families: Set<String>) throws(Diagnostic) -> String {
        var out = ""
        for family in families.sorted() {
            for face in AppFonts.faces(family: family) {
                let bytes = try InputFile.read(face.file, limit: AppFonts.maximumFileSize, what: "font file")
                let type = ["otf": "otf", "ttc": "collection"][(face.file as NSString).pathExtension.lowercased()] ?? "ttf"
                out += "@font-face{font-family:\"\(Escape.cssString(face.family))\";src:url(\"data:font/\(type);base64,\(Data(bytes).base64EncodedString())\");"
                    + "font-weight:\(face.weight);font-style:\(face.italic ? "italic" : "normal")}\n"
            }
        }
        return out
    }

    private func tail(_ context: Context) -> String {
        var out = ""
        if !context.states.isEmpty { out += "<script>" + StateScript.source + "</script>\n" }
        out += "</body>\n</html>\n"
        return out
    }

    /// A page written block by block as a streamed layout hands them out (documents without
    /// states): the body is written while the next rows are still being measured, and kept in a
    /// file (`spill`) past a few megabytes, so a page of a million rows needs the memory of a
    /// window of rows. The page is put together when it is written: its head (the style sheet
    /// names every class the body used), the body, its end.
    package final class Stream {
        private let renderer: HTMLRenderer
        private var context: Context
        private var body = ""
        private let spill: String?
        private var spilled: FileHandle?
        static let spillSize = 4 << 20

        /// `table` describes the table (its pages are not needed); `spill` is a file the body
        /// may be kept in (removed by `discard` or `write`).
        package init(renderer: HTMLRenderer, table: LaidOutTable, spill: String? = nil) {
            self.renderer = renderer
            self.spill = spill
            context = Context(theme: renderer.theme, table: table)
            context.intrinsicWidths = renderer.intrinsicWidths
            context.open(into: &body)
        }

        deinit { discard() }

        package func add(_ block: Block) throws(Diagnostic) {
            try context.add(block, into: &body)
            if body.utf8.count > Self.spillSize, let spill { try keep(spill) }
        }

        private func keep(_ spill: String) throws(Diagnostic) {
            if spilled == nil {
                guard FileManager.default.createFile(atPath: spill, contents: nil), let handle = FileHandle(forWritingAtPath: spill) else {
                    throw Diagnostic(.failure, at: SourceLocation(file: spill), "cannot write a temporary file")
                }
                spilled = handle
            }
            do {
                try spilled?.write(contentsOf: Data(body.utf8))
            } catch {
                throw Diagnostic(.failure, at: SourceLocation(file: spill), "cannot write a temporary file: \(error.localizedDescription)")
            }
            body = ""
        }

        /// The whole page, when it was small enough to stay in memory (for tests and callers
        /// without a file).
        package func finish() throws(Diagnostic) -> String {
            try context.close(into: &body)
            return try renderer.document(body: body, context: context)
        }

        /// Writes the whole page to `path` through `write` (a writer of bytes that checks them).
        package func write(_ append: ([UInt8]) throws(Diagnostic) -> Void) throws(Diagnostic) {
            try context.close(into: &body)
            try append(Array(try renderer.head(context).utf8))
            if let spilled, let spill {
                try? spilled.close()
                self.spilled = nil
                guard let reader = FileHandle(forReadingAtPath: spill) else { throw Diagnostic(.failure, at: SourceLocation(file: spill), "cannot read a temporary file") }
                defer { try? reader.close() }
                while let chunk = try? reader.read(upToCount: 1 << 20), !chunk.isEmpty { try append(Array(chunk)) }
            }
            try append(Array(body.utf8))
            try append(Array(renderer.tail(context).utf8))
            discard()
        }

        /// Removes the spill file.
        package func discard() {
            try? spilled?.close()
            spilled = nil
            if let spill { unlink(spill) }
        }
    }

    // MARK: Style sheet

    /// `colors` as custom properties, at their `appearance` values, by name.
    private func palette(_ appearance: Appearance, of colors: [String: (light: RGBA, dark: RGBA)]) -> String {
        colors.keys.sorted().map { name in
            let color = appearance == .light ? colors[name]!.light : colors[name]!.dark
            return "\(Escape.token(name)):\(color);"
        }.joined()
    }

    private func stylesheet(_ table: LaidOutTable, classes: [String: String], withStates: Bool) -> String {
        typealias Switch = ControlMetrics.Switch
        let px = Escape.px
        var css = ""
        // The appearance follows the reader's setting unless one was chosen, and so does Increase
        // Contrast (`prefers-contrast: more`) unless the page was made at high contrast.
        var palettes = [(media: "", colors: theme.colors)]
        if theme.contrast == .normal, !theme.highContrastColors.isEmpty { palettes.append(("prefers-contrast: more", theme.highContrastColors)) }
        for (media, colors) in palettes {
            let rules: [(String, Appearance)] = appearance.map { [("", $0)] } ?? [("", .light), ("prefers-color-scheme: dark", .dark)]
            for (scheme, shown) in rules {
                let query = [media, scheme].filter { !$0.isEmpty }.map { "(\($0))" }.joined(separator: " and ")
                css += query.isEmpty ? ":root{\(palette(shown, of: colors))}\n" : "@media \(query){:root{\(palette(shown, of: colors))}}\n"
            }
        }
        let style = table.style
        // A hairline is one device pixel: the 1 px line scaled to half a pixel at 2x, a third at 3x.
        let hairlines = table.separatorThickness != nil ? "" : "\n" + [(2, ".5"), (3, ".33333")].map { scale, factor in
            "@media (min-resolution:\(scale)dppx){li.sep::after,ul.edge::before,ul.edge::after{transform:scaleY(\(factor))}}"
        }.joined(separator: "\n")
        let families = (theme.font("body")?.families ?? theme.fallbackFonts).map { "\"\($0)\", " }.joined()
        css += """
            *,*::before,*::after{box-sizing:border-box}
            html,body{margin:0;padding:0}
            body{background:\(Self.css(color: table.background, theme: theme));font-family:\(families)\(theme.fontFallback);-webkit-text-size-adjust:100%;font-kerning:normal}
            main{display:block;position:relative;width:\(Escape.px(table.width));padding:\(Escape.px(style.topPadding)) 0 \(Escape.px(style.bottomPadding))}
            h1,h2,footer{display:block;margin:0;font:inherit;position:relative}
            section{display:block;position:relative}
            ul{list-style:none;margin:0;padding:0;position:relative;background:var(\(Escape.token(style.cellBackground)));border-radius:\(Escape.px(style.cornerRadius));overflow:\(style.cornerRadius > 0 ? "hidden" : "visible")}
            li{display:block;position:relative;content-visibility:auto}
            li.sep::after{content:"";position:absolute;left:var(--sep-x);right:0;bottom:0;height:1px;transform:scaleY(\(Escape.number(table.separatorThickness ?? 1)));transform-origin:0 100%;background:var(--sep-c)}
            ul.edge::before,ul.edge::after{content:"";position:absolute;left:calc(-1 * var(--inset));right:calc(-1 * var(--inset));height:1px;transform:scaleY(\(Escape.number(table.separatorThickness ?? 1)));background:var(\(Escape.token(table.separatorColor)));z-index:1}
            ul.edge::before{top:0;transform-origin:0 0}
            ul.edge::after{bottom:0;transform-origin:0 100%}\(hairlines)
            a.row{display:block;color:inherit;text-decoration:none}
            a.row:focus-visible{outline:2px solid var(\(Escape.token("tint")));outline-offset:-2px}
            .v{display:flex;min-width:0;min-height:0;flex:0 1 auto;position:relative}
            .l{display:block;min-height:0;white-space:pre;flex:0 1 auto}
            .l .tx{display:block;contain:inline-size}
            .l .sz{display:block;height:0;overflow:hidden;visibility:hidden;white-space:normal;font-size:0;line-height:0;contain:layout}
            .l .sz i{display:inline-block;vertical-align:top}
            .l.w{white-space:pre-wrap;overflow-wrap:break-word}
            .l b,.l i{font-size:0;line-height:0;font-weight:inherit;font-style:inherit;letter-spacing:0}
            .l u{display:inline-block;margin-inline-end:var(--t,0)}
            .l b::after{content:"\\A"}
            .l .t{user-select:none}
            .l .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:pre-wrap}
            .i{display:block;min-width:0;min-height:0;background-repeat:no-repeat;background-position:center}
            .g{display:block;flex:0 0 auto;overflow:visible}
            .sw{display:block;flex:0 0 auto;position:relative;width:\(px(Switch.width));height:\(px(Switch.height))}
            .sw>span{position:absolute;left:0;top:50%;margin-top:-\(px(Switch.cornerRadius));width:\(px(Switch.width));height:\(px(Switch.height));border-radius:\(px(Switch.cornerRadius));background:var(\(Escape.token("switchOff")))}
            .sw.on>span{background:var(--tint)}
            .sw>span>span{position:absolute;top:\(px(Switch.knobInset));left:\(px(Switch.knobInset));width:\(px(Switch.knobDiameter));height:\(px(Switch.knobDiameter));border-radius:50%;background:var(\(Escape.token("switchKnob")));box-shadow:0 \(px(Switch.shadowOffset)) 0 rgba(0,0,0,\(Escape.number(Switch.shadowAlpha)))}
            .sw.on>span>span{left:\(px(Switch.knobOnOffset))}
            .plain h2{position:sticky;top:0;z-index:2}
            """
        css += "\n"
        if table.direction == .rightToLeft {
            // Mirrored: a separator's inset on the right, a switch's knob on the left when on.
            css += """
            li.sep::after{left:0;right:var(--sep-x);transform-origin:100% 100%}
            .sw>span>span{left:\(px(Switch.knobOnOffset))}
            .sw.on>span>span{left:\(px(Switch.knobInset))}

            """
        }
        if withStates {
            css += """
            .switcher-bar{display:none;justify-content:flex-end;padding:0 \(Escape.px(style.contentInset + 8)) 6px}
            .js .switcher-bar{display:flex}
            .switcher{display:flex;gap:2px;padding:2px;border-radius:8px;background:var(\(Escape.token("systemFill")))}
            .switcher button{font:inherit;font-size:12px;line-height:16px;padding:2px 8px;border:0;border-radius:6px;background:transparent;color:var(\(Escape.token("label")));cursor:pointer}
            .switcher button[aria-pressed=true]{background:var(\(Escape.token("tertiarySystemBackground")));box-shadow:0 1px 2px rgba(0,0,0,0.15)}
            .state-caption{margin:8px \(Escape.px(style.contentInset + 16)) 4px;font-size:13px;line-height:18px;color:var(\(Escape.token("secondaryLabel")))}
            .js .state-caption,.js ul.state-list:not(.current){display:none}
            .ghost{position:absolute;pointer-events:none;z-index:4}
            ul.state-list>li{background:var(\(Escape.token(style.cellBackground)))}

            """
        }
        css += """

            """
        for (declarations, name) in classes.sorted(by: { $0.value < $1.value }) {
            css += ".\(name){\(declarations)}\n"
        }
        return css
    }

    // MARK: Body

    private struct Context {
        let theme: Theme
        let table: LaidOutTable
        var classes: [String: String] = [:]
        /// Every font family a label of the page names (its own and those Pango fell back to):
        /// the app's own fonts among them are embedded (`fontFaces`).
        var families = Set<String>()
        var states: [Int: [LaidOutState]] = [:]
        var intrinsicWidths: ((_ text: String, _ style: TextStyle) -> (min: Double, max: Double))?

        init(theme: Theme, table: LaidOutTable) {
            self.theme = theme
            self.table = table
        }

        /// The CSS of a colour token or literal, worked out once per colour.
        mutating func color(_ token: String) -> String {
            if let known = colors[token] { return known }
            let css = HTMLRenderer.css(color: token, theme: theme)
            colors[token] = css
            return css
        }
        var colors: [String: String] = [:]

        /// The class of each view style already written (texts and sources left out: the
        /// declarations do not depend on them), so that a row's classes are looked up, not rebuilt.
        var styleClasses: [StyleKey: String] = [:]
        var estimateClasses: [Double: String] = [:]
        /// The last text written in the row being written: the name a page gives a control that
        /// has none (a field, a slider or a switch named by the text before it, as a form's
        /// label), where VoiceOver would read only its value.
        var textBefore: String?

        struct StyleKey: Hashable {
            var style: ViewStyle
            var parentAxis: Axis?
            var parentDistribution: StackDistribution?
            var fillsHeight: Bool

            init(_ style: ViewStyle, parentAxis: Axis?, parentDistribution: StackDistribution?, fillsHeight: Bool) {
                var style = style
                style.id = nil
                style.valueKey = nil
                switch style.content {
                case .label(_, let textStyle, let color): style.content = .label(text: "", style: textStyle, color: color)
                case .image(_, let mode, _): style.content = .image(path: "", contentMode: mode, alt: "")
                case .toggle(_, let tint): style.content = .toggle(on: false, tint: tint)
                default: break
                }
                self.style = style
                self.parentAxis = parentAxis
                self.parentDistribution = parentDistribution
                self.fillsHeight = fillsHeight
            }
        }

        /// A class for a set of declarations, shared by every element that has the same.
        mutating func className(_ declarations: String) -> String {
            if let known = classes[declarations] { return known }
            let name = "s\(classes.count)"
            classes[declarations] = name
            return name
        }

        /// Where the body writer stands: blocks arrive in order, sections open and close as they go.
        var previousBottom = 0.0
        var openSection: Int?
        var inList = false
        var listsWritten = true
        /// The sections with a row of an Interface Builder cell with a background of its own:
        /// their list has none, each row its own or the style's.
        var tintedSections: Set<Int>?

        mutating func isTinted(_ section: Int) -> Bool {
            if tintedSections == nil {
                tintedSections = Set(table.pages.flatMap { $0.blocks.compactMap { $0.cellBackground == nil ? nil : $0.section } })
            }
            return tintedSections?.contains(section) ?? false
        }

        mutating func open(into out: inout String) {
            out += "<main data-width=\"\(Escape.number(table.width))\" class=\"\(table.table.style == .plain ? "plain" : table.table.style.rawValue)\"\(table.table.title.map { " aria-label=\"\(Escape.text($0))\"" } ?? "")>\n"
            previousBottom = table.style.topPadding
        }

        /// Writes one block: the title, a header or footer, or a row (a section's rows form a list).
        mutating func add(_ block: Block, into out: inout String) throws(Diagnostic) {
            if block.kind == .title, openSection == nil {
                out += "<h1\(blockAttributes(block, gap: block.frame.y - previousBottom))>"
                try writeContent(block, into: &out)
                out += "</h1>\n"
                previousBottom = block.frame.maxY
                return
            }
            let sectionIndex = block.section
            if openSection != sectionIndex {
                try closeSection(into: &out)
                let section = table.table.sections[sectionIndex]
                let gap = block.frame.y - previousBottom
                out += "<section id=\"section-\(Escape.text(section.id))\" data-id=\"\(Escape.text(section.id))\" data-top=\"\(Escape.number(block.frame.y))\""
                if gap > 0.0005 { out += " style=\"padding-top:\(Escape.px(gap))\"" }
                out += ">\n"
                openSection = sectionIndex
                inList = false
                listsWritten = states[sectionIndex] == nil
            }
            if !listsWritten, block.kind != .header {
                try writeStates(sectionIndex, into: &out)
                listsWritten = true
            }
            defer { previousBottom = block.frame.maxY }
            if block.kind == .row, states[sectionIndex] != nil { return }
            switch block.kind {
            case .row:
                if !inList {
                    let inset = block.frame.x
                    let edge = table.style.edgeSeparators == "full" && block.item == 0
                    let clear = isTinted(sectionIndex) ? ";background:transparent" : ""
                    out += "<ul\(edge ? " class=\"edge\"" : "") style=\"margin:0 \(Escape.px(inset));--inset:\(Escape.px(inset))\(clear)\">\n"
                    inList = true
                }
                try writeRow(block, into: &out)
            case .header, .footer, .title:
                if inList { out += "</ul>\n"; inList = false }
                let tag = block.kind == .footer ? "footer" : "h2"
                out += "<\(tag)\(blockAttributes(block, gap: 0))>"
                try writeContent(block, into: &out)
                out += "</\(tag)>\n"
            }
        }

        mutating func closeSection(into out: inout String) throws(Diagnostic) {
            guard let sectionIndex = openSection else { return }
            if inList { out += "</ul>\n"; inList = false }
            if !listsWritten { try writeStates(sectionIndex, into: &out) }
            out += "</section>\n"
            openSection = nil
        }

        mutating func close(into out: inout String) throws(Diagnostic) {
            try closeSection(into: &out)
            out += "</main>\n"
        }

        /// A stateful section's switcher (buttons, for the script), on a bar of its own between the
        /// section's header and its rows (with JavaScript only), so that it covers nothing.
        func writeSwitcher(_ sectionIndex: Int, into out: inout String) {
            guard let lists = states[sectionIndex], let initial = table.table.sections[sectionIndex].states?.initial else { return }
            let label = PDFTitle.of(table.table.sections[sectionIndex])
            out += "<div class=\"switcher-bar\"><div class=\"switcher\" role=\"group\" aria-label=\"\(Escape.text(label)): state\" data-switcher>"
            for name in lists.map(\.name) {
                out += "<button type=\"button\" data-state=\"\(Escape.text(name))\" aria-pressed=\"\(name == initial)\">\(Escape.text(name))</button>"
            }
            out += "</div></div>\n"
        }

        /// One list per state of a stateful section. Without JavaScript every list shows, each
        /// under its state's name; with it, one at a time.
        mutating func writeStates(_ sectionIndex: Int, into out: inout String) throws(Diagnostic) {
            guard let lists = states[sectionIndex], let initial = table.table.sections[sectionIndex].states?.initial else { return }
            let section = table.table.sections[sectionIndex]
            let label = PDFTitle.of(section)
            writeSwitcher(sectionIndex, into: &out)
            for state in lists {
                let name = state.name, laid = state.table
                guard let page = laid.pages.first else { continue }
                let rows = page.blocks.filter { $0.kind == .row && $0.section == sectionIndex }
                let group = page.groups.first { $0.section == sectionIndex }
                let inset = rows.first?.frame.x ?? laid.style.contentInset
                var style = "margin:0 \(Escape.px(inset));--inset:\(Escape.px(inset))"
                if let group, group.background != table.style.cellBackground { style += ";background:\(color(group.background))" }
                out += "<p class=\"state-caption\">\(Escape.text(label)) — \(Escape.text(name))</p>\n"
                var classes = "state-list" + (name == initial ? " current" : "")
                if group?.topLine ?? false { classes += " edge" }
                out += "<ul class=\"\(classes)\" data-state=\"\(Escape.text(name))\" aria-label=\"\(Escape.text(label)): \(Escape.text(name))\" style=\"\(style)\">\n"
                for row in rows { try writeRow(row, in: laid, into: &out) }
                out += "</ul>\n"
            }
        }

        mutating func blockAttributes(_ block: Block, gap: Double) -> String {
            var style = "margin:0 \(Escape.px(block.frame.x))"
            if gap > 0.0005 { style = "margin:\(Escape.px(gap)) \(Escape.px(block.frame.x)) 0" }
            if let background = block.background { style += ";background:\(color(background))" }
            if block.clips { style += ";height:\(Escape.px(block.frame.height));overflow:hidden" }
            return " data-height=\"\(Escape.number(block.frame.height))\" style=\"\(style)\""
        }

        mutating func writeRow(_ block: Block, in laid: LaidOutTable? = nil, into out: inout String) throws(Diagnostic) {
            let item = (laid ?? table).table.sections[block.section].items[block.item ?? 0]
            let estimate: String
            if let known = estimateClasses[item.height.estimate] {
                estimate = known
            } else {
                estimate = className("contain-intrinsic-size:auto \(Escape.px(item.height.estimate));")
                estimateClasses[item.height.estimate] = estimate
            }
            var style = ""
            if let background = block.cellBackground ?? (isTinted(block.section) ? table.style.cellBackground : nil) {
                style += ";background:\(color(background))"
            }
            if let background = block.background { style += ";background:\(color(background))" }
            if block.clips { style += ";height:\(Escape.px(block.frame.height));overflow:hidden" }
            if let separator = block.separator {
                // The inset on the leading side: the right one, right to left (see the style sheet).
                let inset = table.direction == .rightToLeft ? block.frame.width - separator.x - separator.width : separator.x
                style += ";--sep-x:\(Escape.px(inset));--sep-c:\(color(separator.color))"
            }
            out += "<li class=\"\(estimate)\(block.separator == nil ? "" : " sep")\" data-id=\"\(Escape.text(block.id))\" data-height=\"\(Escape.number(block.frame.height))\" data-y=\"\(Escape.number(block.frame.y))\""
            // A row the document hides from VoiceOver is hidden from assistive technology.
            if item.accessibility?.hidden == true { out += " aria-hidden=\"true\"" }
            out += style.isEmpty ? ">" : " style=\"\(style.dropFirst())\">"
            // Links were checked against LinkPolicy when the rows were laid out.
            if let link = block.link {
                out += "<a class=\"row\" href=\"\(Escape.text(link))\">"
                try writeContent(block, accessibility: item.accessibility, into: &out)
                out += "</a>"
            } else {
                try writeContent(block, accessibility: item.accessibility, into: &out)
            }
            out += "</li>\n"
        }

        mutating func writeContent(_ block: Block, accessibility: ItemAccessibility? = nil, into out: inout String) throws(Diagnostic) {
            guard let content = block.content else { return }
            let rowLabel = Self.firstText(content)
            textBefore = nil
            guard let accessibility, !accessibility.hidden else {
                try write(content, parentAxis: nil, fillsHeight: block.clips, rowLabel: rowLabel, into: &out)
                return
            }
            // The row the document describes: its role, label, value and hint on its content.
            var own = ""
            try write(content, parentAxis: nil, fillsHeight: block.clips, rowLabel: rowLabel, into: &own)
            ARIA.adding(ARIA.attributes(accessibility, texts: Self.texts(content).joined(separator: ", ")), toFirstTagOf: &own)
            out += own
        }

        /// A view's texts in the order they are drawn.
        static func texts(_ view: LaidOutView) -> [String] {
            if case .label(let text, _, _) = view.style.content {
                let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
                return words.isEmpty ? [] : [words.joined(separator: " ")]
            }
            return view.children.flatMap(texts)
        }

        /// A label's text on the lines tablerender set, so that the browser shows the very lines
        /// the PNG and PDF show: the label does not wrap (`white-space: pre`), and each break is
        /// written where it was made — a newline as itself, a break at a space as a `<b>` holding
        /// that space (at size 0, so that it cannot move an aligned line) whose generated "\A"
        /// breaks the line. Generated content is neither copied nor read aloud, so
        /// the label copies and reads as its text. A label cut by its line limit shows its lines
        /// and ellipsis to the eye only; its whole text is there, unseen, for copying and for
        /// assistive technology.
        /// `spoken`: what is read instead of the text (an `accessibilityLabel`), there unseen as the
        /// text of a cut label is.
        static func writeLines(_ lines: TextLines, of text: String, spoken: String? = nil, into out: inout String) {
            var shown = ""
            for (index, line) in lines.lines.enumerated() {
                if lines.tracking != 0, !line.isEmpty {
                    // Letter spacing is between two characters of a line (tablerender's, as
                    // Pango's and UIKit's): a browser adds it after every character, so an
                    // empty box after the last one gives it back (outside the text, which keeps
                    // the kerning of its last pair).
                    shown += Escape.text(line) + "<u></u>"
                } else {
                    shown += Escape.text(line)
                }
                guard index < lines.between.count else { break }
                var spaces = ""
                var broke = false
                for character in lines.between[index] {
                    if character == "\n" || character == "\r\n" || character == "\r" {
                        // Spaces before a newline take no room; the newline breaks the line.
                        if !spaces.isEmpty { shown += "<i>\(Escape.text(spaces))</i>"; spaces = "" }
                        shown += "\n"
                        broke = true
                    } else {
                        spaces.append(character)
                    }
                }
                // A break at a space (or inside a word): the space, taking no room, and the break.
                if !broke { shown += "<b>\(Escape.text(spaces))</b>" } else if !spaces.isEmpty { shown += "<i>\(Escape.text(spaces))</i>" }
            }
            // An empty last line after a newline is a line: a browser draws none for a newline
            // at the very end, so it gets one more.
            if lines.lines.count > 1, lines.lines.last == "", let last = lines.between.last {
                // After a soft break (a line limit that clips at a space, say) the empty line is
                // held open by a zero-width space.
                shown += last.contains("\n") || last.contains("\r") ? "\n" : "&#8203;"
            }
            // A label whose only line is empty still has that line (a browser makes no line box
            // for nothing).
            if shown.isEmpty { shown = "&#8203;" }
            if spoken == nil, isWhole(lines, of: text) {
                out += shown
            } else {
                out += "<span class=\"sr\">\(Escape.text(spoken ?? text))</span><span class=\"t\" aria-hidden=\"true\">\(shown)</span>"
            }
        }

        /// Empty boxes whose min-content is `minimum` and max-content `maximum`.
        /// The widths are in 64ths of a pixel, the unit of Chromium's layout, which cuts a length
        /// down to one: the pieces add up to the widths to the nearest 64th (written in
        /// thousandths, each piece would lose up to a 64th, and a row of labels that fits
        /// in tablerender by a tenth of a pixel would wrap in the browser).
        static func sizer(minimum: Double, maximum: Double) -> String {
            let least = (minimum * 64).rounded(), most = max(least, (maximum * 64).rounded())
            var out = "<i style=\"width:\(sixtyFourths(Int(least)))\"></i>"
            let rest = Int(most - least)
            guard rest > 0 else { return out }
            let pieces = least > 0 ? min(64, rest, Int((Double(rest) / least).rounded(.up))) : 1
            for index in 0..<pieces {
                out += "<wbr><i style=\"width:\(sixtyFourths(rest / pieces + (index < rest % pieces ? 1 : 0)))\"></i>"
            }
            return out
        }

        /// `units` 64ths of a pixel, exactly (1/64 is 0.015625).
        static func sixtyFourths(_ units: Int) -> String {
            let fraction = units % 64
            guard fraction != 0 else { return "\(units / 64)px" }
            var digits = String(fraction * 15625)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            return "\(units / 64).\(digits)px"
        }

        /// Whether the lines show all of `text` (a space or newline at its very end aside).
        static func isWhole(_ lines: TextLines, of text: String) -> Bool {
            var set = lines.lines.count == 1 || text.utf8.count <= TextEngine.longestUnbrokenRun ? text : TextEngine.breakable(text)
            return set.withUTF8 { bytes -> Bool in
                // The lines and what stands between them, byte for byte, are the text.
                var offset = 0
                func follows(_ part: String) -> Bool {
                    var part = part
                    return part.withUTF8 { piece in
                        guard offset + piece.count <= bytes.count,
                              memcmp(bytes.baseAddress! + offset, piece.baseAddress ?? bytes.baseAddress!, piece.count) == 0 else { return false }
                        offset += piece.count
                        return true
                    }
                }
                for (index, line) in lines.lines.enumerated() {
                    guard follows(line) else { return false }
                    if index < lines.between.count, !follows(lines.between[index]) { return false }
                }
                // A space or newline at the very end is no loss.
                return bytes[offset...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
            }
        }

        static func firstText(_ view: LaidOutView) -> String? {
            if case .label(let text, _, _) = view.style.content { return text }
            for child in view.children { if let text = firstText(child) { return text } }
            return nil
        }

        /// The declarations a view takes as a flex item of a stack along `parentAxis`.
        mutating func itemDeclarations(_ style: ViewStyle, parentAxis: Axis?, parentDistribution: StackDistribution?) -> String {
            var css = ""
            let mainFixed = parentAxis == .horizontal ? style.width != nil : parentAxis == .vertical ? style.height != nil : false
            if let overlay = style.overlay {
                // Out of the flow, against the parent's padding box.
                css += "position:absolute;"
                for (name, value) in [("top", overlay.top), ("right", overlay.right), ("bottom", overlay.bottom), ("left", overlay.left)] {
                    if let value { css += "\(name):\(Escape.px(value));" }
                }
            } else if parentDistribution == .fillEqually {
                css += "flex:1 1 0;"
            } else if mainFixed {
                css += "flex:0 0 auto;"
            } else if parentDistribution == .equalCentering {
                // Children keep their sizes; the gaps take the room.
                if style.shrink != 1 || style.grow != 0 { css += "flex:0 \(Escape.number(style.shrink)) auto;" }
            } else if style.grow != 0 || style.shrink != 1 {
                css += "flex:\(Escape.number(style.grow)) \(Escape.number(style.shrink)) auto;"
            }
            // A parent holds its overlays (an overlay is positioned already).
            if style.holdsOverlay, style.overlay == nil { css += "position:relative;" }
            if let alignSelf = style.alignSelf, parentAxis != nil, style.overlay == nil {
                // A vertical fillEqually stack is a grid of one column: its items' own placement
                // across it is `justify-self`.
                let property = parentAxis == .vertical && parentDistribution == .fillEqually ? "justify-self" : "align-self"
                css += "\(property):\(Self.crossAlignment(alignSelf, axis: parentAxis ?? .horizontal));"
            }
            if style.margin.contains(where: { $0 != 0 }) { css += "margin:" + style.margin.map(Escape.px).joined(separator: " ") + ";" }
            // Percentages as the template gives them: of the parent's content box, as tablerender resolves them.
            let percents = style.percents
            func percent(_ fraction: Double) -> String { Escape.number(fraction * 100) + "%" }
            if let fraction = percents?.width { css += "width:\(percent(fraction));" } else if let width = style.width { css += "width:\(Escape.px(width));" }
            if let fraction = percents?.height { css += "height:\(percent(fraction));" } else if let height = style.height { css += "height:\(Escape.px(height));" }
            if let fraction = percents?.minWidth { css += "min-width:\(percent(fraction));" } else if style.minWidth > 0 { css += "min-width:\(Escape.px(style.minWidth));" }
            if let fraction = percents?.maxWidth { css += "max-width:\(percent(fraction));" } else if style.maxWidth.isFinite { css += "max-width:\(Escape.px(style.maxWidth));" }
            if let fraction = percents?.minHeight { css += "min-height:\(percent(fraction));" } else if style.minHeight > 0 { css += "min-height:\(Escape.px(style.minHeight));" }
            if let fraction = percents?.maxHeight { css += "max-height:\(percent(fraction));" } else if style.maxHeight.isFinite { css += "max-height:\(Escape.px(style.maxHeight));" }
            if let background = style.background { css += "background:\(color(background));" }
            if style.cornerRadius > 0 { css += "border-radius:\(Escape.px(style.cornerRadius));overflow:hidden;" } else if style.clips { css += "overflow:hidden;" }
            if style.opacity < 1 { css += "opacity:\(Escape.number(max(0, style.opacity)));" }
            if style.borderWidth > 0 { css += "box-shadow:inset 0 0 0 \(Escape.px(style.borderWidth)) \(color(style.borderColor));" }
            let padding = style.padding
            if padding.contains(where: { $0 != 0 }) { css += "padding:" + padding.map(Escape.px).joined(separator: " ") + ";" }
            return css
        }

        static let alignments: [StackAlignment: String] = [.fill: "stretch", .leading: "flex-start", .center: "center", .trailing: "flex-end",
                                                           .firstBaseline: "baseline", .lastBaseline: "last baseline"]

        /// The CSS alignment across a stack of `axis`: across a column no baseline is shared, and
        /// the page says what tablerender does there (the start for a first baseline, the end
        /// for a last one: CSS's fallbacks), not what a browser's column does with baselines.
        static func crossAlignment(_ alignment: StackAlignment, axis: Axis) -> String {
            if axis == .vertical, alignment == .firstBaseline { return "flex-start" }
            if axis == .vertical, alignment == .lastBaseline { return "flex-end" }
            return alignments[alignment] ?? "stretch"
        }
        static let distributions: [StackDistribution: String] = [.fill: "flex-start", .fillEqually: "flex-start", .leading: "flex-start", .center: "center",
                                                                 .trailing: "flex-end", .equalSpacing: "space-between", .equalCentering: "flex-start"]

        /// Whether a child's intrinsic widths decide its width in a stack of `axis` and
        /// `alignment`: an item of a row, an overlay, or a child a column does not stretch.
        static func widthsCount(of child: LaidOutView, axis: Axis, alignment: StackAlignment) -> Bool {
            axis == .horizontal || child.style.overlay != nil || ((child.style.alignSelf ?? alignment) != .fill && child.style.width == nil)
        }

        /// - Parameter sized: whether the view's intrinsic widths count (it is an item of a row, a
        ///   column that does not stretch it, or inside one): a label then states tablerender's.
        mutating func write(_ view: LaidOutView, parentAxis: Axis?, parentDistribution: StackDistribution? = nil, fillsHeight: Bool = false,
                            sized: Bool = false, rowLabel: String?, into out: inout String) throws(Diagnostic) {
            // A control or a view Interface Builder makes an element of its own: its role, label,
            // value and state on the element that draws it (a switch writes its own).
            if view.style.accessibility != nil, var element = AccessibilityTree.element(of: view) {
                if case .toggle = view.style.content {} else {
                    if element.label.isEmpty, let name = textBefore ?? rowLabel { element.label = name }
                    var own = ""
                    try writeView(view, parentAxis: parentAxis, parentDistribution: parentDistribution, fillsHeight: fillsHeight, sized: sized,
                                  rowLabel: rowLabel, into: &own)
                    ARIA.adding(ARIA.attributes(element), toFirstTagOf: &own)
                    out += own
                    return
                }
            }
            // A view a template or IB leaves out of what VoiceOver reads (a decorative image).
            if view.style.accessibility?.isElement == false {
                var own = ""
                try writeView(view, parentAxis: parentAxis, parentDistribution: parentDistribution, fillsHeight: fillsHeight, sized: sized,
                              rowLabel: rowLabel, into: &own)
                ARIA.adding(" aria-hidden=\"true\"", toFirstTagOf: &own)
                out += own
                return
            }
            try writeView(view, parentAxis: parentAxis, parentDistribution: parentDistribution, fillsHeight: fillsHeight, sized: sized,
                          rowLabel: rowLabel, into: &out)
        }

        /// A stack: a flex box of its children, with the gaps of an equal-centering distribution
        /// stated.
        mutating func writeStack(_ view: LaidOutView, axis: Axis, spacing: Double, alignment: StackAlignment, distribution: StackDistribution,
                                 classes: String, sized: Bool, rowLabel: String?, into out: inout String) throws(Diagnostic) {
            let (viewClass, idClass) = (classes, "")
            out += "<span class=\"v \(viewClass)\(idClass)\">"
            // CSS has no equal steps from centre to centre: the gaps tablerender found are
            // stated, each an unseen flex item `spacing` long that takes its share of the
            // room (so that the stack's own intrinsic size is the children's and the
            // spacing, as tablerender's is), at the start across the stack (out of any
            // baseline alignment, no height of its own).
            var extras: [Double] = []
            if distribution == .equalCentering {
                let flowing = view.children.filter { $0.style.overlay == nil }
                let horizontal = axis == .horizontal
                let rightToLeft = table.direction == .rightToLeft
                for (previous, child) in zip(flowing, flowing.dropFirst()) {
                    let gap: Double
                    if !horizontal {
                        gap = child.frame.y - child.style.margin[0] - (previous.frame.maxY + previous.style.margin[2])
                    } else if rightToLeft {
                        // The next child is on the left of the previous one.
                        gap = previous.frame.x - previous.style.margin[3] - (child.frame.maxX + child.style.margin[1])
                    } else {
                        gap = child.frame.x - child.style.margin[3] - (previous.frame.maxX + previous.style.margin[1])
                    }
                    extras.append(max(0, gap - spacing))
                }
            }
            let room = extras.reduce(0, +)
            var gap = 0, inFlow = 0
            for child in view.children {
                if !extras.isEmpty, child.style.overlay == nil {
                    if inFlow > 0, gap < extras.count {
                        // Shares summing to 1,000 (a sum of at least 1 gives out all the room),
                        // in thousandths: exact to a millionth of the room.
                        let share = room > 0 ? 1000 * extras[gap] / room : 0
                        out += "<span style=\"display:block;align-self:flex-start;flex:\(Escape.number(share)) 0 \(Escape.px(spacing))\"></span>"
                        gap += 1
                    }
                    inFlow += 1
                }
                let childSized = sized || Self.widthsCount(of: child, axis: axis, alignment: alignment)
                try write(child, parentAxis: axis, parentDistribution: distribution, sized: childSized, rowLabel: rowLabel, into: &out)
            }
            out += "</span>"
        }

        /// A label on the lines tablerender set (`writeLines`), with the fonts Pango fell back to
        /// named, and an unseen sizer where the browser must take tablerender's widths.
        mutating func writeLabel(_ view: LaidOutView, text: String, style textStyle: TextStyle, classes: String, sized: Bool, into out: inout String) {
            let (viewClass, idClass) = (classes, "")
            textBefore = text
            families.formUnion(textStyle.font.families)
            guard let lines = view.textLines else {
                // Laid out without its lines (a layout that only measured): the browser wraps it.
                out += "<span class=\"l w \(viewClass)\(idClass)\" dir=\"auto\">\(Escape.text(TextEngine.breakable(text)))</span>"
                return
            }
            // The fonts Pango fell back to for this text, named, so that the browser takes the
            // same ones (its own fallback would choose others for some scripts).
            let own = textStyle.font.families
            let fallbacks = lines.families.filter { !own.contains($0) }
            families.formUnion(fallbacks)
            var inline = fallbacks.isEmpty ? ""
                : "font-family:\((own + fallbacks).map { "&quot;\(Escape.text(Escape.cssString($0)))&quot;," }.joined())\(Escape.text(theme.fontFallback));"
            // Text the own family does not all have is set without the font's tracking.
            if lines.tracking != textStyle.font.tracking { inline += "letter-spacing:\(Escape.px(lines.tracking));--t:\(Escape.px(-lines.tracking));" }
            let fonts = inline.isEmpty ? "" : " style=\"\(inline)\""
            // A label given a label of its own (not an element: its row reads it) reads that.
            let spoken = view.style.accessibility.flatMap { $0.isElement == nil ? $0.label : nil }
            out += "<span class=\"l \(viewClass)\(idClass)\" dir=\"auto\"\(fonts)>"
            if sized, let widths = intrinsicWidths?(text, textStyle) {
                // The browser would take the widths of the lines below for the label's own;
                // an unseen sizer states tablerender's: empty boxes with break opportunities
                // between them, the first as wide as the longest word (min-content), the rest
                // no wider, together as wide as the label on one line (max-content).
                out += "<span class=\"sz\">\(Self.sizer(minimum: widths.min, maximum: widths.max))</span>"
                out += "<span class=\"tx\">"
                Self.writeLines(lines, of: text, spoken: spoken, into: &out)
                out += "</span></span>"
            } else {
                Self.writeLines(lines, of: text, spoken: spoken, into: &out)
                out += "</span>"
            }
        }

        mutating func writeView(_ view: LaidOutView, parentAxis: Axis?, parentDistribution: StackDistribution?, fillsHeight: Bool,
                                sized: Bool, rowLabel: String?, into out: inout String) throws(Diagnostic) {
            let style = view.style
            let key = StyleKey(style, parentAxis: parentAxis, parentDistribution: parentDistribution, fillsHeight: fillsHeight)
            let viewClass: String
            if let known = styleClasses[key] {
                viewClass = known
            } else {
                viewClass = className(declarations(style, parentAxis: parentAxis, parentDistribution: parentDistribution, fillsHeight: fillsHeight))
                styleClasses[key] = viewClass
            }
            let idClass = style.id.map { " o-" + Escape.text($0) } ?? ""
            switch style.content {
            case .stack(let axis, let spacing, let alignment, let distribution):
                try writeStack(view, axis: axis, spacing: spacing, alignment: alignment, distribution: distribution, classes: viewClass + idClass,
                               sized: sized, rowLabel: rowLabel, into: &out)
            case .box:
                out += "<span class=\"v \(viewClass)\(idClass)\">"
                for child in view.children {
                    let childSized = sized || Self.widthsCount(of: child, axis: .vertical, alignment: .fill)
                    try write(child, parentAxis: .vertical, sized: childSized, rowLabel: rowLabel, into: &out)
                }
                out += "</span>"
            case .spacer:
                out += "<span class=\"v \(viewClass)\(idClass)\"></span>"
            case .label(let text, let textStyle, _):
                writeLabel(view, text: text, style: textStyle, classes: viewClass + idClass, sized: sized, into: &out)
            case .image(let path, let contentMode, let alt):
                // The picture is the background of an element with the image role, so that the
                // page holds each image once however many rows show it.
                var image = images[path] ?? PageImage(index: images.count)
                let box = image.largest[contentMode] ?? Size(width: 0, height: 0)
                image.largest[contentMode] = Size(width: max(box.width, view.frame.width), height: max(box.height, view.frame.height))
                images[path] = image
                let index = image.index
                // An Interface Builder image view's alt is its IB id, which nothing reads; one IB
                // makes an element gets its role from `write`.
                let label = view.style.accessibility != nil && AccessibilityTree.element(of: view) != nil ? ""
                    : (view.style.accessibility?.label ?? alt).isEmpty || (view.style.placedByConstraints && view.style.accessibility?.label == nil)
                        ? " aria-hidden=\"true\"" : " role=\"img\" aria-label=\"\(Escape.text(view.style.accessibility?.label ?? alt))\""
                out += "<span class=\"i \(viewClass)\(idClass) im\(index)\"\(label)></span>"
            case .toggle(let on, _):
                // IB's label, else the row's first text (a switch must have a name on a page).
                let element = view.style.accessibility != nil ? AccessibilityTree.element(of: view) : nil
                let name = element.map(\.label).flatMap { $0.isEmpty ? nil : $0 } ?? (element == nil ? rowLabel : textBefore ?? rowLabel)
                var label = name.map { " aria-label=\"\(Escape.text($0))\"" } ?? ""
                if let hint = element?.hint, !hint.isEmpty { label += " aria-description=\"\(Escape.text(hint))\"" }
                if element?.traits.contains("not enabled") == true { label += " aria-disabled=\"true\"" }
                out += "<span class=\"sw\(on ? " on" : "") \(viewClass)\(idClass)\" role=\"switch\" aria-checked=\"\(on)\"\(label)><span><span></span></span></span>"
            case .accessory(let accessory, let tint):
                let names: [Accessory: String] = [.disclosureIndicator: "More", .checkmark: "Selected", .detailButton: "More info",
                                                  .detailDisclosureButton: "More info"]
                let width = view.frame.width, height = view.frame.height
                out += "<svg class=\"g \(viewClass)\(idClass)\" role=\"img\" aria-label=\"\(names[accessory] ?? accessory.rawValue)\" width=\"\(Escape.number(width))\" height=\"\(Escape.number(height))\" viewBox=\"0 0 \(Escape.number(width)) \(Escape.number(height))\">"
                for primitive in ControlMetrics.accessoryGlyph(accessory, width: width, height: height, tint: tint, direction: table.direction) {
                    switch primitive {
                    case .polyline(let points, let lineWidth, let token):
                        let list = points.map { "\(Escape.number($0.x)),\(Escape.number($0.y))" }.joined(separator: " ")
                        out += "<polyline points=\"\(list)\" style=\"fill:none;stroke:\(color(token));stroke-width:\(Escape.number(lineWidth));stroke-linecap:round;stroke-linejoin:round\"/>"
                    case .strokedCircle(let center, let radius, let lineWidth, let token):
                        out += "<circle cx=\"\(Escape.number(center.x))\" cy=\"\(Escape.number(center.y))\" r=\"\(Escape.number(radius))\" style=\"fill:none;stroke:\(color(token));stroke-width:\(Escape.number(lineWidth))\"/>"
                    case .filledCircle(let center, let radius, let token):
                        out += "<circle cx=\"\(Escape.number(center.x))\" cy=\"\(Escape.number(center.y))\" r=\"\(Escape.number(radius))\" style=\"fill:\(color(token))\"/>"
                    }
                }
                out += "</svg>"
            case .divider:
                out += "<span class=\"v \(viewClass)\(idClass)\" role=\"separator\"></span>"
            }
        }

        /// The declarations of a view's class: as a flex item of its parent, and of its own kind.
        mutating func declarations(_ style: ViewStyle, parentAxis: Axis?, parentDistribution: StackDistribution?, fillsHeight: Bool) -> String {
            var css = itemDeclarations(style, parentAxis: parentAxis, parentDistribution: parentDistribution)
            if fillsHeight { css += "height:100%;" }
            switch style.content {
            case .stack(.vertical, let spacing, let alignment, .fillEqually):
                // UIStackView's fillEqually down a column: rows as tall as the tallest child, or
                // equal shares of a definite height (a grid of minmax(0, 1fr) rows).
                css += "display:grid;grid-auto-rows:minmax(0,1fr);grid-template-columns:minmax(0,1fr);"
                if spacing > 0 { css += "row-gap:\(Escape.px(spacing));" }
                css += "justify-items:\(Self.crossAlignment(alignment, axis: .vertical));align-items:stretch;"
            case .stack(let axis, let spacing, let alignment, let distribution):
                css += "flex-direction:\(axis == .horizontal ? "row" : "column");"
                if style.wraps {
                    css += "flex-wrap:wrap;align-content:flex-start;column-gap:\(Escape.px(spacing));row-gap:\(Escape.px(style.lineSpacing));"
                } else if spacing > 0, distribution != .equalCentering {
                    // (equalCentering's gaps are stated one by one: see `write`.)
                    css += "gap:\(Escape.px(spacing));"
                }
                css += "align-items:\(Self.crossAlignment(alignment, axis: axis));justify-content:\(Self.distributions[distribution] ?? "flex-start");"
            case .box:
                css += "flex-direction:column;align-items:stretch;"
            case .spacer, .accessory:
                break
            case .label(_, let textStyle, let textColor):
                let font = textStyle.font
                css += "font-family:" + font.families.map { "\"\(Escape.cssString($0))\"," }.joined() + "\(theme.fontFallback);font-size:\(Escape.px(font.size));font-weight:\(font.weight);"
                if font.italic { css += "font-style:italic;" }
                css += "line-height:\(Escape.px(font.lineHeight));color:\(color(textColor));"
                if font.tracking != 0 { css += "letter-spacing:\(Escape.px(font.tracking));--t:\(Escape.px(-font.tracking));" }
                switch textStyle.alignment {
                case .natural, .leading: css += "text-align:start;"
                case .center: css += "text-align:center;"
                case .trailing: css += "text-align:end;"
                case .justified: css += "text-align:justify;"
                case .left: css += "text-align:left;"
                case .right: css += "text-align:right;"
                }
            case .image(_, let contentMode, _):
                let size: String
                switch contentMode {
                case .aspectFit: size = "contain"
                case .aspectFill: size = "cover"
                case .scaleToFill: size = "100% 100%"
                case .center: size = "auto"
                }
                css += "background-size:\(size);"
            case .toggle(_, let tint):
                css += "--tint:\(color(tint));"
            case .divider(let lineColor, _):
                css += "background:\(color(lineColor));"
            }
            return css
        }

        /// The images the page shows, in order of first use, each with the largest size it is
        /// shown at: they are written once, in the style sheet.
        struct PageImage {
            var index: Int
            /// The largest box it is shown in, by content mode.
            var largest: [ContentMode: Size] = [:]
        }
        var images: [String: PageImage] = [:]
    }
}

