/// `Σ coefficient · variable + constant`.
public struct LinearExpression: Sendable {
    public struct Term: Sendable {
        public var variable: Solver.Variable
        public var coefficient: Double
    }

    public var terms: [Term]
    public var constant: Double

    public init(_ terms: [(Solver.Variable, Double)] = [], constant: Double = 0) {
        self.terms = terms.map { Term(variable: $0.0, coefficient: $0.1) }
        self.constant = constant
    }

    public init(_ variable: Solver.Variable) { self.init([(variable, 1)]) }

    public static func + (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression {
        var result = lhs
        result.terms += rhs.terms
        result.constant += rhs.constant
        return result
    }

    public static func - (lhs: LinearExpression, rhs: LinearExpression) -> LinearExpression { lhs + rhs * -1 }

    public static func + (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var result = lhs
        result.constant += rhs
        return result
    }

    public static func * (lhs: LinearExpression, rhs: Double) -> LinearExpression {
        var result = lhs
        for index in result.terms.indices { result.terms[index].coefficient *= rhs }
        result.constant *= rhs
        return result
    }
}

/// `expression ⋈ 0` at a priority from 1 to 1000 (`required`), as UIKit's layout priorities.
public struct Constraint: Sendable {
    public enum Relation: String, Sendable { case equal, lessOrEqual, greaterOrEqual }

    public static let required = 1000.0

    public var expression: LinearExpression
    public var relation: Relation
    public var priority: Double

    /// `lhs ⋈ rhs`.
    public init(_ lhs: LinearExpression, _ relation: Relation, _ rhs: LinearExpression, priority: Double = Constraint.required) {
        expression = lhs - rhs
        self.relation = relation
        self.priority = min(Constraint.required, max(1, priority))
    }
}
