import Foundation
import TableModel
import TableRender
import TableSnapshot
import TableTemplates
import Testing

/// What a snapshot of a table is, as swift-snapshot-testing's strategies: `assertSnapshot(of:
/// table, as: .image)`, `.image(width: 320, appearance: .dark, contentSize: .AX3)`, `.layout`,
/// `.html`, `.pdf`.
///
/// - `image`: the rendered PNG, compared pixel by pixel (with `precision`,
///   `perceptualPrecision` and `maxDiffPixels` as bars).
/// - `layout`: every block's and view's frame, and every label's font (family, weight, size and
///   line height, tracking) and lines, as text. It survives a rasteriser or font file upgrade that
///   moves no view, fails when a template's font changes, and reviews well in a diff.
/// - `html`: the self-contained HTML page, as text.
/// - `pdf`: the paginated document's text and structure (which rows and headers are on which
///   page, where, and the lines of their labels) as text, not the PDF's bytes.
public struct Snapshotting: Sendable {
    enum Kind: Sendable {
        case image(scale: Double, precision: Double, perceptualPrecision: Double, maxDiffPixels: Int, masks: [String])
        case layout
        case html
        case pdf(page: PageSize)
    }

    let kind: Kind
    let width: Double
    let appearance: Appearance
    let contentSize: ContentSizeCategory
    /// The screen's language: `en-XA`, the pseudo-locale, writes every text accented and longer.
    var locale = "en"
    /// The layout's direction instead of the locale's (right to left for `ar`, `he`, `ar-XB`…).
    var direction: LayoutDirection?

    /// The reference file's extension.
    var pathExtension: String {
        switch kind {
        case .image: "png"
        case .layout: "layout.txt"
        case .html: "html"
        case .pdf: "pdf.txt"
        }
    }

    /// The rendered PNG at `width` points, `scale` pixels a point. `masks` covers views (by
    /// their `id`), rows (by id) or items (by JSON path, `$.sections[0].items[2]`) with a
    /// magenta box, as Playwright's `mask`: a clock or an avatar that changes on its own.
    public static func image(width: Double = 390, appearance: Appearance = .light, scale: Double = 2,
                             contentSize: ContentSizeCategory = .large, precision: Double = 1, perceptualPrecision: Double = 1,
                             maxDiffPixels: Int = 0, masks: [String] = [], locale: String = "en",
                             direction: LayoutDirection? = nil) -> Snapshotting {
        Snapshotting(kind: .image(scale: scale, precision: precision, perceptualPrecision: perceptualPrecision, maxDiffPixels: maxDiffPixels, masks: masks),
                     width: width, appearance: appearance, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The PNG at the defaults: 390 points wide, light, @2x, exact.
    public static var image: Snapshotting { .image() }

    /// The laid-out frames and lines, as text.
    public static func layout(width: Double = 390, contentSize: ContentSizeCategory = .large, locale: String = "en",
                              direction: LayoutDirection? = nil) -> Snapshotting {
        Snapshotting(kind: .layout, width: width, appearance: .light, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The layout as text: every frame, a label's font and lines.
    public static var layout: Snapshotting { .layout() }

    /// The HTML page, as text.
    public static func html(width: Double = 390, appearance: Appearance = .light, contentSize: ContentSizeCategory = .large,
                            locale: String = "en", direction: LayoutDirection? = nil) -> Snapshotting {
        Snapshotting(kind: .html, width: width, appearance: appearance, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The HTML page.
    public static var html: Snapshotting { .html() }

    /// The PDF's pages, their blocks and their text, on `page` (A4 by default).
    public static func pdf(page: PageSize = .a4, contentSize: ContentSizeCategory = .large, locale: String = "en",
                           direction: LayoutDirection? = nil) -> Snapshotting {
        Snapshotting(kind: .pdf(page: page), width: 0, appearance: .light, contentSize: contentSize, locale: locale, direction: direction)
    }

    /// The PDF's pages, blocks and text.
    public static var pdf: Snapshotting { .pdf() }
}

/// How `assertSnapshot` records and reports, for the code inside `withSnapshotTesting` or a
/// test or suite with the `.snapshots(…)` trait.
public struct SnapshotTestingConfiguration: Sendable {
    /// Record mode; nil leaves it to `TABLERENDER_SNAPSHOT_RECORD` (default `missing`).
    public var record: RecordMode?
    /// A command that shows two files side by side, as `ksdiff` or `code --diff`: a failure
    /// prints it with the reference and the actual file. Nil leaves it to `TABLERENDER_DIFF_TOOL`.
    public var diffTool: String?
    /// A folder for the references instead of `__Snapshots__/<TestFile>` beside the test file.
    public var snapshotDirectory: String?
    /// The count of unnamed snapshots of the running test case, set by the `.snapshots` trait for
    /// each run of a test case.
    var counter: SnapshotNaming.Counter?

    /// A configuration; each nil leaves the setting to its environment variable or default.
    public init(record: RecordMode? = nil, diffTool: String? = nil, snapshotDirectory: String? = nil) {
        self.record = record
        self.diffTool = diffTool
        self.snapshotDirectory = snapshotDirectory
    }

    /// The configuration in force for the current task (`withSnapshotTesting`, the `.snapshots` trait).
    @TaskLocal public static var current = SnapshotTestingConfiguration()

    /// This configuration with `other`'s settings where it has them.
    func overridden(by other: SnapshotTestingConfiguration) -> SnapshotTestingConfiguration {
        var result = SnapshotTestingConfiguration(record: other.record ?? record, diffTool: other.diffTool ?? diffTool,
                                                  snapshotDirectory: other.snapshotDirectory ?? snapshotDirectory)
        result.counter = other.counter ?? counter
        return result
    }
}

/// Runs `operation` with a record mode, diff tool or snapshot folder for every `assertSnapshot`
/// inside it (as swift-snapshot-testing's `withSnapshotTesting`); an inner call overrides an
/// outer one, and an assertion's own `record:` overrides both.
public func withSnapshotTesting<R>(record: RecordMode? = nil, diffTool: String? = nil, snapshotDirectory: String? = nil,
                                   operation: () throws -> R) rethrows -> R {
    let configuration = SnapshotTestingConfiguration.current
        .overridden(by: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory))
    return try SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation)
}

/// Runs `operation` with the snapshots of its `assertSnapshot` calls recorded and reported as given.
public func withSnapshotTesting<R>(record: RecordMode? = nil, diffTool: String? = nil, snapshotDirectory: String? = nil,
                                   isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R) async rethrows -> R {
    let configuration = SnapshotTestingConfiguration.current
        .overridden(by: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory))
    return try await SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation, isolation: isolation)
}

/// The Swift Testing trait of `withSnapshotTesting`: `@Test(.snapshots(record: .failed))` or on
/// a whole `@Suite`.
public struct SnapshotsTrait: TestTrait, SuiteTrait, TestScoping {
    let configuration: SnapshotTestingConfiguration

    /// The trait applies to every test of a suite it marks.
    public var isRecursive: Bool { true }

    /// Runs the test inside `withSnapshotTesting` with the trait's configuration, and each run of
    /// a test case with its own count of unnamed snapshots (from 1 in every repetition).
    public func provideScope(for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void) async throws {
        var scoped = SnapshotTestingConfiguration.current.overridden(by: configuration)
        scoped.counter = SnapshotNaming.Counter()
        try await SnapshotTestingConfiguration.$current.withValue(scoped, operation: function)
    }
}

extension Trait where Self == SnapshotsTrait {
    /// Record mode, diff tool or snapshot folder for the snapshots of this test or suite.
    public static func snapshots(record: RecordMode? = nil, diffTool: String? = nil, snapshotDirectory: String? = nil) -> Self {
        SnapshotsTrait(configuration: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory))
    }
}

/// The text snapshots.
enum SnapshotText {
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func frame(_ rect: Rect) -> String {
        "\(number(rect.x)),\(number(rect.y)) \(number(rect.width))×\(number(rect.height))"
    }

    /// Every block and view with its frame (a block's on its page, a view's in its parent), to
    /// a hundredth of a point, and each label's lines as set.
    static func layout(_ table: LaidOutTable) -> String {
        var out = "width \(number(table.width)) height \(number(table.contentHeight))\n"
        for (number, page) in table.pages.enumerated() {
            if table.pages.count > 1 { out += "page \(number + 1)\n" }
            for block in page.blocks {
                out += "\(block.kind.rawValue) \(block.id) \(frame(block.frame))\n"
                if let content = block.content { view(content, depth: 1, into: &out) }
            }
        }
        return out
    }

    private static func view(_ view: LaidOutView, depth: Int, into out: inout String) {
        let indent = String(repeating: "  ", count: depth)
        out += indent + view.style.kindName + (view.style.id.map { " #" + $0 } ?? "") + " " + frame(view.frame)
        // A label's font: family, weight, size/line height and tracking, so that a font change fails.
        if case .label(_, let style, _) = view.style.content { out += " font " + style.font.description }
        out += "\n"
        if let lines = view.textLines {
            for line in lines.lines { out += indent + "  | " + line + "\n" }
        }
        for child in view.children { self.view(child, depth: depth + 1, into: &out) }
    }

    /// The pages, their blocks (where each starts and how tall it is) and the text of each, in
    /// reading order.
    static func pdf(_ table: LaidOutTable) -> String {
        var out = ""
        for (number, page) in table.pages.enumerated() {
            out += "page \(number + 1) of \(table.pages.count), \(self.number(page.width))×\(self.number(page.height))\n"
            for block in page.blocks {
                out += "  \(block.kind.rawValue) \(block.id) at \(self.number(block.frame.y)), \(self.number(block.frame.height)) tall"
                out += block.repeated ? " (repeated)" : ""
                out += block.continues ? " (continues)" : ""
                out += "\n"
                if let content = block.content { text(content, into: &out) }
            }
        }
        return out
    }

    private static func text(_ view: LaidOutView, into out: inout String) {
        if let lines = view.textLines {
            for line in lines.lines { out += "    | " + line + "\n" }
        }
        for child in view.children { text(child, into: &out) }
    }

    /// The lines that differ, as `diff -u` shows them (`LineDiff`): every change, in hunks with
    /// three lines of context.
    static func difference(expected: String, actual: String) -> String {
        LineDiff.unified(expected: expected, actual: actual)
    }
}
