// The README's "From Swift" example, compiled as a user's package compiles it: against the
// library's public API only (a test checks that the README shows these very lines). Run it in
// an empty folder: it writes settings@3x.png and settings.pdf there.
import TableRender

enum SettingsRow: String, ItemConvertible {
    case manageAccounts, activeAccount, rateApp
    var item: Item {
        switch self {
        case .manageAccounts: .basic(self, title: "Manage Coach IDs", accessory: .disclosureIndicator)
        case .activeAccount: .value1(self, title: "Active Coach ID", detail: "123456", accessory: .disclosureIndicator)
        case .rateApp: .subtitle(self, title: "Rate BB Links ⭐️⭐️⭐️⭐️⭐️", subtitle: "1,024 people have rated this version")
        }
    }
}

let table = Table(title: "Settings", style: .insetGrouped) {
    Section(id: "account", header: "Account") {
        SettingsRow.manageAccounts
        SettingsRow.activeAccount
    }
    Section(id: "other") { SettingsRow.rateApp }
}
let renderer = try Renderer(theme: "ios")
let laidOut = try renderer.layout(table, width: 390)
let png = try renderer.png(laidOut, appearance: .dark, scale: 3)[0]   // PNG bytes, one per page
try renderer.png(laidOut, scale: 3, to: "settings@3x.png")           // or files (pages numbered)
let pdf = try renderer.pdf(laidOut)                                  // PDF bytes, every page
try renderer.pdf(laidOut, to: "settings.pdf")                        // or a file, whole or not at all

// What it made, for the one who runs it.
print("PNG \(png.count) bytes, PDF \(pdf.count) bytes")
