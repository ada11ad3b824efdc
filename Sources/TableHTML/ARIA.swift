import TableLayout
import TableModel

/// What VoiceOver would read of an element (`AccessibilityTree`), as ARIA on the element the
/// page draws it with: its role from its traits, its label, value, hint and state.
enum ARIA {
    /// The attributes (each with a leading space) for an element with these properties.
    static func attributes(label: String, value: String?, hint: String?, traits: [String]) -> String {
        var out = ""
        let role: String?
        if traits.contains("toggle") {
            role = "switch"
        } else if traits.contains("adjustable") {
            role = "slider"
        } else if traits.contains("search field") {
            role = "searchbox"
        } else if traits.contains("text field") {
            role = "textbox"
        } else if traits.contains("link") {
            role = "link"
        } else if traits.contains("button") {
            role = "button"
        } else if traits.contains("header") {
            role = "heading"
        } else if traits.contains("image") {
            role = "img"
        } else {
            // An element with no trait that names a role: one thing read with its label.
            role = label.isEmpty ? nil : "group"
        }
        if let role { out += " role=\"\(role)\"" }
        // A value ARIA has no place for is read after the label, as VoiceOver reads it.
        let spoken: String
        switch role {
        case "switch":
            out += " aria-checked=\"\(value == "on" || value == "1")\""
            spoken = label
        case "slider":
            let number = value.flatMap { Double($0.prefix { $0.isNumber || $0 == "." || $0 == "-" }) } ?? 0
            out += " aria-valuenow=\"\(Escape.number(number))\" aria-valuemin=\"0\" aria-valuemax=\"100\""
            if let value { out += " aria-valuetext=\"\(Escape.text(value))\"" }
            spoken = label
        case "textbox", "searchbox":
            out += " aria-readonly=\"true\""
            spoken = label
        case "heading":
            out += " aria-level=\"3\""
            spoken = [label, value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        default:
            spoken = [label, value].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: ", ")
        }
        if !spoken.isEmpty { out += " aria-label=\"\(Escape.text(spoken))\"" }
        if let hint, !hint.isEmpty { out += " aria-description=\"\(Escape.text(hint))\"" }
        if traits.contains("not enabled") { out += " aria-disabled=\"true\"" }
        if traits.contains("selected"), role == "button" { out += " aria-pressed=\"true\"" }
        return out
    }

    static func attributes(_ element: AccessibilityElement) -> String {
        attributes(label: element.label, value: element.value, hint: element.hint, traits: element.traits)
    }

    /// The attributes of a row the document describes (`accessibility` of its item).
    static func attributes(_ given: ItemAccessibility, texts: String) -> String {
        attributes(label: given.label ?? texts, value: given.value, hint: given.hint, traits: given.traits ?? [])
    }

    /// `html` with `attributes` added to its first element's opening tag.
    static func adding(_ attributes: String, toFirstTagOf html: inout String) {
        guard !attributes.isEmpty, let open = html.firstIndex(of: "<"), let close = html[open...].firstIndex(of: ">") else { return }
        let selfClosing = html.index(before: close) > open && html[html.index(before: close)] == "/"
        html.insert(contentsOf: attributes, at: selfClosing ? html.index(before: close) : close)
    }
}
