import TableModel
import TableTemplates

/// Metrics UIKit takes from the screen a table is shown on, measured on the frames Interface
/// Builder stored in public apps' files (IB lays a file out with UIKit for the device it names;
/// docs/interface-builder.md lists the measurements).
package enum DeviceMetrics {
    /// The side margin of a table view cell (its content view's layout margins, where a built-in
    /// cell's text and the separator start): `LayoutMargins.side(screen:cell:)`.
    package static func cellMargin(screen: Double, cell: Double) -> Double {
        LayoutMargins.side(screen: screen, cell: cell)
    }

    /// The pixel a row's views are sized to: UIKit rounds a label's intrinsic size, and a
    /// self-sized row's height, up to the device's pixels; tablerender lays a table out once for
    /// every scale, on the grid of the @3x phones most in use (a 17 pt label is 20.33 pt tall, as
    /// IB stores it at @3x).
    package static let pixel = 1.0 / 3

    /// `value` rounded up to `pixel` (a hair under a pixel more is taken as the pixel, so that
    /// a size already on the grid stays there).
    package static func ceilToPixel(_ value: Double, pixel: Double = pixel) -> Double {
        ((value / pixel) - 1e-6).rounded(.up) * pixel
    }

    /// What a cell's accessory takes from its content view's width, past the cell's margin: the
    /// content view of a 375 pt cell with a disclosure indicator is 348.5 pt wide (375 − 16 −
    /// 10.5), of a 414 pt one 383.5 (414 − 20 − 10.5); a checkmark or a detail button takes 24,
    /// a detail disclosure button 42.5 (42.33 at @3x: IB rounds the content view to pixels).
    package static func accessoryZone(_ accessory: Accessory) -> Double {
        switch accessory {
        case .none: return 0
        case .disclosureIndicator: return 10.4
        case .checkmark, .detailButton: return 24
        case .detailDisclosureButton: return 42.4
        }
    }
}
