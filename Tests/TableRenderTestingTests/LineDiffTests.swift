import Foundation
@testable import TableRenderTesting
import Testing

/// The text diff of a failing text snapshot: every change shown where it is, as `diff -u`
/// shows it, and as short as GNU diff's own minimal script (the oracle).
@Suite struct LineDiffTests {
    /// A change at row 19 of 20 is in the message (the old diff showed 12 lines of each side
    /// from the first difference and "… more" after them).
    @Test func aChangeNearTheEndIsShown() {
        let rows = (1...20).map { "row \($0)\n  label 0,11 100×22\n    | Title \($0)" }
        var changed = rows
        changed[18] = "row 19\n  label 0,11 100×22\n    | Title nineteen"
        changed[1] = "row 2\n  label 0,11 101×22\n    | Title 2"
        let diff = LineDiff.unified(expected: rows.joined(separator: "\n"), actual: changed.joined(separator: "\n"))
        #expect(diff.contains("-    | Title 19\n+    | Title nineteen"), "\(diff)")
        #expect(diff.contains("-  label 0,11 100×22\n+  label 0,11 101×22"), "\(diff)")
        #expect(diff.hasPrefix("@@ -2,7 +2,7 @@\n"), "\(diff)")
        #expect(diff.contains("@@ -54,7 +54,7 @@\n     | Title 18\n row 19\n   label 0,11 100×22\n-    | Title 19\n+    | Title nineteen\n row 20\n"), "\(diff)")
    }

    @Test func equalTextsHaveNoDiff() {
        #expect(LineDiff.unified(expected: "a\nb", actual: "a\nb").isEmpty)
    }

    /// Random texts against `diff --minimal -u`: the same number of removed and added lines (both
    /// scripts are shortest), the same hunk headers where the script is unique, and our edits
    /// turn the old text into the new one.
    @Test(arguments: 1...4)
    func asShortAsGNUDiff(seed: UInt64) throws {
        var random = Seeded(seed)
        let vocabulary = ["cell", "row 1", "row 2", "label 0,11 176×22", "| Wi-Fi", "| Home", "switch 221,6.5 51×31", "", "stack 0,0 288×44"]
        for _ in 0..<25 {
            let old = (0..<random.next(upTo: 60)).map { _ in vocabulary[random.next(upTo: vocabulary.count)] }
            var new = old
            for _ in 0..<random.next(upTo: 8) {
                switch random.next(upTo: 3) {
                case 0 where !new.isEmpty: new.remove(at: random.next(upTo: new.count))
                case 1: new.insert(vocabulary[random.next(upTo: vocabulary.count)], at: random.next(upTo: new.count + 1))
                default: if !new.isEmpty { new[random.next(upTo: new.count)] = vocabulary[random.next(upTo: vocabulary.count)] }
                }
            }
            let edits = LineDiff.edits(old, new)
            var rebuilt: [String] = []
            for edit in edits {
                switch edit {
                case .same(let x, let y): #expect(old[x] == new[y]); rebuilt.append(old[x])
                case .insert(let y): rebuilt.append(new[y])
                case .delete: break
                }
            }
            #expect(rebuilt == new)
            let ours = LineDiff.unified(expected: old.joined(separator: "\n"), actual: new.joined(separator: "\n"))
            let theirs = try Self.gnuDiff(old, new)
            func count(_ text: String, _ mark: Character) -> Int { text.split(separator: "\n").filter { $0.first == mark && !$0.hasPrefix("---") && !$0.hasPrefix("+++") }.count }
            #expect(count(ours, "-") == count(theirs, "-") && count(ours, "+") == count(theirs, "+"), "ours:\n\(ours)\ndiff:\n\(theirs)")
        }
    }

    /// GNU diff's minimal unified diff of two texts, without its file header.
    static func gnuDiff(_ old: [String], _ new: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablerender-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The texts as the snapshot compares them: lines joined, no newline at the end.
        try old.joined(separator: "\n").appending("\n").write(to: folder.appendingPathComponent("old"), atomically: true, encoding: .utf8)
        try new.joined(separator: "\n").appending("\n").write(to: folder.appendingPathComponent("new"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/diff")
        process.arguments = ["--minimal", "-u", folder.appendingPathComponent("old").path, folder.appendingPathComponent("new").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A small seeded generator (SplitMix64), so that a failure is the same on every run.
    struct Seeded {
        var state: UInt64
        init(_ seed: UInt64) { state = seed }
        mutating func next(upTo bound: Int) -> Int {
            guard bound > 0 else { return 0 }
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }
}
