// Building tables in Swift with the caller's own types, as an enum-driven Settings screen does:
// sections and rows are named by enums, never by index.

/// Anything that can stand as a row: an `Item`, or a caller's enum case that knows its item.
public protocol ItemConvertible {
    var item: Item { get }
}

extension Item: ItemConvertible {
    /// An item is its own item.
    public var item: Item { self }
}

/// Lists a section's items: rows, `if`, `for`.
@resultBuilder
public enum ItemsBuilder {
    /// A row as one item.
    public static func buildExpression(_ row: some ItemConvertible) -> [Item] { [row.item] }
    /// Several rows (a `for` loop's or a list's) as items.
    public static func buildExpression(_ rows: [some ItemConvertible]) -> [Item] { rows.map(\.item) }
    /// The items of every statement, in order.
    public static func buildBlock(_ parts: [Item]...) -> [Item] { parts.flatMap { $0 } }
    /// The items of an `if` whose condition held, else none.
    public static func buildOptional(_ part: [Item]?) -> [Item] { part ?? [] }
    /// The items of an `if`'s first branch.
    public static func buildEither(first: [Item]) -> [Item] { first }
    /// The items of an `else` branch.
    public static func buildEither(second: [Item]) -> [Item] { second }
    /// The items of every pass of a `for` loop.
    public static func buildArray(_ parts: [[Item]]) -> [Item] { parts.flatMap { $0 } }
}

/// Lists a table's sections: sections, `if`, `for`.
@resultBuilder
public enum SectionsBuilder {
    /// A section.
    public static func buildExpression(_ section: Section) -> [Section] { [section] }
    /// Several sections (a `for` loop's or a list's).
    public static func buildExpression(_ sections: [Section]) -> [Section] { sections }
    /// The sections of every statement, in order.
    public static func buildBlock(_ parts: [Section]...) -> [Section] { parts.flatMap { $0 } }
    /// The sections of an `if` whose condition held, else none.
    public static func buildOptional(_ part: [Section]?) -> [Section] { part ?? [] }
    /// The sections of an `if`'s first branch.
    public static func buildEither(first: [Section]) -> [Section] { first }
    /// The sections of an `else` branch.
    public static func buildEither(second: [Section]) -> [Section] { second }
    /// The sections of every pass of a `for` loop.
    public static func buildArray(_ parts: [[Section]]) -> [Section] { parts.flatMap { $0 } }
}

extension Table {
    /// A table of the sections the closure lists, with an optional large title, in a UIKit table style.
    public init(title: String? = nil, style: TableStyle = .plain, @SectionsBuilder sections: () -> [Section]) {
        self.init(title: title, style: style, sections: sections())
    }
}

extension Section {
    /// A section named by one of the caller's ids (an enum case, typically).
    public init<ID: RawRepresentable>(
        _ id: ID, header: String? = nil, footer: String? = nil, @ItemsBuilder items: () -> [Item]
    ) where ID.RawValue == String {
        self.init(id: id.rawValue, header: header.map(Supplementary.title), footer: footer.map(Supplementary.title), items: items())
    }

    /// A section named `id`, with a title header and footer, of the items the closure lists.
    public init(
        id: String, header: String? = nil, footer: String? = nil, @ItemsBuilder items: () -> [Item]
    ) {
        self.init(id: id, header: header.map(Supplementary.title), footer: footer.map(Supplementary.title), items: items())
    }
}

// The built-in cell styles of every theme (UITableViewCell.CellStyle), with their value keys.
extension Item {
    private static func make(
        _ id: String, _ template: String, _ values: [(String, String?)], image: String?, accessory: Accessory,
        toggle: Bool?, link: String?
    ) -> Item {
        var object = Value.Object()
        for (key, value) in values { if let value { object[key] = .string(value) } }
        if let image { object["image"] = .string(image) }
        if accessory != .none { object["accessory"] = .string(accessory.rawValue) }
        if let toggle { object["switch"] = .bool(toggle) }
        return Item(id: id, template: template, values: object, link: link)
    }

    /// `basic`: one label, an optional image, an accessory or a switch.
    public static func basic<ID: RawRepresentable>(
        _ id: ID, title: String, image: String? = nil, accessory: Accessory = .none, switch toggle: Bool? = nil,
        link: String? = nil
    ) -> Item where ID.RawValue == String {
        make(id.rawValue, "basic", [("title", title)], image: image, accessory: accessory, toggle: toggle, link: link)
    }

    /// `subtitle`: a title over a smaller grey label.
    public static func subtitle<ID: RawRepresentable>(
        _ id: ID, title: String, subtitle: String?, image: String? = nil, accessory: Accessory = .none,
        link: String? = nil
    ) -> Item where ID.RawValue == String {
        make(id.rawValue, "subtitle", [("title", title), ("subtitle", subtitle)], image: image, accessory: accessory,
             toggle: nil, link: link)
    }

    /// `value1`: a left label and a right-aligned grey detail (the Settings look).
    public static func value1<ID: RawRepresentable>(
        _ id: ID, title: String, detail: String?, image: String? = nil, accessory: Accessory = .none,
        link: String? = nil
    ) -> Item where ID.RawValue == String {
        make(id.rawValue, "value1", [("title", title), ("detail", detail)], image: image, accessory: accessory,
             toggle: nil, link: link)
    }

    /// `value2`: a right-aligned tinted caption, then the value (the Contacts look).
    public static func value2<ID: RawRepresentable>(
        _ id: ID, title: String, detail: String?, accessory: Accessory = .none, link: String? = nil
    ) -> Item where ID.RawValue == String {
        make(id.rawValue, "value2", [("title", title), ("detail", detail)], image: nil, accessory: accessory,
             toggle: nil, link: link)
    }
}
