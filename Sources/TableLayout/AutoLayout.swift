import Foundation
import TableConstraints
import TableModel
import TableTemplates
import TableText

/// Interface Builder templates laid out by Auto Layout: the document's constraints, the
/// constraints UIKit makes for intrinsic content sizes, autoresizing masks and stack views, and
/// the cell's width and fitting height, solved by `TableConstraints.Solver`. The solved frames
/// become a tree of absolutely placed views (overlays), which every renderer already draws.
///
/// A template's constraint system is built once per engine (per thread) and per shape (which
/// stack-view children are hidden, whether the height is fixed, the margins); each row then only
/// changes constants: the width, and the intrinsic sizes of its text.
package final class AutoLayout {
    let text: TextEngine
    private var systems: [SystemKey: ConstraintSystem] = [:]
    /// Each template's value-independent binding, by template id (an engine has one theme and
    /// one assets folder).
    private var prepared: [String: IBBinding.Prepared] = [:]
    /// For `TABLERENDER_STATS=1`: systems built, rows solved, the time spent solving them
    /// (setting constants and re-solving, the second pass included; not binding or measuring),
    /// and the time the second pass spent measuring text at the widths solved (Pango's, unless
    /// the text was shaped ahead).
    private var statistics = (built: 0, solved: 0, nanoseconds: UInt64(0), measuring: UInt64(0))

    package init(text: TextEngine) { self.text = text }

    deinit {
        guard statistics.solved > 0, RuntimeSettings.current.printsStatistics else { return }
        let perRow = Double(statistics.nanoseconds) / Double(statistics.solved) / 1000
        let measuring = Double(statistics.measuring) / Double(statistics.solved) / 1000
        FileHandle.standardError.write(Data("tablerender[\(getpid())]: auto layout: \(statistics.built) systems built, \(statistics.solved) rows solved, \(String(format: "%.1f", perRow)) µs a row, and \(String(format: "%.1f", measuring)) µs of text measured at the widths solved\n".utf8))
    }

    struct SystemKey: Hashable {
        /// The template's id (not its file: a storyboard's cells share one).
        var template: String
        var hidden: Set<String>
        /// The row's height when it is fixed (a system per height: a height its constraints
        /// cannot meet breaks some of them as it is built, as UIKit does, not when solved).
        var fixedHeight: Double?
        var sideMargin: Double
    }

    /// The cell, header or footer of `template` bound to `values` and laid out at `width`;
    /// `height` fixes the height, nil self-sizes it.
    /// `screenWidth`: the width of the screen the table is on (the cell's margins follow it);
    /// nil: the cell's own width.
    package func layout(_ template: Template, document: IBDocument, values: Value.Object, width: Double, height: Double?,
                       theme: Theme, assetsFolder: String, catalogs: [AssetCatalog] = [], screenWidth: Double? = nil,
                       at location: SourceLocation) throws(Diagnostic) -> BoundView {
        let ready = prepared[template.id] ?? IBBinding.Prepared(document, theme: theme, assetsFolder: assetsFolder, catalogs: catalogs, text: text)
        prepared[template.id] = ready
        var states = try IBBinding.bind(ready, template: template, values: values, theme: theme, text: text, at: location)
        let accessory = Accessory(rawValue: document.accessory ?? "") ?? .none
        let margin = DeviceMetrics.cellMargin(screen: screenWidth ?? width, cell: width)
        let reserved = accessory == .none ? 0 : DeviceMetrics.accessoryZone(accessory) + margin
        let contentWidth = max(1, width - reserved)
        // A XIB's or a prototype's `rowHeight` is IB's canvas: a table with automatic heights
        // (UIKit's default) sizes a nib's cell by its constraints. A document's height fixes it.
        var fixed = height
        let hidden = Set(states.values.filter(\.hidden).map(\.id))
        var frames = solve(template, document: document, states: &states, hidden: hidden, width: contentWidth, height: fixed, margin: margin, theme: theme,
                           besideAccessory: reserved)
        var contentHeight = frames[document.content.id]?.height ?? 0
        if fixed == nil, contentHeight < 0.5 {
            // UIKit: "constraints ambiguously suggest a height of zero for a table view cell's
            // content view. We're considering the collapse unintentional and using standard
            // height instead", and lays the cell out again at that height.
            fixed = document.kind == .cell ? 44 : document.content.frame.height
            frames = solve(template, document: document, states: &states, hidden: hidden, width: contentWidth, height: fixed, margin: margin, theme: theme,
                           besideAccessory: reserved)
            contentHeight = fixed ?? 0
        }
        var root = IBDrawing.bound(document.content, frames: frames, states: states, theme: theme, text: text, origin: (0, 0), isRoot: true)
        root.style.width = contentWidth
        root.style.height = fixed ?? contentHeight
        // The constraints were solved with leading and trailing resolved: the frames are final.
        root.style.resolvesDirection = true
        guard accessory != .none else { return root }
        // The accessory sits beside the content view, centred, at the cell's trailing margin (the
        // left one, right to left, the content view then on its right).
        let rightToLeft = theme.direction == .rightToLeft
        let size = ControlMetrics.accessorySize(accessory)
        var glyph = BoundView(style: ViewStyle(content: .accessory(accessory, color: nil)))
        glyph.style.width = size.width
        glyph.style.height = size.height
        glyph.style.overlay = OverlayInsets(top: ((fixed ?? contentHeight) - size.height) / 2, right: nil, bottom: nil,
                                            left: rightToLeft ? margin : width - margin - size.width)
        root.style.overlay = OverlayInsets(top: 0, right: nil, bottom: nil, left: rightToLeft ? reserved : 0)
        var cell = BoundView(style: ViewStyle(content: .box), children: [root, glyph])
        cell.style.holdsOverlay = true
        cell.style.resolvesDirection = true
        cell.style.width = width
        cell.style.height = fixed ?? contentHeight
        return cell
    }

    /// The frames of a row's views, from the template's system of that shape (built once).
    private func solve(_ template: Template, document: IBDocument, states: inout [String: IBViewState], hidden: Set<String>, width: Double,
                       height: Double?, margin: Double, theme: Theme, besideAccessory: Double) -> [String: Rect] {
        let key = SystemKey(template: template.id, hidden: hidden, fixedHeight: height, sideMargin: margin)
        let system: ConstraintSystem
        if let known = systems[key] {
            system = known
        } else {
            system = ConstraintSystem(document: document, states: states, fixedHeight: height, sideMargin: margin, text: text, theme: theme)
            systems[key] = system
            statistics.built += 1
        }
        let start = DispatchTime.now().uptimeNanoseconds
        var measuring: UInt64 = 0
        let frames = system.solve(states: &states, width: width, height: height, text: text, theme: theme, measuring: &measuring,
                                  besideAccessory: besideAccessory)
        statistics.nanoseconds += DispatchTime.now().uptimeNanoseconds - start - measuring
        statistics.measuring += measuring
        statistics.solved += 1
        return frames
    }

    /// Every view's frame in its superview, laid out as Interface Builder lays a document out at
    /// its design size: the content view at its stored size, and every intrinsic content size
    /// taken from the view's stored frame (so that no text is measured), or from IB's
    /// placeholder intrinsic size where the document sets one; the margins of the device the file
    /// names (iOS 10's for files saved by Xcode 8 and before, iOS 26's margins and switch for
    /// files saved by Xcode 26), the safe area of that device for a plain view; each frame
    /// rounded to that device's pixels. IB's stored frames are then an oracle for the solver and for how
    /// constraints are read.
    /// With `width`, the content view is laid out at that width instead (the same height).
    /// With `storedSizes` false, the intrinsic sizes are tablerender's own (its text measured),
    /// as a row draws them: what the corpus run compares with IB's frames a second time.
    package func designFrames(_ template: Template, document: IBDocument, theme: Theme, assetsFolder: String, width: Double? = nil,
                              storedSizes: Bool = true) throws(Diagnostic) -> (frames: [String: Rect], warnings: [String]) {
        // IB stores frames as UIKit sets them on the device it shows the file on: text sizes
        // rounded up to its pixels, each edge at the nearest pixel.
        let scale = document.designScale ?? 2
        var states = try IBBinding.bind(document, template: template, values: [:], theme: theme, assetsFolder: assetsFolder, text: text,
                                        pixel: 1 / scale, at: SourceLocation(file: document.file))
        for view in document.allViews {
            guard var state = states[view.id] else { continue }
            if let placeholder = view.placeholderIntrinsicSize {
                // IB lays the view out with its placeholder intrinsic size, whatever it shows.
                state.intrinsicSize = placeholder
                state.wraps = false
                states[view.id] = state
                continue
            }
            if view.element == .activityIndicatorView, state.hidden {
                // IB's canvas draws an activity indicator even when hidden (it shows what a
                // stopped one that hides looks like): in a stack it keeps its place (Pocket
                // Casts' episode rows: the views after a hidden indicator sit 21 pt on).
                state.hidden = false
                states[view.id] = state
            }
            if !document.usesTextKit2, view.element == .textView, view.attribute("scrollEnabled") == "NO", state.text.isEmpty {
                // IB's canvas before Xcode 14 (TextKit 1): an empty text view keeps the one line
                // its caret stands on (IB stores 33 pt for an empty 14 pt text view; Xcode 15's 16).
                state.intrinsicSize.height = DeviceMetrics.ceilToPixel(state.style.font.lineHeight, pixel: 1 / scale) + 16
                states[view.id] = state
            }
            if document.savedForIOS26, view.element == .textField, [nil, "none"].contains(view.attribute("borderStyle")), !view.flag("secureTextEntry"),
               state.intrinsicSize.height >= 0 {
                // Xcode 26's canvas: a borderless text field is at least 22 pt tall, whatever its
                // font (OwnTracks stores its 50 borderless 14 pt fields 22 pt tall, 17 before);
                // a secure one keeps its font's line (its 14 pt ones 17, NetNewsWire's body 21).
                state.intrinsicSize.height = max(state.intrinsicSize.height, ControlMetrics.iOS26TextFieldMinimumHeight)
                states[view.id] = state
            }
            if document.predatesIOS14, view.element == .textField, [nil, "none"].contains(view.attribute("borderStyle")), state.styleLeading != nil,
               state.intrinsicSize.height >= 0 {
                // The canvas of Xcode 11 and before (iOS 13's UIKit): a borderless field in a text
                // style is as tall as its font's line, not the style's leading (LoopKit's six body
                // fields of Xcode 11 store 21 pt; Xcode 12's and later 22).
                state.intrinsicSize.height = state.style.font.lineHeight.rounded(.up)
                states[view.id] = state
            }
            if view.element == .imageView, view.attribute("image") == nil, state.intrinsicSize.width < 0, state.intrinsicSize.height < 0 {
                // IB's canvas keeps an image view with no image at the size it has (its image is
                // the app's to set): WooCommerce's empty-state image 140 pt tall in an
                // equal-spacing stack, its product and toggle cells' thumbnails; KeePassium's icon.
                // On a device it has no size of its own until the app gives it an image.
                state.intrinsicSize = (view.frame.width, view.frame.height)
                states[view.id] = state
            }
            if ControlMetrics.systemButtonSymbol(view, title: state.text) != nil {
                state.intrinsicSize = ControlMetrics.systemButtonSize(predatesIOS13: document.predatesIOS13, iOS26: document.savedForIOS26)
                states[view.id] = state
            }
            if view.element == .segmentedControl, document.predatesIOS13 {
                // iOS 12 and before (files of Xcode 10 and before): 28 pt, a 29 pt frame, and
                // segments of iOS 12's widths.
                state.intrinsicSize.height = ControlMetrics.legacySegmentedControlHeight
                let widths = ControlMetrics.segmentWidths(of: view, contents: state.segmentContents, legacy: true)
                state.intrinsicSize.width = ControlMetrics.segmentedControlWidth(widths, legacy: true)
                states[view.id] = state
            }
            if document.savedForIOS26, view.element == .slider {
                state.intrinsicSize.height = ControlMetrics.iOS26SliderHeight
                states[view.id] = state
            }
            if document.savedForIOS26, view.element == .switch {
                let outsets = ControlMetrics.alignmentOutsets(.switch) ?? [0, 0, 0, 0]
                state.intrinsicSize = (ControlMetrics.iOS26SwitchSize.width - outsets[1] - outsets[3],
                                       ControlMetrics.iOS26SwitchSize.height - outsets[0] - outsets[2])
                states[view.id] = state
            }
            // A view whose frame the file leaves out (Xcode 8.0's) keeps its own size.
            guard storedSizes, view.frameStored else { continue }
            // A compact date picker is as wide as its date and time (IB measured them; OsmAnd's
            // date-and-time picker of Xcode 15 stored 260 pt).
            let compactPicker = view.element == .datePicker && state.pickerStyle == "compact"
            // A control's stored frame reaches beyond the alignment rectangle its size is of.
            let outsets = ControlMetrics.alignmentOutsets(view.element, iOS26: document.savedForIOS26) ?? [0, 0, 0, 0]
            if state.intrinsicSize.width >= 0 || compactPicker { state.intrinsicSize.width = view.frame.width - outsets[1] - outsets[3] }
            if state.intrinsicSize.height >= 0 { state.intrinsicSize.height = view.frame.height - outsets[0] - outsets[2] }
            state.wraps = false
            states[view.id] = state
        }
        let cellWidth = document.kind == .cell ? document.top.frame.width : document.content.frame.width
        // The canvas of Xcode 10 and before (iOS 12's UIKit) gives a cell wider than the screen
        // the margins of a screen as wide as the cell: Element's 600 pt cells of Xcode 9.4 and
        // 10.2 and The Blue Alliance's 430 pt one of Xcode 10.1, on a 375 pt iPhone 8, store 20
        // (10 views). Xcode 11 to 15 still do for a cell whose content view preserves its
        // superview's margins (OsmAnd's 414 pt cells of Xcode 14.3 and 15 on a 390 pt iPhone 12:
        // 20, 50 views), not for one whose content view does not (ProtonVPN's 399 to 596 pt
        // cells of Xcode 13 and 14, Pocket Casts' 394 pt one, on an iPhone 8: 16); Xcode 16 and
        // later give every cell the screen's (OsmAnd's 414 pt cells of Xcode 16 and 26: 16).
        let screen = document.designScreenWidth ?? cellWidth
        let ownWidth = document.predatesIOS13
            || (document.predatesIOS18 && document.kind == .cell && document.content.flag("preservesSuperviewLayoutMargins"))
        var sideMargin = DeviceMetrics.cellMargin(screen: ownWidth ? max(screen, cellWidth) : screen, cell: cellWidth)
        // The canvas of Xcode 11, from its betas (`toolsVersion` 14800–16999), gave the cells of a screen
        // narrower than 393 pt 15 pt at the sides, as 14 public files of 4 apps store it (16
        // before and after; a 414 pt screen's narrow cells keep 16).
        if let version = document.toolsVersion, (IBDocument.ToolsVersion.iOS13..<IBDocument.ToolsVersion.iOS14).contains(version), screen < 393 { sideMargin = 15 }
        let system = ConstraintSystem(document: document, states: states, fixedHeight: document.content.frame.height,
                                      sideMargin: sideMargin, text: text, theme: theme, designTime: true)
        var measuring: UInt64 = 0
        let global = system.solve(states: &states, width: width ?? document.content.frame.width, height: document.content.frame.height, text: text, theme: theme,
                                  measuring: &measuring)
        // Each edge at the nearest pixel, in the content view's coordinates (halves away from zero).
        func snap(_ value: Double) -> Double { (value * scale).rounded(.toNearestOrAwayFromZero) / scale }
        func snapped(_ rect: Rect) -> Rect {
            let x = snap(rect.x), y = snap(rect.y)
            return Rect(x: x, y: y, width: snap(rect.x + rect.width) - x, height: snap(rect.y + rect.height) - y)
        }
        var result: [String: Rect] = [:]
        for (id, frame) in global {
            let parent = snapped(system.parents[id].flatMap { global[$0] } ?? Rect(x: 0, y: 0, width: 0, height: 0))
            result[id] = snapped(frame).offsetBy(dx: -parent.x, dy: -parent.y)
        }
        return (result, system.warnings)
    }


    /// What `check` reports of a document: elements drawn as placeholders, conflicting and
    /// ambiguous constraints, missing fonts and images, each with its IB id.
    /// `height`: the row's height when a document fixes it (constraints that cannot meet it are
    /// reported, as UIKit logs them); nil lays the cell out at the height it needs.
    package func warnings(_ template: Template, document: IBDocument, theme: Theme, assetsFolder: String, catalogs: [AssetCatalog] = [],
                          height: Double? = nil) -> [String] {
        var result: [String] = []
        var states: [String: IBViewState]
        do { states = try IBBinding.bind(document, template: template, values: [:], theme: theme, assetsFolder: assetsFolder, catalogs: catalogs, text: text,
                                         at: SourceLocation(file: document.file)) } catch {
            return [error.message]
        }
        var seen = Set<String>()
        for view in document.allViews where !seen.insert(view.id).inserted {
            result.append("two views have the IB id '\(view.id)' (IB never writes that): constraints and outlets naming it reach only one")
        }
        for view in document.allViews {
            if !IBReader.drawnElements.contains(view.element), view.element != .tableViewCellContentView {
                result.append("<\(view.element)> '\(view.id)' is drawn as a placeholder box")
            }
        }
        result += states.values.sorted { $0.id < $1.id }.flatMap(\.warnings)
        let cellWidth = document.kind == .cell ? document.top.frame.width : document.content.frame.width
        // A cell of one of UIKit's styles is drawn as the built-in cell, not by its constraints.
        guard document.builtInTemplate == nil else { return result }
        let system = ConstraintSystem(document: document, states: states, fixedHeight: height,
                                      sideMargin: DeviceMetrics.cellMargin(screen: document.designScreenWidth ?? cellWidth, cell: cellWidth), text: text, theme: theme)
        var measuring: UInt64 = 0
        let frames = system.solve(states: &states, width: document.content.frame.width, height: height, text: text, theme: theme, measuring: &measuring)
        if height == nil, document.kind == .cell, (frames[document.content.id]?.height ?? 0) < 0.5 {
            result.append("constraints ambiguously suggest a height of zero for the cell's content view: UIKit uses the standard height, 44 pt, instead; "
                          + "pin its views to the content view's top and bottom, or give the item a \"height\" as the app's table does")
        }
        for (stack, views, vertical) in system.tiedStacks {
            let stretched = views.contains { id in
                guard let frame = frames[id], let size = states[id]?.intrinsicSize else { return false }
                return vertical ? size.height >= 0 && frame.height > size.height + 0.5 : size.width >= 0 && frame.width > size.width + 0.5
            }
            if stretched {
                result.append("content priority ambiguity in stack view '\(stack)': \(views.joined(separator: ", ")) hug equally and one must stretch; the last one does")
            }
        }
        return result + system.warnings
    }
}

/// Four variables per view (its frame in the content view's coordinates) and the constraints
/// of one shape of a template.
final class ConstraintSystem {
    struct Frame { var x, y, width, height: Solver.Variable }

    let solver = Solver()
    var frames: [String: Frame] = [:]
    /// The views an IB id names (layout guides name their view).
    var aliases: [String: String] = [:]
    var views: [String: IBView] = [:]
    var parents: [String: String] = [:]
    /// Each view's margins: top, left, bottom, right (directional ones already resolved).
    var margins: [String: [Double]] = [:]
    /// Each view's layout direction: leading is its right edge in a right-to-left one.
    var directions: [String: LayoutDirection] = [:]
    var rootID: String
    var widthConstraint: Solver.ConstraintID?
    var heightConstraint: Solver.ConstraintID?
    /// The cell's own height, apart from its content view's, while a self-sizing cell is fitted
    /// (nil unless a constraint names the cell's height or a vertical edge of it).
    var cellHeightConstraint: Solver.ConstraintID?
    /// A cell beside an accessory: its width's constraint (`cell.width == content.width + w`),
    /// and right to left its x's (`cell.x == content.x − w`), whose `w` a row sets.
    var cellBesideAccessory: (x: Solver.ConstraintID?, width: Solver.ConstraintID)?
    var cellDesignHeight = 44.0
    /// Per view, the four constraints of its intrinsic content size (nil where it has none).
    var intrinsic: [String: [Solver.ConstraintID?]] = [:]
    var intrinsicOrder: [String] = []
    /// Fill stack views whose least-hugging views hug equally: an ambiguity when one of them has
    /// to stretch.
    var tiedStacks: [(stack: String, views: [String], vertical: Bool)] = []
    var warnings: [String] = []
    let designTime: Bool
    /// IB's canvas of a file Xcode 26 saved (iOS 26's controls).
    let iOS26Canvas: Bool
    /// The insets (top, left, bottom, right) of a safe area layout guide, by its id, where it
    /// does not stand for its view's edges.
    var safeAreaInsets: [String: [Double]] = [:]
    /// Each view's safe area insets where it reaches into the screen's unsafe area (IB's canvas).
    var safeInsets: [String: [Double]] = [:]
    /// Each scroll view's content area: at its origin, as wide and tall as the constraints
    /// between the scroll view and what it holds make it (its content size).
    var scrollContents: [String: Frame] = [:]
    /// The scroll view a content layout guide's id stands for.
    var contentGuides: [String: String] = [:]

    /// `fixedHeight`: the content view's height, when the row's height is fixed; nil: as short as
    /// the constraints allow (a self-sizing cell).
    /// `designTime`: laid out as IB's canvas lays it out, with the constraints IB removes at build
    /// time (placeholders, which the app's code replaces) and iOS 10's margins for files saved
    /// by Xcode 8 and before (8 pt on every side of a cell's content view).
    init(document: IBDocument, states: [String: IBViewState], fixedHeight: Double?, sideMargin: Double, text: TextEngine, theme: Theme,
         designTime: Bool = false) {
        self.designTime = designTime
        iOS26Canvas = designTime && document.savedForIOS26
        rootID = document.content.id
        directions = document.directions(screen: theme.direction)
        // On IB's canvas a plain view sits at the top of the device's screen: its safe area leaves
        // out the sensor housing, and the home indicator where the view reaches it — from Xcode 14
        // (`toolsVersion` 21000, when each device's own housing came in) the home indicator
        // whatever the view's height (a 200 pt cell of Xcode 14.3, Xcode 15's 72 and 488 pt views
        // store 34 pt; Xcode 12's short views 0). A Home button's status bar, in Xcode 9 and 10,
        // only where the view is tall (`IBReader.SafeArea.topFromHeight`). (In a table, a
        // header's or footer's safe area has no such insets.)
        // A plain view has that safe area whether or not it has a layout guide for it, and
        // whether or not the file uses safe area guides (`useSafeAreas`): the canvas of Xcode 9
        // and later insets its margins from it (SwiftMessages' five message views of Xcode 12,
        // with no guide and four without `useSafeAreas`, store their margins 44 pt below the top
        // and 34 above the bottom). A cell without a guide keeps its bounds (no public file
        // shows otherwise: `aCollectionViewCellIsReadAsAnItem`).
        let guide = document.top.safeAreaGuide ?? document.content.safeAreaGuide
        var rootSafeArea: [Double]?
        if designTime, [.view, .collectionCell, .collectionReusableView].contains(document.kind),
           guide != nil || (document.kind == .view && !document.predatesIOS11), let device = document.designSafeArea {
            let height = document.content.frame.height
            // Before, a view wider than the screen has it too: the canvas cannot place it on the
            // screen and gives it the device's whole safe area (Zotero's 428 and 460 pt views of
            // Xcode 13, ProtonVPN's 499 to 643 pt views of Xcode 12.5 and 13 on a 414 pt iPhone
            // 11 store 34; their 414 pt and narrower short views 0).
            let wider = document.content.frame.width > (document.designScreenWidth ?? .infinity) + 0.5
            var bottom = (document.toolsVersion ?? 0) >= IBDocument.ToolsVersion.iOS16 || wider ? device.bottom : max(0, device.bottom - max(0, device.screenHeight - height))
            if let full = device.fullHeightBottom, height >= device.screenHeight - 0.5 { bottom = full }
            let top = device.topFromHeight.map { height >= $0 ? device.top : device.shortViewTop } ?? device.top
            rootSafeArea = [top, device.sides, bottom, device.sides]
            if let guide { safeAreaInsets[guide] = rootSafeArea }
        }
        let margins = RootMargins(document: document, sideMargin: sideMargin, designTime: designTime, safeArea: rootSafeArea)
        register(document.content, parent: nil, document: document, root: margins)
        let all = document.allViews
        let root = frames[rootID]!
        // Beside an accessory the cell reaches past its content view: a constraint to the cell's
        // trailing edge (or its width, or centre) is to the cell's own (GoMap's tag cells keep
        // their fields 34 pt from the trailing edge of a 393 pt cell whose content view, beside
        // a disclosure indicator, is 362.67 wide).
        let accessoryWidth = document.kind == .cell && Self.namesCellHorizontally(document)
            ? max(0, document.top.frame.width - document.content.frame.width) : 0
        let namesCellVertically = fixedHeight == nil && document.kind == .cell && Self.namesCellVertically(document)
        if namesCellVertically || accessoryWidth >= 0.25 {
            let cell = document.top.id
            var frame = root
            if accessoryWidth >= 0.25 {
                frame.x = solver.makeVariable()
                frame.width = solver.makeVariable()
                // Right to left, the accessory is on the left, and the cell starts before its content view.
                let rightToLeft = directions[rootID] == .rightToLeft
                let x = try? solver.add(Constraint(v(frame.x), .equal, v(root.x) + c(rightToLeft ? -accessoryWidth : 0)))
                if let width = try? solver.add(Constraint(v(frame.width), .equal, v(root.width) + c(accessoryWidth))) {
                    cellBesideAccessory = (rightToLeft ? x : nil, width)
                }
            }
            if namesCellVertically {
                // UIKit fits a self-sizing cell's content view while the cell keeps its frame (the
                // nib's height), and lays it out again at the row's height it found: a constraint to
                // the cell's height or vertical edges does not size the row (`button.height ==
                // cell.height` leaves the height to the constraints inside the content view).
                frame.height = solver.makeVariable()
                cellDesignHeight = document.top.frame.height
                cellHeightConstraint = try? solver.add(Constraint(v(frame.height), .equal, c(cellDesignHeight)))
            }
            frames[cell] = frame
            aliases[cell] = cell
            self.margins[cell] = self.margins[rootID]
        }
        require(v(root.x), .equal, c(0), "the content view's x")
        require(v(root.y), .equal, c(0), "the content view's y")
        widthConstraint = try? solver.add(Constraint(v(root.width), .equal, c(document.content.frame.width)))
        if let widthConstraint { names[widthConstraint] = "the content view's width (the table's)" }
        if let fixedHeight {
            heightConstraint = try? solver.add(Constraint(v(root.height), .equal, c(fixedHeight)))
            if let heightConstraint { names[heightConstraint] = "the content view's height (the row's)" }
        } else {
            // systemLayoutSizeFitting: as short as the constraints allow (fittingSizeLevel).
            _ = try? solver.add(Constraint(v(root.height), .equal, c(0), priority: 50))
        }
        // Views that are not constraint-based keep their frame by their autoresizing mask.
        let arranged = Set(views.values.filter { $0.element == .stackView }.flatMap { $0.subviews.map(\.id) })
        for view in all where view.id != rootID && !view.usesConstraints && !arranged.contains(view.id) {
            autoresizing(view)
        }
        // A view IB keeps at its frame (`fixedFrame`: no constraint names it) gets IB's
        // prototyping constraints at build time: left and top in its superview, width and height.
        // So does one that no constraint names in files written before IB marked them.
        let named = Self.namedViews(document)
        for view in all where view.id != rootID && view.usesConstraints && !arranged.contains(view.id)
            && (view.flag("fixedFrame") || !named.contains(view.id)) {
            prototyping(view)
        }
        // In the order a nib adds them: a view's subviews are decoded (with their constraints)
        // before its own constraints, and a stack view arranges its views after its own. When
        // required constraints conflict, the one added last gives way, as in UIKit.
        func addConstraints(of view: IBView) {
            view.subviews.forEach(addConstraints)
            for constraint in view.constraints where designTime || !constraint.isPlaceholder {
                add(constraint, owner: view.id, states: states, text: text)
            }
            if view.element == .stackView { stack(view, states: states) }
        }
        addConstraints(of: document.content)
        // The content size constraints come last: UIKit adds them when it first lays the view
        // out, after the nib's, so a hugging or compression resistance of 1000 gives way to a
        // required size the nib sets (IB's frames keep a label's height constraint of 21 over
        // its 18 pt text hugging at 1000).
        addIntrinsicSizes(all.filter { $0.id != rootID && ($0.usesConstraints || arranged.contains($0.id)) }, states: states,
                          huggingBoost: tieFillStacks(all, states: states))
        if designTime { staysOnTheCanvas(all) }
        findAmbiguity(document, states: states)
    }

    /// Below every priority a file can give: what IB's canvas keeps as it stands.
    static let canvasStay = 0.5

    /// IB's canvas lays a view out from where it stands: on an axis its constraints leave free
    /// (a collection view pinned at the top and sides with no height, an ambiguity IB does not
    /// always mark), it keeps its stored place and size relative to its superview. Weaker than
    /// any constraint, so it decides nothing the constraints decide (Zotero's collection views
    /// keep their stored 896 and 767 pt; they had collapsed to nothing).
    func staysOnTheCanvas(_ all: [IBView]) {
        for view in all where view.id != rootID {
            guard let frame = frames[view.id], let parent = parents[view.id], let outer = frames[parent] else { continue }
            let stored = alignmentRect(of: view)
            for (lhs, value) in [(v(frame.x) - v(outer.x), stored.x), (v(frame.y) - v(outer.y), stored.y),
                                 (v(frame.width), stored.width), (v(frame.height), stored.height)] {
                var stay = Constraint(lhs, .equal, c(value))
                stay.priority = Self.canvasStay
                _ = try? solver.add(stay)
            }
        }
    }

    /// The margins a cell's or header's content view starts from, and the safe area's insets a
    /// top-level view's margins are moved inside.
    struct RootMargins {
        /// iOS 10's 8 pt on every side (files saved by Xcode 8 and before, on the canvas).
        var legacy: Bool
        var content: [Double]
        var safeArea: [Double]?
        /// A XIB's top-level view on IB's canvas, which lays it out as a view controller's root
        /// view: UIKit's system minimum margins, none above and below and 16 pt at the sides (20
        /// for a view 393 pt wide or wider on such a screen), or the window's 8 pt above and below
        /// where it preserves its superview's margins; nil elsewhere (UIView's 8 pt). So is a
        /// XIB's collection view cell or reusable view, alone on the canvas: AltStore's cells and
        /// header of Xcode 11 store their views 16 pt in from the cell's edges at its margins; a
        /// storyboard's prototype, in its collection view, has UIView's 8 pt (LoopKit, AltStore,
        /// KeePassium).
        var topView: [Double]?

        init(document: IBDocument, sideMargin: Double, designTime: Bool, safeArea: [Double]?) {
            legacy = designTime && document.predatesIOS11
            // Beside an accessory, the content view's trailing margin is UIView's 8 pt: it ends
            // before the accessory, past the cell's margin.
            let besideAccessory = document.kind == .cell && !["", "none"].contains(document.accessory ?? "")
            // iOS 26 (on the canvas of files Xcode 26 saved) gives a cell's content view 15 pt above and below.
            let vertical = designTime && document.kind == .cell && document.savedForIOS26 ? 15.0 : 11.0
            content = legacy ? [8, 8, 8, 8] : [vertical, sideMargin, vertical, besideAccessory ? 8 : sideMargin]
            if legacy, document.kind == .cell, document.top.flag("preservesSuperviewLayoutMargins"), document.content.flag("preservesSuperviewLayoutMargins") {
                // iOS 10's table view has 15 pt margins at the sides (20 on the larger iPhones and
                // iPads), which a cell and its content view that preserve their superviews' reach:
                // MiniKeePass's static cells of Xcode 8 store their views 15 pt in on an iPhone 8
                // (21 views of 6 files); a content view that does not preserve them keeps 8.
                let side = (document.designScreenWidth ?? document.top.frame.width) >= 400 ? 20.0 : 15
                content = [8, side, 8, besideAccessory ? 8 : side]
            }
            // Margins set on the cell itself (`<edgeInsets key="layoutMargins">` of the
            // `<tableViewCell>`) reach a content view that preserves its superview's margins: at
            // least the cell's on each edge it shares with the cell (not the trailing one beside
            // an accessory, which ends before it).
            if document.kind == .cell, let cell = document.top.layoutMargins, document.content.flag("preservesSuperviewLayoutMargins") {
                for edge in 0..<4 where !(edge == 3 && besideAccessory) { content[edge] = max(content[edge], cell[edge]) }
            }
            self.safeArea = safeArea
            // One that preserves its superview's margins keeps the window's 8 pt above and below.
            let window = document.top.flag("preservesSuperviewLayoutMargins") ? 8.0 : 0
            let rootOnCanvas = document.kind == .view || (document.aloneOnCanvas && [.collectionCell, .collectionReusableView].contains(document.kind))
            // The side margin is 20 where the view is 393 pt wide or wider, whatever the screen,
            // and not the cells' rule of Xcode 11 (AltStore's 375 pt cell on a 414 pt iPhone 11:
            // 16; its 335 pt cell on an iPhone 8 in Xcode 11: 16; views of 414 pt and wider on
            // 414 pt screens: 20; Rocket.Chat's 402 to 600 pt collection cells on a 375 pt
            // iPhone 8: 20).
            let width = document.content.frame.width
            let side = width >= 393 ? 20.0 : 16
            topView = designTime && !legacy && rootOnCanvas ? [window, side, window, side] : nil
        }
    }

    /// A view and what it holds: their frames' variables, ids (layout guides name their view)
    /// and margins.
    func register(_ view: IBView, parent: String?, document: IBDocument, root: RootMargins) {
        views[view.id] = view
        parents[view.id] = parent
        aliases[view.id] = view.id
        for guide in view.layoutGuides { aliases[guide] = view.id }
        frames[view.id] = Frame(x: solver.makeVariable(), y: solver.makeVariable(), width: solver.makeVariable(), height: solver.makeVariable())
        if view.element == .other("scrollView"), let frame = frames[view.id] {
            scrollContents[view.id] = Frame(x: frame.x, y: frame.y, width: solver.makeVariable(), height: solver.makeVariable())
            if let guide = view.contentLayoutGuide { contentGuides[guide] = view.id }
        }
        // A cell's (or header's) content view follows the table's margins; any other view has 8 pt.
        let isContent = parent == nil && (document.kind == .cell || document.kind == .headerFooter)
        // A stack view's are none (UIStackView's default margins are zero).
        let plain: [Double] = view.element == .stackView ? [0, 0, 0, 0] : [8, 8, 8, 8]
        var own = view.layoutMargins ?? (isContent ? root.content : parent == nil ? root.topView ?? plain : plain)
        // The part of the screen's unsafe area the view covers (as IB placed it): the root's
        // safe area insets, a subview's what is left of its superview's past its distance to
        // that superview's edges.
        var unsafe: [Double]? = parent == nil ? root.safeArea : nil
        // A scroll view adjusts its content inset by its safe area (`contentInsetAdjustmentBehavior`
        // automatic) and passes none on to what it scrolls (Sileo's package page of Xcode 13,
        // under a simulated navigation bar: its views store their margins from the scroll view's top).
        if let parent, let outer = safeInsets[parent], let parentView = views[parent],
           parentView.element != .other("scrollView") || parentView.attribute("contentInsetAdjustmentBehavior") == "never" {
            let frame = view.frame, size = parentView.frame
            let distances = [frame.y, frame.x, size.height - frame.y - frame.height, size.width - frame.x - frame.width]
            let insets = (0..<4).map { max(0, outer[$0] - max(0, distances[$0])) }
            if insets.contains(where: { $0 > 0 }) {
                unsafe = insets
                if let guide = view.safeAreaGuide { safeAreaInsets[guide] = insets }
            }
        }
        safeInsets[view.id] = unsafe
        if let insets = unsafe, view.attribute("insetsLayoutMarginsFromSafeArea") != "NO" {
            // The margins count from the safe area's edges (`insetsLayoutMarginsFromSafeArea`): a
            // view under the status bar has its top margin below it.
            for edge in 0..<4 { own[edge] += insets[edge] }
        }
        if isContent, view.layoutMargins != nil, !root.legacy {
            // Margins of its own, and at least the cell's on every edge, whether it preserves its
            // superview's margins or not (LoopKit's content view with 8 pt of its own above and
            // below has the cell's 11 in IB's frames; Beam's, own 10, 22, 10 and 8 without
            // preserving, 11, 22, 11 and 16, or 8 at the trailing edge beside an accessory).
            for edge in 0..<4 { own[edge] = max(own[edge], root.content[edge]) }
        }
        let rightToLeft = directions[view.id] == .rightToLeft
        // Leading and trailing margins: the leading one on the right, right to left.
        if rightToLeft, view.layoutMargins == nil || view.marginsAreDirectional { own.swapAt(1, 3) }
        if view.flag("preservesSuperviewLayoutMargins"), let parent, let outer = margins[parent], let parentView = views[parent] {
            // At least the superview's margins, less the view's distance to its edges (as IB
            // placed it, mirrored right to left): a full-width container takes a cell's 16 pt.
            let frame = view.frame, size = parentView.frame
            var distances = [frame.y, frame.x, size.height - frame.y - frame.height, size.width - frame.x - frame.width]
            if rightToLeft { distances.swapAt(1, 3) }
            for edge in 0..<4 { own[edge] = max(own[edge], outer[edge] - max(0, distances[edge])) }
        }
        margins[view.id] = own
        for subview in view.subviews { register(subview, parent: view.id, document: document, root: root) }
    }

    /// In a fill stack view, when several arranged views hug least, the last of them stretches
    /// (its hugging gives way first; IB warns of the ambiguity): the others' hugging, raised a little.
    func tieFillStacks(_ all: [IBView], states: [String: IBViewState]) -> [String: Double] {
        var huggingBoost: [String: Double] = [:]
        for stack in all where stack.stack?.distribution == .fill {
            let vertical = stack.stack?.vertical == true
            let key = vertical ? "verticalHuggingPriority" : "horizontalHuggingPriority"
            let arranged = stack.subviews.filter { !(states[$0.id]?.hidden ?? false) }
            let huggings = arranged.map { $0.number(key) ?? 250 }
            guard let lowest = huggings.min(), huggings.filter({ $0 == lowest }).count > 1 else { continue }
            let tied = zip(arranged, huggings).filter { $0.1 == lowest }.map(\.0.id)
            for id in tied.dropLast() { huggingBoost[id] = 0.001 }
            tiedStacks.append((stack.id, tied, vertical))
        }
        return huggingBoost
    }

    /// Intrinsic content sizes, with hugging and compression resistance.
    func addIntrinsicSizes(_ laidOut: [IBView], states: [String: IBViewState], huggingBoost: [String: Double]) {
        for view in laidOut {
            guard let state = states[view.id] else { continue }
            let frame = frames[view.id]!
            let stackVertical = parents[view.id].flatMap { views[$0]?.stack?.vertical } ?? false
            let boost = huggingBoost[view.id] ?? 0
            let hugging = ((view.number("horizontalHuggingPriority") ?? 250) + (stackVertical ? 0 : boost),
                           (view.number("verticalHuggingPriority") ?? 250) + (stackVertical ? boost : 0))
            let resistance = (view.number("horizontalCompressionResistancePriority") ?? 750, view.number("verticalCompressionResistancePriority") ?? 750)
            let size = state.intrinsicSize
            var ids: [Solver.ConstraintID?] = [nil, nil, nil, nil]
            if size.width >= 0 {
                ids[0] = try? solver.add(Constraint(v(frame.width), .greaterOrEqual, c(size.width), priority: resistance.0))
                ids[1] = try? solver.add(Constraint(v(frame.width), .lessOrEqual, c(size.width), priority: hugging.0))
            }
            if size.height >= 0 {
                ids[2] = try? solver.add(Constraint(v(frame.height), .greaterOrEqual, c(size.height), priority: resistance.1))
                ids[3] = try? solver.add(Constraint(v(frame.height), .lessOrEqual, c(size.height), priority: hugging.1))
            }
            intrinsic[view.id] = ids
            intrinsicOrder.append(view.id)
        }
    }

    // MARK: Expressions

    func v(_ variable: Solver.Variable) -> LinearExpression { LinearExpression(variable) }
    func c(_ value: Double) -> LinearExpression { LinearExpression(constant: value) }

    /// What each constraint is, for a conflict's message: an IB constraint by its id, one UIKit
    /// makes by what makes it.
    var names: [Solver.ConstraintID: String] = [:]

    func require(_ lhs: LinearExpression, _ relation: Constraint.Relation, _ rhs: LinearExpression, _ what: String, priority: Double = Constraint.required) {
        insert(Constraint(lhs, relation, rhs, priority: priority), what)
    }

    /// The ids of the nib's required constraints that fix a view's own height (`height ==
    /// constant`).
    var ownHeights: [Solver.ConstraintID: Constraint] = [:]

    /// The nib's required constraints that tie a view to a layout margin. UIKit makes a margin's
    /// own constraints (its layout guide's, inset from the view's edges) when it first lays the
    /// view out, after the nib's: where a later constraint that names no margin conflicts with one
    /// of these, the margin gives way, not the constraint (Siskin IM's switches, tied both to the
    /// content view's trailing margin and 8 pt inside the cell's trailing edge, store the cell's).
    /// Between margins, the one UIKit makes last gives way, as the constraint added last does
    /// (Element's check box cell: a label centred and tied to the top and bottom margins keeps
    /// the top one).
    var marginTies: [Solver.ConstraintID: Constraint] = [:]

    /// Adds a constraint; one that cannot hold with the required constraints added before it is
    /// broken (left out), as UIKit recovers — except against a row's fixed height (the content
    /// view's, UIKit's `UIView-Encapsulated-Layout-Height`), where UIKit breaks a view's own
    /// fixed height among the conflicting constraints instead: a 50 pt image pinned 5 pt inside
    /// a 54 pt row is 44 tall (iNaturalist's guide, project and observation cells store it so;
    /// across a row, a conflict with the table's width keeps breaking the last one added, as
    /// Open Food Facts' attribute cell stores it).
    @discardableResult
    func insert(_ constraint: Constraint, _ what: String, tiesToMargin: Bool = false) -> Solver.ConstraintID? {
        do {
            let id = try solver.add(constraint)
            names[id] = what
            return id
        } catch {
            if let heightConstraint, error.conflicting.contains(heightConstraint),
               let own = error.conflicting.first(where: { ownHeights[$0] != nil }), let held = ownHeights[own] {
                let name = names[own] ?? "a view's height"
                switch breakInstead(own, held: held, named: name, broken: name, adding: constraint, what, error) {
                case .added(let id): return id
                case .restored(let back): ownHeights[back] = held
                case .lost: break
                }
            }
            if !tiesToMargin, let tie = error.conflicting.first(where: { marginTies[$0] != nil }), let held = marginTies[tie] {
                marginTies[tie] = nil
                switch breakInstead(tie, held: held, named: names[tie] ?? "a margin", broken: "the layout margin of " + (names[tie] ?? "a constraint"),
                                    adding: constraint, what, error) {
                case .added(let id): return id
                case .restored(let back): marginTies[back] = held
                case .lost: break
                }
            }
            conflict((error.conflicting.compactMap { names[$0] }) + [what], broken: what)
            return nil
        }
    }

    enum BreakingInstead {
        /// The new constraint holds, in place of the one broken.
        case added(Solver.ConstraintID)
        /// Breaking the other was not enough: it is back (under a new id), and the new one is broken.
        case restored(Solver.ConstraintID)
        case lost
    }

    /// Breaks `other` (added before, `held` as made) so that `constraint` can hold, and says so
    /// in UIKit's words; where it still cannot, `other` is added back.
    func breakInstead(_ other: Solver.ConstraintID, held: Constraint, named: String, broken: String, adding constraint: Constraint, _ what: String,
                      _ error: Solver.Unsatisfiable) -> BreakingInstead {
        let name = names[other]
        solver.remove(other)
        if let id = try? solver.add(constraint) {
            names[id] = what
            conflict(error.conflicting.filter { $0 != other }.compactMap { names[$0] } + [what, named], broken: broken)
            return .added(id)
        }
        guard let back = try? solver.add(held) else { return .lost }
        names[back] = name
        return .restored(back)
    }

    /// UIKit's words for a required constraint that cannot hold: the constraints it conflicts
    /// with, and the one broken (left out) to recover.
    func conflict(_ constraints: [String], broken: String) {
        warnings.append("Unable to simultaneously satisfy constraints: " + constraints.joined(separator: "; ") + "; will attempt to recover by breaking \(broken)")
    }

    /// A scroll view's content area, where a constraint's item stands for it: its content layout
    /// guide, or the scroll view's edges or margins constrained to a view inside it (UIKit: such
    /// constraints attach to the content area; its width, height and centres are the frame's).
    func scrollContent(_ item: String, view: String, attribute: String, other: String?) -> Frame? {
        guard let content = scrollContents[view] else { return nil }
        if contentGuides[item] == view { return content }
        guard item == view, let other, other != view else { return nil }
        let edges: Set<String> = ["left", "right", "leading", "trailing", "top", "bottom", "leftMargin", "rightMargin", "leadingMargin", "trailingMargin",
                                  "topMargin", "bottomMargin"]
        guard edges.contains(attribute) else { return nil }
        var ancestor = parents[other]
        while let id = ancestor {
            if id == view { return content }
            ancestor = parents[id]
        }
        return nil
    }

    /// A layout attribute of a layout guide inset from its view's edges by `insets` (top, left,
    /// bottom, right), or of the view itself (of `content`, a scroll view's content area, where given).
    func attribute(_ name: String, of id: String, states: [String: IBViewState], insets: [Double]?, content: Frame? = nil) -> LinearExpression? {
        guard let expression = attribute(name, of: id, states: states, frame: content) else { return nil }
        guard let insets else { return expression }
        let (top, left, bottom, right) = (insets[0], insets[1], insets[2], insets[3])
        switch name {
        case "left", "leading": return expression + left
        case "right", "trailing": return expression + -right
        case "top": return expression + top
        case "bottom": return expression + -bottom
        case "width": return expression + -(left + right)
        case "height": return expression + -(top + bottom)
        case "centerX": return expression + (left - right) / 2
        case "centerY": return expression + (top - bottom) / 2
        default: return expression
        }
    }

    /// A layout attribute of a view as a linear expression of its frame (`leading` and
    /// `trailing` as left to right: `add` resolves them right to left).
    func attribute(_ name: String, of id: String, states: [String: IBViewState], frame area: Frame? = nil) -> LinearExpression? {
        guard let frame = area ?? frames[id] else { return nil }
        let m = margins[id] ?? [8, 8, 8, 8]
        let x = v(frame.x), y = v(frame.y), w = v(frame.width), h = v(frame.height)
        switch name {
        case "left", "leading": return x
        case "right", "trailing": return x + w
        case "top": return y
        case "bottom": return y + h
        case "width": return w
        case "height": return h
        case "centerX": return x + w * 0.5
        case "centerY": return y + h * 0.5
        case "leftMargin", "leadingMargin": return x + m[1]
        case "rightMargin", "trailingMargin": return x + w + -m[3]
        case "topMargin": return y + m[0]
        case "bottomMargin": return y + h + -m[2]
        case "centerXWithinMargins": return x + w * 0.5 + (m[1] - m[3]) / 2
        case "centerYWithinMargins": return y + h * 0.5 + (m[0] - m[2]) / 2
        case "firstBaseline": return baseline(of: id, last: false, states: states)
        case "baseline", "lastBaseline": return baseline(of: id, last: true, states: states)
        default: return nil
        }
    }

    /// A view's first or last baseline: a label's text's (from its top or bottom edge), a
    /// stack's first or last arranged view's, else the bottom edge (as UIView's).
    func baseline(of id: String, last: Bool, states: [String: IBViewState]) -> LinearExpression? {
        guard let frame = frames[id], let view = views[id] else { return nil }
        if view.element == .stackView {
            let arranged = view.subviews.filter { !(states[$0.id]?.hidden ?? false) }
            if let item = last ? arranged.last : arranged.first { return baseline(of: item.id, last: last, states: states) }
        }
        if let offsets = states[id]?.baselineOffsets {
            return last ? v(frame.y) + v(frame.height) + -offsets.fromBottom : v(frame.y) + offsets.fromTop
        }
        if let offset = states[id]?.centredBaseline {
            return v(frame.y) + v(frame.height) * 0.5 + offset
        }
        return v(frame.y) + v(frame.height)
    }

    func add(_ constraint: IBConstraint, owner: String, states: [String: IBViewState], text: TextEngine) {
        let name = "constraint '\(constraint.id)'"
        guard let first = aliases[constraint.firstItem ?? owner] else {
            warnings.append("\(name): firstItem '\(constraint.firstItem ?? "")' is no view of this document; the constraint is ignored")
            return
        }
        // Right to left (the direction of the view that holds it), a constraint with a leading or
        // trailing edge is mirrored, as UIKit's `NSLayoutAttributeLeading`: leading is the right
        // edge, trailing the left one, and the constant and inequalities count leftwards
        // (`a.leading = b.leading + 16` puts a 16 points left of b's right edge, `a.leading ≥
        // b.trailing + 8` at least 8 points left of b).
        let directional: Set<String> = ["leading", "trailing", "leadingMargin", "trailingMargin"]
        let mirrors = directions[owner] == .rightToLeft
            && (directional.contains(constraint.firstAttribute) || constraint.secondAttribute.map(directional.contains) == true)
        func resolved(_ name: String) -> String {
            guard mirrors else { return name }
            return ["leading": "right", "trailing": "left", "leadingMargin": "rightMargin", "trailingMargin": "leftMargin"][name] ?? name
        }
        let constant = mirrors ? -constraint.constant : constraint.constant
        let secondID = constraint.secondAttribute.flatMap { $0 == "notAnAttribute" ? nil : aliases[constraint.secondItem ?? owner] }
        let firstContent = scrollContent(constraint.firstItem ?? owner, view: first, attribute: constraint.firstAttribute, other: secondID)
        guard let lhs = attribute(resolved(constraint.firstAttribute), of: first, states: states,
                                  insets: safeAreaInsets[constraint.firstItem ?? owner], content: firstContent) else {
            warnings.append("\(name): unknown attribute '\(constraint.firstAttribute)'; the constraint is ignored")
            return
        }
        var rhs = c(constant)
        if let secondAttribute = constraint.secondAttribute, secondAttribute != "notAnAttribute" {
            guard let second = aliases[constraint.secondItem ?? owner] else {
                warnings.append("\(name): secondItem '\(constraint.secondItem ?? "")' is no view of this document; the constraint is ignored")
                return
            }
            let content = scrollContent(constraint.secondItem ?? owner, view: second, attribute: secondAttribute, other: first)
            guard let expression = attribute(resolved(secondAttribute), of: second, states: states,
                                             insets: safeAreaInsets[constraint.secondItem ?? owner], content: content) else {
                warnings.append("\(name): unknown attribute '\(secondAttribute)'; the constraint is ignored")
                return
            }
            rhs = expression * constraint.multiplier + constant
            if constraint.multiplier != 1, let origins = commonOrigins(first, second, resolved(constraint.firstAttribute), resolved(secondAttribute)) {
                // A place times a multiplier counts from the origin of the two views' nearest
                // common ancestor (a view's own place from its bounds'): `superview.centerX =
                // 1.6 × button.centerX` puts the button's centre at 1 / 1.6 of its superview's
                // width wherever the superview is (Pocket Casts' video controls).
                rhs = (expression + origins.second * -1) * constraint.multiplier + origins.first + constant
            }
        }
        var relation: Constraint.Relation = constraint.relation == "lessThanOrEqual" ? .lessOrEqual
            : constraint.relation == "greaterThanOrEqual" ? .greaterOrEqual : .equal
        if mirrors { relation = relation == .lessOrEqual ? .greaterOrEqual : relation == .greaterOrEqual ? .lessOrEqual : .equal }
        let described = "\(name) (\(describe(constraint, owner: owner)))"
        let made = Constraint(lhs, relation, rhs, priority: constraint.priority)
        let tiesToMargin = Self.marginAttributes.contains(constraint.firstAttribute) || constraint.secondAttribute.map(Self.marginAttributes.contains) == true
        let id = insert(made, described, tiesToMargin: tiesToMargin)
        if let id, constraint.firstAttribute == "height", secondID == nil, relation == .equal, constraint.priority >= Constraint.required {
            ownHeights[id] = made
        }
        if let id, constraint.priority >= Constraint.required, tiesToMargin {
            marginTies[id] = made
        }
    }

    /// The place attributes at a view's layout margins.
    static let marginAttributes = horizontalPlaces.union(verticalPlaces).filter { $0.contains("Margin") }

    /// The origins, on the axes of two place attributes (edges, centres, margins, baselines), of
    /// the nearest common ancestor of the views `a` and `b` (one of them where it holds the
    /// other), in the content view's coordinates; nil when either attribute is a size or the views
    /// share no ancestor here.
    func commonOrigins(_ a: String, _ b: String, _ first: String, _ second: String) -> (first: LinearExpression, second: LinearExpression)? {
        let horizontal = Self.horizontalPlaces, vertical = Self.verticalPlaces.union(Self.baselines)
        guard horizontal.contains(first) || vertical.contains(first), horizontal.contains(second) || vertical.contains(second) else { return nil }
        var ancestors: Set<String> = []
        var item: String? = a
        while let id = item, ancestors.insert(id).inserted { item = parents[id] }
        item = b
        var steps = 0
        while let id = item, !ancestors.contains(id), steps <= parents.count {
            item = parents[id]
            steps += 1
        }
        guard let common = item, ancestors.contains(common), let frame = frames[common] else { return nil }
        func origin(_ attribute: String) -> LinearExpression { horizontal.contains(attribute) ? v(frame.x) : v(frame.y) }
        return (origin(first), origin(second))
    }

    func describe(_ constraint: IBConstraint, owner: String) -> String {
        let first = "\(constraint.firstItem ?? owner).\(constraint.firstAttribute)"
        let relation = constraint.relation == "lessThanOrEqual" ? "<=" : constraint.relation == "greaterThanOrEqual" ? ">=" : "=="
        var rhs = ""
        if let attribute = constraint.secondAttribute, attribute != "notAnAttribute" {
            rhs = "\(constraint.secondItem ?? owner).\(attribute)" + (constraint.multiplier != 1 ? " × \(fmt(constraint.multiplier))" : "")
            if constraint.constant != 0 { rhs += " + \(fmt(constraint.constant))" }
        } else {
            rhs = fmt(constraint.constant)
        }
        return "\(first) \(relation) \(rhs)" + (constraint.priority < 1000 ? " @\(Int(constraint.priority))" : "")
    }

    /// The constraints UIKit makes of a frame and an autoresizing mask: a flexible margin or size
    /// takes a share of the superview's change in size, in proportion to its size in IB.
    func autoresizing(_ view: IBView) {
        guard let parentID = parents[view.id], let parent = views[parentID], let frame = frames[view.id], let outer = frames[parentID] else { return }
        let mask = view.autoresizing
        func axis(start: Double, size: Double, total: Double, flexible: (Bool, Bool, Bool), position: Solver.Variable, length: Solver.Variable,
                  parentPosition: Solver.Variable, parentLength: Solver.Variable) {
            let parts = [start, size, total - start - size]
            let flags = [flexible.0, flexible.1, flexible.2]
            let flexibleSum = zip(parts, flags).filter(\.1).map { max(0, $0.0) }.reduce(0, +)
            let count = Double(flags.filter { $0 }.count)
            func share(_ index: Int) -> Double {
                guard flags[index] else { return 0 }
                return flexibleSum > 0 ? max(0, parts[index]) / flexibleSum : 1 / count
            }
            // position = parent + start + share₀ · (parentLength − total)
            require(v(position), .equal, v(parentPosition) + v(parentLength) * share(0) + (start - share(0) * total), "the autoresizing mask of '\(view.id)'")
            require(v(length), .equal, v(parentLength) * share(1) + (size - share(1) * total), "the autoresizing mask of '\(view.id)'")
        }
        let stored = alignmentRect(of: view)
        axis(start: stored.x, size: stored.width, total: parent.frame.width,
             flexible: (mask.contains("flexibleMinX"), mask.contains("widthSizable"), mask.contains("flexibleMaxX")),
             position: frame.x, length: frame.width, parentPosition: outer.x, parentLength: outer.width)
        axis(start: stored.y, size: stored.height, total: parent.frame.height,
             flexible: (mask.contains("flexibleMinY"), mask.contains("heightSizable"), mask.contains("flexibleMaxY")),
             position: frame.y, length: frame.height, parentPosition: outer.y, parentLength: outer.height)
    }

    /// The attributes of a place on each axis: edges, centres and margins (no size, no baseline).
    static let horizontalPlaces: Set<String> = ["left", "right", "leading", "trailing", "centerX", "leftMargin", "rightMargin", "leadingMargin",
                                                "trailingMargin", "centerXWithinMargins"]
    static let verticalPlaces: Set<String> = ["top", "bottom", "centerY", "topMargin", "bottomMargin", "centerYWithinMargins"]
    static let baselines: Set<String> = ["firstBaseline", "baseline", "lastBaseline"]

    /// Whether a constraint names a cell's width or a horizontal edge or centre of the cell
    /// itself (not its content view).
    static func namesCellHorizontally(_ document: IBDocument) -> Bool {
        namesCell(document, horizontalPlaces.union(["width"]))
    }

    /// Whether a constraint names a cell's height or a vertical edge of the cell itself (not its
    /// content view).
    static func namesCellVertically(_ document: IBDocument) -> Bool {
        namesCell(document, verticalPlaces.union(["height"]))
    }

    /// Whether a constraint names one of `attributes` of the cell itself.
    static func namesCell(_ document: IBDocument, _ attributes: Set<String>) -> Bool {
        let cell = document.top.id
        guard cell != document.content.id else { return false }
        return document.content.constraints.contains { constraint in
            (constraint.firstItem == cell && attributes.contains(constraint.firstAttribute))
                || (constraint.secondItem == cell && constraint.secondAttribute.map(attributes.contains) == true)
        }
    }

    /// The ids of the views (and layout guides) some constraint of the document names.
    /// (Constraints IB removes at build time count: the app's code places such a view.)
    static func namedViews(_ document: IBDocument) -> Set<String> {
        var named = Set<String>()
        for view in document.allViews {
            for constraint in view.constraints {
                named.insert(constraint.firstItem ?? view.id)
                if constraint.secondAttribute != nil { named.insert(constraint.secondItem ?? view.id) }
            }
        }
        return named
    }

    /// IB's prototyping constraints for a view with a fixed frame: its stored left and top in its
    /// superview, its stored width and height.
    func prototyping(_ view: IBView) {
        guard let parentID = parents[view.id], let frame = frames[view.id], let outer = frames[parentID] else { return }
        let what = "the fixed frame of '\(view.id)' (IB's prototyping constraints)"
        let stored = alignmentRect(of: view)
        require(v(frame.x), .equal, v(outer.x) + stored.x, what)
        require(v(frame.y), .equal, v(outer.y) + stored.y, what)
        require(v(frame.width), .equal, c(stored.width), what)
        require(v(frame.height), .equal, c(stored.height), what)
    }

    /// How far a control's frame reaches beyond its alignment rectangle (top, left, bottom,
    /// right as laid out: left and right swapped right to left); nil for a view whose frame is
    /// its rectangle.
    func alignmentOutsets(of view: IBView) -> [Double]? {
        guard var outsets = ControlMetrics.alignmentOutsets(view.element, iOS26: iOS26Canvas) else { return nil }
        if directions[view.id] == .rightToLeft { outsets.swapAt(1, 3) }
        return outsets
    }

    /// The stored frame of a view as the rectangle the solver places: a control's alignment
    /// rectangle, inside its frame (a switch IB keeps at its 51 × 31 frame is placed as 49 × 31,
    /// and drawn 51 × 31 again).
    func alignmentRect(of view: IBView) -> IBRect {
        guard let outsets = alignmentOutsets(of: view) else { return view.frame }
        let frame = view.frame
        return IBRect(x: frame.x + outsets[1], y: frame.y + outsets[0], width: frame.width - outsets[1] - outsets[3], height: frame.height - outsets[0] - outsets[2])
    }

    /// The constraints of a UIStackView (its documented distributions and alignments) over its
    /// visible arranged subviews; hidden ones collapse.
    /// A stack view's axes as expressions of its views' frames: along the axis (start, length)
    /// and across it. Right to left, the horizontal axis starts at the right and counts
    /// leftwards: a row's first arranged view is on the right, a column's leading alignment at
    /// the right.
    struct StackAxes {
        let vertical: Bool
        let rightToLeft: Bool
        let frames: [String: Frame]

        func v(_ variable: Solver.Variable) -> LinearExpression { LinearExpression(variable) }
        func horizontal(_ f: Frame) -> (LinearExpression, LinearExpression) {
            rightToLeft ? ((v(f.x) + v(f.width)) * -1, v(f.width)) : (v(f.x), v(f.width))
        }
        func main(_ id: String) -> (LinearExpression, LinearExpression) {
            let f = frames[id]!
            return vertical ? (v(f.y), v(f.height)) : horizontal(f)
        }
        func cross(_ id: String) -> (LinearExpression, LinearExpression) {
            let f = frames[id]!
            return vertical ? horizontal(f) : (v(f.y), v(f.height))
        }
    }

    /// UIStackView's constraints: its arranged views one after the other along the axis (by
    /// its distribution), hidden ones in their place, and each aligned across the axis.
    func stack(_ view: IBView, states: [String: IBViewState]) {
        let arranged = view.subviews.filter { !(states[$0.id]?.hidden ?? false) }
        guard let stack = view.stack, let frame = frames[view.id] else { return }
        guard !arranged.isEmpty else {
            // A stack view with no arranged view to show has no size of its own, but never less
            // than nothing: WooCommerce's product cell keeps an empty attributes stack its code
            // fills, which a self-sized row otherwise shrank past zero, drawing the views after
            // it over the title. (IB's canvas keeps it at the size it has.)
            for length in [frame.width, frame.height] {
                require(v(length), .greaterOrEqual, c(0), "stack view '\(view.id)': no arranged views")
            }
            return
        }
        let axes = StackAxes(vertical: stack.vertical, rightToLeft: directions[view.id] == .rightToLeft, frames: frames)
        let vertical = axes.vertical
        // IB writes a stack view's "layout margins relative arrangement" as the margins
        // themselves: a stack view with margins set in IB arranges its views inside them.
        let m = view.layoutMargins != nil ? margins[view.id] ?? [0, 0, 0, 0] : [0, 0, 0, 0]
        let (leadingMargin, trailingMargin) = axes.rightToLeft ? (m[3], m[1]) : (m[1], m[3])
        let (stackStart, stackLength) = axes.main(view.id)
        let mainStart = stackStart + (vertical ? m[0] : leadingMargin)
        let mainEnd = stackStart + stackLength + -(vertical ? m[2] : trailingMargin)
        let (crossStackStart, crossStackLength) = axes.cross(view.id)
        let crossStart = crossStackStart + (vertical ? leadingMargin : m[0])
        let crossEnd = crossStackStart + crossStackLength + -(vertical ? trailingMargin : m[2])
        distribute(view, stack, arranged: arranged, axes: axes, from: mainStart, to: mainEnd, states: states)
        placeHiddenViews(view, arranged: arranged, axes: axes)
        align(view, stack, arranged: arranged, axes: axes, from: crossStart, to: crossEnd, states: states)
        if stack.alignment != .fill {
            // UIStackView's canvas fit: as small across as its arranged views allow.
            require(crossStackLength, .equal, c(0), "stack view '\(view.id)': fit", priority: 49)
        }
    }

    /// Along the axis: the first view at the start, the last at the end, the spacing between,
    /// and the distribution's sizes or gaps.
    func distribute(_ view: IBView, _ stack: IBStack, arranged: [IBView], axes: StackAxes, from mainStart: LinearExpression, to mainEnd: LinearExpression,
                    states: [String: IBViewState]) {
        let name = "stack view '\(view.id)'"
        let main = axes.main
        let spacing = stack.spacing
        require(main(arranged[0].id).0, .equal, mainStart, "\(name): its first arranged view's leading edge")
        let last = main(arranged[arranged.count - 1].id)
        require(last.0 + last.1, .equal, mainEnd, "\(name): its last arranged view's trailing edge")
        for (a, b) in zip(arranged, arranged.dropFirst()) {
            let (aStart, aLength) = main(a.id)
            let (bStart, _) = main(b.id)
            switch stack.distribution {
            case .equalSpacing, .equalCentering:
                require(bStart, .greaterOrEqual, aStart + aLength + spacing, "\(name): spacing")
            default:
                require(bStart, .equal, aStart + aLength + spacing, "\(name): spacing")
            }
        }
        switch stack.distribution {
        case .fillEqually:
            for other in arranged.dropFirst() { require(main(other.id).1, .equal, main(arranged[0].id).1, "\(name): fill equally") }
        case .fillProportionally:
            // UIStackView's UISV-fill-proportionally constraints: each arranged view is a fixed
            // fraction of the stack's whole length, its weight over the sum of the weights and
            // the spacing, at priority 999 for the first view, 998 for the next…, so where the
            // lengths do not add up (spacing, margins, a stack stretched) the last view gives way.
            // A view's weight is its intrinsic length; one without (a container, a nested stack,
            // an image view with no image) is weighed by its current length, which for a view a
            // nib made is the frame the nib stored (WooCommerce's ledger: containers 51.5, 88.5
            // and 70 pt tall around one-line labels keep those lengths on the canvas).
            let weights = arranged.map { item -> Double in
                let intrinsic = states[item.id].map { axes.vertical ? $0.intrinsicSize.height : $0.intrinsicSize.width } ?? -1
                if intrinsic >= 0 { return intrinsic }
                return max(0, axes.vertical ? item.frame.height : item.frame.width)
            }
            let total = weights.reduce(0, +) + spacing * Double(arranged.count - 1)
            if total > 0 {
                let stackLength = main(view.id).1
                for (index, (item, weight)) in zip(arranged, weights).enumerated() {
                    require(main(item.id).1 * total, .equal, stackLength * weight, "\(name): fill proportionally", priority: Double(max(1, 999 - index)))
                }
            }
        case .equalSpacing:
            // With room to spare the gaps are equal; with none, the stack is as long as its views
            // and the spacing (in IB's frames an equal-spacing stack pinned on one side only fits
            // its views).
            let gap = { (i: Int) -> LinearExpression in main(arranged[i + 1].id).0 - (main(arranged[i].id).0 + main(arranged[i].id).1) }
            for index in 0..<(arranged.count - 1) { require(gap(index), .equal, c(spacing), "\(name): spacing", priority: 49) }
            suppressAmbiguity(arranged, axes: axes, states: states, name: name)
            if arranged.count > 2 {
                for index in 1..<(arranged.count - 1) { require(gap(index), .equal, gap(0), "\(name): equal spacing") }
            }
        case .equalCentering:
            suppressAmbiguity(arranged, axes: axes, states: states, name: name)
            if arranged.count > 2 {
                let center = { (i: Int) -> LinearExpression in main(arranged[i].id).0 + main(arranged[i].id).1 * 0.5 }
                for index in 1..<(arranged.count - 1) {
                    require(center(index + 1) - center(index), .equal, center(1) - center(0), "\(name): equal centering", priority: 999)
                }
            }
        case .fill:
            // The views' hugging decides who stretches (ties: see tieFillStacks).
            break
        }
    }

    /// UIStackView's ambiguity suppression: in an equal-spacing or equal-centering stack, an
    /// arranged view with no intrinsic size along the axis (a nested stack, a container) is as
    /// short as it can be at a low priority, so the room to spare goes to the gaps, not to it
    /// (WooCommerce's survey screen: a nested stack keeps its 99.5 pt, the gaps around it grow).
    func suppressAmbiguity(_ arranged: [IBView], axes: StackAxes, states: [String: IBViewState], name: String) {
        for item in arranged {
            let size = states[item.id]?.intrinsicSize
            guard (axes.vertical ? size?.height : size?.width) ?? -1 < 0 else { continue }
            require(axes.main(item.id).1, .equal, c(0), "\(name): ambiguity suppression", priority: 25)
        }
    }

    /// The priority of a hidden arranged view's place along its stack's axis: above every
    /// priority a nib may give (999 at most), below required.
    static let hiddenPlace = 999.5

    /// A hidden arranged view takes no room along the axis (it sits at the end of the visible
    /// view before it, or ends where the first one starts), but it keeps its alignment across
    /// the axis: in IB's frames, as in UIKit, a hidden view taller than the others still makes a
    /// row as tall as it is. Its place along the axis gives way to the nib's own constraints: a
    /// view tied to a hidden one (Open Food Facts' ingredients header: an image's leading edge to
    /// its hidden neighbour's) keeps its size and place, and the hidden view goes with it (IB
    /// stores hidden views' places anywhere along the axis; their sizes collapse).
    func placeHiddenViews(_ view: IBView, arranged: [IBView], axes: StackAxes) {
        let visible = Set(arranged.map(\.id))
        var previous: String?
        for item in view.subviews where frames[item.id] != nil {
            if visible.contains(item.id) {
                previous = item.id
                continue
            }
            let (start, length) = axes.main(item.id)
            if let previous {
                let before = axes.main(previous)
                require(start, .equal, before.0 + before.1, "stack view '\(view.id)': a hidden arranged view's place", priority: Self.hiddenPlace)
            } else {
                require(start + length, .equal, axes.main(arranged[0].id).0, "stack view '\(view.id)': a hidden arranged view's place", priority: Self.hiddenPlace)
            }
        }
    }

    /// Across the axis: every arranged view (hidden ones too) by the stack's alignment.
    func align(_ view: IBView, _ stack: IBStack, arranged: [IBView], axes: StackAxes, from crossStart: LinearExpression, to crossEnd: LinearExpression,
               states: [String: IBViewState]) {
        let name = "stack view '\(view.id)'"
        let alignment = stack.alignment
        let baselineAnchor = arranged[0].id
        let visible = Set(arranged.map(\.id))
        // UIStackView's alignment spanner for a baseline-aligned row of two views or more: a guide
        // around the views (as short as it can be, priority 51), its edge away from the baseline's
        // side on the stack's. In a row stretched taller than its views, they sit at that edge: at
        // the bottom for the first baseline (WooCommerce's ledger: one-line labels 17 pt down a
        // 37.5 pt row), at the top for the last.
        var spanner: (start: Solver.Variable, end: Solver.Variable)?
        if !axes.vertical, alignment == .firstBaseline || alignment == .lastBaseline, arranged.count > 1 {
            let guide = (start: solver.makeVariable(), end: solver.makeVariable())
            require(v(guide.end) - v(guide.start), .equal, c(0), "\(name): spanning fit", priority: 51)
            if alignment == .lastBaseline {
                require(v(guide.start), .equal, crossStart, "\(name): canvas connection")
            } else {
                require(v(guide.end), .equal, crossEnd, "\(name): canvas connection")
            }
            spanner = guide
        }
        for item in view.subviews where frames[item.id] != nil {
            let (start, length) = axes.cross(item.id)
            let hidden = !visible.contains(item.id)
            switch alignment {
            case .leading:
                require(start, .equal, crossStart, "\(name): alignment")
                require(start + length, .lessOrEqual, crossEnd, "\(name): alignment")
            case .trailing:
                require(start + length, .equal, crossEnd, "\(name): alignment")
                require(start, .greaterOrEqual, crossStart, "\(name): alignment")
            case .center:
                require(start + length * 0.5, .equal, (crossStart + crossEnd) * 0.5, "\(name): alignment")
                require(start, .greaterOrEqual, crossStart, "\(name): alignment")
            case .firstBaseline where !axes.vertical, .lastBaseline where !axes.vertical:
                let last = alignment == .lastBaseline
                if !hidden, item.id != baselineAnchor, let a = baseline(of: item.id, last: last, states: states),
                   let b = baseline(of: baselineAnchor, last: last, states: states) {
                    require(a, .equal, b, "\(name): baseline alignment")
                }
                // The first arranged view keeps within the stack's edge on the baseline's side
                // (its top, or its bottom for the last baseline), which the canvas fit brings to
                // it; a view whose text sits lower (or higher) reaches past it, as IB's frames show
                // (a button beside a label overhangs the stack by 4.5 pt). On the other side the
                // views span a guide whose edge is the stack's (the alignment spanner above), so
                // every view keeps within that edge.
                if item.id == baselineAnchor {
                    if spanner == nil {
                        require(last ? start + length : start, .equal, last ? crossEnd : crossStart, "\(name): alignment")
                    } else if last {
                        require(start + length, .lessOrEqual, crossEnd, "\(name): alignment")
                    } else {
                        require(start, .greaterOrEqual, crossStart, "\(name): alignment")
                    }
                }
                if let spanner, !hidden {
                    require(v(spanner.start), .lessOrEqual, start, "\(name): spanning boundary")
                    require(v(spanner.end), .greaterOrEqual, start + length, "\(name): spanning boundary")
                } else if last {
                    require(start, .greaterOrEqual, crossStart, "\(name): alignment")
                } else {
                    require(start + length, .lessOrEqual, crossEnd, "\(name): alignment")
                }
            default:
                require(start, .equal, crossStart, "\(name): alignment")
                require(start + length, .equal, crossEnd, "\(name): alignment")
            }
        }
    }

    /// Views whose frame nothing decides on one axis: no constraint touches that axis's
    /// position or size and it has no intrinsic size there.
    func findAmbiguity(_ document: IBDocument, states: [String: IBViewState]) {
        var touched: [String: Set<String>] = [:], byPlaceholders: [String: Set<String>] = [:]
        let horizontal = Self.horizontalPlaces.union(["width"])
        for view in document.allViews {
            for constraint in view.constraints where constraint.isPlaceholder && !designTime {
                for (item, attribute) in [(constraint.firstItem ?? view.id, constraint.firstAttribute), (constraint.secondItem ?? view.id, constraint.secondAttribute ?? "")]
                where !attribute.isEmpty && attribute != "notAnAttribute" {
                    byPlaceholders[aliases[item] ?? item, default: []].insert(horizontal.contains(attribute) ? "x" : "y")
                }
            }
            for constraint in view.constraints where designTime || !constraint.isPlaceholder {
                for (item, attribute) in [(constraint.firstItem ?? view.id, constraint.firstAttribute), (constraint.secondItem ?? view.id, constraint.secondAttribute ?? "")]
                where !attribute.isEmpty && attribute != "notAnAttribute" {
                    let id = aliases[item] ?? item
                    touched[id, default: []].insert(horizontal.contains(attribute) ? "x" : "y")
                    if attribute == "width" { touched[id, default: []].insert("w") }
                    if attribute == "height" { touched[id, default: []].insert("h") }
                }
            }
        }
        let arranged = Set(views.values.filter { $0.element == .stackView }.flatMap { $0.subviews.map(\.id) })
        // A stack view ties its arranged views to itself on both axes: a constraint that places
        // one of them places the stack too (Trust Wallet's bookmark cell pins its title label,
        // in a stack, 10 pt below the content view's top).
        func arrangedAxes(_ stack: IBView) -> Set<String> {
            stack.subviews.reduce(into: touched[stack.id] ?? []) { axes, item in
                axes.formUnion(item.element == .stackView ? arrangedAxes(item) : touched[item.id] ?? [])
            }
        }
        for view in document.allViews where view.element == .stackView { touched[view.id] = arrangedAxes(view) }
        let named = Self.namedViews(document)
        for view in document.allViews where view.id != rootID && view.usesConstraints && !arranged.contains(view.id)
            && !view.flag("fixedFrame") && named.contains(view.id) {
            let axes = touched[view.id] ?? []
            for (axis, name) in [("x", "horizontal"), ("y", "vertical")] where !axes.contains(axis) {
                let why = byPlaceholders[view.id]?.contains(axis) == true
                    ? " but constraints IB removes at build time (placeholders: the app's code adds its own)" : ""
                warnings.append("ambiguous layout: nothing places <\(view.element)> '\(view.id)' on the \(name) axis\(why)")
            }
        }
    }

    // MARK: Solving

    /// Solves for one row: the width, the height when fixed, and every view's intrinsic size;
    /// then, as UIKit's second pass, multi-line labels measured again at the width they got.
    /// `measuring` adds the time spent measuring text.
    /// `besideAccessory`: how much wider than its content view the cell is, where the table
    /// draws an accessory (the design's own where nil).
    func solve(states: inout [String: IBViewState], width: Double, height: Double?, text: TextEngine, theme: Theme,
               measuring: inout UInt64, besideAccessory: Double? = nil) -> [String: Rect] {
        if let widthConstraint { try? solver.setValue(widthConstraint, width) }
        if let besideAccessory, let cellBesideAccessory {
            try? solver.setValue(cellBesideAccessory.width, besideAccessory)
            if let x = cellBesideAccessory.x { try? solver.setValue(x, -besideAccessory) }
        }
        if let heightConstraint, let height { try? solver.setValue(heightConstraint, height) }
        // In a fixed order, so that a row is solved by the same pivots in every run.
        for id in intrinsicOrder {
            guard let state = states[id], let ids = intrinsic[id] else { continue }
            setIntrinsic(ids, state.intrinsicSize)
        }
        if let cellHeightConstraint, height == nil {
            // Fitted with the cell at the nib's height, then laid out again with the cell as tall
            // as the content view it found.
            try? solver.setValue(cellHeightConstraint, cellDesignHeight)
            remeasure(states: &states, text: text, measuring: &measuring)
            let fitted = solver.value(frames[rootID]!.height)
            if fitted >= 0.5 { try? solver.setValue(cellHeightConstraint, fitted) }
        }
        remeasure(states: &states, text: text, measuring: &measuring)
        var result: [String: Rect] = [:]
        for (id, frame) in frames {
            var rect = Rect(x: solver.value(frame.x), y: solver.value(frame.y), width: max(0, solver.value(frame.width)), height: max(0, solver.value(frame.height)))
            // The solver places alignment rectangles; a control's frame reaches beyond its own.
            if let view = views[id], let outsets = alignmentOutsets(of: view) {
                rect = Rect(x: rect.x - outsets[1], y: rect.y - outsets[0], width: rect.width + outsets[1] + outsets[3], height: rect.height + outsets[0] + outsets[2])
            }
            result[id] = rect
        }
        return result
    }

    /// UIKit's second pass: labels of several lines measured again at the widths they got.
    private func remeasure(states: inout [String: IBViewState], text: TextEngine, measuring: inout UInt64) {
        for _ in 0..<3 {
            var changed = false
            for id in intrinsicOrder where states[id]?.wraps == true {
                guard let ids = intrinsic[id], let frame = frames[id] else { continue }
                let solvedWidth = solver.value(frame.width)
                guard abs(solvedWidth - (states[id]!.measuredAtWidth ?? -1)) > 0.01 else { continue }
                let started = DispatchTime.now().uptimeNanoseconds
                states[id]!.remeasure(width: solvedWidth, text: text)
                measuring += DispatchTime.now().uptimeNanoseconds - started
                setIntrinsic(ids, states[id]!.intrinsicSize)
                changed = true
            }
            if !changed { break }
        }
    }

    private func setIntrinsic(_ ids: [Solver.ConstraintID?], _ size: (width: Double, height: Double)) {
        if size.width >= 0 {
            if let id = ids[0] { try? solver.setConstant(id, -size.width) }
            if let id = ids[1] { try? solver.setConstant(id, -size.width) }
        }
        if size.height >= 0 {
            if let id = ids[2] { try? solver.setConstant(id, -size.height) }
            if let id = ids[3] { try? solver.setConstant(id, -size.height) }
        }
    }
}
