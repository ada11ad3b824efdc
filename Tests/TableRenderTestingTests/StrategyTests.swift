import Foundation
import Synchronization
import TableRenderTesting
import Testing

// The strategies and the configuration of swift-snapshot-testing's shape: `as: .layout`,
// `.html`, `.pdf`, `.image(…)`; `withSnapshotTesting` and the `.snapshots(…)` trait.

@Suite(.snapshots()) struct StrategyTests {
    @Test func eachStrategyHasItsReference() {
        assertSnapshot(of: settings(), as: .image(width: 320, scale: 1))
        assertSnapshot(of: settings(), as: .layout)
        assertSnapshot(of: settings(), as: .html(width: 320))
        assertSnapshot(of: settings(), as: .pdf)
        assertSnapshot(of: settings(), as: .layout(contentSize: .AX3), named: "AX3")
        assertSnapshot(of: settings(), as: .layout(locale: "en-XA"), named: "en-XA")
        assertSnapshot(of: settings(), as: .layout(direction: .rightToLeft), named: "rtl")
        assertSnapshot(of: settings(), as: .image(width: 320, scale: 1, locale: "ar-XB"), named: "ar-XB")
        assertSnapshot(of: settings(), as: .accessibility, named: "voiceover")
        assertSnapshot(of: settings(), as: .accessibilityImage(width: 320, scale: 1), named: "voiceover")
    }

    /// A text snapshot that differs says which lines, removed and added.
    @Test func aChangedLayoutShowsTheLinesThatDiffer() {
        withKnownIssue("the Wi-Fi name changed") {
            assertSnapshot(of: settings(wifi: "Office Network"), as: .layout, named: "home", record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("the text differs") && text.contains("-        | Home") && text.contains("+        | Office Network")
                && text.contains("StrategyTests/aChangedLayoutShowsTheLinesThatDiffer.home.layout.txt")
        }
    }

    /// The table strategies draw a `Table` or a `DocumentFile`; another type that claims to be a
    /// `ListScreen` is refused with a message, not drawn or crashed on.
    @Test func onlyTablesAndDocumentsAreScreens() {
        struct NotAScreen: ListScreen {}
        withKnownIssue("not a screen") {
            assertSnapshot(of: NotAScreen(), as: .layout, named: "refused", record: .never)
        } matching: { issue in
            issue.comments.map(\.rawValue).joined().contains("NotAScreen is not a screen the table strategies draw: snapshot a Table or a DocumentFile")
        }
    }

    @Test func withSnapshotTestingSetsTheRecordMode() {
        withKnownIssue {
            withSnapshotTesting(record: .never) {
                assertSnapshot(of: settings(), as: .layout, named: "never-recorded")
            }
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("No reference at") }
    }

    @Test(.snapshots(record: .never)) func theTraitSetsTheRecordMode() {
        withKnownIssue {
            assertSnapshot(of: settings(), as: .pdf, named: "never-recorded")
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("No reference at") }
    }

    /// The assertion's own `record:` wins over the configuration around it.
    @Test func theAssertionsRecordModeWins() {
        withSnapshotTesting(record: .never) {
            assertSnapshot(of: settings(), as: .layout, named: "home", record: .missing)
        }
    }

    @Test func aFailureNamesTheDiffTool() {
        withKnownIssue("the Wi-Fi name changed") {
            withSnapshotTesting(record: .never, diffTool: "ksdiff") {
                assertSnapshot(of: settings(wifi: "Office Network"), as: .layout, named: "home")
            }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Compare: ksdiff \"") && text.contains("home.layout.txt\" \"") && text.contains("home.actual.layout.txt\"")
        }
    }

    @Test func aSnapshotDirectoryHoldsTheReferences() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablerender-snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue {
            withSnapshotTesting(record: .missing, snapshotDirectory: folder) {
                assertSnapshot(of: settings(), as: .layout, named: "elsewhere")
            }
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("No reference existed; recorded \(folder)/") }
        #expect(FileManager.default.fileExists(atPath: folder + "/aSnapshotDirectoryHoldsTheReferences.elsewhere.layout.txt"))
        withSnapshotTesting(snapshotDirectory: folder) {
            assertSnapshot(of: settings(), as: .layout, named: "elsewhere", record: .never)
        }
    }

    /// A hint to record says what works from where the record mode came: a mode the code sets
    /// is not changed by the environment variable; the `failed` mode names the file it rewrote.
    @Test func hintsFollowWhereTheRecordModeCameFrom() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablerender-snapshots-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func message(_ body: () -> Void) -> String {
            let text = Mutex("")
            withKnownIssue { body() } matching: { issue in
                text.withLock { $0 += issue.comments.map(\.rawValue).joined() }
                return true
            }
            return text.withLock { $0 }
        }
        let trait = message { withSnapshotTesting(record: .never, snapshotDirectory: folder) { assertSnapshot(of: settings(), as: .layout, named: "none") } }
        #expect(trait.contains("Record it: set the enclosing withSnapshotTesting(record:) or .snapshots(record:) to .missing.") && !trait.contains("TABLERENDER_SNAPSHOT_RECORD"), "\(trait)")
        let own = message { assertSnapshot(of: settings(), as: .layout, named: "none", record: .never, snapshotDirectory: folder) }
        #expect(own.contains("Record it: set this assertion's record: to .missing."), "\(own)")
        // Recorded, then changed: the failure hint, and the file the failed mode rewrites.
        _ = message { assertSnapshot(of: settings(), as: .layout, named: "wifi", record: .all, snapshotDirectory: folder) }
        let changed = message { assertSnapshot(of: settings(wifi: "Office"), as: .layout, named: "wifi", record: .never, snapshotDirectory: folder) }
        #expect(changed.contains("If the change is intended, accept it: set this assertion's record: to .failed"), "\(changed)")
        let rewritten = message { assertSnapshot(of: settings(wifi: "Office"), as: .layout, named: "wifi", record: .failed, snapshotDirectory: folder) }
        #expect(rewritten.contains("recorded it again at \(folder)/hintsFollowWhereTheRecordModeCameFrom.wifi.layout.txt (record mode failed)"), "\(rewritten)")
    }
}

/// Masks, as Playwright's: a region that changes on its own is covered with a magenta box in the
/// image itself, so that it never fails a snapshot.
@Suite struct MaskTests {
    @Test func aMaskedRowMayChange() throws {
        assertSnapshot(of: settings(wifi: "Home"), as: .image(width: 320, scale: 1, masks: ["wifi"]), named: "masked")
        assertSnapshot(of: settings(wifi: "Somewhere else"), as: .image(width: 320, scale: 1, masks: ["wifi"]), named: "masked")
        assertSnapshot(of: settings(wifi: "By its path"), as: .image(width: 320, scale: 1, masks: ["$.sections[0].items[0]"]), named: "masked")
        // The reference shows the box where the row is (y 106 to 150 at 1x, from the layout).
        let reference = (#filePath as NSString).deletingLastPathComponent + "/__Snapshots__/StrategyTests/aMaskedRowMayChange.masked.png"
        let image = try RGBAImage(png: [UInt8](try #require(FileManager.default.contents(atPath: reference))), name: reference)
        let offset = (128 * image.width + 160) * 4
        #expect(Array(image.pixels[offset..<(offset + 4)]) == [255, 0, 255, 255])
    }

    /// A masked view's region does not follow its content: a clock whose text grows or shrinks
    /// still matches, since what either image masked is left out of both.
    @Test func aMaskedClockMayChangeItsWidth() {
        func clock(_ time: String) -> Table {
            Table(style: .insetGrouped, sections: [
                Section(id: "status", items: [Item(id: "updated", template: "Clock", values: ["title": "Last updated", "time": .string(time)])])
            ])
        }
        for time in ["1:11:11 AM", "10:48:09 PM", "9:00"] {
            assertSnapshot(of: clock(time), as: .image(width: 320, scale: 2, masks: ["time"]), named: "clock", templateFolders: ["Templates"])
        }
        withKnownIssue("the title is not masked") {
            assertSnapshot(of: Table(style: .insetGrouped, sections: [
                Section(id: "status", items: [Item(id: "updated", template: "Clock", values: ["title": "Last synced", "time": "1:11:11 AM"])])
            ]), as: .image(width: 320, scale: 2, masks: ["time"]), named: "clock", templateFolders: ["Templates"], record: .never)
        }
    }

    @Test func anUnmaskedChangeStillFails() {
        withKnownIssue("the Wi-Fi name changed, and only the About row is masked") {
            assertSnapshot(of: settings(wifi: "Somewhere else"), as: .image(width: 320, scale: 1, masks: ["about"]), named: "about-masked", record: .never)
        }
    }

    @Test func aMaskThatNamesNothingIsAFailure() {
        withKnownIssue {
            assertSnapshot(of: settings(), as: .image(width: 320, scale: 1, masks: ["wfi"]), named: "typo", record: .never)
        } matching: { issue in issue.comments.map(\.rawValue).joined().contains("unknown mask 'wfi'; did you mean 'wifi'?") }
    }
}

/// A test's own templates sit beside it, found as its images are: from the test file's folder.
@Suite(.snapshots()) struct TemplateFolderTests {
    @Test func templatesBesideTheTest() {
        let table = Table(style: .insetGrouped, sections: [
            Section(id: "inbox", items: [Item(id: "unread", template: "Badge", values: ["title": "Unread", "count": "12"])]),
        ])
        assertSnapshot(of: table, as: .layout, templateFolders: ["Templates"])
    }

    /// A `.layout` snapshot holds each label's font: a template whose label changes only its
    /// font (its frame fixed) fails, naming the font in the diff.
    @Test func aFontChangeFailsALayoutSnapshot() {
        func table(_ template: String) -> Table {
            Table(style: .insetGrouped, sections: [Section(id: "inbox", items: [Item(id: "unread", template: template, values: ["title": "Unread"])])])
        }
        assertSnapshot(of: table("Fixed"), as: .layout, named: "fixed", templateFolders: ["Templates"])
        withKnownIssue("the label's font changed from body to headline") {
            assertSnapshot(of: table("FixedHeadline"), as: .layout, named: "fixed", templateFolders: ["Templates"], record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("-    label 16,11 200×22 font Inter 400 17/") && text.contains("+    label 16,11 200×22 font Inter 600 17/")
        }
    }
}

/// A size change says which rows were added, removed, moved or resized: the reference image
/// keeps where its rows were.
@Suite struct RowChangeTests {
    func inbox(_ rows: [(String, String)]) -> Table {
        Table(style: .insetGrouped, sections: [
            Section(id: "inbox", items: rows.map { Item(id: $0.0, template: "Badge", values: ["title": .string($0.0), "count": .string($0.1)]) }),
        ])
    }

    @Test func aRowAddedIsNamedAndWhatMovedToo() {
        assertSnapshot(of: inbox([("unread", "12"), ("archive", "3")]), as: .image(width: 320, scale: 1), named: "inbox",
                       templateFolders: ["Templates"])
        withKnownIssue("a row was added") {
            assertSnapshot(of: inbox([("unread", "12"), ("flagged", "2"), ("archive", "3")]), as: .image(width: 320, scale: 1), named: "inbox",
                           templateFolders: ["Templates"], record: .never)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("rows added: row 'flagged' at 79 pt") && text.contains("moved: row 'archive' 79 → 123 pt")
        }
    }
}
