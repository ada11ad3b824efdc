import Foundation
import TableRenderTesting
import Testing
import XCTest

// How a user snapshot-tests a list screen built in Swift, with either test framework.

enum Setting: String, ItemConvertible {
    case wifi, bluetooth, about
    var item: Item {
        switch self {
        case .wifi: .value1(self, title: "Wi-Fi", detail: "Home", accessory: .disclosureIndicator)
        case .bluetooth: .basic(self, title: "Bluetooth", switch: true)
        case .about: .basic(self, title: "About", accessory: .disclosureIndicator)
        }
    }
}

func settings(wifi: String = "Home") -> Table {
    Table(title: "Settings", style: .insetGrouped) {
        Section(id: "network", header: "Network") {
            Item.value1(Setting.wifi, title: "Wi-Fi", detail: wifi, accessory: .disclosureIndicator)
            Setting.bluetooth
        }
        Section(id: "general") { Setting.about }
    }
}

@Suite(.snapshots()) struct SettingsSnapshotTests {
    @Test func lightAndDark() {
        assertSnapshot(of: settings(), named: "light")
        assertSnapshot(of: settings(), named: "dark", appearance: .dark)
    }

    @Test func aChangedScreenFailsWithAMessage() {
        withKnownIssue("the Wi-Fi name changed") {
            assertSnapshot(of: settings(wifi: "Office"), named: "light-reference", record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            // The mode is this assertion's: the hint says to change it, not the environment.
            return text.contains("Snapshot does not match") && text.contains("If the change is intended, accept it: set this assertion's record: to .failed")
        }
    }

    /// Failure images go to the build folder, never into the source tree, and a snapshot that
    /// passes takes its earlier failure images away.
    @Test func failureImagesStayOutOfTheSourceTreeAndGoWhenFixed() throws {
        let here = (#filePath as NSString).deletingLastPathComponent
        let failures = (CommandLine.arguments[0] as NSString).deletingLastPathComponent
        var build = failures
        while build.contains(".xctest") { build = (build as NSString).deletingLastPathComponent }
        let folder = build + "/snapshot-failures/SettingsSnapshotTests"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stale = folder + "/failureImagesStayOutOfTheSourceTreeAndGoWhenFixed.light.actual.png"
        #expect(FileManager.default.createFile(atPath: stale, contents: Data([1, 2, 3])))
        assertSnapshot(of: settings(), named: "light", width: 320, scale: 1)
        #expect(!FileManager.default.fileExists(atPath: stale), "a passing snapshot left its old failure image")
        withKnownIssue("the Wi-Fi name changed") {
            assertSnapshot(of: settings(wifi: "Elsewhere"), named: "light", width: 320, scale: 1, record: .never)
        }
        #expect(FileManager.default.fileExists(atPath: stale))
        #expect(!FileManager.default.fileExists(atPath: here + "/__Snapshots__/SettingsSnapshotTests/.failures"))
        try? FileManager.default.removeItem(atPath: stale)
        try? FileManager.default.removeItem(atPath: folder + "/failureImagesStayOutOfTheSourceTreeAndGoWhenFixed.light.diff.png")
    }

    @Test func aMissingReferenceFailsUnderRecordModeNever() {
        withKnownIssue {
            assertSnapshot(of: settings(), named: "never-recorded", record: .never)
        } matching: { issue in
            // CI keeps what would have been recorded, to upload with the failure.
            let text = issue.comments.map(\.rawValue).joined()
            guard text.contains("No reference at"), let range = text.range(of: "The snapshot it would hold: ") else { return false }
            let actual = String(text[range.upperBound...])
            defer { try? FileManager.default.removeItem(atPath: actual) }
            return actual.hasSuffix("aMissingReferenceFailsUnderRecordModeNever.never-recorded.actual.png") && FileManager.default.fileExists(atPath: actual)
        }
    }
}

/// Cases of a parameterised test run at the same time: each case's unnamed snapshots are named
/// after its argument and their order in the case (`perNetwork.Home.1`, `perNetwork.Home.2`), so
/// every run compares each snapshot with its own reference whatever order the cases finish in.
@Suite(.snapshots()) struct ParameterisedSnapshotTests {
    @Test(arguments: ["Home", "Office", "Café", "Guest"])
    func perNetwork(_ name: String) {
        assertSnapshot(of: settings(wifi: name), width: 320, scale: 1)
        assertSnapshot(of: settings(wifi: name), width: 320, appearance: .dark, scale: 1)
    }
}

final class SettingsXCTestSnapshots: XCTestCase {
    func testNarrowScreen() {
        assertSnapshot(of: settings(), named: "narrow", width: 320, scale: 1)
    }
}

/// The strategies and `withSnapshotTesting` under XCTest, as a team with XCTest suites uses them.
final class StrategyXCTestSnapshots: XCTestCase {
    func testStrategies() {
        assertSnapshot(of: settings(), as: .image(width: 320, scale: 1))
        assertSnapshot(of: settings(), as: .layout)
        assertSnapshot(of: settings(), as: .html(width: 320))
    }

    func testConfigurationAroundAssertions() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: settings(), as: .layout(width: 320), named: "narrow")
        }
    }
}
