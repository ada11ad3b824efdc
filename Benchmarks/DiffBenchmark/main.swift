// The section-state diff benchmark: tablerender's changeset (match by id, longest increasing
// subsequence, O(n log n)) on 10,000 and 100,000 unique ids with 10 % deleted, 10 % inserted and
// 10 % moved, beside an LCS table diff (O(n·m), as TableViewKit computes it) at 1,000 and 10,000.
// usage: swift run -c release --package-path Benchmarks diff-benchmark
import Foundation
import TableRender

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func lists(_ count: Int) -> (old: [Int], new: [Int], movedAway: Int) {
    var random = SplitMix(state: UInt64(count))
    let old = Array(0..<count)
    var new = old.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
    let moves = count / 10
    for _ in 0..<moves {
        let row = new.remove(at: Int.random(in: 0..<new.count, using: &random))
        new.insert(row, at: Int.random(in: 0...new.count, using: &random))
    }
    for id in count..<(count + count / 10) { new.insert(id, at: Int.random(in: 0...new.count, using: &random)) }
    return (old, new, moves)
}

/// The seed's approach: a full LCS table, then a walk back; what is not in the LCS is a delete
/// or an insert (it cannot tell a move).
func lcsTableDiff(_ old: [Int], _ new: [Int]) -> Int {
    let n = old.count, m = new.count
    var table = [UInt32](repeating: 0, count: (n + 1) * (m + 1))
    for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
            table[i * (m + 1) + j] = old[i] == new[j] ? table[(i + 1) * (m + 1) + j + 1] + 1
                : max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1])
        }
    }
    return Int(table[0])
}

func median(_ runs: Int, _ body: () -> Void) -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[runs / 2]
}

func peakRSS() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}

func row(_ columns: [String], _ widths: [Int]) -> String {
    zip(columns, widths).map { text, width in
        width < 0 ? text.padding(toLength: -width, withPad: " ", startingAt: 0) : String(repeating: " ", count: max(0, width - text.count)) + text
    }.joined(separator: "  ")
}
let widths = [-40, 9, 7, 16, -30]
print(row(["diff (10 % deleted, inserted, moved)", "ms", "target", "moves / minimal", "memory"], widths))
for count in [10_000, 100_000] {
    let (old, new, _) = lists(count)
    var result = Changeset()
    let before = peakRSS()
    let time = median(9) { result = (try? Changeset.between(old, new)) ?? Changeset() }
    let grown = max(0, peakRSS() - before)
    let position = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let matched = new.compactMap { position[$0] }
    let minimal = matched.count - Changeset.longestIncreasingSubsequenceLength(matched)
    assert(result.applied(to: old, new: new) == new)
    print(row(["tablerender changeset, \(count) ids", String(format: "%.2f", time), count == 10_000 ? "≤ 1" : "≤ 20",
               "\(result.moves.count) / \(minimal)", "peak +\(grown / 1024) MB"], widths))
}
for count in [1_000, 10_000] {
    let (old, new, _) = lists(count)
    var length = 0
    let time = median(count > 1_000 ? 1 : 5) { length = lcsTableDiff(old, new) }
    print(row(["naive LCS table (seed), \(count) ids", String(format: "%.2f", time), "", "no moves",
               "table \((count + 1) * (count + 1) * 4 / 1_048_576) MB, LCS \(length)"], widths))
}
