import Foundation
import TableRenderTesting

// One image assertion of a 20-row settings list, as a test makes it: `verifySnapshot` against a
// reference it recorded first (what `assertSnapshot` does before it reports), beside rendering
// the same image alone (layout and pixels, no reference). Median of the rounds, milliseconds.
// usage: assertion-benchmark [rounds]

let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 30 : 30

/// A row's id.
struct Row: RawRepresentable { var rawValue: String }

let table = Table(title: "Settings", style: .insetGrouped) {
    Section(id: "general", header: "General") {
        for index in 0..<20 {
            Item.value1(Row(rawValue: "row-\(index)"), title: "Setting number \(index + 1)", detail: index.isMultiple(of: 3) ? "On" : "Off",
                        accessory: .disclosureIndicator)
        }
    }
}

let folder = NSTemporaryDirectory() + "assertion-benchmark-" + UUID().uuidString
defer { try? FileManager.default.removeItem(atPath: folder) }
let strategy = Snapshotting<Table, SnapshotImage>.image
guard verifySnapshot(of: table, as: strategy, named: "list", snapshotDirectory: folder)?.contains("recorded") == true else {
    fatalError("the reference was not recorded")
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

var assertion: [Double] = [], rendering: [Double] = []
for _ in 0..<rounds {
    assertion.append(milliseconds {
        if let failure = verifySnapshot(of: table, as: strategy, named: "list", snapshotDirectory: folder) { fatalError(failure) }
    })
    rendering.append(try milliseconds { _ = try strategy.snapshot(table) })
}
#if DEBUG
let build = "debug"
#else
let build = "release"
#endif
print("20-row list at 390 pt @2x, \(build) build, median of \(rounds):")
print(String(format: "  image assertion (verifySnapshot, passing): %7.1f ms", median(assertion)))
print(String(format: "  rendering alone (layout and pixels):       %7.1f ms", median(rendering)))
