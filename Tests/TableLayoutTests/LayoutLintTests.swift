import Foundation
import Testing
import TableModel
import TableTemplates
import TableRender

/// The layout lint: each finding on a case made to trigger it, none on a clean case.
@Suite struct LayoutLintTests {
    /// A document of one row of `template` (a template's XML), with `files` beside it.
    static func lint(_ template: String, values: String = "{}", files: [String: [UInt8]] = [:], all: Bool = false,
                     xib: Bool = false, height: Double? = nil) throws -> [LintFinding] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try template.write(to: folder.appendingPathComponent(xib ? "Row.xib" : "Row.xml"), atomically: true, encoding: .utf8)
        for (name, bytes) in files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let fixed = height.map { #", "height": \#($0)"# } ?? ""
        try #"{"templates": ["."], "sections": [{"id": "s", "items": [{"id": "r", "template": "Row"\#(fixed), "values": \#(values)}]}]}"#
            .write(to: folder.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        let loaded = try LoadedDocument(path: folder.appendingPathComponent("doc.json").path)
        loaded.renderer.engine.allowsFontFallback = true
        var lint = LayoutLint()
        lint.includeDesignedTruncation = all
        return lint.findings(try loaded.layout(width: 390), document: loaded, variant: "w390", appearances: [.light, .dark])
    }

    static func kinds(_ findings: [LintFinding]) -> [LintFinding.Kind] { findings.map(\.kind) }

    @Test func aCleanRowHasNoFindings() throws {
        #expect(try Self.lint(#"<cell><stack padding="11 16"><label text="Wi-Fi" color="label"/></stack></cell>"#).isEmpty)
    }

    @Test func textCutByAOneLineLimit() throws {
        let found = try Self.lint(#"<cell><stack padding="11 16"><label id="title" text="{t}" lines="1"/></stack></cell>"#,
                                  values: #"{"t": "A title much too long to fit on one line of a phone's row, however it is set"}"#)
        #expect(Self.kinds(found) == [.truncated])
        #expect(found[0].view == "title" && found[0].path == "$.sections[0].items[0]" && found[0].message.contains("hides “"))
        // The value the label shows, by its JSON path.
        #expect(found[0].value == "$.sections[0].items[0].values.t")
    }

    /// A body clamped to three lines is by design: reported only with --all.
    @Test func aClampedBodyOnlyWithAll() throws {
        let template = #"<cell><stack padding="11 16"><label text="{t}" lines="3"/></stack></cell>"#
        let values = #"{"t": "\#(String(repeating: "A sentence of a long body. ", count: 20))"}"#
        #expect(try Self.lint(template, values: values).isEmpty)
        #expect(Self.kinds(try Self.lint(template, values: values, all: true)) == [.truncated])
    }

    @Test func aWordBrokenAcrossLines() throws {
        let found = try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><label text="Notifications" width="60" lines="0"/></stack></cell>"#)
        #expect(Self.kinds(found).contains(.brokenWord))
        // Japanese breaks between letters by design.
        let japanese = try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><label text="日本語のタイトルも正しく折り返されます" width="60" lines="0"/></stack></cell>"#)
        #expect(!Self.kinds(japanese).contains(.brokenWord))
    }

    /// A number broken between two digits is breakage too ("555-0123-456|7"), and a word broken
    /// over several lines is quoted whole, once, with all its breaks.
    @Test func aNumberBrokenMidDigitAndAWordOverSeveralLines() throws {
        let number = try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><label text="{n}" width="40" lines="0"/></stack></cell>"#,
                                   values: #"{"n": "4155550123"}"#)
        let broken = number.filter { $0.kind == .brokenWord }
        #expect(broken.count == 1 && broken[0].message.contains("the number “4155550123” is broken across lines (“"), "\(number.map(\.message))")
        #expect(broken.first.map { $0.message.components(separatedBy: "|").count >= 3 } == true, "every break shown: \(broken.map(\.message))")
        let word = try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><label text="Internationalization settings" width="50" lines="0"/></stack></cell>"#)
        let words = word.filter { $0.kind == .brokenWord }
        #expect(words.count == 2, "Internationalization and settings: \(words.map(\.message))")
        #expect(words.first?.message.contains("the word “Internationalization” is broken") == true, "\(words.map(\.message))")
        // A break after a hyphen is where a phone number may break.
        #expect(try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><label text="555-0123" width="44" lines="0"/></stack></cell>"#)
            .filter { $0.kind == .brokenWord }.isEmpty)
    }

    /// A row of fixed height cuts what its content needs: each label it cuts is named, with how
    /// much of it is lost (not a row a page break cuts: that one goes on on the next page).
    @Test func aFixedHeightRowCuttingItsSubtitle() throws {
        let template = #"<cell><stack padding="11 16" spacing="2"><label id="title" text="{t}"/><label id="subtitle" text="{s}" lines="0"/></stack></cell>"#
        let values = #"{"t": "Messages", "s": "Synced with iCloud on every device you own, and kept for thirty days after you delete them"}"#
        let cut = try Self.lint(template, values: values, height: 44)
        #expect(cut.map { "\($0.kind.rawValue) \($0.view)" } == ["clipped subtitle"], "\(cut.map(\.message))")
        #expect(cut.first?.message.contains("“Synced with iCloud") == true, "\(cut.map(\.message))")
        #expect(try Self.lint(template, values: values).isEmpty, "self-sized, nothing is cut")
        // The built-in subtitle cell centres its stack: at 44 pt, the title above the row and the
        // subtitle below it.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lint-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"sections": [{"items": [{"id": "r", "template": "subtitle", "height": 44, "values": \#(values.replacingOccurrences(of: "\"t\"", with: "\"title\"").replacingOccurrences(of: "\"s\"", with: "\"subtitle\""))}]}]}"#
            .write(to: folder.appendingPathComponent("doc.json"), atomically: true, encoding: .utf8)
        let loaded = try LoadedDocument(path: folder.appendingPathComponent("doc.json").path)
        let builtIn = LayoutLint().findings(try loaded.layout(width: 390, page: nil), document: loaded, variant: "w390.AX5", appearances: [.light])
            .filter { $0.kind == .clipped }
        #expect(builtIn.contains { $0.message.contains("“Synced with iCloud") && $0.message.contains("the row's fixed height of 44 pt cuts it") },
                "\(builtIn.map(\.message))")
    }

    /// A template's overlay (a badge) over text that is not its own: found where the text runs
    /// under it, not where the text ends before it.
    @Test func anOverlayBadgeOverText() throws {
        let template = #"<cell><stack padding="11 16"><label id="title" text="{t}" lines="0"/><label id="badge" text="NEW" position="overlay" top="8" right="16" background="label" color="systemBackground" font="caption1"/></stack></cell>"#
        let covered = try Self.lint(template, values: #"{"t": "A much longer title that runs under the badge on the right"}"#)
        #expect(covered.map { "\($0.kind.rawValue) \($0.view)" } == ["overlap badge"], "\(covered.map(\.message))")
        #expect(covered.first?.message.contains("covers") == true && covered.first?.message.contains("'title'") == true)
        #expect(try Self.lint(template, values: #"{"t": "Short"}"#).isEmpty)
    }

    @Test func textTallerThanItsFrame() throws {
        let found = try Self.lint(#"<cell><stack padding="11 16"><label text="Two&#10;lines" height="12"/></stack></cell>"#)
        #expect(Self.kinds(found).contains(.clipped))
    }

    @Test func aViewOutOfItsRow() throws {
        let found = try Self.lint(#"<cell><stack padding="11 16" axis="horizontal"><box width="300" height="10"/><box width="200" height="10" shrink="0"/></stack></cell>"#)
        #expect(Self.kinds(found) == [.outsideRow])
    }

    @Test func viewsOverEachOther() throws {
        let xib = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0"><objects>
        <tableViewCell contentMode="scaleToFill" id="cell"><rect key="frame" x="0" y="0" width="390" height="44"/>
        <tableViewCellContentView key="contentView" id="content"><rect key="frame" x="0" y="0" width="390" height="44"/>
        <subviews>
          <view contentMode="scaleToFill" id="a"><rect key="frame" x="16" y="4" width="100" height="30"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/></view>
          <view contentMode="scaleToFill" id="b"><rect key="frame" x="80" y="4" width="100" height="30"/><autoresizingMask key="autoresizingMask" flexibleMaxX="YES"/></view>
        </subviews>
        </tableViewCellContentView></tableViewCell></objects></document>
        """
        let found = try Self.lint(xib, xib: true)
        #expect(Self.kinds(found) == [.overlap] && found[0].view == "a" && found[0].message.contains("overlaps b by 36 × 30 pt"))
    }

    @Test func aCharacterNoFontHas() throws {
        let found = try Self.lint(#"<cell><stack padding="11 16"><label text="{t}"/></stack></cell>"#, values: #"{"t": "Private \uF8FF use"}"#)
        #expect(Self.kinds(found) == [.missingGlyph] && found[0].message.contains("U+F8FF"))
    }

    @Test func lowContrast() throws {
        // #777777 on white is 4.48:1, just below AA for body text; at 18 pt it is large text (3:1).
        let found = try Self.lint(##"<cell><stack padding="11 16"><label text="Grey" color="#777777" font="Inter 15"/></stack></cell>"##)
        #expect(Self.kinds(found) == [.contrast] && found[0].message.contains("4.48:1 in light"))
        #expect(try Self.lint(##"<cell><stack padding="11 16"><label text="Grey" color="#777777" font="Inter 18"/></stack></cell>"##).isEmpty)
    }

    @Test func anImageDrawnLargerThanItsPixels() throws {
        let png = Self.png(width: 10, height: 10)
        let found = try Self.lint(#"<cell><stack padding="11 16"><image source="dot.png" width="40" height="40"/></stack></cell>"#, files: ["dot.png": png])
        #expect(Self.kinds(found) == [.upscaledImage] && found[0].message.contains("8.0× its pixels"))
        #expect(try Self.lint(#"<cell><stack padding="11 16"><image source="dot.png" width="5" height="5"/></stack></cell>"#, files: ["dot.png": png]).isEmpty)
    }

    static func png(width: Int, height: Int) -> [UInt8] {
        func chunk(_ kind: String, _ data: [UInt8]) -> [UInt8] {
            let body = Array(kind.utf8) + data
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in body { crc ^= UInt32(byte); for _ in 0..<8 { crc = (crc >> 1) ^ (0xEDB8_8320 & (0 &- (crc & 1))) } }
            return withUnsafeBytes(of: UInt32(data.count).bigEndian, Array.init) + body + withUnsafeBytes(of: (~crc).bigEndian, Array.init)
        }
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + Array(repeating: [200, 40, 40], count: width).flatMap { $0 } }
        // A stored (uncompressed) zlib stream.
        var zlib: [UInt8] = [0x78, 0x01, 0x01] + withUnsafeBytes(of: UInt16(raw.count).littleEndian, Array.init) + withUnsafeBytes(of: (~UInt16(raw.count)).littleEndian, Array.init) + raw
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        zlib += withUnsafeBytes(of: ((b << 16) | a).bigEndian, Array.init)
        let header = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(height).bigEndian, Array.init) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }
}
