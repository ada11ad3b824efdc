import TestSupport
import Testing
@testable import TableConstraints

private func v(_ variable: Solver.Variable) -> LinearExpression { LinearExpression(variable) }
private func c(_ value: Double) -> LinearExpression { LinearExpression(constant: value) }

/// The cases of the Cassowary paper and of the kiwi solver's test suite.
@Suite struct PublishedCases {
    @Test func requiredEqualities() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(Constraint(v(x), .equal, c(10)))
        try solver.add(Constraint(v(x) + v(y), .equal, c(25)))
        #expect(solver.value(x) == 10)
        #expect(solver.value(y) == 15)
    }

    /// Cassowary's `casso1`: x ≤ y, y = x + 3, x = 10 (weak), y = 10 (weak): one of the weak ones holds.
    @Test func casso1() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable()
        try solver.add(Constraint(v(x), .lessOrEqual, v(y)))
        try solver.add(Constraint(v(y), .equal, v(x) + 3))
        try solver.add(Constraint(v(x), .equal, c(10), priority: 250))
        try solver.add(Constraint(v(y), .equal, c(10), priority: 250))
        let (x1, y1) = (solver.value(x), solver.value(y))
        #expect((abs(x1 - 10) < 1e-9 && abs(y1 - 13) < 1e-9) || (abs(x1 - 7) < 1e-9 && abs(y1 - 10) < 1e-9))
    }

    /// Cassowary's `inconsistent1` and `inconsistent2`: conflicting required constraints are refused.
    @Test func inconsistent() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(v(x), .equal, c(10)))
        #expect(throws: Solver.Unsatisfiable.self) { try solver.add(Constraint(v(x), .equal, c(5))) }
        #expect(solver.value(x) == 10)

        let other = Solver()
        let y = other.makeVariable()
        try other.add(Constraint(v(y), .greaterOrEqual, c(10)))
        #expect(throws: Solver.Unsatisfiable.self) { try other.add(Constraint(v(y), .lessOrEqual, c(5))) }
        #expect(other.value(y) == 10)
    }

    /// kiwi's `test_solving_with_strength`.
    @Test func strengths() throws {
        let solver = Solver()
        let v1 = solver.makeVariable(), v2 = solver.makeVariable()
        try solver.add(Constraint(v(v1) + v(v2), .equal, c(0)))
        try solver.add(Constraint(v(v1), .equal, c(10)))
        try solver.add(Constraint(v(v2), .greaterOrEqual, c(0), priority: 250))
        #expect(solver.value(v1) == 10)
        #expect(solver.value(v2) == -10)

        let second = Solver()
        let w1 = second.makeVariable(), w2 = second.makeVariable()
        try second.add(Constraint(v(w1) + v(w2), .equal, c(0)))
        try second.add(Constraint(v(w1), .greaterOrEqual, c(10), priority: 500))
        try second.add(Constraint(v(w2), .equal, c(2), priority: 750))
        #expect(solver.value(v1) == 10)
        #expect(abs(second.value(w1) + 2) < 1e-9)
        #expect(abs(second.value(w2) - 2) < 1e-9)
    }

    /// The paper's midpoint example (kiwi's `test_handling_infeasible_constraints`): moving the
    /// midpoint past what the bounds allow is resolved by the dual simplex.
    @Test func midpointWithEdits() throws {
        let solver = Solver()
        let xm = solver.makeVariable(), xl = solver.makeVariable(), xr = solver.makeVariable()
        let editM = try solver.add(Constraint(v(xm), .equal, c(0), priority: 750))
        let editL = try solver.add(Constraint(v(xl), .equal, c(0), priority: 250))
        let editR = try solver.add(Constraint(v(xr), .equal, c(0), priority: 250))
        try solver.add(Constraint(v(xm) * 2, .equal, v(xl) + v(xr)))
        try solver.add(Constraint(v(xl) + 20, .lessOrEqual, v(xr)))
        try solver.add(Constraint(v(xl), .greaterOrEqual, c(-10)))
        try solver.add(Constraint(v(xr), .lessOrEqual, c(100)))
        try solver.setValue(editM, 40)
        try solver.setValue(editR, 50)
        try solver.setValue(editL, 30)
        try solver.setValue(editM, 60)
        try solver.setValue(editM, 90)
        #expect(abs(solver.value(xl) + solver.value(xr) - 2 * solver.value(xm)) < 1e-9)
        #expect(abs(solver.value(xl) - 80) < 1e-9)
        #expect(abs(solver.value(xr) - 100) < 1e-9)
    }

    @Test func removingAConstraint() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(v(x), .equal, c(100), priority: 250))
        let bound = try solver.add(Constraint(v(x), .lessOrEqual, c(10)))
        #expect(solver.value(x) == 10)
        solver.remove(bound)
        #expect(solver.value(x) == 100)
    }

    /// However many weaker constraints pull the other way, a stronger one wins.
    @Test func noNumberOfWeakConstraintsOutweighsAStrongOne() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(v(x), .equal, c(0), priority: 750))
        for _ in 0..<50 { try solver.add(Constraint(v(x), .equal, c(10), priority: 749)) }
        #expect(solver.value(x) == 0)
        // Weights 1 and 999 side by side lose neither to rounding.
        let y = solver.makeVariable()
        try solver.add(Constraint(v(y), .lessOrEqual, c(1e6), priority: 999))
        try solver.add(Constraint(v(y), .greaterOrEqual, c(1e6 + 1e-3), priority: 1))
        #expect(solver.value(y) == 1e6)
    }

    /// A required constraint whose constant changes into a conflict is refused, and the
    /// system keeps the old constant.
    @Test func settingAnImpossibleConstant() throws {
        let solver = Solver()
        let x = solver.makeVariable()
        try solver.add(Constraint(v(x), .lessOrEqual, c(10)))
        let pin = try solver.add(Constraint(v(x), .equal, c(4)))
        #expect(solver.value(x) == 4)
        #expect(throws: Solver.Unsatisfiable.self) { try solver.setValue(pin, 12) }
        #expect(solver.value(x) == 4)
        try solver.setValue(pin, 7)
        #expect(solver.value(x) == 7)
    }
}

/// Random systems against an independent oracle: in two or three variables bounded by a box,
/// a lexicographic optimum lies on a vertex of the arrangement of every constraint's
/// hyperplane, so enumerating the vertices finds the optimal error at every priority level.
@Suite struct RandomSystems {
    struct Linear {
        var coefficients: [Double]
        var constant: Double
        var relation: Constraint.Relation
        var priority: Double

        /// How far a point is from satisfying it.
        func error(_ point: [Double]) -> Double {
            let value = zip(coefficients, point).map(*).reduce(0, +) + constant
            switch relation {
            case .equal: return abs(value)
            case .lessOrEqual: return max(0, value)
            case .greaterOrEqual: return max(0, -value)
            }
        }
    }

    static let priorities: [Double] = [999, 750, 500, 251, 250, 1]

    static func makeSystem(seed: UInt64, dimensions: Int) -> [Linear] {
        var random = Dice(seed: seed)
        let point = (0..<dimensions).map { _ in Double(random.int(-20...20)) }
        var system: [Linear] = []
        for index in 0..<dimensions {
            var unit = Array(repeating: 0.0, count: dimensions)
            unit[index] = 1
            system.append(Linear(coefficients: unit, constant: -100, relation: .lessOrEqual, priority: 1000))
            system.append(Linear(coefficients: unit, constant: 100, relation: .greaterOrEqual, priority: 1000))
        }
        for _ in 0..<random.int(0...3) {
            // Required ones that `point` satisfies.
            let coefficients = (0..<dimensions).map { _ in Double(random.int(-3...3)) }
            let at = zip(coefficients, point).map(*).reduce(0, +)
            let relation = random.pick([Constraint.Relation.equal, .lessOrEqual, .greaterOrEqual])
            let slack = relation == .equal ? 0 : Double(random.int(0...10))
            system.append(Linear(coefficients: coefficients, constant: -(at + (relation == .lessOrEqual ? slack : -slack)), relation: relation, priority: 1000))
        }
        for _ in 0..<random.int(2...9) {
            let coefficients = (0..<dimensions).map { _ in Double(random.int(-2...2)) }
            system.append(Linear(coefficients: coefficients, constant: Double(random.int(-60...60)),
                                 relation: random.pick([.equal, .lessOrEqual, .greaterOrEqual]), priority: random.pick(priorities)))
        }
        return system
    }

    /// The error at each priority level, strongest first.
    static func errors(_ system: [Linear], at point: [Double]) -> [Double] {
        priorities.map { priority in system.filter { $0.priority == priority }.map { $0.error(point) }.reduce(0, +) }
    }

    static func solve(_ matrix: [[Double]], _ rhs: [Double]) -> [Double]? {
        var a = matrix, b = rhs
        let n = b.count
        for column in 0..<n {
            guard let pivot = (column..<n).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), abs(a[pivot][column]) > 1e-9 else { return nil }
            a.swapAt(column, pivot); b.swapAt(column, pivot)
            for row in 0..<n where row != column {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        return (0..<n).map { b[$0] / a[$0][$0] }
    }

    static func combinations(_ count: Int, _ size: Int) -> [[Int]] {
        if size == 0 { return [[]] }
        guard count >= size else { return [] }
        return combinations(count - 1, size - 1).map { $0 + [count - 1] } + combinations(count - 1, size)
    }

    static func oracle(_ system: [Linear], dimensions: Int) -> [Double]? {
        var best: [Double]?
        for choice in combinations(system.count, dimensions) {
            guard let point = solve(choice.map { system[$0].coefficients }, choice.map { -system[$0].constant }) else { continue }
            guard system.filter({ $0.priority == 1000 }).allSatisfy({ $0.error(point) < 1e-7 }) else { continue }
            let errors = errors(system, at: point)
            if best == nil || lexicallyLess(errors, best!) { best = errors }
        }
        return best
    }

    static func lexicallyLess(_ a: [Double], _ b: [Double]) -> Bool {
        for (x, y) in zip(a, b) where abs(x - y) > 1e-7 { return x < y }
        return false
    }

    @Test(arguments: [2, 3])
    func matchesTheVertexOracle(dimensions: Int) throws {
        for seed in UInt64(1)...600 {
            let system = Self.makeSystem(seed: seed * 7 + UInt64(dimensions), dimensions: dimensions)
            let solver = Solver()
            let variables = (0..<dimensions).map { _ in solver.makeVariable() }
            for linear in system {
                let expression = LinearExpression(Array(zip(variables, linear.coefficients)), constant: linear.constant)
                try solver.add(Constraint(expression, linear.relation, LinearExpression(), priority: linear.priority))
            }
            let point = variables.map(solver.value)
            for linear in system where linear.priority == 1000 {
                #expect(linear.error(point) < 1e-6, "seed \(seed): a required constraint is broken")
            }
            let expected = try #require(Self.oracle(system, dimensions: dimensions))
            let got = Self.errors(system, at: point)
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "seed \(seed): errors by priority \(got), optimum \(expected)")
        }
    }

    /// Changing constants of a system built once gives the optimum a new system would.
    @Test func changedConstantsMatchAFreshSystem() throws {
        for seed in UInt64(1)...300 {
            var system = Self.makeSystem(seed: seed, dimensions: 2)
            let solver = Solver()
            let variables = (0..<2).map { _ in solver.makeVariable() }
            var ids: [Solver.ConstraintID] = []
            for linear in system {
                ids.append(try solver.add(Constraint(LinearExpression(Array(zip(variables, linear.coefficients)), constant: linear.constant),
                                                     linear.relation, LinearExpression(), priority: linear.priority)))
            }
            var random = Dice(seed: seed &* 31)
            for _ in 0..<4 {
                let index = random.int(0...(system.count - 1))
                guard system[index].priority < 1000 else { continue }
                system[index].constant = Double(random.int(-60...60))
                try solver.setConstant(ids[index], system[index].constant)
            }
            let got = Self.errors(system, at: variables.map(solver.value))
            let expected = try #require(Self.oracle(system, dimensions: 2))
            #expect(zip(got, expected).allSatisfy { abs($0 - $1) < 1e-6 }, "seed \(seed): \(got) vs \(expected)")
        }
    }
}

/// A refused constraint names the required constraints it conflicts with, and no others.
@Suite struct Conflicts {
    @Test func theConflictingConstraintsAreNamed() throws {
        let solver = Solver()
        let x = solver.makeVariable(), y = solver.makeVariable(), z = solver.makeVariable()
        let unrelated = try solver.add(Constraint(LinearExpression(z), .equal, LinearExpression(constant: 3)))
        let a = try solver.add(Constraint(LinearExpression(x), .equal, LinearExpression(constant: 10)))
        let b = try solver.add(Constraint(LinearExpression(y), .greaterOrEqual, LinearExpression(x) + 5))
        let weak = try solver.add(Constraint(LinearExpression(y), .equal, LinearExpression(constant: 0), priority: 250))
        do {
            try solver.add(Constraint(LinearExpression(y), .lessOrEqual, LinearExpression(constant: 12)))
            Issue.record("y ≤ 12 was accepted with x = 10 and y ≥ x + 5")
        } catch {
            #expect(Set(error.conflicting) == [a, b])
            #expect(!error.conflicting.contains(unrelated) && !error.conflicting.contains(weak))
        }
        do {
            try solver.add(Constraint(LinearExpression(x), .equal, LinearExpression(constant: 11)))
            Issue.record("x = 11 was accepted with x = 10")
        } catch {
            #expect(error.conflicting == [a])
        }
    }
}
