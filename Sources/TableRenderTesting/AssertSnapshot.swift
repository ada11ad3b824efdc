import Foundation
import TableCairo
// One import is enough in a test: the tables, items and sections, the renderer's options and the
// record modes come with `import TableRenderTesting`.
@_exported import TableRender
import TableModel
import TableSnapshot
import TableTemplates
import Testing
import XCTest

/// How references are recorded: `all`, `missing` (the default), `failed`, `never`.
public typealias RecordMode = TableSnapshot.RecordMode

/// Asserts that `table` renders as its reference image, stored beside the test file at
/// `__Snapshots__/<TestFile>/<test>.<name>.png`. Works in XCTest and in Swift Testing on Linux.
/// `contentSize` renders at a Dynamic Type text size (`.AX3`); name such snapshots after it.
/// The same as `assertSnapshot(of: table, as: .image(width:appearance:scale:…))`.
///
/// - A missing reference is recorded, and the assertion fails so that the next run verifies it
///   (record mode `missing`). `record:` or `TABLERENDER_SNAPSHOT_RECORD` (`all`, `missing`,
///   `failed`, `never`) change that; CI should use `never`.
/// - A mismatch fails with what differs and the bar it was held to, writes the actual and diff
///   images out of the source tree (`SnapshotArtifacts`), and says how to accept the change; a
///   pass removes that snapshot's earlier failure images.
public func assertSnapshot(
    of table: @autoclosure () throws -> Table, named name: String? = nil, theme: String? = nil, templateFolders: [String]? = nil,
    width: Double? = nil, appearance: Appearance? = nil, scale: Double = 2, contentSize: ContentSizeCategory? = nil,
    precision: Double = 1, perceptualPrecision: Double = 1, maxDiffPixels: Int = 0,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(of: try table(), as: .image(width: width, appearance: appearance, scale: scale, contentSize: contentSize, precision: precision,
                                               perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels),
                   named: name, theme: theme, templateFolders: templateFolders, record: record,
                   fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// Asserts that `table`, snapshotted `as` a strategy (`.image`, `.layout`, `.html`, `.pdf`),
/// is its reference, stored beside the test file at `__Snapshots__/<TestFile>/<test>.<name>.<ext>`
/// (or in `snapshotDirectory`). `theme` and `templateFolders` override the configuration's
/// (`withSnapshotTesting`, the `.snapshots` trait); template folders and images are found from
/// the test file's folder (an absolute path as it is).
public func assertSnapshot<Format>(
    of table: @autoclosure () throws -> Table, as strategy: Snapshotting<Table, Format>, named name: String? = nil,
    theme: String? = nil, templateFolders: [String]? = nil, record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    withSnapshotTesting(theme: theme, templateFolders: templateFolders) {
        assertSnapshot(of: table, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column, generic: ())
    }
}

/// Asserts that `value`, snapshotted `as` a strategy, is its reference, stored beside the test
/// file at `__Snapshots__/<TestFile>/<test>.<name>.<ext>` (or in `snapshotDirectory`), as
/// swift-snapshot-testing's `assertSnapshot(of:as:)`: a table, a document
/// (`DocumentFile("feed.json")`, drawn as `tablerender render` draws it), or any value through a
/// strategy of your own (`Snapshotting(pathExtension:diffing:snapshot:)`, `pullback`).
///
/// The record mode is `record:`, else the one of an enclosing `withSnapshotTesting` or
/// `.snapshots(…)` trait, else `TABLERENDER_SNAPSHOT_RECORD` (else `SNAPSHOT_TESTING_RECORD`),
/// else `missing`; a failure names the diff tool of the configuration or `TABLERENDER_DIFF_TOOL`
/// with the two files to compare.
public func assertSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
    record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                   fileID: fileID, file: filePath, testName: testName, line: line, column: column, generic: ())
}

/// The one assertion all the others call (the `generic` label keeps overloads apart).
private func assertSnapshot<Value, Format>(
    of value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?, record: RecordMode?, snapshotDirectory: String?,
    fileID: StaticString, file filePath: StaticString, testName: String, line: UInt, column: UInt, generic: Void
) {
    let location = Location(fileID: "\(fileID)", filePath: "\(filePath)", staticFile: filePath, line: line, column: column)
    if let message = verify(value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                            filePath: "\(filePath)", testName: testName, line: line) {
        location.fail(message)
    }
}

/// Asserts `value` as several strategies, each named by its key (`["light": .image, "layout":
/// .layout]`), as swift-snapshot-testing's `assertSnapshots`.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategies: [String: Snapshotting<Value, Format>], record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    for (name, strategy) in strategies.sorted(by: { $0.key < $1.key }) {
        assertSnapshot(of: value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory,
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column, generic: ())
    }
}

/// Asserts `value` as several strategies, numbered in order, as swift-snapshot-testing's
/// `assertSnapshots(of:as:)` with an array.
public func assertSnapshots<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategies: [Snapshotting<Value, Format>], record: RecordMode? = nil,
    snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line, column: UInt = #column
) {
    for strategy in strategies {
        assertSnapshot(of: value, as: strategy, named: nil, record: record, snapshotDirectory: snapshotDirectory,
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column, generic: ())
    }
}

/// What `assertSnapshot` would fail with, or nil when the snapshot matches its reference (or was
/// recorded without failing), as swift-snapshot-testing's `verifySnapshot`: for helpers that
/// report failures their own way.
public func verifySnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String? = nil,
    record: RecordMode? = nil, snapshotDirectory: String? = nil,
    file filePath: StaticString = #filePath, testName: String = #function, line: UInt = #line
) -> String? {
    verify(value, as: strategy, named: name, record: record, snapshotDirectory: snapshotDirectory, filePath: "\(filePath)", testName: testName, line: line)
}

private func verify<Value, Format>(
    _ value: () throws -> Value, as strategy: Snapshotting<Value, Format>, named name: String?, record: RecordMode?, snapshotDirectory: String?,
    filePath: String, testName function: String, line: UInt
) -> String? {
    let configuration = SnapshotTestingConfiguration.current
    // The testing library is an edge: the run's settings come from the test process's
    // environment (SOURCE_DATE_EPOCH, TABLERENDER_THEMES…), read here once per assertion.
    let environment = ProcessInfo.processInfo.environment
    RuntimeSettings.current = RuntimeSettings(environment: environment)
    do {
        let testFolder = (filePath as NSString).deletingLastPathComponent
        let mode = try record ?? configuration.record ?? RecordMode.fromEnvironment(default: .missing, variables: SnapshotEnvironment.record, environment: environment)
        let test = function.split(separator: "(").first.map(String.init) ?? function
        // A hint to record says what will work from where the mode came: the environment
        // cannot change a mode the code sets.
        func recording(_ wanted: String) -> String {
            if record != nil { return "set this assertion's record: to .\(wanted)" }
            if configuration.record != nil { return "set the enclosing withSnapshotTesting(record:) or .snapshots(record:) to .\(wanted)" }
            return "TABLERENDER_SNAPSHOT_RECORD=\(wanted) swift test --filter \(test)"
        }
        let location: SnapshotLocation
        switch SnapshotLocation.resolve(named: name, pathExtension: strategy.pathExtension, snapshotDirectory: snapshotDirectory,
                                        configuration: configuration, filePath: filePath, function: function, line: line) {
        case .success(let found): location = found
        case .failure(let message): return message.text
        }
        let (folder, reference, failures, stem, actualPath) = (location.folder, location.reference, location.failures, location.stem, location.actualPath)
        let diffTool = configuration.diffTool ?? ProcessInfo.processInfo.environment["TABLERENDER_DIFF_TOOL"].flatMap { $0.isEmpty ? nil : DiffTool(command: $0) }

        let step = mode.step(referenceExists: FileManager.default.fileExists(atPath: reference))
        let produced: Format
        do {
            // The reference, when it is to be compared, is read while the snapshot is made.
            produced = try SnapshotContext.$folder.withValue(testFolder) {
                try SnapshotContext.$reference.withValue(step == .compare ? reference : nil) {
                    try strategy.snapshot(try value())
                }
            }
        } catch {
            return "Could not render the snapshot: \(error)"
        }
        func writeReference() throws {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write([UInt8](try strategy.diffing.toData(produced)), to: reference)
        }
        /// Writes the actual snapshot and the files that show the difference out of the source
        /// tree, attaches them to the Swift Testing report, and returns their paths.
        func writeFailure(_ attachments: [DiffAttachment]) throws -> [String] {
            try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
            let actual = try strategy.diffing.toData(produced)
            var files = [(actualPath, actual)]
            for attachment in attachments { files.append((stem + "." + attachment.name, attachment.data)) }
            for (path, data) in files {
                try AtomicFile.write([UInt8](data), to: path)
                if Test.current != nil { Attachment.record([UInt8](data), named: (path as NSString).lastPathComponent) }
            }
            return files.map(\.0)
        }
        switch step {
        case .record:
            try writeReference()
            return "Recorded the reference \(reference) (record mode all). Run again with recording off to verify."
        case .failMissing:
            // CI keeps what would have been recorded, to upload with the failure.
            let written = try writeFailure([])
            return "No reference at \(reference). Record it: \(recording("missing")). The snapshot it would hold: \(written[0])"
        case .recordMissing:
            try writeReference()
            return "No reference existed; recorded \(reference). Run the test again to verify it."
        case .compare:
            break
        }
        guard let data = FileManager.default.contents(atPath: reference) else { return "Cannot read the reference \(reference)." }
        let expected: Format
        do { expected = try SnapshotContext.$reference.withValue(reference) { try strategy.diffing.fromData(data) } } catch {
            return "The reference \(reference) cannot be read (\((error as? Diagnostic)?.message ?? "\(error)")). Record it again: \(recording("all"))."
        }
        guard let (difference, attachments) = strategy.diffing.diff(expected, produced) else {
            // A pass leaves no failure of this snapshot behind.
            for path in [actualPath, stem + ".diff.png"] { try? FileManager.default.removeItem(atPath: path) }
            return nil
        }
        let written = try writeFailure(attachments)
        if mode.recordsMismatch {
            try writeReference()
            return "Snapshot did not match (\(difference)); recorded it again at \(reference) (record mode failed)."
        }
        let files = written.count > 1 ? "Actual: \(written[0])  Diff: \(written[1])" : "Actual: \(written[0])"
        let tool = diffTool.map { "\nCompare: " + $0.command(reference, actualPath) } ?? ""
        return """
            Snapshot does not match \(reference): \(difference)
            \(files)\(tool)
            If the change is intended, accept it: \(recording("failed"))
            """
    } catch {
        return "Could not render the snapshot: \(error)"
    }
}

/// Where a snapshot's reference and its failure files go, from the test's file, name and count.
private struct SnapshotLocation {
    struct Message: Error { let text: String }
    var folder, reference, failures, stem, actualPath: String

    static func resolve(named name: String?, pathExtension: String, snapshotDirectory: String?, configuration: SnapshotTestingConfiguration,
                        filePath: String, function: String, line: UInt) -> Result<SnapshotLocation, Message> {
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let testFolder = (filePath as NSString).deletingLastPathComponent
        let testFile = ((filePath as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = snapshotDirectory ?? configuration.snapshotDirectory ?? (testFolder + "/__Snapshots__/" + testFile)
        let arguments = SnapshotNaming.currentArguments()
        if name == nil, Test.Case.current?.isParameterized == true, arguments == nil {
            return .failure(Message(text: "This parameterised test's arguments could not be read for the snapshot's name: name it after them, assertSnapshot(of: …, named: \"\\(argument)\")."))
        }
        if name == nil, Test.current != nil, configuration.counter == nil, SnapshotNaming.repeatsTests {
            return .failure(Message(text: "This run repeats its tests, and an unnamed snapshot cannot tell one run of \(test) from the next: "
                + "give the test or its suite the .snapshots trait (each run then counts from 1), or name the snapshot (named:)."))
        }
        let resolved: SnapshotNaming.Resolved
        do {
            resolved = try SnapshotNaming.resolve(function: function, filePath: filePath, line: line, arguments: arguments, named: name,
                                                  counter: configuration.counter)
        } catch { return .failure(Message(text: error.message)) }
        let reference = folder + "/" + resolved.stem + "." + pathExtension
        do { try SnapshotNaming.claim(reference, identity: resolved.identity) } catch { return .failure(Message(text: error.message)) }
        let failures = SnapshotArtifacts.folder(testFile: testFile)
        let stem = failures + "/" + resolved.stem
        return .success(SnapshotLocation(folder: folder, reference: reference, failures: failures, stem: stem,
                                         actualPath: stem + ".actual." + pathExtension))
    }
}

/// The environment variables the assertions read, ours first, then swift-snapshot-testing's, so
/// that a CI set up for it works unchanged.
enum SnapshotEnvironment {
    static let record = ["TABLERENDER_SNAPSHOT_RECORD", "SNAPSHOT_TESTING_RECORD"]
    static let artifacts = ["TABLERENDER_SNAPSHOT_ARTIFACTS", "SNAPSHOT_ARTIFACTS"]
}

/// Where the images of a failed snapshot go: out of the source tree, under the folder that
/// `TABLERENDER_SNAPSHOT_ARTIFACTS` (else swift-snapshot-testing's `SNAPSHOT_ARTIFACTS`) names, else
/// under the build folder the tests run from (`.build/<triple>/debug/snapshot-failures`), in a
/// folder per test file.
enum SnapshotArtifacts {
    static func folder(testFile: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let named = SnapshotEnvironment.artifacts.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) {
            return (named as NSString).standardizingPath + "/" + testFile
        }
        return buildFolder() + "/snapshot-failures/" + testFile
    }

    /// The folder of the running test bundle (SwiftPM's `.build/<triple>/<configuration>`).
    static func buildFolder() -> String {
        var folder = ((Bundle.main.executablePath ?? CommandLine.arguments[0]) as NSString).deletingLastPathComponent
        // The test binary may sit inside a bundle folder (`Name.xctest/...`).
        while folder.contains(".xctest") { folder = (folder as NSString).deletingLastPathComponent }
        return folder
    }
}

/// Where the assertion was written; a failure is reported to whichever framework runs the test.
private struct Location {
    var fileID: String
    var filePath: String
    var staticFile: StaticString = #filePath
    var line: UInt
    var column: UInt

    func fail(_ message: String) {
        if Test.current != nil {
            Issue.record(Comment(rawValue: message),
                         sourceLocation: Testing.SourceLocation(fileID: fileID, filePath: filePath, line: Int(line), column: Int(column)))
        } else {
            XCTFail(message, file: staticFile, line: line)
        }
    }
}
