import Foundation
import TableRenderTesting
import Testing
import XCTest

// swift-snapshot-testing's README examples, adapted to tablerender's values: a table instead of
// a view controller, `.layout` instead of `.recursiveDescription`, `.image(width:)` instead of
// `.image(on: .iPhoneSe)`. Each compiles as written there and passes against references recorded
// here. docs/snapshot-testing.md lists what is the same and what differs, and why.

/// A user, as in swift-snapshot-testing's `.dump` and `.json` examples.
private struct User: Encodable {
    var id: Int
    var name: String
    var bio: String
}

private let user = User(id: 1, name: "Blobby", bio: "Blobbed around the world.")

final class SwiftSnapshotTestingReadmeXCTests: XCTestCase {
    func testMyViewController() {
        let table = settings()
        assertSnapshot(of: table, as: .image)
    }

    func testDevices() {
        let table = settings()
        assertSnapshot(of: table, as: .image(width: 320))
        assertSnapshot(of: table, as: .layout(width: 320))
        assertSnapshot(of: table, as: .image(width: 568))
    }

    func testValues() {
        assertSnapshot(of: user, as: .dump)
        assertSnapshot(of: user, as: .json)
    }

    func testManyStrategies() {
        let table = settings()
        assertSnapshots(of: table, as: [.image, .image(appearance: .dark)])
        assertSnapshots(of: table, as: ["narrow": .image(width: 320), "wide": .image(width: 768)])
    }
}

@Suite(.snapshots(record: .missing)) struct SwiftSnapshotTestingReadmeTests {
    @Test func myViewController() {
        let table = settings()
        assertSnapshot(of: table, as: .image)
    }

    @Test func recordModeForAPart() {
        withSnapshotTesting(record: .missing, diffTool: .ksdiff) {
            assertSnapshot(of: settings(), as: .layout)
        }
    }
}
