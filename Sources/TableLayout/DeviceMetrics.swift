import TableModel

/// Metrics UIKit takes from the screen a table is shown on, measured on the frames Interface
/// Builder stored in public apps' files (IB lays a file out with UIKit for the device it names;
/// docs/interface-builder.md lists the measurements).
package enum DeviceMetrics {
    /// The side margin of a table view cell (its content view's layout margins, where a built-in
    /// cell's text and the separator start): 20 pt on a screen from 393 pt wide (iPhone 15, the
    /// Plus and Max phones, iPads) when the cell itself is wider than 320 pt, 16 pt otherwise.
    /// In IB's frames: 16 on 320, 375 and 390 pt screens whatever the cell's width; 20 on 393,
    /// 414, 430 and 440 pt screens for cells of 331 pt and wider, 16 for cells of 320 pt and less.
    package static func cellMargin(screen: Double, cell: Double) -> Double {
        screen >= 393 && cell > 320 ? 20 : 16
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
