/// Lines that differ, as `diff -u` shows them: the shortest edit script (Myers, "An O(ND)
/// Difference Algorithm and Its Variations", 1986) in hunks with unchanged lines of context
/// around each change, so that a change anywhere in a long text is shown where it is.
enum LineDiff {
    enum Edit: Equatable {
        /// A line of both texts: its index in the old and in the new.
        case same(Int, Int)
        /// A line of the old text only.
        case delete(Int)
        /// A line of the new text only.
        case insert(Int)
    }

    /// The most differing lines the exact script is searched for (its memory grows with their
    /// square); beyond, the lines between the common start and end are shown as replaced.
    static let maximumDifferences = 1_000

    /// The edits that turn `old` into `new`, fewest first: every line of both, in order.
    static func edits<Line: Equatable>(_ old: [Line], _ new: [Line]) -> [Edit] {
        // The common start and end are set aside; the search runs on what lies between.
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let a = old[prefix..<(old.count - suffix)], b = new[prefix..<(new.count - suffix)]
        var middle = shortest(Array(a), Array(b)) ?? (a.indices.map { .delete($0 - prefix) } + b.indices.map { .insert($0 - prefix) })
        middle = middle.map { edit in
            switch edit {
            case .same(let x, let y): return .same(x + prefix, y + prefix)
            case .delete(let x): return .delete(x + prefix)
            case .insert(let y): return .insert(y + prefix)
            }
        }
        return (0..<prefix).map { .same($0, $0) } + middle
            + (0..<suffix).map { .same(old.count - suffix + $0, new.count - suffix + $0) }
    }

    /// Myers' greedy search for the shortest edit script of `a` into `b`, with the furthest
    /// reaching point of each diagonal kept for every number of differences to walk back; nil
    /// when more than `maximumDifferences` lines differ.
    private static func shortest<Line: Equatable>(_ a: [Line], _ b: [Line]) -> [Edit]? {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let limit = min(n + m, maximumDifferences)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        for d in 0...limit {
            trace.append(furthest)
            for k in stride(from: -d, through: d, by: 2) {
                var x = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1])
                    ? furthest[offset + k + 1] : furthest[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                furthest[offset + k] = x
                if x >= n, y >= m { return walkBack(trace, n: n, m: m, offset: offset) }
            }
        }
        return nil
    }

    /// The edits from the end back to the start along the furthest points `trace` kept.
    private static func walkBack(_ trace: [[Int]], n: Int, m: Int, offset: Int) -> [Edit] {
        var edits: [Edit] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let furthest = trace[d], k = x - y
            let previousK = k == -d || (k != d && furthest[offset + k - 1] < furthest[offset + k + 1]) ? k + 1 : k - 1
            let previousX = furthest[offset + previousK], previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1; y -= 1
                edits.append(.same(x, y))
            }
            if d > 0 {
                if x == previousX { edits.append(.insert(previousY)) } else { edits.append(.delete(previousX)) }
            }
            x = previousX
            y = previousY
        }
        return edits.reversed()
    }

    /// `diff -u`'s hunks of `expected` into `actual` (without the file header lines): each
    /// change with `context` unchanged lines before and after, `-` for expected lines, `+` for
    /// actual ones; at most `maximumLines` lines, then how many more there are.
    static func unified(expected: String, actual: String, context: Int = 3, maximumLines: Int = 400) -> String {
        let old = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let new = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let script = edits(old, new)
        let changed = script.indices.filter { if case .same = script[$0] { return false } else { return true } }
        guard !changed.isEmpty else { return "" }
        // Changes closer than twice the context share a hunk.
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(script.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                hunks.append(range)
            }
        }
        var lines: [String] = []
        for hunk in hunks {
            var oldStart: Int?, newStart: Int?, oldCount = 0, newCount = 0
            var body: [String] = []
            for edit in script[hunk] {
                switch edit {
                case .same(let x, let y):
                    oldStart = oldStart ?? x; newStart = newStart ?? y
                    oldCount += 1; newCount += 1
                    body.append(" " + old[x])
                case .delete(let x):
                    oldStart = oldStart ?? x
                    oldCount += 1
                    body.append("-" + old[x])
                case .insert(let y):
                    newStart = newStart ?? y
                    newCount += 1
                    body.append("+" + new[y])
                }
            }
            // As diff: a side with no lines in the hunk is numbered by the line before it.
            let oldFirst = oldCount == 0 ? hunkStart(script, hunk, old: true) : (oldStart ?? 0) + 1
            let newFirst = newCount == 0 ? hunkStart(script, hunk, old: false) : (newStart ?? 0) + 1
            lines.append("@@ -\(oldFirst),\(oldCount) +\(newFirst),\(newCount) @@")
            lines += body
        }
        guard lines.count > maximumLines else { return lines.joined(separator: "\n") + "\n" }
        return lines.prefix(maximumLines).joined(separator: "\n") + "\n… \(lines.count - maximumLines) more lines of the diff\n"
    }

    /// The number of the line before `hunk` on one side (0 at the start), for a side with none in it.
    private static func hunkStart(_ script: [Edit], _ hunk: ClosedRange<Int>, old: Bool) -> Int {
        var count = 0
        for edit in script[..<hunk.lowerBound] {
            switch edit {
            case .same: count += 1
            case .delete: if old { count += 1 }
            case .insert: if !old { count += 1 }
            }
        }
        return count
    }
}
