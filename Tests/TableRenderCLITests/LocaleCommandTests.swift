import Foundation
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
        #expect(pseudo.out.contains("[w260.en-XA] $.sections[0].items[0] 'apple' label: truncated"), "\(pseudo.out)")
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
}
