import TableModel
import TableTemplates
import TableText

/// One thing VoiceOver stops on: what it reads (label, value, hint), what it is (traits) and where.
package struct AccessibilityElement: Sendable, Hashable {
    package var label: String
    package var value: String?
    package var hint: String?
    package var identifier: String?
    /// In the order VoiceOver reads them after the label: `header`, `button`, `link`, `image`,
    /// `selected`, `toggle`, `adjustable`, `not enabled`, …
    package var traits: [String]
    /// On the page, points.
    package var frame: Rect
    /// The block (row, header, footer, title) it belongs to.
    package var block: String
}

/// What VoiceOver would read on a laid-out table, in its order, by UIKit's rules (docs/accessibility.md):
///
/// - The large title and each section header are elements with the `header` trait; a footer's
///   text is an element.
/// - A row is one element whose label is its texts (and images' alternative texts) in reading
///   order, joined by ", ", as UITableViewCell combines its labels. An accessory makes it a
///   `button` (disclosure, detail) or `selected` (checkmark); a link, a `link`; a switch drawn
///   as its accessory joins it: its value is `on`/`off` and it is a `button, toggle`, as
///   VoiceOver reads a settings row.
/// - Controls inside a row (an Interface Builder cell's buttons, switches, fields, sliders,
///   segmented controls) are elements of their own, with UIKit's traits and values; so is a view
///   IB marks as an element. A row holding such elements is no element itself: its texts are
///   elements one by one among them. A view IB marks as not an element is left out, with what it
///   holds. IB's label, hint, identifier and traits replace the defaults.
/// - Inside such a row, elements are read top to bottom, then leading to trailing (right to left
///   in a right-to-left layout); two elements overlapping vertically by half the shorter one's
///   height are on one line.
package enum AccessibilityTree {
    package static func elements(of table: LaidOutTable) -> [AccessibilityElement] {
        var result: [AccessibilityElement] = []
        let rightToLeft = table.direction == .rightToLeft
        for page in table.pages {
            // A header repeated at a page's top is read once; a row a page break cut is one
            // element, read where it starts.
            for block in page.blocks where !block.repeated && block.contentOffset == 0 {
                guard let content = block.content else { continue }
                let origin = (block.frame.x, block.frame.y - block.contentOffset)
                var parts: [(text: String, frame: Rect)] = []
                var separate: [AccessibilityElement] = []
                var toggle: Bool?
                var accessoryTraits: [String] = []
                // The document's own `accessibility` for the item, if any.
                var given: ItemAccessibility?
                if block.kind == .row, let item = block.item, table.table.sections.indices.contains(block.section),
                   table.table.sections[block.section].items.indices.contains(item) {
                    given = table.table.sections[block.section].items[item].accessibility
                }
                if given?.hidden == true { continue }
                collect(content, at: origin, into: &parts, separate: &separate, toggle: &toggle, accessory: &accessoryTraits, block: block.id)
                if let given {
                    // The row is the element the document describes; its controls follow it.
                    let label = given.label ?? parts.map(\.text).joined(separator: ", ")
                    let traits = given.traits ?? accessoryTraits + (block.link != nil ? ["link"] : []) + (toggle != nil ? ["button", "toggle"] : [])
                    result.append(AccessibilityElement(label: label, value: given.value ?? toggle.map { $0 ? "on" : "off" }, hint: given.hint,
                                                       identifier: given.identifier, traits: withoutRepeats(traits), frame: block.frame, block: block.id))
                    result += ordered(separate, rightToLeft: rightToLeft)
                    continue
                }
                if !separate.isEmpty {
                    // A cell holding elements of its own is no element itself: its texts are read
                    // one by one among its controls, top to bottom, then leading to trailing.
                    let textTraits = block.kind == .header || block.kind == .title ? ["header"] : []
                    separate += parts.map { AccessibilityElement(label: $0.text, value: nil, hint: nil, identifier: nil, traits: textTraits, frame: $0.frame, block: block.id) }
                    result += ordered(separate, rightToLeft: rightToLeft)
                    continue
                }
                var traits: [String] = []
                switch block.kind {
                case .title, .header: traits.append("header")
                case .footer: break
                case .row:
                    traits += accessoryTraits
                    if block.link != nil, !traits.contains("link") { traits.append("link") }
                    if toggle != nil {
                        traits.removeAll { $0 == "button" }
                        traits += ["button", "toggle"]
                    }
                }
                let label = parts.map(\.text).joined(separator: ", ")
                if !label.isEmpty || toggle != nil {
                    result.append(AccessibilityElement(label: label, value: toggle.map { $0 ? "on" : "off" }, hint: nil, identifier: nil,
                                                       traits: traits, frame: block.frame, block: block.id))
                }
            }
        }
        return result
    }

    /// Top to bottom, then leading to trailing; on one line when two overlap vertically by half
    /// the shorter one's height. Lines are found first, so that the order is a total one.
    private static func ordered(_ elements: [AccessibilityElement], rightToLeft: Bool) -> [AccessibilityElement] {
        var lines: [[AccessibilityElement]] = []
        for element in elements.sorted(by: { $0.frame.y < $1.frame.y }) {
            if let last = lines.last?.last {
                let overlap = min(last.frame.maxY, element.frame.maxY) - max(last.frame.y, element.frame.y)
                if overlap >= min(last.frame.height, element.frame.height) / 2 {
                    lines[lines.count - 1].append(element)
                    continue
                }
            }
            lines.append([element])
        }
        return lines.flatMap { line in line.sorted { rightToLeft ? $0.frame.maxX > $1.frame.maxX : $0.frame.x < $1.frame.x } }
    }

    /// The row's texts into `parts`, its separate elements into `separate`.
    private static func collect(_ view: LaidOutView, at origin: (Double, Double), into parts: inout [(text: String, frame: Rect)], separate: inout [AccessibilityElement],
                                toggle: inout Bool?, accessory: inout [String], block: String) {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        let settings = view.style.accessibility
        if settings?.isElement == false { return }
        if let settings, settings.isElement == true || settings.control != nil {
            separate.append(element(view, settings: settings, frame: frame, block: block))
            return
        }
        // A label IB gave a label of its own reads that instead of its text.
        if let label = settings?.label {
            if !label.isEmpty { parts.append((label, frame)) }
            return
        }
        switch view.style.content {
        case .label(let text, _, _):
            // Line breaks and runs of spaces read as one space.
            let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
            if !words.isEmpty { parts.append((words.joined(separator: " "), frame)) }
        case .image(_, _, let alt):
            // A template image's alternative text; an Interface Builder image view's alt is its
            // id, which VoiceOver would not read.
            if !alt.isEmpty, !view.style.placedByConstraints { parts.append((alt, frame)) }
        case .toggle(let on, _):
            toggle = on
        case .accessory(let kind, _):
            switch kind {
            case .disclosureIndicator, .detailButton, .detailDisclosureButton: if !accessory.contains("button") { accessory.append("button") }
            case .checkmark: if !accessory.contains("selected") { accessory.append("selected") }
            case .none: break
            }
        default:
            break
        }
        for child in view.children { collect(child, at: (frame.x, frame.y), into: &parts, separate: &separate, toggle: &toggle, accessory: &accessory, block: block) }
    }

    /// What VoiceOver reads for `view` when it is an element of its own (a control, a view IB
    /// marks as an element), in the view's own coordinates; nil when it is not one.
    package static func element(of view: LaidOutView) -> AccessibilityElement? {
        guard let settings = view.style.accessibility, settings.isElement != false, settings.isElement == true || settings.control != nil else { return nil }
        return element(view, settings: settings, frame: Rect(x: 0, y: 0, width: view.frame.width, height: view.frame.height), block: "")
    }

    /// A control or a view IB marks as an element: its label (IB's, else its texts), value and traits.
    private static func element(_ view: LaidOutView, settings: AccessibilitySettings, frame: Rect, block: String) -> AccessibilityElement {
        var texts: [(text: String, frame: Rect)] = []
        var ignoredToggle: Bool?, ignoredAccessory: [String] = [], nested: [AccessibilityElement] = []
        var plain = view
        plain.style.accessibility = nil
        collect(plain, at: (frame.x - view.frame.x, frame.y - view.frame.y), into: &texts, separate: &nested, toggle: &ignoredToggle,
                accessory: &ignoredAccessory, block: block)
        var traits: [String]
        switch settings.control {
        case "button": traits = ["button"]
        case "switch": traits = ["button", "toggle"]
        case "slider", "stepper": traits = ["adjustable"]
        case "segmentedControl": traits = ["button"]
        case "textField", "textView": traits = ["text field"]
        case "pageControl": traits = ["adjustable"]
        default: traits = []
        }
        if let set = settings.traits {
            // IB's traits replace UIKit's defaults, in IB's names (`notEnabled` → `not enabled`).
            traits = set.sorted().map { $0 == "notEnabled" ? "not enabled" : $0 == "staticText" ? "static text" : $0 }
        }
        let label = settings.label ?? (settings.control == "textField" || settings.control == "textView" ? "" : texts.map(\.text).joined(separator: ", "))
        return AccessibilityElement(label: label, value: settings.value, hint: settings.hint, identifier: settings.identifier, traits: traits,
                                    frame: frame, block: block)
    }

    /// The elements as text, one a line: number, label in quotes, then value, hint, traits,
    /// identifier and frame; stable and diffable, like the `.layout` snapshot.
    package static func text(_ elements: [AccessibilityElement]) -> String {
        func number(_ value: Double) -> String { DecimalText.exact(value, places: 2) ?? String((value * 100).rounded() / 100) }
        var out = ""
        for (index, element) in elements.enumerated() {
            var line = "\(index + 1). \"\(element.label)\""
            if let value = element.value { line += ", value \"\(value)\"" }
            if let hint = element.hint { line += ", hint \"\(hint)\"" }
            if !element.traits.isEmpty { line += " — " + element.traits.joined(separator: ", ") }
            if let identifier = element.identifier { line += " #\(identifier)" }
            let frame = element.frame
            line += " @ \(number(frame.x)),\(number(frame.y)) \(number(frame.width))×\(number(frame.height)) in \(element.block)"
            out += line + "\n"
        }
        return out
    }
}

/// The elements of a list without repeats, in first-seen order.
private func withoutRepeats(_ items: [String]) -> [String] {
    var seen = Set<String>()
    return items.filter { seen.insert($0).inserted }
}
