import Foundation
import Synchronization

/// Golden files: a test compares its output with a file committed beside it. Run the tests with
/// `TABLERENDER_RECORD=1` to write the files anew on purpose, then review the diff.
public enum Golden {
    public static var recording: Bool { ProcessInfo.processInfo.environment["TABLERENDER_RECORD"] == "1" }

    /// The folder `Golden` next to the calling test file.
    public static func url(_ name: String, testFile: String) -> URL {
        URL(fileURLWithPath: testFile).deletingLastPathComponent().appendingPathComponent("Golden").appendingPathComponent(name)
    }

    /// nil when `actual` equals the golden file; otherwise what differs (or that it was recorded).
    public static func check(_ actual: String, _ name: String, testFile: String = #filePath) -> String? {
        check(Data(actual.utf8), name, testFile: testFile) { expected in
            let old = String(decoding: expected, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
            for index in 0..<max(old.count, new.count) {
                let a = index < old.count ? String(old[index]) : "<end>"
                let b = index < new.count ? String(new[index]) : "<end>"
                if a != b { return "line \(index + 1):\n  expected: \(a)\n  actual:   \(b)" }
            }
            return "differs"
        }
    }

    public static func check(_ actual: [UInt8], _ name: String, testFile: String = #filePath) -> String? {
        check(Data(actual), name, testFile: testFile) { expected in "\(expected.count) bytes expected, \(actual.count) bytes rendered" }
    }

    private static func check(_ actual: Data, _ name: String, testFile: String, explain: (Data) -> String) -> String? {
        let url = url(name, testFile: testFile)
        if recording {
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? actual.write(to: url)
            return nil
        }
        guard let expected = FileManager.default.contents(atPath: url.path) else {
            return "no golden file \(url.path); run TABLERENDER_RECORD=1 swift test to record it"
        }
        if expected == actual { return nil }
        let failed = url.deletingPathExtension().path + ".actual." + url.pathExtension
        try? actual.write(to: URL(fileURLWithPath: failed))
        return "\(name) differs from its golden file (actual written to \(failed)): " + explain(expected)
    }
}

/// Paths of the repository, for tests that use the bundled themes and examples.
public enum Repository {
    public static let root: String = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url.path }
        }
        return FileManager.default.currentDirectoryPath
    }()

    public static func path(_ relative: String) -> String { root + "/" + relative }

    /// A fresh empty folder under the system's temporary folder, removed when the test process
    /// ends (tests leave nothing behind).
    public static func temporaryFolder() -> String {
        let path = NSTemporaryDirectory() + "tablerender-tests-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        TemporaryFolders.made.withLock { folders in
            if folders.isEmpty { atexit { TemporaryFolders.removeAll() } }
            folders.append(path)
        }
        return path
    }

    /// Writes `files` (relative path → contents) into a fresh folder and returns it.
    public static func folder(with files: [String: String]) -> String {
        let root = temporaryFolder()
        for (name, contents) in files {
            let path = root + "/" + name
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data(contents.utf8))
        }
        return root
    }
}

/// The temporary folders tests made, removed at exit.
enum TemporaryFolders {
    static let made = Mutex([String]())

    static func removeAll() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
