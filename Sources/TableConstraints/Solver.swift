/// A linear constraint solver: Cassowary (Badros, Borning and Stuckey, "The Cassowary Linear
/// Arithmetic Constraint Solving Algorithm", ACM TOCHI 2001), the algorithm of UIKit's Auto
/// Layout engine, in the incremental form the kiwi solver popularised.
///
/// - Required constraints (priority 1000) always hold; adding one that cannot hold with those
///   already added is an error (`Unsatisfiable`) and leaves the system as it was.
/// - Constraints of lower priority are satisfied as well as the required ones allow, strictly
///   by priority: the error of a stronger constraint is never traded for any amount of error of
///   weaker ones. The objective is lexicographic: one component per priority level present, the
///   strongest first (instead of one weighted sum, which lets many weak errors outweigh a
///   strong one and loses small weights to rounding next to large ones).
/// - `setConstant` changes a constraint's constant and re-solves from the current solution by
///   the dual simplex method, a few pivots instead of a new system: a template's system is
///   built once and each row only changes its text sizes and width.
package final class Solver {
    package init() {}

    /// A variable of the system; its value is 0 until constraints say otherwise.
    package struct Variable: Hashable, Sendable {
        let symbol: Int
    }

    /// A constraint added to the solver, to change its constant or remove it.
    package struct ConstraintID: Hashable, Sendable {
        let index: Int
    }

    /// A required constraint that cannot hold with the required constraints already added;
    /// `conflicting` names those it conflicts with (the rows whose combination proves it).
    package struct Unsatisfiable: Error, Sendable {
        package var conflicting: [ConstraintID] = []
    }

    package func makeVariable() -> Variable {
        Variable(symbol: newSymbol(.external))
    }

    /// The value of `variable` in the current solution.
    package func value(_ variable: Variable) -> Double {
        rows[variable.symbol]?.constant ?? 0
    }

    /// Adds `constraint`; throws `Unsatisfiable` when it is required and conflicts with the
    /// required constraints already added (the system is then unchanged).
    @discardableResult
    package func add(_ constraint: Constraint) throws(Unsatisfiable) -> ConstraintID {
        var tag = Tag()
        var row = makeRow(constraint, tag: &tag)
        let subject = chooseSubject(row, tag: tag)
        if subject == nil, row.cells.keys.allSatisfy({ kinds[$0] == .dummy }) {
            // Every symbol is a dummy: the constraint is redundant, or contradicts.
            // Only a required constraint can be refused, and making its row changed nothing.
            guard nearZero(row.constant) else { throw Unsatisfiable(conflicting: owners(of: row)) }
            tag.redundant = true
        } else if subject == nil {
            // The artificial phase pivots: a refused constraint leaves the system as it was.
            let saved = (rows, columns, objective)
            var certificate = Row(constant: 0)
            guard addWithArtificialVariable(row, failure: &certificate) else {
                (rows, columns, objective) = saved
                infeasible.removeAll()
                throw Unsatisfiable(conflicting: owners(of: certificate))
            }
        }
        if let subject {
            row.solve(for: subject)
            substitute(subject, row)
            setRow(subject, row)
        }
        constraints.append(Stored(constraint: constraint, tag: tag, live: true))
        markers[tag.marker] = constraints.count - 1
        optimize()
        return ConstraintID(index: constraints.count - 1)
    }

    /// Removes a constraint added before; its variables keep the values the others give them.
    package func remove(_ id: ConstraintID) {
        guard constraints[id.index].live else { return }
        constraints[id.index].live = false
        let tag = constraints[id.index].tag
        removeErrors(tag, weight: Lexical(level: levels[constraints[id.index].constraint.priority] ?? 0, value: 1))
        if removeRow(tag.marker) == nil {
            // The marker is not basic: pivot it into the basis by the row that limits it most.
            guard let leaving = markerLeavingRow(tag.marker) else { return }
            var row = removeRow(leaving)!
            row.solve(for: leaving, entering: tag.marker)
            substitute(tag.marker, row)
        }
        optimize()
    }

    /// Sets the constant of a constraint added before (the `c` of `expression + c ⋈ 0`) and
    /// solves again from the current solution. Throws `Unsatisfiable` when a required constraint
    /// can no longer hold; the constraint is then left at its old constant.
    package func setConstant(_ id: ConstraintID, _ constant: Double) throws(Unsatisfiable) {
        let stored = constraints[id.index]
        guard stored.live else { return }
        let delta = constant - stored.constraint.expression.constant
        guard delta != 0 else { return }
        constraints[id.index].constraint.expression.constant = constant
        let tag = stored.tag
        if tag.redundant {
            // A redundant equality has no row of its own: add it again with its new constant.
            constraints[id.index].live = false
            do {
                try add(constraints[id.index].constraint)
            } catch {
                // It held with its old constant, and still does.
                _ = try? add(stored.constraint)
                moveLast(to: id.index)
                throw error
            }
            moveLast(to: id.index)
            return
        }
        // expression + c + μ·marker + … = 0: raising c by Δ is replacing the marker m by m' + Δ/μ.
        let shift = delta / tag.markerCoefficient
        if var row = rows[tag.marker] {
            row.constant -= shift
            rows[tag.marker] = row
            if row.constant < 0 { infeasible.append(tag.marker) }
        } else {
            for symbol in columns[tag.marker] ?? [] {
                guard let coefficient = rows[symbol]!.cells[tag.marker] else { continue }
                rows[symbol]!.constant += coefficient * shift
                if kinds[symbol] != .external, rows[symbol]!.constant < 0 { infeasible.append(symbol) }
            }
        }
        guard dualOptimize() else {
            // No feasible solution with the new constant: put the old one back.
            infeasible.removeAll()
            try? setConstant(id, stored.constraint.expression.constant)
            throw Unsatisfiable()
        }
    }

    /// For a constraint `variable == value` (made as `Constraint(variable, .equal, value)`):
    /// sets its value.
    package func setValue(_ id: ConstraintID, _ value: Double) throws(Unsatisfiable) {
        try setConstant(id, -value)
    }

    // MARK: - The tableau

    enum Kind { case external, slack, error, dummy }

    /// `basic = constant + Σ coefficient · symbol` (for the objective: the value to minimise).
    struct Row {
        var constant: Double
        var cells: [Int: Double] = [:]

        init(constant: Double) { self.constant = constant }

        mutating func insert(_ symbol: Int, _ coefficient: Double) {
            let sum = (cells[symbol] ?? 0) + coefficient
            if nearZero(sum) { cells[symbol] = nil } else { cells[symbol] = sum }
        }

        mutating func insert(_ row: Row, _ coefficient: Double) {
            constant += row.constant * coefficient
            for (symbol, value) in row.cells { insert(symbol, value * coefficient) }
        }

        mutating func reverseSign() {
            constant = -constant
            for key in cells.keys { cells[key] = -cells[key]! }
        }

        /// Solves `0 = self` for `symbol`: the row becomes `symbol = …`.
        mutating func solve(for symbol: Int) {
            let coefficient = -1 / cells.removeValue(forKey: symbol)!
            constant *= coefficient
            for key in cells.keys { cells[key]! *= coefficient }
        }

        /// `lhs = self` solved for `rhs`.
        mutating func solve(for lhs: Int, entering rhs: Int) {
            insert(lhs, -1)
            solve(for: rhs)
        }

        mutating func substitute(_ symbol: Int, _ row: Row) {
            guard let coefficient = cells.removeValue(forKey: symbol) else { return }
            insert(row, coefficient)
        }
    }

    /// The objective: the errors of non-required constraints, one component per priority level.
    struct Objective {
        var cells: [Int: Lexical] = [:]

        mutating func insert(_ symbol: Int, _ value: Lexical) {
            var sum = cells[symbol] ?? Lexical()
            sum.add(value, times: 1)
            cells[symbol] = sum.isZero ? nil : sum
        }

        mutating func substitute(_ symbol: Int, _ row: Row) {
            guard let coefficient = cells.removeValue(forKey: symbol) else { return }
            for (other, value) in row.cells {
                var sum = cells[other] ?? Lexical()
                sum.add(coefficient, times: value)
                cells[other] = sum.isZero ? nil : sum
            }
        }
    }

    /// A vector compared lexicographically: component i is the weight of priority level i
    /// (levels sorted strongest first).
    struct Lexical {
        var components: [Double] = []

        init() {}
        init(level: Int, value: Double) {
            components = Array(repeating: 0, count: level + 1)
            components[level] = value
        }

        var isZero: Bool { components.allSatisfy(nearZero) }

        /// The sign of the first component that is not (nearly) zero.
        var sign: Int {
            for value in components where !nearZero(value) { return value < 0 ? -1 : 1 }
            return 0
        }

        mutating func add(_ other: Lexical, times factor: Double) {
            if other.components.count > components.count {
                components += Array(repeating: 0, count: other.components.count - components.count)
            }
            for index in other.components.indices { components[index] += other.components[index] * factor }
        }

        /// self < other, lexicographically.
        func less(than other: Lexical) -> Bool {
            let count = max(components.count, other.components.count)
            for index in 0..<count {
                let a = index < components.count ? components[index] : 0
                let b = index < other.components.count ? other.components[index] : 0
                if !nearZero(a - b) { return a < b }
            }
            return false
        }
    }

    /// What a constraint put into the tableau: the symbol that marks its row, and its error
    /// symbols in the objective.
    struct Tag {
        var marker = -1
        var markerCoefficient = 1.0
        var errors: [Int] = []
        var redundant = false
    }

    struct Stored {
        var constraint: Constraint
        var tag: Tag
        var live: Bool
    }

    private var kinds: [Kind] = []
    private var rows: [Int: Row] = [:]
    /// For each symbol, the basic symbols of the rows it appears in: substitution and the ratio
    /// tests visit those rows only.
    private var columns: [Int: Set<Int>] = [:]
    private var objective = Objective()
    private var constraints: [Stored] = []
    /// Each constraint by its marker symbol.
    private var markers: [Int: Int] = [:]
    private var infeasible: [Int] = []
    /// Priority levels seen, strongest first, and each one's index in `Lexical`.
    private var levels: [Double: Int] = [:]

    /// Puts the constraint added last in the place of an earlier one (that is being replaced).
    private func moveLast(to index: Int) {
        constraints[index] = constraints.removeLast()
        markers[constraints[index].tag.marker] = index
    }

    /// The required constraints whose markers a row holds: when the row proves a new constraint
    /// cannot hold, they are the ones it conflicts with.
    private func owners(of row: Row) -> [ConstraintID] {
        row.cells.keys.compactMap { symbol -> Int? in
            guard kinds[symbol] == .slack || kinds[symbol] == .dummy, let index = markers[symbol], constraints[index].live else { return nil }
            return index
        }.sorted().map(ConstraintID.init)
    }

    private func setRow(_ key: Int, _ row: Row) {
        rows[key] = row
        for symbol in row.cells.keys { columns[symbol, default: []].insert(key) }
    }

    private func removeRow(_ key: Int) -> Row? {
        guard let row = rows.removeValue(forKey: key) else { return nil }
        for symbol in row.cells.keys { columns[symbol]?.remove(key) }
        return row
    }

    private func newSymbol(_ kind: Kind) -> Int {
        kinds.append(kind)
        return kinds.count - 1
    }

    /// The level of a priority. Levels are numbered in the order priorities first appear, then
    /// renumbered by strength when a new one arrives between others.
    private func level(of priority: Double) -> Int {
        if let known = levels[priority] { return known }
        let sorted = (Array(levels.keys) + [priority]).sorted(by: >)
        let renumbered = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
        if !levels.isEmpty {
            // Move every objective component to its new index.
            let old = levels
            func moved(_ value: Lexical) -> Lexical {
                var result = Lexical()
                result.components = Array(repeating: 0, count: sorted.count)
                for (priority, index) in old where index < value.components.count {
                    result.components[renumbered[priority]!] = value.components[index]
                }
                return result
            }
            for (symbol, value) in objective.cells { objective.cells[symbol] = moved(value) }
        }
        levels = renumbered
        return renumbered[priority]!
    }

    private func makeRow(_ constraint: Constraint, tag: inout Tag) -> Row {
        var row = Row(constant: constraint.expression.constant)
        for term in constraint.expression.terms where !nearZero(term.coefficient) {
            if let basic = rows[term.variable.symbol] {
                row.insert(basic, term.coefficient)
            } else {
                row.insert(term.variable.symbol, term.coefficient)
            }
        }
        let required = constraint.priority >= Constraint.required
        switch constraint.relation {
        case .lessOrEqual, .greaterOrEqual:
            let coefficient = constraint.relation == .lessOrEqual ? 1.0 : -1.0
            let slack = newSymbol(.slack)
            tag.marker = slack
            tag.markerCoefficient = coefficient
            row.insert(slack, coefficient)
            if !required {
                let error = newSymbol(.error)
                tag.errors = [error]
                row.insert(error, -coefficient)
                insertObjective(error, priority: constraint.priority, row: nil)
            }
        case .equal:
            if required {
                let dummy = newSymbol(.dummy)
                tag.marker = dummy
                tag.markerCoefficient = 1
                row.insert(dummy, 1)
            } else {
                let plus = newSymbol(.error), minus = newSymbol(.error)
                tag.marker = plus
                tag.markerCoefficient = -1
                tag.errors = [plus, minus]
                row.insert(plus, -1)
                row.insert(minus, 1)
                insertObjective(plus, priority: constraint.priority, row: nil)
                insertObjective(minus, priority: constraint.priority, row: nil)
            }
        }
        if row.constant < 0 { row.reverseSign() }
        return row
    }

    private func insertObjective(_ symbol: Int, priority: Double, row: Row?) {
        let weight = Lexical(level: level(of: priority), value: 1)
        if let basic = rows[symbol] {
            for (other, value) in basic.cells { objective.insert(other, Lexical(weight, times: value)) }
        } else {
            objective.insert(symbol, weight)
        }
    }

    /// The symbol to make basic for a new row: an external one, or a slack or error symbol that
    /// can be negative in it.
    private func chooseSubject(_ row: Row, tag: Tag) -> Int? {
        if let external = row.cells.keys.filter({ kinds[$0] == .external }).min() { return external }
        for symbol in [tag.marker] + tag.errors where kinds[symbol] == .slack || kinds[symbol] == .error {
            if let coefficient = row.cells[symbol], coefficient < 0 { return symbol }
        }
        return nil
    }

    /// Phase one for a row with no obvious subject: minimise an artificial variable.
    private func addWithArtificialVariable(_ row: Row, failure certificate: inout Row) -> Bool {
        let artificial = newSymbol(.slack)
        setRow(artificial, row)
        var auxiliary = row
        // Minimise the artificial variable's row (a one-level objective of its own).
        while let entering = auxiliary.cells.filter({ kinds[$0.key] != .dummy && $0.value < 0 }).keys.min() {
            guard let leaving = leavingRow(for: entering) else { break }
            var pivot = removeRow(leaving)!
            pivot.solve(for: leaving, entering: entering)
            substitute(entering, pivot)
            auxiliary.substitute(entering, pivot)
            setRow(entering, pivot)
        }
        let success = nearZero(auxiliary.constant)
        if !success { certificate = auxiliary }
        if var basic = removeRow(artificial) {
            if !basic.cells.isEmpty {
                guard let entering = basic.cells.keys.filter({ kinds[$0] == .slack || kinds[$0] == .error }).min() else { return false }
                basic.solve(for: artificial, entering: entering)
                substitute(entering, basic)
                setRow(entering, basic)
            }
        }
        for key in columns.removeValue(forKey: artificial) ?? [] { rows[key]!.cells[artificial] = nil }
        objective.cells[artificial] = nil
        return success
    }

    private func substitute(_ symbol: Int, _ row: Row) {
        for key in columns.removeValue(forKey: symbol) ?? [] {
            rows[key]!.substitute(symbol, row)
            // The symbols of `row` came into this row, or cancelled out of it.
            for other in row.cells.keys {
                if rows[key]!.cells[other] != nil { columns[other, default: []].insert(key) } else { columns[other]?.remove(key) }
            }
            if kinds[key] != .external, rows[key]!.constant < 0 { infeasible.append(key) }
        }
        objective.substitute(symbol, row)
    }

    /// Primal simplex: pivots while a symbol can lower the objective.
    private func optimize() {
        while true {
            // Bland's rule (the lowest symbol with a negative cost) keeps the simplex from cycling.
            var lowest: Int?
            for (symbol, cost) in objective.cells where kinds[symbol] != .dummy && symbol < (lowest ?? .max) && cost.sign < 0 { lowest = symbol }
            guard let entering = lowest, let leaving = leavingRow(for: entering) else { return }
            var row = removeRow(leaving)!
            row.solve(for: leaving, entering: entering)
            substitute(entering, row)
            setRow(entering, row)
        }
    }

    /// The row that limits `entering` most (the minimum ratio test); nil when nothing does.
    private func leavingRow(for entering: Int) -> Int? {
        var best: (ratio: Double, symbol: Int)?
        for symbol in columns[entering] ?? [] where kinds[symbol] != .external {
            let row = rows[symbol]!
            guard let coefficient = row.cells[entering], coefficient < 0 else { continue }
            let ratio = -row.constant / coefficient
            if best == nil || ratio < best!.ratio - 1e-12 || (abs(ratio - best!.ratio) <= 1e-12 && symbol < best!.symbol) {
                best = (ratio, symbol)
            }
        }
        return best?.symbol
    }

    /// Dual simplex: restores feasibility after constants changed, keeping optimality.
    private func dualOptimize() -> Bool {
        while let leaving = infeasible.min() {
            // The lowest first: the same pivots whatever order rows were found infeasible in.
            infeasible.removeAll { $0 == leaving }
            guard let row = rows[leaving], row.constant < 0 else { continue }
            var best: (ratio: Lexical, symbol: Int)?
            for (symbol, coefficient) in row.cells where coefficient > 0 && kinds[symbol] != .dummy {
                var ratio = Lexical()
                if let cost = objective.cells[symbol] { ratio.add(cost, times: 1 / coefficient) }
                if best == nil || ratio.less(than: best!.ratio) || (!best!.ratio.less(than: ratio) && symbol < best!.symbol) {
                    best = (ratio, symbol)
                }
            }
            guard let entering = best?.symbol else { return false }
            var pivot = removeRow(leaving)!
            pivot.solve(for: leaving, entering: entering)
            substitute(entering, pivot)
            setRow(entering, pivot)
        }
        return true
    }

    private func markerLeavingRow(_ marker: Int) -> Int? {
        var first: (Double, Int)?, second: (Double, Int)?, third: Int?
        for symbol in columns[marker] ?? [] {
            let row = rows[symbol]!
            guard let coefficient = row.cells[marker] else { continue }
            // Ties go to the lowest symbol: the same pivots whatever order a set is visited in.
            if kinds[symbol] == .external {
                third = min(third ?? symbol, symbol)
            } else if coefficient < 0 {
                let ratio = -row.constant / coefficient
                if first == nil || ratio < first!.0 || (ratio == first!.0 && symbol < first!.1) { first = (ratio, symbol) }
            } else {
                let ratio = row.constant / coefficient
                if second == nil || ratio < second!.0 || (ratio == second!.0 && symbol < second!.1) { second = (ratio, symbol) }
            }
        }
        return first?.1 ?? second?.1 ?? third
    }

    private func removeErrors(_ tag: Tag, weight: Lexical) {
        for error in tag.errors {
            if let row = rows[error] {
                // The error is basic: take its row's terms out of the objective.
                for (symbol, value) in row.cells { objective.insert(symbol, Lexical(weight, times: -value)) }
            } else {
                objective.cells[error] = nil
            }
        }
    }

}

extension Solver.Lexical {
    init(_ other: Solver.Lexical, times factor: Double) {
        self.init()
        add(other, times: factor)
    }
}

func nearZero(_ value: Double) -> Bool { abs(value) < 1e-8 }
