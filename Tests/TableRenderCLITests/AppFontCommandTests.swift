import Foundation
import TestSupport
import Testing

/// An app's own fonts (`<customFonts>` of its IB files, font files it bundles), found in the app
/// and drawn from the file. The oracle: the app's font is a copy of an installed font under a
/// name no machine has (`TestFonts`), so a cell in it must draw exactly as the same cell in the
/// installed font, pixel for pixel, and a page must embed it.
@Suite(.serialized) struct AppFontCommandTests {
    /// A self-sizing cell with one label pinned to its margins, in `font` (a `<fontDescription>`'s
    /// attributes), with `customFonts` when the font is the app's own.
    static func cell(font: String, customFonts: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" useTraitCollections="YES" useSafeAreas="YES" colorMatched="YES">
            <device id="retina6_1" orientation="portrait" appearance="light"/>
            <customFonts key="customFonts">\(customFonts)</customFonts>
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <tableViewCell contentMode="scaleToFill" selectionStyle="default" indentationWidth="10" id="af0-Cl-000">
                    <rect key="frame" x="0.0" y="0.0" width="414" height="52"/>
                    <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                    <tableViewCellContentView key="contentView" opaque="NO" clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="center" tableViewCell="af0-Cl-000" id="af0-CV-000">
                        <rect key="frame" x="0.0" y="0.0" width="414" height="52"/>
                        <autoresizingMask key="autoresizingMask"/>
                        <subviews>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" horizontalHuggingPriority="251" verticalHuggingPriority="251" text="Hamburgefonstiv Wq 2026" translatesAutoresizingMaskIntoConstraints="NO" id="af0-LA-001">
                                <rect key="frame" x="20" y="11" width="250" height="30"/>
                                <fontDescription key="fontDescription" \(font) pointSize="20"/>
                                <nil key="textColor"/>
                                <nil key="highlightedColor"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="af0-LA-001" firstAttribute="leading" secondItem="af0-CV-000" secondAttribute="leadingMargin" id="af0-Cn-001"/>
                            <constraint firstItem="af0-LA-001" firstAttribute="top" secondItem="af0-CV-000" secondAttribute="topMargin" id="af0-Cn-002"/>
                            <constraint firstItem="af0-CV-000" firstAttribute="bottomMargin" secondItem="af0-LA-001" secondAttribute="bottom" id="af0-Cn-003"/>
                        </constraints>
                    </tableViewCellContentView>
                </tableViewCell>
            </objects>
        </document>
        """
    }

    static let brand = #"name="TablerenderBrandSerif-Bold" family="Tablerender Brand Serif""#
    static let brandFonts = #"<array key="BrandSerif-Bold.ttf"><string>TablerenderBrandSerif-Bold</string></array>"#

    /// An app: a cell in its own font (the file under `Resources/Fonts`, not beside the XIB) and
    /// the same cell in the installed font the app's font copies.
    static func app() throws -> String {
        let app = Repository.folder(with: [
            "Base.lproj/BrandCell.xib": cell(font: brand, customFonts: brandFonts),
            "Base.lproj/InstalledCell.xib": cell(font: #"name="DejaVuSerif-Bold" family="DejaVu Serif""#),
        ])
        try FileManager.default.createDirectory(atPath: app + "/Resources/Fonts", withIntermediateDirectories: true)
        try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: app + "/Resources/Fonts/BrandSerif-Bold.ttf", family: "Tablerender Brand Serif",
                              style: "Bold", postScriptName: "TablerenderBrandSerif-Bold")
        return app
    }

    struct Entry: Decodable {
        var file: String
        var light: String?
        var findings: [String]?
        var document: String?
    }

    static func entries(_ out: String) throws -> [String: Entry] {
        let entries = try JSONDecoder().decode([Entry].self, from: Data(contentsOf: URL(fileURLWithPath: out + "/gallery.json")))
        return Dictionary(uniqueKeysWithValues: entries.map { (($0.file as NSString).lastPathComponent, $0) })
    }

    @Test func aCellInTheAppsOwnFontDrawsAsThatFontInstalled() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let out = app + "/gallery"
        let run = Run(["gallery", app, "--out", out, "-q"])
        #expect(run.code == 0 && run.err.isEmpty, "\(run.out) \(run.err)")
        let entries = try Self.entries(out)
        let brand = try #require(entries["BrandCell.xib"]), installed = try #require(entries["InstalledCell.xib"])
        #expect(!(brand.findings ?? []).contains { $0.contains("font") }, "\(brand.findings ?? [])")
        let brandImage = try Data(contentsOf: URL(fileURLWithPath: out + "/" + #require(brand.light)))
        let installedImage = try Data(contentsOf: URL(fileURLWithPath: out + "/" + #require(installed.light)))
        #expect(brandImage == installedImage, "the cell in the app's font draws as the same font installed")

        // Its starter document, rendered to a page as the gallery says, embeds the font.
        let document = out + "/" + (try #require(brand.document))
        let page = Run(["render", document, "--format", "html", "--out", app + "/page", "--allow-read", app])
        #expect(page.code == 0, "\(page.err)")
        let pages = (FileManager.default.enumerator(atPath: app + "/page")?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".html") }
        #expect(pages.count == 1, "\(pages) \(page.out)")
        let html = try String(contentsOfFile: app + "/page/" + (try #require(pages.first)), encoding: .utf8)
        #expect(html.contains("@font-face{font-family:\"Tablerender Brand Serif\";src:url(\"data:font/ttf;base64,"))
        #expect(html.contains("font-weight:700;font-style:normal}"))
        #expect(html.contains("font-src data:;"), "the page's policy lets it use the embedded font, and nothing else")

        // `check` finds it too, for the XIB alone (in its .lproj, the font in the app's resources)
        // and for the document, which says where each font came from.
        let xib = Run(["check", app + "/Base.lproj/BrandCell.xib"])
        #expect(xib.code == 0 && !xib.err.contains("font"), "\(xib.err)")
        let checked = Run(["check", document, "--allow-read", app])
        let real = try #require(realpath(app, nil).map { String(cString: $0) })
        #expect(checked.code == 0 && checked.out.contains(": font 'TablerenderBrandSerif-Bold' (Tablerender Brand Serif, 700) from \(real)/Resources/Fonts/BrandSerif-Bold.ttf\n"), "\(checked.out)")
    }

    /// UILabel sets a line of an app's font as tall as the font's ascender and descender, without
    /// its line gap: IB stores Radikal's labels (a gap of a quarter of the size) 13 and 14 pt tall
    /// at 13 and 14 pt, Graphik's (a tenth) 17 at 17, a two-line label in Souvenir (TrueType, a gap
    /// of 0.15 em) 98.33 tall at 50 pt (three apps' files, with their font files).
    @Test func aLineOfAnAppsFontIsAsTallAsItsAscenderAndDescender() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        // DejaVu Serif Bold's ascender 1923 and descender 483 of 2048, with a line gap of 400 put in.
        try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: app + "/Resources/Fonts/BrandSerif-Bold.ttf", family: "Tablerender Brand Serif",
                              style: "Bold", postScriptName: "TablerenderBrandSerif-Bold", lineGap: 400)
        try #"{"templates": ["Base.lproj"], "sections": [{"items": [{"template": "BrandCell"}]}]}"#.write(toFile: app + "/doc.json", atomically: true, encoding: .utf8)
        let run = Run(["render", app + "/doc.json", "--format", "layout", "--out", app + "/out"])
        #expect(run.code == 0, "\(run.err)")
        let layout = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: app + "/out/doc/doc.layout.json"))) as? [String: Any]
        let pages = try #require(layout?["pages"] as? [[String: Any]])
        let row = try #require((pages.first?["blocks"] as? [[String: Any]])?.first { $0["kind"] as? String == "row" })
        let label = try #require(((row["view"] as? [String: Any])?["children"] as? [[String: Any]])?.first)
        let frame = try #require(label["frame"] as? [Double])
        // (1923 + 483) / 2048 × 20 pt = 23.496, rounded up to the pixel (a third of a point): 23.667;
        // with the gap, 27.4 → 27.667.
        #expect(abs(frame[3] - 23.667) < 0.001, "\(frame)")
    }

    @Test func anAppsFontNotFoundOrNotAFontIsDrawnInTheThemesFaceWithAWarning() throws {
        let app = try Self.app()
        defer { try? FileManager.default.removeItem(atPath: app) }
        let font = app + "/Resources/Fonts/BrandSerif-Bold.ttf"
        try FileManager.default.removeItem(atPath: font)
        let out = app + "/gallery"
        let run = Run(["gallery", app, "--out", out, "-q"])
        // Said once for the app, on the page and at the end of the run, besides each label's warning.
        #expect(run.code == 0 && run.err == "\(app): warning: font file 'BrandSerif-Bold.ttf', named by Base.lproj/BrandCell.xib: is not in the app's folder; its labels are drawn in the theme's face\n", "\(run.err)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("<li><code>BrandSerif-Bold.ttf</code>: not in the app's folder (1 entry)</li>"))
        let missing = try #require(Self.entries(out)["BrandCell.xib"]?.findings)
        #expect(missing.contains { $0.contains("font 'TablerenderBrandSerif-Bold' is the app's own (its file 'BrandSerif-Bold.ttf', which the file's customFonts names, is not in") && $0.contains("--allow-read") }, "\(missing)")
        let xib = Run(["check", app + "/Base.lproj/BrandCell.xib"])
        #expect(xib.code == 0 && xib.err.contains("BrandCell.xib: warning: 'af0-LA-001': font 'TablerenderBrandSerif-Bold' is the app's own"), "\(xib.err)")
        // An icon font's character in a font whose file is not there: the error says why.
        let icons = Self.cell(font: #"name="TablerenderIcons" family="Tablerender Icons""#,
                              customFonts: #"<array key="Icons.ttf"><string>TablerenderIcons</string></array>"#)
            .replacingOccurrences(of: "text=\"Hamburgefonstiv Wq 2026\"", with: "text=\"&#xE900;\"")
        try icons.write(toFile: app + "/Base.lproj/IconCell.xib", atomically: true, encoding: .utf8)
        try #"{"templates": ["Base.lproj"], "sections": [{"items": [{"template": "IconCell"}]}]}"#.write(toFile: app + "/icons.json", atomically: true, encoding: .utf8)
        let icon = Run(["render", app + "/icons.json", "--out", app + "/icons"])
        #expect(icon.code == 65 && icon.err.contains("no installed font has U+E900 (private use) in \"\u{E900}\" (its font 'TablerenderIcons' is the app's own, and its file 'Icons.ttf', which the file's customFonts names, is not in the IB file's folder or below"), "\(icon.err)")
        try FileManager.default.removeItem(atPath: app + "/Base.lproj/IconCell.xib")
        // A Git LFS pointer in the font's place.
        try "version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 9\n".write(toFile: font, atomically: true, encoding: .utf8)
        let again = Run(["gallery", app, "--out", out, "-q"])
        #expect(again.code == 0 && again.err.contains("font file 'BrandSerif-Bold.ttf', named by Base.lproj/BrandCell.xib: 'BrandSerif-Bold.ttf' is not a TrueType or OpenType font file"), "\(again.err)")
        let pointer = try #require(Self.entries(out)["BrandCell.xib"]?.findings)
        #expect(pointer.contains { $0.contains("its file cannot be loaded: 'BrandSerif-Bold.ttf' is not a TrueType or OpenType font file") }, "\(pointer)")
    }
}

/// A theme's own fonts (`fonts/` in its folder): its tokens may name a brand font no machine has.
@Suite(.serialized) struct ThemeFontCommandTests {
    static func project(family: String, bundled: Bool) throws -> String {
        let folder = Repository.folder(with: [
            "doc.json": #"{"theme": "themes/brand", "templates": ["t"], "sections": [{"items": [{"template": "Row", "values": {"title": "Hamburgefonstiv Wq 2026"}}, {"template": "Row", "values": {"title": "Brand fonts, drawn from the theme's own files"}}]}]}"#,
            "t/Row.xml": #"<cell><label text="{title}" font="brand"/></cell>"#,
            "themes/brand/theme.xml": #"<theme name="brand" extends="ios"><font name="brand" family="\#(family)" size="19" weight="700" lineHeight="24"/></theme>"#,
        ])
        if bundled {
            try FileManager.default.createDirectory(atPath: folder + "/themes/brand/fonts", withIntermediateDirectories: true)
            try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: folder + "/themes/brand/fonts/ThemeSerif-Bold.ttf", family: "Tablerender Theme Serif",
                                  style: "Bold", postScriptName: "TablerenderThemeSerif-Bold")
        }
        return folder
    }

    @Test func aThemesOwnFontDrawsAsThatFontInstalled() throws {
        let own = try Self.project(family: "Tablerender Theme Serif", bundled: true)
        let installed = try Self.project(family: "DejaVu Serif", bundled: false)
        defer {
            try? FileManager.default.removeItem(atPath: own)
            try? FileManager.default.removeItem(atPath: installed)
        }
        for folder in [own, installed] {
            let run = Run(["render", folder + "/doc.json", "--format", "png,html", "--out", folder + "/out"])
            #expect(run.code == 0, "\(run.err)")
        }
        let ownImage = try Data(contentsOf: URL(fileURLWithPath: own + "/out/doc/doc@2x.png"))
        let installedImage = try Data(contentsOf: URL(fileURLWithPath: installed + "/out/doc/doc@2x.png"))
        #expect(ownImage == installedImage, "the theme's font draws as the same font installed")
        let html = try String(contentsOfFile: own + "/out/doc/doc.html", encoding: .utf8)
        #expect(html.contains("@font-face{font-family:\"Tablerender Theme Serif\";src:url(\"data:font/ttf;base64,"))
    }

    @Test func aThemeFontThatIsNotThereOrNotAFontIsAnError() throws {
        let missing = try Self.project(family: "Tablerender Absent Serif", bundled: false)
        defer { try? FileManager.default.removeItem(atPath: missing) }
        let run = Run(["render", missing + "/doc.json", "--out", missing + "/out"])
        #expect(run.code == 65 && run.err.contains("font 'Tablerender Absent Serif' is not installed") && run.err.contains("put its font file in the theme's fonts folder"), "\(run.err)")
        try FileManager.default.createDirectory(atPath: missing + "/themes/brand/fonts", withIntermediateDirectories: true)
        try "not a font".write(toFile: missing + "/themes/brand/fonts/Absent.otf", atomically: true, encoding: .utf8)
        let bad = Run(["render", missing + "/doc.json", "--out", missing + "/out"])
        #expect(bad.code == 65 && bad.err.contains("themes/brand/fonts/Absent.otf: error: theme font: 'Absent.otf' is not a TrueType or OpenType font file"), "\(bad.err)")
    }
}
