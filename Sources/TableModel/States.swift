// Stateful sections (TableViewKit's `Stateful`): a section that shows different rows in different
// states, and the changeset of each transition between them.

/// A section type with typed states, as natural in Swift as the seed's `Stateful`:
///
///     struct Party: StatefulSection {
///         enum State: String, CaseIterable { case pre, on, after }
///         let id = "party"
///         let initialState = State.pre
///         func items(for state: State) -> [Item] { … }
///     }
public protocol StatefulSection {
    associatedtype State: CaseIterable & RawRepresentable where State.RawValue == String
    var id: String { get }
    var header: String? { get }
    var footer: String? { get }
    var initialState: State { get }
    func items(for state: State) -> [Item]
}

extension StatefulSection {
    /// No header by default.
    public var header: String? { nil }
    /// No footer by default.
    public var footer: String? { nil }

    /// The section with every state, showing its initial one.
    public var section: Section {
        let names = State.allCases.map(\.rawValue)
        let lists = Dictionary(uniqueKeysWithValues: State.allCases.map { ($0.rawValue, items(for: $0)) })
        let states = SectionStates(names: names, items: lists, initial: initialState.rawValue)
        return Section(id: id, header: header.map(Supplementary.title), footer: footer.map(Supplementary.title),
                       items: lists[initialState.rawValue] ?? [], states: states)
    }

    /// The changeset of moving from one state to another.
    public func transition(from old: State, to new: State) throws(Diagnostic) -> Changeset {
        try section.changeset(from: old.rawValue, to: new.rawValue)
    }
}

extension SectionsBuilder {
    /// A stateful section as a section in its initial state.
    public static func buildExpression(_ section: some StatefulSection) -> [Section] { [section.section] }
}

/// One state change of one section, with its changeset.
public struct Transition: Sendable, Hashable {
    /// The section's id.
    public var section: String
    /// The state it changes from.
    public var from: String
    /// The state it changes to.
    public var to: String
    /// The rows deleted, inserted, moved and updated between them.
    public var changeset: Changeset

    /// `<section>.<from>-<to>`, for file names.
    public var name: String { "\(section).\(from)-\(to)" }
}

extension Section {
    /// The changeset between two of the section's states: items matched by id, an update where
    /// the same id has other values. A repeated id is an error naming it and the section.
    public func changeset(from old: String, to new: String) throws(Diagnostic) -> Changeset {
        guard let states, let before = states.items[old], let after = states.items[new] else {
            let known = states?.names ?? []
            let missing = states?.items[old] == nil ? old : new
            throw Diagnostic(at: nil, Suggestions.unknown("state", missing, known: known) + " in section '\(id)'")
        }
        do {
            return try Changeset.between(before.map(\.id), after.map(\.id)) { before[$0].values != after[$1].values }
        } catch {
            throw Diagnostic(at: nil, "duplicate item id '\(error.id)' in state '\(error.inOld ? old : new)' of section '\(id)'")
        }
    }
}

extension Table {
    /// For every stateful section, from the initial state to each other state and back.
    public func transitions() throws(Diagnostic) -> [Transition] {
        var result: [Transition] = []
        for section in sections {
            guard let states = section.states else { continue }
            for name in states.names where name != states.initial {
                for (from, to) in [(states.initial, name), (name, states.initial)] {
                    result.append(Transition(section: section.id, from: from, to: to, changeset: try section.changeset(from: from, to: to)))
                }
            }
        }
        return result
    }
}
