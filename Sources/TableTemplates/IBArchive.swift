import Foundation
import TableModel

/// Interface Builder 3 archives: the XIBs of Xcode 4 and earlier
/// (`<archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB">`), a keyed archive of IB's own
/// objects (`IBUITableViewCell`, `IBUILabel` …) with springs and struts instead of constraints.
/// Each is turned into the `<document>` Xcode 5 and later writes for the same objects, which the
/// reader then reads as any XIB: frames (`NSFrame`), autoresizing masks (`NSvFlags`), texts,
/// fonts, colours, a cell's style, accessory and labels, and outlets (`connectionRecords`).
/// Elements keep the archive's lines and columns, so errors point into the file.
enum IBArchive {
    /// The archive types read: an iOS XIB, for the iPhone or the iPad (a storyboard of Xcode 4
    /// is refused by the reader). The document made keeps the archive's type.
    static let types: Set<String> = ["com.apple.InterfaceBuilder3.CocoaTouch.XIB", "com.apple.InterfaceBuilder3.CocoaTouch.iPad.XIB"]

    /// IB 3's classes and the elements Xcode 5 writes for them; another class is a plain view.
    static let elements = [
        "IBUITableViewCell": "tableViewCell", "IBUICollectionViewCell": "collectionViewCell", "IBUIView": "view",
        "IBUILabel": "label", "IBUIImageView": "imageView", "IBUIButton": "button", "IBUISwitch": "switch",
        "IBUITextField": "textField", "IBUITextView": "textView", "IBUISlider": "slider", "IBUISegmentedControl": "segmentedControl",
        "IBUIActivityIndicatorView": "activityIndicatorView", "IBUIProgressView": "progressView", "IBUIScrollView": "scrollView",
        "IBUITableView": "tableView", "IBUIPageControl": "pageControl", "IBUIStepper": "stepper", "IBUIDatePicker": "datePicker",
        "IBUIPickerView": "pickerView", "IBUIWebView": "webView", "IBUIMapView": "mapView",
    ]

    /// The `<document>` of an archive.
    static func document(from archive: XMLElement) throws(Diagnostic) -> XMLElement {
        guard let data = archive.children.first(where: { $0.name == "data" }),
              let roots = child(data, "IBDocument.RootObjects") else {
            throw Diagnostic(at: archive.location, "an Interface Builder 3 archive without IBDocument.RootObjects (expected <data><object key=\"IBDocument.RootObjects\">…)")
        }
        var objects: [String: XMLElement] = [:]
        for element in data.descendants where element.name == "object" {
            if let id = element.attribute("id")?.value { objects[id] = element }
        }
        var context = Context(objects: objects)
        // File's Owner is the placeholder every XIB has (id -1); other proxies are left out.
        for root in roots.children where root.name == "object" && root.attribute("class")?.value == "IBProxyObject" {
            if text(child(root, "IBProxiedObjectIdentifier")) == "IBFilesOwner", let id = root.attribute("id")?.value { context.renamed[id] = "-1" }
        }
        if let records = child(data, "IBDocument.Objects").flatMap({ child($0, "connectionRecords") }) {
            for record in records.children {
                guard let connection = child(record, "connection"), connection.attribute("class")?.value == "IBCocoaTouchOutletConnection",
                      let property = text(child(connection, "label")), let source = context.id(child(connection, "source")),
                      let destination = context.id(child(connection, "destination")) else { continue }
                context.outlets[source, default: []].append((property, destination))
            }
        }
        var converted: [XMLElement] = []
        for root in roots.children where root.name == "object" {
            let resolved = context.resolve(root)
            if resolved.attribute("class")?.value == "IBProxyObject" {
                guard let id = resolved.attribute("id")?.value, context.renamed[id] == "-1" else { continue }
                converted.append(element("placeholder", at: resolved, ["placeholderIdentifier": "IBFilesOwner", "id": "-1"],
                                         context.connections(of: "-1", at: resolved)))
            } else if isView(resolved), let id = context.id(resolved), !context.converted.contains(id) {
                converted.append(context.view(resolved, depth: 0))
            }
        }
        let tools = text(child(data, "IBDocument.InterfaceBuilderVersion")) ?? "0"
        let type = archive.attribute("type")?.value ?? "com.apple.InterfaceBuilder3.CocoaTouch.XIB"
        return element("document", at: archive, ["type": type, "version": "3.0", "toolsVersion": tools, "targetRuntime": "iOS.CocoaTouch"],
                       [element("objects", at: roots, [:], converted)])
    }

    /// An object of the archive is a view when it has a frame or a frame size.
    static func isView(_ object: XMLElement) -> Bool {
        object.attribute("class").map { $0.value.hasPrefix("IBUI") } == true && (child(object, "NSFrame") != nil || child(object, "NSFrameSize") != nil)
    }

    struct Context {
        var objects: [String: XMLElement]
        /// Archive ids given another id in the document (File's Owner is -1).
        var renamed: [String: String] = [:]
        /// Outlets by the id of the object that has them.
        var outlets: [String: [(property: String, destination: String)]] = [:]
        /// The objects made into views so far: each once, however often the archive lists it (a
        /// hostile archive's references could otherwise list a view inside itself, or make a
        /// few views into exponentially many).
        var converted = Set<String>()

        /// An element or the object a `<reference ref=…>` names.
        func resolve(_ element: XMLElement) -> XMLElement {
            guard element.name == "reference", let ref = element.attribute("ref")?.value, let object = objects[ref] else { return element }
            return object
        }

        /// The document id of what an element is or refers to; an object the archive gives no id
        /// is named by where it stands in the file.
        func id(_ element: XMLElement?) -> String? {
            guard let element else { return nil }
            if element.name == "reference" { return element.attribute("ref").map { renamed[$0.value] ?? $0.value } }
            guard let id = element.attribute("id")?.value else {
                return "archive-\(element.location.line ?? 0)-\(element.location.column ?? 0)"
            }
            return renamed[id] ?? id
        }

        func connections(of id: String, at origin: XMLElement) -> [XMLElement] {
            guard let found = outlets[id], !found.isEmpty else { return [] }
            return [element("connections", at: origin, [:], found.map { element("outlet", at: origin, ["property": $0.property, "destination": $0.destination], []) })]
        }

        /// A view and what it holds, as Xcode 5 writes them.
        mutating func view(_ object: XMLElement, depth: Int, key: String? = nil, name: String? = nil) -> XMLElement {
            let className = object.attribute("class")?.value ?? ""
            let id = self.id(object) ?? ""
            converted.insert(id)
            let tag = name ?? IBArchive.elements[className] ?? "view"
            var attributes: [String: String] = ["id": id]
            if let key { attributes["key"] = key }
            var children: [XMLElement] = []
            var flags = Int64(text(child(object, "NSvFlags")) ?? "") ?? 0
            if flags < 0 { flags += 1 << 32 }
            if flags & 0x8000_0000 != 0 { attributes["hidden"] = "YES" }
            let frame = IBArchive.frame(object)
            children.append(element("rect", at: object, ["key": "frame", "x": format(frame.x), "y": format(frame.y), "width": format(frame.width),
                                                         "height": format(frame.height)], []))
            var mask: [String: String] = ["key": "autoresizingMask"]
            for (bit, name) in [(1, "flexibleMinX"), (2, "widthSizable"), (4, "flexibleMaxX"), (8, "flexibleMinY"), (16, "heightSizable"), (32, "flexibleMaxY")]
            where flags & Int64(bit) != 0 { mask[name] = "YES" }
            children.append(element("autoresizingMask", at: object, mask, []))
            if let alpha = text(child(object, "IBUIAlpha")) { attributes["alpha"] = alpha }
            if text(child(object, "IBUIClipsSubviews")) == "YES" { attributes["clipsSubviews"] = "YES" }
            // The content view of a cell, then its other subviews (a cell's are in its content view).
            let contentView = child(object, "IBUIContentView").map(resolve)
            let contentID = contentView.flatMap { self.id($0) }
            var subviews: [XMLElement] = []
            if depth < XMLParser.maximumDepth, let list = child(object, "NSSubviews") {
                for item in list.children where item.name == "object" || item.name == "reference" {
                    let subview = resolve(item)
                    guard IBArchive.isView(subview), let subviewID = self.id(subview), !converted.contains(subviewID) else { continue }
                    if let contentID, subviewID == contentID {
                        let contentTag = tag == "tableViewCell" ? "tableViewCellContentView" : "view"
                        children.append(view(subview, depth: depth + 1, key: "contentView", name: contentTag))
                    } else if contentID == nil {
                        subviews.append(view(subview, depth: depth + 1))
                    }
                }
            }
            if !subviews.isEmpty { children.append(element("subviews", at: object, [:], subviews)) }
            if let color = child(object, "IBUIBackgroundColor").flatMap({ color(resolve($0), key: "backgroundColor") }) { children.append(color) }
            switch tag {
            case "tableViewCell":
                attributes["reuseIdentifier"] = text(child(object, "IBUIReuseIdentifier"))
                attributes["rowHeight"] = text(child(object, "IBUIRowHeight"))
                if let accessory = integer(child(object, "IBUIAccessoryType")) {
                    attributes["accessoryType"] = ["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"][safe: accessory]
                }
                if let style = integer(child(object, "IBUITableViewCellStyle")) {
                    attributes["style"] = ["IBUITableViewCellStyleDefault", "IBUITableViewCellStyleValue1", "IBUITableViewCellStyleValue2",
                                           "IBUITableViewCellStyleSubtitle"][safe: style]
                }
                attributes["textLabel"] = self.id(child(object, "IBUITextLabel"))
                attributes["detailTextLabel"] = self.id(child(object, "IBUIDetailTextLabel"))
                attributes["imageView"] = self.id(child(object, "IBUIImageView"))
            case "label", "textField", "textView":
                attributes["text"] = text(child(object, "IBUIText"))
                attributes["placeholder"] = text(child(object, "IBUIPlaceholder"))
                if let lines = text(child(object, "IBUINumberOfLines")) { attributes["numberOfLines"] = lines }
                if let alignment = integer(child(object, "IBUITextAlignment")) { attributes["textAlignment"] = ["left", "center", "right", "justified", "natural"][safe: alignment] }
                if let mode = integer(child(object, "IBUILineBreakMode")) {
                    attributes["lineBreakMode"] = ["wordWrap", "characterWrap", "clip", "headTruncation", "tailTruncation", "middleTruncation"][safe: mode]
                }
                if let border = integer(child(object, "IBUIBorderStyle")) { attributes["borderStyle"] = ["none", "line", "bezel", "roundedRect"][safe: border] }
                if text(child(object, "IBUIAdjustsFontSizeToFit")) == "YES" { attributes["adjustsFontSizeToFit"] = "YES" }
                if let font = child(object, "IBUIFontDescription").flatMap({ font(resolve($0)) }) { children.append(font) }
                if let color = child(object, "IBUITextColor").flatMap({ color(resolve($0), key: "textColor") }) { children.append(color) }
            case "button":
                if integer(child(object, "IBUIButtonType")) == 1 { attributes["buttonType"] = "roundedRect" }
                if let font = child(object, "IBUIFontDescription").flatMap({ font(resolve($0)) }) { children.append(font) }
                var state: [String: String] = ["key": "normal"]
                state["title"] = text(child(object, "IBUINormalTitle"))
                if let image = child(object, "IBUINormalImage").map(resolve).flatMap({ text(child($0, "NSResourceName")) }) { state["image"] = image }
                let titleColor = child(object, "IBUINormalTitleColor").flatMap { color(resolve($0), key: "titleColor") }
                children.append(element("state", at: object, state, titleColor.map { [$0] } ?? []))
            case "imageView":
                attributes["image"] = child(object, "IBUIImage").map(resolve).flatMap { text(child($0, "NSResourceName")) }
            case "switch":
                if text(child(object, "IBUIOn")) == "YES" { attributes["on"] = "YES" }
            default:
                break
            }
            children += connections(of: id, at: object)
            return element(tag, at: object, attributes.compactMapValues { $0 }, children)
        }

        /// `IBUIFontDescription`: a font by name and family, or a system font (`type` 1, 2 bold, 3 italic).
        func font(_ object: XMLElement) -> XMLElement? {
            guard let size = text(child(object, "pointSize")) else { return nil }
            var attributes = ["key": "fontDescription", "pointSize": size]
            if let type = integer(child(object, "type")) {
                attributes["type"] = [1: "system", 2: "boldSystem", 3: "italicSystem"][type] ?? "system"
            } else {
                attributes["name"] = text(child(object, "name"))
                attributes["family"] = text(child(object, "family"))
            }
            return element("fontDescription", at: object, attributes, [])
        }

        /// An `NSColor`: one of UIKit's by name (`IBUIColorCocoaTouchKeyPath`), else its
        /// components (`NSRGB`, `NSWhite`: base 64 of "r g b [a]") in its colour space
        /// (1 calibrated and 2 device RGB, 3 calibrated and 4 device white).
        func color(_ object: XMLElement, key: String) -> XMLElement? {
            if let name = text(child(object, "IBUIColorCocoaTouchKeyPath")) {
                return element("color", at: object, ["key": key, "cocoaTouchSystemColor": name], [])
            }
            let space = integer(child(object, "NSColorSpace")) ?? 1
            if let rgb = components(child(object, "NSRGB")), rgb.count >= 3 {
                return element("color", at: object, ["key": key, "red": rgb[0], "green": rgb[1], "blue": rgb[2], "alpha": rgb.count > 3 ? rgb[3] : "1",
                                                     "colorSpace": space == 2 ? "deviceRGB" : "calibratedRGB"], [])
            }
            if let white = components(child(object, "NSWhite")), let value = white.first {
                return element("color", at: object, ["key": key, "white": value, "alpha": white.count > 1 ? white[1] : "1",
                                                     "colorSpace": space == 4 ? "deviceWhite" : "calibratedWhite"], [])
            }
            return nil
        }

        /// The numbers of a colour's `<bytes>`: base 64 (IB leaves out the padding and may add a
        /// stray character) of ASCII numbers separated by spaces, ending in a NUL.
        func components(_ bytes: XMLElement?) -> [String]? {
            guard let encoded = bytes.flatMap(text), let data = IBArchive.base64(encoded) else { return nil }
            let ascii = String(decoding: data.prefix { $0 != 0 }, as: UTF8.self)
            let numbers = ascii.split(separator: " ").map(String.init)
            return numbers.allSatisfy({ Double($0)?.isFinite == true }) ? numbers : nil
        }
    }

    /// A view's frame: `NSFrame` ("{{x, y}, {width, height}}") or `NSFrameSize` ("{width, height}").
    static func frame(_ object: XMLElement) -> (x: Double, y: Double, width: Double, height: Double) {
        func numbers(_ text: String?) -> [Double] {
            (text ?? "").split { !"-+.0123456789eE".contains($0) }.compactMap { Double($0) }.filter(\.isFinite)
        }
        let full = numbers(IBArchive.text(child(object, "NSFrame")))
        if full.count == 4 { return (full[0], full[1], full[2], full[3]) }
        let size = numbers(IBArchive.text(child(object, "NSFrameSize")))
        return size.count == 2 ? (0, 0, size[0], size[1]) : (0, 0, 0, 0)
    }

    static func child(_ element: XMLElement, _ key: String) -> XMLElement? {
        element.children.first { $0.attribute("key")?.value == key }
    }

    /// The text of a `<string>`, `<int>`, `<float>` … element, or its `value` (`<integer value=…>`);
    /// `<bool>`'s YES or NO. A string IB could not write as XML text (a newline, a character
    /// outside XML) is `type="base64-UTF8"`.
    static func text(_ element: XMLElement?) -> String? {
        guard let element else { return nil }
        if let value = element.attribute("value")?.value { return value }
        if element.attribute("type")?.value == "base64-UTF8" {
            return base64(element.text).map { String(decoding: $0, as: UTF8.self) }
        }
        let text = element.text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty && element.name != "string" ? nil : text
    }

    static func integer(_ element: XMLElement?) -> Int? { text(element).flatMap { Int($0) } }

    /// Base 64 as IB writes it: without its padding, sometimes with a stray last character.
    static func base64(_ text: String) -> Data? {
        var encoded = text.filter { !$0.isWhitespace }
        if encoded.count % 4 == 1 { encoded.removeLast() }
        encoded += String(repeating: "=", count: (4 - encoded.count % 4) % 4)
        return Data(base64Encoded: encoded)
    }

    static func format(_ value: Double) -> String { String(value) }

    static func element(_ name: String, at origin: XMLElement, _ attributes: [String: String], _ children: [XMLElement]) -> XMLElement {
        XMLElement(name: name, attributes: attributes.sorted { $0.key < $1.key }.map { XMLElement.Attribute(name: $0.key, value: $0.value, location: origin.location) },
                   children: children, location: origin.location)
    }
}

private extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
