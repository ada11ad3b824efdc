import Foundation
import Testing
import TableModel
import TableTemplates
import TableRender
import TableSnapshot
import TestSupport

/// Increase Contrast (UIKit's `UIAccessibilityContrast.high`): the theme's high-contrast values,
/// an asset catalog's High Contrast colour variants, and the variant axis in projects.
@Suite struct IncreaseContrastTests {
    static func hex(_ color: RGBA) -> String { color.description }

    /// The `ios` theme at high contrast draws UIKit's high-contrast system colours (iOS 13–17, as
    /// Flutter's CupertinoColors lists them), keeps colours that do not change (label, link) or
    /// that no source gives (systemMint), and goes back to its normal colours exactly.
    @Test func theIOSThemeTakesUIKitsHighContrastColours() throws {
        let normal = try ThemeLoader.load(Repository.path("Themes/ios"))
        let high = normal.contrasted(.high)
        #expect(high.contrast == .high)
        let expected: [String: (String, String)] = [
            "systemBlue": ("#0040DD", "#409CFF"), "tint": ("#0040DD", "#409CFF"), "systemGreen": ("#248A3D", "#30DB5B"),
            "switchOn": ("#248A3D", "#30DB5B"), "systemRed": ("#D70015", "#FF6961"), "secondaryLabel": ("#3C3C43AD", "#EBEBF5AD"),
            "separator": ("#3C3C435E", "#545458AD"), "groupedBackground": ("#EBEBF0", "#000000"), "systemGray": ("#6C6C70", "#AEAEB2"),
        ]
        for (token, (light, dark)) in expected {
            let color = try #require(high.colors[token])
            #expect((Self.hex(color.light), Self.hex(color.dark)) == (light, dark), "\(token)")
        }
        for token in ["label", "link", "systemBackground", "systemMint", "chevron"] {
            let (a, b) = (try #require(normal.colors[token]), try #require(high.colors[token]))
            #expect(a.light == b.light && a.dark == b.dark, "\(token) has no high-contrast value")
        }
        let back = high.contrasted(.normal)
        #expect(back.contrast == .normal)
        for (token, color) in normal.colors {
            #expect(back.colors[token]?.light == color.light && back.colors[token]?.dark == color.dark, "\(token)")
        }
        #expect(normal.contrasted(.normal).colors.count == normal.colors.count)
    }

    /// A theme writes its own high-contrast values; one missing is the normal colour of its
    /// appearance; a colour a child theme redefines without them has none (not its parent's).
    @Test func aThemeWritesItsOwnHighContrastColours() throws {
        let folder = Repository.folder(with: [
            "parent/theme.xml": ##"<theme name="parent" extends="ios"><color name="ink" light="#111111" dark="#EEEEEE" lightHighContrast="#000000"/><color name="accent" light="#3366FF" lightHighContrast="#0033CC" darkHighContrast="#99BBFF"/></theme>"##,
            "child/theme.xml": ##"<theme name="child" extends="parent"><color name="accent" light="#FF6600"/></theme>"##,
        ])
        let parent = try ThemeLoader.load(folder + "/parent").contrasted(.high)
        #expect(Self.hex(parent.colors["ink"]!.light) == "#000000" && Self.hex(parent.colors["ink"]!.dark) == "#EEEEEE")
        #expect(Self.hex(parent.colors["accent"]!.light) == "#0033CC" && Self.hex(parent.colors["accent"]!.dark) == "#99BBFF")
        let child = try ThemeLoader.load(folder + "/child").contrasted(.high)
        #expect(Self.hex(child.colors["accent"]!.light) == "#FF6600", "the child's accent has no high-contrast value")
        #expect(Self.hex(child.colors["ink"]!.light) == "#000000", "the parent's ink keeps its own")
        #expect(throws: Diagnostic.self) {
            _ = try ThemeLoader.parse(file: "theme.xml", bytes: Array(##"<theme><color name="x" light="#000" lightHighContrast="black"/></theme>"##.utf8), folder: "/tmp/x")
        }
    }

    static let brand = #"""
        {"colors": [
          {"color": {"color-space": "srgb", "components": {"red": "0.200", "green": "0.400", "blue": "1.000", "alpha": "1.000"}}, "idiom": "universal"},
          {"appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"color-space": "srgb", "components": {"red": "0.400", "green": "0.600", "blue": "1.000", "alpha": "1.000"}}, "idiom": "universal"},
          {"appearances": [{"appearance": "contrast", "value": "high"}], "color": {"color-space": "srgb", "components": {"red": "0x00", "green": "0x22", "blue": "0x99", "alpha": "1.000"}}, "idiom": "universal"},
          {"appearances": [{"appearance": "luminosity", "value": "dark"}, {"appearance": "contrast", "value": "high"}], "color": {"color-space": "srgb", "components": {"red": "0x88", "green": "0xAA", "blue": "0xFF", "alpha": "1.000"}}, "idiom": "universal"}
        ], "info": {"author": "xcode", "version": 1}}
        """#

    /// Xcode's High Contrast variants of a colour set (`"contrast": "high"`, with or without a
    /// dark luminosity) are read; the normal ones are not overwritten by them; a renderer at high
    /// contrast draws them, and a set naming a system colour follows that colour's.
    @Test func colourSetsHighContrastVariants() throws {
        let folder = Repository.folder(with: [
            "Assets.xcassets/Brand.colorset/Contents.json": Self.brand,
            "Assets.xcassets/OnlyLight.colorset/Contents.json": #"{"colors": [{"color": {"components": {"red": "1.000", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}, "idiom": "universal"}, {"appearances": [{"appearance": "contrast", "value": "high"}], "color": {"components": {"red": "0.502", "green": "0.000", "blue": "0.000", "alpha": "1.000"}}, "idiom": "universal"}]}"#,
            "Assets.xcassets/Action.colorset/Contents.json": #"{"colors": [{"color": {"reference": "systemBlueColor"}, "idiom": "universal"}]}"#,
            "Assets.xcassets/Plain.colorset/Contents.json": #"{"colors": [{"color": {"components": {"red": "0.000", "green": "1.000", "blue": "0.000", "alpha": "1.000"}}, "idiom": "universal"}]}"#,
        ])
        let catalog = try AssetCatalog(folder: folder + "/Assets.xcassets")
        #expect(Self.hex(catalog.colors["Brand"]!.light) == "#3366FF" && Self.hex(catalog.colors["Brand"]!.dark) == "#6699FF")
        #expect(Self.hex(catalog.highContrastColors["Brand"]!.light) == "#002299" && Self.hex(catalog.highContrastColors["Brand"]!.dark) == "#88AAFF")
        #expect(Self.hex(catalog.highContrastColors["OnlyLight"]!.dark) == "#FF0000", "no dark high-contrast variant: the set's dark colour")
        #expect(catalog.highContrastColors["Plain"] == nil)

        for contrast in Contrast.allCases {
            let theme = try ThemeLoader.load(Repository.path("Themes/ios")).contrasted(contrast)
            let renderer = try Renderer(theme: theme, templateFolders: [], assetsFolder: folder)
            let colors = renderer.theme.colors
            let high = contrast == .high
            #expect(Self.hex(colors["Brand"]!.light) == (high ? "#002299" : "#3366FF"), "\(contrast)")
            #expect(Self.hex(colors["OnlyLight"]!.light) == (high ? "#800000" : "#FF0000"), "\(contrast)")
            #expect(Self.hex(colors["Action"]!.light) == (high ? "#0040DD" : "#007AFF"), "\(contrast): follows systemBlue")
            #expect(Self.hex(colors["Plain"]!.light) == "#00FF00")
            // What an HTML page writes for `prefers-contrast: more` is there either way.
            #expect(Self.hex(renderer.theme.highContrastColors["Action"]!.dark) == "#409CFF")
        }
    }

    /// An image set's High Contrast image is not drawn in place of its normal one.
    @Test func imageSetsHighContrastImagesAreLeftOut() throws {
        let folder = Repository.folder(with: ["Assets.xcassets/Icon.imageset/Contents.json": #"""
            {"images": [{"filename": "icon.png", "idiom": "universal", "scale": "2x"},
                        {"appearances": [{"appearance": "contrast", "value": "high"}], "filename": "icon-high.png", "idiom": "universal", "scale": "2x"}]}
            """#])
        for name in ["icon.png", "icon-high.png"] {
            try Data(TestPNG.solid(width: 2, height: 2)).write(to: URL(fileURLWithPath: folder + "/Assets.xcassets/Icon.imageset/" + name))
        }
        let icon = try #require(try AssetCatalog(folder: folder + "/Assets.xcassets").images["Icon"])
        #expect(icon.variants.map { ($0.path as NSString).lastPathComponent } == ["icon.png"])
    }

    /// A project's matrix names contrasts: each variant is named with it and laid out apart (its
    /// colours are its theme's); an unknown contrast is located and the closest one named.
    @Test func aProjectsMatrixNamesContrasts() throws {
        let folder = Repository.folder(with: [
            "tablerender.json": #"{"documents": ["doc.json"], "widths": [390], "contrasts": ["normal", "high"], "appearances": ["light", "dark"]}"#,
            "doc.json": #"{"sections": [{"items": [{"template": "basic", "values": {"title": "Wi-Fi"}}]}]}"#,
            "bad.json": #"{"documents": ["doc.json"], "contrasts": ["hihg"]}"#,
        ])
        let project = try Project.load(folder + "/tablerender.json")
        #expect(project.variants.map(\.name) == ["w390@2x", "w390.dark@2x", "w390.high-contrast@2x", "w390.high-contrast.dark@2x"])
        #expect(Set(project.variants.map(\.layoutKey)).count == 2)
        do {
            _ = try Project.load(folder + "/bad.json")
            Issue.record("an unknown contrast was accepted")
        } catch {
            #expect(error.description.contains("$.contrasts[0]") && error.description.contains("high"), "\(error.description)")
        }
    }
}
