import Foundation
@testable import TableModel
import TestSupport
import Testing

/// Strings as iOS teams keep them: `.strings`, `.stringsdict` and String Catalogs, plural forms by
/// CLDR's rules, and documents whose values are `{"localized": …}`.
@Suite struct LocalizationTests {
    /// CLDR's categories for integers, in languages of each kind of rule.
    @Test func pluralCategories() {
        func forms(_ language: String, _ counts: [Double]) -> [String] { counts.map { PluralRules.category($0, language: language).rawValue } }
        #expect(forms("en", [0, 1, 2, 21]) == ["other", "one", "other", "other"])
        #expect(forms("fr", [0, 1, 2, 1_000_000]) == ["one", "one", "other", "many"])
        #expect(forms("ru", [1, 2, 5, 11, 21, 22, 25, 112]) == ["one", "few", "many", "many", "one", "few", "many", "many"])
        #expect(forms("pl", [1, 2, 5, 12, 22, 101]) == ["one", "few", "many", "many", "few", "many"])
        #expect(forms("cs", [1, 3, 5]) == ["one", "few", "other"])
        #expect(forms("ar", [0, 1, 2, 3, 11, 100, 102]) == ["zero", "one", "two", "few", "many", "other", "other"])
        #expect(forms("ja", [1, 2]) == ["other", "other"])
        #expect(forms("pt-BR", [0, 1, 2]) == ["one", "one", "other"])
        #expect(forms("pt-PT", [0, 1, 2]) == ["other", "one", "other"])
    }

    static let files: [String: String] = [
        "doc.json": #"""
            {"templates": ["t"], "lang": "de", "strings": "Resources", "title": {"localized": "settings.title"},
             "sections": [{"header": {"localized": "section.network"}, "footer": "Plain footer",
               "items": [{"id": "wifi", "template": "Row", "values": {"title": {"localized": "wifi"}, "detail": {"localized": "devices", "count": 3}}},
                         {"id": "one", "template": "Row", "values": {"title": {"localized": "greeting", "args": ["Ada", 2]}, "detail": {"localized": "devices", "count": 1}}},
                         {"id": "catalog", "template": "Row", "values": {"title": {"localized": "sync", "table": "Settings"}, "detail": {"localized": "photos", "table": "Settings", "count": 5}}},
                         {"id": "gap", "template": "Row", "values": {"title": {"localized": "not.translated"}}}]}]}
            """#,
        "t/Row.xml": #"<cell><stack padding="11 16"><label text="{title}"/><label text="{detail}"/></stack></cell>"#,
        "Resources/de.lproj/Localizable.strings": #"""
            /* Settings screen */
            "settings.title" = "Einstellungen";
            // the section
            "section.network" = "Netzwerk";
            wifi = "WLAN \"zu Hause\"";
            "greeting" = "Hallo %@, du hast %2$d neue\nNachrichten";
            """#,
        "Resources/de.lproj/Localizable.stringsdict": #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
              <key>devices</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@count@ verbunden</string>
                <key>count</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>d</string>
                  <key>one</key><string>Ein Gerät</string>
                  <key>other</key><string>%d Geräte</string>
                </dict>
              </dict>
            </dict>
            </plist>
            """#,
        "Resources/Settings.xcstrings": #"""
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "sync": {"localizations": {
                "en": {"stringUnit": {"state": "translated", "value": "Sync"}},
                "de": {"variations": {"device": {"iphone": {"stringUnit": {"state": "translated", "value": "Auf dem iPhone abgleichen"}},
                                                 "other": {"stringUnit": {"state": "translated", "value": "Abgleichen"}}}}}}},
              "photos": {"localizations": {
                "en": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld photo"}}, "other": {"stringUnit": {"value": "%lld photos"}}}}},
                "de": {"variations": {"plural": {"one": {"stringUnit": {"value": "%lld Foto"}}, "other": {"stringUnit": {"value": "%lld Fotos"}}}}}}}}}
            """#,
    ]

    @Test func aDocumentsLocalizedValuesInItsLanguage() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try DocumentDecoder.load(file: folder + "/doc.json")
        #expect(document.table.title == "Einstellungen")
        let section = try #require(document.table.sections.first)
        #expect(section.header == .title("Netzwerk"))
        func values(_ id: String) -> [String] {
            let item = section.items.first { $0.id == id }
            return ["title", "detail"].map { item?.values[$0]?.text ?? "" }
        }
        #expect(values("wifi") == ["WLAN \"zu Hause\"", "3 Geräte verbunden"])
        #expect(values("one") == ["Hallo Ada, du hast 2 neue\nNachrichten", "Ein Gerät verbunden"])
        #expect(values("catalog") == ["Auf dem iPhone abgleichen", "5 Fotos"])
        #expect(values("gap")[0] == "⟦not.translated⟧")
        #expect(document.missingStrings.count == 1)
        let missing = try #require(document.missingStrings.first)
        #expect(missing.location?.path == "$.sections[0].items[3].values.title.localized")
        #expect(missing.message.contains("no string 'not.translated' in table 'Localizable' for 'de'"))
    }

    /// A missing key that holds control characters is reported on one line (the fuzzer found a
    /// key of newlines printed as it was, breaking the message in three).
    @Test func aMissingKeyIsQuotedOnOneLine() throws {
        let folder = Repository.folder(with: ["doc.json": #"{"lang": "de", "sections": [{"items": [{"values": {"title": {"localized": "a\n\tb"}}}]}]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try DocumentDecoder.load(file: folder + "/doc.json")
        let missing = try #require(document.missingStrings.first)
        #expect(missing.warningDescription.contains(#"no string 'a\n\tb' in table"#) && !missing.warningDescription.contains("\n"), "\(missing.warningDescription)")
    }

    /// The pseudo-locales take the development language's strings and plural rules, which they
    /// then rewrite: `ar-XB` is not Arabic.
    @Test func pseudoLocalesTakeTheDevelopmentLanguage() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for tag in ["ar-XB", "en-XA"] {
            let strings = LocalizedStrings(folder: folder + "/Resources", language: tag)
            #expect(strings.language == "en")
            #expect(try strings.text("photos", table: "Settings", count: 1) == "1 photo")
        }
    }

    /// `--locale` replaces the document's language: a language without its own strings takes
    /// the catalog's source language for the catalog, and misses the .strings keys.
    @Test func anotherLocale() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let document = try DocumentDecoder.load(file: folder + "/doc.json", locale: "en-GB")
        let item = try #require(document.table.sections.first?.items.first { $0.id == "catalog" })
        #expect(item.values["title"]?.text == "Sync" && item.values["detail"]?.text == "5 photos")
        #expect(document.table.title == "⟦settings.title⟧")
        #expect(document.language == "en-GB")
    }

    @Test func malformedStringsAreErrorsWithTheirPlace() throws {
        var files = Self.files
        files["Resources/de.lproj/Localizable.strings"] = "\"a\" = \"b\";\n\"unclosed = \"x\";\n\"c\" = \"d\""
        let folder = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        do {
            _ = try DocumentDecoder.load(file: folder + "/doc.json")
            Issue.record("a malformed .strings file was read")
        } catch {
            #expect(error.description.contains("Localizable.strings:2:14: error: expected ';' after the entry"), "\(error.description)")
        }
    }

    @Test func stringsFilesInUTF16() throws {
        var bytes: [UInt8] = [0xFF, 0xFE]
        for unit in "\"k\" = \"Grüße\";".utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        let folder = Repository.folder(with: ["de.lproj/.keep": ""])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/de.lproj/Localizable.strings"))
        #expect(try LocalizedStrings(folder: folder, language: "de-AT").text("k") == "Grüße")
    }

    /// Nothing is read outside the strings folder: a table name is no path, and a link that
    /// leads out is refused.
    @Test func nothingOutsideTheStringsFolder() throws {
        var files = Self.files
        files["doc.json"] = #"{"templates": ["t"], "lang": "de", "strings": "Resources", "sections": [{"items": [{"template": "Row", "values": {"title": {"localized": "x", "table": "../../secret"}}}]}]}"#
        let folder = Repository.folder(with: files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: Diagnostic.self) { _ = try DocumentDecoder.load(file: folder + "/doc.json") }
        try FileManager.default.removeItem(atPath: folder + "/Resources/de.lproj/Localizable.strings")
        try "\"x\" = \"secret\";".write(toFile: folder + "/outside.strings", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: folder + "/Resources/de.lproj/Localizable.strings", withDestinationPath: folder + "/outside.strings")
        files["doc.json"] = #"{"templates": ["t"], "lang": "de", "strings": "Resources", "sections": [{"items": [{"template": "Row", "values": {"title": {"localized": "x"}}}]}]}"#
        try files["doc.json"]!.write(toFile: folder + "/doc.json", atomically: true, encoding: .utf8)
        do {
            _ = try DocumentDecoder.load(file: folder + "/doc.json")
            Issue.record("a link out of the strings folder was read")
        } catch {
            #expect(error.message.contains("leads out of the strings folder"), "\(error.description)")
        }
    }

    /// A plural form that names its own variable is replaced a bounded number of times: no hang.
    @Test func aFormNamingItselfEnds() throws {
        let folder = Repository.folder(with: ["de.lproj/Localizable.stringsdict": #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>loop</key><dict>
              <key>NSStringLocalizedFormatKey</key><string>%#@n@</string>
              <key>n</key><dict><key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                <key>other</key><string>a %#@n@ %#@n@</string></dict>
            </dict></dict></plist>
            """#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let text = try #require(try LocalizedStrings(folder: folder, language: "de").text("loop", count: 2))
        #expect(text.hasPrefix("a a a") && text.count < 200_000)
    }

    /// Formats as iOS fills them, and a hostile width is no memory bomb.
    @Test func formats() {
        func format(_ text: String, _ arguments: [Value]) -> String {
            LocalizedStrings.format(text, arguments: arguments, count: nil, language: "en", variables: [:])
        }
        #expect(format("%@ has %d new, %2$lld in all, 100%%", ["Ada", 3]) == "Ada has 3 new, 3 in all, 100%")
        #expect(format("%.2f km", [1.5]) == "1.50 km")
        #expect(format("%999999999f", [1.5]) == "1.500000")
        #expect(format("%1$@ and %1$@", ["x"]) == "x and x")
        #expect(format("missing %@ and %d", []) == "missing  and 0")
    }
}
