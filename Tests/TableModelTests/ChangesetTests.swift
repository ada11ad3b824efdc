import TestSupport
import Testing
@testable import TableModel

struct Row: Hashable { var id: Int; var content: Int }

func changes(_ old: [Row], _ new: [Row]) throws -> Changeset {
    try Changeset.between(old.map(\.id), new.map(\.id)) { old[$0].content != new[$1].content }
}

/// The length of a longest increasing subsequence by plain dynamic programming, to check the
/// O(n log n) one independently.
func lisLength(_ values: [Int]) -> Int {
    var best = [Int](repeating: 1, count: values.count)
    for i in values.indices { for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) } }
    return best.max() ?? 0
}

@Suite struct ChangesetTests {
    @Test func unchangedListGivesAnEmptyChangeset() throws {
        let rows = (0..<50).map { Row(id: $0, content: 0) }
        #expect(try changes(rows, rows).isEmpty)
        #expect(try changes([], []).isEmpty)
    }

    @Test func appendGivesOnlyInserts() throws {
        let old = (0..<5).map { Row(id: $0, content: 0) }
        let new = old + (5..<8).map { Row(id: $0, content: 0) }
        #expect(try changes(old, new) == Changeset(inserts: [5, 6, 7]))
    }

    // TableViewKit's own cases where it is right.
    @Test func insertAtTheStart() throws { #expect(try Changeset.between(["b", "c"], ["a", "b", "c"]) == Changeset(inserts: [0])) }
    @Test func deleteAtTheEnd() throws { #expect(try Changeset.between(["a", "b", "c"], ["a", "b"]) == Changeset(deletes: [2])) }
    @Test func deleteAndInsert() throws {
        #expect(try Changeset.between(["a", "b", "c", "d"], ["a", "c", "e", "d"]) == Changeset(deletes: [1], inserts: [2]))
    }
    @Test func foldedToUnfolded() throws {
        // The talk's section: first, data, show-more; unfolding adds the special row.
        #expect(try Changeset.between(["first", "data", "showMore"], ["first", "data", "special", "showMore"]) == Changeset(inserts: [2]))
        #expect(try Changeset.between(["showMore", "first", "data"], ["showMore", "special", "first", "data"]) == Changeset(inserts: [1]))
    }

    // Where TableViewKit's diff is wrong: it reports a move as (smaller index, larger index) and
    // loses its direction, collapses a swap into one move, and turns a replaced row into a delete
    // and an insert instead of an update.
    @Test func swapIsOneMoveNotCollapsed() throws {
        let swap = try Changeset.between(["a", "b"], ["b", "a"])
        #expect(swap.moves.count == 1)
        #expect(swap.applied(to: ["a", "b"], new: ["b", "a"]) == ["b", "a"])
        let farSwap = try Changeset.between(["a", "b", "c", "d"], ["d", "b", "c", "a"])
        #expect(farSwap.moves.count == 2)
        #expect(farSwap.applied(to: ["a", "b", "c", "d"], new: ["d", "b", "c", "a"]) == ["d", "b", "c", "a"])
    }

    @Test func moveKeepsItsRealDirection() throws {
        #expect(try Changeset.between(["a", "b", "c", "d"], ["b", "c", "d", "a"]).moves == [.init(from: 0, to: 3)])
        #expect(try Changeset.between(["a", "b", "c", "d"], ["d", "a", "b", "c"]).moves == [.init(from: 3, to: 0)])
    }

    @Test func replacedContentIsAnUpdate() throws {
        let old = [Row(id: 1, content: 0), Row(id: 2, content: 0), Row(id: 3, content: 0)]
        let new = [Row(id: 1, content: 0), Row(id: 2, content: 9), Row(id: 3, content: 0)]
        #expect(try changes(old, new) == Changeset(updates: [1]))
        let movedAndUpdated = try changes(old, [Row(id: 3, content: 5), Row(id: 1, content: 0), Row(id: 2, content: 0)])
        #expect(movedAndUpdated.moves == [.init(from: 2, to: 0)])
        #expect(movedAndUpdated.updates == [2])
    }

    @Test func duplicateIDsAreRefusedByName() {
        #expect(throws: Changeset.DuplicateID<String>.self) { try Changeset.between(["a", "b", "a"], ["a"]) }
        do { _ = try Changeset.between(["a"], ["x", "y", "x"]) } catch {
            #expect(error.id == "x")
            #expect(!error.inOld)
        }
    }

    /// Random lists from 0 to 10,000 rows with random deletes, inserts, moves and updates.
    @Test(arguments: [0, 1, 2, 5, 30, 200, 1_000, 10_000])
    func randomChangesApplyAndMovesAreMinimal(size: Int) throws {
        var random = Dice(seed: UInt64(size) &* 7919 &+ 1)
        for round in 0..<(size > 1_000 ? 3 : 25) {
            let old = (0..<size).map { Row(id: $0, content: 0) }
            var new = old.filter { _ in Int.random(in: 0..<10, using: &random) != 0 }
            for _ in 0..<Int.random(in: 0...max(1, size / 10), using: &random) where !new.isEmpty {
                let from = Int.random(in: 0..<new.count, using: &random)
                let row = new.remove(at: from)
                new.insert(row, at: Int.random(in: 0...new.count, using: &random))
            }
            var nextID = size
            for _ in 0..<Int.random(in: 0...max(1, size / 10), using: &random) {
                new.insert(Row(id: nextID, content: 0), at: Int.random(in: 0...new.count, using: &random))
                nextID += 1
            }
            for index in new.indices where Int.random(in: 0..<10, using: &random) == 0 { new[index].content = 1 }

            let changeset = try changes(old, new)
            #expect(changeset.applied(to: old, new: new).map(\.id) == new.map(\.id), "size \(size) round \(round)")
            let oldPosition = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1.id, $0) })
            let matched = new.compactMap { oldPosition[$0.id] }
            if size <= 300 {
                // Of the fewest moves, those whose rows that stay move least on the screen.
                let displacement = Dictionary(uniqueKeysWithValues: new.enumerated().compactMap { newIndex, row in
                    oldPosition[row.id].map { (row.id, abs($0 - newIndex)) } })
                let moved = Set(changeset.moves.map { old[$0.from].id })
                let stayed = new.filter { oldPosition[$0.id] != nil && !moved.contains($0.id) }.map { displacement[$0.id]! }.reduce(0, +)
                let least = leastDisplacementOfALongestRun(matched, displacements: new.compactMap { displacement[$0.id] })
                #expect(stayed == least, "size \(size) round \(round)")
            }
            if size <= 1_000 {
                #expect(changeset.moves.count == matched.count - lisLength(matched), "size \(size) round \(round)")
            } else {
                #expect(changeset.moves.count == matched.count - Changeset.longestIncreasingSubsequence(matched).filter { $0 }.count)
            }
            #expect(changeset.deletes.count == old.count - matched.count)
            #expect(changeset.inserts.count == new.count - matched.count)
            #expect(changeset.updates.count == new.filter { $0.content == 1 && $0.id < size }.count)
            #expect(changeset.deletes == changeset.deletes.sorted() && changeset.inserts == changeset.inserts.sorted())
            #expect(changeset.moves.map(\.to) == changeset.moves.map(\.to).sorted())
        }
    }

    /// The oracle, O(n²): the least total displacement of a longest increasing run of `values`.
    func leastDisplacementOfALongestRun(_ values: [Int], displacements: [Int]) -> Int {
        var length = [Int](repeating: 1, count: values.count), cost = displacements
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] {
                if length[j] + 1 > length[i] || (length[j] + 1 == length[i] && cost[j] + displacements[i] < cost[i]) {
                    length[i] = length[j] + 1
                    cost[i] = cost[j] + displacements[i]
                }
            }
        }
        guard let longest = length.max() else { return 0 }
        return values.indices.filter { length[$0] == longest }.map { cost[$0] }.min() ?? 0
    }

    /// A row that visibly moves is the one marked: from [Music, Drinks, Food, Photos] to
    /// [Invitations, Food, Drinks, Music], Music goes from the top to the bottom and is marked,
    /// with one of the two rows that swap beside it; not Food and Drinks with Music left "still".
    @Test func theRowThatVisiblyMovesIsMarked() throws {
        let changeset = try Changeset.between(["music", "drinks", "food", "photos"], ["invitations", "food", "drinks", "music"])
        #expect(changeset.moves.contains(Changeset.Move(from: 0, to: 3)), "\(changeset)")
        #expect(changeset.moves.count == 2 && changeset.deletes == [3] && changeset.inserts == [0], "\(changeset)")
    }
}
