import TableModel
import TableRender

/// Where a snapshot's rows, headers and footers are, kept in its reference image (a text chunk
/// no viewer shows): when a new image's size differs, the failure says which rows were added,
/// removed, moved or resized instead of leaving the eye to find them.
package enum RowPlaces {
    package static let key = "tablerender:rows"

    /// One line per block of the first page: kind, id, top and height in points.
    package static func text(of table: LaidOutTable) -> String {
        guard let page = table.pages.first else { return "" }
        return page.blocks.map { "\($0.kind.rawValue)\t\($0.id)\t\(number($0.frame.y))\t\(number($0.frame.height))" }.joined(separator: "\n")
    }

    /// `png` carrying the places of `table`'s rows.
    package static func adding(_ table: LaidOutTable, to png: [UInt8]) -> [UInt8] {
        PNGEncoder.addingText(png, key: key, text: text(of: table))
    }

    /// The places a reference image carries.
    package static func read(_ png: [UInt8]) -> String? { PNGEncoder.text(in: png, key: key) }

    private static func number(_ value: Double) -> String {
        if let text = DecimalText.exact(value, places: 2) { return text }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// What changed between the reference's places and the new ones, in a sentence; nil when
    /// nothing did.
    package static func changes(reference: String, actual: String) -> String? {
        struct Place { var name: String; var top: Double; var height: Double }
        func places(_ text: String) -> [Place] {
            var seen: [String: Int] = [:]
            return text.split(separator: "\n").compactMap { line in
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 4, let top = Double(fields[2]), let height = Double(fields[3]) else { return nil }
                // A second block of one kind and id (a repeated header) keeps its own name.
                let base = "\(fields[0]) '\(fields[1])'"
                seen[base, default: 0] += 1
                return Place(name: seen[base]! > 1 ? "\(base) #\(seen[base]!)" : base, top: top, height: height)
            }
        }
        let old = places(reference), new = places(actual)
        let oldByName = Dictionary(old.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let newNames = Set(new.map(\.name))
        var parts: [String] = []
        func list(_ title: String, _ items: [String]) {
            guard !items.isEmpty else { return }
            parts.append(title + " " + items.prefix(6).joined(separator: ", ") + (items.count > 6 ? " and \(items.count - 6) more" : ""))
        }
        list("added:", new.filter { oldByName[$0.name] == nil }.map { "\($0.name) at \(number($0.top)) pt" })
        list("removed:", old.filter { !newNames.contains($0.name) }.map { "\($0.name) (was at \(number($0.top)) pt)" })
        list("resized:", new.compactMap { place in
            oldByName[place.name].flatMap { abs($0.height - place.height) > 0.005 ? "\(place.name) \(number($0.height)) → \(number(place.height)) pt tall" : nil }
        })
        list("moved:", new.compactMap { place in
            oldByName[place.name].flatMap { abs($0.top - place.top) > 0.005 ? "\(place.name) \(number($0.top)) → \(number(place.top)) pt" : nil }
        })
        return parts.isEmpty ? nil : "rows " + parts.joined(separator: "; ")
    }
}
