import Foundation
import TableModel
import TableRender
import TableSnapshot
import TableTemplates
import Testing

/// A way to snapshot a value of one type as a format, as swift-snapshot-testing's
/// `Snapshotting<Value, Format>`: the reference file's extension, how a snapshot is made, and how
/// two snapshots are stored and compared (`diffing`). `pullback` makes a strategy for another type
/// from one that exists:
///
/// ```swift
/// extension Snapshotting where Value == Settings, Format == SnapshotImage {
///     static let settingsImage = Snapshotting<Table, SnapshotImage>.image(width: 320).pullback { $0.table }
/// }
/// ```
///
/// The tables' strategies (`.image`, `.layout`, `.html`, `.pdf`) are below; `.lines` and
/// `.description` snapshot text as swift-snapshot-testing's do.
public struct Snapshotting<Value, Format>: Sendable {
    /// The reference file's extension (`png`, `layout.txt`).
    public var pathExtension: String
    /// How snapshots of this format are stored and compared.
    public var diffing: Diffing<Format>
    /// Makes the snapshot of a value; an error fails the assertion with its message.
    public var snapshot: @Sendable (Value) throws -> Format

    /// A strategy from its parts.
    public init(pathExtension: String, diffing: Diffing<Format>, snapshot: @escaping @Sendable (Value) throws -> Format) {
        self.pathExtension = pathExtension
        self.diffing = diffing
        self.snapshot = snapshot
    }

    /// This strategy for values of another type, turned into this one's by `transform` first.
    public func pullback<NewValue>(_ transform: @escaping @Sendable (NewValue) throws -> Value) -> Snapshotting<NewValue, Format> {
        let snapshot = self.snapshot
        return Snapshotting<NewValue, Format>(pathExtension: pathExtension, diffing: diffing) { value in try snapshot(try transform(value)) }
    }
}

/// How snapshots of one format are stored and compared, as swift-snapshot-testing's `Diffing`.
public struct Diffing<Value>: Sendable {
    /// The bytes a reference file holds.
    public var toData: @Sendable (Value) throws -> Data
    /// A reference file's bytes read back; an error says the reference cannot be read.
    public var fromData: @Sendable (Data) throws -> Value
    /// What differs between the reference (first) and the new snapshot, with files that show
    /// it (written beside the actual file and attached to the test); nil when they match.
    public var diff: @Sendable (_ reference: Value, _ actual: Value) -> (String, [DiffAttachment])?

    /// A diffing from its three parts.
    public init(toData: @escaping @Sendable (Value) throws -> Data, fromData: @escaping @Sendable (Data) throws -> Value,
                diff: @escaping @Sendable (_ reference: Value, _ actual: Value) -> (String, [DiffAttachment])?) {
        self.toData = toData
        self.fromData = fromData
        self.diff = diff
    }
}

/// A file that shows a difference (a diff image): written with the actual file and attached to
/// the test report where the toolchain supports Swift Testing attachments.
public struct DiffAttachment: Sendable {
    /// Its name's last part, after the snapshot's: `diff.png`.
    public var name: String
    /// The file's bytes.
    public var data: Data

    /// A file named `name` holding `data`.
    public init(name: String, data: Data) {
        self.name = name
        self.data = data
    }
}

extension Diffing where Value == String {
    /// Text compared line by line: a failure shows every change as `diff -u` does.
    public static let lines = Diffing(toData: { Data($0.utf8) }, fromData: { String(decoding: $0, as: UTF8.self) }) { reference, actual in
        reference == actual ? nil : ("the text differs:\n" + LineDiff.unified(expected: reference, actual: actual), [])
    }
}

extension Snapshotting where Value == String, Format == String {
    /// Any text, compared line by line (swift-snapshot-testing's `.lines`).
    public static var lines: Snapshotting<String, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { $0 }
    }
}

extension Snapshotting where Format == String {
    /// A value's `String(describing:)`, compared line by line.
    public static var description: Snapshotting<Value, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { String(describing: $0) }
    }
}

extension Snapshotting where Format == String {
    /// A value as Swift's `dump` writes it (every stored property, nested), compared line by
    /// line (swift-snapshot-testing's `.dump`). Memory addresses of objects are written as
    /// `0x…`, and a private type's context as `(private)`, so that the text is the same from run
    /// to run.
    public static var dump: Snapshotting<Value, String> {
        Snapshotting(pathExtension: "txt", diffing: .lines) { value in
            var text = ""
            Swift.dump(value, to: &text)
            return text.replacing(/0x[0-9a-f]{6,16}/, with: "0x…").replacing(/\(unknown context at \$[0-9a-f]+\)/, with: "(private)")
        }
    }
}

extension Snapshotting where Value: Encodable & SendableMetatype, Format == String {
    /// A value as pretty-printed JSON with sorted keys (swift-snapshot-testing's `.json`).
    public static var json: Snapshotting<Value, String> {
        Snapshotting(pathExtension: "json", diffing: .lines) { value in
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            return String(decoding: try encoder.encode(value), as: UTF8.self)
        }
    }
}

/// What a failure prints to compare the reference with the actual file: a command, as
/// swift-snapshot-testing's `DiffTool` (`.ksdiff`, a closure, or a command's name).
public struct DiffTool: Sendable, ExpressibleByStringLiteral {
    /// The line printed for the two files.
    public var command: @Sendable (_ currentFilePath: String, _ failedFilePath: String) -> String

    /// A tool that writes the whole line for the reference and the actual file.
    public init(_ command: @escaping @Sendable (_ currentFilePath: String, _ failedFilePath: String) -> String) {
        self.command = command
    }

    /// A command's name (`ksdiff`, `code --diff`), given the two files quoted.
    public init(stringLiteral name: String) { self.init(command: name) }

    /// A command's name, given the two files quoted.
    public init(command name: String) {
        self.init { reference, actual in "\(name) \"\(reference)\" \"\(actual)\"" }
    }

    /// Kaleidoscope's command.
    public static let ksdiff = DiffTool(command: "ksdiff")
}

/// How `assertSnapshot` records and reports, and what a table is rendered with, for the code
/// inside `withSnapshotTesting` or a test or suite with the `.snapshots(…)` trait.
public struct SnapshotTestingConfiguration: Sendable {
    /// Record mode; nil leaves it to `TABLERENDER_SNAPSHOT_RECORD` (default `missing`).
    public var record: RecordMode?
    /// What a failure prints to compare the reference with the actual file (`ksdiff`,
    /// `.ksdiff`, a closure). Nil leaves it to `TABLERENDER_DIFF_TOOL`.
    public var diffTool: DiffTool?
    /// A folder for the references instead of `__Snapshots__/<TestFile>` beside the test file.
    public var snapshotDirectory: String?
    /// The theme tables are drawn with (`ios`, `print`, a theme folder); nil is `ios`.
    public var theme: String?
    /// Folders of templates for tables, relative to the test file's folder unless absolute.
    public var templateFolders: [String]?
    /// The folder images and asset catalogs are read from, relative to the test file's folder
    /// unless absolute; nil is the test file's folder.
    public var assetsFolder: String?
    /// The screen's width in points when a strategy names none (390 for a table, a document's own).
    public var width: Double?
    /// Light or dark when a strategy names none (light).
    public var appearance: Appearance?
    /// The reader's text size when a strategy names none (`large`).
    public var contentSize: ContentSizeCategory?
    /// The screen's language when a strategy names none (`en-XA` pseudo-localises).
    public var locale: String?
    /// The layout's direction when a strategy names none (the locale's).
    public var direction: LayoutDirection?
    /// The reader's Increase Contrast setting (normal): `high` draws the colours' high-contrast values.
    public var contrast: Contrast?
    /// The count of unnamed snapshots of the running test case, set by the `.snapshots` trait for
    /// each run of a test case.
    var counter: SnapshotNaming.Counter?

    /// A configuration; each nil leaves the setting to an enclosing one, its environment
    /// variable or its default.
    public init(record: RecordMode? = nil, diffTool: DiffTool? = nil, snapshotDirectory: String? = nil, theme: String? = nil,
                templateFolders: [String]? = nil, assetsFolder: String? = nil, width: Double? = nil, appearance: Appearance? = nil,
                contentSize: ContentSizeCategory? = nil, locale: String? = nil, direction: LayoutDirection? = nil, contrast: Contrast? = nil) {
        self.record = record
        self.diffTool = diffTool
        self.snapshotDirectory = snapshotDirectory
        self.theme = theme
        self.templateFolders = templateFolders
        self.assetsFolder = assetsFolder
        self.width = width
        self.appearance = appearance
        self.contentSize = contentSize
        self.locale = locale
        self.direction = direction
        self.contrast = contrast
    }

    /// The configuration in force for the current task (`withSnapshotTesting`, the `.snapshots` trait).
    @TaskLocal public static var current = SnapshotTestingConfiguration()

    /// This configuration with `other`'s settings where it has them.
    func overridden(by other: SnapshotTestingConfiguration) -> SnapshotTestingConfiguration {
        var result = SnapshotTestingConfiguration(record: other.record ?? record, diffTool: other.diffTool ?? diffTool,
                                                  snapshotDirectory: other.snapshotDirectory ?? snapshotDirectory, theme: other.theme ?? theme,
                                                  templateFolders: other.templateFolders ?? templateFolders, assetsFolder: other.assetsFolder ?? assetsFolder,
                                                  width: other.width ?? width, appearance: other.appearance ?? appearance,
                                                  contentSize: other.contentSize ?? contentSize, locale: other.locale ?? locale,
                                                  direction: other.direction ?? direction, contrast: other.contrast ?? contrast)
        result.counter = other.counter ?? counter
        return result
    }
}

/// Runs `operation` with a record mode, diff tool, snapshot folder, theme, template folders or
/// assets folder for every `assertSnapshot` inside it (as swift-snapshot-testing's
/// `withSnapshotTesting`); an inner call overrides an outer one, and an assertion's own
/// arguments override both.
public func withSnapshotTesting<R>(record: RecordMode? = nil, diffTool: DiffTool? = nil, snapshotDirectory: String? = nil,
                                   theme: String? = nil, templateFolders: [String]? = nil, assetsFolder: String? = nil,
                                   width: Double? = nil, appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil,
                                   locale: String? = nil, direction: LayoutDirection? = nil, contrast: Contrast? = nil,
                                   operation: () throws -> R) rethrows -> R {
    let configuration = SnapshotTestingConfiguration.current
        .overridden(by: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory, theme: theme,
                                                     templateFolders: templateFolders, assetsFolder: assetsFolder, width: width,
                                                     appearance: appearance, contentSize: contentSize, locale: locale, direction: direction,
                                                     contrast: contrast))
    return try SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation)
}

/// Runs `operation` with the snapshots of its `assertSnapshot` calls recorded, reported and
/// rendered as given.
public func withSnapshotTesting<R>(record: RecordMode? = nil, diffTool: DiffTool? = nil, snapshotDirectory: String? = nil,
                                   theme: String? = nil, templateFolders: [String]? = nil, assetsFolder: String? = nil,
                                   width: Double? = nil, appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil,
                                   locale: String? = nil, direction: LayoutDirection? = nil, contrast: Contrast? = nil,
                                   isolation: isolated (any Actor)? = #isolation, operation: () async throws -> R) async rethrows -> R {
    let configuration = SnapshotTestingConfiguration.current
        .overridden(by: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory, theme: theme,
                                                     templateFolders: templateFolders, assetsFolder: assetsFolder, width: width,
                                                     appearance: appearance, contentSize: contentSize, locale: locale, direction: direction,
                                                     contrast: contrast))
    return try await SnapshotTestingConfiguration.$current.withValue(configuration, operation: operation, isolation: isolation)
}

/// The Swift Testing trait of `withSnapshotTesting`: `@Test(.snapshots(record: .failed))` or on
/// a whole `@Suite(.snapshots(theme: "print", templateFolders: ["Templates"]))`.
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
    /// Record mode, diff tool, snapshot folder, theme, template folders, assets folder or the
    /// variant (width, appearance, text size, locale, direction, Increase Contrast) for the
    /// snapshots of this test or suite.
    public static func snapshots(record: RecordMode? = nil, diffTool: DiffTool? = nil, snapshotDirectory: String? = nil, theme: String? = nil,
                                 templateFolders: [String]? = nil, assetsFolder: String? = nil, width: Double? = nil,
                                 appearance: Appearance? = nil, contentSize: ContentSizeCategory? = nil, locale: String? = nil,
                                 direction: LayoutDirection? = nil, contrast: Contrast? = nil) -> Self {
        SnapshotsTrait(configuration: SnapshotTestingConfiguration(record: record, diffTool: diffTool, snapshotDirectory: snapshotDirectory,
                                                                   theme: theme, templateFolders: templateFolders, assetsFolder: assetsFolder,
                                                                   width: width, appearance: appearance, contentSize: contentSize,
                                                                   locale: locale, direction: direction, contrast: contrast))
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
