import Foundation
import Synchronization
import TableModel

/// Light or dark: which value of each colour token is drawn.
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light, dark
}

/// A colour with components from 0 to 1, not premultiplied.
package struct RGBA: Sendable, Hashable, CustomStringConvertible {
    package var red, green, blue, alpha: Double

    package init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
    package init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        var digits = String(hex.dropFirst())
        if digits.count == 3 { digits = digits.map { "\($0)\($0)" }.joined() }
        guard digits.count == 6 || digits.count == 8, let value = UInt32(digits, radix: 16) else { return nil }
        let full = digits.count == 6 ? (value << 8) | 0xFF : value
        self.init(red: Double((full >> 24) & 0xFF) / 255, green: Double((full >> 16) & 0xFF) / 255,
                  blue: Double((full >> 8) & 0xFF) / 255, alpha: Double(full & 0xFF) / 255)
    }

    package var description: String {
        let parts = [red, green, blue, alpha].map { String(format: "%02X", Int(($0 * 255).rounded())) }
        return "#" + (alpha >= 1 ? parts.prefix(3).joined() : parts.joined())
    }
}

/// A resolved font: what Pango and CSS both need.
package struct FontSpec: Sendable, Hashable, CustomStringConvertible {
    package var family: String
    package var size: Double
    /// CSS weight, 100 to 900.
    package var weight: Int
    package var italic: Bool
    package var lineHeight: Double
    /// Families tried, in order, for characters the family lacks (CJK, Arabic, emoji). Named
    /// explicitly so that Pango and a browser fall back to the same fonts.
    package var fallbacks: [String] = []
    /// Letter spacing in points, added between two characters of a line (the system face's
    /// tracking, `SystemFont.tracking(at:)`); 0 for any other font.
    package var tracking: Double = 0
    /// The system face this font is (a theme's font token, or IB's system font): it takes SF's
    /// Text or Display design and tracking by its size (`withSystemMetrics()`). Nil for a font a
    /// template names itself.
    package var systemFace: SystemFace?

    /// The family followed by its fallbacks.
    package var families: [String] { [family] + fallbacks }

    package init(family: String, size: Double, weight: Int = 400, italic: Bool = false, lineHeight: Double? = nil) {
        self.family = family
        self.size = size
        self.weight = weight
        self.italic = italic
        self.lineHeight = lineHeight ?? (size * 1.2).rounded()
    }

    static let weights: [String: Int] = [
        "thin": 100, "ultralight": 200, "extralight": 200, "light": 300, "regular": 400, "normal": 400, "book": 400,
        "medium": 500, "semibold": 600, "demibold": 600, "bold": 700, "extrabold": 800, "ultrabold": 800,
        "heavy": 900, "black": 900,
    ]

    /// A Pango-style literal: `Inter Bold 17`, `DejaVu Serif Italic 12`.
    package init?(literal: String) {
        var words = literal.split(separator: " ").map(String.init)
        guard let last = words.last, let size = Double(last.hasSuffix("px") ? String(last.dropLast(2)) : last), size.isFinite, size > 0, size <= 1000 else { return nil }
        words.removeLast()
        var weight = 400, italic = false
        while let word = words.last?.lowercased().replacingOccurrences(of: "-", with: ""), let w = Self.weights[word] ?? (word == "italic" || word == "oblique" ? -1 : nil) {
            if w == -1 { italic = true } else { weight = w }
            words.removeLast()
        }
        guard !words.isEmpty else { return nil }
        self.init(family: words.joined(separator: " "), size: size, weight: weight, italic: italic)
    }

    package var description: String {
        "\(family) \(weight)\(italic ? " italic" : "") \(format(size))/\(format(lineHeight))" + (tracking != 0 ? " tracking \(format(tracking))" : "")
    }
}

func format(_ number: Double) -> String {
    number.rounded() == number ? String(Int64(number)) : String(number)
}

/// How a table style is drawn by a theme.
package struct StyleMetrics: Sendable, Hashable {
    package var background: String
    package var cellBackground: String
    /// Horizontal inset of sections from the table's edges (insetGrouped).
    package var contentInset: Double
    package var cornerRadius: Double
    /// Leading inset of separators between rows.
    package var separatorInset: Double
    /// Space above a section that has no header.
    package var sectionSpacing: Double
    package var topPadding: Double
    package var bottomPadding: Double
    /// Lines above the first and below the last row of a section: `full`, `inset` or `none`.
    package var edgeSeparators: String
    package var headerTemplate: String
    package var footerTemplate: String
    /// Whether `contentInset` and `separatorInset` are UIKit's side layout margin (written
    /// `margin`), resolved for the screen by `Theme.style(_:width:)`.
    package var contentInsetIsMargin = false
    package var separatorInsetIsMargin = false
}

/// A theme: colour and font tokens, metrics per table style, page settings, built-in templates.
public struct Theme: Sendable {
    package var name: String
    package var folder: String
    /// The content size its font tokens are at (`scaled(to:)`); `large` as a theme is written.
    package var contentSize: ContentSizeCategory = .large
    /// The language the screen is shown in (`localized(to:)`); a pseudo-locale (`en-XA`)
    /// rewrites every text as it is bound.
    package var locale: String = "en"
    /// The direction the screen is laid out in: right to left mirrors stacks, paddings,
    /// margins, overlays, separators, accessories, switches, leading and trailing constraints
    /// and text's natural alignment, as UIKit does.
    package var direction: LayoutDirection = .leftToRight
    /// The gallery's drawing of an Interface Builder cell with nothing bound: an outlet whose
    /// view IB stores no content for (an empty label or button, an image view with no image) is
    /// drawn as a visible placeholder labelled with the outlet's name, where the app's code would
    /// set it. Off for documents: UIKit draws an empty view as nothing.
    package var marksEmptyOutlets = false
    /// Template folders, the parent theme's first: later folders override earlier ones.
    package var templateFolders: [String]
    /// Font files the theme bundles (`.ttf`, `.otf`, `.ttc` in its `fonts/` folder, its parent
    /// theme's first): loaded before anything is measured, so that its tokens may name a brand
    /// font no machine installs (`AppFonts`).
    package var fontFiles: [String] = []
    package var colors: [String: (light: RGBA, dark: RGBA)]
    /// The colours of tokens that change under Increase Contrast (`lightHighContrast`,
    /// `darkHighContrast` in a theme, a colour set's `"contrast": "high"` variants). `colors`
    /// holds them in place of the normal ones once the theme is `contrasted(.high)`; an HTML page
    /// that follows the reader's settings writes them for `prefers-contrast: more`.
    package var highContrastColors: [String: (light: RGBA, dark: RGBA)] = [:]
    /// The reader's Increase Contrast setting the colours are drawn at (`contrasted(_:)`).
    package var contrast: Contrast = .normal
    /// At high contrast, the normal colours of the tokens it replaced (to go back).
    package var normalColors: [String: (light: RGBA, dark: RGBA)] = [:]
    package var fonts: [String: FontSpec]
    package var styles: [TableStyle: StyleMetrics]
    package var width: Double
    package var separatorColor: String
    /// The thickness of separators in points; nil for a hairline, one device pixel (1/scale pt:
    /// 0.5 at @2x, 0.333 at @3x), as UIKit draws them. Written `hairline` in a theme.
    package var separatorThickness: Double?
    /// The vertical layout margin of cells at the theme's text size (`LayoutMargins.vertical`).
    package var rowMargin: Double = LayoutMargins.standard.vertical
    package var titleTemplate: String?
    package var page: PageSize
    package var pageMargin: Double
    package var fontFallback: String
    /// The theme's stand-in for the system font (`systemFont`, `systemDisplayFont`): its font
    /// tokens of that family, and Interface Builder's system fonts, take SF's tracking and optical
    /// sizes. Nil: no font of the theme is tracked.
    package var systemFace: SystemFace?
    /// The theme's own stand-in when SF Pro replaced it (`withAppleSystemFont`).
    package var standInForSystemFont: SystemFace?
    /// Families every font falls back to, before `fontFallback`.
    package var fallbackFonts: [String] = []
    /// Literal fonts parsed so far; a row's fonts are looked up for every row.
    let literalFonts = Memo<String, FontSpec?>()

    /// A colour token or a literal `#RRGGBB[AA]`.
    package func color(_ spec: String, _ appearance: Appearance) -> RGBA? {
        if let literal = RGBA(hex: spec) { return literal }
        guard let token = colors[spec] else { return nil }
        return appearance == .light ? token.light : token.dark
    }

    /// A font token or a Pango-style literal.
    package func font(_ spec: String) -> FontSpec? {
        var font = fonts[spec] ?? literalFonts.value(for: spec) { FontSpec(literal: spec) }
        font?.fallbacks = fallbackFonts
        return font
    }

    package func style(_ style: TableStyle) -> StyleMetrics {
        styles[style] ?? styles[.plain]!
    }

    /// The metrics of `style` on a screen `width` points wide: insets written `margin` are the
    /// side margin of that screen (16, or 20 from 393 pt), the separator's of the cell that is
    /// left between the insets.
    package func style(_ style: TableStyle, width: Double) -> StyleMetrics {
        var metrics = self.style(style)
        if metrics.contentInsetIsMargin { metrics.contentInset = LayoutMargins.side(screen: width, cell: width) }
        if metrics.separatorInsetIsMargin {
            metrics.separatorInset = LayoutMargins.side(screen: width, cell: max(0, width - 2 * metrics.contentInset))
        }
        return metrics
    }
}

/// Finds and reads themes: a name looks in the themes folders, a path is used as it is.
package enum ThemeLoader {
    /// The folders searched for theme names: `TABLERENDER_THEMES`, then `Themes` next to the
    /// executable's package, then the `Themes` of this package's sources (so a package that
    /// depends on tablerender finds the bundled themes), then the current folder's `Themes`.
    package static func searchPaths() -> [String] {
        var paths: [String] = []
        paths += RuntimeSettings.current.themeFolders
        var url = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            paths.append(url.appendingPathComponent("Themes").path)
            url.deleteLastPathComponent()
        }
        paths.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Themes").path)
        paths.append(FileManager.default.currentDirectoryPath + "/Themes")
        var seen = Set<String>()
        return paths.filter { seen.insert($0).inserted && FileManager.default.fileExists(atPath: $0) }
    }

    package static func available() -> [String] {
        var names = Set<String>()
        for path in searchPaths() {
            for entry in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            where FileManager.default.fileExists(atPath: "\(path)/\(entry)/theme.xml") {
                names.insert(entry)
            }
        }
        return names.sorted()
    }

    /// Loads a theme by name (`ios`) or by folder path. A path from a document (`base`, its
    /// folder) must stay inside the document's folder; a path given on the command line (no
    /// `base`) is the user's own.
    package static func load(_ nameOrPath: String, relativeTo base: String? = nil, location: SourceLocation? = nil) throws(Diagnostic) -> Theme {
        let folder: String
        if nameOrPath.contains("/") {
            if let base {
                do throws(SafePath.Failure) {
                    folder = try SafePath.resolve(nameOrPath, inside: base, mustBeDirectory: true)
                } catch {
                    throw Diagnostic(error.kind, at: location, "theme: " + error.message)
                }
            } else {
                folder = URL(fileURLWithPath: nameOrPath).standardizedFileURL.path
            }
        } else if let found = named(nameOrPath) {
            folder = found
        } else {
            throw Diagnostic(.missingFile, at: location, Suggestions.unknown("theme", nameOrPath, known: available()))
        }
        let file = folder + "/theme.xml"
        guard FileManager.default.fileExists(atPath: file) else {
            throw Diagnostic(.missingFile, at: location ?? SourceLocation(file: file), "no theme at '\(folder)' (expected \(file))")
        }
        return try parse(file: file, bytes: try InputFile.read(file, limit: XMLParser.maximumSize, what: "theme"), folder: folder)
    }

    /// The most font files one theme's `fonts/` folder holds.
    static let maximumFontFiles = 64

    /// The font files directly in `folder/fonts`: regular files (a link is not followed) whose
    /// names end in `.ttf`, `.otf` or `.ttc`, by name.
    static func bundledFonts(in folder: String) throws(Diagnostic) -> [String] {
        let fonts = folder + "/fonts"
        var found: [String] = []
        var folderStatus = stat()
        guard stat(fonts, &folderStatus) == 0 else { return found }
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: fonts)) ?? []).sorted()
        where FontFiles.extensions.contains((name as NSString).pathExtension.lowercased()) {
            var status = stat()
            guard lstat(fonts + "/" + name, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
                throw Diagnostic(at: SourceLocation(file: fonts + "/" + name), "a theme's font is read where it is: a regular file in its fonts folder, not a link or a folder")
            }
            found.append(fonts + "/" + name)
        }
        guard found.count <= maximumFontFiles else {
            throw Diagnostic(at: SourceLocation(file: fonts), "\(found.count) font files, more than \(maximumFontFiles) in a theme")
        }
        return found
    }

    /// The folder of the theme called `name` on the search paths.
    static func named(_ name: String) -> String? {
        searchPaths().map { "\($0)/\(name)" }.first { FileManager.default.fileExists(atPath: "\($0)/theme.xml") }
    }

    static let styleAttributes = ["name", "background", "cellBackground", "contentInset", "cornerRadius", "separatorInset",
                                  "sectionSpacing", "topPadding", "bottomPadding", "edgeSeparators", "headerTemplate", "footerTemplate"]

    package static func parse(file: String, bytes: [UInt8], folder: String, depth: Int = 0) throws(Diagnostic) -> Theme {
        let root = try XMLParser.parse(file: file, bytes: bytes)
        guard root.name == "theme" else { throw Diagnostic(at: root.location, "expected a <theme> root element, found <\(root.name)>") }
        try expect(root, ["name", "extends", "width", "separatorColor", "separatorThickness", "title", "page", "pageMargin", "fontFallback", "fallbackFonts",
                          "systemFont", "systemDisplayFont"])
        var theme = Theme(
            name: "", folder: folder, templateFolders: [], colors: [:], fonts: [:], styles: [:], width: 390, separatorColor: "separator",
            separatorThickness: 0.5, titleTemplate: nil, page: .content, pageMargin: 0, fontFallback: "sans-serif")
        if let parent = root.attribute("extends") {
            guard depth < 4 else { throw Diagnostic(at: parent.location, "themes extend each other more than 4 levels deep") }
            // A theme extends another by name: a theme folder beside it, or an installed theme.
            guard !parent.value.isEmpty, !parent.value.contains("/"), !parent.value.contains("\\"), parent.value != "..", parent.value != "." else {
                throw Diagnostic(at: parent.location, "extends=\"\(parent.value)\": expected the name of a theme (\(available().joined(separator: ", "))), not a path")
            }
            let sibling = URL(fileURLWithPath: folder).deletingLastPathComponent().appendingPathComponent(parent.value).path
            guard let parentFolder = FileManager.default.fileExists(atPath: sibling + "/theme.xml") ? sibling : named(parent.value) else {
                throw Diagnostic(.missingFile, at: parent.location, Suggestions.unknown("theme", parent.value, known: available()))
            }
            let parentFile = parentFolder + "/theme.xml"
            theme = try Self.parse(file: parentFile, bytes: try InputFile.read(parentFile, limit: XMLParser.maximumSize, what: "theme"),
                                   folder: parentFolder, depth: depth + 1)
            theme.folder = folder
        }
        theme.name = root.attribute("name")?.value ?? URL(fileURLWithPath: folder).lastPathComponent
        theme.templateFolders.append(folder + "/templates")
        theme.fontFiles += try bundledFonts(in: folder)
        theme.titleTemplate = root.attribute("title")?.value ?? theme.titleTemplate
        theme.width = try number(root, "width") ?? theme.width
        if root.attribute("separatorThickness")?.value == "hairline" {
            theme.separatorThickness = nil
        } else if let thickness = try number(root, "separatorThickness") {
            theme.separatorThickness = thickness
        }
        theme.separatorColor = root.attribute("separatorColor")?.value ?? theme.separatorColor
        theme.pageMargin = try number(root, "pageMargin") ?? theme.pageMargin
        theme.fontFallback = root.attribute("fontFallback")?.value ?? theme.fontFallback
        if let text = root.attribute("systemFont")?.value, !text.isEmpty {
            theme.systemFace = SystemFace(text: text, display: root.attribute("systemDisplayFont")?.value ?? text)
        }
        if let list = root.attribute("fallbackFonts")?.value {
            theme.fallbackFonts = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        if let page = root.attribute("page") {
            guard let size = PageSize(rawValue: page.value) else {
                throw Diagnostic(at: page.location, Suggestions.unknown("page", page.value, known: PageSize.allCases.map(\.rawValue)))
            }
            theme.page = size
        }
        for element in root.children {
            switch element.name {
            case "color":
                try expect(element, ["name", "light", "dark", "lightHighContrast", "darkHighContrast"])
                let name = try required(element, "name")
                let light = try color(element, "light")
                let dark = element.attribute("dark") == nil ? light : try color(element, "dark")
                theme.colors[name] = (light, dark)
                // Each high-contrast value defaults to the normal one of its appearance; a colour
                // redefined without them has none (not its parent theme's).
                let lightHigh = element.attribute("lightHighContrast") == nil ? nil : try color(element, "lightHighContrast")
                let darkHigh = element.attribute("darkHighContrast") == nil ? nil : try color(element, "darkHighContrast")
                theme.highContrastColors[name] = lightHigh == nil && darkHigh == nil ? nil : (lightHigh ?? light, darkHigh ?? dark)
            case "font":
                try expect(element, ["name", "family", "size", "weight", "italic", "lineHeight"])
                let name = try required(element, "name")
                guard let size = try number(element, "size"), size > 0 else { throw Diagnostic(at: element.location, "font '\(name)' needs a size > 0") }
                let weight = Int(try number(element, "weight") ?? 400)
                theme.fonts[name] = FontSpec(family: try required(element, "family"), size: size, weight: weight,
                                             italic: element.attribute("italic")?.value == "true", lineHeight: try number(element, "lineHeight"))
            case "style":
                let (style, metrics) = try Self.style(element)
                theme.styles[style] = metrics
            default:
                throw Diagnostic(at: element.location, Suggestions.unknown("element", "<\(element.name)>", known: ["<color>", "<font>", "<style>"]))
            }
        }
        // The tokens of the system face set as SF sets them at their sizes.
        if let face = theme.systemFace {
            for (token, font) in theme.fonts where font.family == face.text || font.family == face.display {
                var system = font
                system.systemFace = face
                theme.fonts[token] = system.withSystemMetrics()
            }
        }
        for style in TableStyle.allCases where theme.styles[style] == nil {
            throw Diagnostic(at: root.location, "theme '\(theme.name)' has no <style name=\"\(style.rawValue)\">")
        }
        for (style, metrics) in theme.styles {
            for token in [metrics.background, metrics.cellBackground] where theme.color(token, .light) == nil {
                throw Diagnostic(at: root.location, Suggestions.unknown("colour token", token, known: Array(theme.colors.keys)) + " in style \(style.rawValue)")
            }
        }
        return theme
    }

    /// A `<style name="plain|grouped|insetGrouped">` element: a table style's metrics.
    private static func style(_ element: XMLElement) throws(Diagnostic) -> (TableStyle, StyleMetrics) {
        try expect(element, styleAttributes)
        let name = try required(element, "name")
        guard let style = TableStyle(rawValue: name) else {
            throw Diagnostic(at: element.location, Suggestions.unknown("table style", name, known: TableStyle.allCases.map(\.rawValue)))
        }
        let metrics = StyleMetrics(
            background: element.attribute("background")?.value ?? "systemBackground",
            cellBackground: element.attribute("cellBackground")?.value ?? "systemBackground",
            contentInset: try number(element, "contentInset", orMargin: true) ?? 0, cornerRadius: try number(element, "cornerRadius") ?? 0,
            separatorInset: try number(element, "separatorInset", orMargin: true) ?? 16, sectionSpacing: try number(element, "sectionSpacing") ?? 0,
            topPadding: try number(element, "topPadding") ?? 0, bottomPadding: try number(element, "bottomPadding") ?? 0,
            edgeSeparators: element.attribute("edgeSeparators")?.value ?? "none",
            headerTemplate: element.attribute("headerTemplate")?.value ?? "header",
            footerTemplate: element.attribute("footerTemplate")?.value ?? "footer",
            contentInsetIsMargin: element.attribute("contentInset")?.value == "margin",
            separatorInsetIsMargin: element.attribute("separatorInset")?.value == "margin")
        return (style, metrics)
    }

    private static func expect(_ element: XMLElement, _ known: [String]) throws(Diagnostic) {
        for attribute in element.attributes where !known.contains(attribute.name) {
            throw Diagnostic(at: attribute.location, Suggestions.unknown("attribute", attribute.name, known: known) + " on <\(element.name)>")
        }
    }

    private static func required(_ element: XMLElement, _ name: String) throws(Diagnostic) -> String {
        guard let value = element.attribute(name)?.value, !value.isEmpty else {
            throw Diagnostic(at: element.location, "<\(element.name)> needs a '\(name)' attribute")
        }
        return value
    }

    /// `orMargin`: the word `margin` is also accepted (UIKit's side margin, 16 until resolved).
    private static func number(_ element: XMLElement, _ name: String, orMargin: Bool = false) throws(Diagnostic) -> Double? {
        guard let attribute = element.attribute(name) else { return nil }
        if orMargin, attribute.value == "margin" { return LayoutMargins.standard.side }
        guard let value = AttributeCheck.number(attribute.value) else {
            throw Diagnostic(at: attribute.location, "\(name)=\"\(attribute.value)\": expected a finite number ≥ 0\(orMargin ? " or margin" : "")")
        }
        return value
    }

    private static func color(_ element: XMLElement, _ name: String) throws(Diagnostic) -> RGBA {
        let text = try required(element, name)
        guard let color = RGBA(hex: text) else {
            throw Diagnostic(at: element.attribute(name)?.location ?? element.location, "\(name)=\"\(text)\": expected #RRGGBB or #RRGGBBAA")
        }
        return color
    }
}

/// A small thread-safe memo table.
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let table = Mutex<[Key: Value]>([:])

    func value(for key: Key, make: () -> Value) -> Value {
        table.withLock { table in
            if let known = table[key] { return known }
            let made = make()
            table[key] = made
            return made
        }
    }
}
