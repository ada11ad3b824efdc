/// The changes that turn one ordered list of ids into another, in the form a `UITableView` batch
/// update takes: deletes at old indices, inserts at new indices, moves from an old to a new index,
/// and updates (same id, different content) at old indices.
public struct Changeset: Sendable, Hashable, CustomStringConvertible {
    /// A row that moved: its index in the old list and in the new one.
    public struct Move: Sendable, Hashable, CustomStringConvertible {
        /// Its index in the old list.
        public var from: Int
        /// Its index in the new list.
        public var to: Int

        /// The move of the row at `from` in the old list to `to` in the new one.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        /// `from→to`.
        public var description: String { "\(from)→\(to)" }
    }

    /// Old indices, ascending.
    public var deletes: [Int] = []
    /// New indices, ascending.
    public var inserts: [Int] = []
    /// Old index to new index, ascending by new index. Only items that had to move: the others
    /// are a longest increasing subsequence of the matched items and stay.
    public var moves: [Move] = []
    /// Old indices of items whose id stayed and whose content changed, ascending.
    public var updates: [Int] = []

    /// A changeset of these deletes, inserts, moves and updates.
    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = [], updates: [Int] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The changes in a line: `delete […] insert […] move […] update […]`.
    public var description: String {
        "deletes \(deletes) inserts \(inserts) moves \(moves) updates \(updates)"
    }

    /// A repeated id makes a list ambiguous; it is refused.
    public struct DuplicateID<ID: Hashable & Sendable>: Error, Sendable {
        /// The id that appears more than once.
        public var id: ID
        /// Whether the repeat is in the old list (`false`: in the new one).
        public var inOld: Bool
    }

    /// The changeset from `old` to `new`: items are matched by id; the matched items that keep
    /// their relative order are a longest increasing subsequence of their old indices (found by
    /// patience sorting, O(n log n)), so the number of moves is the smallest possible. The common
    /// prefix and suffix are set aside first. `isUpdated(oldIndex, newIndex)` tells whether a
    /// matched item's content changed.
    @_specialize(exported: true, where ID == String)
    @_specialize(exported: true, where ID == Int)
    public static func between<ID: Hashable & Sendable>(
        _ old: [ID], _ new: [ID], isUpdated: (Int, Int) -> Bool = { _, _ in false }
    ) throws(DuplicateID<ID>) -> Changeset {
        var changes = Changeset()
        var oldIndex: [ID: Int] = [:]
        oldIndex.reserveCapacity(old.count)
        for (index, id) in old.enumerated() where oldIndex.updateValue(index, forKey: id) != nil {
            throw DuplicateID(id: id, inOld: true)
        }
        // One lookup per new item: its old index, or -1 for an insert. A repeated new id either
        // claims an old index twice or is a repeated insert.
        var newToOld = [Int](repeating: -1, count: new.count)
        var claimed = [Bool](repeating: false, count: old.count)
        var inserted = Set<ID>()
        for (position, id) in new.enumerated() {
            if let oldPosition = oldIndex[id] {
                if claimed[oldPosition] { throw DuplicateID(id: id, inOld: false) }
                claimed[oldPosition] = true
                newToOld[position] = oldPosition
            } else if !inserted.insert(id).inserted {
                throw DuplicateID(id: id, inOld: false)
            }
        }

        var prefix = 0
        while prefix < old.count, prefix < new.count, newToOld[prefix] == prefix { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix, newToOld[new.count - 1 - suffix] == old.count - 1 - suffix { suffix += 1 }

        var matchedOld: [Int] = []
        var matchedNew: [Int] = []
        matchedOld.reserveCapacity(new.count - prefix - suffix)
        matchedNew.reserveCapacity(new.count - prefix - suffix)
        for newPosition in prefix..<(new.count - suffix) {
            let oldPosition = newToOld[newPosition]
            if oldPosition < 0 {
                changes.inserts.append(newPosition)
            } else {
                matchedOld.append(oldPosition)
                matchedNew.append(newPosition)
            }
        }
        for oldPosition in prefix..<(old.count - suffix) where !claimed[oldPosition] { changes.deletes.append(oldPosition) }

        // Of the longest runs that can stay, the one whose rows move least on the screen: a
        // row that visibly moves is marked, not the rows it passes.
        let stays = longestIncreasingSubsequence(matchedOld, displacements: zip(matchedOld, matchedNew).map { abs($0 - $1) })
        for position in matchedOld.indices where !stays[position] {
            changes.moves.append(Move(from: matchedOld[position], to: matchedNew[position]))
        }
        for (newPosition, oldPosition) in newToOld.enumerated() where oldPosition >= 0 && isUpdated(oldPosition, newPosition) {
            changes.updates.append(oldPosition)
        }
        changes.updates.sort()
        return changes
    }

    /// Marks the members of one longest strictly increasing subsequence of `values`.
    static func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
        var tails: [Int] = []           // positions in `values` ending the best run of each length
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var members = [Bool](repeating: false, count: values.count)
        var position = tails.last ?? -1
        while position >= 0 {
            members[position] = true
            position = previous[position]
        }
        return members
    }

    /// Marks the members of the longest strictly increasing subsequence of `values` (distinct
    /// numbers from 0 to `values.count` and above: old indices) whose members' `displacements`
    /// add up to the least, among all the longest. A Fenwick tree over the values keeps, for each
    /// value, the best run ending at or below it: (length, −displacement), O(n log n).
    static func longestIncreasingSubsequence(_ values: [Int], displacements: [Int]) -> [Bool] {
        guard let largest = values.max() else { return [] }
        struct Best: Comparable {
            var length = 0, displacement = 0, position = -1
            static func < (a: Best, b: Best) -> Bool {
                a.length != b.length ? a.length < b.length : a.displacement != b.displacement ? a.displacement > b.displacement : a.position < b.position
            }
        }
        var tree = [Best](repeating: Best(), count: largest + 2)
        var previous = [Int](repeating: -1, count: values.count)
        var overall = Best()
        for (position, value) in values.enumerated() {
            // The best run over values below this one.
            var best = Best()
            var index = value
            while index > 0 {
                best = max(best, tree[index])
                index -= index & -index
            }
            previous[position] = best.position
            let here = Best(length: best.length + 1, displacement: best.displacement + displacements[position], position: position)
            overall = max(overall, here)
            index = value + 1
            while index < tree.count {
                tree[index] = max(tree[index], here)
                index += index & -index
            }
        }
        var members = [Bool](repeating: false, count: values.count)
        var position = overall.position
        while position >= 0 {
            members[position] = true
            position = previous[position]
        }
        return members
    }

    /// The length of a longest strictly increasing subsequence: `matched - length` is the
    /// smallest number of moves any changeset can have.
    public static func longestIncreasingSubsequenceLength(_ values: [Int]) -> Int {
        longestIncreasingSubsequence(values).lazy.filter { $0 }.count
    }

    /// Applies the changeset to `old`, taking inserted items from `new`: the check that it is right.
    /// Deletes and moved-away items leave first (by old index), then inserted and moved items
    /// arrive at their new indices in ascending order, as a batch update does.
    public func applied<Element>(to old: [Element], new: [Element]) -> [Element] {
        let leaving = Set(deletes).union(moves.map(\.from))
        var remaining = old.enumerated().lazy.filter { !leaving.contains($0.offset) }.map(\.element).makeIterator()
        var arriving: [Int: Element] = [:]
        for index in inserts { arriving[index] = new[index] }
        for move in moves { arriving[move.to] = old[move.from] }
        let count = old.count - leaving.count + arriving.count
        var result: [Element] = []
        result.reserveCapacity(count)
        for index in 0..<count {
            if let element = arriving[index] ?? remaining.next() { result.append(element) }
        }
        return result
    }
}
