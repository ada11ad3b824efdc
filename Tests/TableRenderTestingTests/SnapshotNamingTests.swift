import Foundation
@testable import TableRenderTesting
import Testing
import XCTest

// How snapshots are named and numbered: per test case and shared with its child tasks, from 1
// in each run under the `.snapshots` trait, sanitised as swift-snapshot-testing does, shortened
// when too long, never two in one file, and with the type's name when two types of a file have
// a test of one name.

/// A fresh folder for references; the caller removes it.
private func scratchFolder() -> String {
    let folder = NSTemporaryDirectory() + "tablerender-naming-" + UUID().uuidString
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

private func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
}

/// Asserts unnamed `.layout` snapshots into `folder` under `missing`: each records its reference
/// and fails, as a first run does.
private func recordUnnamed(_ wifi: String, into folder: String, function: String = #function) {
    withKnownIssue("a first run records its references") {
        assertSnapshot(of: settings(wifi: wifi), as: .layout, record: .missing, snapshotDirectory: folder, testName: function)
    } matching: { issue in issue.comments.map(\.rawValue).joined().contains("No reference existed; recorded") }
}

@Suite(.snapshots()) struct SnapshotNamingTests {
    /// A child task, a task group and the test's own task count on one numbering.
    @Test func childTasksShareTheTestCasesNumbering() async {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        recordUnnamed("one", into: folder, function: "childTasks()")
        await Task { recordUnnamed("two", into: folder, function: "childTasks()") }.value
        await withTaskGroup(of: Void.self) { group in
            group.addTask { recordUnnamed("three", into: folder, function: "childTasks()") }
        }
        #expect(files(in: folder) == ["childTasks.1.layout.txt", "childTasks.2.layout.txt", "childTasks.3.layout.txt"])
        let third = (try? String(contentsOfFile: folder + "/childTasks.3.layout.txt", encoding: .utf8)) ?? ""
        #expect(third.contains("three"))
    }

    /// Under the `.snapshots` trait every run of a test case counts from 1: what repeated runs
    /// (`--repetitions`) need to verify the same references each time.
    @Test func eachRunUnderTheTraitCountsFromOne() async throws {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trait = SnapshotsTrait.snapshots(record: .missing)
        for _ in 1...3 {
            try await trait.provideScope(for: Test.current!, testCase: Test.Case.current) {
                // The first run records, the next two verify what it recorded.
                withKnownIssue(isIntermittent: true) {
                    assertSnapshot(of: settings(wifi: "A"), as: .layout, snapshotDirectory: folder, testName: "repeated()")
                    assertSnapshot(of: settings(wifi: "B"), as: .layout, snapshotDirectory: folder, testName: "repeated()")
                }
            }
        }
        #expect(files(in: folder) == ["repeated.1.layout.txt", "repeated.2.layout.txt"])
    }

    @Test func repeatedRunsAreToldFromTheCommandLine() {
        #expect(SnapshotNaming.repeats(arguments: ["tests", "--testing-library", "swift-testing", "--repetitions", "30"]))
        #expect(SnapshotNaming.repeats(arguments: ["tests", "--repeat-until", "fail"]))
        #expect(!SnapshotNaming.repeats(arguments: ["tests", "--repetitions", "1"]))
        #expect(!SnapshotNaming.repeats(arguments: ["tests", "--filter", "repetitions"]))
    }

    /// Arguments that differ only in characters a file name cannot keep: both are written, each
    /// to its own file, when the sanitised names differ ("Guest Wi-Fi", "Guest_Wi-Fi").
    @Test(arguments: ["Guest Wi-Fi", "Guest_Wi-Fi", "Café ☕"])
    func argumentsAreSanitisedAsSwiftSnapshotTestingDoes(_ network: String) {
        #expect(SnapshotNaming.sanitised("Guest Wi-Fi") == "Guest-Wi-Fi")
        #expect(SnapshotNaming.sanitised("Guest_Wi-Fi") == "Guest_Wi-Fi")
        #expect(SnapshotNaming.sanitised("Café ☕") == "Café")
        #expect(SnapshotNaming.sanitised("Café ☕\u{FE0E}") == "Café-\u{FE0E}", "a mark is a word character, as in ICU")
        #expect(SnapshotNaming.sanitised("../../etc/passwd") == "etc-passwd")
        #expect(SnapshotNaming.sanitised("!!!") == "-")
    }

    /// Two snapshots whose names sanitise to one file: the second fails, naming both.
    @Test func twoSnapshotsSharingAFileFailNamingBoth() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        withKnownIssue { assertSnapshot(of: settings(), as: .layout, named: "Guest Wi-Fi", record: .missing, snapshotDirectory: folder) }
        withKnownIssue {
            assertSnapshot(of: settings(wifi: "Other"), as: .layout, named: "Guest-Wi-Fi", record: .missing, snapshotDirectory: folder)
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined()
            return text.contains("Two snapshots would share the reference") && text.contains("named Guest Wi-Fi")
                && text.contains("named Guest-Wi-Fi") && text.contains("twoSnapshotsSharingAFileFailNamingBoth.Guest-Wi-Fi.layout.txt")
        }
        #expect(files(in: folder) == ["twoSnapshotsSharingAFileFailNamingBoth.Guest-Wi-Fi.layout.txt"])
    }

    /// A 300-character name is written under a shortened, stable name that ends with its hash.
    @Test func aLongNameIsShortenedWithAStableHash() {
        let folder = scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let long = String(repeating: "Wireless network ", count: 18)
        let other = long + "5 GHz"
        for name in [long, other] {
            withKnownIssue { assertSnapshot(of: settings(), as: .layout, named: name, record: .missing, snapshotDirectory: folder) }
        }
        let written = files(in: folder)
        #expect(written.count == 2)
        for file in written {
            #expect(file.utf8.count <= SnapshotNaming.maximumStemBytes + ".layout.txt".utf8.count)
            #expect(file.hasPrefix("aLongNameIsShortenedWithAStableHash.Wireless-network-Wireless"))
        }
        #expect(SnapshotNaming.shortened("test.Guest-Wi-Fi.1") == "test.Guest-Wi-Fi.1", "a name that fits is kept")
        let stem = "test." + String(repeating: "é", count: 150)
        #expect(SnapshotNaming.shortened(stem) == SnapshotNaming.shortened(stem))
        #expect(SnapshotNaming.shortened(stem).utf8.count <= SnapshotNaming.maximumStemBytes)
    }

    /// The source scan that tells which type a test belongs to skips comments and strings.
    @Test func theTestFilesTypesAreRead() {
        let source = #"""
            // class Commented { func testList() {} }
            final class ListTests: XCTestCase {
                class func setUp() {}
                let brace = "}{ class Fake { func testList"
                let raw = #"a "quoted" } brace"#
                let interpolated = "\(values.map { "\($0)}" })"
                func testList() {
                    /* nested /* comment */ } */
                    assertSnapshot(of: table)
                }
            }
            @Suite struct DarkTests {
                struct Nested { func helper() {} }
                @Test func testList() {
                    let text = """
                        } class Not {
                        """
                }
            }
            """#
        let found = SourceTypes.scan(source)
        #expect(found.map(\.function) == ["setUp", "testList", "helper", "testList"])
        #expect(found.map(\.type) == ["ListTests", "ListTests", "Nested", "DarkTests"])
        #expect(found[1].lines == 7...10)
        #expect(found[3].lines == 14...18)
    }
}

// Two XCTest classes of one file with a test of one name: each names its references after its
// class, and numbers them from 1 whichever class ran first or alone (`--filter`).
final class NamingXCTestWiFi: XCTestCase {
    func testScreen() {
        assertSnapshot(of: settings(wifi: "Wi-Fi class"), as: .layout)
        assertSnapshot(of: settings(wifi: "Wi-Fi class, second"), as: .layout)
    }
}

final class NamingXCTestCellular: XCTestCase {
    func testScreen() {
        assertSnapshot(of: settings(wifi: "Cellular class"), as: .layout)
    }
}

/// swift-snapshot-testing's variables work as fallbacks of ours, so a CI set up for it works.
@Suite struct SnapshotEnvironmentTests {
    @Test func swiftSnapshotTestingsVariablesAreFallbacks() throws {
        let variables = SnapshotEnvironment.record
        #expect(try RecordMode.fromEnvironment(default: .missing, variables: variables, environment: [:]) == .missing)
        #expect(try RecordMode.fromEnvironment(default: .missing, variables: variables, environment: ["SNAPSHOT_TESTING_RECORD": "never"]) == .never)
        #expect(try RecordMode.fromEnvironment(default: .missing, variables: variables,
                                               environment: ["SNAPSHOT_TESTING_RECORD": "never", "TABLERENDER_SNAPSHOT_RECORD": "all"]) == .all)
        #expect(try RecordMode.fromEnvironment(default: .missing, variables: variables, environment: ["SNAPSHOT_TESTING_RECORD": ""]) == .missing)
        #expect(throws: (any Error).self) {
            try RecordMode.fromEnvironment(default: .missing, variables: variables, environment: ["SNAPSHOT_TESTING_RECORD": "sometimes"])
        }
        #expect(SnapshotArtifacts.folder(testFile: "ListTests", environment: ["SNAPSHOT_ARTIFACTS": "/tmp/artifacts"]) == "/tmp/artifacts/ListTests")
        #expect(SnapshotArtifacts.folder(testFile: "ListTests", environment: ["SNAPSHOT_ARTIFACTS": "/tmp/a", "TABLERENDER_SNAPSHOT_ARTIFACTS": "/tmp/b"])
                == "/tmp/b/ListTests")
        #expect(SnapshotArtifacts.folder(testFile: "ListTests", environment: [:]).hasSuffix("/snapshot-failures/ListTests"))
    }
}
