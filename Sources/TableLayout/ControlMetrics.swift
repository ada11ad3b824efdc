import TableModel
import TableTemplates

/// Fixed sizes of the controls, as UIKit draws them.
package enum ControlMetrics {
    /// UISwitch: a 51 × 31 capsule with a 27 pt knob 2 pt inside it, on the trailing side when
    /// on; the knob casts a shadow 0.75 pt down. The painter, the HTML page's CSS and intrinsic
    /// sizes all read these.
    package enum Switch {
        package static let width = 51.0
        package static let height = 31.0
        package static var cornerRadius: Double { height / 2 }
        package static let knobInset = 2.0
        package static var knobDiameter: Double { height - 2 * knobInset }
        /// The knob's left edge when on (left to right): the track's end less the knob and its inset.
        package static var knobOnOffset: Double { width - knobInset - knobDiameter }
        package static let shadowOffset = 0.75
        package static let shadowAlpha = 0.08
    }

    package static let switchSize = (width: Switch.width, height: Switch.height)
    /// iOS 26's switch, 63 × 28, as IB's canvas lays out the files Xcode 26 saved (the renderers
    /// draw iOS 18's).
    package static let iOS26SwitchSize = (width: 63.0, height: 28.0)
    /// UISegmentedControl's height, its alignment rectangle's (iOS 13 on; 28 before): its frame
    /// reaches 1 pt below it, 32 pt tall (`alignmentOutsets`). A segmented control with a height
    /// constraint of 31 (24) is stored 32 (25) tall in public apps' files, one of iOS 12 29 tall.
    package static let segmentedControlHeight = 31.0
    package static let legacySegmentedControlHeight = 28.0

    /// The widths of a segmented control's segments (iOS 13 on), from their titles' widths
    /// (`contents`) and the widths the file gives some of them (`fixed`, 0 or missing where
    /// UIKit sizes the segment): a sized segment is 19 pt wider than its title, and each is as
    /// wide as the widest sized one unless the control apportions its segments' widths by their
    /// contents (`apportionsSegmentWidthsByContent`); a 1 pt divider between two segments.
    /// Measured on the frames IB stores for the segmented controls of public apps' files that no
    /// constraint stretches (Xcode 11 to 26, 13 of 5 apps): 18.5 to 19.5 pt past the widest title
    /// of an equal-width control, 18.75 to 20 past each of an apportioned one; five segments of
    /// 35 pt, 179 wide. iOS 12 and before (`legacy`): 16 pt past its title, no divider.
    /// `total`: the control's width, where its frame is not its own; the difference is shared
    /// among the sized segments, equally or, apportioned, by their widths.
    package static func segmentWidths(contents: [Double], fixed: [Double] = [], apportioned: Bool, legacy: Bool = false,
                                      total: Double? = nil) -> [Double] {
        guard !contents.isEmpty else { return [] }
        let padding = legacy ? 16.0 : 19, divider = segmentDivider(legacy: legacy)
        let own = contents.indices.map { fixed.indices.contains($0) && fixed[$0] > 0 ? fixed[$0] : nil }
        let widest = contents.indices.filter { own[$0] == nil }.map { contents[$0] }.max() ?? 0
        var widths = contents.indices.map { own[$0] ?? ((apportioned ? contents[$0] : widest) + padding) }
        guard let total else { return widths }
        let sized = contents.indices.filter { own[$0] == nil }
        let extra = total - widths.reduce(0, +) - divider * Double(contents.count - 1)
        guard !sized.isEmpty, extra.isFinite else { return widths }
        let weight = sized.map { widths[$0] }.reduce(0, +)
        for index in sized {
            let share = apportioned && weight > 0 ? widths[index] / weight : 1 / Double(sized.count)
            widths[index] = max(0, widths[index] + extra * share)
        }
        return widths
    }

    /// The segments' widths of a segmented control `view`, its titles `contents` wide: its own
    /// segment widths and apportioning, as `segmentWidths(contents:fixed:apportioned:legacy:total:)`.
    static func segmentWidths(of view: IBView, contents: [Double], legacy: Bool = false, total: Double? = nil) -> [Double] {
        segmentWidths(contents: contents, fixed: view.segmentWidths, apportioned: view.flag("apportionsSegmentWidthsByContent"),
                      legacy: legacy, total: total)
    }

    /// The divider between two segments: 1 pt (none in iOS 12 and before).
    static func segmentDivider(legacy: Bool = false) -> Double { legacy ? 0 : 1 }

    /// The width a segmented control's segments make together, dividers included.
    package static func segmentedControlWidth(_ widths: [Double], legacy: Bool = false) -> Double {
        widths.reduce(0, +) + segmentDivider(legacy: legacy) * Double(max(0, widths.count - 1))
    }
    /// iOS 26's slider's height on the canvas (its frame, with no alignment outsets).
    package static let iOS26SliderHeight = 34.0
    /// The least height of a borderless, not secure text field on Xcode 26's canvas.
    package static let iOS26TextFieldMinimumHeight = 22.0

    /// How far a UIKit control's frame reaches beyond its alignment rectangle, the rectangle
    /// Auto Layout places (`alignmentRectInsets`, as outsets): top, left, bottom, right, left to
    /// right (right to left swaps left and right). Measured on IB's stored frames of public
    /// apps' cells: a switch pinned to a margin has its frame 2 pt past it on the right (its
    /// alignment rectangle is 49 × 31 in a 51 × 31 frame); a slider's frame is 2 pt wider at each
    /// end and 1 pt taller below than the rectangle its constraints give; a segmented control's
    /// 1 pt taller below (a height constraint of 31 gives a 32 pt frame).
    /// `iOS26`: on the canvas of files Xcode 26 saved, whose slider's frame is its alignment
    /// rectangle (34 pt tall; NetNewsWire's settings store it so).
    package static func alignmentOutsets(_ element: IBElement, iOS26: Bool = false) -> [Double]? {
        switch element {
        case .switch: return [0, 0, 0, 2]
        case .slider: return iOS26 ? nil : [0, 2, 1, 2]
        case .segmentedControl: return [0, 0, 1, 0]
        default: return nil
        }
    }

    /// The symbol a system button draws in place of a title (IB's `buttonType` info, detail
    /// disclosure or contact add); nil for any other button, and for one the file gives a title
    /// (`title`: its text), an image or a configuration. iOS 13 to 18 make such a button 25.67 pt
    /// each way (77 pixels at @3x: KeePassium's and GoMap's files of Xcode 13 and 16 store it);
    /// `systemButtonSize(predatesIOS13:iOS26:)` has the canvases that differ.
    package static func systemButtonSymbol(_ view: IBView, title: String) -> String? {
        guard view.element == .button, title.isEmpty, view.configuration == nil, view.normalState?.image == nil else { return nil }
        switch view.attribute("buttonType") {
        case "infoLight", "infoDark", "detailDisclosure": return "info.circle"
        case "contactAdd": return "plus.circle"
        default: return nil
        }
    }

    package static let systemButtonSize = (width: 77.0 / 3, height: 77.0 / 3)

    /// A system button's size on IB's canvas of a file: iOS 12 and before (Xcode 10 and before)
    /// 22 × 22, as GitHawk's info button of Xcode 10 and ChatSecure's and MatrixKit's sized ones
    /// store it; iOS 26 (Xcode 26) 50 × 34, as nRF Mesh's six info buttons store it.
    package static func systemButtonSize(predatesIOS13: Bool, iOS26: Bool) -> (width: Double, height: Double) {
        predatesIOS13 ? (22, 22) : iOS26 ? (50, 34) : systemButtonSize
    }

    package static func accessorySize(_ accessory: Accessory) -> (width: Double, height: Double) {
        switch accessory {
        case .none: return (0, 0)
        case .disclosureIndicator: return (9, 17)
        case .checkmark: return (16, 17)
        case .detailButton: return (22, 22)
        case .detailDisclosureButton: return (22 + 12 + 9, 22)
        }
    }
}
