import TableModel

/// The template vocabulary: every element, every attribute, its kind and its default. The parser
/// checks templates against it and `tablerender templates --reference` prints it.
package enum ViewKind: String, Sendable, Hashable, CaseIterable {
    case stack, box, spacer, label, image, `switch`, accessory, divider
}

/// The root elements a template file may hold.
package enum TemplateRole: String, Sendable, Hashable, CaseIterable {
    case cell, header, footer
}

package enum AttributeKind: Sendable, Hashable {
    case text
    case number
    case bool
    case choice([String])
    case color
    case font
    /// CSS-style padding: 1 to 4 numbers, top right bottom left.
    case insets
    /// A number, or `auto`.
    case length
    /// A number that may be negative, or `auto`: an overlay's distance from its parent's edge.
    case offset
    /// A number, a percentage of the parent's width (`50%`), or `auto`.
    case widthLength
    /// A number, a percentage of the parent's height (`50%`), or `auto`.
    case heightLength
    /// VoiceOver's traits, comma-separated (`button, selected`), from `ItemAccessibility.traitNames`.
    case traits

    var summary: String {
        switch self {
        case .text: return "text"
        case .number: return "number ≥ 0"
        case .bool: return "true, false"
        case .choice(let options): return options.joined(separator: ", ")
        case .color: return "colour token or #RRGGBB[AA]"
        case .font: return "font token or Pango font (\"Inter Bold 17\")"
        case .insets: return "1–4 numbers: top right bottom left; the word margin is UIKit's cell layout margin on its side (11 above and below at the default text size, growing with it; 16 left and right, 20 on screens from 393 pt)"
        case .length: return "number or auto"
        case .offset: return "number (may be negative) or auto"
        case .widthLength: return "number, % of the parent's width, or auto"
        case .heightLength: return "number, % of the parent's height, or auto"
        case .traits: return "traits, comma-separated: " + ItemAccessibility.traitNames.joined(separator: ", ")
        }
    }
}

package struct AttributeSpec: Sendable, Hashable {
    package var name: String
    package var kind: AttributeKind
    package var defaultValue: String?
    package var summary: String

    init(_ name: String, _ kind: AttributeKind, _ defaultValue: String?, _ summary: String) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

package enum Schema {
    package static let accessoryTypes = ["none", "disclosureIndicator", "checkmark", "detailButton", "detailDisclosureButton"]

    /// Attributes every view takes.
    package static let common: [AttributeSpec] = [
        .init("id", .text, nil, "an outlet name, shown in dumps and as a CSS class"),
        .init("width", .widthLength, "auto", "fixed width; a percentage is of the parent stack's width inside its padding (not on images)"),
        .init("height", .heightLength, "auto", "fixed height; a percentage is of the parent's height inside its padding, which the parent must have in points (height=\"120\") or as a percentage itself (CSS resolves it only against a definite height), and not in a vertical fillEqually stack; an overlay's is of its parent's padding box (not on images)"),
        .init("minWidth", .widthLength, "0", "smallest width"),
        .init("maxWidth", .widthLength, "auto", "largest width"),
        .init("minHeight", .heightLength, "0", "smallest height"),
        .init("maxHeight", .heightLength, "auto", "largest height"),
        .init("grow", .number, "0", "share of the free space along the parent stack's axis (flex-grow)"),
        .init("shrink", .number, "1", "share of the overflow taken back along the parent stack's axis (flex-shrink)"),
        .init("alignSelf", .choice(["auto", "fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"]), "auto", "its own placement across the parent stack's axis; auto follows the stack's alignment (CSS align-self)"),
        .init("margin", .insets, "0", "space outside the edges, within the parent stack: added to the view's room and kept clear of its siblings (CSS margin); not on a template's root view or an overlay"),
        .init("position", .choice(["flow", "overlay"]), "flow", "overlay: out of the stack's flow, over its siblings, placed by top, right, bottom and left against the parent's edges (a badge on an avatar; CSS position: absolute)"),
        .init("top", .offset, "auto", "an overlay's distance from its parent's top edge"),
        .init("right", .offset, "auto", "an overlay's distance from its parent's right edge"),
        .init("bottom", .offset, "auto", "an overlay's distance from its parent's bottom edge"),
        .init("left", .offset, "auto", "an overlay's distance from its parent's left edge; with neither left nor right (top nor bottom) an overlay stands where the stack's distribution and alignment put a sole child"),
        .init("hidden", .bool, "false", "hide the view; it takes no space, as a hidden arranged subview"),
        .init("hidesWhenEmpty", .bool, "true", "hide the view when its bound content is missing or empty"),
        .init("background", .color, nil, "background colour"),
        .init("cornerRadius", .number, "0", "rounds the corners and clips the content"),
        .init("borderWidth", .number, "0", "border line width"),
        .init("borderColor", .color, "separator", "border colour"),
        .init("isAccessibilityElement", .choice(["auto", "true", "false"]), "auto", "true: VoiceOver reads the view as an element of its own (its label, else its texts; then its value, hint and traits) and the row is no element itself, as UIKit's cell with accessible subviews; false: the view and what it holds are not read (a decorative image); auto: the view's texts are part of its row's label (UIKit's isAccessibilityElement)"),
        .init("accessibilityLabel", .text, nil, "what VoiceOver reads for the view instead of its texts or its image's alt (UIKit's accessibilityLabel); in a row read as one element it replaces the view's part of the row's label; empty: the view's own"),
        .init("accessibilityValue", .text, nil, "the element's value, read after its label (isAccessibilityElement=\"true\")"),
        .init("accessibilityHint", .text, nil, "what acting on the element does, read last (isAccessibilityElement=\"true\")"),
        .init("accessibilityIdentifier", .text, nil, "the element's name for UI tests, in --format accessibility after # (isAccessibilityElement=\"true\")"),
        .init("accessibilityTraits", .traits, nil, "the element's traits instead of UIKit's (isAccessibilityElement=\"true\")"),
    ]

    package static let views: [ViewKind: [AttributeSpec]] = [
        .stack: [
            .init("axis", .choice(["horizontal", "vertical"]), "horizontal", "direction the children are laid out in (UIStackView default)"),
            .init("spacing", .number, "0", "space between visible children"),
            .init("alignment", .choice(["fill", "leading", "center", "trailing", "firstBaseline", "lastBaseline"]), "fill", "placement across the axis; in a row, firstBaseline and lastBaseline line up the children's first or last text baselines (UIStackView; CSS baseline and last baseline), in a column they place children at the start or the end"),
            .init("distribution", .choice(["fill", "fillEqually", "equalSpacing", "equalCentering", "leading", "center", "trailing"]), "fill", "placement along the axis: fill (the children's sizes and grow/shrink decide), fillEqually (equal sizes), equalSpacing (the room left shared equally between the children; CSS space-between), equalCentering (UIStackView's: the children keep their sizes (grow is not used), the first at the start, the last at the end, equal steps from centre to centre, no gap under spacing; not with wrap), leading, center or trailing (packed)"),
            .init("padding", .insets, "0", "space inside the edges"),
            .init("wrap", .bool, "false", "horizontal stacks: children that do not fit on one line go on to the next, as in UIKit's value cell when title and detail do not fit side by side (CSS flex-wrap)"),
            .init("lineSpacing", .number, "0", "space between the lines of a wrapping stack"),
        ],
        .box: [
            .init("padding", .insets, "0", "space inside the edges; a box holds at most one child"),
        ],
        .spacer: [],
        .label: [
            .init("text", .text, "", "the text, usually a binding such as {title}"),
            .init("font", .font, "body", "font"),
            .init("color", .color, "label", "text colour"),
            .init("lines", .number, "1", "line limit, 0 for no limit; longer text ends in an ellipsis"),
            .init("alignment", .choice(["natural", "leading", "center", "trailing", "justified"]), "natural", "natural follows the text's direction (right for Arabic and Hebrew)"),
            .init("truncation", .choice(["tail", "head", "middle", "clip"]), "tail", "where the ellipsis goes when the text is cut"),
            .init("lineHeight", .length, "auto", "line height; auto takes the font token's"),
            .init("transform", .choice(["none", "uppercase", "lowercase"]), "none", "case transform"),
        ],
        .image: [
            .init("source", .text, "", "PNG, JPEG or SVG file inside the document's assets folder; an image's width and height are fixed: auto takes the picture's natural size (PNG and JPEG pixels at the scale the file name states, icon@2x.png is 2; an SVG's width and height, or its viewBox's)"),
            .init("aspectRatio", .length, "auto", "width ÷ height: with a width or a height, gives the other (auto: the picture's own proportions)"),
            .init("contentMode", .choice(["aspectFit", "aspectFill", "scaleToFill", "center"]), "aspectFit", "how the picture fills the frame"),
            .init("alt", .text, "", "text alternative for HTML and accessibility"),
        ],
        .switch: [
            .init("on", .bool, "false", "switch state; bound to a missing value, the switch hides"),
            .init("tint", .color, "switchOn", "colour of the track when on"),
        ],
        .accessory: [
            .init("type", .choice(accessoryTypes), "none", "UITableViewCell.AccessoryType; none hides the view"),
            .init("color", .color, nil, "glyph colour (default: the theme's chevron colour for the chevron, tint otherwise)"),
        ],
        .divider: [
            .init("color", .color, "separator", "line colour"),
            .init("thickness", .number, "0.5", "line thickness, across the parent stack's axis"),
        ],
    ]

    /// Attributes of `<cell>`, `<header>` and `<footer>`.
    package static let root: [AttributeSpec] = [
        .init("height", .length, "auto", "fixed height, or auto to size to the content (self-sizing)"),
        .init("estimatedHeight", .number, "44", "estimate before measuring; the HTML page reserves it for rows off screen"),
        .init("separatorInset", .length, "auto", "leading inset of the separator under a cell; auto takes the theme's"),
        .init("background", .color, nil, "background colour (cells default to the theme's cell background)"),
    ]

    package static func attributes(of kind: ViewKind) -> [AttributeSpec] { common + (views[kind] ?? []) }

    /// Every view kind's attributes by name, made once: the binder looks up defaults per row.
    package static let byName: [ViewKind: [String: AttributeSpec]] = Dictionary(uniqueKeysWithValues: ViewKind.allCases.map { kind in
        (kind, Dictionary(uniqueKeysWithValues: attributes(of: kind).map { ($0.name, $0) }))
    })

    package static func spec(_ kind: ViewKind, _ name: String) -> AttributeSpec? { byName[kind]?[name] }

    /// Default values by kind and name, without copying specs: looked up for every row.
    private static let defaults: [ViewKind: [String: String]] = byName.mapValues { specs in specs.compactMapValues(\.defaultValue) }
    private static let commonDefaults: [String: String] = Dictionary(uniqueKeysWithValues: common.compactMap { spec in spec.defaultValue.map { (spec.name, $0) } })

    package static func defaultValue(_ kind: ViewKind, _ name: String) -> String? {
        commonDefaults[name] ?? defaults[kind]?[name]
    }

    /// The reference of every element and attribute, as Markdown.
    package static func reference() -> String {
        var lines = ["| element | attribute | accepts | default | meaning |", "|---|---|---|---|---|"]
        func add(_ element: String, _ specs: [AttributeSpec]) {
            for spec in specs {
                lines.append("| `\(element)` | `\(spec.name)` | \(spec.kind.summary) | \(spec.defaultValue.map { "`\($0)`" } ?? "–") | \(spec.summary) |")
            }
        }
        add("cell, header, footer", root)
        add("every view", common)
        for kind in ViewKind.allCases { add(kind.rawValue, views[kind] ?? []) }
        return lines.joined(separator: "\n")
    }
}
