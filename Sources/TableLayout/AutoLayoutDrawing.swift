import TableModel
import TableTemplates
import TableText

/// IB colours as theme tokens: a system colour is the theme's token of the same name (so it
/// has its light and dark values), else the value IB stored; a named colour is the value IB stored.
package enum IBColors {
    /// UIKit names whose theme token is not the name without `Color`.
    static let renamed = [
        "systemGroupedBackgroundColor": "groupedBackground", "secondarySystemGroupedBackgroundColor": "secondaryGroupedBackground",
        "tertiarySystemGroupedBackgroundColor": "secondarySystemBackground", "groupTableViewBackgroundColor": "groupedBackground",
        "darkTextColor": "label", "tableCellGroupedBackgroundColor": "secondaryGroupedBackground", "placeholderTextColor": "tertiaryLabel",
    ]

    /// A colour as a theme token or a value: `stored`, the values its file keeps of named and
    /// system colours; nil for one neither the theme nor the file knows. A named colour (an
    /// asset catalog's colour set) is a token where the theme has it (light and dark).
    package static func token(_ color: IBColor, stored: [String: RGBA], theme: Theme) -> String? {
        switch color {
        case .rgba(let value): return value.description
        case .system(let name):
            let token = renamed[name] ?? (name.hasSuffix("Color") ? String(name.dropLast(5)) : name)
            return theme.colors[token] != nil ? token : stored[name]?.description
        case .named(let name): return theme.colors[name] != nil ? name : stored[name]?.description
        }
    }

    static func token(_ color: IBColor, document: IBDocument, theme: Theme, warnings: inout [String], what: String) -> String {
        if let token = token(color, stored: document.storedColors, theme: theme) { return token }
        switch color {
        case .system(let name):
            warnings.append("'\(what)': system colour '\(name)' is not in the theme and not stored in the document; drawn as label")
        case .named(let name):
            warnings.append("'\(what)': named colour '\(name)' is not stored in the document; drawn as label")
        case .rgba:
            break
        }
        return "label"
    }
}

/// IB fonts as theme fonts: the system font is the theme's body family at the size and weight
/// IB names; a text style is the theme's token of that style; a font by name is the installed
/// family, or the theme's face with a warning.
enum IBFonts {
    static let weights = ["ultraLight": 200, "thin": 100, "light": 300, "regular": 400, "medium": 500, "semibold": 600, "bold": 700,
                          "heavy": 800, "black": 900]
    static let textStyles = [
        "UICTFontTextStyleTitle0": "largeTitle", "UICTFontTextStyleLargeTitle": "largeTitle", "UICTFontTextStyleTitle1": "title1",
        "UICTFontTextStyleTitle2": "title2", "UICTFontTextStyleTitle3": "title3", "UICTFontTextStyleHeadline": "headline",
        "UICTFontTextStyleBody": "body", "UICTFontTextStyleCallout": "callout", "UICTFontTextStyleSubhead": "subheadline",
        "UICTFontTextStyleFootnote": "footnote", "UICTFontTextStyleCaption1": "caption1", "UICTFontTextStyleCaption2": "caption2",
    ]

    /// The app's own fonts an IB document names (`<customFonts>`), by PostScript name: the face
    /// loaded from the file the app bundles, or why there is none.
    struct Own {
        var faces: [String: AppFont] = [:]
        var problems: [String: String] = [:]

        init() {}

        /// Loads the files `document` names and found (`IBDocument.fontFiles`).
        init(_ document: IBDocument) {
            for (file, names) in document.customFonts.sorted(by: { $0.key < $1.key }) {
                switch document.appFontFile(file) {
                case .notFound:
                    for name in names { problems[name] = "is the app's own (\(IBFonts.notFound(file)))" }
                case .failed(let error):
                    for name in names { problems[name] = "is the app's own, and its file cannot be loaded: \(error.message)" }
                case .loaded(let loaded):
                    for name in names {
                        // A file's face by its PostScript name; a file of one face is that face
                        // whatever IB calls it (old files name Open Sans's regular `OpenSans`).
                        if let face = loaded.first(where: { $0.postScriptName == name }) ?? (loaded.count == 1 ? loaded.first : nil) {
                            faces[name] = face
                        } else {
                            problems[name] = "is not in its file '\(file)' (it has \(loaded.map(\.postScriptName).joined(separator: ", ")))"
                        }
                    }
                }
            }
        }
    }

    /// Where an app's font file named `file` was looked for.
    static func notFound(_ file: String) -> String {
        "its file '\(file)', which the file's customFonts names, is not in the IB file's folder or below, nor in the folders the document reads; name its folder with --allow-read"
    }

    /// Why the view `id` of `document` is not set in its font, when that font is the app's own
    /// and its file was not found or not loaded; nil otherwise.
    static func fileNote(for id: String, in document: IBDocument) -> String? {
        guard !document.customFonts.isEmpty, let view = document.allViews.first(where: { $0.id == id }),
              let name = (view.fonts["fontDescription"] ?? view.fonts["titleFontDescription"])?.name,
              let file = document.customFonts.first(where: { $0.value.contains(name) })?.key else { return nil }
        switch document.appFontFile(file) {
        case .notFound: return "its font '\(name)' is the app's own, and \(notFound(file))"
        case .failed(let error): return "its font '\(name)' is the app's own, and its file cannot be loaded: \(error.message)"
        case .loaded: return nil
        }
    }

    static func spec(_ font: IBFont?, defaultSize: Double, theme: Theme, text engine: TextEngine, own: Own = Own(), warnings: inout [String],
                     what: String) -> FontSpec {
        let face = theme.font("body")?.family ?? "Inter"
        guard let font else { return system(face, size: defaultSize, weight: 400, italic: false, theme: theme) }
        if let style = font.style {
            if let token = textStyles[style], var spec = theme.font(token) {
                // A label in a text style is as tall as UIFont's line height, not the style's leading.
                if spec.systemFace != nil { spec.lineHeight = lineHeight(spec.size) }
                return spec
            }
            warnings.append("'\(what)': text style '\(style)' is not one of UIKit's; drawn as body")
            return theme.font("body") ?? system(face, size: 17, weight: 400, italic: false, theme: theme)
        }
        if font.type == "system" || (font.type == nil && font.name == nil) {
            return system(face, size: font.pointSize, weight: weights[font.weight ?? "regular"] ?? 400, italic: false, theme: theme)
        }
        switch font.type {
        case "boldSystem":
            return system(face, size: font.pointSize, weight: 700, italic: false, theme: theme)
        case "italicSystem":
            return system(face, size: font.pointSize, weight: 400, italic: true, theme: theme)
        default:
            // A font by PostScript name: `Menlo-Bold` is the family Menlo, weight bold.
            let name = font.name ?? ""
            let parts = name.split(separator: "-", maxSplits: 1).map(String.init)
            let family = font.family ?? parts.first ?? face
            let styleName = (parts.count > 1 ? parts[1] : "").lowercased()
            let weight = FontSpecWeights.weight(styleName) ?? 400
            let italic = styleName.contains("italic") || styleName.contains("oblique")
            if family.hasPrefix(".") || name.hasPrefix(".") {
                // Apple's private names of the system font (`.AppleSystemUIFont`, `.SFUI-Semibold`),
                // which IB writes for the system font of an attributed text or a button.
                return system(face, size: font.pointSize, weight: weight, italic: italic, theme: theme)
            }
            if let face = own.faces[name] {
                // The app's own font, from its file: its family, weight and slant as the file says,
                // a line as tall as its ascender and descender, without its line gap (IB's frames
                // of labels in two apps' fonts with gaps of a quarter and a tenth of their size:
                // Radikal 13 and 14 pt stored 13 and 14 tall, Graphik 17 pt 17).
                var spec = FontSpec(family: face.family, size: font.pointSize, weight: face.weight, italic: face.italic, lineHeight: lineHeight(font.pointSize))
                spec.lineHeight = engine.naturalLineHeight(of: spec, lineGap: false)
                return spec
            }
            var spec = FontSpec(family: family, size: font.pointSize, weight: weight, italic: italic, lineHeight: lineHeight(font.pointSize))
            var installed = engine.installedFamily(of: spec)
            if installed.lowercased() != family.lowercased(), let substitute = metricCompatible[family.lowercased()] {
                spec.family = substitute
                installed = engine.installedFamily(of: spec)
            }
            // The family installed, not another app's font file this process loaded.
            let installedHere = installed.lowercased() == spec.family.lowercased() && AppFonts.faces(family: installed).isEmpty
            guard installedHere else {
                if let problem = own.problems[name] {
                    warnings.append("'\(what)': font '\(name)' \(problem); drawn in the theme's \(face)")
                    return system(face, size: font.pointSize, weight: weight, italic: italic, theme: theme)
                }
                warnings.append("'\(what)': font '\(name.isEmpty ? family : name)' is not installed; drawn in the theme's \(face)")
                return system(face, size: font.pointSize, weight: weight, italic: italic, theme: theme)
            }
            // Drawn by the family fontconfig gives (a metric-compatible one names itself, in the
            // page too), as tall as UIKit's label in it: the font's own line height.
            spec.family = installed
            spec.lineHeight = engine.naturalLineHeight(of: spec)
            return spec
        }
    }

    /// Fonts of Apple's platforms and the families Debian has with the same advance widths and
    /// vertical metrics, which the setup installs: the Liberation families (fontconfig's metric
    /// aliases; `fonts-liberation2`) — Courier New 17 is 10.2 pt a character and 19.26 tall in
    /// either; Helvetica has Arial's widths, and its height on iOS (16.1 at 14 pt) is Liberation
    /// Sans's with its gap — and DejaVu Sans Mono, which Menlo was made from (0.602 em a
    /// character, 1.164 em tall: a 48 pt "00:00.0" is 202.3 × 55.9 in both).
    static let metricCompatible = [
        "courier new": "Liberation Mono", "courier": "Liberation Mono", "arial": "Liberation Sans", "helvetica": "Liberation Sans",
        "times new roman": "Liberation Serif", "times": "Liberation Serif", "menlo": "DejaVu Sans Mono",
    ]

    /// UIKit's system font's line height (`UIFont.lineHeight`, SF Pro's ascender plus descender:
    /// 2444/2048 of its size, 20.287 at 17 pt; `SystemFont.lineHeight`).
    static func lineHeight(_ size: Double) -> Double { SystemFont.lineHeight(size) }

    /// The system font at `size`: the theme's system face (its Text or Display family, SF's
    /// tracking) with UIFont's line height; a theme without one draws `family` untracked.
    static func system(_ family: String, size: Double, weight: Int, italic: Bool, theme: Theme) -> FontSpec {
        var spec = FontSpec(family: family, size: size, weight: weight, italic: italic, lineHeight: lineHeight(size))
        spec.fallbacks = theme.font("body")?.fallbacks ?? []
        spec.systemFace = theme.systemFace
        return spec.withSystemMetrics()
    }
}

/// Weights by the style part of a PostScript name.
enum FontSpecWeights {
    static func weight(_ style: String) -> Int? {
        let known: [(String, Int)] = [("extralight", 200), ("ultralight", 200), ("semibold", 600), ("demibold", 600), ("extrabold", 800),
                                      ("thin", 100), ("light", 300), ("regular", 400), ("medium", 500), ("bold", 700), ("heavy", 800), ("black", 900)]
        return known.first { style.contains($0.0) }?.1
    }
}

/// Solved frames as views placed absolutely (overlays): what FlexLayout, the painter and the HTML
/// page already draw. Controls are drawn from boxes, labels and glyphs as UIKit draws them.
enum IBDrawing {
    static func bound(_ view: IBView, frames: [String: Rect], states: [String: IBViewState], theme: Theme, text: TextEngine,
                      origin: (x: Double, y: Double), isRoot: Bool = false) -> BoundView {
        let frame = frames[view.id] ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let state = states[view.id]
        var result = BoundView(style: ViewStyle(content: .box))
        switch view.element {
        case .label:
            result = label(state, width: frame.width, height: frame.height, text: text, color: state?.textColor ?? "label")
        case .imageView:
            if let path = state?.imagePath {
                // A template image of a catalog is drawn in the image view's tint.
                var reference = ImageReference(path)
                if reference.template { reference.tint = state?.tint ?? "tint" }
                result.style.content = .image(path: reference.encoded, contentMode: contentMode(view.attribute("contentMode")), alt: view.id)
            } else if view.attribute("image") != nil {
                result = placeholder(named: "<image>", frame: frame, text: text, theme: theme)
            } else if let outlet = state?.outletPlaceholder {
                result = placeholder(named: outlet, frame: frame, text: text, theme: theme)
            }
        case .switch:
            result.style.content = .toggle(on: state?.on ?? false, tint: view.colors["onTintColor"] != nil ? state?.tint ?? "switchOn" : "switchOn")
        case .button:
            result = button(view, state: state, frame: frame, text: text)
        case .textField:
            result = field(view, state: state, frame: frame, text: text)
        case .textView:
            result.style.background = "systemBackground"
            var body = label(state, width: frame.width - 10, height: max(0, frame.height - 16), text: text, color: state?.textColor ?? "label", center: false)
            body.style.overlay = OverlayInsets(top: 8, right: nil, bottom: nil, left: 5)
            result.children = [body]
        case .segmentedControl:
            result = segmented(view, state: state, frame: frame, text: text)
        case .slider, .progressView:
            result = track(view, state: state, frame: frame)
        case .stepper:
            result = stepper(frame: frame, text: text)
        case .activityIndicatorView:
            // Drawn as a ring (its spokes turn on a device).
            result.style.borderWidth = 2
            result.style.borderColor = "secondaryLabel"
            result.style.cornerRadius = min(frame.width, frame.height) / 2
        case .pageControl:
            result = dots(state: state, frame: frame)
        case .view, .stackView, .tableViewCellContentView, .tableViewHeaderFooterView:
            break
        default:
            result = placeholder(view.element, frame: frame, text: text, theme: theme)
        }
        // Right to left, UIKit mirrors a control's inside: a button's image goes right of its
        // title, segments run from the right, a slider and a progress bar fill from the right,
        // a page control's dots count from the right (unless the view forces left to right).
        if theme.direction == .rightToLeft, [IBElement.button, .segmentedControl, .slider, .progressView, .pageControl].contains(view.element),
           !["forceLeftToRight", "playback", "spatial"].contains(view.attribute("semanticContentAttribute") ?? "") {
            result.children = result.children.map { child in
                var child = child
                if let left = child.style.overlay?.left, let width = child.style.width { child.style.overlay?.left = frame.width - left - width }
                return child
            }
        }
        if let background = state?.background { result.style.background = background }
        result.style.accessibility = accessibility(view, state: state)
        if let alpha = view.number("alpha") { result.style.opacity = max(0, min(1, alpha)) }
        result.style.clips = view.flag("clipsSubviews")
        if let radius = view.runtimeNumbers["layer.cornerRadius"] { result.style.cornerRadius = max(0, radius) }
        if let width = view.runtimeNumbers["layer.borderWidth"] { result.style.borderWidth = max(0, width) }
        if let color = view.runtimeColors["layer.borderColor"], case .rgba(let value) = color { result.style.borderColor = value.description }
        result.style.id = view.id
        result.style.width = frame.width
        result.style.height = frame.height
        if !isRoot {
            result.style.overlay = OverlayInsets(top: frame.y - origin.y, right: nil, bottom: nil, left: frame.x - origin.x)
            result.style.placedByConstraints = true
        }
        let subviews = view.subviews.filter { !(states[$0.id]?.hidden ?? false) }
        if !subviews.isEmpty {
            result.children += subviews.map { bound($0, frames: frames, states: states, theme: theme, text: text, origin: (frame.x, frame.y)) }
        }
        result.style.holdsOverlay = !result.children.isEmpty
        return result
    }

    /// The controls VoiceOver reads as elements of their own, with UIKit's traits.
    static let controls: Set<IBElement> = [.button, .switch, .textField, .textView, .slider, .segmentedControl, .stepper, .datePicker, .pageControl]

    /// What IB stored for VoiceOver, with the control the view is and its value as UIKit
    /// reads it (a switch `on`/`off`, a slider in percent, a segmented control's selected title,
    /// a text field's text); nil for a view that sets nothing and is no control.
    static func accessibility(_ view: IBView, state: IBViewState?) -> AccessibilitySettings? {
        var settings = view.accessibility ?? AccessibilitySettings()
        guard view.accessibility != nil || controls.contains(view.element) else { return nil }
        if controls.contains(view.element) { settings.control = view.element.name }
        switch view.element {
        case .switch: settings.value = (state?.on ?? false) ? "on" : "off"
        case .slider: settings.value = "\(Int(((state?.fraction ?? 0) * 100).rounded())) %"
        case .segmentedControl:
            let selected = state?.selected ?? 0
            if view.segments.indices.contains(selected) { settings.value = view.segments[selected] }
        case .textField, .textView: if let text = state?.text, !(state?.showsPlaceholder ?? false) { settings.value = text }
        case .button:
            if settings.label == nil, let title = state?.text, !title.isEmpty { settings.label = title }
        default: break
        }
        if view.element == .textField, settings.label == nil, state?.showsPlaceholder == true { settings.label = state?.text }
        return settings
    }

    static func contentMode(_ mode: String?) -> ContentMode {
        switch mode {
        case "scaleAspectFit": return .aspectFit
        case "scaleAspectFill": return .aspectFill
        case "scaleToFill", nil: return .scaleToFill
        default: return .center
        }
    }

    /// A label in a frame: its text vertically centred, as UILabel draws it, and cut with an
    /// ellipsis where the frame holds fewer lines than the text.
    static func label(_ state: IBViewState?, width: Double, height: Double, text engine: TextEngine, color: String, center: Bool = true) -> BoundView {
        guard let state, !state.text.isEmpty else { return BoundView(style: ViewStyle(content: .box)) }
        var style = state.style
        let lineHeight = style.font.lineHeight
        let size = engine.measure(state.text, style: style, width: max(1, width), source: state.source)
        if size.height > height + 0.5, lineHeight > 0 {
            let fits = max(1, Int((height + 0.5) / lineHeight))
            style.lines = style.lines == 0 ? fits : min(style.lines, fits)
        }
        var view = BoundView(style: ViewStyle(content: .label(text: state.text, style: style, color: color)))
        view.style.valueKey = state.source
        if center {
            let shown = min(size.height, Double(style.lines == 0 ? size.lineCount : min(style.lines, size.lineCount)) * lineHeight)
            view.style.padding = [max(0, (height - shown) / 2), 0, 0, 0]
        }
        return view
    }

    static func overlay(_ view: BoundView, x: Double, y: Double, width: Double, height: Double) -> BoundView {
        var placed = view
        placed.style.overlay = OverlayInsets(top: y, right: nil, bottom: nil, left: x)
        placed.style.width = max(0, width)
        placed.style.height = max(0, height)
        return placed
    }

    static func box(background: String? = nil, radius: Double = 0) -> BoundView {
        var box = BoundView(style: ViewStyle(content: .box))
        box.style.background = background
        box.style.cornerRadius = radius
        return box
    }

    static func button(_ view: IBView, state: IBViewState?, frame: Rect, text: TextEngine) -> BoundView {
        var result = box()
        guard let state else { return result }
        let style = view.configuration?["style"]
        switch style {
        case "filled": result.style.background = state.tint
        case "gray": result.style.background = "systemFill"
        case "tinted": result.style.background = "systemFill"
        default: break
        }
        if style != nil { result.style.cornerRadius = view.configuration?["cornerStyle"] == "capsule" ? frame.height / 2 : 6 }
        let titleWidth = state.text.isEmpty ? 0 : text.measure(state.text, style: state.style, width: nil).width.rounded(.up)
        let image = state.imageSize ?? (0, 0)
        let gap = titleWidth > 0 && image.width > 0 && view.configuration != nil ? 4.0 : 0
        let contentWidth = min(frame.width, titleWidth + image.width + gap)
        var x = (frame.width - contentWidth) / 2
        if let path = state.imagePath {
            var picture = BoundView(style: ViewStyle(content: .image(path: path, contentMode: .aspectFit, alt: view.id)))
            picture = overlay(picture, x: x, y: (frame.height - image.height) / 2, width: image.width, height: image.height)
            result.children.append(picture)
            x += image.width + gap
        }
        if titleWidth > 0 {
            let lineHeight = state.style.font.lineHeight
            var title = state
            title.style.lines = 1
            let label = label(title, width: max(0, frame.width - x), height: lineHeight, text: text, color: state.textColor)
            result.children.append(overlay(label, x: x, y: (frame.height - lineHeight) / 2, width: max(0, min(titleWidth, frame.width - x)), height: lineHeight))
        }
        return result
    }

    static func field(_ view: IBView, state: IBViewState?, frame: Rect, text: TextEngine) -> BoundView {
        var result = box()
        guard let state else { return result }
        let border = view.attribute("borderStyle") ?? "none"
        let inset = border == "roundedRect" ? IBBinding.fieldInset : 0
        if border == "roundedRect" {
            result.style.borderWidth = 1
            result.style.borderColor = "opaqueSeparator"
            result.style.cornerRadius = 5
            result.style.background = "systemBackground"
        } else if border == "line" || border == "bezel" {
            result.style.borderWidth = 1
            result.style.borderColor = "label"
        }
        var content = state
        content.style.lines = 1
        let lineHeight = state.style.font.lineHeight
        let label = label(content, width: max(0, frame.width - 2 * inset), height: lineHeight, text: text,
                          color: state.showsPlaceholder ? "tertiaryLabel" : state.textColor)
        result.children = [overlay(label, x: inset, y: (frame.height - lineHeight) / 2, width: frame.width - 2 * inset, height: lineHeight)]
        return result
    }

    static func segmented(_ view: IBView, state: IBViewState?, frame: Rect, text: TextEngine) -> BoundView {
        var result = box(background: "systemFill", radius: 9)
        guard let state, !view.segments.isEmpty else { return result }
        // Each segment as wide as UIKit makes it in this frame, with a divider's point between two.
        let contents = state.segmentContents.count == view.segments.count ? state.segmentContents : view.segments.map { _ in 0 }
        let widths = ControlMetrics.segmentWidths(of: view, contents: contents, total: frame.width)
        var starts: [Double] = [], start = 0.0
        for width in widths {
            starts.append(start)
            start += width + ControlMetrics.segmentDivider()
        }
        let selected = min(view.segments.count - 1, max(0, state.selected))
        result.children.append(overlay(box(background: "tertiarySystemBackground", radius: 7), x: starts[selected] + 2, y: 2,
                                       width: max(0, widths[selected] - 4), height: frame.height - 4))
        let lineHeight = state.style.font.lineHeight
        for (index, title) in view.segments.enumerated() {
            let (x, width) = (starts[index], widths[index])
            var segment = state
            segment.text = title
            segment.style.lines = 1
            segment.style.alignment = .center
            if index == selected {
                segment.style.font.weight = max(segment.style.font.weight, 600)
                segment.style.font = segment.style.font.withSystemMetrics()
            }
            let label = label(segment, width: max(0, width - 8), height: lineHeight, text: text, color: "label")
            result.children.append(overlay(label, x: x + 4, y: (frame.height - lineHeight) / 2, width: max(0, width - 8), height: lineHeight))
        }
        return result
    }

    /// A slider's or progress view's track across its alignment rectangle (a slider's frame
    /// reaches 2 pt beyond it at each end and 1 pt below), filled to the value; a slider's thumb
    /// travels inside the track's ends.
    static func track(_ view: IBView, state: IBViewState?, frame: Rect) -> BoundView {
        var result = box()
        let fraction = state?.fraction ?? 0
        let thumb = view.element == .slider ? 28.0 : 0
        let outsets = ControlMetrics.alignmentOutsets(view.element) ?? [0, 0, 0, 0]
        let left = outsets[1], trackWidth = max(0, frame.width - outsets[1] - outsets[3])
        let middle = outsets[0] + (frame.height - outsets[0] - outsets[2]) / 2
        result.children.append(overlay(box(background: "systemFill", radius: 2), x: left, y: middle - 2, width: trackWidth, height: 4))
        result.children.append(overlay(box(background: state?.tint ?? "tint", radius: 2), x: left, y: middle - 2, width: trackWidth * fraction, height: 4))
        if thumb > 0 {
            var knob = box(background: "white", radius: thumb / 2)
            knob.style.borderWidth = 0.5
            knob.style.borderColor = "separator"
            result.children.append(overlay(knob, x: left + max(0, trackWidth - thumb) * fraction, y: middle - thumb / 2, width: thumb, height: thumb))
        }
        return result
    }

    static func stepper(frame: Rect, text: TextEngine) -> BoundView {
        var result = box(background: "systemFill", radius: 8)
        let half = frame.width / 2
        result.children.append(overlay(box(background: "separator"), x: half - 0.5, y: 8, width: 1, height: max(0, frame.height - 16)))
        for (index, glyph) in ["−", "+"].enumerated() {
            let style = TextStyle(font: FontSpec(family: "DejaVu Sans", size: 20, lineHeight: 24), lines: 1, alignment: .center)
            var sign = BoundView(style: ViewStyle(content: .label(text: glyph, style: style, color: "label")))
            sign = overlay(sign, x: Double(index) * half, y: (frame.height - 24) / 2, width: half, height: 24)
            result.children.append(sign)
        }
        return result
    }

    static func dots(state: IBViewState?, frame: Rect) -> BoundView {
        var result = box()
        let count = Int(state?.fraction ?? 3)
        let start = (frame.width - Double(count) * 16) / 2
        for index in 0..<max(0, min(100, count)) {
            let color = index == state?.selected ? "label" : "tertiaryLabel"
            result.children.append(overlay(box(background: color, radius: 3.5), x: start + Double(index) * 16 + 4.5, y: (frame.height - 7) / 2, width: 7, height: 7))
        }
        return result
    }

    /// An element tablerender does not draw: a box with its name.
    static func placeholder(_ element: IBElement, frame: Rect, text: TextEngine, theme: Theme) -> BoundView {
        placeholder(named: "<\(element)>", frame: frame, text: text, theme: theme)
    }

    /// A box labelled `name`, centred (cut to the box's width).
    static func placeholder(named name: String, frame: Rect, text: TextEngine, theme: Theme) -> BoundView {
        var result = box(background: "systemFill", radius: 4)
        result.style.borderWidth = 1
        result.style.borderColor = "separator"
        let font = FontSpec(family: theme.font("body")?.family ?? "Inter", size: 11, lineHeight: 13)
        var state = IBViewState(id: "", element: .label, hidden: false)
        state.text = name
        state.style = TextStyle(font: font, lines: 1, alignment: .center)
        let label = label(state, width: frame.width, height: 13, text: text, color: "secondaryLabel")
        result.children = [overlay(label, x: 0, y: max(0, (frame.height - 13) / 2), width: frame.width, height: min(13, frame.height))]
        return result
    }
}
