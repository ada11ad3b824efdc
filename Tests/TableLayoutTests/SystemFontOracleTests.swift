import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// The system font's text measured against the widths and heights Interface Builder stored for
/// single-line labels of public apps (`Data/system-font-labels.tsv`: facts of labels whose size
/// only their text sets, not the files): the theme's stand-in for SF with SF's tracking by size,
/// its Text and Display designs and UIFont's line height, each size rounded up to the pixels of
/// the device the file names, as UILabel and IB round it.
@Suite struct SystemFontOracleTests {
    struct Label {
        var app: String
        var font: String
        var weight: String
        var size: Double
        var scale: Double
        var width: Double
        var height: Double?
        var text: String
    }

    static let labels: [Label] = {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Data/system-font-labels.tsv").path
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").dropFirst().compactMap { line -> Label? in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 9, let size = Double(fields[4]), let scale = Double(fields[5]), let width = Double(fields[6]) else { return nil }
            return Label(app: fields[0], font: fields[2], weight: fields[3], size: size, scale: scale, width: width, height: Double(fields[7]),
                         text: fields[8])
        }
    }()

    static let theme = try! ThemeLoader.load("ios")

    /// The font UIKit gives the label, as tablerender draws it.
    static func font(_ label: Label) -> FontSpec {
        let ib = IBFont(type: label.font.hasPrefix("UICTFont") ? nil : label.font, pointSize: label.size, weight: label.weight,
                        style: label.font.hasPrefix("UICTFont") ? label.font : nil, name: nil, family: nil)
        var warnings: [String] = []
        return IBFonts.spec(ib, defaultSize: 17, theme: theme, text: TextEngine(), warnings: &warnings, what: "oracle")
    }

    static func ceil(_ value: Double, scale: Double) -> Double { ((value * scale) - 1e-6).rounded(.up) / scale }

    struct Figures {
        var count: Int
        var median: Double
        var within1: Double
        var within3: Double
        var heights: Int
        var heightsWithinHalfPoint: Double
        /// The same with today's rounding alone (to the device's pixels).
        var heightsOnPixels: Double
    }

    /// Width ratios (ours over IB's) and heights of `labels`.
    static func figures(_ labels: [Label], tracked: Bool = true) -> Figures {
        let engine = TextEngine()
        var ratios: [Double] = []
        var heights = 0, closeHeights = 0, pixelHeights = 0
        for label in labels {
            var style = TextStyle(font: font(label), lines: 1)
            if !tracked { style.font.tracking = 0 }
            let size = engine.measure(label.text, style: style, width: nil)
            ratios.append(ceil(size.width, scale: label.scale) / label.width)
            if let height = label.height {
                heights += 1
                // UILabel rounds its intrinsic size up to the device's pixels (iOS 14 on) or to
                // whole points (iOS 7 to 13); IB keeps a label's frame as the UIKit that last laid
                // it out rounded it, so files saved by a recent Xcode hold both (a 17 pt label
                // 20.5 or 21 tall at @2x, 20.33 or 21 at @3x).
                let rounded = [ceil(size.height, scale: label.scale), ceil(size.height, scale: 1)]
                if rounded.contains(where: { abs($0 - height) <= 0.5 }) { closeHeights += 1 }
                if abs(rounded[0] - height) <= 0.5 { pixelHeights += 1 }
            }
        }
        let sorted = ratios.sorted()
        let median = sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        func share(_ tolerance: Double) -> Double { Double(ratios.filter { abs($0 - 1) <= tolerance }.count) / Double(ratios.count) }
        return Figures(count: ratios.count, median: median, within1: share(0.01), within3: share(0.03), heights: heights,
                       heightsWithinHalfPoint: Double(closeHeights) / Double(max(1, heights)),
                       heightsOnPixels: Double(pixelHeights) / Double(max(1, heights)))
    }

    @Test func widthsAndHeightsAreApplesWithinTheirTolerances() throws {
        #expect(Self.labels.count >= 150, "the data file")
        let tracked = Self.figures(Self.labels)
        let untracked = Self.figures(Self.labels, tracked: false)
        print(String(format: "System font on %d labels: width ratio median %.4f (untracked %.4f), %.1f %% within 1 %%, %.1f %% within 3 %% (untracked %.1f %%); %d heights, %.1f %% within 0.5 pt (%.1f %% rounded to pixels alone)",
                     tracked.count, tracked.median, untracked.median, 100 * tracked.within1, 100 * tracked.within3, 100 * untracked.within3,
                     tracked.heights, 100 * tracked.heightsWithinHalfPoint, 100 * tracked.heightsOnPixels))
        #expect(abs(tracked.median - 1) <= 0.01)
        #expect(tracked.within3 >= 0.80)
        #expect(tracked.heightsWithinHalfPoint >= 0.95)
        // Untracked, the stand-in is some 4 % wide: the tracking is what brings it to SF's.
        #expect(untracked.median > 1.02)
    }

    /// Each app's labels apart: the tracking is not a fit to one app's text.
    @Test func everyAppWithEnoughLabelsAgrees() {
        let byApp = Dictionary(grouping: Self.labels, by: \.app)
        for (app, labels) in byApp.sorted(by: { $0.key < $1.key }) where labels.count >= 10 {
            let figures = Self.figures(labels)
            print(String(format: "  %@: %d labels, median %.4f, %.0f %% within 3 %%", app, figures.count, figures.median, 100 * figures.within3))
            #expect(abs(figures.median - 1) <= 0.02, "\(app): median \(figures.median)")
        }
    }
}
