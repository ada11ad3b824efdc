import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
import TableRender
@testable import TableLayout

/// Asset catalogs: colour components in every form Xcode writes, image variants by scale and
/// appearance, template images, and hostile catalogs.
@Suite struct AssetCatalogTests {
    static let example = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/storyboard/Assets.xcassets").path

    /// A catalog in a temporary folder: `sets` maps a set folder to its Contents.json; `files` adds files.
    static func catalog(_ sets: [String: String], files: [String: [UInt8]] = [:]) throws -> (String, () -> Void) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-\(getpid())-\(UUID().uuidString)/Test.xcassets")
        for (folder, contents) in sets {
            let url = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try contents.write(to: url.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        }
        for (path, bytes) in files {
            try Data(bytes).write(to: root.appendingPathComponent(path))
        }
        return (root.path, { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) })
    }

    static func colorSet(_ components: String, space: String = "srgb") -> String {
        #"{"colors": [{"color": {"color-space": "\#(space)", "components": {\#(components)}}, "idiom": "universal"}], "info": {"version": 1}}"#
    }

    @Test(arguments: [
        (#""red": "1.000", "green": "0.584", "blue": "0.000", "alpha": "1.000""#, "srgb", (255, 149, 0)),
        (#""red": "255", "green": "149", "blue": "0", "alpha": "1.000""#, "srgb", (255, 149, 0)),
        (#""red": "0xFF", "green": "0x95", "blue": "0x00", "alpha": "1.000""#, "srgb", (255, 149, 0)),
        (#""white": "0.500", "alpha": "1.000""#, "gray-gamma-22", (128, 128, 128)),
        (#""red": "0.600", "green": "0.600", "blue": "0.600", "alpha": "1.000""#, "display-p3", (153, 153, 153)),
        (#""red": "1.000", "green": "1.000", "blue": "1.000", "alpha": "1.000""#, "display-p3", (255, 255, 255)),
        (#""red": "0.318547", "green": "0.318547", "blue": "0.318547", "alpha": "1""#, "extended-linear-srgb", (153, 153, 153)),
    ])
    func colourComponentsInEveryForm(components: String, space: String, expected: (Int, Int, Int)) throws {
        let (folder, clean) = try Self.catalog(["Tone.colorset": Self.colorSet(components, space: space)])
        defer { clean() }
        let color = try #require(try AssetCatalog(folder: folder).colors["Tone"])
        let got = [color.light.red, color.light.green, color.light.blue].map { Int(($0 * 255).rounded()) }
        #expect(got == [expected.0, expected.1, expected.2], "\(components) in \(space)")
        #expect(color.dark == color.light)
    }

    /// Display P3's red is more saturated than sRGB's: a P3 colour inside sRGB moves toward it.
    @Test func displayP3IsConvertedNotCopied() throws {
        let (folder, clean) = try Self.catalog(["P3.colorset": Self.colorSet(#""red": "0.800", "green": "0.300", "blue": "0.300""#, space: "display-p3")])
        defer { clean() }
        let color = try #require(try AssetCatalog(folder: folder).colors["P3"]).light
        #expect(color.red > 0.85 && color.green < 0.28 && color.blue < 0.3)
    }

    @Test func theExampleCatalog() throws {
        let catalog = try AssetCatalog(folder: Self.example)
        #expect(Set(catalog.colors.keys) == ["AccentTint", "CardBackground", "Warning"])
        let card = try #require(catalog.colors["CardBackground"])
        #expect(Int((card.dark.red * 255).rounded()) == 28 && Int((card.dark.blue * 255).rounded()) == 32 && card.light.red > 0.9)
        let avatar = try #require(catalog.images["avatar"])
        #expect(!avatar.template)
        #expect(avatar.file(dark: false, scale: 1).path.hasSuffix("avatar@2x.png"))
        #expect(avatar.file(dark: false, scale: 2).path.hasSuffix("avatar@2x.png"))
        #expect(avatar.file(dark: false, scale: 3).path.hasSuffix("avatar@3x.png"))
        #expect(avatar.file(dark: true, scale: 3).path.hasSuffix("avatar-dark@3x.png"))
        let size = try #require(try avatar.naturalSize())
        #expect(size.width == 40 && size.height == 40)
        let gear = try #require(catalog.images["gear"])
        #expect(gear.template && gear.file(dark: true, scale: 2).path.hasSuffix("gear.svg"))
        // Carried through layout as one string, and read back the same.
        #expect(ImageReference(avatar.encoded) == avatar && ImageReference(gear.encoded) == gear)
    }

    /// A template names an image set by name; the binder finds it before a file and sizes the
    /// image from it; a colour set is a token.
    @Test func templatesUseCatalogImagesAndColours() throws {
        let folder = URL(fileURLWithPath: Self.example).deletingLastPathComponent()
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-template-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(at: folder.appendingPathComponent("Assets.xcassets"), to: scratch.appendingPathComponent("Assets.xcassets"))
        try #"<cell><stack axis="horizontal"><image source="avatar"/><label text="x" color="Warning"/></stack></cell>"#
            .write(to: scratch.appendingPathComponent("Row.xml"), atomically: true, encoding: .utf8)
        let renderer = try Renderer(theme: "ios", templateFolders: [scratch.path], assetsFolder: scratch.path)
        #expect(renderer.theme.colors["Warning"] != nil)
        let laidOut = try renderer.layout(Table(sections: [Section(id: "s", items: [Item(id: "r", template: "Row")])]))
        let image = try #require(laidOut.pages[0].blocks[0].content?.children.first)
        #expect(image.frame.width == 40 && image.frame.height == 40)
        guard case .image(let path, _, _) = image.style.content else { Issue.record("not an image"); return }
        #expect(ImageReference(path).variants.count == 4)
    }

    @Test func hostileCatalogsAreRefused() throws {
        let escape = #"{"images": [{"filename": "../../../../etc/passwd", "idiom": "universal", "scale": "1x"}]}"#
        var (folder, clean) = try Self.catalog(["Bad.imageset": escape])
        #expect(throws: Diagnostic.self) { try AssetCatalog(folder: folder) }
        clean()
        (folder, clean) = try Self.catalog(["Bad.imageset": #"{"images": [ {"filename": "a.png", } ]}"#])
        do {
            _ = try AssetCatalog(folder: folder)
            Issue.record("malformed JSON was read")
        } catch {
            #expect(error.message.contains("invalid JSON") && error.location?.line == 1)
        }
        clean()
        (folder, clean) = try Self.catalog(["Bad.imageset": #"{"images": [{"filename": "notes.txt", "idiom": "universal"}]}"#], files: ["Bad.imageset/notes.txt": [0x41]])
        #expect(throws: Diagnostic.self) { try AssetCatalog(folder: folder) }
        clean()
        (folder, clean) = try Self.catalog(["Bad.colorset": Self.colorSet(#""red": "NaN", "green": "0", "blue": "0""#)])
        #expect(throws: Diagnostic.self) { try AssetCatalog(folder: folder) }
        clean()
        (folder, clean) = try Self.catalog(["Bad.colorset": Self.colorSet(#""red": "1", "green": "0", "blue": "0""#, space: "cmyk")])
        #expect(throws: Diagnostic.self) { try AssetCatalog(folder: folder) }
        clean()
    }

    /// A PDF image set (a template): sized by its page's media box, drawn as a tinted shape in
    /// PNG and PDF, and as SVG in the HTML page.
    @Test func pdfImagesAreVectors() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-pdf-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try FileManager.default.copyItem(atPath: Self.example, toPath: scratch.appendingPathComponent("Assets.xcassets").path)
        try #"<cell><stack axis="horizontal" padding="10"><image source="star" width="48" height="48"/></stack></cell>"#
            .write(to: scratch.appendingPathComponent("Row.xml"), atomically: true, encoding: .utf8)
        let star = try #require(try AssetCatalog(folder: scratch.appendingPathComponent("Assets.xcassets").path).images["star"])
        #expect(star.template)
        let size = try #require(try star.naturalSize())
        #expect(size.width == 24 && size.height == 24)
        let renderer = try Renderer(theme: "ios", templateFolders: [scratch.path], assetsFolder: scratch.path)
        let laidOut = try renderer.layout(Table(sections: [Section(id: "s", items: [Item(id: "r", template: "Row")])]), width: 100)
        let pixels = try renderer.pixels(laidOut, scale: 1)
        let centre = pixels.words[34 * pixels.width + 34]
        // The star's middle in the ios theme's tint (#007AFF); its corner is the white row.
        #expect(abs(Int((centre >> 16) & 0xFF) - 0) <= 3 && abs(Int((centre >> 8) & 0xFF) - 122) <= 3 && abs(Int(centre & 0xFF) - 255) <= 3)
        #expect(pixels.words[11 * pixels.width + 11] & 0xFFFFFF == 0xFFFFFF)
        try renderer.pdf(laidOut, to: scratch.appendingPathComponent("out.pdf").path)
        let html = try renderer.html(laidOut)
        #expect(html.contains("mask-image:url(\"data:image/svg+xml;base64,"))
    }
}

/// SF Symbols as tablerender draws them.
@Suite struct SymbolTests {
    @Test func sizesFollowPointSizeAndScale() {
        let medium = SFSymbols.size("gearshape", pointSize: 17)
        #expect(abs(medium.width - 20.4) < 0.001 && abs(medium.height - 20.4) < 0.001)
        let large = SFSymbols.size("gearshape", pointSize: 17, scale: "large")
        #expect(abs(large.height - 20.4 * 1.29) < 0.001)
        let small = SFSymbols.size("chevron.right", pointSize: 20, scale: "small")
        #expect(abs(small.width - 14 * 0.78) < 0.001 && abs(small.height - 20 * 0.78) < 0.001)
        // An unknown symbol has the placeholder's size.
        #expect(SFSymbols.size("hourglass", pointSize: 20) == SFSymbols.size("questionmark.square.dashed", pointSize: 20))
    }

    @Test func weightsDrawThickerLines() throws {
        let thin = try #require(SFSymbols.svg(SFSymbols.path("bell", weight: "thin")))
        let bold = try #require(SFSymbols.svg(SFSymbols.path("bell", weight: "bold")))
        #expect(thin.contains("stroke-width:1.1") && bold.contains("stroke-width:2.9"))
        #expect(SFSymbols.path("no.such.symbol").hasSuffix("placeholder:regular"))
        // Every drawing is SVG the strict reader accepts.
        for name in SFSymbols.names {
            let svg = try #require(SFSymbols.svg(SFSymbols.path(name)))
            _ = try XMLParser.parse(file: name, bytes: Array(svg.utf8), leniency: .init(text: true))
        }
    }

    /// An IB image view naming a system image, with a symbol configuration: sized as configured,
    /// drawn in the view's tint; an unknown name is a placeholder and a warning.
    @Test func interfaceBuilderSymbols() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="320" height="44"/>
        <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="320" height="44"/>
        <subviews>
          <imageView contentMode="scaleAspectFit" image="bell.fill" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="bell">
            <rect key="frame" x="16" y="10" width="25" height="27"/>
            <color key="tintColor" systemColor="systemRedColor"/>
            <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="20" scale="large" weight="bold"/>
          </imageView>
          <imageView contentMode="scaleAspectFit" image="hourglass" catalog="system" translatesAutoresizingMaskIntoConstraints="NO" id="unknown">
            <rect key="frame" x="60" y="10" width="20" height="20"/>
          </imageView>
        </subviews>
        <constraints>
          <constraint firstItem="bell" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="a"/>
          <constraint firstItem="bell" firstAttribute="centerY" secondItem="content" secondAttribute="centerY" id="b"/>
          <constraint firstItem="unknown" firstAttribute="leading" secondItem="bell" secondAttribute="trailing" constant="8" id="c"/>
          <constraint firstItem="unknown" firstAttribute="centerY" secondItem="content" secondAttribute="centerY" id="d"/>
        </constraints>
        </tableViewCellContentView></tableViewCell></objects></document>
        """
        let document = try IBReader.read(file: "Symbols.xib", bytes: Array(xib.utf8))
        let template = Template(id: "Symbols", interfaceBuilder: document)
        let theme = try ThemeLoader.load("ios")
        let layout = AutoLayout(text: TextEngine())
        let bound = try layout.layout(template, document: document, values: [:], width: 320, height: 44, theme: theme,
                                      assetsFolder: FileManager.default.currentDirectoryPath, at: SourceLocation(file: "doc.json"))
        let bell = try #require(bound.children.first { $0.style.id == "bell" })
        // bell.fill: an 18 × 22 box at 20 pt, large (× 1.29).
        #expect(abs((bell.style.width ?? 0) - 18 * 1.29) < 0.01 && abs((bell.style.height ?? 0) - 22 * 1.29) < 0.01)
        guard case .image(let path, _, _) = bell.style.content else { Issue.record("not an image"); return }
        let reference = ImageReference(path)
        #expect(reference.template && reference.tint == "systemRed" && reference.files == [SFSymbols.path("bell.fill", weight: "bold")])
        let warnings = layout.warnings(template, document: document, theme: theme, assetsFolder: FileManager.default.currentDirectoryPath)
        #expect(warnings.contains { $0.contains("'hourglass'") && $0.contains("placeholder") })
    }

    /// Xcode 12 and later write an image view's or a button state's image as an
    /// `<imageReference key="image" image="…" catalog="system" symbolScale="…"/>` element, a
    /// state's symbol configuration inside the state (KeePassium's and Pocket Casts' buttons,
    /// 20 in the scratch corpora): the symbol is drawn and sized by its scale, as the attribute
    /// form is; before, such an image view had no image and such a button no icon.
    @Test func imageReferencesAreRead() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="320" height="44"/>
        <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="320" height="44"/>
        <subviews>
          <imageView contentMode="scaleAspectFit" translatesAutoresizingMaskIntoConstraints="NO" id="bell">
            <rect key="frame" x="16" y="10" width="25" height="27"/>
            <imageReference key="image" image="bell.fill" catalog="system" symbolScale="large"/>
          </imageView>
          <button opaque="NO" contentMode="scaleToFill" buttonType="system" translatesAutoresizingMaskIntoConstraints="NO" id="gear">
            <rect key="frame" x="60" y="4" width="41" height="36"/>
            <inset key="contentEdgeInsets" minX="8" minY="0.0" maxX="8" maxY="0.0"/>
            <state key="normal">
              <imageReference key="image" image="gearshape" catalog="system" symbolScale="medium"/>
              <preferredSymbolConfiguration key="preferredSymbolConfiguration" configurationType="pointSize" pointSize="20" scale="large"/>
            </state>
          </button>
        </subviews>
        <constraints>
          <constraint firstItem="bell" firstAttribute="leading" secondItem="content" secondAttribute="leadingMargin" id="a"/>
          <constraint firstItem="bell" firstAttribute="centerY" secondItem="content" secondAttribute="centerY" id="b"/>
          <constraint firstItem="gear" firstAttribute="leading" secondItem="bell" secondAttribute="trailing" constant="8" id="c"/>
          <constraint firstItem="gear" firstAttribute="centerY" secondItem="content" secondAttribute="centerY" id="d"/>
        </constraints>
        </tableViewCellContentView></tableViewCell></objects></document>
        """
        let document = try IBReader.read(file: "References.xib", bytes: Array(xib.utf8))
        let template = Template(id: "References", interfaceBuilder: document)
        let theme = try ThemeLoader.load("ios")
        let bound = try AutoLayout(text: TextEngine()).layout(template, document: document, values: [:], width: 320, height: 44, theme: theme,
                                                              assetsFolder: FileManager.default.currentDirectoryPath, at: SourceLocation(file: "doc.json"))
        // bell.fill at the default 17 pt, large: its 17 pt box (18 × 22 at 20 pt) × 1.29.
        let bell = try #require(bound.children.first { $0.style.id == "bell" })
        let expected = SFSymbols.size("bell.fill", pointSize: 17, scale: "large")
        #expect(abs((bell.style.width ?? 0) - expected.width) < 0.01 && abs((bell.style.height ?? 0) - expected.height) < 0.01, "\(bell.style)")
        guard case .image(let path, _, _) = bell.style.content else { Issue.record("not an image: \(bell.style.content)"); return }
        #expect(ImageReference(path).files == [SFSymbols.path("bell.fill")])
        // The button: gearshape at 20 pt, large (the state's configuration over the reference's
        // scale), between its 8 pt insets.
        let gear = try #require(bound.children.first { $0.style.id == "gear" })
        let symbol = SFSymbols.size("gearshape", pointSize: 20, scale: "large")
        #expect(abs((gear.style.width ?? 0) - (symbol.width + 16)) < 0.01, "\(gear.style)")
    }
}
