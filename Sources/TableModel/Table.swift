/// How sections are drawn, as `UITableView.Style`.
public enum TableStyle: String, Sendable, Hashable, CaseIterable {
    /// Full-width rows; section headers float (stick while their section scrolls).
    case plain
    /// Grey background, sections separated, headers do not float.
    case grouped
    /// Grouped, with sections inset from the edges and rounded corners.
    case insetGrouped
}

/// An item's height, as TableViewKit's `Height`: fixed (static) or sized to its content (dynamic),
/// with an estimate used before measuring (and by the HTML page for rows off screen).
public enum Height: Sendable, Hashable {
    case automatic(estimate: Double)
    case fixed(Double)

    /// TableViewKit's default: `.dynamic(44)`.
    public static let `default` = Height.automatic(estimate: 44)

    /// The height used before the row is laid out: the estimate, or the fixed height.
    public var estimate: Double {
        switch self {
        case .automatic(let estimate): return estimate
        case .fixed(let height): return height
        }
    }
}

/// The accessory views of `UITableViewCell.AccessoryType`.
public enum Accessory: String, Sendable, Hashable, CaseIterable {
    case none
    case disclosureIndicator
    case checkmark
    case detailButton
    case detailDisclosureButton
}

/// One row: the template (drawer) that draws it, its values, its height and an optional link.
public struct Item: Sendable, Hashable {
    /// Its id, unique in its section.
    public var id: String
    /// The template that draws it.
    public var template: String
    /// The values its template shows, by key.
    public var values: Value.Object
    /// Its height: automatic (laid out) or fixed.
    public var height: Height
    /// A URL the row links to in a PDF and an HTML page.
    public var link: String?
    /// What VoiceOver reads for the row instead of what it works out from the row's views.
    public var accessibility: ItemAccessibility?

    /// An item drawn by `template` with `values`.
    public init(id: String, template: String, values: Value.Object = [:], height: Height = .default, link: String? = nil,
                accessibility: ItemAccessibility? = nil) {
        self.id = id
        self.template = template
        self.values = values
        self.height = height
        self.link = link
        self.accessibility = accessibility
    }
}

/// An item's `accessibility` value: what VoiceOver reads for its row, each part replacing the one
/// worked out from the row's views (as a cell's `accessibilityLabel`, `accessibilityHint`,
/// `accessibilityTraits` and `accessibilityIdentifier` do), or the row left out (`hidden`).
public struct ItemAccessibility: Sendable, Hashable {
    /// The traits a document may name.
    public static let traitNames = ["button", "header", "link", "image", "selected", "not enabled", "static text", "adjustable",
                                    "search field", "summary element", "toggle"]

    /// What the row is called (`accessibilityLabel`).
    public var label: String?
    /// Its value (`accessibilityValue`): a setting's state.
    public var value: String?
    /// What acting on it does (`accessibilityHint`).
    public var hint: String?
    /// A name for UI tests (`accessibilityIdentifier`).
    public var identifier: String?
    /// Its traits, from `traitNames` (`accessibilityTraits`).
    public var traits: [String]?
    /// Left out of what VoiceOver reads (`accessibilityElementsHidden`).
    public var hidden: Bool

    /// An item's accessibility; each nil leaves what is worked out from the row's views.
    public init(label: String? = nil, value: String? = nil, hint: String? = nil, identifier: String? = nil, traits: [String]? = nil, hidden: Bool = false) {
        self.label = label
        self.value = value
        self.hint = hint
        self.identifier = identifier
        self.traits = traits
        self.hidden = hidden
    }
}

/// A section header or footer: a plain title (drawn by the theme's `header`/`footer` template)
/// or a view drawn by a template of its own.
public enum Supplementary: Sendable, Hashable {
    case title(String)
    case view(template: String, values: Value.Object, height: Height)
}

/// A section of rows with its optional header and footer.
public struct Section: Sendable, Hashable {
    /// Its id, unique in the table.
    public var id: String
    /// Its header: a title or a template's view.
    public var header: Supplementary?
    /// Its footer: a title or a template's view.
    public var footer: Supplementary?
    /// The rows shown; in a stateful section, the rows of its current state.
    public var items: [Item]
    /// Named states, each an ordered list of the section's rows (TableViewKit's `Stateful`).
    public var states: SectionStates?

    /// A section of `items`, with `states` when it has several.
    public init(id: String, header: Supplementary? = nil, footer: Supplementary? = nil, items: [Item], states: SectionStates? = nil) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
        self.states = states
    }

    /// The section as it is in `state`: its rows are that state's.
    public func inState(_ state: String) -> Section? {
        guard let rows = states?.items[state] else { return nil }
        var copy = self
        copy.items = rows
        copy.states?.current = state
        return copy
    }
}

/// The states of a section: names in order, the rows of each, the state it starts in.
public struct SectionStates: Sendable, Hashable {
    /// The states' names, in order.
    public var names: [String]
    /// The items of each state, by name.
    public var items: [String: [Item]]
    /// The state the section starts in.
    public var initial: String
    /// The state it shows now.
    public var current: String

    /// States of these names and items, starting and shown in `initial`.
    public init(names: [String], items: [String: [Item]], initial: String) {
        self.names = names
        self.items = items
        self.initial = initial
        self.current = initial
    }
}

/// A list screen: what a `UITableView` with its data source would show.
public struct Table: Sendable, Hashable {
    /// The large title above the sections, if any.
    public var title: String?
    /// The UIKit table style: plain, grouped or insetGrouped.
    public var style: TableStyle
    /// Its sections, in order.
    public var sections: [Section]
    /// A colour (a theme token or `#RRGGBB[AA]`) in place of the style's background: a
    /// storyboard table view's own.
    public var background: String?

    /// A table of `sections`.
    public init(title: String? = nil, style: TableStyle = .plain, sections: [Section], background: String? = nil) {
        self.title = title
        self.style = style
        self.sections = sections
        self.background = background
    }

    /// The number of items in all its sections.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }

    /// The table with each named section in the given state (the others as they are).
    public func inScene(_ scene: Scene) -> Table {
        var copy = self
        for (index, section) in sections.enumerated() {
            if let state = scene.states[section.id], let changed = section.inState(state) { copy.sections[index] = changed }
        }
        return copy
    }

    /// The scenes rendered by default: every section in its initial state, then, for each
    /// stateful section, each of its other states with the rest at their initial state.
    public var defaultScenes: [Scene] {
        var scenes = [Scene(name: "initial", states: [:])]
        for section in sections {
            guard let states = section.states else { continue }
            for name in states.names where name != states.initial {
                scenes.append(Scene(name: "\(section.id).\(name)", states: [section.id: name]))
            }
        }
        return scenes
    }
}

/// The table as a whole in one combination of section states.
public struct Scene: Sendable, Hashable {
    /// `initial`, `<section>.<state>`, or a name of the user's.
    public var name: String
    /// Section id to state name; sections not named stay in their initial state.
    public var states: [String: String]

    /// A scene named `name` with these sections in these states.
    public init(name: String, states: [String: String]) {
        self.name = name
        self.states = states
    }
}
