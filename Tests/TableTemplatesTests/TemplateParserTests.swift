import Foundation
import TestSupport
import Testing
@testable import TableTemplates
import TableModel

@Suite struct TemplateParserTests {
    let theme: Theme

    init() throws {
        theme = try ThemeLoader.load(Repository.path("Themes/ios"))
    }

    func parse(_ xml: String, id: String = "T") throws(Diagnostic) -> Template {
        let template = try TemplateParser.parse(file: "T.xml", bytes: Array(xml.utf8), id: id)
        try TemplateLibrary.check(template, theme: theme)
        return template
    }

    func error(_ xml: String) -> String? {
        do { _ = try parse(xml); return nil } catch { return error.description }
    }

    @Test func builtInTemplatesMatchTheirGoldenDump() throws {
        for themeName in ["ios", "print"] {
            let loaded = try ThemeLoader.load(Repository.path("Themes/\(themeName)"))
            let library = try TemplateLibrary(theme: loaded, folders: [])
            let dump = try library.all().map(\.dump).joined(separator: "\n\n") + "\n"
            #expect(Golden.check(dump, "\(themeName).templates.txt") == nil)
        }
    }

    @Test func exampleTemplatesMatchTheirGoldenDump() throws {
        let library = try TemplateLibrary(theme: theme, folders: [Repository.path("Examples/feed/templates"), Repository.path("Examples/headers/templates")])
        let dump = try ["PostCell", "AlbumCell", "DemoViewOfHeader1", "DemoFooter", "DemoCell1"].map { name in
            try library.template(name, role: name.contains("Header") ? .header : name.contains("Footer") ? .footer : .cell, at: nil).dump
        }.joined(separator: "\n\n") + "\n"
        #expect(Golden.check(dump, "examples.templates.txt") == nil)
    }

    @Test func outletsAreTheBindingRoots() throws {
        let template = try parse(#"<cell><stack><label text="{a.b} and {c}"/><image source="{d}" width="1" height="1"/></stack></cell>"#)
        #expect(template.outlets == ["a", "c", "d"])
    }

    @Test(arguments: [
        ("<cell><stack>", "T.xml:1:14: error: malformed XML: Premature end of data in tag stack line 1"),
        ("<cell><stak/></cell>", "T.xml:1:7: error: unknown element '<stak>'; did you mean '<stack>'? (known: <accessory>, <box>, <divider>, <image>, <label>, <spacer>, <stack>, <switch>)"),
        ("<row/>", "T.xml:1:1: error: unknown root element '<row>' (known: <cell>, <footer>, <header>); a template holds one cell, header or footer"),
        (#"<cell><label txt="a"/></cell>"#, "T.xml:1:14: error: unknown attribute 'txt'; did you mean 'text'? (known: accessibilityHint, accessibilityIdentifier, accessibilityLabel, accessibilityTraits, accessibilityValue, alignSelf, alignment, background, borderColor, borderWidth, bottom, color, cornerRadius, font, grow, height, hidden, hidesWhenEmpty, id, isAccessibilityElement, left, lineHeight, lines, margin, maxHeight, maxWidth, minHeight, minWidth, position, right, shrink, text, top, transform, truncation, width) on <label>"),
        (#"<cell><label text="a" color="secondaryLable"/></cell>"#, "T.xml:1:7: error: color: unknown colour token 'secondaryLable'; did you mean 'secondaryLabel'?"),
        (#"<cell><label text="a" font="boddy"/></cell>"#, "T.xml:1:7: error: font: unknown font token 'boddy'; did you mean 'body'?"),
        (#"<cell><stack spacing="NaN"/></cell>"#, "T.xml:1:14: error: spacing=\"NaN\": expected a finite number ≥ 0"),
        (#"<cell><stack spacing="-3"/></cell>"#, "T.xml:1:14: error: spacing=\"-3\": expected a finite number ≥ 0"),
        (#"<cell><stack padding="inf"/></cell>"#, "T.xml:1:14: error: padding=\"inf\": expected 1 to 4 finite numbers ≥ 0 or margin (top right bottom left)"),
        (#"<cell><stack axis="diagonal"/></cell>"#, "T.xml:1:14: error: axis=\"diagonal\": unknown value 'diagonal' (known: horizontal, vertical)"),
        (#"<cell><label text="{title"/></cell>"#, "T.xml:1:14: error: text: unclosed '{' in binding"),
        ("<cell>Hello</cell>", "T.xml:1:7: error: text is not allowed inside <cell>; put it in an attribute, e.g. <label text=\"…\"/>"),
        ("<cell><label/><label/></cell>", "T.xml:1:15: error: <cell> holds one content view; wrap several in a <stack>"),
        ("<cell><label><box/></label></cell>", "T.xml:1:14: error: <label> cannot hold other views"),
        (#"<cell><label text="a" position="overlay"/></cell>"#, "T.xml:1:7: error: position=\"overlay\" places a view against its parent's edges, and the content view of a <cell> has no parent; put the overlay inside a <stack> or <box>"),
        (#"<cell><box><label text="a" position="overlay" top="1" bottom="2" height="3"/></box></cell>"#, "T.xml:1:12: error: an overlay takes two of height, top and bottom, not all three"),
        (#"<cell><box><label text="a" position="overlay" alignSelf="center"/></box></cell>"#, "T.xml:1:12: error: alignSelf places a child in its stack's flow; an overlay is placed by top, right, bottom and left"),
        (#"<cell><box><label text="a" position="overlay" top="-1e9"/></box></cell>"#, "T.xml:1:47: error: top=\"-1e9\": expected a finite number from -100000 to 100000 or auto"),
        (#"<cell><stack margin="4"/></cell>"#, "T.xml:1:7: error: margin keeps a view clear of its siblings in a stack, and the content view of a <cell> has none; use padding on it, or on the <cell>'s stack"),
        (#"<cell><box><label text="a" position="overlay" margin="4"/></box></cell>"#, "T.xml:1:12: error: margin places a child in its stack's flow; an overlay is placed by top, right, bottom and left"),
        (#"<cell><label text="a" width="50 %%"/></cell>"#, "T.xml:1:23: error: width=\"50 %%\": expected a finite number ≥ 0, a percentage from 0% to 1000%, or auto"),
        (#"<cell><box><label text="a"/><label text="b"/></box></cell>"#, "T.xml:1:29: error: <box> holds at most one child (and overlays); use a <stack> for several"),
        (#"<cell><image source="a.png" aspectRatio="0"/></cell>"#, "T.xml:1:7: error: aspectRatio=\"0\": expected a number > 0 (width ÷ height) or auto"),
        ("", "T.xml:1:1: error: malformed XML: Document is empty"),
    ])
    func refusesBadTemplates(xml: String, expected: String) {
        let message = error(xml) ?? "no error"
        #expect(message.hasPrefix(expected), "\(message)")
    }

    @Test func refusesEntitiesWithoutReadingAnything() {
        let billionLaughs = """
            <?xml version="1.0"?>
            <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
            <cell><label text="&lol2;"/></cell>
            """
        #expect(error(billionLaughs) == "T.xml:2:1: error: DOCTYPE and entity declarations are not allowed in templates")
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE cell [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <cell><label text="&xxe;"/></cell>
            """
        #expect(error(external) == "T.xml:2:1: error: DOCTYPE and entity declarations are not allowed in templates")
        let undeclared = #"<cell><label text="&xxe;"/></cell>"#
        #expect(error(undeclared)?.contains("malformed XML: Entity 'xxe' not defined") == true)
    }

    @Test func refusesDeepNestingAndHugeFiles() {
        let deep = "<cell>" + String(repeating: "<stack>", count: 60) + String(repeating: "</stack>", count: 60) + "</cell>"
        #expect(error(deep)?.contains("elements nested deeper than 48 levels") == true)
        let huge = "<cell><label text=\"" + String(repeating: "x", count: 2 << 20) + "\"/></cell>"
        #expect(error(huge) == "T.xml: error: XML file is larger than 1024 KiB")
    }

    @Test func bindingsResolveWithTypes() throws {
        let text = try AttributeText(parsing: "{{literal}} {user.name} has {count}")
        #expect(text.description == "{{literal}} {user.name} has {count}")
        #expect(text.resolve(["user": ["name": "Ada"], "count": 3]) == .string("{literal} Ada has 3"))
        #expect(text.resolve([:]) == .null)
        #expect(try AttributeText(parsing: "{on}").resolve(["on": true]) == .bool(true))
    }

    @Test func themeErrorsNameTheFileAndToken() {
        let bad = ##"<theme name="x"><color name="a" light="#12"/></theme>"##
        do {
            _ = try ThemeLoader.parse(file: "theme.xml", bytes: Array(bad.utf8), folder: "/tmp/x")
            Issue.record("no error")
        } catch {
            #expect(error.description == "theme.xml:1:33: error: light=\"#12\": expected #RRGGBB or #RRGGBBAA")
        }
        do {
            _ = try ThemeLoader.load("iso")
            Issue.record("no error")
        } catch {
            #expect(error.exitCode == 66)
            #expect(error.message.hasPrefix("unknown theme 'iso'"))
        }
    }

    @Test func referenceListsEveryAttribute() {
        let reference = Schema.reference()
        for kind in ViewKind.allCases {
            for spec in Schema.attributes(of: kind) { #expect(reference.contains("| `\(spec.name)` |")) }
        }
    }
}

@Suite struct DocumentationTests {
    /// docs/templates.md ends with the generated reference; it fails when the schema changed and
    /// the page did not (regenerate with `tablerender templates --reference`).
    @Test func templateReferenceIsCurrent() throws {
        let page = try String(contentsOfFile: Repository.path("docs/templates.md"), encoding: .utf8)
        #expect(page.hasSuffix(Schema.reference() + "\n"), "docs/templates.md is stale: run .build/debug/tablerender templates --reference and replace its table")
    }
}
