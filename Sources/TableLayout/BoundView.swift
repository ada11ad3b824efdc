import TableModel
import TableTemplates
import TableText

/// The direction a stack lays its children out in.
public enum Axis: String, Sendable, Hashable { case horizontal, vertical }

/// Where a stack places its children across its axis (UIStackView's alignments; CSS
/// `align-items`): stretched, at the leading or trailing edge, centred, or, in a row, on the
/// children's first or last text baselines.
public enum StackAlignment: String, Sendable, Hashable, CaseIterable {
    case fill, leading, center, trailing, firstBaseline, lastBaseline

    /// A baseline alignment.
    package var isBaseline: Bool { self == .firstBaseline || self == .lastBaseline }
}

/// How a stack places its children along its axis (UIStackView's distributions, and packed at
/// the leading edge, the centre or the trailing edge).
public enum StackDistribution: String, Sendable, Hashable, CaseIterable {
    case fill, fillEqually, equalSpacing, equalCentering, leading, center, trailing
}

/// How an image fills its frame (UIView's content modes; CSS `background-size`).
public enum ContentMode: String, Sendable, Hashable, CaseIterable {
    case aspectFit, aspectFill, scaleToFill, center
}

/// A width and a height, in points.
package struct Size: Sendable, Hashable {
    package var width, height: Double

    package init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// What a view shows, with its bindings resolved: the input of layout and of every renderer.
public enum ViewContent: Sendable, Hashable {
    case stack(axis: Axis, spacing: Double, alignment: StackAlignment, distribution: StackDistribution)
    case box
    case spacer
    case label(text: String, style: TextStyle, color: String)
    case image(path: String, contentMode: ContentMode, alt: String)
    case toggle(on: Bool, tint: String)
    case accessory(Accessory, color: String?)
    case divider(color: String, thickness: Double)
}

/// A view's content and box properties, without its children.
public struct ViewStyle: Sendable, Hashable {
    /// What the view shows.
    public var content: ViewContent
    /// Its id in its template (the `id` attribute, an IB view's id), when it has one.
    public var id: String?
    /// The value a label's text comes from, as a key path of the item's values (`detail`,
    /// `author.name`; an IB outlet's name): where the lint points.
    package var valueKey: String?
    /// top, right, bottom, left
    package var padding: [Double] = [0, 0, 0, 0]
    package var width: Double?
    package var height: Double?
    package var minWidth: Double = 0
    package var maxWidth: Double = .infinity
    package var minHeight: Double = 0
    package var maxHeight: Double = .infinity
    package var grow: Double = 0
    package var shrink: Double = 1
    /// Its own placement across its parent stack's axis (`fill`, `leading`, `center`,
    /// `trailing`), instead of the stack's alignment; nil follows the stack (CSS `align-self`).
    package var alignSelf: StackAlignment?
    /// A width, minimum or maximum width given as a fraction of the parent's inner width:
    /// resolved when the parent lays the view out; `auto` until then (CSS's cyclic percentages).
    package var percents: SizePercents?
    /// Space outside its edges in its stack (CSS margin): top, right, bottom, left.
    package var margin: [Double] = [0, 0, 0, 0]
    /// Out of its stack's flow, placed against the parent's edges (CSS `position: absolute`).
    package var overlay: OverlayInsets?
    /// Whether a child is an overlay (the parent is then its containing block).
    package var holdsOverlay = false
    /// Placed at a frame its constraints gave it (an Interface Builder view), not over its
    /// siblings by design as a template's overlay is.
    package var placedByConstraints = false
    /// What the view says to VoiceOver beyond its content: an Interface Builder view's settings
    /// and, for a control, which control and its value (`AccessibilityTree`).
    package var accessibility: AccessibilitySettings?
    /// Its frame and its children's are already where a right-to-left layout puts them (an
    /// Interface Builder cell, solved with its leading and trailing resolved): it is not mirrored.
    package var resolvesDirection = false

    /// An overlay or its parent: drawn over its siblings (CSS positioned boxes).
    package var isPositioned: Bool { overlay != nil || holdsOverlay }
    package var background: String?
    /// Drawn with this opacity, children included (UIView's `alpha`, CSS `opacity`).
    package var opacity: Double = 1
    /// Children drawn inside its bounds only (UIView's `clipsToBounds`, CSS `overflow: hidden`);
    /// a corner radius clips as well.
    package var clips = false
    package var cornerRadius: Double = 0
    package var borderWidth: Double = 0
    package var borderColor: String = "separator"
    /// A horizontal stack whose children go on to further lines when they do not fit on one
    /// (CSS `flex-wrap: wrap`), `lineSpacing` apart.
    package var wraps: Bool = false
    package var lineSpacing: Double = 0

    package init(content: ViewContent) { self.content = content }

    package var kindName: String {
        switch content {
        case .stack: return "stack"
        case .box: return "box"
        case .spacer: return "spacer"
        case .label: return "label"
        case .image: return "image"
        case .toggle: return "switch"
        case .accessory: return "accessory"
        case .divider: return "divider"
        }
    }
}

/// Sizes given as fractions of the parent's: of its inner width or height (an overlay's, of its
/// padding box).
package struct SizePercents: Sendable, Hashable {
    package var width, minWidth, maxWidth: Double?
    package var height, minHeight, maxHeight: Double?
    package init(width: Double? = nil, minWidth: Double? = nil, maxWidth: Double? = nil,
                height: Double? = nil, minHeight: Double? = nil, maxHeight: Double? = nil) {
        self.width = width
        self.minWidth = minWidth
        self.maxWidth = maxWidth
        self.height = height
        self.minHeight = minHeight
        self.maxHeight = maxHeight
    }

    var hasWidths: Bool { width != nil || minWidth != nil || maxWidth != nil }
    var hasHeights: Bool { height != nil || minHeight != nil || maxHeight != nil }
}

/// An overlay's distances from its parent's edges; nil ones are `auto`.
package struct OverlayInsets: Sendable, Hashable {
    package var top, right, bottom, left: Double?
    package init(top: Double?, right: Double?, bottom: Double?, left: Double?) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }
}

/// A template view bound to an item's values.
package struct BoundView: Sendable, Hashable {
    package var style: ViewStyle
    package var children: [BoundView]

    package init(style: ViewStyle, children: [BoundView] = []) {
        self.style = style
        self.children = children
    }
}

/// A drawing primitive of a control glyph, in the control's own coordinates. The Cairo painter
/// and the HTML page (as SVG) draw the same primitives, so they agree to the pixel.
package enum GlyphPrimitive: Sendable, Hashable {
    /// A stroked line through points, round caps and joins.
    case polyline([Point], width: Double, color: String)
    case strokedCircle(center: Point, radius: Double, width: Double, color: String)
    case filledCircle(center: Point, radius: Double, color: String)

    package struct Point: Sendable, Hashable {
        package var x, y: Double
        package init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    }
}

extension ControlMetrics {
    /// The glyph of an accessory in a frame of the given size. `tint` overrides the colours.
    /// `direction` right to left mirrors it as UIKit does (the chevron points left, the detail
    /// button goes to the right of it); a checkmark is not mirrored.
    package static func accessoryGlyph(_ accessory: Accessory, width: Double, height: Double, tint: String?,
                                      direction: LayoutDirection = .leftToRight) -> [GlyphPrimitive] {
        let glyph = accessoryGlyph(accessory, width: width, height: height, tint: tint)
        guard direction == .rightToLeft, accessory != .checkmark else { return glyph }
        typealias P = GlyphPrimitive.Point
        func mirror(_ point: P) -> P { P(width - point.x, point.y) }
        return glyph.map { primitive in
            switch primitive {
            case .polyline(let points, let lineWidth, let color): return .polyline(points.map(mirror), width: lineWidth, color: color)
            case .strokedCircle(let center, let radius, let lineWidth, let color):
                return .strokedCircle(center: mirror(center), radius: radius, width: lineWidth, color: color)
            case .filledCircle(let center, let radius, let color): return .filledCircle(center: mirror(center), radius: radius, color: color)
            }
        }
    }

    static func accessoryGlyph(_ accessory: Accessory, width: Double, height: Double, tint: String?) -> [GlyphPrimitive] {
        typealias P = GlyphPrimitive.Point
        let midY = height / 2
        func chevron(x: Double) -> [GlyphPrimitive] {
            [.polyline([P(x + 1.5, midY - 6.5), P(x + 7.5, midY), P(x + 1.5, midY + 6.5)], width: 2.2, color: tint ?? "chevron")]
        }
        func info(x: Double) -> [GlyphPrimitive] {
            let color = tint ?? "tint"
            return [
                .strokedCircle(center: P(x + 11, midY), radius: 10.3, width: 1.3, color: color),
                .filledCircle(center: P(x + 11, midY - 5), radius: 1.3, color: color),
                .polyline([P(x + 11, midY - 1.5), P(x + 11, midY + 5.5)], width: 2, color: color),
            ]
        }
        switch accessory {
        case .none: return []
        case .disclosureIndicator: return chevron(x: 0)
        case .checkmark: return [.polyline([P(1.5, midY + 0.5), P(6, midY + 5.5), P(14.5, midY - 6)], width: 2.2, color: tint ?? "tint")]
        case .detailButton: return info(x: 0)
        case .detailDisclosureButton: return info(x: 0) + chevron(x: width - 9)
        }
    }
}
