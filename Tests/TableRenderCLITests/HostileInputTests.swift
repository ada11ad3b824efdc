import Foundation
import TableRenderCLI
import TestSupport
import Testing

/// Documents made by an attacker or an unlucky user: nothing is written outside the output
/// folder, a failed run leaves nothing behind and overwrites nothing, and every cost is bounded.
@Suite(.serialized) struct HostileInputTests {
    static let row = #"<cell><stack><label text="{title}"/></stack></cell>"#

    /// Every file under `folder`, relative.
    static func files(_ folder: String) -> Set<String> {
        Set((FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? [])
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = Date()
        body()
        return Date().timeIntervalSince(start)
    }

    // MARK: 1. Writing outside --out

    @Test(arguments: ["x/../../../pwned_state", "a/b", "..", "bad\\name", ""])
    func stateNamesThatWouldLeaveTheFolderAreRefused(name: String) {
        let escaped = name.replacingOccurrences(of: "\\", with: "\\\\")
        let document = #"{"sections": [{"id": "s", "items": [{"id": "a", "values": {"title": "A"}}], "states": {"one": ["a"], "\#(escaped)": []}}]}"#
        let folder = Repository.folder(with: ["doc/doc.json": document])
        // The folders an escape would need are there.
        try? FileManager.default.createDirectory(atPath: folder + "/out/doc/doc.s.x", withIntermediateDirectories: true)
        let before = Self.files(folder)
        let run = Run(["render", folder + "/doc/doc.json", "--format", "png", "--out", folder + "/out"])
        #expect(run.code == 65, "\(run.err)")
        #expect(run.err.contains("doc.json:1:"), "\(run.err)")
        #expect(run.err.contains("at $.sections[0].states."), "\(run.err)")
        #expect(Self.files(folder) == before)
        #expect(Run(["check", folder + "/doc/doc.json"]).code == 65)
    }

    @Test func sectionIDsOfSectionsWithStatesAreFileNameParts() {
        let document = #"{"sections": [{"id": "../up", "items": [{"id": "a"}], "states": {"one": ["a"]}}]}"#
        let folder = Repository.folder(with: ["doc.json": document])
        let run = Run(["render", folder + "/doc.json", "--out", folder + "/out"])
        #expect(run.code == 65)
        #expect(run.err.contains("at $.sections[0].id: section id '../up' of a section with states cannot hold '/'"), "\(run.err)")
    }

    @Test func aDocumentNamedDotDotIsRefused() {
        let folder = Repository.folder(with: ["...json": #"{"sections": []}"#])
        let run = Run(["render", folder + "/...json", "--out", folder + "/out/deeper"])
        #expect(run.code == 65, "\(run.err)")
        #expect(run.err.contains("names its output folder"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    // MARK: 2. A full disk

    /// The command with a file size limit (as a full disk refuses writes): exit 1, the message
    /// names the PDF and the reason, and the old PDF stays as it was.
    @Test func aFailedWriteExits1NamingTheFileAndKeepsTheOldOne() throws {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tablerender").path
        try #require(FileManager.default.isExecutableFile(atPath: executable))
        let folder = Repository.temporaryFolder()
        let catalogue = Repository.path("Examples/catalogue/catalogue.json")
        #expect(Run(["render", catalogue, "--format", "pdf", "--out", folder]).code == 0)
        let old = try Data(contentsOf: URL(fileURLWithPath: folder + "/catalogue/catalogue.pdf"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -f 40; exec \"$0\" render \"$1\" --format pdf,png --out \"$2\"", executable, catalogue, folder]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = Pipe()
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus): \(message)")
        #expect(message.hasPrefix(folder + "/catalogue/catalogue"), "\(message)")
        #expect(message.contains(": error: cannot write the file: File too large"), "\(message)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/catalogue/catalogue.pdf")) == old)
        #expect(Self.files(folder).filter { $0.contains("/.") } == [], "temporaries left: \(Self.files(folder))")
    }

    // MARK: 3. Did you mean, for long names

    @Test func suggestionsForHugeNamesCostNothing() {
        let long = String(repeating: "x", count: 20_000)
        let document = #"{"templates": ["t"], "sections": [{"items": [{"template": "\#(long)", "values": {"\#(long)y": 1}}]}]}"#
        let folder = Repository.folder(with: ["doc.json": document, "t/Row.xml": Self.row])
        var run: Run?
        let time = Self.seconds { run = Run(["check", folder + "/doc.json"]) }
        #expect(time < 2, "\(time) s")
        #expect(run?.code == 65)
        #expect((run?.err.count ?? 0) < 2_000, "the message quotes the name shortened")
    }

    // MARK: 4. Decompression bombs

    static func png(width: Int, height: Int) -> [UInt8] {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let tagged = Array(type.utf8) + body
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in tagged {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            crc ^= 0xFFFF_FFFF
            return withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + tagged + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let header = withUnsafeBytes(of: UInt32(width).bigEndian, Array.init) + withUnsafeBytes(of: UInt32(height).bigEndian, Array.init) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", [])
    }

    static func jpeg(width: Int, height: Int) -> [UInt8] {
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0,
         0xFF, 0xC0, 0x00, 0x11, 0x08, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
         0x03, 0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01, 0xFF, 0xD9]
    }

    static func svgFanOut(levels: Int) -> String {
        var parts = [#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="40" height="40"><defs><rect id="l0" width="1" height="1"/>"#]
        for level in 1...levels { parts.append(#"<g id="l\#(level)">"# + String(repeating: ##"<use xlink:href="#l\##(level - 1)"/>"##, count: 10) + "</g>") }
        parts.append(##"</defs><use xlink:href="#l\##(levels)"/></svg>"##)
        return parts.joined()
    }

    @Test(arguments: [("bomb.png", "is 16000 × 16000 pixels"), ("bomb.jpg", "is 30000 × 30000 pixels"), ("fan.svg", "elements once its <use> references are followed"),
                      ("fifo.svg", "the image is a FIFO"), ("empty.png", "not a readable PNG image")])
    func hostileImagesAreRefusedByCheckAndRenderInBoundedTime(name: String, message: String) throws {
        let template = #"<cell><image source="{icon}" width="40" height="40"/></cell>"#
        let document = #"{"templates": ["t"], "assets": "assets", "sections": [{"items": [{"template": "Row", "values": {"icon": "\#(name)"}}]}]}"#
        let folder = Repository.folder(with: ["doc.json": document, "t/Row.xml": template, "assets/fan.svg": Self.svgFanOut(levels: 9)])
        _ = FileManager.default.createFile(atPath: folder + "/assets/bomb.png", contents: Data(Self.png(width: 16_000, height: 16_000)))
        _ = FileManager.default.createFile(atPath: folder + "/assets/bomb.jpg", contents: Data(Self.jpeg(width: 30_000, height: 30_000)))
        _ = FileManager.default.createFile(atPath: folder + "/assets/empty.png", contents: Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        mkfifo(folder + "/assets/fifo.svg", 0o644)
        for arguments in [["check", folder + "/doc.json"], ["render", folder + "/doc.json", "--format", "png,pdf,html", "--out", folder + "/out"]] {
            var run: Run?
            let time = Self.seconds { run = Run(arguments) }
            #expect(time < 3, "\(arguments[0]) \(name): \(time) s")
            #expect(run?.code == 65, "\(arguments[0]) \(name): \(run?.err ?? "")")
            #expect(run?.err.contains("image '\(name)': ") == true && run?.err.contains(message) == true, "\(run?.err ?? "")")
        }
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    // MARK: 5, 6. Quadratic parsing and wrapping

    @Test func manySpacersOnOneLineAndAnUnbreakableWordAreLinear() {
        let spacers = "<cell><stack>" + String(repeating: "<spacer/>", count: 4_000) + "<label text=\"{title}\"/></stack></cell>"
        let word = String(repeating: "abcdefghij", count: 4_000)
        let folder = Repository.folder(with: ["doc.json": #"{"templates": ["t"], "sections": [{"items": [{"values": {"title": "\#(word)"}}]}]}"#,
                                              "t/Row.xml": spacers])
        var run: Run?
        let time = Self.seconds { run = Run(["render", folder + "/doc.json", "--format", "pdf,html", "--out", folder + "/out"]) }
        #expect(run?.code == 0, "\(run?.err ?? "")")
        // A guard against the quadratic cases (minutes), not a speed measure: a debug build takes
        // about 4 s alone and 5.6 s beside the rest of the suite on two cores.
        #expect(time < 15, "\(time) s")
    }

    @Test func aBadTemplateThatNoItemUsesStopsNothing() {
        let folder = Repository.folder(with: ["doc.json": #"{"templates": ["t"], "sections": [{"items": [{"values": {"title": "x"}}]}]}"#,
                                              "t/Broken.xml": "<cell><stack></cell>"])
        #expect(Run(["render", folder + "/doc.json", "--out", folder + "/out"]).code == 0)
    }

    // MARK: 8. Confinement

    @Test(arguments: [("theme", #""theme": "/etc""#, "theme: absolute path '/etc' is not allowed"),
                      ("theme up", #""theme": "../../../../etc""#, "theme: path '../../../../etc' leaves the document's folder"),
                      ("link host", #""sections": [{"items": [{"link": "//evil.example/x"}]}], "x": 1"#, "names another host"),
                      ("link backslash", #""sections": [{"items": [{"link": "\\\\evil.example\\x"}]}], "x": 1"#, "backslashes are not allowed in links")])
    func pathsAndLinksThatLeaveAreRefused(name: String, fragment: String, message: String) {
        let json = fragment.hasSuffix("\"x\": 1") ? "{" + fragment.replacingOccurrences(of: ", \"x\": 1", with: "") + "}" : "{" + fragment + #", "sections": []}"#
        let folder = Repository.folder(with: ["doc/doc.json": json])
        let run = Run(["render", folder + "/doc/doc.json", "--out", folder + "/out"])
        #expect(run.code == 65, "\(name): \(run.err)")
        #expect(run.err.contains(message), "\(name): \(run.err)")
    }

    @Test func aThemeExtendsByNameNotByPath() {
        let folder = Repository.folder(with: ["doc.json": #"{"theme": "./mine", "sections": []}"#,
                                              "mine/theme.xml": #"<theme name="mine" extends="../../../etc"/>"#])
        let run = Run(["render", folder + "/doc.json", "--out", folder + "/out"])
        #expect(run.code == 65)
        #expect(run.err.contains("expected the name of a theme"), "\(run.err)")
        // A copied theme extends the installed one by name.
        let copy = Repository.folder(with: ["doc.json": #"{"theme": "./mine", "sections": []}"#,
                                            "mine/theme.xml": #"<theme name="mine" extends="ios"/>"#])
        let fine = Run(["render", copy + "/doc.json", "--out", copy + "/out"])
        #expect(fine.code == 0, "\(fine.err)")
    }

    @Test func aTemplateThatIsALinkOutOfItsFolderIsRefused() throws {
        let folder = Repository.folder(with: ["doc.json": #"{"templates": ["t"], "sections": [{"items": [{"template": "Secret", "values": {}}]}]}"#,
                                              "outside/Secret.xml": Self.row])
        try FileManager.default.createDirectory(atPath: folder + "/t", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/t/Secret.xml", withDestinationPath: folder + "/outside/Secret.xml")
        let run = Run(["render", folder + "/doc.json", "--out", folder + "/out"])
        #expect(run.code == 65, "\(run.err)")
        #expect(run.err.contains("is a link that leads out of the template folder"), "\(run.err)")
    }

    // MARK: 9. All or nothing

    @Test func whenOneOutputCannotBeWrittenNoneReplacesItsOldFile() throws {
        let folder = Repository.temporaryFolder()
        let settings = Repository.path("Examples/settings/settings.json")
        #expect(Run(["render", settings, "--format", "png", "--out", folder]).code == 0)
        let png = folder + "/settings/settings@2x.png"
        let old = try Data(contentsOf: URL(fileURLWithPath: png))
        try FileManager.default.createDirectory(atPath: folder + "/settings/settings.pdf", withIntermediateDirectories: true)
        let run = Run(["render", settings, "--format", "png,pdf", "--scale", "1", "--out", folder])
        #expect(run.code == 1)
        #expect(run.err.contains("settings.pdf: error: cannot write the file: a folder is in its place"), "\(run.err)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: png)) == old)
        #expect(!FileManager.default.fileExists(atPath: folder + "/settings/settings.png"))
        #expect(Self.files(folder + "/settings").filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func temporariesOfDeadRunsAreCleanedAndFailedRunsLeaveNoFolder() throws {
        let folder = Repository.temporaryFolder()
        try FileManager.default.createDirectory(atPath: folder + "/settings", withIntermediateDirectories: true)
        for name in [".settings.pdf.999999.tmp", ".tablerender-page-999998-12-0.png.tmp"] {
            _ = FileManager.default.createFile(atPath: folder + "/settings/" + name, contents: Data([1]))
        }
        _ = FileManager.default.createFile(atPath: folder + "/settings/.keep.tmp", contents: Data([1]))
        #expect(Run(["render", Repository.path("Examples/settings/settings.json"), "--format", "pdf", "--out", folder]).code == 0)
        #expect(Self.files(folder + "/settings").sorted() == [".keep.tmp", "settings.pdf"])
        let bad = Repository.folder(with: ["doc.json": #"{"sections": [{"items": [{"template": "nope"}]}]}"#])
        #expect(Run(["render", bad + "/doc.json", "--out", bad + "/new/out"]).code == 65)
        #expect(!FileManager.default.fileExists(atPath: bad + "/new"))
    }

    // MARK: 10, 11. check finds what render refuses; messages say where

    @Test func checkBindsEveryState() {
        let document = #"{"sections": [{"id": "s", "items": [{"id": "a", "values": {"title": "A"}}, {"id": "b", "template": "nope"}], "states": {"one": ["a"], "two": ["a", "b"]}}]}"#
        let folder = Repository.folder(with: ["doc.json": document])
        let run = Run(["check", folder + "/doc.json"])
        #expect(run.code == 65, "\(run.err)")
        #expect(run.err.contains("unknown template 'nope'"), "\(run.err)")
    }

    @Test func utf16FilesAreNamedAsSuch() throws {
        let folder = Repository.temporaryFolder()
        let json = #"{"sections": []}"#
        _ = FileManager.default.createFile(atPath: folder + "/doc.json", contents: Data([0xFF, 0xFE]) + json.data(using: .utf16LittleEndian)!)
        let run = Run(["check", folder + "/doc.json"])
        #expect(run.code == 65)
        #expect(run.err.contains("the file is UTF-16 or UTF-32; save it as UTF-8"), "\(run.err)")
    }

    /// A page taller than a PNG can be (Cairo's 32,767 pixels a side) is cut into PNG pages
    /// between rows, each within the limit; `check` says so beforehand.
    @Test func aPageTooTallForAPNGIsCutIntoPages() throws {
        let rows = (0..<1_800).map { #"{"values": {"title": "Row \#($0)"}}"# }.joined(separator: ", ")
        let folder = Repository.folder(with: ["doc.json": #"{"sections": [{"items": [\#(rows)]}]}"#])
        let run = Run(["render", folder + "/doc.json", "--format", "png", "--scale", "1", "--out", folder + "/out"])
        #expect(run.code == 0, "\(run.err)")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder + "/out/doc").sorted()
        #expect(files == ["doc-1.png", "doc-2.png", "doc-3.png"], "\(files)")
        var total = 0
        for file in files {
            let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/out/doc/" + file)))
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(height <= 32_767, "\(file) is \(height) pixels tall")
            total += height
        }
        #expect(total >= 1_800 * 44, "\(total) pixels for 1,800 rows of 44 pt")
        let check = Run(["check", folder + "/doc.json"])
        #expect(check.err.contains("more than a PNG can hold (Cairo's limit: 32767 pixels a side)"), "\(check.err)")
    }

    @Test func statesAndWidthMistakesAreUsageErrors() {
        let states = Repository.path("Examples/states/states.json")
        let folder = Repository.temporaryFolder()
        #expect(Run(["render", states, "--states", "nosuch=x", "--out", folder]).code == 64)
        #expect(Run(["render", states, "--states", "garbage", "--out", folder]).code == 64)
    }
}

/// A long document costs time in proportion to its rows, and memory of a window of rows: the
/// command checks and renders 100,000 rows (a million in `Benchmarks/million.sh`) in bounded
/// memory, measured as the process's peak.
@Suite(.serialized) struct LongDocumentTests {
    @Test func aHundredThousandRowsAreCheckedAndRenderedInBoundedMemory() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Measured.command))
        let items = (0..<100_000).map { #"{"values":{"title":"Row \#($0)"}}"# }.joined(separator: ",")
        let folder = Repository.folder(with: ["long.json": #"{"sections":[{"items":[\#(items)]}]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for arguments in [["check", folder + "/long.json"], ["render", folder + "/long.json", "--format", "html", "--out", folder + "/out"],
                          ["render", folder + "/long.json", "--format", "pdf", "--page", "a4", "--out", folder + "/out"]] {
            let outcome = Measured.run(Measured.command, arguments)
            #expect(outcome.status == 0, "\(arguments[0])")
            // Bounds against a hang or a blow-up, not a speed measure (Benchmarks/ measures): a
            // debug build writes the HTML page of these rows in about 50 s alone and 70 s beside
            // the rest of the suite on two cores; a release build checks a million rows in about
            // 15 s and 280 MB.
            #expect(outcome.seconds < 150, "\(arguments.prefix(4)): \(outcome.seconds) s")
            #expect(outcome.peakMegabytes < 150, "\(arguments.prefix(4)): \(outcome.peakMegabytes) MB")
        }
    }
}
