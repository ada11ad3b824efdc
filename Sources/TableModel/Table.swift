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
    public var id: String
    public var template: String
    public var values: Value.Object
    public var height: Height
    public var link: String?

    public init(id: String, template: String, values: Value.Object = [:], height: Height = .default, link: String? = nil) {
        self.id = id
        self.template = template
        self.values = values
        self.height = height
        self.link = link
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
    public var id: String
    public var header: Supplementary?
    public var footer: Supplementary?
    public var items: [Item]

    public init(id: String, header: Supplementary? = nil, footer: Supplementary? = nil, items: [Item]) {
        self.id = id
        self.header = header
        self.footer = footer
        self.items = items
    }
}

/// A list screen: what a `UITableView` with its data source would show.
public struct Table: Sendable, Hashable {
    public var title: String?
    public var style: TableStyle
    public var sections: [Section]

    public init(title: String? = nil, style: TableStyle = .plain, sections: [Section]) {
        self.title = title
        self.style = style
        self.sections = sections
    }

    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}
