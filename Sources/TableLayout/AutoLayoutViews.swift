import Foundation
import TableModel
import TableTemplates
import TableText

/// One IB view with an item's values applied: what it shows, and its intrinsic content size
/// as UIKit's view of that class reports it.
struct IBViewState {
    var id: String
    var element: IBElement
    var hidden: Bool
    var text: String = ""
    /// The value of the item the text comes from (its key path), for the word shaper
    /// (`TextEngine.measure`'s `source`).
    var source: String?
    /// A text field showing its placeholder.
    var showsPlaceholder = false
    var style = TextStyle(font: FontSpec(family: "Inter", size: 17))
    var textColor = "label"
    var imagePath: String?
    /// The outlet an empty view is drawn as a placeholder for (`Theme.marksEmptyOutlets`).
    var outletPlaceholder: String?
    var imageSize: (width: Double, height: Double)?
    var on = false
    var selected = 0
    var fraction = 0.0
    var background: String?
    var tint = "tint"
    var warnings: [String] = []
    /// Width and height; -1 on an axis without an intrinsic size (UIView.noIntrinsicMetric).
    var intrinsicSize: (width: Double, height: Double) = (-1, -1)
    /// A label of several lines: its height depends on the width it gets.
    var wraps = false
    /// A date picker's style: `wheels`, `compact` or `inline` (`automatic` is compact in files
    /// from Xcode 12 on, iOS 14's default, and wheels before).
    var pickerStyle: String?
    /// A segmented control's segment titles' widths (`ControlMetrics.segmentWidths`).
    var segmentContents: [Double] = []
    var measuredAtWidth: Double?
    /// The pixel its text's size is rounded up to: tablerender's grid of every scale
    /// (`DeviceMetrics.pixel`), or on IB's canvas the pixel of the device the file is shown on
    /// (a 17 pt label is 20.5 pt tall on a @2x iPhone, 20.33 on a @3x one).
    var pixel = DeviceMetrics.pixel
    /// A text field's text style's leading (the line of a Dynamic Type font: 22 pt for body).
    var styleLeading: Double?
    /// Where a label's baselines are: from its top (first) and bottom (last) edge.
    var baselineOffsets: (fromTop: Double, fromBottom: Double)?
    /// Where the baseline of a control's one line of text, centred in it, is from its centre
    /// (buttons, text fields, segmented controls).
    var centredBaseline: Double?

    /// UIKit's second pass: a multi-line label measured at the width the layout gave it. Its
    /// intrinsic size is then its text's bounding box at that width: as tall as its lines and as
    /// wide as the longest of them (UILabel's size for a `preferredMaxLayoutWidth`), so that a
    /// label nothing stretches keeps to its text (a wrapped label in a stack aligned to the top).
    mutating func remeasure(width: Double, text engine: TextEngine) {
        measuredAtWidth = width
        guard !text.isEmpty else { return }
        let size = engine.measure(text, style: style, width: max(1, width), source: source)
        intrinsicSize.height = element == .textView ? size.height + 16 : DeviceMetrics.ceilToPixel(size.height, pixel: pixel)
        // Narrower only where the text sets the same lines at that width (a line as long as the
        // width may not fit it again once tracking or rounding is counted: never narrower then).
        if element == .label, intrinsicSize.width >= 0 {
            let longest = DeviceMetrics.ceilToPixel(size.width, pixel: pixel)
            if longest < intrinsicSize.width, longest < width,
               engine.lines(text, style: style, width: max(1, longest), source: source).lines == engine.lines(text, style: style, width: max(1, width), source: source).lines {
                intrinsicSize.width = longest
            }
        }
    }
}

/// Binds an item's values to an IB document's outlets and measures every view.
enum IBBinding {
    /// The properties an object value may set, per element.
    static let properties: [IBElement: [String]] = [
        .label: ["text", "hidden", "textColor", "backgroundColor", "numberOfLines"],
        .imageView: ["image", "systemImage", "hidden", "backgroundColor", "tintColor"],
        .button: ["title", "image", "hidden", "tintColor", "backgroundColor"],
        .textField: ["text", "placeholder", "hidden", "textColor", "backgroundColor"],
        .textView: ["text", "hidden", "textColor", "backgroundColor"],
        .switch: ["on", "isOn", "hidden", "onTintColor"],
        .segmentedControl: ["selectedSegmentIndex", "hidden"],
        .slider: ["value", "hidden"],
        .progressView: ["progress", "hidden"],
        .stepper: ["value", "hidden"],
        .pageControl: ["currentPage", "numberOfPages", "hidden"],
        .activityIndicatorView: ["hidden"],
    ]

    /// What binding a template needs that no row's values change: its views by id, their states
    /// as the document sets them (fonts, colours, images looked up), its outlets. Made once per
    /// template and engine (`AutoLayout`), not per row.
    struct Prepared {
        let images: Images
        let byID: [String: IBView]
        let initial: [String: IBViewState]
        let outlets: [String: String]

        init(_ document: IBDocument, theme: Theme, assetsFolder: String, catalogs: [AssetCatalog], text engine: TextEngine) {
            images = Images(folder: assetsFolder, catalogs: catalogs, document: document)
            var byID: [String: IBView] = [:], initial: [String: IBViewState] = [:]
            let directions = document.directions(screen: theme.direction)
            let fonts = IBFonts.Own(document)
            for view in document.allViews {
                byID[view.id] = view
                initial[view.id] = initialState(view, document: document, theme: theme, images: images, text: engine, fonts: fonts,
                                                direction: directions[view.id] ?? theme.direction)
            }
            self.byID = byID
            self.initial = initial
            outlets = Dictionary(document.outlets.map { ($0.property, $0.destination) }, uniquingKeysWith: { first, _ in first })
        }
    }

    static func bind(_ document: IBDocument, template: Template, values: Value.Object, theme: Theme, assetsFolder: String,
                     catalogs: [AssetCatalog] = [], text engine: TextEngine, pixel: Double = DeviceMetrics.pixel,
                     at location: SourceLocation) throws(Diagnostic) -> [String: IBViewState] {
        try bind(Prepared(document, theme: theme, assetsFolder: assetsFolder, catalogs: catalogs, text: engine), template: template, values: values,
                 theme: theme, text: engine, pixel: pixel, at: location)
    }

    /// Every view's state for a row: the prepared states with the row's values applied, measured.
    static func bind(_ prepared: Prepared, template: Template, values: Value.Object, theme: Theme, text engine: TextEngine,
                     pixel: Double = DeviceMetrics.pixel, at location: SourceLocation) throws(Diagnostic) -> [String: IBViewState] {
        let images = prepared.images, byID = prepared.byID, outlets = prepared.outlets
        var states = prepared.initial
        for key in values.keys.sorted() {
            let value = values[key]!
            let path = location.with(path: (location.path ?? "$") + ".values.\(key)")
            guard let id = outlets[key], let view = byID[id] else {
                throw Diagnostic(at: path, Suggestions.unknown("outlet", key, known: Array(outlets.keys)) + " in '\(template.id)'")
            }
            var state = states[id]!
            switch value {
            case .object(let object):
                if object["text"] != nil { state.source = key + ".text" }
                let allowed = properties[view.element] ?? ["hidden"]
                for property in object.keys.sorted() {
                    guard allowed.contains(property) else {
                        throw Diagnostic(at: path.with(path: (path.path ?? "") + ".\(property)"),
                                         Suggestions.unknown("property", property, known: allowed) + " of <\(view.element)> '\(key)'")
                    }
                    try set(property, object[property]!, on: &state, view: view, theme: theme, images: images,
                            at: path.with(path: (path.path ?? "") + ".\(property)"))
                }
            case .null:
                break
            default:
                state.source = key
                try set(naturalProperty(view.element), value, on: &state, view: view, theme: theme, images: images, at: path)
            }
            states[id] = state
        }
        if theme.marksEmptyOutlets { markEmptyOutlets(&states, outlets: outlets, byID: byID) }
        if let pseudo = theme.pseudoLocale {
            // A pseudo-locale rewrites every label's text and button's title, as the screen's own.
            for id in states.keys where !states[id]!.text.isEmpty { states[id]!.text = pseudo.apply(states[id]!.text) }
        }
        // Symbols iOS draws as colour emoji are marked so (`EmojiPresentation`).
        for id in states.keys where !states[id]!.text.isEmpty { states[id]!.text = EmojiPresentation.asOnIOS(states[id]!.text) }
        for id in states.keys.sorted() {
            guard let problem = TextEngine.tooLong(states[id]!.text) else { continue }
            let place = states[id]!.source.map { location.with(path: (location.path ?? "$") + ".values.\($0)") } ?? location
            throw Diagnostic(at: place, "\(problem) ('\(id)' of \(template.id))")
        }
        for id in states.keys {
            states[id]!.pixel = pixel
            measure(&states[id]!, view: byID[id]!, text: engine)
        }
        return states
    }

    /// Outlets whose views show nothing (`Theme.marksEmptyOutlets`): an empty label, text view
    /// or button shows the outlet's name in the placeholder colour, and measures with it, as the
    /// app's text would take room; an empty text field shows it as its placeholder; an image view
    /// with no image is drawn as a box labelled with the name.
    static func markEmptyOutlets(_ states: inout [String: IBViewState], outlets: [String: String], byID: [String: IBView]) {
        for (outlet, id) in outlets.sorted(by: { $0.key < $1.key }) {
            guard var state = states[id], let view = byID[id], !state.hidden, state.outletPlaceholder == nil else { continue }
            switch view.element {
            case .label, .textView:
                guard state.text.isEmpty else { continue }
                state.text = outlet
                state.textColor = "tertiaryLabel"
            case .textField:
                guard state.text.isEmpty else { continue }
                state.text = outlet
                state.showsPlaceholder = true
            case .button:
                guard state.text.isEmpty, state.imagePath == nil else { continue }
                state.text = outlet
            case .imageView:
                guard state.imagePath == nil, view.attribute("image") == nil else { continue }
            default:
                continue
            }
            state.outletPlaceholder = outlet
            states[id] = state
        }
    }

    /// The property a plain value sets: a label's text, an image view's image, a switch's state…
    static func naturalProperty(_ element: IBElement) -> String {
        switch element {
        case .imageView: return "image"
        case .button: return "title"
        case .switch: return "on"
        case .segmentedControl: return "selectedSegmentIndex"
        case .slider, .stepper: return "value"
        case .progressView: return "progress"
        case .pageControl: return "currentPage"
        default: return "text"
        }
    }

    static func set(_ property: String, _ value: Value, on state: inout IBViewState, view: IBView, theme: Theme,
                    images: Images, at location: SourceLocation) throws(Diagnostic) {
        func text() throws(Diagnostic) -> String {
            switch value {
            case .string(let string): return string
            case .number, .bool: return value.text ?? ""
            case .null: return ""
            default: throw Diagnostic(at: location, "\(property) of '\(view.id)': expected text, found a list or object")
            }
        }
        func number() throws(Diagnostic) -> Double {
            switch value {
            case .number(let number) where number.isFinite: return number
            case .string(let string): if let number = Double(string), number.isFinite { return number }
            default: break
            }
            throw Diagnostic(at: location, "\(property) of '\(view.id)': expected a finite number")
        }
        func flag() throws(Diagnostic) -> Bool {
            switch value {
            case .bool(let flag): return flag
            case .number(let number): return number != 0
            case .string(let string): if let flag = AttributeCheck.bool(string) { return flag }
            default: break
            }
            throw Diagnostic(at: location, "\(property) of '\(view.id)': expected true or false")
        }
        func color() throws(Diagnostic) -> String {
            let token = try text()
            guard theme.color(token, .light) != nil else {
                throw Diagnostic(at: location, Suggestions.unknown("colour", token, known: Array(theme.colors.keys)) + "; or #RRGGBB")
            }
            return token
        }
        switch property {
        case "text", "title":
            state.text = try text()
            if view.element == .textField { state.showsPlaceholder = state.text.isEmpty && !(view.attribute("placeholder") ?? "").isEmpty }
            if state.showsPlaceholder { state.text = view.attribute("placeholder") ?? "" }
        case "placeholder":
            if state.showsPlaceholder || state.text.isEmpty {
                state.text = try text()
                state.showsPlaceholder = true
            }
        case "hidden": state.hidden = try flag()
        case "textColor": state.textColor = try color()
        case "backgroundColor": state.background = try color()
        case "tintColor", "onTintColor": state.tint = try color()
        case "numberOfLines":
            state.style.lines = max(0, Int(try number()))
        case "image":
            let name = try text()
            if name.isEmpty {
                state.imagePath = nil
                state.imageSize = nil
            } else {
                let (path, size) = try images.find(name, at: location)
                state.imagePath = path
                state.imageSize = size
            }
        case "systemImage":
            let name = try text()
            (state.imagePath, state.imageSize) = images.symbol(name, view: view, tint: state.tint)
            if !SFSymbols.isKnown(name) {
                throw Diagnostic(at: location, Suggestions.unknown("SF Symbol", name, known: SFSymbols.names) + " (the symbols tablerender draws)")
            }
        case "on", "isOn": state.on = try flag()
        case "selectedSegmentIndex": state.selected = Int(max(0, min(Double(max(0, view.segments.count - 1)), try number())))
        case "currentPage": state.selected = Int(max(0, try number()))
        case "numberOfPages": state.fraction = max(0, min(100, try number()))
        case "value", "progress":
            let minimum = view.number("minValue") ?? 0, maximum = view.number("maxValue") ?? 1
            let value = try number()
            state.fraction = maximum > minimum ? max(0, min(1, (value - minimum) / (maximum - minimum))) : 0
        default:
            throw Diagnostic(at: location, "property '\(property)' cannot be set on <\(view.element)>")
        }
    }

    /// Images by IB name: an image set of the asset catalogs, else a file of the assets folder
    /// (`name`, or `name` with `.png`, `@2x.png`, `@3x.png`, `.jpg`, `.jpeg` or `.svg`); the size
    /// from the file, or from IB's resources.
    struct Images {
        let folder: String
        let catalogs: [AssetCatalog]
        let document: IBDocument

        /// A system image (SF Symbol) as tablerender draws it, at the view's symbol configuration
        /// (17 pt, medium, regular unless IB sets one): a template image in the view's tint.
        func symbol(_ name: String, view: IBView, tint: String) -> (String, (width: Double, height: Double)) {
            let configuration = view.symbolConfiguration
            // A text style's size at the default category (Apple's table).
            let styleSize = configuration["textStyle"].flatMap { IBFonts.textStyles[$0] }.flatMap { DynamicType.metrics($0, .large)?.size }
            let pointSize = configuration["pointSize"].flatMap(IBReader.number).flatMap { $0 > 0 ? min($0, 1000) : nil } ?? styleSize ?? 17
            let path = SFSymbols.path(name, weight: configuration["weight"] ?? "regular")
            let reference = ImageReference(variants: [.init(path: path, scale: nil, dark: false)], template: true, tint: tint)
            return (reference.encoded, SFSymbols.size(name, pointSize: pointSize, scale: configuration["scale"] ?? "medium"))
        }

        func find(_ name: String, at location: SourceLocation) throws(Diagnostic) -> (String?, (width: Double, height: Double)?) {
            if let reference = catalogs.lazy.compactMap({ $0.images[name] }).first {
                return (reference.encoded, try reference.naturalSize() ?? document.images[name])
            }
            guard let file = IBImages.find(name, in: folder) else {
                if name.hasPrefix("/") || name.contains("..") {
                    do throws(SafePath.Failure) { _ = try SafePath.resolve(name, inside: folder) } catch {
                        throw Diagnostic(error.kind, at: location, "image '\(name)': \(error.message)")
                    }
                }
                return (nil, document.images[name])
            }
            let path: String
            do throws(SafePath.Failure) { path = try SafePath.resolve(file, inside: folder) } catch {
                throw Diagnostic(error.kind, at: location, "image '\(name)': \(error.message)")
            }
            return (path, try ImageCheck.info(path).naturalSize ?? document.images[name])
        }
    }

    /// A view's state before any value is bound; `direction`: the view's layout direction.
    static func initialState(_ view: IBView, document: IBDocument, theme: Theme, images: Images, text engine: TextEngine,
                             fonts: IBFonts.Own = IBFonts.Own(), direction: LayoutDirection = .leftToRight) -> IBViewState {
        var state = IBViewState(id: view.id, element: view.element, hidden: view.isHidden)
        if let background = view.colors["backgroundColor"] { state.background = background.map { IBColors.token($0, document: document, theme: theme, warnings: &state.warnings, what: view.id) } }
        if let tint = view.colors["tintColor"] ?? view.colors["onTintColor"], let tint {
            state.tint = IBColors.token(tint, document: document, theme: theme, warnings: &state.warnings, what: view.id)
        }
        state.style = textStyle(view, theme: theme, text: engine, fonts: fonts, direction: direction, warnings: &state.warnings)
        if view.element == .textField, let style = view.fonts["fontDescription"]?.style, let token = IBFonts.textStyles[style] {
            state.styleLeading = theme.font(token)?.lineHeight
        }
        if let color = view.colors["textColor"] ?? view.normalState?.titleColor.map({ Optional($0) }) ?? nil {
            state.textColor = IBColors.token(color, document: document, theme: theme, warnings: &state.warnings, what: view.id)
        } else if view.element == .button {
            state.textColor = view.configuration?["style"] == "filled" ? "white" : state.tint
        } else if view.element == .textField {
            state.textColor = "label"
        }
        switch view.element {
        case .label, .textView:
            state.text = view.strings["text"] ?? view.attribute("text") ?? ""
        case .textField:
            state.text = view.attribute("text") ?? ""
            if state.text.isEmpty, let placeholder = view.attribute("placeholder"), !placeholder.isEmpty {
                state.text = placeholder
                state.showsPlaceholder = true
            }
        case .button:
            state.text = view.configuration?["title"] ?? view.normalState?.title ?? ""
            if let symbol = ControlMetrics.systemButtonSymbol(view, title: state.text) {
                // An info, detail disclosure or contact-add button: UIKit's symbol, in its tint.
                (state.imagePath, state.imageSize) = images.symbol(symbol, view: view, tint: state.textColor)
            }
            if let name = view.configuration?["image"] ?? view.normalState?.image {
                if view.attribute("imageCatalog") == "system" {
                    (state.imagePath, state.imageSize) = images.symbol(name, view: view, tint: state.textColor)
                    if !SFSymbols.isKnown(name) {
                        state.warnings.append("<button> '\(view.id)': SF Symbol '\(name)' is not one tablerender draws; drawn as a placeholder of its size")
                    }
                } else {
                    let found = try? images.find(name, at: SourceLocation(file: document.file))
                    state.imagePath = found?.0
                    state.imageSize = found?.1
                }
            }
        case .imageView where view.attribute("catalog") == "system":
            if let name = view.attribute("image") {
                (state.imagePath, state.imageSize) = images.symbol(name, view: view, tint: state.tint)
                if !SFSymbols.isKnown(name) {
                    state.warnings.append("<imageView> '\(view.id)': SF Symbol '\(name)' is not one tablerender draws; drawn as a placeholder of its size")
                }
            }
        case .imageView:
            if let name = view.attribute("image") {
                let found = try? images.find(name, at: SourceLocation(file: document.file))
                state.imagePath = found?.0
                state.imageSize = found?.1
                if found?.0 == nil {
                    state.warnings.append("<imageView> '\(view.id)': image '\(name)' is not in the assets folder or an asset catalog; drawn as a placeholder")
                }
            }
        case .datePicker:
            let style = view.attribute("style") ?? "automatic"
            state.pickerStyle = style != "automatic" ? style : (document.toolsVersion ?? 0) >= IBDocument.ToolsVersion.iOS14 ? "compact" : "wheels"
        case .switch:
            state.on = view.attribute("on") == "YES"
        case .segmentedControl:
            state.selected = view.attribute("selectedSegmentIndex").flatMap { Int($0) } ?? 0
        case .slider:
            let minimum = view.number("minValue") ?? 0, maximum = view.number("maxValue") ?? 1
            state.fraction = maximum > minimum ? max(0, min(1, ((view.number("value") ?? 0.5) - minimum) / (maximum - minimum))) : 0
        case .progressView:
            state.fraction = max(0, min(1, view.number("progress") ?? 0.5))
        case .pageControl:
            state.fraction = view.number("numberOfPages") ?? 3
            state.selected = Int(view.number("currentPage") ?? 0)
        default:
            break
        }
        return state
    }

    /// The font, lines, alignment and truncation IB gives the view's text (UIKit's defaults per
    /// element where IB stores none).
    static func textStyle(_ view: IBView, theme: Theme, text engine: TextEngine, fonts: IBFonts.Own = IBFonts.Own(), direction: LayoutDirection,
                          warnings: inout [String]) -> TextStyle {
        let font = view.fonts["fontDescription"] ?? view.fonts["titleFontDescription"]
        let defaultSize: Double
        switch view.element {
        case .button: defaultSize = view.configuration != nil ? 17 : 15
        case .textField: defaultSize = 14
        case .segmentedControl: defaultSize = 13
        default: defaultSize = 17
        }
        let spec = IBFonts.spec(font, defaultSize: defaultSize, theme: theme, text: engine, own: fonts, warnings: &warnings, what: view.id)
        // UIKit's left and right are where the text goes whatever the layout's direction; natural
        // follows it (right, right to left).
        let rightToLeft = direction == .rightToLeft
        let alignment: TextStyle.Alignment
        switch view.attribute("textAlignment") {
        case "center": alignment = .center
        case "right": alignment = rightToLeft ? .right : .trailing
        case "left": alignment = rightToLeft ? .left : .leading
        case "justified": alignment = .justified
        default: alignment = view.element == .button || view.element == .segmentedControl ? .center : TextStyle.Alignment.natural.inLayout(direction)
        }
        let truncation: TextStyle.Truncation
        switch view.attribute("lineBreakMode") {
        case "headTruncation": truncation = .head
        case "middleTruncation": truncation = .middle
        case "clip", "wordWrap", "characterWrap": truncation = .clip
        default: truncation = .tail
        }
        var lines = 1
        if view.element == .label { lines = view.attribute("numberOfLines").flatMap { Int($0) }.map { max(0, $0) } ?? 1 }
        if view.element == .textView { lines = 0 }
        return TextStyle(font: spec, lines: lines, alignment: alignment, truncation: truncation)
    }

    static let fieldInset = 7.0

    /// The intrinsic content size of UIKit's view for the element, and where its text's
    /// baselines are.
    static func measure(_ state: inout IBViewState, view: IBView, text engine: TextEngine) {
        state.wraps = false
        state.measuredAtWidth = nil
        let font = state.style.font
        let baseline = engine.baseline(of: font)
        /// Its text on one line (a line per paragraph): UILabel's intrinsic size, rounded up to
        /// the device's pixels.
        func unwrapped(_ string: String, source: String? = nil) -> (width: Double, height: Double) {
            guard !string.isEmpty else { return (0, 0) }
            let size = engine.measure(string, style: state.style, width: nil, source: source)
            return (DeviceMetrics.ceilToPixel(size.width, pixel: state.pixel), DeviceMetrics.ceilToPixel(size.height, pixel: state.pixel))
        }
        switch view.element {
        case .label:
            // One line at first (or every paragraph on its own line); a label of several lines is
            // measured again at the width it gets.
            state.wraps = state.style.lines != 1 && !state.text.isEmpty
            let size = unwrapped(state.text, source: state.source)
            state.intrinsicSize = size
            state.baselineOffsets = (baseline, font.lineHeight - baseline)
        case .imageView:
            state.intrinsicSize = state.imageSize.map { ($0.width, $0.height) } ?? (-1, -1)
            if state.outletPlaceholder != nil, state.imageSize == nil {
                // A marked empty outlet takes the room the app's image would, as a marked label
                // takes its name's: the size the nib gives the image view (a box, not a line).
                state.intrinsicSize = (view.frame.width, view.frame.height)
            }
        case .button:
            let title = unwrapped(state.text, source: state.source)
            let image = state.imageSize ?? (0, 0)
            let gap = title.width > 0 && image.width > 0 ? (view.configuration != nil ? 4.0 : 0) : 0
            // A classic button pads its title's line 6 pt above and below, a line it keeps with no
            // title at all (an empty button is 30 pt tall at 15 pt); an image alone it does not pad
            // (IB's frames of public apps' image buttons: 24 × 24 for a 24 × 24 image).
            let imageOnly = state.text.isEmpty && image.height > 0
            let classic = view.configuration == nil
            var insets = classic ? (top: imageOnly ? 0.0 : 6.0, left: 0.0, bottom: imageOnly ? 0.0 : 6.0, right: 0.0) : (top: 7.0, left: 12.0, bottom: 7.0, right: 12.0)
            if classic, let edges = view.contentEdgeInsets, edges.contains(where: { $0 != 0 }) {
                // Content edge insets of its own replace the classic 6 pt above and below (a
                // 14 pt "Left" with 16 and 6 pt insets is 29 pt tall; "Sync" with 8 at the sides 49 wide).
                insets = (edges[0], edges[1], edges[2], edges[3])
            }
            let lineHeight = state.text.isEmpty && !(classic && !imageOnly) ? 0 : font.lineHeight
            state.intrinsicSize = (title.width + image.width + gap + insets.left + insets.right,
                                   (max(lineHeight, image.height) + insets.top + insets.bottom).rounded(.up))
            if ControlMetrics.systemButtonSymbol(view, title: state.text) != nil {
                state.intrinsicSize = ControlMetrics.systemButtonSize
            }
            state.centredBaseline = state.text.isEmpty ? nil : baseline - font.lineHeight / 2
        case .textField:
            // UITextField's border style is none unless IB writes one: its line, in whole points.
            // A rounded one insets its text 7 pt at the sides and is at least 34 pt tall (IB's
            // frames of public apps' fields: 34 for 14 to 17 pt text).
            let content = unwrapped(state.text, source: state.source)
            let rounded = view.attribute("borderStyle") == "roundedRect"
            // In a text style its line is the style's leading (a body field is 22 pt tall, as
            // public apps' files of Xcode 12 and 26 store it), but for a secure one (21 pt, the
            // font's line height like a field in the system font).
            let leading = view.flag("secureTextEntry") ? nil : state.styleLeading
            let line = (leading ?? font.lineHeight).rounded(.up)
            state.intrinsicSize = (content.width + (rounded ? 2 * fieldInset : 0), rounded ? max(34, line + 13) : line)
            state.centredBaseline = baseline - font.lineHeight / 2
        case .segmentedControl:
            state.segmentContents = view.segments.map { unwrapped($0).width }
            let widths = ControlMetrics.segmentWidths(of: view, contents: state.segmentContents)
            // Its alignment rectangle: 31 pt tall, in a 32 pt frame (`ControlMetrics.alignmentOutsets`).
            state.intrinsicSize = (ControlMetrics.segmentedControlWidth(widths), ControlMetrics.segmentedControlHeight)
            state.centredBaseline = baseline - font.lineHeight / 2
        case .textView:
            state.intrinsicSize = (-1, -1)
            if view.attribute("scrollEnabled") == "NO" {
                // Its text's lines and the text container's 8 pt above and below (TextKit 2, iOS
                // 16's: with no text, no line).
                state.wraps = true
                state.intrinsicSize = (-1, unwrapped(state.text, source: state.source).height + 16)
            }
        case .switch:
            // Its alignment rectangle: the frame less the outsets Auto Layout does not place.
            let outsets = ControlMetrics.alignmentOutsets(.switch) ?? [0, 0, 0, 0]
            state.intrinsicSize = (ControlMetrics.Switch.width - outsets[1] - outsets[3], ControlMetrics.Switch.height - outsets[0] - outsets[2])
        case .stepper: state.intrinsicSize = (94, 32)
        case .slider: state.intrinsicSize = (-1, 30)
        case .progressView: state.intrinsicSize = (-1, 4)
        case .activityIndicatorView:
            let large = ["large", "whiteLarge"].contains(view.attribute("style") ?? "")
            state.intrinsicSize = large ? (37, 37) : (20, 20)
        case .pageControl: state.intrinsicSize = (state.fraction * 16 + 24, 26)
        case .pickerView: state.intrinsicSize = (-1, 216)
        case .datePicker:
            // Wheels (every picker before iOS 14), 216 tall; iOS 14's compact picker (a file's
            // default since Xcode 12) one line, 36 tall; inline a month's calendar.
            switch state.pickerStyle {
            case "inline": state.intrinsicSize = (-1, 358)
            case "compact": state.intrinsicSize = (-1, 36)
            default: state.intrinsicSize = (-1, 216)
            }
        case .other("searchBar"):
            // UISearchBar since iOS 13: 56 pt tall with its field's insets, as IB stores it.
            state.intrinsicSize = (-1, 56)
        default: state.intrinsicSize = (-1, -1)
        }
        // IB's "intrinsic size: placeholder" is for design time: a row uses it where tablerender
        // knows no size of its own (a custom view, an image view whose image the app sets).
        if let placeholder = view.placeholderIntrinsicSize {
            if state.intrinsicSize.width < 0 { state.intrinsicSize.width = placeholder.width }
            if state.intrinsicSize.height < 0 { state.intrinsicSize.height = placeholder.height }
        }
    }
}
