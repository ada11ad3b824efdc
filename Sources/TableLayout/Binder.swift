import Synchronization
import TableModel
import TableTemplates
import TableText

/// Binds templates to item values: resolves `{key.path}` bindings, hides views whose content is
/// missing or empty, checks tokens and values, and resolves image paths inside the assets folder.
package struct Binder: Sendable {
    package let theme: Theme
    package let assetsFolder: String
    /// Templates compiled once, when first bound: each view's box properties worked out ahead
    /// when none of them is bound, so a row only resolves what its values change.
    private let compiled = CompiledTemplates()

    /// Asset catalogs: an image `source` names one of their image sets before a file.
    package let catalogs: [AssetCatalog]
    /// The theme's pseudo-locale, which rewrites every label's text.
    let pseudoLocale: PseudoLocale?

    package init(theme: Theme, assetsFolder: String, catalogs: [AssetCatalog] = []) {
        self.theme = theme
        self.assetsFolder = assetsFolder
        self.catalogs = catalogs
        pseudoLocale = theme.pseudoLocale
    }

    /// The raster files bound so far and their pixels, shared by every thread that binds rows.
    private final class DecodedImages: Sendable {
        let state = Mutex((files: Set<String>(), pixels: 0))
    }
    private let decoded = DecodedImages()

    /// Counts the PNG and JPEG files among `paths` against `ImageCheck.maximumDecodedPixels`.
    func decodes(_ paths: [String], source: String, at location: SourceLocation) throws(Diagnostic) {
        for path in paths {
            guard !decoded.state.withLock({ $0.files.contains(path) }), let pixels = ImageCheck.rasterPixels(path) else { continue }
            let total = decoded.state.withLock { state -> Int in
                if state.files.insert(path).inserted { state.pixels += pixels }
                return state.pixels
            }
            if let problem = ImageCheck.decodingProblem(total: total) { throw Diagnostic(at: location, "image '\(source)': \(problem)") }
        }
    }

    /// The layout margins of a cell with side margin `side`, at the theme's text size.
    func margins(side: Double) -> LayoutMargins {
        LayoutMargins(vertical: theme.rowMargin, side: side)
    }

    /// The image set `name` of the catalogs, and its natural size in points.
    package func asset(_ name: String) throws(Diagnostic) -> (reference: ImageReference, size: (width: Double, height: Double)?)? {
        guard let reference = catalogs.lazy.compactMap({ $0.images[name] }).first else { return nil }
        return (reference, try reference.naturalSize())
    }

    /// Compiled templates by id, shared by every thread that binds rows.
    private final class CompiledTemplates: Sendable {
        private let nodes = Mutex([String: CompiledNode]())

        func node(_ template: Template, content: ViewNode, binder: Binder) -> CompiledNode {
            if let known = nodes.withLock({ $0[template.id] }) { return known }
            let blank = Context(binder: binder, values: .null, item: SourceLocation(file: ""), margins: binder.margins(side: LayoutMargins.standard.side))
            let made = CompiledNode(content, context: blank)
            nodes.withLock { $0[template.id] = made }
            return made
        }
    }

    /// What a view's box properties are, and whether it hides, before its content is bound.
    fileprivate struct Common: Sendable {
        var style: ViewStyle
        var hidden: Bool
        var hidesWhenEmpty: Bool
    }

    /// A stack's attributes, bound.
    /// What a view's percentage heights would be of.
    enum ParentHeight {
        case none, fixed, equalRows
    }

    struct StackSpec: Sendable {
        var axis: Axis
        var content: ViewContent
        var padding: [Double]
        var wraps: Bool
        var lineSpacing: Double
    }

    /// A template view with its box properties computed ahead when they hold no binding.
    fileprivate final class CompiledNode: Sendable {
        static let commonNames = ["id", "hidden", "hidesWhenEmpty", "width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight",
                                  "grow", "shrink", "background", "cornerRadius", "borderWidth", "borderColor", "alignSelf",
                                  "position", "top", "right", "bottom", "left", "margin"] + accessibilityNames
        static let accessibilityNames = ["isAccessibilityElement", "accessibilityLabel", "accessibilityValue", "accessibilityHint",
                                         "accessibilityIdentifier", "accessibilityTraits"]
        static let stackNames = ["axis", "padding", "spacing", "alignment", "distribution", "wrap", "lineSpacing"]
        static let labelNames = ["transform", "font", "lineHeight", "lines", "alignment", "truncation", "color"]
        let node: ViewNode
        let common: Common?
        /// A stack's axis, spacing, alignment and padding, when none is bound.
        let stack: StackSpec?
        /// A label's text style, colour and transform, when none is bound.
        let label: (style: TextStyle, color: String, transform: String)?
        let children: [CompiledNode]

        init(_ node: ViewNode, context: Context) {
            self.node = node
            // A padding or margin of UIKit's layout margins is the cell's width's: bound each time.
            func constant(_ names: [String]) -> Bool {
                names.allSatisfy { name in node.attributes[name].map { $0.constant.map { !LayoutMargins.isNamed(in: $0) } ?? false } ?? true }
            }
            common = constant(Self.commonNames) ? try? context.common(node) : nil
            stack = node.kind == .stack && constant(Self.stackNames) ? try? context.stack(node) : nil
            label = node.kind == .label && constant(Self.labelNames) ? try? context.labelStyle(node) : nil
            children = node.children.map { CompiledNode($0, context: context) }
        }
    }

    /// The bound content view of `template` for `values`; nil when it is empty or hidden.
    /// Errors carry the item's document location and the template line.
    /// `sideMargin`: the cell's side layout margin, which the word `margin` in a padding or
    /// margin stands for (`LayoutMargins.side(screen:cell:)`).
    package func bind(_ template: Template, values: Value.Object, at location: SourceLocation,
                      sideMargin: Double = LayoutMargins.standard.side) throws(Diagnostic) -> BoundView? {
        let outlets = template.outlets
        for key in values.keys where !outlets.contains(key) {
            throw Diagnostic(at: location.with(path: (location.path ?? "$") + ".values.\(key)"),
                             Suggestions.unknown("outlet", key, known: Array(outlets)) + " in template '\(template.id)'")
        }
        guard let content = template.content else { return nil }
        var context = Context(binder: self, values: .object(values), item: location, margins: margins(side: sideMargin))
        return try context.bind(compiled.node(template, content: content, binder: self), parentAxis: nil)
    }

    fileprivate struct Context {
        let binder: Binder
        let values: Value
        let item: SourceLocation
        /// What the word `margin` stands for in this cell.
        let margins: LayoutMargins

        func error(_ node: ViewNode, _ message: String) -> Diagnostic {
            let place = "\(node.location.file):\(node.location.line ?? 0)"
            return Diagnostic(at: item, "\(message) (template \(place))")
        }

        func resolved(_ node: ViewNode, _ name: String) -> Value? {
            guard let text = node.attributes[name] else { return nil }
            return text.resolve(values)
        }

        func isBound(_ node: ViewNode, _ name: String) -> Bool { node.attributes[name]?.constant == nil && node.attributes[name] != nil }

        /// The attribute as a string after binding; the schema default when absent. Constants were
        /// checked when the template was parsed and are taken as they are.
        func string(_ node: ViewNode, _ name: String) throws(Diagnostic) -> String {
            guard let attribute = node.attributes[name] else { return Schema.defaultValue(node.kind, name) ?? "" }
            if let constant = attribute.constant { return constant }
            let spec = Schema.spec(node.kind, name)
            let value = attribute.resolve(values)
            switch value {
            case .null: return spec?.defaultValue ?? ""
            case .string, .number, .bool: break
            default: throw error(node, "\(name) is bound to \(value.isEmpty ? "an empty" : "a") list or object; expected text")
            }
            // A bound value is checked here, as the parser checked constants.
            let text = value.text ?? ""
            if let spec {
                if let problem = AttributeCheck.problem(text, kind: spec.kind) { throw error(node, "\(name)=\"\(text)\": \(problem)") }
                try TemplateLibrary.checkToken(text, kind: spec.kind, name: name, theme: binder.theme, location: item)
            }
            return text
        }

        /// A choice attribute as its enum: the schema's choices (checked by the parser for a
        /// constant, by `string` for a bound value) are the enum's cases.
        func choice<Choice: RawRepresentable<String>>(_ node: ViewNode, _ name: String, as _: Choice.Type = Choice.self) throws(Diagnostic) -> Choice {
            let text = try string(node, name)
            guard let value = Choice(rawValue: text) else { throw error(node, "\(name)=\"\(text)\" is not one of its choices") }
            return value
        }

        /// Numeric defaults of the attributes every view has, so an absent one costs no parsing.
        static let numericDefaults: [String: Double?] = [
            "width": nil, "height": nil, "minWidth": 0, "maxWidth": nil, "minHeight": 0, "maxHeight": nil,
            "grow": 0, "shrink": 1, "cornerRadius": 0, "borderWidth": 0,
        ]

        func number(_ node: ViewNode, _ name: String) throws(Diagnostic) -> Double? {
            if node.attributes[name] == nil, let known = Self.numericDefaults[name] { return known }
            let text = try string(node, name)
            if text == "auto" || text.isEmpty { return nil }
            return AttributeCheck.number(text)
        }

        /// The box properties every view has.
        func common(_ node: ViewNode) throws(Diagnostic) -> Common {
            var style = ViewStyle(content: .spacer)
            style.id = node.attributes["id"]?.constant
            style.width = try number(node, "width")
            style.height = try number(node, "height")
            style.minWidth = try number(node, "minWidth") ?? 0
            style.maxWidth = try number(node, "maxWidth") ?? .infinity
            style.minHeight = try number(node, "minHeight") ?? 0
            style.maxHeight = try number(node, "maxHeight") ?? .infinity
            if Self.sizeNames.contains(where: { node.attributes[$0] != nil }) {
                func percent(_ name: String) throws(Diagnostic) -> Double? {
                    node.attributes[name] == nil ? nil : AttributeCheck.percent(try string(node, name))
                }
                let percents = SizePercents(width: try percent("width"), minWidth: try percent("minWidth"), maxWidth: try percent("maxWidth"),
                                            height: try percent("height"), minHeight: try percent("minHeight"), maxHeight: try percent("maxHeight"))
                if percents.hasWidths || percents.hasHeights {
                    if node.kind == .image { throw error(node, "an image's size is in points, not a percentage") }
                    style.percents = percents
                }
            }
            style.grow = try number(node, "grow") ?? 0
            style.shrink = try number(node, "shrink") ?? 1
            if node.attributes["alignSelf"] != nil {
                let alignSelf = try string(node, "alignSelf")
                style.alignSelf = alignSelf == "auto" ? nil : try choice(node, "alignSelf", as: StackAlignment.self)
            }
            if node.attributes["margin"] != nil {
                style.margin = AttributeCheck.insets(try string(node, "margin"), margins: margins) ?? [0, 0, 0, 0]
            }
            if node.attributes["position"] != nil, try string(node, "position") == "overlay" {
                func offset(_ name: String) throws(Diagnostic) -> Double? {
                    let text = try string(node, name)
                    return text == "auto" || text.isEmpty ? nil : AttributeCheck.offset(text)
                }
                style.overlay = OverlayInsets(top: try offset("top"), right: try offset("right"), bottom: try offset("bottom"), left: try offset("left"))
            }
            let background = try string(node, "background")
            style.background = background.isEmpty ? nil : background
            style.cornerRadius = try number(node, "cornerRadius") ?? 0
            style.borderWidth = try number(node, "borderWidth") ?? 0
            style.borderColor = try string(node, "borderColor")
            style.accessibility = try accessibility(node)
            return Common(style: style, hidden: AttributeCheck.bool(try string(node, "hidden")) == true,
                          hidesWhenEmpty: AttributeCheck.bool(try string(node, "hidesWhenEmpty")) ?? true)
        }

        /// What the view says to VoiceOver (`isAccessibilityElement`, `accessibilityLabel`…), as
        /// Interface Builder's Identity inspector sets it; nil when the template says nothing.
        /// An empty text (a value left out) is the view's own.
        func accessibility(_ node: ViewNode) throws(Diagnostic) -> AccessibilitySettings? {
            guard CompiledNode.accessibilityNames.contains(where: { node.attributes[$0] != nil }) else { return nil }
            var settings = AccessibilitySettings()
            switch try string(node, "isAccessibilityElement") {
            case "true": settings.isElement = true
            case "false": settings.isElement = false
            default: break
            }
            func text(_ name: String, localized: Bool = true) throws(Diagnostic) -> String? {
                var text = try string(node, name)
                if text.isEmpty { return nil }
                if localized, let pseudo = binder.pseudoLocale { text = pseudo.apply(text) }
                return text
            }
            settings.label = try text("accessibilityLabel")
            settings.value = try text("accessibilityValue")
            settings.hint = try text("accessibilityHint")
            settings.identifier = try text("accessibilityIdentifier", localized: false)
            settings.traits = AttributeCheck.traits(try string(node, "accessibilityTraits")).map(Set.init)
            if settings.isElement != true, let name = ["accessibilityValue", "accessibilityHint", "accessibilityIdentifier", "accessibilityTraits"]
                .first(where: { node.attributes[$0] != nil && !((try? string(node, $0)) ?? "").isEmpty }) {
                throw error(node, "\(name) is what VoiceOver reads of an element of its own: add isAccessibilityElement=\"true\" to the view")
            }
            return settings
        }

        /// A stack's axis, content, padding and wrapping.
        func stack(_ node: ViewNode) throws(Diagnostic) -> StackSpec {
            let axis: Axis = try string(node, "axis") == "vertical" ? .vertical : .horizontal
            let content = ViewContent.stack(axis: axis, spacing: try number(node, "spacing") ?? 0, alignment: try choice(node, "alignment"),
                                            distribution: try choice(node, "distribution"))
            let wrap = try string(node, "wrap")
            if axis == .horizontal, AttributeCheck.bool(wrap) == true, case .stack(_, _, _, .equalCentering) = content {
                throw error(node, "distribution=\"equalCentering\" centres children on one line and does not wrap; use equalSpacing, or wrap=\"false\"")
            }
            return StackSpec(axis: axis, content: content, padding: AttributeCheck.insets(try string(node, "padding"), margins: margins) ?? [0, 0, 0, 0],
                             wraps: axis == .horizontal && AttributeCheck.bool(wrap) == true, lineSpacing: try number(node, "lineSpacing") ?? 0)
        }

        /// A label's text style, colour and transform.
        func labelStyle(_ node: ViewNode) throws(Diagnostic) -> (style: TextStyle, color: String, transform: String) {
            let transform = try string(node, "transform")
            let fontName = try string(node, "font")
            guard var font = binder.theme.font(fontName) else { throw error(node, "unknown font '\(fontName)'") }
            if let lineHeight = try number(node, "lineHeight") { font.lineHeight = lineHeight }
            let lines = Int(min(try number(node, "lines") ?? 1, 1000))
            let textStyle = TextStyle(font: font, lines: lines,
                                      alignment: (TextStyle.Alignment(rawValue: try string(node, "alignment")) ?? .natural).inLayout(binder.theme.direction),
                                      truncation: TextStyle.Truncation(rawValue: try string(node, "truncation")) ?? .tail)
            return (textStyle, try string(node, "color"), transform)
        }

        /// What an image `source` names: an SF Symbol (`systemName:gear`), an image set of an
        /// asset catalog (found by name before a file), or a file of the assets folder; its path as
        /// views carry it and its natural size.
        func picture(_ node: ViewNode, _ source: String) throws(Diagnostic)
            -> (path: String, natural: (width: Double, height: Double)?, isSymbol: Bool, sizeHint: String) {
            if source.hasPrefix("systemName:") {
                let name = String(source.dropFirst("systemName:".count))
                guard SFSymbols.isKnown(name) else {
                    throw error(node, Suggestions.unknown("SF Symbol", name, known: SFSymbols.names) + " (the symbols tablerender draws)")
                }
                let reference = ImageReference(variants: [.init(path: SFSymbols.path(name), scale: nil, dark: false)], template: true, tint: "tint")
                return (reference.encoded, SFSymbols.size(name, pointSize: 17), true, "")
            }
            if let (reference, natural) = try binder.asset(source) {
                try binder.decodes(reference.variants.map(\.path), source: source, at: item)
                return (reference.encoded, natural, false, "a width and a height")
            }
            let path: String
            do { path = try SafePath.resolve(source, inside: binder.assetsFolder) } catch {
                throw Diagnostic(error.kind, at: item, "image '\(source)': \(error.message) (template \(node.location.file):\(node.location.line ?? 0))")
            }
            let lowered = path.lowercased()
            guard [".png", ".jpg", ".jpeg", ".svg"].contains(where: { lowered.hasSuffix($0) }) else {
                throw error(node, "image '\(source)' is not a PNG, JPEG or SVG file")
            }
            do throws(Diagnostic) {
                let natural = try ImageCheck.info(path).naturalSize
                try binder.decodes([path], source: source, at: item)
                return (path, natural, false, "a width and a height, or one of them and an aspectRatio")
            } catch {
                let detail = error.location?.line.map { " (line \($0))" } ?? ""
                throw Diagnostic(error.kind, at: item, "image '\(source)': \(error.message)\(detail) (template \(node.location.file):\(node.location.line ?? 0))")
            }
        }

        static let sizeNames = ["width", "minWidth", "maxWidth", "height", "minHeight", "maxHeight"]

        /// - Parameter parentHeight: whether the parent has a height of its own (or is a
        ///   vertical `fillEqually` stack): what a child's percentage heights need.
        /// A label's text (pseudo-localised, transformed, emoji as iOS presents them) and style.
        func bindLabel(_ compiledNode: CompiledNode, style: inout ViewStyle) throws(Diagnostic) {
            let node = compiledNode.node
            var text = try string(node, "text")
            let label: (style: TextStyle, color: String, transform: String)
            if let known = compiledNode.label { label = known } else { label = try labelStyle(node) }
            if let pseudo = binder.pseudoLocale { text = pseudo.apply(text) }
            switch label.transform {
            case "uppercase": text = text.uppercased()
            case "lowercase": text = text.lowercased()
            default: break
            }
            text = EmojiPresentation.asOnIOS(text)
            style.content = .label(text: text, style: label.style, color: label.color)
            if case .binding(let keys)? = node.attributes["text"]?.segments.first(where: { if case .binding = $0 { true } else { false } }) {
                style.valueKey = keys.joined(separator: ".")
            }
            if let problem = TextEngine.tooLong(text) {
                let place = style.valueKey.map { item.with(path: (item.path ?? "$") + ".values.\($0)") } ?? item
                throw Diagnostic(at: place, "\(problem) (template \(node.location.file):\(node.location.line ?? 0))")
            }
        }

        /// An image's picture and, where the template leaves it out, its size: an image's size is
        /// fixed (UIImageView's intrinsic content size): what the template gives, the rest from
        /// the aspect ratio or the picture's own size (a symbol keeps its drawing's proportions).
        func bindImage(_ node: ViewNode, style: inout ViewStyle) throws(Diagnostic) {
            let source = try string(node, "source")
            let picture = try picture(node, source)
            if style.width == nil || style.height == nil {
                let natural = picture.natural
                let ratio = (picture.isSymbol ? nil : try number(node, "aspectRatio")) ?? natural.map { $0.width / $0.height }
                switch (style.width, style.height) {
                case (let width?, nil):
                    if let ratio { style.height = width / ratio }
                case (nil, let height?):
                    if let ratio { style.width = height * ratio }
                default:
                    if let natural {
                        style.width = natural.width
                        style.height = ratio.map { natural.width / $0 } ?? natural.height
                    }
                }
                guard style.width != nil, style.height != nil else {
                    throw error(node, "image '\(source)' states no size of its own: give the <image> \(picture.sizeHint)")
                }
            }
            // A symbol is drawn whole in its frame, never cropped (UIKit sizes symbol images to fit).
            style.content = .image(path: picture.path, contentMode: picture.isSymbol ? .aspectFit : try choice(node, "contentMode"),
                                   alt: try string(node, "alt"))
        }

        mutating func bind(_ compiledNode: CompiledNode, parentAxis: Axis?, parentHeight: ParentHeight = .none) throws(Diagnostic) -> BoundView? {
            let node = compiledNode.node
            let shared: Common
            if let known = compiledNode.common { shared = known } else { shared = try common(node) }
            if shared.hidden { return nil }
            let hidesWhenEmpty = shared.hidesWhenEmpty
            var style = shared.style
            if style.overlay != nil, parentAxis == nil {
                throw error(node, "position=\"overlay\" places a view against its parent's edges, and the template's root view has no parent; put the overlay inside a <stack> or <box>")
            }
            if let percents = style.percents, percents.hasHeights, style.overlay == nil {
                // CSS resolves a percentage height against a parent of definite height and
                // takes it for auto otherwise; tablerender says so instead of guessing.
                switch parentHeight {
                case .fixed: break
                case .none:
                    throw error(node, parentAxis == nil
                        ? "a percentage height is of the parent's height, and the template's root view has none (the row is as tall as its content); give the root a height in points"
                        : "a percentage height is of the parent's height, and this parent is as tall as its content; give the parent a height (height=\"120\"), or this view one in points")
                case .equalRows:
                    throw error(node, "a percentage height in a vertical fillEqually stack would be of the stack's height, not of the view's equal share; give the view a height in points")
                }
            }

            func isEmpty(_ name: String) -> Bool { resolved(node, name)?.isEmpty ?? true }
            var children: [BoundView] = []
            switch node.kind {
            case .stack, .box:
                var stack: StackSpec?
                if node.kind == .stack {
                    if let known = compiledNode.stack { stack = known } else { stack = try self.stack(node) }
                }
                let axis = stack?.axis ?? .vertical
                if let stack {
                    style.padding = stack.padding
                    style.wraps = stack.wraps
                    style.lineSpacing = stack.lineSpacing
                } else {
                    style.padding = AttributeCheck.insets(try string(node, "padding"), margins: margins) ?? [0, 0, 0, 0]
                }
                children.reserveCapacity(compiledNode.children.count)
                var ownHeight: ParentHeight = style.height != nil || style.percents?.height != nil ? .fixed : .none
                if case .stack(.vertical, _, _, .fillEqually)? = stack?.content { ownHeight = .equalRows }
                for child in compiledNode.children {
                    if let bound = try bind(child, parentAxis: axis, parentHeight: ownHeight) { children.append(bound) }
                }
                style.holdsOverlay = children.contains { $0.style.overlay != nil }
                let hasContent = children.contains { if case .spacer = $0.style.content { return false }; if case .divider = $0.style.content { return false }; return true }
                if hidesWhenEmpty, !node.children.isEmpty, !hasContent { return nil }
                style.content = stack?.content ?? .box
            case .spacer:
                if node.attributes["grow"] == nil { style.grow = 1 }
                style.content = .spacer
            case .label:
                if hidesWhenEmpty, isBound(node, "text"), isEmpty("text") { return nil }
                try bindLabel(compiledNode, style: &style)
            case .image:
                if hidesWhenEmpty, isEmpty("source") { return nil }
                try bindImage(node, style: &style)
            case .switch:
                let value = resolved(node, "on")
                if hidesWhenEmpty, isBound(node, "on"), value == nil || value == .null { return nil }
                let on: Bool
                switch value {
                case .bool(let flag)?: on = flag
                case .string(let text)?: on = AttributeCheck.bool(text) ?? false
                case .number(let number)?: on = number != 0
                default: on = false
                }
                style.width = ControlMetrics.switchSize.width
                style.height = ControlMetrics.switchSize.height
                style.content = .toggle(on: on, tint: try string(node, "tint"))
                // A switch made an element reads as UISwitch does: a toggle button, on or off.
                if style.accessibility?.isElement == true {
                    style.accessibility?.control = "switch"
                    if style.accessibility?.value == nil { style.accessibility?.value = on ? "on" : "off" }
                }
            case .accessory:
                let typeName = try string(node, "type")
                guard let accessory = Accessory(rawValue: typeName.isEmpty ? "none" : typeName) else {
                    throw error(node, Suggestions.unknown("accessory", typeName, known: Schema.accessoryTypes))
                }
                if accessory == .none { return nil }
                let size = ControlMetrics.accessorySize(accessory)
                style.width = style.width ?? size.width
                style.height = style.height ?? size.height
                let color = try string(node, "color")
                style.content = .accessory(accessory, color: color.isEmpty ? nil : color)
            case .divider:
                let thickness = try number(node, "thickness") ?? 0.5
                if parentAxis == .horizontal { style.width = thickness } else { style.height = thickness }
                style.content = .divider(color: try string(node, "color"), thickness: thickness)
            }
            return BoundView(style: style, children: children)
        }
    }
}

