// The DocC catalog's getting-started article (Sources/TableRender/TableRender.docc/GettingStarted.md),
// its Swift blocks after the manifest, compiled against the public API alone (a test keeps them
// the same). Run it in an empty folder: it writes settings@3x.png and settings.pdf.
import TableRender

enum SettingsRow: String, ItemConvertible {
    case wifi, bluetooth
    var item: Item {
        switch self {
        case .wifi: .value1(self, title: "Wi-Fi", detail: "Home", accessory: .disclosureIndicator)
        case .bluetooth: .value1(self, title: "Bluetooth", detail: "On", accessory: .disclosureIndicator)
        }
    }
}

let table = Table(title: "Settings", style: .insetGrouped) {
    Section(id: "network", header: "Network") {
        SettingsRow.wifi
        SettingsRow.bluetooth
    }
}

let renderer = try Renderer(theme: "ios")
let laidOut = try renderer.layout(table, width: 390)
try renderer.png(laidOut, appearance: .dark, scale: 3, to: "settings@3x.png")
try renderer.pdf(laidOut, to: "settings.pdf")
let page = try renderer.html(laidOut)
print(laidOut.dump)   // every frame, as text
