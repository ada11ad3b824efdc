import Foundation
import TableModel

/// An Xcode asset catalog (`*.xcassets`): its image sets and colour sets, read from each set's
/// `Contents.json` with the document JSON reader (so an error has a line, a column and a path).
/// App icons, symbol sets and data sets are skipped.
public struct AssetCatalog: Sendable {
    package var folder: String
    package var images: [String: ImageReference] = [:]
    /// Colours by name, light and dark (a set without a dark variant is the same in both).
    package var colors: [String: (light: RGBA, dark: RGBA)] = [:]
    /// The high-contrast colours of the sets that have any (`"contrast": "high"`), light and
    /// dark; a missing one is the set's normal colour of that appearance, as UIKit resolves it.
    package var highContrastColors: [String: (light: RGBA, dark: RGBA)] = [:]
    /// Colour sets that name a system colour (`"reference": "systemBlueColor"`), by name.
    package var colorReferences: [String: String] = [:]

    package static let maximumSets = 5_000
    package static let maximumDepth = 12
    package static let maximumContentsSize = 1 << 20

    /// Reads the catalog folder; nothing outside it is read (a link out of it is refused).
    package init(folder: String) throws(Diagnostic) {
        self.folder = folder
        var count = 0
        try read(folder: folder, namespace: "", depth: 0, count: &count)
    }

    private mutating func read(folder: String, namespace: String, depth: Int, count: inout Int) throws(Diagnostic) {
        guard depth <= Self.maximumDepth else { throw Diagnostic(at: SourceLocation(file: folder), "asset catalog folders nested deeper than \(Self.maximumDepth) levels") }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for entry in entries {
            let path = folder + "/" + entry
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else { continue }
            do throws(SafePath.Failure) { _ = try SafePath.resolve(entry, inside: folder, mustBeDirectory: true, folder: "the asset catalog") } catch {
                throw Diagnostic(error.kind, at: SourceLocation(file: path), error.message)
            }
            let name = namespace + (entry as NSString).deletingPathExtension
            switch (entry as NSString).pathExtension {
            case "imageset":
                count += 1
                guard count <= Self.maximumSets else { throw Diagnostic(at: SourceLocation(file: folder), "more than \(Self.maximumSets) sets in an asset catalog") }
                if let image = try Self.imageSet(path) { images[name] = image }
            case "colorset":
                count += 1
                guard count <= Self.maximumSets else { throw Diagnostic(at: SourceLocation(file: folder), "more than \(Self.maximumSets) sets in an asset catalog") }
                switch try Self.colorSet(path) {
                case .color(let normal, let high)?:
                    colors[name] = normal
                    highContrastColors[name] = high
                case .reference(let system)?: colorReferences[name] = system
                case nil: break
                }
            case "":
                // A group: its sets' names start with its own when it provides a namespace.
                let contents = try Self.contents(path, required: false)
                var provides = false
                if let properties = contents?.object("properties"), case .bool(let flag)? = properties.object("provides-namespace")?.kind { provides = flag }
                try read(folder: path, namespace: provides ? name + "/" : namespace, depth: depth + 1, count: &count)
            default:
                break
            }
        }
    }

    /// The `Contents.json` of a set or group.
    static func contents(_ folder: String, required: Bool = true) throws(Diagnostic) -> JSONNode? {
        let file = folder + "/Contents.json"
        guard FileManager.default.fileExists(atPath: file) else {
            if required { throw Diagnostic(.missingFile, at: SourceLocation(file: file), "the set has no Contents.json") }
            return nil
        }
        do throws(SafePath.Failure) { _ = try SafePath.resolve("Contents.json", inside: folder, folder: "its set") } catch {
            throw Diagnostic(error.kind, at: SourceLocation(file: file), error.message)
        }
        let bytes = try InputFile.read(file, limit: maximumContentsSize, what: "Contents.json")
        do {
            return try JSONParser.parse(bytes)
        } catch {
            throw Diagnostic(at: SourceLocation(file: file, line: error.line, column: error.column), "invalid JSON: \(error.message)")
        }
    }

    /// An image set: each file with its scale and appearance; whether it is a template image.
    static func imageSet(_ folder: String) throws(Diagnostic) -> ImageReference? {
        guard let root = try contents(folder) else { return nil }
        let file = folder + "/Contents.json"
        guard case .array(let images)? = root.object("images")?.kind else {
            throw Diagnostic(at: SourceLocation(file: file, line: root.line, column: root.column, path: "$.images"), "expected an array 'images' of the set's files")
        }
        var reference = ImageReference(variants: [])
        for (index, image) in images.enumerated() {
            let path = "$.images[\(index)]"
            guard case .object = image.kind else { throw Diagnostic(at: SourceLocation(file: file, line: image.line, column: image.column, path: path), "expected an object, found \(image.typeName)") }
            // Only what an iPhone shows: universal or iphone images.
            if case .string(let idiom)? = image.object("idiom")?.kind, !["universal", "iphone"].contains(idiom) { continue }
            // High-contrast images are not drawn: the normal one stands for both.
            if highContrast(image) { continue }
            guard case .string(let filename)? = image.object("filename")?.kind else { continue }
            let resolved: String
            do throws(SafePath.Failure) { resolved = try SafePath.resolve(filename, inside: folder, folder: "its image set") } catch {
                throw Diagnostic(error.kind, at: SourceLocation(file: file, line: image.line, column: image.column, path: path + ".filename"), error.message)
            }
            let lowered = resolved.lowercased()
            guard [".png", ".jpg", ".jpeg", ".svg", ".pdf"].contains(where: { lowered.hasSuffix($0) }), !resolved.contains("\n") else {
                throw Diagnostic(at: SourceLocation(file: file, line: image.line, column: image.column, path: path + ".filename"),
                                 "'\(filename)' is not a PNG, JPEG, SVG or PDF file")
            }
            var scale: Double?
            if case .string(let text)? = image.object("scale")?.kind {
                guard let value = Double(text.replacingOccurrences(of: "x", with: "")), [1, 2, 3].contains(value) else {
                    throw Diagnostic(at: SourceLocation(file: file, line: image.line, column: image.column, path: path + ".scale"), "scale '\(text)': expected 1x, 2x or 3x")
                }
                scale = value
            }
            reference.variants.append(.init(path: resolved, scale: scale, dark: appearance(of: image) == "dark"))
        }
        if let properties = root.object("properties") {
            if case .string(let intent)? = properties.object("template-rendering-intent")?.kind { reference.template = intent == "template" }
        }
        return reference.variants.isEmpty ? nil : reference
    }

    /// `"appearances": [{"appearance": "luminosity", "value": "dark"}]`.
    static func appearance(of node: JSONNode, _ kind: String = "luminosity") -> String? {
        guard case .array(let appearances)? = node.object("appearances")?.kind else { return nil }
        for appearance in appearances {
            if case .string(kind)? = appearance.object("appearance")?.kind, case .string(let value)? = appearance.object("value")?.kind { return value }
        }
        return nil
    }

    /// `"appearances": [{"appearance": "contrast", "value": "high"}]`: Xcode's High Contrast variant.
    static func highContrast(_ node: JSONNode) -> Bool { appearance(of: node, "contrast") == "high" }

    enum ColorSet { case color((light: RGBA, dark: RGBA), high: (light: RGBA, dark: RGBA)?), reference(String) }

    /// A colour set's universal light and dark colours, in every form Xcode writes components:
    /// floating point (`"0.345"`), 8-bit integers (`"88"`) and hexadecimal (`"0x58"`), in sRGB,
    /// extended sRGB, Display P3 (converted to sRGB) and grey colour spaces.
    static func colorSet(_ folder: String) throws(Diagnostic) -> ColorSet? {
        guard let root = try contents(folder) else { return nil }
        let file = folder + "/Contents.json"
        guard case .array(let colors)? = root.object("colors")?.kind else {
            throw Diagnostic(at: SourceLocation(file: file, line: root.line, column: root.column, path: "$.colors"), "expected an array 'colors'")
        }
        var light: RGBA?, dark: RGBA?, highLight: RGBA?, highDark: RGBA?
        for (index, entry) in colors.enumerated() {
            let path = "$.colors[\(index)]"
            if case .string(let idiom)? = entry.object("idiom")?.kind, !["universal", "iphone"].contains(idiom) { continue }
            guard let color = entry.object("color") else { continue }
            if case .string(let system)? = color.object("reference")?.kind { return .reference(system) }
            let value = try Self.color(color, file: file, path: path + ".color")
            switch (appearance(of: entry), highContrast(entry)) {
            case ("dark"?, false): dark = value
            case ("dark"?, true): highDark = value
            case (nil, false), ("light"?, false): if light == nil || appearance(of: entry) == "light" { light = value }
            case (nil, true), ("light"?, true): if highLight == nil || appearance(of: entry) == "light" { highLight = value }
            default: break
            }
        }
        guard let light = light ?? dark ?? highLight ?? highDark else { return nil }
        let normal = (light: light, dark: dark ?? light)
        let high = highLight == nil && highDark == nil ? nil : (light: highLight ?? normal.light, dark: highDark ?? normal.dark)
        return .color(normal, high: high)
    }

    static func color(_ node: JSONNode, file: String, path: String) throws(Diagnostic) -> RGBA {
        func fail(_ message: String) -> Diagnostic { Diagnostic(at: SourceLocation(file: file, line: node.line, column: node.column, path: path), message) }
        guard let components = node.object("components") else { throw fail("expected 'components'") }
        var space = "srgb"
        if case .string(let text)? = node.object("color-space")?.kind { space = text }
        func component(_ key: String) throws(Diagnostic) -> Double? {
            guard let value = components.object(key) else { return nil }
            let parsed: Double?
            switch value.kind {
            case .number(let number): parsed = number
            case .string(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.lowercased().hasPrefix("0x") {
                    parsed = UInt8(trimmed.dropFirst(2), radix: 16).map { Double($0) / 255 }
                } else if !trimmed.contains("."), let integer = Int(trimmed), (0...255).contains(integer), key != "alpha" || integer > 1 {
                    // Xcode's "8-bit (0-255)" input writes whole numbers; 0 and 1 read the same either way.
                    parsed = Double(integer) / 255
                } else {
                    parsed = Double(trimmed)
                }
            default: parsed = nil
            }
            guard let parsed, parsed.isFinite else { throw fail("component '\(key)': expected a number (0.5, 128 or 0x80)") }
            return parsed
        }
        let alpha = min(1, max(0, try component("alpha") ?? 1))
        if let white = try component("white") {
            let w = min(1, max(0, white))
            return RGBA(red: w, green: w, blue: w, alpha: alpha)
        }
        guard var red = try component("red"), var green = try component("green"), var blue = try component("blue") else {
            throw fail("expected red, green and blue components (or white)")
        }
        switch space {
        case "display-p3", "extended-display-p3":
            (red, green, blue) = displayP3ToSRGB(red, green, blue)
        case "srgb", "extended-srgb", "extended-range-srgb":
            break
        case "extended-linear-srgb":
            (red, green, blue) = (encode(red), encode(green), encode(blue))
        default:
            throw fail("color-space '\(space)': expected srgb, extended-srgb, extended-linear-srgb, display-p3, gray-gamma-22 or extended-gray")
        }
        return RGBA(red: min(1, max(0, red)), green: min(1, max(0, green)), blue: min(1, max(0, blue)), alpha: alpha)
    }

    /// Display P3 to sRGB: both use sRGB's transfer curve; the primaries differ.
    static func displayP3ToSRGB(_ r: Double, _ g: Double, _ b: Double) -> (Double, Double, Double) {
        let (lr, lg, lb) = (decode(r), decode(g), decode(b))
        let sr = 1.2249401 * lr - 0.2249404 * lg
        let sg = -0.0420569 * lr + 1.0420571 * lg
        let sb = -0.0196376 * lr - 0.0786361 * lg + 1.0982735 * lb
        return (encode(sr), encode(sg), encode(sb))
    }

    static func decode(_ value: Double) -> Double {
        value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    static func encode(_ value: Double) -> Double {
        let v = max(0, value)
        return v <= 0.0031308 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
    }

    /// The folder the catalog is in (where its app's other files are looked for).
    package var containingFolder: String { URL(fileURLWithPath: folder).deletingLastPathComponent().path }

    /// The catalogs found in folders: each `*.xcassets` folder directly inside one.
    package static func discover(in folders: [String]) throws(Diagnostic) -> [AssetCatalog] {
        var result: [AssetCatalog] = []
        for folder in folders {
            for entry in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() where entry.hasSuffix(".xcassets") {
                // A catalog is read where it is found: a link to a folder elsewhere is not.
                let real: String
                do throws(SafePath.Failure) { real = try SafePath.resolve(entry, inside: folder, mustBeDirectory: true, folder: "the folder it is found in") } catch {
                    throw Diagnostic(error.kind, at: SourceLocation(file: folder + "/" + entry), "asset catalog: " + error.message)
                }
                result.append(try AssetCatalog(folder: real))
            }
        }
        return result
    }
}

extension JSONNode {
    /// The value of `key` when this is an object.
    func object(_ key: String) -> JSONNode? {
        guard case .object(let entries) = kind else { return nil }
        return entries.first { $0.key == key }?.value
    }
}

/// An image as views carry it: a file, or an asset's files by scale and appearance (with whether
/// it is a template image, drawn in a tint). Carried as one string (`encoded`) through layout, so
/// that a renderer picks the file for its appearance and scale when it draws.
package struct ImageReference: Sendable, Hashable {
    package struct Variant: Sendable, Hashable {
        package var path: String
        /// nil: one file for every scale (a vector image).
        package var scale: Double?
        package var dark: Bool

        package init(path: String, scale: Double?, dark: Bool) {
            self.path = path
            self.scale = scale
            self.dark = dark
        }
    }

    package var variants: [Variant]
    package var template = false
    /// The colour token a template image is drawn in.
    package var tint = "tint"

    package init(variants: [Variant], template: Bool = false, tint: String = "tint") {
        self.variants = variants
        self.template = template
        self.tint = tint
    }

    static let prefix = "tablerender-asset\n"

    /// One string: a file's path, or the asset's variants.
    package var encoded: String {
        if variants.count == 1, !template, variants[0].scale == nil || variants[0].scale == 1, !variants[0].dark { return variants[0].path }
        var lines = [template ? "template \(tint)" : "original"]
        for variant in variants { lines.append("\(variant.scale.map { String($0) } ?? "any") \(variant.dark ? "dark" : "light") \(variant.path)") }
        return Self.prefix + lines.joined(separator: "\n")
    }

    /// A path as `encoded` wrote it.
    package init(_ encoded: String) {
        guard encoded.hasPrefix(Self.prefix) else {
            self.init(variants: [Variant(path: encoded, scale: nil, dark: false)])
            return
        }
        var lines = encoded.dropFirst(Self.prefix.count).split(separator: "\n").map(String.init)
        let head = lines.isEmpty ? "original" : lines.removeFirst()
        var variants: [Variant] = []
        for line in lines {
            let parts = line.split(separator: " ", maxSplits: 2).map(String.init)
            guard parts.count == 3 else { continue }
            variants.append(Variant(path: parts[2], scale: Double(parts[0]), dark: parts[1] == "dark"))
        }
        let template = head.hasPrefix("template ")
        self.init(variants: variants, template: template, tint: template ? String(head.dropFirst(9)) : "tint")
    }

    /// Every file it may draw.
    package var files: [String] { variants.map(\.path) }

    /// Its size in points: a light variant's (a raster file's pixels divided by its scale).
    package func naturalSize() throws(Diagnostic) -> (width: Double, height: Double)? {
        let light = variants.filter { !$0.dark }
        guard let variant = light.first(where: { $0.scale == nil }) ?? light.min(by: { ($0.scale ?? 1) < ($1.scale ?? 1) }) ?? variants.first else { return nil }
        guard let size = try ImageCheck.info(variant.path).naturalSize else { return nil }
        // ImageCheck divides by the scale a file name states; a catalog states it in Contents.json.
        let named = ImageCheck.scale(ofName: variant.path)
        let scale = variant.scale ?? 1
        return (size.width * named / scale, size.height * named / scale)
    }

    /// The file to draw in `appearance` at `scale` pixels per point: of that appearance (else the
    /// light one), a vector file, else the smallest scale at least `scale`, else the largest.
    package func file(dark: Bool, scale: Double) -> (path: String, scale: Double) {
        let matching = variants.filter { $0.dark == dark }
        let pool = matching.isEmpty ? variants.filter { !$0.dark } : matching
        let candidates = pool.isEmpty ? variants : pool
        if let vector = candidates.first(where: { $0.scale == nil }) { return (vector.path, 1) }
        let sorted = candidates.sorted { ($0.scale ?? 1) < ($1.scale ?? 1) }
        let chosen = sorted.first { ($0.scale ?? 1) >= scale } ?? sorted.last!
        return (chosen.path, chosen.scale ?? 1)
    }
}
