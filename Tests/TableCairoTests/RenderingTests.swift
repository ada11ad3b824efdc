import Foundation
import TableCairo
import TableRender
import TestSupport
import Testing

@Suite struct RenderingTests {
    static let examples = ["settings/settings.json", "feed/feed.json", "headers/headers.json"]

    /// Golden PNGs of the examples at @2x, light and dark. Output is deterministic on a machine
    /// kind, so the comparison is exact; re-record with TABLERENDER_RECORD=1 after a deliberate change.
    @Test(arguments: examples)
    func examplePNGsMatchGoldenImages(example: String) throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/" + example))
        let laidOut = try loaded.layout()
        for appearance in Appearance.allCases {
            let images = try loaded.renderer.png(laidOut, appearance: appearance, scale: 2)
            #expect(images.count == 1)
            let name = LoadedDocument.fileName(document: loaded.document.name, format: .png, appearance: appearance, scale: 2, page: 1, pageCount: 1)
            #expect(Golden.check(images[0], name) == nil)
        }
    }

    @Test func catalogueFirstPageMatchesGoldenImage() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json"))
        let laidOut = try loaded.layout()
        let pages = try loaded.renderer.png(laidOut, appearance: .light, scale: 1)
        #expect(pages.count == laidOut.pages.count)
        #expect(Golden.check(pages[0], "catalogue-01.png") == nil)
    }

    /// An overlay is drawn over its siblings, as a browser paints a positioned box after the
    /// others, even when it comes first in the template.
    @Test func overlaysAreDrawnOverTheirSiblings() throws {
        let template = ##"<cell><box hidesWhenEmpty="false"><spacer position="overlay" top="0" left="0" width="10" height="10" background="#FF0000"/><spacer width="40" height="40" background="#0000FF"/></box></cell>"##
        let folder = Repository.folder(with: ["t/Badge.xml": template,
                                              "doc.json": #"{"style": "plain", "templates": ["t"], "sections": [{"items": [{"template": "Badge"}]}]}"#])
        let loaded = try LoadedDocument(path: folder + "/doc.json")
        let laidOut = try loaded.layout()
        let row = try #require(laidOut.pages[0].blocks.first { $0.kind == .row })
        let image = try ARGBImage(png: try loaded.renderer.png(laidOut, scale: 1)[0], name: "badge.png")
        func pixel(_ x: Double, _ y: Double) -> UInt32 { image.words[Int(row.frame.y + y) * image.width + Int(row.frame.x + x)] & 0xFFFFFF }
        #expect(pixel(5, 5) == 0xFF0000, "the overlay is under its sibling")
        #expect(pixel(20, 20) == 0x0000FF)
    }

    @Test func pngHasTheScaledSize() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/settings/settings.json"))
        let laidOut = try loaded.layout()
        for scale in [1.0, 2, 3] {
            let png = try loaded.renderer.png(laidOut, scale: scale)[0]
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width == Int(390 * scale))
            #expect(height == Int((laidOut.contentHeight * scale).rounded(.up)))
        }
    }

    @Test func pdfIsDeterministicSearchableAndStructured() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/settings/settings.json"))
        let laidOut = try loaded.layout()
        let folder = Repository.temporaryFolder()
        try loaded.renderer.pdf(laidOut, to: folder + "/a.pdf")
        try loaded.renderer.pdf(laidOut, to: folder + "/b.pdf")
        let a = try Data(contentsOf: URL(fileURLWithPath: folder + "/a.pdf")), b = try Data(contentsOf: URL(fileURLWithPath: folder + "/b.pdf"))
        #expect(a == b)
        let text = String(decoding: a, as: UTF8.self)
        #expect(text.contains("/Title (Account)"))
        #expect(text.contains("/Title (other)"))
        #expect(text.contains("/URI (https://example.com/share)"))
        #expect(!text.contains("/CreationDate"))
        #expect(text.contains("/FontFile"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["a.pdf", "b.pdf"])
    }

    @Test func paginatedPDFHasOnePagePerLaidOutPage() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json"))
        let laidOut = try loaded.layout()
        let path = Repository.temporaryFolder() + "/catalogue.pdf"
        try loaded.renderer.pdf(laidOut, to: path)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.components(separatedBy: "<< /Type /Page %").count - 1 == laidOut.pages.count)
        #expect(text.contains("/MediaBox [ 0 0 595.28 841.89 ]"))
    }

    /// `png` and `pdf` are symmetric: each gives the bytes and each writes files, the same bytes
    /// either way; several pages are numbered files beside the path given, leaving no temporary.
    @Test func pngAndPDFBothGiveBytesAndBothWriteFiles() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json"))
        let laidOut = try loaded.layout()
        let folder = Repository.temporaryFolder()
        try loaded.renderer.pdf(laidOut, to: folder + "/catalogue.pdf")
        let pdf = try loaded.renderer.pdf(laidOut)
        #expect(pdf == Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/catalogue.pdf"))))
        #expect(String(decoding: pdf, as: UTF8.self).components(separatedBy: "<< /Type /Page %").count - 1 == laidOut.pages.count)
        let pages = try loaded.renderer.png(laidOut, scale: 1)
        let written = try loaded.renderer.png(laidOut, scale: 1, to: folder + "/catalogue.png")
        #expect(pages.count == laidOut.pages.count && pages.count >= 10)
        let digits = String(pages.count).count
        #expect(written == (1...pages.count).map { folder + "/catalogue-" + String(repeating: "0", count: digits - String($0).count) + String($0) + ".png" })
        for (path, bytes) in zip(written, pages) { #expect(Array(try Data(contentsOf: URL(fileURLWithPath: path))) == bytes) }
        // One page: the path itself.
        let settings = try LoadedDocument(path: Repository.path("Examples/settings/settings.json"))
        let one = try settings.renderer.png(try settings.layout(), to: folder + "/settings@2x.png")
        #expect(one == [folder + "/settings@2x.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".") }.isEmpty)
    }

    @Test func failedRenderLeavesTheOldFileInPlace() throws {
        let folder = Repository.folder(with: [
            "doc.json": #"{"sections": [{"items": [{"template": "T", "values": {"i": "x.png"}}]}], "templates": ["t"]}"#,
            "t/T.xml": #"<cell><image source="{i}" width="10" height="10"/></cell>"#,
            "x.png": "not a png",
        ])
        let out = folder + "/out"
        try FileManager.default.createDirectory(atPath: out + "/doc", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: out + "/doc/doc@2x.png", contents: Data("old".utf8))
        var options = RenderOptions()
        options.outputDirectory = out
        options.formats = [.pdf, .png]
        #expect(throws: Diagnostic.self) { try LoadedDocument(path: folder + "/doc.json").render(options) }
        #expect(try String(contentsOfFile: out + "/doc/doc@2x.png", encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/doc") == ["doc@2x.png"])
    }

    @Test func imagesOfEveryKindDraw() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/feed/feed.json"))
        let laidOut = try loaded.layout()
        var kinds = Set<String>()
        for case let content? in laidOut.pages[0].blocks.map(\.content) {
            for path in Self.imagePaths(content) { kinds.insert((path as NSString).pathExtension) }
        }
        #expect(kinds == ["png", "jpg", "svg"])
    }

    static func imagePaths(_ view: LaidOutView) -> [String] {
        var paths: [String] = []
        if case .image(let path, _, _) = view.style.content { paths.append(path) }
        return paths + view.children.flatMap(imagePaths)
    }
}
