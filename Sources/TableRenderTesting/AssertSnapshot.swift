import Foundation
import TableRender
import TableSnapshot
import Testing
import XCTest

/// Asserts that `table` renders as its reference image, stored beside the test file at
/// `__Snapshots__/<TestFile>/<test>.<name>.png`. Works in XCTest and in Swift Testing on Linux.
///
/// - A missing reference is recorded, and the assertion fails so that the next run verifies it
///   (record mode `missing`). `record:` or `TABLERENDER_SNAPSHOT_RECORD` (`all`, `missing`,
///   `failed`, `never`) change that; CI should use `never`.
/// - A mismatch fails with what differs and writes the actual and diff images next to the
///   reference's folder under `__Snapshots__/.failures/`, and says how to accept the change.
public func assertSnapshot(
    of table: Table, named name: String? = nil, theme: String = "ios", templateFolders: [String] = [], width: Double = 390,
    appearance: Appearance = .light, scale: Double = 2, precision: Double = 1, perceptualPrecision: Double = 1,
    record: RecordMode? = nil,
    fileID: StaticString = #fileID, filePath: StaticString = #filePath, function: String = #function, line: UInt = #line, column: UInt = #column
) {
    let location = Location(fileID: "\(fileID)", filePath: "\(filePath)", staticFile: filePath, line: line, column: column)
    do {
        let renderer = try Renderer(theme: theme, templateFolders: templateFolders,
                                    assetsFolder: (("\(filePath)" as NSString).deletingLastPathComponent))
        let png = try renderer.png(try renderer.layout(table, width: width), appearance: appearance, scale: scale)[0]
        let mode = try record ?? RecordMode.fromEnvironment(default: .missing)
        let testFile = (("\(filePath)" as NSString).lastPathComponent as NSString).deletingPathExtension
        let folder = (("\(filePath)" as NSString).deletingLastPathComponent) + "/__Snapshots__/" + testFile
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let reference = folder + "/" + sanitised("\(test).\(name ?? SnapshotCounter.next(for: "\(filePath)#\(function)"))") + ".png"
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
                                                 options: ComparisonOptions(precision: precision, perceptualPrecision: perceptualPrecision))
        if comparison.matches { return }
        let failures = folder + "/.failures"
        try? FileManager.default.createDirectory(atPath: failures, withIntermediateDirectories: true)
        let stem = failures + "/" + ((reference as NSString).lastPathComponent as NSString).deletingPathExtension
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

/// Unnamed snapshots of one test are numbered 1, 2, 3 in call order.
private enum SnapshotCounter {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var counts: [String: Int] = [:]

    static func next(for test: String) -> String {
        lock.lock()
        defer { lock.unlock() }
        counts[test, default: 0] += 1
        return String(counts[test]!)
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
