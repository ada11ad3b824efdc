import Foundation
import Synchronization
import TableCairo
// One import is enough in a test: the tables, items and sections, the renderer's options and the
// record modes come with `import TableRenderTesting`.
@_exported import TableRender
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
    of table: Table, named name: String? = nil, theme: String = "ios", templateFolders: [String] = [], width: Double = 390,
    appearance: Appearance = .light, scale: Double = 2, contentSize: ContentSizeCategory = .large,
    precision: Double = 1, perceptualPrecision: Double = 1, maxDiffPixels: Int = 0,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column
) {
    assertSnapshot(of: table, as: .image(width: width, appearance: appearance, scale: scale, contentSize: contentSize, precision: precision,
                                         perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels),
                   named: name, theme: theme, templateFolders: templateFolders, record: record,
                   fileID: fileID, filePath: filePath, function: function, line: line, column: column)
}

/// Asserts that `table`, snapshotted `as` a strategy (`.image`, `.layout`, `.html`, `.pdf`),
/// is its reference, stored beside the test file at `__Snapshots__/<TestFile>/<test>.<name>.<ext>`
/// (or in `snapshotDirectory`). `templateFolders` and images are found from the test file's folder
/// (an absolute path as it is). The record mode is `record:`, else the one of an enclosing
/// `withSnapshotTesting` or `.snapshots(…)` trait, else `TABLERENDER_SNAPSHOT_RECORD`, else
/// `missing`; a failure names the diff tool of `TABLERENDER_DIFF_TOOL` or the configuration with
/// the two files to compare.
public func assertSnapshot(
    of table: Table, as strategy: Snapshotting, named name: String? = nil, theme: String = "ios", templateFolders: [String] = [],
    record: RecordMode? = nil, snapshotDirectory: String? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: "\(fileID)", filePath: "\(filePath)", staticFile: filePath, line: line, column: column)
    let configuration = SnapshotTestingConfiguration.current
    do {
        let testFolder = ("\(filePath)" as NSString).deletingLastPathComponent
        // Template folders, as images, are found from the test file's folder.
        let folders = templateFolders.map { $0.hasPrefix("/") ? $0 : testFolder + "/" + $0 }
        let renderer = try Renderer(theme: theme, templateFolders: folders, assetsFolder: testFolder, contentSize: strategy.contentSize,
                                    locale: strategy.locale, direction: strategy.direction)
        let mode = try record ?? configuration.record ?? RecordMode.fromEnvironment(default: .missing, variables: SnapshotEnvironment.record)
        // A hint to record says what will work from where the mode came: the environment
        // cannot change a mode the code sets.
        func recording(_ wanted: String, test: String) -> String {
            if record != nil { return "set this assertion's record: to .\(wanted)" }
            if configuration.record != nil { return "set the enclosing withSnapshotTesting(record:) or .snapshots(record:) to .\(wanted)" }
            return "TABLERENDER_SNAPSHOT_RECORD=\(wanted) swift test --filter \(test)"
        }
        let testFile = (("\(filePath)" as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = snapshotDirectory ?? configuration.snapshotDirectory ?? (testFolder + "/__Snapshots__/" + testFile)
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let arguments = SnapshotNaming.currentArguments()
        if name == nil, Test.Case.current?.isParameterized == true, arguments == nil {
            return location.fail("This parameterised test's arguments could not be read for the snapshot's name: name it after them, assertSnapshot(of: …, named: \"\\(argument)\").")
        }
        if name == nil, Test.current != nil, configuration.counter == nil, SnapshotNaming.repeatsTests {
            return location.fail("This run repeats its tests, and an unnamed snapshot cannot tell one run of \(test) from the next: "
                                 + "give the test or its suite the .snapshots trait (each run then counts from 1), or name the snapshot (named:).")
        }
        let resolved: SnapshotNaming.Resolved
        do {
            resolved = try SnapshotNaming.resolve(function: function, filePath: "\(filePath)", line: line, arguments: arguments, named: name,
                                                  counter: configuration.counter)
        } catch { return location.fail(error.message) }
        let stemName = resolved.stem
        let reference = folder + "/" + stemName + "." + strategy.pathExtension
        do { try SnapshotNaming.claim(reference, identity: resolved.identity) } catch { return location.fail(error.message) }
        let failures = SnapshotArtifacts.folder(testFile: testFile)
        let stem = failures + "/" + stemName
        let actualPath = stem + ".actual." + strategy.pathExtension
        let diffTool = configuration.diffTool ?? ProcessInfo.processInfo.environment["TABLERENDER_DIFF_TOOL"].flatMap { $0.isEmpty ? nil : $0 }
        let produced: [UInt8]
        // An image's reference also says where its rows are (`RowPlaces`) and what its masks cover.
        var rows: String?
        var maskedPixels: [PixelRect] = []
        let maskKey = Snapshotter.maskKey
        switch strategy.kind {
        case .image(let scale, _, _, _, let names):
            let laidOut = try renderer.layout(table, width: strategy.width)
            let masks = Masks(names)
            if let missing = masks.unmatched(in: laidOut).first {
                return location.fail(Suggestions.unknown("mask", missing, known: Masks.known(in: laidOut))
                                     + ": a mask names a view id, a row id or a JSON path such as $.sections[0].items[2].")
            }
            rows = RowPlaces.text(of: laidOut)
            maskedPixels = laidOut.pages.first.map { masks.pixelRegions(on: $0, scale: scale) } ?? []
            var png = PNGEncoder.addingText(try renderer.png(laidOut, appearance: strategy.appearance, scale: scale, masks: masks)[0],
                                            key: "tablerender:rows", text: rows ?? "")
            if !maskedPixels.isEmpty { png = PNGEncoder.addingText(png, key: maskKey, text: PixelRect.text(maskedPixels)) }
            produced = png
        case .layout:
            produced = Array(SnapshotText.layout(try renderer.layout(table, width: strategy.width, page: .content)).utf8)
        case .html:
            produced = Array(try renderer.html(try renderer.layout(table, width: strategy.width, page: .content), appearance: strategy.appearance,
                                               language: strategy.locale).utf8)
        case .pdf(let page):
            produced = Array(SnapshotText.pdf(try renderer.layout(table, page: page)).utf8)
        }
        func writeReference() throws(Diagnostic) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(produced, to: reference)
        }
        switch mode.step(referenceExists: FileManager.default.fileExists(atPath: reference)) {
        case .record:
            try writeReference()
            return location.fail("Recorded the reference \(reference) (record mode all). Run again with recording off to verify.")
        case .failMissing:
            return location.fail("No reference at \(reference). Record it: \(recording("missing", test: test)).")
        case .recordMissing:
            try writeReference()
            return location.fail("No reference existed; recorded \(reference). Run the test again to verify it.")
        case .compare:
            break
        }
        guard let data = FileManager.default.contents(atPath: reference) else { return location.fail("Cannot read the reference \(reference).") }
        // What differs, and the images or text that show it; nil when the snapshot matches.
        var difference: String?
        var written = [actualPath]
        switch strategy.kind {
        case .image(_, let precision, let perceptualPrecision, let maxDiffPixels, _):
            var actual = try RGBAImage(png: produced, name: reference)
            var expected: RGBAImage
            do { expected = try RGBAImage(png: [UInt8](data), name: reference) } catch {
                return location.fail("The reference \(reference) is not a readable PNG (\(error.message)). Record it again: \(recording("all", test: test)).")
            }
            // What either image masked is left out of both: the region does not follow the
            // masked view's content.
            let masked = maskedPixels + (PNGEncoder.text(in: [UInt8](data), key: maskKey).map(PixelRect.parse) ?? [])
            if !masked.isEmpty, !maskedPixels.isEmpty {
                expected = expected.filling(masked, red: 255, green: 0, blue: 255)
                actual = actual.filling(masked, red: 255, green: 0, blue: 255)
            }
            let comparison = ImageComparison.compare(expected: expected, actual: actual,
                                                     options: ComparisonOptions(precision: precision, perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels))
            if !comparison.matches {
                difference = comparison.summary + "."
                if comparison.sizes != nil, let rows, let before = RowPlaces.read([UInt8](data)),
                   let changes = RowPlaces.changes(reference: before, actual: rows) {
                    difference = comparison.summary + "; " + changes + "."
                }
                try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
                if let diff = comparison.diff {
                    try AtomicFile.write(try diff.png(), to: stem + ".diff.png")
                    written.append(stem + ".diff.png")
                }
            }
        case .layout, .html, .pdf:
            let expected = String(decoding: data, as: UTF8.self), actual = String(decoding: produced, as: UTF8.self)
            if expected != actual { difference = "the text differs:\n" + SnapshotText.difference(expected: expected, actual: actual) }
        }
        guard let difference else {
            // A pass leaves no failure of this snapshot behind.
            for path in [actualPath, stem + ".diff.png"] { try? FileManager.default.removeItem(atPath: path) }
            return
        }
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try AtomicFile.write(produced, to: actualPath)
        if mode.recordsMismatch {
            try writeReference()
            return location.fail("Snapshot did not match (\(difference)); recorded it again at \(reference) (record mode failed).")
        }
        let files = written.count > 1 ? "Actual: \(written[0])  Diff: \(written[1])" : "Actual: \(written[0])"
        let tool = diffTool.map { "\nCompare: \($0) \"\(reference)\" \"\(actualPath)\"" } ?? ""
        location.fail("""
            Snapshot does not match \(reference): \(difference)
            \(files)\(tool)
            If the change is intended, accept it: \(recording("failed", test: test))
            """)
    } catch {
        location.fail("Could not render the snapshot: \(error)")
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
