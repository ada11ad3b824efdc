import Foundation
import TableRender
import TableSnapshot
import TestSupport
import Testing

@Suite struct ImageComparisonTests {
    func image(_ width: Int, _ height: Int, _ fill: (Int, Int) -> (UInt8, UInt8, UInt8)) -> RGBAImage {
        var pixels: [UInt8] = []
        for y in 0..<height { for x in 0..<width { let (r, g, b) = fill(x, y); pixels += [r, g, b, 255] } }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    @Test func identicalImagesMatchExactly() {
        let a = image(20, 10) { x, y in (UInt8(x * 10), UInt8(y * 20), 100) }
        let result = ImageComparison.compare(expected: a, actual: a)
        #expect(result.matches)
        #expect(result.diff == nil)
        #expect(result.summary == "matches")
    }

    @Test func oneChangedPixelFailsAnExactComparison() {
        let a = image(20, 10) { _, _ in (255, 255, 255) }
        var b = a
        b.pixels[(5 * 20 + 5) * 4] = 0
        let result = ImageComparison.compare(expected: a, actual: b)
        #expect(!result.matches)
        #expect(result.differingPixels == 1)
        #expect(result.summary.hasPrefix("1 of 200 pixels differ (0.500 %)"))
        #expect(result.diff?.pixels[(5 * 20 + 5) * 4 ..< (5 * 20 + 5) * 4 + 3] == [255, 0, 0])
        #expect(ImageComparison.compare(expected: a, actual: b, options: .init(precision: 0.99)).matches)
        #expect(!ImageComparison.compare(expected: a, actual: b, options: .init(precision: 0.999)).matches)
        // A failure states the bar beside what was measured.
        #expect(result.summary.hasSuffix("; precision 1 allows no pixel to differ, perceptual precision 1 no colour distance"))
        let loose = ImageComparison.compare(expected: a, actual: b, options: .init(precision: 0.999, perceptualPrecision: 0.98))
        #expect(loose.summary.hasSuffix("; precision 0.999 allows 0.1 % of pixels to differ, perceptual precision 0.98 a distance up to ΔE94 2"), "\(loose.summary)")
        // An absolute budget of pixels beside the fraction (maxDiffPixels).
        #expect(ImageComparison.compare(expected: a, actual: b, options: .init(maxDiffPixels: 1)).matches)
        var two = b
        two.pixels[(6 * 20 + 6) * 4] = 0
        let over = ImageComparison.compare(expected: a, actual: two, options: .init(maxDiffPixels: 1))
        #expect(!over.matches)
        #expect(over.summary.contains("allows no pixel to differ (or 1 pixel, maxDiffPixels)"), "\(over.summary)")
    }

    @Test func perceptualPrecisionToleratesWhatTheEyeCannotSee() {
        let a = image(10, 10) { _, _ in (120, 130, 140) }
        let b = image(10, 10) { _, _ in (121, 130, 141) }
        #expect(!ImageComparison.compare(expected: a, actual: b).matches)
        #expect(ImageComparison.compare(expected: a, actual: b, options: .init(perceptualPrecision: 0.98)).matches)
        let c = image(10, 10) { _, _ in (200, 30, 40) }
        #expect(!ImageComparison.compare(expected: a, actual: c, options: .init(perceptualPrecision: 0.98)).matches)
    }

    @Test func sizeChangeStatesBothSizes() {
        let result = ImageComparison.compare(expected: image(10, 20) { _, _ in (0, 0, 0) }, actual: image(12, 20) { _, _ in (0, 0, 0) }, makeDiff: false)
        #expect(!result.matches)
        #expect(result.summary == "the image is 12×20 pixels, the reference 10×20")
    }

    /// A row added makes the image taller: the diff shows both over each other, the rows that
    /// moved red from where they first differ, what only the new image has blue.
    @Test func aSizeChangeHasADiffThatShowsWhereTheImagesPart() throws {
        let reference = image(10, 20) { _, y in y < 10 ? (0, 0, 0) : (0, 0, 255) }
        let taller = image(10, 26) { _, y in y < 10 ? (0, 0, 0) : y < 16 ? (0, 200, 0) : (0, 0, 255) }
        let result = ImageComparison.compare(expected: reference, actual: taller)
        #expect(!result.matches)
        let diff = try #require(result.diff)
        #expect(diff.width == 10 && diff.height == 26)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(diff.pixels[((y * 10 + x) * 4)..<((y * 10 + x) * 4 + 3)]) }
        #expect(pixel(3, 5)[0] == pixel(3, 5)[1] && pixel(3, 5)[1] == pixel(3, 5)[2], "the unchanged top is faded grey")
        #expect(pixel(3, 12) == [255, 0, 0], "the moved rows are red")
        #expect(pixel(3, 24)[2] == 255 && pixel(3, 24)[0] < 200, "what only the new image has is blue")
        #expect(result.firstDifferentRow == 10)
        #expect(result.summary.hasPrefix("the image is 10×26 pixels, the reference 10×20; the two first differ at pixel row 10 from the top"))
    }

    /// The same text drawn half a pixel apart differs only in anti-aliased edge pixels.
    @Test func antialiasingIsDetectedAndCanBeIgnored() throws {
        func render(_ padding: String) throws -> RGBAImage {
            let folder = Repository.folder(with: [
                "doc.json": #"{"templates": ["t"], "style": "plain", "width": 120, "sections": [{"items": [{"template": "T"}]}]}"#,
                "t/T.xml": "<cell><stack padding=\"\(padding)\"><label text=\"Hello\" font=\"Inter 30\" color=\"#000000\"/></stack></cell>",
            ])
            let loaded = try LoadedDocument(path: folder + "/doc.json")
            return try RGBAImage(png: try loaded.renderer.png(try loaded.layout(), scale: 1)[0], name: "t.png")
        }
        let a = try render("10 10.0 10.5 10.4"), b = try render("10 10.0 10.5 10.6")
        let strict = ImageComparison.compare(expected: a, actual: b)
        #expect(!strict.matches)
        let tolerant = ImageComparison.compare(expected: a, actual: b, options: .init(ignoresAntialiasing: true))
        #expect(tolerant.antialiasedPixels > 0)
        #expect(tolerant.differingPixels < strict.differingPixels)
    }

    @Test func corruptAndTruncatedPNGsAreErrors() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/settings/settings.json"))
        let png = try loaded.renderer.png(try loaded.layout(), scale: 1)[0]
        #expect(throws: Diagnostic.self) { try RGBAImage(png: Array(png.prefix(png.count / 2)), name: "half.png") }
        #expect(throws: Diagnostic.self) { try RGBAImage(png: Array("not a png".utf8), name: "text.png") }
        let decoded = try RGBAImage(png: png, name: "ok.png")
        #expect(decoded.width == 390)
        #expect(try RGBAImage(png: try decoded.png(), name: "again.png") == decoded)
    }
}
