import Foundation
import TableTemplates
import TableText
import TestSupport
import Testing

/// An app's own font files, loaded into the process's fonts (`AppFonts`). The oracle: a copy of
/// an installed font under a name no machine has must set text exactly as the installed original.
@Suite(.serialized) struct AppFontsTests {
    static let sample = "Hamburgefonstiv 0123 — Wq"

    @Test func anAppsFontFileSetsTextAsTheSameFontInstalled() throws {
        let folder = Repository.temporaryFolder()
        let file = folder + "/TestSerif-Bold.ttf"
        try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: file, family: "Tablerender Files Serif", style: "Bold",
                              postScriptName: "TablerenderFilesSerif-Bold")
        let engine = TextEngine()
        let own = FontSpec(family: "Tablerender Files Serif", size: 19, weight: 700, lineHeight: 24)
        let installed = FontSpec(family: "DejaVu Serif", size: 19, weight: 700, lineHeight: 24)
        // Not a family fontconfig has before the file is loaded.
        #expect(engine.installedFamily(of: own) != "Tablerender Files Serif")
        let faces = try AppFonts.load(file)
        #expect(faces == [AppFont(file: file, family: "Tablerender Files Serif", postScriptName: "TablerenderFilesSerif-Bold", weight: 700, italic: false)])
        #expect(AppFonts.face(postScriptName: "TablerenderFilesSerif-Bold") == faces.first)
        #expect(engine.installedFamily(of: own) == "Tablerender Files Serif")
        for width in [nil, 120.0, 61] {
            let got = engine.measure(Self.sample, style: TextStyle(font: own), width: width)
            let expected = engine.measure(Self.sample, style: TextStyle(font: installed), width: width)
            #expect(got == expected, "at \(String(describing: width))")
        }
        #expect(engine.naturalLineHeight(of: own) == engine.naturalLineHeight(of: installed))
        // And not what the stand-in would give.
        let inter = engine.measure(Self.sample, style: TextStyle(font: FontSpec(family: "Inter", size: 19, weight: 700, lineHeight: 24)), width: nil)
        #expect(inter.width != engine.measure(Self.sample, style: TextStyle(font: own), width: nil).width)
        // Loading it again is the same faces, once.
        #expect(try AppFonts.load(file) == faces)
    }

    /// Pango makes its fonts anew when an app's font is loaded; an engine that measured before
    /// (a gallery's, while another entry's template loads its font) holds fonts of before. What
    /// it lays out after must be what an engine made after lays out: found by CI, where Pango's
    /// layouts of letter-spaced text had every space in an item of its own, 0.41 pt wider.
    @Test func anEngineMadeBeforeAnAppsFontIsLoadedLaysOutAsOneMadeAfter() throws {
        let spaced = WordWrapTests.system(28, weight: 700, lineHeight: 34)
        let plain = FontSpec(family: "Inter", size: 17, lineHeight: 22)
        // Letter-spaced paragraphs, and spaces between Arabic words Pango sets in a fallback font.
        let paragraphs = WordWrapTests.paragraphs(40)
        let mixed = (0..<12).map { "row \($0) مرحبا بالعالم and سلام عليكم again \($0)" }
        func layouts(_ engine: TextEngine, _ texts: ArraySlice<String>, _ mixedTexts: ArraySlice<String>) -> [ShapedText] {
            texts.map { engine.shape($0, style: TextStyle(font: spaced), width: 343) } + mixedTexts.map { engine.shape($0, style: TextStyle(font: plain), width: 200) }
        }
        let before = TextEngine()
        before.usesWords = false
        _ = layouts(before, paragraphs[..<20], mixed[..<6])
        let file = Repository.temporaryFolder() + "/Before-Bold.ttf"
        try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: file, family: "Tablerender Before Serif", style: "Bold", postScriptName: "TablerenderBeforeSerif-Bold")
        _ = try AppFonts.load(file)
        let after = TextEngine()
        after.usesWords = false
        // Paragraphs the first engine has not laid out before (its results are kept).
        let got = layouts(before, paragraphs[20...], mixed[6...]), expected = layouts(after, paragraphs[20...], mixed[6...])
        #expect(got.count == expected.count)
        for (got, expected) in zip(got, expected) {
            #expect(got == expected, "'\(got.text)': \(got.size) runs \(got.lines.map(\.runs.count)), expected \(expected.size) runs \(expected.lines.map(\.runs.count))")
        }
    }

    @Test func theSameFontAtAnotherPathTakesThePlaceOfTheFirst() throws {
        // A gallery or a preview that reads an app whose font file moved (or two copies of one
        // font): fontconfig must not give the first file, which is gone.
        let first = Repository.temporaryFolder() + "/Moved-Bold.ttf", second = Repository.temporaryFolder() + "/Moved-Bold.ttf"
        for file in [first, second] {
            try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: file, family: "Tablerender Moved Serif", style: "Bold", postScriptName: "TablerenderMovedSerif-Bold")
        }
        let engine = TextEngine()
        let style = TextStyle(font: FontSpec(family: "Tablerender Moved Serif", size: 17, weight: 700, lineHeight: 22))
        _ = try AppFonts.load(first)
        let before = engine.shape(Self.sample, style: style, width: nil)
        try FileManager.default.removeItem(atPath: first)
        _ = try AppFonts.load(second)
        #expect(AppFonts.faces(family: "Tablerender Moved Serif").map(\.file) == [second])
        #expect(AppFonts.face(postScriptName: "TablerenderMovedSerif-Bold")?.file == second)
        let after = TextEngine().shape(Self.sample, style: style, width: nil)
        #expect(after.missingCharacters.isEmpty && after.size == before.size)
        // Drawn from the second file: the face the glyphs carry names it.
        let runs = after.lines.flatMap(\.runs)
        #expect(!runs.isEmpty && runs.allSatisfy { FontRegistry.face($0.font).pattern.contains(second) }, "\(runs.map { FontRegistry.face($0.font).pattern })")
    }

    @Test func whatIsNotAFontFileIsRefusedBeforeFontconfigReadsIt() throws {
        let folder = Repository.temporaryFolder()
        // A Git LFS pointer where the font should be.
        let pointer = folder + "/Pointer.ttf"
        try "version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n".write(toFile: pointer, atomically: true, encoding: .utf8)
        #expect(throws: AppFonts.Failure(message: "'Pointer.ttf' is not a TrueType or OpenType font file (it starts with 76 65 72 73)")) {
            try AppFonts.load(pointer)
        }
        // A font's tag with nothing after it: fontconfig cannot read it.
        let truncated = folder + "/Truncated.otf"
        #expect(FileManager.default.createFile(atPath: truncated, contents: Data("OTTO".utf8 + [0, 9, 0, 0])))
        #expect(throws: AppFonts.Failure(message: "'Truncated.otf' is not a font file fontconfig can read")) { try AppFonts.load(truncated) }
        // Larger than 32 MiB (a sparse file: nothing is read past its first bytes).
        let huge = folder + "/Huge.ttf"
        #expect(FileManager.default.createFile(atPath: huge, contents: Data([0, 1, 0, 0])))
        #expect(truncate(huge, off_t(AppFonts.maximumFileSize + 1)) == 0)
        #expect(throws: AppFonts.Failure(message: "the font file 'Huge.ttf' is larger than 32 MiB (33554433 bytes)")) { try AppFonts.load(huge) }
        // A link is not followed, a folder is not a file.
        let link = folder + "/Link.ttf"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: TestFonts.dejaVuSerifBold)
        #expect(throws: AppFonts.Failure.self) { try AppFonts.load(link) }
        try FileManager.default.createDirectory(atPath: folder + "/Folder.ttf", withIntermediateDirectories: true)
        #expect(throws: AppFonts.Failure(message: "the font file 'Folder.ttf' is not a regular file")) { try AppFonts.load(folder + "/Folder.ttf") }
    }

    @Test func customFontsAreReadInBothFormsIBWrites() throws {
        // `array` (Xcode 8 and later), `mutableArray` (Xcode 6 and 7), a file of two faces.
        let xib = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="22155" targetRuntime="iOS.CocoaTouch" useAutolayout="YES">
                <customFonts key="customFonts">
                    <array key="Brand-Bold.ttf"><string>Brand-Bold</string></array>
                    <mutableArray key="Brand.ttc"><string>Brand-Light</string><string>Brand-Heavy</string></mutableArray>
                </customFonts>
                <objects>
                    <view contentMode="scaleToFill" id="v0"><rect key="frame" x="0.0" y="0.0" width="320" height="44"/></view>
                </objects>
            </document>
            """
        let document = try IBReader.read(file: "Fonts.xib", bytes: Array(xib.utf8))
        #expect(document.customFonts == ["Brand-Bold.ttf": ["Brand-Bold"], "Brand.ttc": ["Brand-Light", "Brand-Heavy"]])
        #expect(document.fontFiles.isEmpty, "found by the library, not the reader")
    }

    @Test func fontFilesAreFoundByNameBelowTheFoldersAndNotThroughLinks() throws {
        let app = Repository.temporaryFolder()
        for folder in ["Resources/Fonts", "Pods/Brand/Fonts", ".git/fonts", "build/fonts"] {
            try FileManager.default.createDirectory(atPath: app + "/" + folder, withIntermediateDirectories: true)
        }
        for path in ["Resources/Fonts/Brand-Bold.ttf", "Pods/Brand/Fonts/Brand-Italic.otf", ".git/fonts/Hidden.ttf", "build/fonts/Built.ttf"] {
            #expect(FileManager.default.createFile(atPath: app + "/" + path, contents: Data([0, 1, 0, 0])))
        }
        try FileManager.default.createSymbolicLink(atPath: app + "/Resources/Linked.ttf", withDestinationPath: TestFonts.dejaVuSerifBold)
        let found = FontFiles.find(["Brand-Bold.ttf", "Brand-Italic.otf", "Hidden.ttf", "Built.ttf", "Linked.ttf", "../Brand-Bold.ttf", "Fonts/Brand-Bold.ttf"], in: [app])
        let real = try #require(realpath(app, nil).map { String(cString: $0) })
        #expect(found == ["Brand-Bold.ttf": real + "/Resources/Fonts/Brand-Bold.ttf", "Brand-Italic.otf": real + "/Pods/Brand/Fonts/Brand-Italic.otf"])
    }
}
