import Foundation
import Synchronization
// One import is enough in a test: the tables, items and sections, the renderer's options and the
// record modes come with `import TableRenderTesting`.
@_exported import TableRender
import TableSnapshot
import Testing
import XCTest

/// How references are recorded: `all`, `missing` (the default), `failed`, `never`.
public typealias RecordMode = TableSnapshot.RecordMode

/// Asserts that `table` renders as its reference image, stored beside the test file at
/// `__Snapshots__/<TestFile>/<test>.<name>.png`. Works in XCTest and in Swift Testing on Linux.
/// `contentSize` renders at a Dynamic Type text size (`.AX3`); name such snapshots after it.
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
    let location = Location(fileID: "\(fileID)", filePath: "\(filePath)", staticFile: filePath, line: line, column: column)
    do {
        let renderer = try Renderer(theme: theme, templateFolders: templateFolders,
                                    assetsFolder: (("\(filePath)" as NSString).deletingLastPathComponent), contentSize: contentSize)
        let png = try renderer.png(try renderer.layout(table, width: width), appearance: appearance, scale: scale)[0]
        let mode = try record ?? RecordMode.fromEnvironment(default: .missing)
        let testFile = (("\(filePath)" as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (("\(filePath)" as NSString).deletingLastPathComponent) + "/__Snapshots__/" + testFile
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let arguments = SnapshotNaming.currentArguments()
        if name == nil, Test.Case.current?.isParameterized == true, arguments == nil {
            return location.fail("This parameterised test's arguments could not be read for the snapshot's name: name it after them, assertSnapshot(of: …, named: \"\\(argument)\").")
        }
        let reference = folder + "/" + sanitised(SnapshotNaming.name(test: test, arguments: arguments, named: name, key: "\(filePath)#\(function)")) + ".png"
        let actual = try RGBAImage(png: png, name: reference)
        let exists = FileManager.default.fileExists(atPath: reference)
        func writeReference() throws(Diagnostic) {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try AtomicFile.write(png, to: reference)
        }
        if mode == .all {
            try writeReference()
            return location.fail("Recorded the reference \(reference) (record mode all). Run again with recording off to verify.")
        }
        guard exists else {
            if mode == .never {
                return location.fail("No reference at \(reference). Record it with TABLERENDER_SNAPSHOT_RECORD=missing swift test.")
            }
            try writeReference()
            return location.fail("No reference existed; recorded \(reference). Run the test again to verify it.")
        }
        guard let data = FileManager.default.contents(atPath: reference) else { return location.fail("Cannot read the reference \(reference).") }
        let expected: RGBAImage
        do { expected = try RGBAImage(png: [UInt8](data), name: reference) } catch {
            return location.fail("The reference \(reference) is not a readable PNG (\(error.message)). Record it again with TABLERENDER_SNAPSHOT_RECORD=all.")
        }
        let comparison = ImageComparison.compare(expected: expected, actual: actual,
                                                 options: ComparisonOptions(precision: precision, perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels))
        let failures = SnapshotArtifacts.folder(testFile: testFile)
        let stem = failures + "/" + ((reference as NSString).lastPathComponent as NSString).deletingPathExtension
        if comparison.matches {
            // A pass leaves no failure of this snapshot behind.
            for suffix in [".actual.png", ".diff.png"] { try? FileManager.default.removeItem(atPath: stem + suffix) }
            return
        }
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        try AtomicFile.write(png, to: stem + ".actual.png")
        if let diff = comparison.diff { try AtomicFile.write(try diff.png(), to: stem + ".diff.png") }
        if mode == .failed {
            try writeReference()
            return location.fail("Snapshot did not match (\(comparison.summary)); recorded it again (record mode failed).")
        }
        location.fail("""
            Snapshot does not match \(reference): \(comparison.summary).
            Actual: \(stem).actual.png  Diff: \(stem).diff.png
            If the change is intended, accept it: TABLERENDER_SNAPSHOT_RECORD=failed swift test --filter \(test)
            """)
    } catch {
        location.fail("Could not render the snapshot: \(error)")
    }
}

private func sanitised(_ name: String) -> String {
    String(name.unicodeScalars.map { scalar -> Character in
        (scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || ".-_@+".unicodeScalars.contains(scalar))) ? Character(scalar) : "_"
    })
}

/// Where the images of a failed snapshot go: out of the source tree, under the folder that
/// `TABLERENDER_SNAPSHOT_ARTIFACTS` names (as swift-snapshot-testing's `SNAPSHOT_ARTIFACTS`), else
/// under the build folder the tests run from (`.build/<triple>/debug/snapshot-failures`), in a
/// folder per test file.
enum SnapshotArtifacts {
    static func folder(testFile: String) -> String {
        if let named = ProcessInfo.processInfo.environment["TABLERENDER_SNAPSHOT_ARTIFACTS"], !named.isEmpty {
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

/// A snapshot's name: a function of its test, the test case's arguments and its place in that
/// test case alone, never of the order test cases run in. Unnamed snapshots of one test case are
/// numbered 1, 2, 3 in call order; in a parameterised Swift Testing test the case's arguments
/// come first (`render.dark_390.1`), so that cases running at the same time never share a
/// number or a file.
enum SnapshotNaming {
    private static let counts = Mutex([String: Int]())

    /// - Parameter arguments: the running case's, from `currentArguments()`.
    static func name(test: String, arguments: String?, named name: String?, key: String) -> String {
        let prefix = arguments.map { "\(test).\($0)" } ?? test
        if let name { return "\(prefix).\(name)" }
        // One count per running test case (its task), restarting when a test runs again.
        let run = withUnsafeCurrentTask { task in task.map { String($0.hashValue) } ?? "main" }
        let number = counts.withLock { counts -> Int in
            let slot = key + "#" + (arguments ?? "") + "#" + run
            counts[slot, default: 0] += 1
            return counts[slot]!
        }
        return "\(prefix).\(number)"
    }

    /// The arguments of the running Swift Testing case, as the test names them
    /// (`String(describingForTest:)`, joined by `_`), or nil outside a parameterised test.
    static func currentArguments() -> String? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        // Swift Testing keeps a case's arguments out of its public interface; they are read by
        // reflection, as its own reporters describe them.
        func find(_ label: String, in value: Any, depth: Int) -> Any? {
            for child in Mirror(reflecting: value).children {
                if child.label == label { return child.value }
                if depth > 0, let found = find(label, in: child.value, depth: depth - 1) { return found }
            }
            return nil
        }
        guard let arguments = find("arguments", in: testCase, depth: 3) else { return nil }
        let values = Mirror(reflecting: arguments).children.compactMap { argument -> String? in
            Mirror(reflecting: argument.value).descendant("value").map { value in
                // Text as it is; anything else as the test names it.
                (value as? any StringProtocol).map { String($0) } ?? String(describingForTest: value)
            }
        }
        return values.isEmpty ? nil : values.joined(separator: "_")
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
