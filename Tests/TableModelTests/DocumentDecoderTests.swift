import Foundation
import TestSupport
import Testing
@testable import TableModel

@Suite struct DocumentDecoderTests {
    func decode(_ json: String, directory: String = "/tmp") throws(Diagnostic) -> Document {
        try DocumentDecoder.decode(Array(json.utf8), file: "doc.json", directory: directory)
    }

    func error(_ json: String, directory: String = "/tmp") -> String? {
        do { _ = try decode(json, directory: directory); return nil } catch { return error.description }
    }

    @Test func decodesATable() throws {
        let document = try decode("""
            {"title": "T", "style": "insetGrouped", "width": 320, "sections": [
              {"id": "a", "header": "Head", "footer": {"template": "F", "values": {"n": 1}},
               "items": [{"id": "x", "template": "value1", "values": {"title": "X", "author": {"name": "N"}}, "height": 60, "link": "https://e.org"},
                         {"values": {"title": "Y"}, "estimatedHeight": 80}]}]}
            """)
        #expect(document.table.title == "T")
        #expect(document.table.style == .insetGrouped)
        #expect(document.width == 320)
        let section = document.table.sections[0]
        #expect(section.header == .title("Head"))
        #expect(section.footer == .view(template: "F", values: ["n": 1], height: .automatic(estimate: 28)))
        #expect(section.items[0].height == .fixed(60))
        #expect(section.items[0].values["author"] == ["name": "N"])
        #expect(section.items[1].id == "item-1")
        #expect(section.items[1].template == "basic")
        #expect(section.items[1].height == .automatic(estimate: 80))
        #expect(document.location(of: .item(section: 0, item: 1)).line == 4)
    }

    @Test(arguments: [
        (#"{"sections": [], "stlye": "plain"}"#, "doc.json:1:27: error: at $.stlye: unknown key 'stlye'; did you mean 'style'? (known: assets, lang, overrides, page, scene, sections, storyboard, strings, style, templates, theme, title, width)"),
        (#"{"sections": {}}"#, "doc.json:1:14: error: at $.sections: expected an array of sections, found an object"),
        (#"{"sections": [], "style": "inset"}"#, "doc.json:1:27: error: at $.style: unknown style 'inset'; did you mean 'insetGrouped'? (known: grouped, insetGrouped, plain)"),
        (#"{"sections": [], "width": -4}"#, "doc.json:1:27: error: at $.width: expected a number from 1 to 10000, found -4"),
        (#"{"sections": [{"items": [{"height": "tall"}]}]}"#, "doc.json:1:37: error: at $.sections[0].items[0].height: expected a number or \"auto\", found a string"),
        (#"{"sections": [{"items": [{"id": "a"}, {"id": "a"}]}]}"#, "doc.json:1:39: error: at $.sections[0].items[1].id: duplicate item id 'a' in section 'section-0'"),
        (#"{"sections": [{"items": [{"values": {"t": "bell\u0007"}}]}]}"#, "doc.json:1:43: error: at $.sections[0].items[0].values.t: control character U+0007 in text"),
        (#"{"title": 5, "sections": []}"#, "doc.json:1:11: error: at $.title: expected a string, found a number"),
        (#"{}"#, "doc.json:1:1: error: at $: missing key 'sections' (an array of sections)"),
        (#"{"sections": [], "templates": ["/etc"]}"#, "doc.json:1:32: error: at $.templates[0]: absolute path '/etc' is not allowed; use a path relative to the document's folder"),
        (#"{"sections": [], "assets": "../../.."}"#, "doc.json:1:28: error: at $.assets: path '../../..' leaves the document's folder"),
        (#"{"sections": [{"items": [{"height": 1e5, "estimatedHeight": -1}]}]}"#, "doc.json:1:61: error: at $.sections[0].items[0].estimatedHeight: expected a number from 0 to 100000, found -1"),
    ])
    func reportsPathAndExpectation(json: String, expected: String) {
        #expect(error(json) == expected)
    }

    @Test func refusesFoldersThatLinkOutside() throws {
        let folder = Repository.folder(with: ["doc.json": "{}"])
        try FileManager.default.createSymbolicLink(atPath: folder + "/out", withDestinationPath: "/etc")
        #expect(error(#"{"sections": [], "assets": "out"}"#, directory: folder)?.hasSuffix("path 'out' is a link that leads out of the document's folder") == true)
        #expect(error(#"{"sections": [], "assets": "missing"}"#, directory: folder)?.hasSuffix("no such folder 'missing'") == true)
    }

    @Test func missingDocumentIsMissingFile() {
        #expect(throws: Diagnostic.self) { try DocumentDecoder.load(file: "/nonexistent/doc.json") }
        do { _ = try DocumentDecoder.load(file: "/nonexistent/doc.json") } catch { #expect(error.exitCode == 66) }
    }
}

/// Every value's text is checked for control characters in its bytes (`Reader.hasControl`);
/// the characters one by one (`Reader.isControl`) are the oracle, for every scalar there is,
/// alone and between others.
@Suite struct ControlCharacterTests {
    @Test func theByteCheckFindsWhatTheScalarCheckFinds() {
        var controls = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let expected = Reader.isControl(scalar)
            if expected { controls += 1 }
            for text in [String(Character(scalar)), "a\(Character(scalar))é", "é\(Character(scalar))"] where Reader.hasControl(text) != expected {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)) in \(text.debugDescription): \(!expected), expected \(expected)")
                return
            }
        }
        // 0x00–0x1F but three, 0x7F–0x9F.
        #expect(controls == 29 + 33)
        #expect(!Reader.hasControl("Zdeněk, Hranice\n\tline\r\n"))
        #expect(Reader.hasControl("x\u{85}"))
        #expect(!Reader.hasControl(""))
    }
}
