/// UIKit's size classes, and the values Interface Builder stores for some of them.
///
/// A view, constraint or stack view can hold values for a class of screens apart from its own
/// (Xcode's "+" beside a property, "Vary for Traits"): IB writes them as
/// `<variation key="heightClass=regular-widthClass=compact" constant="150"/>` inside the object,
/// and a view's constraints or subviews installed for some classes only as masks
/// (`<variation key="heightClass=compact"><mask key="constraints"><include reference="…"/>`, where
/// `key="default"` lists what the base class leaves out). UIKit applies those whose traits the
/// screen has, the more traits a variation names the later; Xcode's canvas shows the same for the
/// device it is showing (`<device id=… orientation=…>`), and so does tablerender.
package struct SizeClasses: Sendable, Hashable {
    /// "compact" or "regular".
    package var width: String
    package var height: String
    /// "phone" or "pad".
    package var idiom: String

    /// The size classes of a device IB names (`retina4_7`, `ipad11` …) held `orientation`: an
    /// iPad is regular both ways; an iPhone is compact wide and regular tall in portrait, compact
    /// tall in landscape, and regular wide there too from 414 pt (the Plus and Max phones).
    package static func device(_ id: String, orientation: String?) -> SizeClasses? {
        if id.hasPrefix("ipad") { return SizeClasses(width: "regular", height: "regular", idiom: "pad") }
        guard id.hasPrefix("retina") else { return nil }
        if orientation == "landscape" {
            let wide = (IBReader.deviceWidths[id] ?? 0) >= 414
            return SizeClasses(width: wide ? "regular" : "compact", height: "compact", idiom: "phone")
        }
        return SizeClasses(width: "compact", height: "regular", idiom: "phone")
    }

    /// The number of traits a variation's key names when the screen has every one of them
    /// (`heightClass=regular-widthClass=compact`: 2), else nil; a trait it does not know (an
    /// idiom of another platform, a trait of a later Xcode) is not the screen's.
    package func specificity(of key: String) -> Int? {
        var count = 0
        for pair in key.split(separator: "-") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "widthClass": guard parts[1] == width else { return nil }
            case "heightClass": guard parts[1] == height else { return nil }
            case "userInterfaceIdiom": guard parts[1] == idiom else { return nil }
            default: return nil
            }
            count += 1
        }
        return count == 0 ? nil : count
    }

    /// Whether `element` or anything in it holds a value for a size class apart.
    package static func varies(_ element: XMLElement) -> Bool {
        element.children.contains { child in
            child.name == "variation" ? child.attribute("key")?.value != "default" : varies(child)
        }
    }

    /// `element` and what it holds with the variations of these size classes applied: their
    /// attributes and elements (a font) take the place of the object's own, and the masks of
    /// every object are brought down to one `<variation key="default">` listing what these
    /// classes leave out. Other variations are left where they are, unread.
    package func resolve(_ element: XMLElement) -> XMLElement {
        var element = element
        for index in element.children.indices where element.children[index].name != "variation" {
            element.children[index] = resolve(element.children[index])
        }
        let variations = element.children.enumerated().compactMap { index, child -> (order: Int, specificity: Int, element: XMLElement)? in
            guard child.name == "variation", let key = child.attribute("key")?.value, key != "default",
                  let specificity = specificity(of: key) else { return nil }
            return (index, specificity, child)
        }.sorted { ($0.specificity, $0.order) < ($1.specificity, $1.order) }
        guard !variations.isEmpty else { return element }

        // What the base class leaves out, then what each variation puts in or leaves out.
        var excluded: [String: Set<String>] = [:]
        var maskKeys: [String] = []
        func note(_ key: String) { if !maskKeys.contains(key) { maskKeys.append(key) } }
        for child in element.children where child.name == "variation" && child.attribute("key")?.value == "default" {
            for mask in child.children where mask.name == "mask" {
                guard let key = mask.attribute("key")?.value else { continue }
                note(key)
                excluded[key, default: []].formUnion(mask.children.filter { $0.name == "exclude" }.compactMap { $0.attribute("reference")?.value })
            }
        }
        // Where each element of the object is, by name and key (a variation's takes its place).
        var places: [String: Int] = [:]
        for (index, child) in element.children.enumerated() where child.name != "variation" {
            let place = child.name + "\u{0}" + (child.attribute("key")?.value ?? "")
            if places[place] == nil { places[place] = index }
        }
        for variation in variations {
            for attribute in variation.element.attributes where attribute.name != "key" {
                if let index = element.attributes.firstIndex(where: { $0.name == attribute.name }) {
                    element.attributes[index].value = attribute.value
                } else {
                    element.attributes.append(attribute)
                }
            }
            for child in variation.element.children {
                if child.name == "mask", let key = child.attribute("key")?.value {
                    note(key)
                    for reference in child.children {
                        guard let id = reference.attribute("reference")?.value else { continue }
                        if reference.name == "include" { excluded[key, default: []].remove(id) }
                        if reference.name == "exclude" { excluded[key, default: []].insert(id) }
                    }
                } else {
                    // An element the variation gives (a label's font): in place of the object's own.
                    let place = child.name + "\u{0}" + (child.attribute("key")?.value ?? "")
                    if let index = places[place] {
                        element.children[index] = child
                    } else {
                        places[place] = element.children.count
                        element.children.append(child)
                    }
                }
            }
        }
        element.children.removeAll { $0.name == "variation" && $0.attribute("key")?.value == "default" }
        if !maskKeys.isEmpty {
            let masks = maskKeys.map { key in
                XMLElement(name: "mask", attributes: [.init(name: "key", value: key, location: element.location)],
                           children: (excluded[key] ?? []).sorted().map {
                               XMLElement(name: "exclude", attributes: [.init(name: "reference", value: $0, location: element.location)],
                                          children: [], location: element.location)
                           }, location: element.location)
            }
            element.children.append(XMLElement(name: "variation", attributes: [.init(name: "key", value: "default", location: element.location)],
                                               children: masks, location: element.location))
        }
        return element
    }
}
