import TableModel

/// A storyboard read for its table views: prototype cells (templates by reuse identifier) and
/// static tables (whole documents). Segues, other scenes and everything else are skipped.
package struct IBStoryboard: Sendable {
    package var file: String
    /// Prototype cells of every table view, by reuse identifier, with the scene whose table holds
    /// them, in the order of the file.
    package var prototypes: [IBPrototype]
    /// The scenes whose view controller shows a table view.
    package var scenes: [IBScene]
    /// The values of the named and system colours the storyboard stores (`<resources>`).
    package var storedColors: [String: RGBA] = [:]

    /// The scene `name` names (storyboard identifier, title, custom class or IB id); with no
    /// name, the only scene with a static table.
    package func scene(_ name: String?) throws(Diagnostic) -> IBScene {
        let statics = scenes.filter { $0.table?.isStatic == true }
        guard let name else {
            guard statics.count == 1 else {
                throw Diagnostic(.usage, at: SourceLocation(file: file), statics.isEmpty ? "the storyboard has no static table view"
                    : "the storyboard has \(statics.count) static table views; name one with --scene (\(statics.map(\.name).joined(separator: ", ")))")
            }
            return statics[0]
        }
        let matching = scenes.filter { [$0.storyboardIdentifier, $0.title, $0.customClass, $0.id].contains(name) }
        guard let scene = matching.first else {
            throw Diagnostic(.usage, at: SourceLocation(file: file), Suggestions.unknown("scene", name, known: scenes.map(\.name)))
        }
        guard scene.table?.isStatic == true else {
            throw Diagnostic(.invalidInput, at: SourceLocation(file: file), "scene '\(name)' shows a table of prototype cells, filled by the app's code: render it from a JSON document whose items use its cells (\"template\": \"\(fileStem)/<identifier>\")")
        }
        return scene
    }

    /// The file name without its folder and extension: the prefix of its templates' ids.
    package var fileStem: String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".storyboard") ? String(name.dropLast(11)) : name
    }
}

/// A prototype cell of a storyboard's table view.
package struct IBPrototype: Sendable {
    /// Its reuse identifier: unique in its table view, as UIKit registers them per table.
    package var identifier: String
    /// The name of the scene whose table view holds it (as `scenes` lists it).
    package var scene: String
    package var document: IBDocument
    /// What tells it from prototypes of other table views with the same identifier: its scene's
    /// name (its IB id when two such scenes have one name, and its table view's id when one
    /// scene has two such table views); nil when no other table view has the identifier.
    package var qualifier: String?

    /// Its template id in a storyboard named `stem`: `Stem/Identifier`, or
    /// `Stem/Scene/Identifier` when two table views of the storyboard use the identifier.
    package func templateID(in stem: String) -> String {
        qualifier.map { "\(stem)/\($0)/\(identifier)" } ?? "\(stem)/\(identifier)"
    }
}

/// A scene whose view controller shows a table view.
package struct IBScene: Sendable {
    /// The view controller's IB id.
    package var id: String
    package var storyboardIdentifier: String?
    /// The navigation item's title, else the controller's.
    package var title: String?
    package var customClass: String?
    /// Whether the navigation bar shows the title large (`largeTitles` on the navigation controller's bar, or the item's
    /// `largeTitleDisplayMode="always"`).
    package var largeTitle: Bool
    package var table: IBTable?

    /// How `scenes` lists it and `--scene` finds it.
    package var name: String { storyboardIdentifier ?? title ?? customClass ?? id }
}

/// A table view: its style, and for a static one its sections.
package struct IBTable: Sendable {
    package var id: String
    package var isStatic: Bool
    /// `plain`, `grouped` or `insetGrouped`.
    package var style: String
    /// The table's row height; nil for automatic.
    package var rowHeight: Double?
    package var width: Double
    package var sections: [IBSection]
    /// The table view's own background colour (`<color key="backgroundColor">`).
    package var background: IBColor?

    /// The height a static cell's row has: its own custom height, else the table's when it is
    /// not the standard 44 pt; nil sizes the row by its cell's constraints.
    package func fixedHeight(of cell: IBStaticCell) -> Double? {
        cell.rowHeight ?? rowHeight.flatMap { $0 != 44 ? $0 : nil }
    }
}

package struct IBSection: Sendable {
    package var id: String
    package var headerTitle: String?
    package var footerTitle: String?
    package var cells: [IBStaticCell]
}

/// A cell of a static table.
package struct IBStaticCell: Sendable {
    package var id: String
    /// `IBUITableViewCellStyleDefault`, `…Value1`, `…Value2`, `…Subtitle`; nil for a custom cell.
    package var style: String?
    /// The cell as a document of its own (a custom cell is laid out by its constraints).
    package var document: IBDocument
    /// The texts and image of a styled cell's `textLabel`, `detailTextLabel` and `imageView`.
    package var text: String?
    package var detailText: String?
    package var image: String?
    package var accessory: String?
    /// The cell's own row height (IB's "custom" height); nil follows the table.
    package var rowHeight: Double?
    /// An SF Symbol its image view names that tablerender does not draw (drawn as a placeholder).
    package var unknownSymbol: String?
    package var location: SourceLocation
}

extension IBReader {
    package static func readStoryboard(file: String, bytes: [UInt8]) throws(Diagnostic) -> IBStoryboard {
        let root = try parseRoot(file: file, bytes: bytes)
        guard (root.attribute("type")?.value ?? "").contains("Storyboard") || root.children.contains(where: { $0.name == "scenes" }) else {
            throw Diagnostic(at: root.location, "this Interface Builder file is a XIB, not a storyboard: put it in a template folder and use it by its file name")
        }
        let resources = Resources(root)
        var counter = Counter()
        var prototypes: [IBPrototype] = []
        // The table view (by IB id) of each prototype: identifiers are unique per table view.
        var tableOf: [Int: String] = [:]
        var sceneOf: [Int: String] = [:]
        var scenes: [IBScene] = []
        // Navigation controllers that show large titles, by the id of their root view controller.
        var largeTitleRoots = Set<String>()
        let sceneElements = root.children.first { $0.name == "scenes" }?.children.filter { $0.name == "scene" } ?? []
        for scene in sceneElements {
            for controller in scene.children.first(where: { $0.name == "objects" })?.children ?? [] where controller.name == "navigationController" {
                let large = controller.children.contains { $0.attribute("key")?.value == "navigationBar" && ($0.attribute("largeTitles")?.value == "YES" || $0.attribute("prefersLargeTitles")?.value == "YES") }
                guard large else { continue }
                for connections in controller.children where connections.name == "connections" {
                    for segue in connections.children where segue.name == "segue" && segue.attribute("relationship")?.value == "rootViewController" {
                        if let destination = segue.attribute("destination")?.value { largeTitleRoots.insert(destination) }
                    }
                }
            }
        }
        for scene in sceneElements {
            for controller in scene.children.first(where: { $0.name == "objects" })?.children ?? []
            where controller.attribute("sceneMemberID")?.value == "viewController" {
                let tables = findTables(in: controller)
                let navigationItem = controller.children.first { $0.name == "navigationItem" }
                let title = navigationItem?.attribute("title")?.value ?? controller.attribute("title")?.value
                let id = controller.attribute("id")?.value ?? ""
                var scene = IBScene(id: id, storyboardIdentifier: controller.attribute("storyboardIdentifier")?.value, title: title,
                                    customClass: controller.attribute("customClass")?.value,
                                    largeTitle: largeTitleRoots.contains(id) || navigationItem?.attribute("largeTitleDisplayMode")?.value == "always", table: nil)
                for table in tables {
                    for prototypesElement in table.children where prototypesElement.name == "prototypes" {
                        for cell in prototypesElement.children where cell.name == "tableViewCell" {
                            guard let identifier = cell.attribute("reuseIdentifier")?.value, !identifier.isEmpty else { continue }
                            let width = table.children.first { $0.name == "rect" && $0.attribute("key")?.value == "frame" }.map { value($0, "width") } ?? 390
                            let height = cell.attribute("rowHeight").flatMap { number($0.value) } ?? 44
                            tableOf[prototypes.count] = table.attribute("id")?.value ?? "\(id)#\(tableOf.count)"
                            sceneOf[prototypes.count] = id
                            prototypes.append(IBPrototype(identifier: identifier, scene: scene.name,
                                                          document: try document(cell, file: file, resources: resources, designSize: (width, height), counter: &counter)))
                        }
                    }
                }
                guard let table = tables.first else { continue }
                scene.table = try self.table(table, file: file, resources: resources, counter: &counter)
                scenes.append(scene)
            }
        }
        // A reuse identifier is unique in its table view (UIKit registers cells per table); two
        // table views may each have one, named then by their scenes.
        var byIdentifier: [String: [Int]] = [:]
        for (index, prototype) in prototypes.enumerated() { byIdentifier[prototype.identifier, default: []].append(index) }
        for (identifier, indices) in byIdentifier where indices.count > 1 {
            let tables = indices.map { tableOf[$0] ?? "" }
            if let repeated = tables.enumerated().first(where: { tables.firstIndex(of: $0.element) != $0.offset }) {
                let first = prototypes[indices[tables.firstIndex(of: repeated.element)!]].document.top, second = prototypes[indices[repeated.offset]].document.top
                throw Diagnostic(at: second.location, "two prototype cells of one table view have the reuse identifier '\(identifier)': '\(first.id)' (line \(first.location.line ?? 0)) and '\(second.id)'")
            }
            let names = indices.map { prototypes[$0].scene }
            let ids = indices.map { sceneOf[$0] ?? "" }
            for (position, index) in indices.enumerated() {
                let nameIsUnique = names.filter { $0 == names[position] }.count == 1
                let idIsUnique = ids.filter { $0 == ids[position] }.count == 1
                prototypes[index].qualifier = nameIsUnique ? names[position] : idIsUnique ? ids[position] : "\(ids[position]).\(tables[position])"
            }
        }
        return IBStoryboard(file: file, prototypes: prototypes, scenes: scenes, storedColors: resources.colors)
    }

    /// The table views a controller shows: its view when that is one, else any in its view's subviews.
    static func findTables(in element: XMLElement) -> [XMLElement] {
        var found: [XMLElement] = []
        func visit(_ element: XMLElement) {
            if element.name == "tableView" {
                found.append(element)
                return
            }
            for child in element.children where child.name != "connections" { visit(child) }
        }
        visit(element)
        return found
    }

    static func table(_ element: XMLElement, file: String, resources: Resources, counter: inout Counter) throws(Diagnostic) -> IBTable {
        let width = element.children.first { $0.name == "rect" && $0.attribute("key")?.value == "frame" }.map { value($0, "width") } ?? 390
        let rowHeight = element.attribute("rowHeight").flatMap { number($0.value) }.flatMap { $0 > 0 ? $0 : nil }
        var sections: [IBSection] = []
        let isStatic = element.attribute("dataMode")?.value == "static"
        if isStatic {
            for sectionsElement in element.children where sectionsElement.name == "sections" {
                for section in sectionsElement.children where section.name == "tableViewSection" {
                    var cells: [IBStaticCell] = []
                    for cellsElement in section.children where cellsElement.name == "cells" {
                        for cell in cellsElement.children where cell.name == "tableViewCell" {
                            cells.append(try staticCell(cell, file: file, resources: resources, tableWidth: width, tableRowHeight: rowHeight, counter: &counter))
                        }
                    }
                    sections.append(IBSection(id: section.attribute("id")?.value ?? "", headerTitle: section.attribute("headerTitle")?.value,
                                              footerTitle: section.attribute("footerTitle")?.value, cells: cells))
                }
            }
        }
        let background = element.children.first { $0.name == "color" && $0.attribute("key")?.value == "backgroundColor" }.flatMap(color)
        return IBTable(id: element.attribute("id")?.value ?? "", isStatic: isStatic, style: element.attribute("style")?.value ?? "plain",
                       rowHeight: rowHeight, width: width, sections: sections, background: background)
    }

    static func staticCell(_ element: XMLElement, file: String, resources: Resources, tableWidth: Double, tableRowHeight: Double?,
                           counter: inout Counter) throws(Diagnostic) -> IBStaticCell {
        let ownHeight = element.attribute("rowHeight").flatMap { number($0.value) }.flatMap { $0 > 0 ? $0 : nil }
        let document = try document(element, file: file, resources: resources, designSize: (tableWidth, ownHeight ?? tableRowHeight ?? 44), counter: &counter)
        let styled = document.styledContent
        return IBStaticCell(id: element.attribute("id")?.value ?? "", style: element.attribute("style")?.value, document: document,
                            text: styled.text, detailText: styled.detailText, image: styled.image,
                            accessory: element.attribute("accessoryType")?.value, rowHeight: ownHeight, unknownSymbol: styled.unknownSymbol,
                            location: element.location)
    }
}

extension IBDocument {
    /// UIKit's cell style a cell has in IB (`style="IBUITableViewCellStyleValue1"` …) as the
    /// built-in template that draws it (`basic`, `value1`, `value2`, `subtitle`); nil for a
    /// custom cell, laid out by its constraints.
    package var builtInTemplate: String? {
        guard kind == .cell, let style = top.attribute("style") else { return nil }
        return IBStoryboard.builtInTemplates[style]
    }

    /// The view a styled cell names for one of UIKit's own (`textLabel`, `detailTextLabel`,
    /// `imageView`): the first view with that id.
    package func styledView(_ key: String) -> IBView? {
        top.attribute(key).flatMap { id in allViews.first { $0.id == id } }
    }

    /// What a styled cell shows as IB stored it: the texts of its `textLabel` and
    /// `detailTextLabel`, the image of its `imageView` (an SF Symbol as a template names one;
    /// one tablerender does not draw as its placeholder, named in `unknownSymbol`).
    package var styledContent: (text: String?, detailText: String?, image: String?, unknownSymbol: String?) {
        func text(_ key: String) -> String? {
            styledView(key).flatMap { label in label.strings["text"] ?? label.attribute("text") }
        }
        let imageView = styledView("imageView")
        var image = imageView?.attribute("image")
        var unknownSymbol: String?
        if imageView?.attribute("catalog") == "system", let name = image {
            if !SFSymbols.isKnown(name) { unknownSymbol = name }
            image = "systemName:" + (SFSymbols.isKnown(name) ? name : "questionmark.square.dashed")
        }
        return (text("textLabel"), text("detailTextLabel"), image, unknownSymbol)
    }
}

extension IBStoryboard {
    /// The table of a scene's static table view: its style, sections with their header and
    /// footer titles, and a row per cell, each cell an Interface Builder template of its own
    /// (returned by id, `Storyboard#cellID`): a styled cell is drawn as the built-in cell of that
    /// style (`basic`, `value1`, `value2`, `subtitle`), its texts, image and accessory the item's
    /// values; a custom cell by its constraints. Rows are named by their cells' IB ids. `images`
    /// finds a styled cell's image by name.
    package func staticTable(_ scene: IBScene, images: (String) -> String?) -> (table: Table, templates: [String: Template]) {
        guard let table = scene.table else { return (Table(sections: []), [:]) }
        var templates: [String: Template] = [:]
        var sections: [Section] = []
        for (index, section) in table.sections.enumerated() {
            var items: [Item] = []
            for cell in section.cells {
                var height = Height.default
                if let fixed = table.fixedHeight(of: cell) { height = .fixed(fixed) }
                let id = "\(fileStem)#\(cell.id)"
                templates[id] = Template(id: id, interfaceBuilder: cell.document)
                var values: Value.Object = [:]
                if let builtIn = Self.builtInTemplates[cell.style ?? ""] {
                    // Drawn as the built-in cell of its style (with its labels' stored fonts and
                    // colours); its texts, image and accessory are the item's values.
                    if let text = cell.text { values["title"] = .string(text) }
                    if let detail = cell.detailText { values[builtIn == "subtitle" ? "subtitle" : "detail"] = .string(detail) }
                    if let name = cell.image, let path = name.hasPrefix("systemName:") ? name : images(name) { values["image"] = .string(path) }
                    if let accessory = cell.accessory, accessory != "none" { values["accessory"] = .string(accessory) }
                }
                items.append(Item(id: cell.id, template: id, values: values, height: height))
            }
            sections.append(Section(id: section.id.isEmpty ? "section-\(index)" : section.id, header: section.headerTitle.map { .title($0) },
                                    footer: section.footerTitle.map { .title($0) }, items: items))
        }
        let style: TableStyle = table.style == "insetGrouped" ? .insetGrouped : table.style == "grouped" ? .grouped : .plain
        return (Table(title: scene.largeTitle ? scene.title : nil, style: style, sections: sections), templates)
    }

    /// UIKit's cell styles and the built-in templates that draw them.
    static let builtInTemplates = ["IBUITableViewCellStyleDefault": "basic", "IBUITableViewCellStyleValue1": "value1",
                                   "IBUITableViewCellStyleValue2": "value2", "IBUITableViewCellStyleSubtitle": "subtitle"]
}

/// Image names as Interface Builder writes them (no extension) found as files of a folder.
package enum IBImages {
    /// The file names tried for a name, in order.
    package static let candidates = ["", ".png", "@2x.png", "@3x.png", ".jpg", ".jpeg", ".svg"]

    /// The file `name` stands for in `folder`, relative to it; nil when there is none (or the
    /// name leads out of the folder).
    package static func find(_ name: String, in folder: String) -> String? {
        for suffix in candidates {
            let candidate = name + suffix
            let lowered = candidate.lowercased()
            guard [".png", ".jpg", ".jpeg", ".svg"].contains(where: { lowered.hasSuffix($0) }) else { continue }
            if (try? SafePath.resolve(candidate, inside: folder)) != nil { return candidate }
        }
        return nil
    }
}
