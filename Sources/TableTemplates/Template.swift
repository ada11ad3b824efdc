import TableModel

/// One view of a template, as parsed: its kind, its attributes (possibly bound) and children.
package struct ViewNode: Sendable {
    package var kind: ViewKind
    package var attributes: [String: AttributeText]
    package var children: [ViewNode]
    package var location: SourceLocation

    package func attribute(_ name: String) -> AttributeText? { attributes[name] }
}

/// A Nib-like template: a `<cell>`, `<header>` or `<footer>` found by its file name.
public struct Template: Sendable {
    package var id: String
    package var role: TemplateRole
    package var attributes: [String: AttributeText]
    /// The content view; `nil` for an empty template.
    package var content: ViewNode?
    package var location: SourceLocation
    /// For a template read from an Interface Builder file: the document, laid out by Auto Layout.
    package var interfaceBuilder: IBDocument?

    /// The item value keys the template reads (its outlets); values with other keys are refused.
    /// Worked out once, when the template is parsed.
    package let outlets: Set<String>

    package init(id: String, role: TemplateRole, attributes: [String: AttributeText], content: ViewNode?, location: SourceLocation) {
        self.id = id
        self.role = role
        self.attributes = attributes
        self.content = content
        self.location = location
        var keys = Set<String>()
        func visit(_ node: ViewNode) {
            for text in node.attributes.values { keys.formUnion(text.bindingRoots) }
            node.children.forEach(visit)
        }
        for text in attributes.values { keys.formUnion(text.bindingRoots) }
        if let content { visit(content) }
        outlets = keys
    }

    /// A template from an Interface Builder document: its outlets are the document's.
    package init(id: String, interfaceBuilder document: IBDocument) {
        self.id = id
        switch document.kind {
        case .cell, .collectionCell: role = .cell
        case .headerFooter, .view, .collectionReusableView: role = .header
        }
        attributes = [:]
        content = nil
        location = SourceLocation(file: document.file, line: document.top.location.line, column: document.top.location.column)
        interfaceBuilder = document
        if let builtIn = document.builtInTemplate {
            // A cell of one of UIKit's styles takes the built-in cell's values, or UIKit's names.
            let detail: Set<String> = builtIn == "basic" ? [] : [builtIn == "subtitle" ? "subtitle" : "detail", "detailTextLabel"]
            outlets = detail.union(["title", "image", "accessory", "textLabel", "imageView"])
        } else {
            outlets = Set(document.outlets.map(\.property))
        }
    }

    /// Whether it can be used in `role`: an IB header-footer view or plain view serves as a
    /// header or a footer.
    package func serves(_ wanted: TemplateRole) -> Bool {
        if interfaceBuilder != nil, role != .cell { return wanted != .cell }
        return role == wanted
    }

    /// A golden-test friendly dump: one line per view, attributes in schema order.
    package var dump: String {
        var lines: [String] = []
        let rootAttributes = Schema.root.compactMap { spec in attributes[spec.name].map { "\(spec.name)=\"\($0)\"" } }
        lines.append(([role.rawValue, id, "@\(location.line ?? 0):\(location.column ?? 0)"] + rootAttributes).joined(separator: " "))
        func visit(_ node: ViewNode, depth: Int) {
            let specs = Schema.attributes(of: node.kind)
            let text = specs.compactMap { spec in node.attributes[spec.name].map { "\(spec.name)=\"\($0)\"" } }
            lines.append(String(repeating: "  ", count: depth) + ([node.kind.rawValue, "@\(node.location.line ?? 0):\(node.location.column ?? 0)"] + text).joined(separator: " "))
            for child in node.children { visit(child, depth: depth + 1) }
        }
        if let content { visit(content, depth: 1) }
        return lines.joined(separator: "\n")
    }
}

/// Turns a template file into a `Template`, checking every element and attribute against the
/// schema. Colour and font tokens are checked against a theme by `TemplateLibrary`.
package enum TemplateParser {
    package static func parse(file: String, bytes: [UInt8], id: String) throws(Diagnostic) -> Template {
        let root = try XMLParser.parse(file: file, bytes: bytes)
        guard let role = TemplateRole(rawValue: root.name) else {
            throw Diagnostic(at: root.location, Suggestions.unknown("root element", "<\(root.name)>", known: TemplateRole.allCases.map { "<\($0.rawValue)>" }) + "; a template holds one cell, header or footer")
        }
        let attributes = try parseAttributes(root, specs: Schema.root)
        guard root.children.count <= 1 else {
            throw Diagnostic(at: root.children[1].location, "<\(role.rawValue)> holds one content view; wrap several in a <stack>")
        }
        let content = try root.children.first.map { element throws(Diagnostic) in try parseView(element) }
        if let content, content.attributes["margin"] != nil {
            throw Diagnostic(at: content.location, "margin keeps a view clear of its siblings in a stack, and the content view of a <\(role.rawValue)> has none; use padding on it, or on the <\(role.rawValue)>'s stack")
        }
        if let content, content.attributes["position"]?.constant == "overlay" {
            throw Diagnostic(at: content.location, "position=\"overlay\" places a view against its parent's edges, and the content view of a <\(role.rawValue)> has no parent; put the overlay inside a <stack> or <box>")
        }
        return Template(id: id, role: role, attributes: attributes, content: content, location: root.location)
    }

    static func parseView(_ element: XMLElement) throws(Diagnostic) -> ViewNode {
        guard let kind = ViewKind(rawValue: element.name) else {
            throw Diagnostic(at: element.location, Suggestions.unknown("element", "<\(element.name)>", known: ViewKind.allCases.map { "<\($0.rawValue)>" }))
        }
        let attributes = try parseAttributes(element, specs: Schema.attributes(of: kind))
        switch kind {
        case .stack:
            break
        case .box:
            // One child in the flow; overlays besides.
            let flowing = element.children.filter { $0.attribute("position")?.value != "overlay" }
            if flowing.count > 1 {
                throw Diagnostic(at: flowing[1].location, "<box> holds at most one child (and overlays); use a <stack> for several")
            }
        default:
            if let child = element.children.first {
                throw Diagnostic(at: child.location, "<\(kind.rawValue)> cannot hold other views")
            }
        }
        if attributes["position"]?.constant == "overlay" {
            // Two offsets and a size on one axis say three things of two.
            for (size, first, second) in [("width", "left", "right"), ("height", "top", "bottom")] {
                let given = [size, first, second].filter { name in attributes[name].map { $0.constant != "auto" } ?? false }
                if given.count == 3 {
                    throw Diagnostic(at: element.location, "an overlay takes two of \(size), \(first) and \(second), not all three")
                }
            }
            if attributes["alignSelf"] != nil || attributes["margin"] != nil {
                throw Diagnostic(at: element.location, "\(attributes["alignSelf"] != nil ? "alignSelf" : "margin") places a child in its stack's flow; an overlay is placed by top, right, bottom and left")
            }
        }
        if kind == .image, let ratio = attributes["aspectRatio"]?.constant, ratio != "auto", !(Double(ratio).map { $0 > 0 } ?? false) {
            throw Diagnostic(at: element.location, "aspectRatio=\"\(ratio)\": expected a number > 0 (width ÷ height) or auto")
        }
        var children: [ViewNode] = []
        for child in element.children { children.append(try parseView(child)) }
        return ViewNode(kind: kind, attributes: attributes, children: children, location: element.location)
    }

    static func parseAttributes(_ element: XMLElement, specs: [AttributeSpec]) throws(Diagnostic) -> [String: AttributeText] {
        var result: [String: AttributeText] = [:]
        for attribute in element.attributes {
            guard let spec = specs.first(where: { $0.name == attribute.name }) else {
                throw Diagnostic(at: attribute.location, Suggestions.unknown("attribute", attribute.name, known: specs.map(\.name)) + " on <\(element.name)>")
            }
            let text: AttributeText
            do { text = try AttributeText(parsing: attribute.value) } catch {
                throw Diagnostic(at: attribute.location, "\(attribute.name): \(error.message)")
            }
            if let constant = text.constant, let problem = AttributeCheck.problem(constant, kind: spec.kind) {
                throw Diagnostic(at: attribute.location, "\(attribute.name)=\"\(constant)\": \(problem)")
            }
            result[attribute.name] = text
        }
        return result
    }
}

/// Checks of attribute values that need no theme; shared by the parser and the binder.
package enum AttributeCheck {
    /// nil when `value` is acceptable for `kind`, else what was expected.
    package static func problem(_ value: String, kind: AttributeKind) -> String? {
        switch kind {
        case .text, .color, .font:
            return nil
        case .number:
            return number(value) == nil ? "expected a finite number ≥ 0" : nil
        case .length:
            return value == "auto" || number(value) != nil ? nil : "expected a finite number ≥ 0 or auto"
        case .offset:
            return value == "auto" || offset(value) != nil ? nil : "expected a finite number from -100000 to 100000 or auto"
        case .widthLength, .heightLength:
            return value == "auto" || number(value) != nil || percent(value) != nil ? nil : "expected a finite number ≥ 0, a percentage from 0% to 1000%, or auto"
        case .bool:
            return bool(value) == nil ? "expected true or false" : nil
        case .choice(let options):
            return options.contains(value) ? nil : Suggestions.unknown("value", value, known: options)
        case .insets:
            return insets(value) == nil ? "expected 1 to 4 finite numbers ≥ 0 or margin (top right bottom left)" : nil
        case .traits:
            return traits(value).flatMap { names in
                names.first { !ItemAccessibility.traitNames.contains($0) }.map { Suggestions.unknown("trait", $0, known: ItemAccessibility.traitNames) }
            }
        }
    }

    /// A comma-separated list of trait names, trimmed; nil when empty.
    package static func traits(_ text: String) -> [String]? {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return names.isEmpty ? nil : names
    }

    package static func number(_ text: String) -> Double? {
        let trimmed = text.first == " " || text.last == " " ? text.trimmingCharacters(in: .whitespaces) : text
        guard let value = Double(trimmed), value.isFinite, value >= 0, value <= 100_000 else { return nil }
        return value
    }

    /// A percentage (`50%`) as a fraction (0.5).
    package static func percent(_ text: String) -> Double? {
        guard text.hasSuffix("%"), let value = Double(text.dropLast().trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0, value <= 1000 else { return nil }
        return value / 100
    }

    /// A number that may be negative (an overlay's offset).
    package static func offset(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard let value = Double(trimmed), value.isFinite, abs(value) <= 100_000 else { return nil }
        return value
    }

    package static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "yes", "1": return true
        case "false", "no", "0", "": return false
        default: return nil
        }
    }

    /// CSS order: `a` | `v h` | `t h b` | `t r b l`; returned as (top, right, bottom, left).
    /// The word `margin` is UIKit's layout margin on its side: `margins.vertical` above and
    /// below, `margins.side` left and right.
    package static func insets(_ text: String, margins: LayoutMargins = .standard) -> [Double]? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "," })
        guard (1...4).contains(parts.count) else { return nil }
        // nil stands for the margin until the side is known.
        var values: [Double?] = []
        for part in parts {
            if part == "margin" { values.append(nil); continue }
            guard let value = number(String(part)) else { return nil }
            values.append(value)
        }
        let four: [Double?]
        switch values.count {
        case 1: four = [values[0], values[0], values[0], values[0]]
        case 2: four = [values[0], values[1], values[0], values[1]]
        case 3: four = [values[0], values[1], values[2], values[1]]
        default: four = values
        }
        return four.enumerated().map { side, value in value ?? (side % 2 == 0 ? margins.vertical : margins.side) }
    }
}
