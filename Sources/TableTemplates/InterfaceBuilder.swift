import Foundation
import TableModel

/// An Interface Builder document (`.xib`) read for one of its top-level views: a table view
/// cell, a header-footer view or a plain view. Only what tablerender draws or lays out is kept;
/// everything else IB stores (segues, accessibility, canvas positions) is skipped.
package struct IBDocument: Sendable {
    /// A table view cell, a header-footer view, a plain view, or a collection view's cell or
    /// supplementary view (drawn as a list's row and header: a collection view laid out as a list).
    package enum Kind: String, Sendable {
        case cell = "tableViewCell", headerFooter = "tableViewHeaderFooterView", view
        case collectionCell = "collectionViewCell", collectionReusableView
    }

    package var file: String
    package var kind: Kind
    /// The top-level object (the cell itself, for a cell).
    package var top: IBView
    /// The view whose subviews are laid out: a cell's or header's content view, or the view.
    package var content: IBView
    /// A cell's `rowHeight` as set in IB (`-1`/absent: automatic).
    package var rowHeight: Double?
    /// Outlet names to the IB ids of their views.
    package var outlets: [(property: String, destination: String)]
    /// Image sizes in points by name, as IB's resources record them.
    package var images: [String: (width: Double, height: Double)]
    /// Colours IB stored for system and named colours (their light value).
    package var storedColors: [String: RGBA]
    /// The cell's accessory (`accessoryType`): UIKit draws it beside the content view.
    package var accessory: String?
    /// The width of the screen IB laid the document out for (its `<device id=…>`), when known:
    /// a cell's margins follow the screen, not only the cell.
    package var designScreenWidth: Double?
    /// The pixels per point of that device: IB's stored frames are rounded to its pixels.
    package var designScale: Double?
    /// The Interface Builder build that saved the file (`toolsVersion`'s first number: 11542 is
    /// Xcode 8, 13122 Xcode 9): the UIKit its stored frames were laid out with.
    package var toolsVersion: Double?
    /// The app's own fonts the file uses (its `<customFonts>`): each font file's name (`Brand.ttf`,
    /// as the app bundles it) with the PostScript names of the faces used from it.
    package var customFonts: [String: [String]] = [:]
    /// Where those files were found (`TemplateLibrary` looks for them): the file's name to its
    /// path. A name with no path here was not found.
    package var fontFiles: [String: String] = [:]

    /// Whether IB laid the stored frames out with the UIKit of iOS 10 and before (files saved by
    /// Xcode 8 and before), whose cell content views had 8 pt margins on every side.
    /// The first `toolsVersion` of the Xcode that laid frames out with each UIKit IB's rules know
    /// (betas included: Xcode 11's first betas, 14810 on, are iOS 13's).
    package enum ToolsVersion {
        package static let iOS11 = 13_000.0, iOS13 = 14_800.0, iOS14 = 17_000.0, iOS16 = 21_000.0, iOS18 = 23_000.0, iOS26 = 24_000.0
    }
    package var predatesIOS11: Bool { (toolsVersion ?? 20_000) < ToolsVersion.iOS11 }
    /// Whether IB laid the stored frames out with the UIKit of iOS 12 and before (files saved by
    /// Xcode 10 and before, `toolsVersion` under 14800: Xcode 11's betas, 14810 to 14868, have
    /// iOS 13's), whose segmented control was 28 pt tall.
    package var predatesIOS13: Bool { (toolsVersion ?? 20_000) < ToolsVersion.iOS13 }
    /// Whether IB laid the stored frames out with the UIKit of iOS 13 and before (files saved by
    /// Xcode 11 and before, `toolsVersion` under 17000).
    package var predatesIOS14: Bool { (toolsVersion ?? 20_000) < ToolsVersion.iOS14 }
    /// Whether IB laid the stored frames out with the UIKit of iOS 17 and before (files saved by
    /// Xcode 15 and before, `toolsVersion` under 23000).
    package var predatesIOS18: Bool { (toolsVersion ?? 20_000) < ToolsVersion.iOS18 }
    /// Whether the file was saved by Xcode 14 or later (`toolsVersion` 21000 on), whose canvas
    /// lays text views out with iOS 16's TextKit 2.
    package var usesTextKit2: Bool { (toolsVersion ?? ToolsVersion.iOS16) >= ToolsVersion.iOS16 }
    /// Whether IB laid the stored frames out with the UIKit of iOS 26 (files saved by Xcode 26,
    /// `toolsVersion` 24000 and later), whose cell content views have 15 pt margins above and
    /// below (11 before) and whose switch is 63 × 28 (51 × 31 before).
    package var savedForIOS26: Bool { (toolsVersion ?? 0) >= ToolsVersion.iOS26 }
    /// The safe area of the device IB shows the file on, in portrait: its screen's height and the
    /// insets at the top (the sensor housing) and bottom (the home indicator); nil for a device
    /// without (a Home button's screen, whose status bar IB does not simulate on a freeform view).
    package var designSafeArea: IBReader.SafeArea?
    /// Whether the document is a XIB's top-level object, which IB's canvas lays out alone, as a
    /// view controller's root view; a storyboard's prototype sits in its table or collection view.
    package var aloneOnCanvas = false

    /// Each view's layout direction on a screen going `screen`: a view's
    /// `semanticContentAttribute` forces it for the view and what it holds (`forceLeftToRight`,
    /// and `playback` and `spatial`, which UIKit never flips; `forceRightToLeft`), else it is the
    /// screen's.
    package func directions(screen: LayoutDirection) -> [String: LayoutDirection] {
        var result: [String: LayoutDirection] = [:]
        func visit(_ view: IBView, _ inherited: LayoutDirection) {
            var direction = inherited
            switch view.attributes["semanticContentAttribute"] {
            case "forceLeftToRight", "playback", "spatial": direction = .leftToRight
            case "forceRightToLeft": direction = .rightToLeft
            default: break
            }
            result[view.id] = direction
            for subview in view.subviews { visit(subview, direction) }
        }
        visit(content, screen)
        return result
    }

    /// Every view of the content, depth first.
    package var allViews: [IBView] {
        var result: [IBView] = []
        func visit(_ view: IBView) {
            result.append(view)
            view.subviews.forEach(visit)
        }
        visit(content)
        return result
    }
}

/// What kind of view an IB element is: the UIKit views tablerender lays out and draws, and any
/// other by its element name (drawn as a placeholder box).
package enum IBElement: Hashable, Sendable, CustomStringConvertible {
    case view, label, imageView, button, stackView, textField, textView, `switch`, segmentedControl, slider, stepper, progressView,
         activityIndicatorView, pageControl, pickerView, datePicker, tableViewCellContentView, tableViewHeaderFooterView
    case other(String)

    private static let known: [String: IBElement] = Dictionary(uniqueKeysWithValues: [
        IBElement.view, .label, .imageView, .button, .stackView, .textField, .textView, .switch, .segmentedControl, .slider, .stepper, .progressView,
        .activityIndicatorView, .pageControl, .pickerView, .datePicker, .tableViewCellContentView, .tableViewHeaderFooterView,
    ].map { ($0.name, $0) })

    /// The element named `name` in the file.
    package init(name: String) { self = Self.known[name] ?? .other(name) }

    /// Its element name in IB's XML.
    package var name: String {
        switch self {
        case .view: "view"
        case .label: "label"
        case .imageView: "imageView"
        case .button: "button"
        case .stackView: "stackView"
        case .textField: "textField"
        case .textView: "textView"
        case .switch: "switch"
        case .segmentedControl: "segmentedControl"
        case .slider: "slider"
        case .stepper: "stepper"
        case .progressView: "progressView"
        case .activityIndicatorView: "activityIndicatorView"
        case .pageControl: "pageControl"
        case .pickerView: "pickerView"
        case .datePicker: "datePicker"
        case .tableViewCellContentView: "tableViewCellContentView"
        case .tableViewHeaderFooterView: "tableViewHeaderFooterView"
        case .other(let name): name
        }
    }

    package var description: String { name }
}

/// A stack view's arrangement (UIStackView's `axis`, `distribution`, `alignment`, `spacing`), read
/// from its element; a value IB does not write is read as UIKit's default.
package struct IBStack: Sendable, Hashable {
    package enum Distribution: String, Sendable { case fill, fillEqually, fillProportionally, equalSpacing, equalCentering }
    /// Across the axis; IB writes `top` and `bottom` for a horizontal stack's leading and trailing.
    package enum Alignment: String, Sendable { case fill, leading, center, trailing, firstBaseline, lastBaseline }

    package var vertical: Bool
    package var distribution: Distribution
    package var alignment: Alignment
    /// `spacing`, or the system's 8 pt for `spacingType="standard"` (UIStackView.spacingUseSystem).
    package var spacing: Double

    init(_ attributes: [String: String]) {
        vertical = attributes["axis"] == "vertical"
        distribution = attributes["distribution"].flatMap(Distribution.init(rawValue:)) ?? .fill
        switch attributes["alignment"] {
        case "top": alignment = .leading
        case "bottom": alignment = .trailing
        case let other?: alignment = Alignment(rawValue: other) ?? .fill
        case nil: alignment = .fill
        }
        spacing = attributes["spacing"].flatMap(IBReader.number) ?? (attributes["spacingType"] == "standard" ? 8 : 0)
    }
}

/// One view of an IB document.
package struct IBView: Sendable {
    /// What kind of view it is: `view`, `label`, `imageView`, `button`, `stackView`, …
    package var element: IBElement
    /// A stack view's arrangement (nil for any other view).
    package var stack: IBStack?
    package var id: String
    package var location: SourceLocation
    /// Its frame as IB laid it out, in its superview's coordinates.
    package var frame: IBRect
    /// Whether the file holds that frame: Xcode 8.0 leaves out the frames its constraints
    /// decide (a view with no `<rect key="frame">` and no `<frame key="frameInset">`).
    package var frameStored = false
    /// Attributes of the element, as written (`text`, `numberOfLines`, `axis`, `hidden`, …).
    package var attributes: [String: String]
    /// Colours by key (`backgroundColor`, `textColor`, `tintColor`, …); nil for `<nil key=…>`.
    package var colors: [String: IBColor?]
    /// Fonts by key (`fontDescription`, `titleFontDescription`).
    package var fonts: [String: IBFont]
    /// Text kept in a child element (`<string key="text">`, a text view's `<mutableString>`).
    package var strings: [String: String]
    /// Autoresizing flags (`flexibleMaxX`, `widthSizable`, …).
    package var autoresizing: Set<String>
    /// Layout margins set in IB: top, left, bottom, right (`layoutMargins`), or top, leading,
    /// bottom, trailing when `marginsAreDirectional` (`directionalLayoutMargins`).
    package var layoutMargins: [Double]?
    /// Whether the margins are leading and trailing ones, which a right-to-left layout swaps.
    package var marginsAreDirectional = false
    /// A button's title, title colour and image for the `normal` state.
    package var normalState: (title: String?, image: String?, titleColor: IBColor?)?
    /// A button's iOS 15 configuration (`style`, `title`, `image`, …).
    package var configuration: [String: String]?
    /// A segmented control's segment titles.
    package var segments: [String]
    /// A segmented control's segments' own widths (`<segment width="35">`), 0 where UIKit sizes
    /// the segment (as `setWidth(0, forSegmentAt:)` does); empty where no segment has one.
    package var segmentWidths: [Double] = []
    /// `layer.cornerRadius`, `layer.borderWidth` and `layer.borderColor` from user-defined runtime attributes.
    package var runtimeNumbers: [String: Double]
    package var runtimeColors: [String: IBColor]
    /// A symbol image's configuration (`pointSize`, `weight`, `scale`; `textStyle` for a font).
    package var symbolConfiguration: [String: String] = [:]
    /// A classic button's `contentEdgeInsets` (top, left, bottom, right), where IB stores some.
    package var contentEdgeInsets: [Double]? = nil
    /// IB's "intrinsic size: placeholder".
    package var placeholderIntrinsicSize: (width: Double, height: Double)?
    /// What IB's Identity inspector sets for VoiceOver (`<accessibility key="accessibilityConfiguration">`).
    package var accessibility: AccessibilitySettings?
    package var constraints: [IBConstraint]
    package var subviews: [IBView]
    /// The ids of layout guides (the safe area) that stand for this view's edges.
    package var layoutGuides: [String]
    /// The id of its safe area layout guide (`<viewLayoutGuide key="safeArea">`), one of `layoutGuides`.
    package var safeAreaGuide: String? = nil
    /// A scroll view's content layout guide (`<viewLayoutGuide key="contentLayoutGuide">`), one
    /// of `layoutGuides`: its edges and size are the scrolled content's.
    package var contentLayoutGuide: String? = nil
    /// Constraints and subviews the default size class does not install (`<variation key="default">`).
    package var excludedConstraints: Set<String>
    package var excludedSubviews: Set<String>

    package func attribute(_ name: String) -> String? { attributes[name] }
    package func flag(_ name: String) -> Bool { attributes[name] == "YES" }
    package func number(_ name: String) -> Double? { attributes[name].flatMap(IBReader.number) }

    /// Whether it is laid out by constraints (`translatesAutoresizingMaskIntoConstraints="NO"`).
    package var usesConstraints: Bool { attributes["translatesAutoresizingMaskIntoConstraints"] == "NO" }
    package var isHidden: Bool { flag("hidden") }
    /// IB's mark for a stored frame that is not where the constraints put the view
    /// (`misplaced`), or that the constraints do not decide (`ambiguous`).
    package var frameIsStale: Bool { flag("misplaced") || flag("ambiguous") }
}

package struct IBRect: Sendable, Hashable {
    package var x, y, width, height: Double
    package init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x; self.y = y; self.width = width; self.height = height
    }
}

/// `firstItem.firstAttribute  relation  secondItem.secondAttribute × multiplier + constant`.
package struct IBConstraint: Sendable {
    package var id: String
    /// nil: the view that holds the constraint.
    package var firstItem: String?
    package var firstAttribute: String
    package var secondItem: String?
    package var secondAttribute: String?
    /// `equal`, `lessThanOrEqual`, `greaterThanOrEqual`.
    package var relation: String
    package var multiplier: Double
    package var constant: Double
    package var priority: Double
    /// IB's "remove at build time": not part of the layout.
    package var isPlaceholder: Bool
    package var location: SourceLocation
}

/// A colour as IB writes it.
package enum IBColor: Sendable, Hashable {
    /// A system colour by UIKit name (`systemRedColor`, `labelColor`).
    case system(String)
    /// A named colour of an asset catalog.
    case named(String)
    case rgba(RGBA)
}

/// A font as IB writes it.
package struct IBFont: Sendable, Hashable {
    /// `system`, `boldSystem`, `italicSystem`, or nil for a text style or a font by name.
    package var type: String?
    package var pointSize: Double
    /// `ultraLight` … `black` for system fonts.
    package var weight: String?
    /// A text style: `UICTFontTextStyleBody`, …
    package var style: String?
    /// A font by PostScript name (`Menlo-Bold`) and its family.
    package var name: String?
    package var family: String?

    package init(type: String?, pointSize: Double, weight: String? = nil, style: String? = nil, name: String? = nil, family: String? = nil) {
        self.type = type
        self.pointSize = pointSize
        self.weight = weight
        self.style = style
        self.name = name
        self.family = family
    }
}

/// Reads `.xib` files with the strict XML reader (no DTD, no entities, no network, limits on
/// size and depth).
package enum IBReader {
    package static let maximumSize = 4 << 20
    package static let maximumViews = 5_000
    package static let maximumConstraints = 10_000
    /// The most views and constraints of one cell, header or view (what the solver lays out in
    /// bounded time; `Tests/Fuzz/hostile.py` measures the worst shapes at these sizes).
    package static let maximumCellViews = 500
    package static let maximumCellConstraints = 1_000

    /// The portrait widths of the devices IB's `<device id=…>` names (Xcode 8 to 16).
    static let deviceWidths: [String: Double] = [
        "retina3_5": 320, "retina4_0": 320, "retina4_7": 375, "retina5_5": 414, "retina5_4": 375, "retina5_8": 375, "retina5_9": 375,
        "retina6_0": 390, "retina6_1": 414, "retina6_3": 402, "retina6_5": 414, "retina6_7": 428, "retina6_12": 393, "retina6_72": 430,
        "retina6_9": 440, "ipad9_7": 768, "ipad10_2": 810, "ipad10_5": 834, "ipad10_9": 820, "ipad11": 834, "ipad12_9": 1024,
        "ipad12_9rounded": 1024,
    ]

    /// A device's portrait screen height and the insets of its safe area IB's canvas gives a
    /// view at the top of that screen: 34 pt at the bottom (the home indicator) and at the top
    /// the sensor housing — 44 pt on every such device in Xcode 13 and before, each device's own
    /// from Xcode 14.0's release (`toolsVersion` 21225 on, a beta's 21179 storing 44 on an iPhone
    /// 12: WordPress's sign-in screen; iPhone 11 48, iPhone 12 47, iPhone 12 mini 50,
    /// Dynamic Island 59 and 62). On a device with a Home button (iPhones and iPads) the canvas
    /// simulates the status bar, 20 pt, with no inset at the bottom: in files saved by Xcode 14.3
    /// and later (21700 on: Xcode 14.2's WooCommerce header stores 0, Xcode 14.3's ownCloud
    /// passcode screen 20) on every view; in files of Xcode 9 and 10 (under 14800) on a tall
    /// view only — 20 in the views 496 pt tall and taller of 5 apps (Rocket.Chat's of Xcode 9.2
    /// to 9.4, Pocket Casts', WooCommerce's and ProtonVPN's 375 × 667 of Xcode 10.2, Pocket Casts'
    /// freeform 400 × 600), 0 in those 353 pt and shorter of 6 (Trust Wallet's 44 pt collection
    /// cell and Rocket.Chat's views of Xcode 9, iNaturalist's 139 pt header and ProtonVPN's 45 pt
    /// view of Xcode 10.1, HabitRPG's header); no file of 354 to 495 pt says where between, the
    /// middle, 424.5, is taken; and nothing in files of Xcode 11 to 14.2, its betas (14810 to
    /// 14868) included, however tall (as 30 public files of 5 apps store their frames; Pocket
    /// Casts' and WooCommerce's 375 × 667 views of Xcode 11 to 13 among them, Open Food Facts'
    /// three of a beta of Xcode 11, 14868). A view below an opaque navigation bar is below the
    /// status bar too.
    package struct SafeArea: Sendable, Hashable {
        package var screenHeight, top, bottom: Double
        /// At the left and right: the sensor housing of an iPhone held sideways.
        package var sides = 0.0
        /// The bottom inset of a view as tall as the screen, where the canvas gives it more than
        /// a shorter view's (Xcode 26: twice the home indicator).
        package var fullHeightBottom: Double? = nil
        /// The least height of a view whose safe area has the `top` inset, where a shorter one
        /// has `shortViewTop` (a Home button's status bar on the canvas of Xcode 9 and 10).
        package var topFromHeight: Double? = nil
        package var shortViewTop = 0.0
    }

    /// The portrait screen heights of devices with a Home button, iPhones and iPads.
    static let homeButtonScreenHeights: [String: Double] = [
        "retina3_5": 480, "retina4_0": 568, "retina4_7": 667, "retina5_5": 736,
        "ipad9_7": 1024, "ipad10_2": 1080, "ipad10_5": 1112, "ipad12_9": 1366,
    ]

    /// The iPhones with a sensor housing: their portrait screen heights and the housing's height.
    static let housedIPhones: [String: (height: Double, top: Double)] = [
        "retina5_8": (812, 44), "retina5_9": (812, 44), "retina5_4": (812, 50), "retina6_1": (896, 48), "retina6_5": (896, 44),
        "retina6_0": (844, 47), "retina6_7": (926, 47), "retina6_12": (852, 59), "retina6_72": (932, 59),
        "retina6_3": (874, 62), "retina6_9": (956, 62),
    ]
    /// iPads without a Home button: their portrait screen heights.
    static let housedIPads: [String: Double] = ["ipad12_9rounded": 1366, "ipad11": 1194, "ipad10_9": 1180]

    /// Held sideways (`landscape`), an iPhone with a sensor housing has it at each side and a
    /// 21 pt home indicator below (the alt-materials DJ controller of Xcode 11, 896 × 414 on an
    /// iPhone XS Max, stores its views 44 + 16 pt in from the sides and 21 + 16 above the
    /// bottom), with the top edge of the screen free; an iPhone with a Home button shows no
    /// status bar sideways; an iPad keeps its bars on a screen as tall as it is wide upright.
    static func safeArea(device: String, toolsVersion: Double?, landscape: Bool = false) -> SafeArea? {
        let upright = uprightSafeArea(device: device, toolsVersion: toolsVersion)
        guard landscape, let upright else { return upright }
        if let known = housedIPhones[device] {
            let sides = (toolsVersion ?? 0) >= 21_200 ? known.top : 44
            return SafeArea(screenHeight: deviceWidths[device] ?? known.height, top: 0, bottom: 21, sides: sides)
        }
        if device.hasPrefix("ipad") {
            var iPad = upright
            iPad.screenHeight = deviceWidths[device] ?? upright.screenHeight
            return iPad
        }
        return nil
    }

    static func uprightSafeArea(device: String, toolsVersion: Double?) -> SafeArea? {
        // iPads without a Home button: a 24 pt status bar and a 20 pt home indicator.
        if let height = housedIPads[device] { return SafeArea(screenHeight: height, top: 24, bottom: 20) }
        if let height = homeButtonScreenHeights[device] {
            guard let version = toolsVersion, version < IBDocument.ToolsVersion.iOS13 || version >= 21_700 else { return nil }
            return SafeArea(screenHeight: height, top: 20, bottom: 0, topFromHeight: version < IBDocument.ToolsVersion.iOS13 ? 424.5 : nil)
        }
        guard let known = housedIPhones[device] else { return nil }
        let version = toolsVersion ?? 0
        guard version >= IBDocument.ToolsVersion.iOS26 else { return SafeArea(screenHeight: known.height, top: version >= 21_200 ? known.top : 44, bottom: 34) }
        // Xcode 26's canvas (`toolsVersion` 24000 and later) gives an iPhone with a sensor housing
        // twice its status bar at the top, 96 pt on an iPhone 11 and 118 on an iPhone 15, and a
        // view as tall as the screen twice the home indicator at the bottom, 68 (a shorter one
        // 34), as the files of four apps store them (IQKeyboardManager's 9 scenes, VLC's 5 views,
        // Zotero's 896 and 264 pt views, Nextcloud Talk's); its iPhones with a Home button and
        // its iPads keep theirs (20; 24 and 20).
        return SafeArea(screenHeight: known.height, top: 2 * known.top, bottom: 34, fullHeightBottom: 68)
    }

    /// The elements that are views tablerender draws; any other element in `<subviews>` is
    /// drawn as a labelled placeholder box.
    package static let drawnElements: Set<IBElement> = [
        .view, .label, .imageView, .button, .stackView, .textField, .textView, .switch, .segmentedControl, .slider,
        .stepper, .progressView, .activityIndicatorView, .pageControl,
    ]

    package static func read(file: String, bytes: [UInt8]) throws(Diagnostic) -> IBDocument {
        let root = try parseRoot(file: file, bytes: bytes)
        let resources = Resources(root)
        guard let objects = root.children.first(where: { $0.name == "objects" }) else {
            let hint = root.children.contains { $0.name == "scenes" } ? "; a storyboard's cells are its prototype cells (\"template\": \"File/Identifier\")" : ""
            throw Diagnostic(at: root.location, "the document has no <objects>\(hint)")
        }
        let candidates = objects.children.filter { $0.name != "placeholder" }
        // A cell, header or view first; else any view (a top-level collection, table or scroll
        // view loads from a nib as a view does, and is laid out as one).
        // A XIB may hold a view controller, whose view (`key="view"`) is what it shows.
        let controllerViews = candidates.filter { $0.name.hasSuffix("Controller") }
            .compactMap { controller in controller.children.first { $0.attribute("key")?.value == "view" && isView($0) } }
        guard let top = candidates.first(where: { IBDocument.Kind(rawValue: $0.name) != nil }) ?? candidates.first(where: isView) ?? controllerViews.first else {
            throw Diagnostic(at: objects.location, "no table view cell, header-footer view, collection view cell or reusable view, or view among the document's top-level objects (found \(candidates.map { "<\($0.name)>" }.joined(separator: ", ")))")
        }
        // Outlets of the File's Owner point into the view as well (a view loaded by its owner).
        var ownerOutlets: [(property: String, destination: String)] = []
        for placeholder in objects.children where placeholder.name == "placeholder" {
            ownerOutlets += outlets(of: placeholder).filter { $0.property != "view" }
        }
        var counter = Counter()
        var document = try document(top, file: file, resources: resources, extraOutlets: ownerOutlets, counter: &counter)
        document.aloneOnCanvas = true
        return document
    }

    /// Whether a top-level object is a view of some kind: IB writes a frame for every view
    /// (`<rect key="frame">`), and for no other object (gesture recognizers, custom objects).
    static func isView(_ element: XMLElement) -> Bool {
        element.children.contains { $0.name == "rect" && $0.attribute("key")?.value == "frame" }
    }

    /// The root of an iOS Interface Builder file (a XIB or a storyboard).
    static func parseRoot(file: String, bytes: [UInt8]) throws(Diagnostic) -> XMLElement {
        let root = try XMLParser.parse(file: file, bytes: bytes, leniency: .init(keepsText: true, maximumSize: maximumSize, what: "Interface Builder files"))
        if root.name == "archive", root.attribute("type")?.value.contains("InterfaceBuilder3") == true {
            // Xcode 4 and earlier wrote a XIB as a keyed archive of Interface Builder 3's objects:
            // read as the document Xcode 5 writes for them. A storyboard of that age is refused.
            guard let type = root.attribute("type")?.value, IBArchive.types.contains(type) else {
                throw Diagnostic(at: root.location, "an Interface Builder 3 archive (<archive type=\"\(root.attribute("type")?.value ?? "")\">, saved by Xcode 4 or earlier); tablerender reads iOS XIBs of that format and storyboards of Xcode 5 and later: open the file in Xcode and save it to convert it")
            }
            return try IBArchive.document(from: root)
        }
        guard root.name == "document" else {
            throw Diagnostic(at: root.location, "expected an Interface Builder document (<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\">), found <\(root.name)>")
        }
        let type = root.attribute("type")?.value ?? ""
        guard type.contains("CocoaTouch") else {
            throw Diagnostic(at: root.location, "'\(type)' is not an iOS Interface Builder document; expected type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"")
        }
        // Values IB stores for a size class apart (`<variation key="widthClass=compact" …>`) are
        // those of the device the file is shown on; a file of Xcode 7 and before names none,
        // and shows its base values ("Any" by "Any").
        if let device = root.children.first(where: { $0.name == "device" }), let id = device.attribute("id")?.value,
           let classes = SizeClasses.device(id, orientation: device.attribute("orientation")?.value), SizeClasses.varies(root) {
            return classes.resolve(root)
        }
        return root
    }

    /// What a file's `<resources>` record: image sizes, and the values of system and named colours.
    struct Resources {
        var images: [String: (width: Double, height: Double)] = [:]
        var colors: [String: RGBA] = [:]
        /// The portrait width of the device IB shows the file on.
        var screenWidth: Double?
        var scale: Double?
        var toolsVersion: Double?
        var safeArea: SafeArea?
        /// The device IB shows the file on (`<device id>`).
        var device: String?
        /// `<customFonts>`: font file names with the PostScript names used from each.
        var customFonts: [String: [String]] = [:]

        init(_ root: XMLElement) {
            toolsVersion = root.attribute("toolsVersion")?.value.split(separator: ".").first.flatMap { Double($0) }
            if toolsVersion == 32_700 {
                // "32700.99.1234", written by some builds of Xcode (15 and later) in place of their
                // own: the Cocoa Touch plug-in's version still says which.
                let plugIns = root.children.first { $0.name == "dependencies" }?.children.filter { $0.name == "plugIn" } ?? []
                toolsVersion = plugIns.first { $0.attribute("identifier")?.value == "com.apple.InterfaceBuilder.IBCocoaTouchPlugin" }?
                    .attribute("version")?.value.split(separator: ".").first.flatMap { Double($0) }
            }
            if let element = root.children.first(where: { $0.name == "device" }), let device = element.attribute("id")?.value {
                self.device = device
                // The portrait width, held sideways too: a cell's margins follow the device, not the
                // orientation (xDrip4iOS's 750 pt cells on an iPhone 12 held sideways store 16).
                screenWidth = IBReader.deviceWidths[device] ?? (device.hasPrefix("ipad") ? 768 : nil)
                safeArea = IBReader.safeArea(device: device, toolsVersion: toolsVersion, landscape: element.attribute("orientation")?.value == "landscape")
                scale = ["retina3_5", "retina4_0", "retina4_7", "retina6_1"].contains(device) || device.hasPrefix("ipad") ? 2
                    : device.hasPrefix("retina") ? 3 : nil
            }
            // `<customFonts key="customFonts"><array key="Brand-Bold.ttf"><string>Brand-Bold</string>…`
            // (`mutableArray` in files of Xcode 7 and before).
            for fonts in root.children where fonts.name == "customFonts" {
                for file in fonts.children where file.name == "array" || file.name == "mutableArray" {
                    guard let name = file.attribute("key")?.value, !name.isEmpty else { continue }
                    customFonts[name, default: []] += file.children.filter { $0.name == "string" }.map(\.text)
                }
            }
            for resources in root.children where resources.name == "resources" {
                for resource in resources.children {
                    let name = resource.attribute("name")?.value ?? ""
                    switch resource.name {
                    case "image":
                        images[name] = (number(resource.attribute("width")?.value ?? "") ?? 0, number(resource.attribute("height")?.value ?? "") ?? 0)
                    case "systemColor", "namedColor":
                        if let element = resource.children.first(where: { $0.name == "color" }), case .rgba(let value)? = color(element) {
                            colors[name] = value
                        }
                    default: break
                    }
                }
            }
        }
    }

    static func outlets(of element: XMLElement) -> [(property: String, destination: String)] {
        var result: [(property: String, destination: String)] = []
        for connections in element.children where connections.name == "connections" {
            for outlet in connections.children where outlet.name == "outlet" {
                if let property = outlet.attribute("property")?.value, let destination = outlet.attribute("destination")?.value {
                    result.append((property, destination))
                }
            }
        }
        return result
    }

    /// A cell, header-footer view or view element as a document of its own. `designSize` stands
    /// in for a frame the file leaves out (static cells of old storyboards have none).
    static func document(_ top: XMLElement, file: String, resources: Resources, extraOutlets: [(property: String, destination: String)] = [],
                         designSize: (width: Double, height: Double)? = nil, counter: inout Counter) throws(Diagnostic) -> IBDocument {
        guard let kind = IBDocument.Kind(rawValue: top.name) ?? (isView(top) ? .view : nil) else {
            throw Diagnostic(at: top.location, "<\(top.name)> is not a table view cell, header-footer view, collection view cell or reusable view, or view")
        }
        let before = counter
        var topView = try view(top, counter: &counter)
        var content: IBView
        switch kind {
        case .cell:
            guard let element = top.children.first(where: { $0.name == "tableViewCellContentView" }) else {
                throw Diagnostic(at: top.location, "the table view cell '\(top.attribute("id")?.value ?? "")' has no <tableViewCellContentView>")
            }
            content = try view(element, counter: &counter, parentSize: (topView.frame.width, topView.frame.height))
            adopt(topView, into: &content)
            // A content view with no frame of its own (Xcode 6's files leave it out) fills its
            // cell above the separator: 1 pt in files of Xcode 6 and before, 0.5 after (10 of the
            // 11 content views that files of Xcode 4 to 6 in public apps store are 1 pt shorter
            // than their cells, 3 more far shorter; 13 of the 14 of Xcode 7's files, 0.5).
            if content.frame.width <= 0, topView.frame.width > 0 {
                let separator = (resources.toolsVersion ?? 0) < 8_000 ? 1.0 : 0.5
                content.frame = IBRect(x: 0, y: 0, width: topView.frame.width, height: max(0, topView.frame.height - separator))
            }
        case .collectionCell:
            // Its content view (a `<view key="contentView">`, often without an id of its own):
            // constraints name the cell, whose edges are the content view's.
            if let element = top.children.first(where: { $0.attribute("key")?.value == "contentView" }) {
                content = try view(element, counter: &counter)
                if content.id.isEmpty { content.id = topView.id + ".contentView" }
                adopt(topView, into: &content)
                if content.frame.width <= 0 { content.frame = IBRect(x: 0, y: 0, width: topView.frame.width, height: topView.frame.height) }
            } else {
                content = topView
            }
        case .headerFooter:
            if let element = top.children.first(where: { $0.attribute("key")?.value == "contentView" }) {
                content = try view(element, counter: &counter)
            } else {
                content = topView
            }
        case .view, .collectionReusableView:
            content = topView
        }
        if let designSize, content.frame.width <= 0 {
            content.frame = IBRect(x: 0, y: 0, width: designSize.width, height: designSize.height)
            if topView.frame.width <= 0 { topView.frame = content.frame }
        }
        // One cell is one system of constraints: the solver's time grows with the square of its
        // size (1,000 constraints between two views at mixed priorities take about 1 s to
        // render to PNG, PDF and HTML; 2,000 3.4 s; a chain of 2,400 views 30 s).
        if counter.constraints - before.constraints > maximumCellConstraints || counter.views - before.views > maximumCellViews {
            throw Diagnostic(at: top.location, "the \(top.name) '\(top.attribute("id")?.value ?? "")' has \(counter.views - before.views) views and \(counter.constraints - before.constraints) constraints; one cell is laid out with at most \(maximumCellViews) views and \(maximumCellConstraints) constraints")
        }
        let rowHeight = top.attribute("rowHeight").flatMap { number($0.value) }.flatMap { $0 > 0 ? $0 : nil }
        var document = IBDocument(file: file, kind: kind, top: topView, content: content, rowHeight: rowHeight, outlets: outlets(of: top) + extraOutlets,
                          images: resources.images, storedColors: resources.colors, accessory: top.attribute("accessoryType")?.value,
                          designScreenWidth: resources.screenWidth, designScale: resources.scale, toolsVersion: resources.toolsVersion,
                          designSafeArea: simulatedBars(of: top, on: resources))
        document.customFonts = resources.customFonts
        return document
    }

    /// The safe area of the canvas with the bars IB simulates on a view (its `simulatedTopBarMetrics`
    /// and `simulatedBottomBarMetrics`): a translucent navigation bar adds 44 pt at the top (54 in
    /// Xcode 26; 30 more with a prompt), a tab bar 49 at the bottom, to the device's own insets; an
    /// opaque one adds nothing (the view ends where it starts).
    static func simulatedBars(of top: XMLElement, on resources: Resources) -> SafeArea? {
        var safeArea = resources.safeArea
        for metrics in top.children {
            let key = metrics.attribute("key")?.value
            let extra: (top: Double, bottom: Double)
            switch (metrics.name, key) {
            // An opaque bar is outside the view (a view controller's view ends at it).
            case ("simulatedNavigationBarMetrics", "simulatedTopBarMetrics") where metrics.attribute("translucent")?.value != "NO":
                // Xcode 26's bar is iOS 26's, 54 pt (Nextcloud Talk's view under one stores its
                // safe area at 96 + 54; nRF Mesh's large-title scenes at 96 + 54 + 52).
                let bar = (resources.toolsVersion ?? 0) >= IBDocument.ToolsVersion.iOS26 ? 54.0 : 44
                extra = (metrics.attribute("prompted")?.value == "YES" ? bar + 30 : bar, 0)
            case ("simulatedTabBarMetrics", "simulatedBottomBarMetrics") where metrics.attribute("translucent")?.value != "NO":
                extra = (0, 49)
            case ("simulatedNavigationBarMetrics", "simulatedTopBarMetrics"):
                // An opaque bar: the view begins below it, and below the status bar with it.
                safeArea?.top = 0
                safeArea?.shortViewTop = 0
                continue
            default:
                continue
            }
            if safeArea == nil, let device = resources.device, let height = homeButtonScreenHeights[device] {
                safeArea = SafeArea(screenHeight: height, top: 0, bottom: 0)
            }
            safeArea?.top += extra.top
            safeArea?.shortViewTop += extra.top
            safeArea?.bottom += extra.bottom
            safeArea?.fullHeightBottom? += extra.bottom
        }
        return safeArea
    }

    /// Constraints IB keeps on a cell itself name the cell, whose edges are its content view's:
    /// they move to the content view, and the cell's id (and its layout guides) name it.
    static func adopt(_ cell: IBView, into content: inout IBView) {
        content.layoutGuides += [cell.id] + cell.layoutGuides
        content.constraints += cell.constraints.map { constraint in
            var moved = constraint
            if moved.firstItem == nil { moved.firstItem = cell.id }
            if moved.secondItem == nil, moved.secondAttribute != nil { moved.secondItem = cell.id }
            return moved
        }
    }

    struct Counter {
        var views = 0
        var constraints = 0
    }

    /// A symbol configuration IB writes (`<preferredSymbolConfiguration scale= weight= pointSize=>`,
    /// or with a `fontDescription` for a text style or a point size).
    static func readSymbolConfiguration(_ element: XMLElement, into view: inout IBView) {
        for attribute in element.attributes { view.symbolConfiguration[attribute.name] = attribute.value }
        if let font = element.children.first(where: { $0.name == "fontDescription" }) {
            view.symbolConfiguration["pointSize"] = font.attribute("pointSize")?.value ?? view.symbolConfiguration["pointSize"]
            view.symbolConfiguration["textStyle"] = font.attribute("style")?.value
        }
    }

    /// The symbol scale of an `<imageReference key="image" image="globe" catalog="system"
    /// symbolScale="medium"/>`, how Xcode 12 and later write an image view's (or a button
    /// state's) image, unless a symbol configuration says one.
    static func readSymbolScale(_ reference: XMLElement, into view: inout IBView) {
        if let scale = reference.attribute("symbolScale")?.value, ["small", "medium", "large"].contains(scale), view.symbolConfiguration["scale"] == nil {
            view.symbolConfiguration["scale"] = scale
        }
    }

    /// `parentSize`: the superview's, for a frame Xcode 8.0 wrote as insets in it (`<frame
    /// key="frameInset" minX="8" maxX="8" height="21"/>`: a side it leaves out is the distance to
    /// the superview's far edge, a missing size what that leaves).
    static func view(_ element: XMLElement, counter: inout Counter, parentSize: (width: Double, height: Double)? = nil) throws(Diagnostic) -> IBView {
        counter.views += 1
        guard counter.views <= maximumViews else {
            throw Diagnostic(at: element.location, "more than \(maximumViews) views in one document")
        }
        var attributes: [String: String] = [:]
        for attribute in element.attributes { attributes[attribute.name] = attribute.value }
        let kind = IBElement(name: element.name)
        var view = IBView(element: kind, stack: kind == .stackView ? IBStack(attributes) : nil, id: attributes["id"] ?? "", location: element.location,
                          frame: IBRect(x: 0, y: 0, width: 0, height: 0),
                          attributes: attributes, colors: [:], fonts: [:], strings: [:], autoresizing: [], layoutMargins: nil,
                          normalState: nil, configuration: nil, segments: [], runtimeNumbers: [:], runtimeColors: [:],
                          placeholderIntrinsicSize: nil, accessibility: nil, constraints: [], subviews: [], layoutGuides: [], excludedConstraints: [], excludedSubviews: [])
        for child in element.children {
            let key = child.attribute("key")?.value
            switch child.name {
            case "rect" where key == "frame":
                view.frame = IBRect(x: value(child, "x"), y: value(child, "y"), width: value(child, "width"), height: value(child, "height"))
                view.frameStored = true
            case "frame" where key == "frameInset":
                let x = value(child, "minX"), y = value(child, "minY")
                func size(_ name: String, far: String, from origin: Double, in parent: Double?) -> Double {
                    if child.attribute(name) != nil { return value(child, name) }
                    return max(0, (parent ?? 0) - origin - value(child, far))
                }
                view.frame = IBRect(x: x, y: y, width: size("width", far: "maxX", from: x, in: parentSize?.width),
                                    height: size("height", far: "maxY", from: y, in: parentSize?.height))
                view.frameStored = true
            case "autoresizingMask":
                view.autoresizing = Set(child.attributes.filter { $0.value == "YES" }.map(\.name))
            case "color":
                if let key { view.colors[key] = color(child) }
            case "nil":
                if let key { view.colors[key] = .some(nil) }
            case "fontDescription":
                view.fonts[key ?? "fontDescription"] = font(child)
            case "string", "mutableString":
                if let key { view.strings[key] = child.text }
            case "edgeInsets" where key == "layoutMargins":
                view.layoutMargins = [value(child, "top"), value(child, "left"), value(child, "bottom"), value(child, "right")]
            case "inset" where key == "contentEdgeInsets":
                view.contentEdgeInsets = [value(child, "minY"), value(child, "minX"), value(child, "maxY"), value(child, "maxX")]
            case "directionalEdgeInsets" where key == "directionalLayoutMargins":
                view.layoutMargins = [value(child, "top"), value(child, "leading"), value(child, "bottom"), value(child, "trailing")]
                view.marginsAreDirectional = true
            case "attributedString" where key == "attributedText":
                readAttributed(child, into: &view, text: "text", font: "fontDescription", color: "textColor")
            case "state" where child.attribute("key")?.value == "normal":
                let titleColor = child.children.first { $0.name == "color" && $0.attribute("key")?.value == "titleColor" }.flatMap(color)
                // Xcode 12 on writes a state's image as `<imageReference key="image" image="…"
                // catalog="system" symbolScale="…"/>` (an SF Symbol, or an asset without the
                // catalog), and its symbol configuration inside the state.
                let reference = child.children.first { $0.name == "imageReference" && $0.attribute("key")?.value == "image" }
                view.normalState = (child.attribute("title")?.value, child.attribute("image")?.value ?? reference?.attribute("image")?.value, titleColor)
                if (child.attribute("catalog") ?? reference?.attribute("catalog"))?.value == "system" { view.attributes["imageCatalog"] = "system" }
                if let reference { readSymbolScale(reference, into: &view) }
                for configuration in child.children where configuration.name == "preferredSymbolConfiguration" {
                    readSymbolConfiguration(configuration, into: &view)
                }
                if let title = child.children.first(where: { $0.name == "attributedString" && $0.attribute("key")?.value == "attributedTitle" }) {
                    readAttributed(title, into: &view, text: "title", font: "fontDescription", color: "titleColor")
                }
            case "buttonConfiguration":
                readButtonConfiguration(child, into: &view)
            case "segments":
                let segments = child.children.filter { $0.name == "segment" }
                // Each segment is a view of its own in UIKit (and is measured and drawn): it counts
                // toward a cell's views.
                counter.views += segments.count
                view.segments = segments.map { $0.attribute("title")?.value ?? "" }
                let widths = segments.map { segment in segment.attribute("width").flatMap { IBReader.number($0.value) }.map { max(0, $0) } ?? 0 }
                view.segmentWidths = widths.contains { $0 > 0 } ? widths : []
            case "userDefinedRuntimeAttributes":
                readRuntimeAttributes(child, into: &view)
            case "preferredSymbolConfiguration":
                readSymbolConfiguration(child, into: &view)
            case "imageReference" where key == "image":
                // An image view's image (its name, and whether it is an SF Symbol).
                if view.attributes["image"] == nil, let name = child.attribute("image")?.value {
                    view.attributes["image"] = name
                    if child.attribute("catalog")?.value == "system" { view.attributes["catalog"] = "system" }
                }
                readSymbolScale(child, into: &view)
            case "accessibility" where key == "accessibilityConfiguration":
                view.accessibility = accessibility(child)
            case "size" where key == "intrinsicContentSize":
                view.placeholderIntrinsicSize = (value(child, "width"), value(child, "height"))
            case "textInputTraits" where key == "textInputTraits":
                if child.attribute("secureTextEntry")?.value == "YES" { view.attributes["secureTextEntry"] = "YES" }
            case "viewLayoutGuide":
                if let id = child.attribute("id")?.value {
                    view.layoutGuides.append(id)
                    if key == "safeArea" { view.safeAreaGuide = id }
                    if key == "contentLayoutGuide" { view.contentLayoutGuide = id }
                }
            case "variation" where key == "default":
                // What the default size class leaves out ("installed" unchecked in IB).
                for mask in child.children where mask.name == "mask" {
                    let references = Set(mask.children.filter { $0.name == "exclude" }.compactMap { $0.attribute("reference")?.value })
                    if mask.attribute("key")?.value == "constraints" { view.excludedConstraints.formUnion(references) }
                    if mask.attribute("key")?.value == "subviews" { view.excludedSubviews.formUnion(references) }
                }
            case "constraints":
                for constraint in child.children where constraint.name == "constraint" {
                    counter.constraints += 1
                    guard counter.constraints <= maximumConstraints else {
                        throw Diagnostic(at: constraint.location, "more than \(maximumConstraints) constraints in one document")
                    }
                    view.constraints.append(try self.constraint(constraint))
                }
            case "subviews":
                for subview in child.children {
                    view.subviews.append(try self.view(subview, counter: &counter, parentSize: (view.frame.width, view.frame.height)))
                }
            default:
                break
            }
        }
        // The attribute form of IB's "intrinsic size: placeholder" (Xcode 9 on); `infinite` is
        // "none" on that axis (UIView.noIntrinsicMetric).
        let placeholder = (attributes["placeholderIntrinsicWidth"], attributes["placeholderIntrinsicHeight"])
        if view.placeholderIntrinsicSize == nil, placeholder.0 != nil || placeholder.1 != nil {
            func metric(_ text: String?) -> Double { text.flatMap(number).map { max(0, $0) } ?? -1 }
            view.placeholderIntrinsicSize = (metric(placeholder.0), metric(placeholder.1))
        }
        view.constraints.removeAll { view.excludedConstraints.contains($0.id) }
        view.subviews.removeAll { view.excludedSubviews.contains($0.id) }
        return view
    }

    /// A button's iOS 15 configuration: its attributes, title font and colours.
    static func readButtonConfiguration(_ element: XMLElement, into view: inout IBView) {
        var configuration: [String: String] = [:]
        for attribute in element.attributes { configuration[attribute.name] = attribute.value }
        view.configuration = configuration
        if configuration["catalog"] == "system" { view.attributes["imageCatalog"] = "system" }
        for part in element.children where part.name == "fontDescription" { view.fonts["titleFontDescription"] = font(part) }
        for part in element.children where part.name == "color" {
            if let partKey = part.attribute("key")?.value { view.colors["configuration." + partKey] = color(part) }
        }
    }

    /// User-defined runtime attributes: the numbers and colours (`layer.cornerRadius`, …).
    static func readRuntimeAttributes(_ element: XMLElement, into view: inout IBView) {
        for attribute in element.children where attribute.name == "userDefinedRuntimeAttribute" {
            guard let path = attribute.attribute("keyPath")?.value else { continue }
            let valueElement = attribute.children.first { $0.attribute("key")?.value == "value" }
            switch attribute.attribute("type")?.value {
            case "number":
                if let text = valueElement?.attribute("value")?.value, let number = number(text) { view.runtimeNumbers[path] = number }
            case "color":
                if let valueElement, let parsed = color(valueElement) { view.runtimeColors[path] = parsed }
            default: break
            }
        }
    }

    /// What IB's Identity inspector sets for VoiceOver.
    static func accessibility(_ element: XMLElement) -> AccessibilitySettings {
        var settings = AccessibilitySettings()
        settings.label = element.attribute("label")?.value
        settings.hint = element.attribute("hint")?.value
        settings.identifier = element.attribute("identifier")?.value
        for part in element.children {
            if part.name == "accessibilityTraits" {
                settings.traits = Set(part.attributes.filter { $0.value == "YES" && $0.name != "key" }.map(\.name))
            } else if part.name == "bool", part.attribute("key")?.value == "isElement" {
                settings.isElement = part.attribute("value")?.value == "YES"
            }
        }
        return settings
    }

    static func constraint(_ element: XMLElement) throws(Diagnostic) -> IBConstraint {
        func text(_ name: String) -> String? { element.attribute(name)?.value }
        guard let first = text("firstAttribute") else {
            throw Diagnostic(at: element.location, "constraint '\(text("id") ?? "")' has no firstAttribute")
        }
        var multiplier = 1.0
        if let written = text("multiplier") {
            guard let parsed = ratio(written) else {
                throw Diagnostic(at: element.attribute("multiplier")?.location ?? element.location,
                                 "constraint '\(text("id") ?? "")': multiplier=\"\(written)\": expected a number or a ratio such as 16:9")
            }
            multiplier = parsed
        }
        let constant = text("constant").flatMap { Double($0) } ?? 0
        let priority = text("priority").flatMap { Double($0) } ?? 1000
        guard constant.isFinite, abs(constant) <= 100_000, priority.isFinite else {
            throw Diagnostic(at: element.location, "constraint '\(text("id") ?? "")': constant and priority must be finite numbers (constant within ±100000)")
        }
        return IBConstraint(id: text("id") ?? "", firstItem: text("firstItem"), firstAttribute: first, secondItem: text("secondItem"),
                            secondAttribute: text("secondAttribute"), relation: text("relation") ?? "equal", multiplier: multiplier,
                            constant: constant, priority: max(1, min(1000, priority)), isPlaceholder: text("placeholder") == "YES",
                            location: element.location)
    }

    /// `0.5`, `16:9`, `1/3`.
    static func ratio(_ text: String) -> Double? {
        for separator in [":", "/"] where text.contains(separator) {
            let parts = text.split(separator: Character(separator)).compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 2, parts[1] != 0, parts.allSatisfy(\.isFinite) else { return nil }
            return parts[0] / parts[1]
        }
        guard let value = Double(text), value.isFinite, abs(value) <= 10_000 else { return nil }
        return value
    }

    package static func number(_ text: String) -> Double? {
        guard let value = Double(text), value.isFinite, abs(value) <= 100_000 else { return nil }
        return value
    }

    static func value(_ element: XMLElement, _ name: String) -> Double {
        element.attribute(name).flatMap { number($0.value) } ?? 0
    }

    static func color(_ element: XMLElement) -> IBColor? {
        func component(_ name: String) -> Double? { element.attribute(name).flatMap { number($0.value) }.map { min(1, max(0, $0)) } }
        if let name = element.attribute("systemColor")?.value ?? element.attribute("cocoaTouchSystemColor")?.value {
            return .system(name)
        }
        if let name = element.attribute("name")?.value { return .named(name) }
        let alpha = component("alpha") ?? 1
        let space = element.attribute("customColorSpace")?.value ?? element.attribute("colorSpace")?.value ?? "sRGB"
        if let white = component("white") {
            let value = IBColorSpace.white(white, in: space)
            return .rgba(RGBA(red: value, green: value, blue: value, alpha: alpha))
        }
        if let red = component("red"), let green = component("green"), let blue = component("blue") {
            let (r, g, b) = IBColorSpace.rgb((red, green, blue), in: space)
            return .rgba(RGBA(red: r, green: g, blue: b, alpha: alpha))
        }
        return nil
    }

    /// An attributed text (a label's `attributedText`, a button's `attributedTitle`) as UIKit
    /// shows it: its fragments' texts one after the other, in its first fragment's font, colour
    /// and paragraph alignment (a text of several fonts or colours is set in the first; line
    /// spacing and line height multiples are not read).
    static func readAttributed(_ element: XMLElement, into view: inout IBView, text key: String, font fontKey: String, color colorKey: String) {
        let fragments = element.children.filter { $0.name == "fragment" }
        let text = fragments.map { fragment in
            fragment.attribute("content")?.value ?? fragment.children.first { $0.name == "string" && $0.attribute("key")?.value == "content" }?.text ?? ""
        }.joined()
        guard !text.isEmpty else { return }
        if key == "title" {
            let state = view.normalState
            view.normalState = (text, state?.image, state?.titleColor)
        } else {
            view.attributes[key] = text
        }
        guard let attributes = fragments.first?.children.first(where: { $0.name == "attributes" }) else { return }
        for part in attributes.children {
            switch (part.name, part.attribute("key")?.value) {
            case ("font", "NSFont"?):
                func text(_ name: String) -> String? { part.attribute(name)?.value }
                let size = text("size").flatMap(number).map { min(1000, max(1, $0)) } ?? 17
                switch text("metaFont") {
                case "systemBold"?: view.fonts[fontKey] = IBFont(type: "boldSystem", pointSize: size)
                case "systemItalic"?: view.fonts[fontKey] = IBFont(type: "italicSystem", pointSize: size)
                case let meta? where meta.hasPrefix("system"):
                    let weight = meta.dropFirst("system".count)
                    view.fonts[fontKey] = IBFont(type: "system", pointSize: size, weight: weight.isEmpty ? nil : weight.prefix(1).lowercased() + weight.dropFirst())
                case _ where text("name") != nil && !(text("name")!.hasPrefix(".")):
                    view.fonts[fontKey] = IBFont(type: nil, pointSize: size, name: text("name"), family: text("family"))
                default:
                    // `label`, `message`, a private `.SFNS…` name: the system font.
                    view.fonts[fontKey] = IBFont(type: "system", pointSize: size)
                }
            case ("color", "NSColor"?):
                if let color = color(part) {
                    if colorKey == "titleColor", let state = view.normalState {
                        view.normalState = (state.title, state.image, color)
                    } else {
                        view.colors[colorKey] = color
                    }
                }
            case ("paragraphStyle", "NSParagraphStyle"?):
                if let alignment = part.attribute("alignment")?.value, key == "text" { view.attributes["textAlignment"] = alignment }
            default:
                break
            }
        }
    }

    static func font(_ element: XMLElement) -> IBFont {
        func text(_ name: String) -> String? { element.attribute(name)?.value }
        // A size of 0 is Core Text's default size, 12 pt (IB draws a "Title" of System 0.0 25 × 14.5 pt).
        return IBFont(type: text("type"), pointSize: text("pointSize").flatMap(number).map { $0 == 0 ? 12 : min(1000, max(1, $0)) } ?? 17,
                      weight: text("weight"), style: text("style"), name: text("name"), family: text("family"))
    }
}

extension IBDocument {
    /// The document with the texts a `.strings` file of IB's keys gives (`"<id>.text"`,
    /// `"<id>.normalTitle"`, `"<id>.placeholder"`, `"<id>.configuration.title"`,
    /// `"<id>.segmentTitles[0]"`), as iOS loads `Base.lproj/File.xib` with `de.lproj/File.strings`.
    package func localized(_ strings: [String: String]) -> IBDocument {
        guard !strings.isEmpty else { return self }
        func apply(_ view: inout IBView) {
            if let text = strings[view.id + ".text"] {
                if view.strings["text"] != nil { view.strings["text"] = text }
                view.attributes["text"] = text
            }
            if let placeholder = strings[view.id + ".placeholder"] { view.attributes["placeholder"] = placeholder }
            if let title = strings[view.id + ".normalTitle"], var state = view.normalState {
                state.title = title
                view.normalState = state
            }
            if let title = strings[view.id + ".configuration.title"] ?? strings[view.id + ".title"], view.configuration != nil {
                view.configuration?["title"] = title
            }
            for index in view.segments.indices {
                if let title = strings[view.id + ".segmentTitles[\(index)]"] { view.segments[index] = title }
            }
            for index in view.subviews.indices { apply(&view.subviews[index]) }
        }
        var document = self
        apply(&document.content)
        return document
    }

    /// The document with a pseudo-locale's segment titles (its labels' and buttons' texts are
    /// rewritten as they are bound).
    package func pseudoLocalized(_ pseudo: PseudoLocale?) -> IBDocument {
        guard let pseudo else { return self }
        func apply(_ view: inout IBView) {
            view.segments = view.segments.map(pseudo.apply)
            for index in view.subviews.indices { apply(&view.subviews[index]) }
        }
        var document = self
        apply(&document.content)
        return document
    }
}

/// The colour spaces IB writes components in, converted to sRGB as the device draws them.
/// `calibratedRGB` is Apple's Generic RGB (Trinitron primaries, D65, gamma 1.8): (0.5, 0, 0.5)
/// draws as #942192 and (1, 0, 0) as #FF2600 on a device, not #800080 and #FF0000;
/// `calibratedWhite` is Generic Gray (gamma 1.8), `genericGamma22GrayColorSpace` gray of gamma
/// 2.2, `displayP3` Display P3 (clipped to sRGB); `sRGB`, `deviceRGB` and `deviceWhite` are sRGB.
package enum IBColorSpace {
    static let genericToSRGB = [[1.0252524586, -0.0265475337, 0.0012950751], [0.0193935069, 0.9480280089, 0.0325784842],
                                [-0.0017695316, -0.0014423226, 1.0032118541]]
    static let displayP3ToSRGB = [[1.2249401763, -0.2249401763, 0], [-0.0420569547, 1.0420569547, 0], [-0.0196375546, -0.0786360456, 1.0982736001]]

    package static func rgb(_ components: (Double, Double, Double), in space: String) -> (Double, Double, Double) {
        let matrix: [[Double]]
        let linear: [Double]
        switch space {
        case "calibratedRGB":
            matrix = genericToSRGB
            linear = [components.0, components.1, components.2].map { pow($0, 1.8) }
        case "displayP3":
            matrix = displayP3ToSRGB
            linear = [components.0, components.1, components.2].map(sRGBDecode)
        default:
            return components
        }
        let converted = matrix.map { row in sRGBEncode(zip(row, linear).map(*).reduce(0, +)) }
        return (converted[0], converted[1], converted[2])
    }

    package static func white(_ value: Double, in space: String) -> Double {
        switch space {
        case "calibratedWhite": return sRGBEncode(pow(value, 1.8))
        case "genericGamma22GrayColorSpace": return sRGBEncode(pow(value, 2.2))
        default: return value
        }
    }

    static func sRGBDecode(_ value: Double) -> Double { value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4) }
    static func sRGBEncode(_ linear: Double) -> Double {
        let value = min(1, max(0, linear))
        return value <= 0.0031308 ? 12.92 * value : 1.055 * pow(value, 1 / 2.4) - 0.055
    }
}
