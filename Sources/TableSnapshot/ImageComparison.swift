import Foundation
import TableCairo

/// How closely an image must match its reference. The defaults are exact: tablerender's output
/// is deterministic on a machine kind, so any changed pixel is a change.
public struct ComparisonOptions: Sendable, Hashable {
    /// The fraction of pixels that must match (swift-snapshot-testing's `precision`).
    public var precision: Double = 1
    /// A pixel matches when its CIE ΔE94 distance to the reference is at most
    /// `(1 − perceptualPrecision) × 100` (swift-snapshot-testing's `perceptualPrecision`; 0.98 is
    /// about what the eye tells apart). 1 asks for identical pixels.
    public var perceptualPrecision: Double = 1
    /// Do not count pixels that are anti-aliasing of an edge in either image (as pixelmatch does).
    public var ignoresAntialiasing = false
    /// A number of pixels that may differ whatever the image's size (Playwright's and Paparazzi's
    /// `maxDiffPixels`); an image matches within this budget or within `precision`'s.
    public var maxDiffPixels = 0

    /// Options: exact by default; see each property.
    public init(precision: Double = 1, perceptualPrecision: Double = 1, ignoresAntialiasing: Bool = false, maxDiffPixels: Int = 0) {
        self.precision = precision
        self.perceptualPrecision = perceptualPrecision
        self.ignoresAntialiasing = ignoresAntialiasing
        self.maxDiffPixels = maxDiffPixels
    }
}

/// What a comparison found.
public struct ComparisonResult: Sendable {
    /// Whether the actual image matches the reference within the options.
    public var matches: Bool
    /// Expected and actual sizes when they differ (then nothing else is compared).
    package var sizes: (expected: (Int, Int), actual: (Int, Int))?
    /// Pixels that differ (anti-aliasing left out when the options ignore it).
    public var differingPixels = 0
    /// Differing pixels that are anti-aliasing of an edge in either image.
    public var antialiasedPixels = 0
    /// Pixels compared.
    public var totalPixels = 0
    /// The largest CIE ΔE94 distance between two pixels.
    public var largestDeltaE = 0.0
    /// Changed pixels red, anti-aliasing yellow, the rest faded; nil when the images match.
    public var diff: RGBAImage?
    /// The bar the images were held to.
    public var options = ComparisonOptions()
    /// When the sizes differ: the first pixel row (from the top) where the common part differs,
    /// nil when the common part is the same.
    public var firstDifferentRow: Int?

    /// The fraction of pixels that match.
    public var matchingFraction: Double { totalPixels == 0 ? 1 : 1 - Double(differingPixels) / Double(totalPixels) }

    /// What happened, in one sentence a person can act on.
    public var summary: String {
        if let sizes {
            var text = "the image is \(sizes.actual.0)×\(sizes.actual.1) pixels, the reference \(sizes.expected.0)×\(sizes.expected.1)"
            if diff != nil {
                text += firstDifferentRow.map { "; the two first differ at pixel row \($0) from the top (what moved starts there)" }
                    ?? "; where both have pixels they are the same"
                text += "; the diff shows them over each other: changes red, what only the image has blue, what only the reference has purple"
            }
            return text
        }
        if matches { return "matches" }
        var text = "\(differingPixels) of \(totalPixels) pixels differ (\(String(format: "%.3f", 100 * (1 - matchingFraction))) %)"
        if antialiasedPixels > 0 { text += ", \(antialiasedPixels) more are anti-aliasing" }
        text += String(format: "; largest colour distance ΔE94 %.1f", largestDeltaE)
        // The bar beside what was measured.
        let allowed = options.precision >= 1 ? "no pixel" : String(format: "%g %%", 100 * (1 - options.precision)) + " of pixels"
        text += "; precision \(String(format: "%g", options.precision)) allows \(allowed) to differ"
        if options.maxDiffPixels > 0 { text += " (or \(options.maxDiffPixels) pixel\(options.maxDiffPixels == 1 ? "" : "s"), maxDiffPixels)" }
        if options.perceptualPrecision < 1 {
            text += String(format: ", perceptual precision %g a distance up to ΔE94 %g", options.perceptualPrecision, (1 - options.perceptualPrecision) * 100)
        } else {
            text += ", perceptual precision 1 no colour distance"
        }
        return text
    }
}

/// Compares two images pixel by pixel: equal words are skipped at once; a differing pixel is
/// measured as CIE ΔE94 and checked for anti-aliasing with pixelmatch's neighbourhood test.
public enum ImageComparison {
    /// Compares `actual` with `expected` pixel by pixel under `options`; `makeDiff` also draws the diff image.
    public static func compare(expected: RGBAImage, actual: RGBAImage, options: ComparisonOptions = .init(), makeDiff: Bool = true) -> ComparisonResult {
        guard expected.width == actual.width, expected.height == actual.height else {
            var result = ComparisonResult(matches: false, sizes: ((expected.width, expected.height), (actual.width, actual.height)))
            result.options = options
            if makeDiff { (result.diff, result.firstDifferentRow) = overlay(expected: expected, actual: actual) }
            return result
        }
        let width = expected.width, height = expected.height
        var result = ComparisonResult(matches: true, totalPixels: width * height)
        result.options = options
        let tolerance = max(0, (1 - options.perceptualPrecision) * 100)
        var changed: [Int] = []
        var antialiased: [Int] = []
        expected.pixels.withUnsafeBytes { expectedBytes in
            actual.pixels.withUnsafeBytes { actualBytes in
                let a = expectedBytes.bindMemory(to: UInt32.self), b = actualBytes.bindMemory(to: UInt32.self)
                let ea = expectedBytes.bindMemory(to: UInt8.self), eb = actualBytes.bindMemory(to: UInt8.self)
                for index in 0..<(width * height) where a[index] != b[index] {
                    let delta = deltaE94(ea, eb, index * 4)
                    result.largestDeltaE = max(result.largestDeltaE, delta)
                    if tolerance > 0, delta <= tolerance { continue }
                    let x = index % width, y = index / width
                    if isAntialiased(ea, x, y, width, height, other: eb) || isAntialiased(eb, x, y, width, height, other: ea) {
                        antialiased.append(index)
                    } else {
                        changed.append(index)
                    }
                }
            }
        }
        result.differingPixels = changed.count + (options.ignoresAntialiasing ? 0 : antialiased.count)
        result.antialiasedPixels = options.ignoresAntialiasing ? antialiased.count : 0
        result.matches = (result.matchingFraction >= options.precision && (options.precision < 1 || result.differingPixels == 0))
            || result.differingPixels <= options.maxDiffPixels
        if !result.matches, makeDiff {
            result.diff = diffImage(expected, changed: changed, antialiased: antialiased)
        }
        return result
    }

    /// Images of two sizes over each other, top left on top left: where both have pixels, the
    /// reference faded and each changed pixel red; where only the image has pixels (rows or
    /// columns added), blue over the image; where only the reference has them (taken away),
    /// purple over the reference. Also the first pixel row where they differ.
    static func overlay(expected: RGBAImage, actual: RGBAImage) -> (RGBAImage, Int?) {
        let width = max(expected.width, actual.width), height = max(expected.height, actual.height)
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        var firstRow: Int?
        func faded(_ image: RGBAImage, _ x: Int, _ y: Int) -> Double {
            let o = (y * image.width + x) * 4
            let luma = 0.299 * Double(image.pixels[o]) + 0.587 * Double(image.pixels[o + 1]) + 0.114 * Double(image.pixels[o + 2])
            return 255 + (luma - 255) * 0.1 * Double(image.pixels[o + 3]) / 255
        }
        for y in 0..<height {
            for x in 0..<width {
                let o = (y * width + x) * 4
                let inExpected = x < expected.width && y < expected.height, inActual = x < actual.width && y < actual.height
                let colour: (Double, Double, Double)
                if inExpected, inActual {
                    let e = (y * expected.width + x) * 4, a = (y * actual.width + x) * 4
                    if expected.pixels[e..<(e + 4)].elementsEqual(actual.pixels[a..<(a + 4)]) {
                        let grey = faded(expected, x, y)
                        colour = (grey, grey, grey)
                    } else {
                        colour = (255, 0, 0)
                        if firstRow == nil { firstRow = y }
                    }
                } else if inActual {
                    let grey = faded(actual, x, y)
                    colour = (grey * 0.5, grey * 0.7 + 30, 255)
                } else {
                    let grey = faded(expected, x, y)
                    colour = (grey * 0.6 + 90, grey * 0.4, grey * 0.6 + 90)
                }
                pixels[o] = UInt8(max(0, min(255, colour.0)))
                pixels[o + 1] = UInt8(max(0, min(255, colour.1)))
                pixels[o + 2] = UInt8(max(0, min(255, colour.2)))
            }
        }
        return (RGBAImage(width: width, height: height, pixels: pixels), firstRow)
    }

    static func diffImage(_ base: RGBAImage, changed: [Int], antialiased: [Int]) -> RGBAImage {
        var pixels = [UInt8](repeating: 255, count: base.pixels.count)
        base.pixels.withUnsafeBufferPointer { source in
            pixels.withUnsafeMutableBufferPointer { out in
                for index in 0..<(base.width * base.height) {
                    let o = index * 4
                    let luma = 0.299 * Double(source[o]) + 0.587 * Double(source[o + 1]) + 0.114 * Double(source[o + 2])
                    let alpha = Double(source[o + 3]) / 255
                    let faded = UInt8(255 + (luma - 255) * 0.1 * alpha)
                    out[o] = faded; out[o + 1] = faded; out[o + 2] = faded
                }
                for index in antialiased { out[index * 4] = 255; out[index * 4 + 1] = 204; out[index * 4 + 2] = 0 }
                for index in changed { out[index * 4] = 255; out[index * 4 + 1] = 0; out[index * 4 + 2] = 0 }
            }
        }
        return RGBAImage(width: base.width, height: base.height, pixels: pixels)
    }

    // MARK: Colour distance

    /// CIE ΔE94 (graphic arts) between two pixels, colours blended on white first.
    static func deltaE94(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>, _ offset: Int) -> Double {
        let (l1, a1, b1) = lab(a, offset), (l2, a2, b2) = lab(b, offset)
        let dL = l1 - l2
        let c1 = (a1 * a1 + b1 * b1).squareRoot(), c2 = (a2 * a2 + b2 * b2).squareRoot()
        let dC = c1 - c2
        let dA = a1 - a2, dB = b1 - b2
        let dH = max(0, dA * dA + dB * dB - dC * dC).squareRoot()
        let sC = 1 + 0.045 * c1, sH = 1 + 0.015 * c1
        return (dL * dL + (dC / sC) * (dC / sC) + (dH / sH) * (dH / sH)).squareRoot()
    }

    static func lab(_ pixels: UnsafeBufferPointer<UInt8>, _ offset: Int) -> (Double, Double, Double) {
        let alpha = Double(pixels[offset + 3]) / 255
        func linear(_ value: UInt8) -> Double {
            let c = (Double(value) * alpha + 255 * (1 - alpha)) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let r = linear(pixels[offset]), g = linear(pixels[offset + 1]), b = linear(pixels[offset + 2])
        let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883
        func f(_ t: Double) -> Double { t > 0.008856 ? cbrt(t) : 7.787 * t + 16 / 116 }
        let fx = f(x), fy = f(y), fz = f(z)
        return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))
    }

    // MARK: Anti-aliasing (pixelmatch's test)

    static func brightness(_ p: UnsafeBufferPointer<UInt8>, _ index: Int) -> Double {
        let o = index * 4
        let alpha = Double(p[o + 3]) / 255
        func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * alpha }
        return 0.29889531 * blend(p[o]) + 0.58662247 * blend(p[o + 1]) + 0.11448223 * blend(p[o + 2])
    }

    /// Whether the pixel at (x, y) of `image` looks like anti-aliasing: among its 8 neighbours it
    /// has at most 2 equal ones and both a darker and a brighter one, and the darkest or the
    /// brightest neighbour sits on a run of equal pixels in both images.
    static func isAntialiased(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ width: Int, _ height: Int,
                              other: UnsafeBufferPointer<UInt8>) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        var minimum = 0.0, maximum = 0.0
        var minX = 0, minY = 0, maxX = 0, maxY = 0
        let center = brightness(image, y * width + x)
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let delta = brightness(image, ny * width + nx) - center
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < minimum {
                    minimum = delta; minX = nx; minY = ny
                } else if delta > maximum {
                    maximum = delta; maxX = nx; maxY = ny
                }
            }
        }
        if minimum == 0 || maximum == 0 { return false }
        return (hasManySiblings(image, minX, minY, width, height) && hasManySiblings(other, minX, minY, width, height))
            || (hasManySiblings(image, maxX, maxY, width, height) && hasManySiblings(other, maxX, maxY, width, height))
    }

    static func hasManySiblings(_ image: UnsafeBufferPointer<UInt8>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool {
        let x0 = max(x - 1, 0), y0 = max(y - 1, 0), x1 = min(x + 1, width - 1), y1 = min(y + 1, height - 1)
        var zeroes = (x == x0 || x == x1 || y == y0 || y == y1) ? 1 : 0
        let o = (y * width + x) * 4
        for ny in y0...y1 {
            for nx in x0...x1 where nx != x || ny != y {
                let n = (ny * width + nx) * 4
                if image[o] == image[n], image[o + 1] == image[n + 1], image[o + 2] == image[n + 2], image[o + 3] == image[n + 3] {
                    zeroes += 1
                }
                if zeroes > 2 { return true }
            }
        }
        return false
    }
}

extension ImageComparison {
    /// The two images to compare when the new one was drawn with masks (`masked`, its pixels'
    /// rectangles) and the reference carries the pixels its own masks covered: what either image
    /// masked is left out of both, so that a masked view's region does not follow its content.
    /// Without masks now, the images as they are.
    package static func leavingOutMasks(expected: RGBAImage, actual: RGBAImage, masked: [PixelRect],
                                        referenceMasked: [PixelRect]) -> (expected: RGBAImage, actual: RGBAImage) {
        guard !masked.isEmpty else { return (expected, actual) }
        let both = masked + referenceMasked
        return (expected.masking(both), actual.masking(both))
    }
}
