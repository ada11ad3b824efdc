import Foundation
import TableRender
import TestSupport
import Testing

/// The pseudo-locale en-XA as a user runs it: `render --locale`, `lint --locale`, and a project's
/// `locales` in the snapshot matrix.
@Suite struct LocaleCommandTests {
    static let files = [
        "docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"id": "apple", "template": "Row", "values": {"title": "Apple", "detail": "Crisp and sweet"}}]}]}"#,
        "docs/templates/Row.xml": #"<cell><stack padding="11 16" spacing="8"><label text="{title}"/><label text="{detail}" color="secondaryLabel"/></stack></cell>"#,
        "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1], "locales": ["en", "en-XA"]}"#,
    ]

    @Test func renderAndLintInThePseudoLocale() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = Run(["render", folder + "/docs/list.json", "--locale", "en-XA", "--format", "png,layout,html", "--width", "260", "--out", folder + "/out"])
        #expect(render.code == 0, "\(render.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out/list").sorted()
        #expect(files == ["list.en-XA.html", "list.en-XA.layout.json", "list.en-XA@2x.png"])
        let layout = try String(contentsOfFile: folder + "/out/list/list.en-XA.layout.json", encoding: .utf8)
        // Every text, the header's in its upper case too; cut where it no longer fits.
        #expect(layout.contains(#""[ƑŔÛÎŢ ONE]""#) && layout.contains(#""[Åþþļ"#), "\(layout)")
        let page = try String(contentsOfFile: folder + "/out/list/list.en-XA.html", encoding: .utf8)
        #expect(page.contains(#"<html lang="en-XA""#))
        #expect(Run(["render", folder + "/docs/list.json", "--locale", "en XA"]).code == 64)
        // At 260 points the English row fits; the longer pseudo-translation is cut.
        let english = Run(["lint", folder + "/docs/list.json", "--width", "260"])
        #expect(!english.out.contains("truncated"), "\(english.out)")
        let pseudo = Run(["lint", folder + "/docs/list.json", "--width", "260", "--locale", "en-XA"])
        #expect(pseudo.out.contains("[w260.en-XA] $.sections[0].items[0].values.title 'apple' label: truncated"), "\(pseudo.out)")
        // A title header's text is the header's own string.
        #expect(pseudo.out.contains("[w260.en-XA] $.sections[0].header 'header' label: contrast"), "\(pseudo.out)")
        // On paper: laid out at the paper's width (A4, 595 pt, named in the finding), where the row fits again.
        let paper = Run(["lint", folder + "/docs/list.json", "--locale", "en-XA", "--page", "a4"])
        #expect(paper.code == 0 && !paper.out.contains("truncated") && paper.out.contains("[w595.en-XA]"), "\(paper.out)\(paper.err)")
        #expect(Run(["lint", folder + "/docs/list.json", "--page", "a5"]).code == 64)
    }

    /// Right to left as a user asks for it: by an Arabic locale (its strings from the document's
    /// String Catalog), by `--direction`, by the `ar-XB` pseudo-locale, and by a project's
    /// `directions`.
    @Test func rightToLeftByLocaleDirectionAndProject() throws {
        var files = Self.files
        files["docs/Localizable.xcstrings"] = #"{"sourceLanguage": "en", "strings": {"fruit": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Fruit"}}, "ar": {"stringUnit": {"state": "translated", "value": "فاكهة"}}}}}, "version": "1.0"}"#
        files["docs/list.json"] = files["docs/list.json"]!.replacingOccurrences(of: #""header": "Fruit""#, with: #""header": {"localized": "fruit"}"#)
        files["tablerender.json"] = #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1], "directions": ["ltr", "rtl"]}"#
        let folder = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        #expect(Run(["render", folder + "/docs/list.json", "--locale", "ar", "--format", "layout,html", "--width", "300", "--out", out]).code == 0)
        let page = try String(contentsOfFile: out + "/list/list.ar.html", encoding: .utf8)
        #expect(page.contains(#"<html lang="ar" dir="rtl">"#) && page.contains("فاكهة"))
        let rtl = Run(["render", folder + "/docs/list.json", "--direction", "rtl", "--format", "layout,html", "--width", "300", "--out", out])
        #expect(rtl.code == 0, "\(rtl.err)")
        #expect(rtl.out.contains(out + "/list/list.rtl.layout.json"))
        #expect(try String(contentsOfFile: out + "/list/list.rtl.html", encoding: .utf8).contains(#"<html lang="en" dir="rtl">"#))
        let pseudo = Run(["render", folder + "/docs/list.json", "--locale", "ar-XB", "--format", "html", "--out", out])
        #expect(pseudo.code == 0)
        let pseudoPage = try String(contentsOfFile: out + "/list/list.ar-XB.html", encoding: .utf8)
        // English strings (the development language's), each word overridden right to left.
        #expect(pseudoPage.contains(#"dir="rtl""#) && pseudoPage.contains("\u{202E}Apple\u{202C}") && pseudoPage.contains("\u{202E}FRUIT\u{202C}"), "\(pseudoPage)")
        let bad = Run(["render", folder + "/docs/list.json", "--direction", "rlt"])
        #expect(bad.code == 64 && bad.err.contains("expected one of: ltr, rtl (did you mean 'rtl'?)"), "\(bad.err)")
        #expect(Run(["lint", folder + "/docs/list.json", "--direction", "rtl"]).code == 0)
        let record = Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json"])
        #expect(record.code == 0, "\(record.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/docs/__Snapshots__/list").sorted()
                == ["initial.iphone-se.ltr@1x.png", "initial.iphone-se.rtl@1x.png"])
        files["tablerender.json"] = #"{"documents": ["docs"], "directions": ["left"]}"#
        let refusing = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: refusing) }
        let refused = Run(["snapshot", "verify", "--project", refusing + "/tablerender.json"])
        #expect(refused.code == 65 && refused.err.contains("$.directions[0]: unknown direction 'left'"), "\(refused.err)")
    }

    @Test func theProjectsLocalesAreVariants() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let record = Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(record.code == 0, "\(record.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/docs/__Snapshots__/list").sorted()
                == ["initial.iphone-se.en-XA@1x.png", "initial.iphone-se.en@1x.png"])
        var files = Self.files
        files["tablerender.json"] = #"{"documents": ["docs"], "locales": ["en XA"]}"#
        let bad = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: bad) }
        let refused = Run(["snapshot", "verify", "--project", bad + "/tablerender.json"])
        #expect(refused.code == 65 && refused.err.contains("$.locales[0]: expected a language tag"), "\(refused.err)")
    }

    /// Localized values from `.strings`: a missing key is a warning and a visible ⟦key⟧ when
    /// rendering, an error with `--strict-strings`, and fails `check`.
    @Test func localizedValuesAndMissingKeys() throws {
        let folder = Repository.folder(with: [
            "list.json": #"{"templates": ["t"], "lang": "de", "sections": [{"header": {"localized": "fruit"}, "items": [{"id": "apple", "template": "Row", "values": {"title": {"localized": "apple"}, "detail": {"localized": "pieces", "count": 2}}}]}]}"#,
            "t/Row.xml": #"<cell><stack padding="11 16" spacing="8"><label text="{title}"/><label text="{detail}"/></stack></cell>"#,
            "de.lproj/Localizable.strings": "\"fruit\" = \"Obst\";\n\"apple\" = \"Apfel\";\n",
            "fr.lproj/Localizable.strings": "\"fruit\" = \"Fruits\";\n\"apple\" = \"Pomme\";\n\"pieces\" = \"%d pièces\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let render = Run(["render", folder + "/list.json", "--format", "layout", "--out", folder + "/out"])
        #expect(render.code == 0)
        #expect(render.err.contains("list.json:1:") && render.err.contains("warning: at $.sections[0].items[0].values.detail.localized: no string 'pieces' in table 'Localizable' for 'de'"), "\(render.err)")
        let layout = try String(contentsOfFile: folder + "/out/list/list.layout.json", encoding: .utf8)
        #expect(layout.contains(#""Obst""#) && layout.contains("Apfel") && layout.contains("⟦pieces⟧"), "\(layout)")
        let strict = Run(["render", folder + "/list.json", "--strict-strings", "--format", "layout", "--out", folder + "/strict"])
        #expect(strict.code == 65 && strict.err.contains("error: at $.sections[0].items[0].values.detail.localized: no string 'pieces'"), "\(strict.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/strict"), "nothing written")
        let check = Run(["check", folder + "/list.json"])
        #expect(check.code == 65 && check.err.contains("1 localized value has no string in 'de'"), "\(check.err)")
        let french = Run(["check", folder + "/list.json", "--locale", "fr"])
        #expect(french.code == 0, "\(french.err)")
        let inFrench = Run(["render", folder + "/list.json", "--locale", "fr", "--format", "layout", "--out", folder + "/fr"])
        #expect(inFrench.code == 0 && inFrench.err.isEmpty)
        let frenchLayout = try String(contentsOfFile: folder + "/fr/list/list.fr.layout.json", encoding: .utf8)
        #expect(frenchLayout.contains("Pomme") && frenchLayout.contains("2 pièces"), "\(frenchLayout)")
    }

    /// IB files are localized as iOS does: `Base.lproj/Note.xib` with `de.lproj/Note.strings`
    /// (IB's keys: object id and property) beside it; a language without strings keeps Base's.
    @Test func interfaceBuilderFilesWithTheirStrings() throws {
        let xib = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
                <objects>
                    <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                    <view contentMode="scaleToFill" id="nt1-Vw-001">
                        <rect key="frame" x="0.0" y="0.0" width="390" height="44"/>
                        <subviews>
                            <label opaque="NO" text="Opening hours" numberOfLines="0" translatesAutoresizingMaskIntoConstraints="NO" id="nt1-Lb-002">
                                <rect key="frame" x="20" y="11" width="350" height="22"/>
                                <fontDescription key="fontDescription" style="UICTFontTextStyleBody"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="nt1-Lb-002" firstAttribute="leading" secondItem="nt1-Vw-001" secondAttribute="leading" constant="20" id="nt1-Cn-101"/>
                            <constraint firstAttribute="trailing" secondItem="nt1-Lb-002" secondAttribute="trailing" constant="20" id="nt1-Cn-102"/>
                            <constraint firstItem="nt1-Lb-002" firstAttribute="top" secondItem="nt1-Vw-001" secondAttribute="top" constant="11" id="nt1-Cn-103"/>
                            <constraint firstAttribute="bottom" secondItem="nt1-Lb-002" secondAttribute="bottom" constant="11" id="nt1-Cn-104"/>
                        </constraints>
                    </view>
                </objects>
            </document>
            """#
        let folder = Repository.folder(with: [
            "hours.json": #"{"templates": ["Base.lproj"], "sections": [{"header": {"template": "Note"}, "items": [{"id": "monday", "values": {"title": "9–17"}}]}]}"#,
            "Base.lproj/Note.xib": xib,
            "de.lproj/Note.strings": "/* Class = \"UILabel\"; text = \"Opening hours\"; ObjectID = \"nt1-Lb-002\"; */\n\"nt1-Lb-002.text\" = \"Öffnungszeiten\";\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (locale, expected) in [("de-AT", "Öffnungszeiten"), ("fr", "Opening hours")] {
            let run = Run(["render", folder + "/hours.json", "--locale", locale, "--format", "layout", "--out", folder + "/out"])
            #expect(run.code == 0, "\(run.err)")
            let layout = try String(contentsOfFile: folder + "/out/hours/hours.\(locale).layout.json", encoding: .utf8)
            #expect(layout.contains(#""\#(expected)""#), "\(locale): \(layout)")
        }
    }
}

/// The lint's outputs beside the terminal's: an HTML report with each finding's row marked, and
/// its summary after `render --project` and `snapshot verify` (`--strict` fails on findings).
@Suite struct LintOutputTests {
    static let files = [
        "docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"items": [{"id": "long", "template": "Row", "values": {"title": "A title much too long to fit on one line of the narrowest phone's row"}}]}]}"#,
        "docs/templates/Row.xml": #"<cell><stack padding="11 16"><label id="title" text="{title}" color="label"/></stack></cell>"#,
        "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1]}"#,
    ]

    @Test func anHTMLReportMarksEachFinding() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = Run(["lint", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(run.code == 0 && run.out.contains("report: \(folder)/report/index.html"), "\(run.err)")
        let page = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(page.contains("<h2>truncated</h2>") && page.contains("$.sections[0].items[0]") && page.contains(#"<img src="finding-0001.png""#))
        #expect(!page.contains("<script") && !page.contains("http://") && !page.contains("https://"))
        // The row, with the label outlined in red.
        let image = try RGBAImage(png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/report/finding-0001.png"))), name: "finding")
        var red = 0
        for index in stride(from: 0, to: image.pixels.count, by: 4) where image.pixels[index] == 230 && image.pixels[index + 1] == 0 && image.pixels[index + 2] == 38 { red += 1 }
        #expect(image.width > 300 && red > 200, "\(image.width)×\(image.height), \(red) red pixels")
    }

    @Test func renderAndVerifyPrintTheLintsSummary() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let project = ["--project", folder + "/tablerender.json"]
        let render = Run(["render"] + project + ["--out", folder + "/images"])
        #expect(render.code == 0 && render.out.contains("lint: 1 finding: 1 truncated; tablerender lint --project \(folder)/tablerender.json lists them"), "\(render.out)")
        #expect(Run(["render"] + project + ["--out", folder + "/images", "--strict"]).code == 1)
        #expect(Run(["snapshot", "record", "-q", "--report", folder + "/report"] + project).code == 0)
        let verify = Run(["snapshot", "verify", "--record", "never", "--report", folder + "/report"] + project)
        #expect(verify.code == 0 && verify.out.contains("lint: 1 finding: 1 truncated"), "\(verify.out)")
        #expect(Run(["snapshot", "verify", "--record", "never", "--strict", "--report", folder + "/report"] + project).code == 1)
    }
}
