/// `Σ coefficient · variable + constant`.
package struct LinearExpression: Sendable {
    package struct Term: Sendable {
        package var variable: Solver.Variable
        package var coefficient: Double
    }

    package var terms: [Term]
    package var constant: Double

    package init(_ terms: [(Solver.Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { Term(variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    package init(_ variable: Solver.Variable) { self.init([(variable, 1)]) }

    package static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var result = lhs
        result.terms += rhs.terms
        result.constant += rhs.constant
        return result
    }

    package static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs * -1 }

    package static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var result = lhs
        result.constant += rhs
        return result
    }

    package static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var result = lhs
        for index in result.terms.indices { result.terms[index].coefficient *= rhs }
        result.constant *= rhs
        return result
    }
}

/// `expression ⋈ 0` at a priority from 1 to 1000 (`required`), as UIKit's layout priorities.
package struct Constraint: Sendable {
    package enum Relation: String, Sendable { case equal, lessOrEqual, greaterOrEqual }

    package static let required = 1000.0

    package var expression: LinearExpression
    package var relation: Relation
    package var priority: Double

    /// `lhs ⋈ rhs`.
    package init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Double = Constraint.required) {
        expression = lhs - rhs
        self.relation = relation
        self.priority = min(Constraint.required, max(1, priority))
    }
}
