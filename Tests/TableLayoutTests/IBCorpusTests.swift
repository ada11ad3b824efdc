import Foundation
import Testing
import TableModel
import TableTemplates
import TableText
@testable import TableLayout

/// Interface Builder files of real apps, nobody here wrote, against the frames IB stored in them:
/// an opt-in run (`scripts/ib-corpus.sh <folder>`, or `TABLERENDER_IB_CORPUS=<folder> swift test
/// --filter IBCorpusTests`) that never runs by default, since the files are not in this
/// repository. Every `.xib` and `.storyboard` under the folder is read; each cell, header and
/// prototype is laid out at IB's design size twice — with the sizes IB stored as the intrinsic
/// sizes of its views (the solver and the reading of the file), and with tablerender's own text —
/// and each view's frame is compared with the one IB stored (views IB marks `misplaced` or
/// `ambiguous` left out). The report goes to stdout, and to `TABLERENDER_IB_CORPUS_REPORT` when set;
/// `TABLERENDER_IB_CORPUS_VERBOSE=1` lists every view off by more than 0.5 pt.
@Suite struct IBCorpusTests {
    static let folder = ProcessInfo.processInfo.environment["TABLERENDER_IB_CORPUS"]
    static let verbose = ProcessInfo.processInfo.environment["TABLERENDER_IB_CORPUS_VERBOSE"] == "1"
    static let theme = try! ThemeLoader.load("ios")

    @Test(.enabled(if: folder != nil))
    func corpus() throws {
        let report = try IBCorpus.run(folder: Self.folder!, theme: Self.theme, verbose: Self.verbose)
        print(report.text)
        if let path = ProcessInfo.processInfo.environment["TABLERENDER_IB_CORPUS_REPORT"] {
            try report.text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }
}

/// The corpus run: what it counts, per file and in all.
enum IBCorpus {
    /// Views within 0.5 pt, within 2 pt and beyond of IB's stored frames.
    struct Tally {
        var exact = 0
        var close = 0, near = 0, far = 0
        var total: Int { close + near + far }
        mutating func add(_ distance: Double) {
            if distance < 0.01 { exact += 1 }
            if distance <= 0.5 { close += 1 } else if distance <= 2 { near += 1 } else { far += 1 }
        }
        static func += (lhs: inout Tally, rhs: Tally) { lhs.exact += rhs.exact; lhs.close += rhs.close; lhs.near += rhs.near; lhs.far += rhs.far }
        func percent(_ part: Int) -> String { total == 0 ? "-" : String(format: "%.1f %%", 100 * Double(part) / Double(total)) }
        var line: String { "\(close) / \(near) / \(far) of \(total) (\(percent(close)) within 0.5 pt; \(percent(exact)) within 0.01 pt)" }
    }

    struct Report {
        var text: String
    }

    /// A cell, header or prototype to lay out: its name in the report and its document.
    struct Entry {
        var name: String
        var document: IBDocument
        /// The row's height where the table fixes it (a static cell's), as tablerender draws it;
        /// nil: the row sizes itself.
        var rowHeight: Double? = nil
    }

    /// The views whose stored frames are compared: not the content view, and neither a view IB
    /// marks misplaced or ambiguous nor one inside it (their frames are in its coordinates, laid
    /// out at its stale size), nor a hidden view or one inside it (nothing of it is drawn), nor
    /// one whose frame the file leaves out (Xcode 8.0's, where its constraints decide it) or
    /// one inside it.
    static func compared(_ document: IBDocument) -> [IBView] {
        var result: [IBView] = []
        func visit(_ view: IBView) {
            guard !view.frameIsStale, !view.isHidden, view.frameStored || view.id == document.content.id else { return }
            if view.id != document.content.id { result.append(view) }
            view.subviews.forEach(visit)
        }
        visit(document.content)
        return result
    }

    /// IB's stored frames in the content view's coordinates (the content view at 0, 0).
    static func storedFrames(_ document: IBDocument) -> [String: Rect] {
        var result: [String: Rect] = [:]
        func place(_ view: IBView, _ origin: (Double, Double)) {
            let frame = Rect(x: view.frame.x + origin.0, y: view.frame.y + origin.1, width: view.frame.width, height: view.frame.height)
            result[view.id] = frame
            for subview in view.subviews { place(subview, (frame.x, frame.y)) }
        }
        result[document.content.id] = Rect(x: 0, y: 0, width: document.content.frame.width, height: document.content.frame.height)
        for subview in document.content.subviews { place(subview, (0, 0)) }
        return result
    }

    /// The first of the file's required constraints between edges, centres and sizes that IB's
    /// own stored frames break by more than half a point, when one does: IB then stored the
    /// frames under constraints the file no longer has (a frame it moved without marking it
    /// `misplaced`, a content view narrowed after its subviews were laid out), so that no layout
    /// that keeps the constraints gives them all. Margins, baselines and guides are not checked
    /// (their places are not in the file), nor a scroll view's edges to a view inside it (its
    /// content's), nor a constraint with a view IB marks misplaced or ambiguous, or inside one; a
    /// control's alignment rectangle stands for its frame. A stack view's own constraints count
    /// too: across a stack that fills (`alignment` fill, UIKit's `UISV-alignment`), every arranged
    /// view it shows spans it (Tinode's labels stored 241 pt wide in a 324 pt stack).
    static func brokenConstraint(_ document: IBDocument) -> (constraint: String, by: Double)? {
        let stored = storedFrames(document)
        var frames: [String: Rect] = [:]   // the views the check judges: their alignment rectangles
        var holders: [(IBView, IBConstraint)] = []
        var scrollViews: [String: Set<String>] = [:]   // a scroll view: the views inside it
        var fillingStacks: [IBView] = []
        var ancestors: [String] = []
        func visit(_ view: IBView) {
            guard !view.frameIsStale, let frame = stored[view.id] else { return }
            for ancestor in ancestors where scrollViews[ancestor] != nil { scrollViews[ancestor]?.insert(view.id) }
            if view.element == .other("scrollView") { scrollViews[view.id] = [] }
            ancestors.append(view.id)
            defer { ancestors.removeLast() }
            // Constraints place a control's alignment rectangle, not its frame.
            let outsets = ControlMetrics.alignmentOutsets(view.element, iOS26: document.savedForIOS26) ?? [0, 0, 0, 0]
            frames[view.id] = Rect(x: frame.x + outsets[1], y: frame.y + outsets[0], width: frame.width - outsets[1] - outsets[3],
                                   height: frame.height - outsets[0] - outsets[2])
            for constraint in view.constraints where !view.excludedConstraints.contains(constraint.id) { holders.append((view, constraint)) }
            // (A stack with margins of its own arranges its views inside them: left out.)
            if view.element == .stackView, (view.attribute("alignment") ?? "fill") == "fill", view.layoutMargins == nil {
                fillingStacks.append(view)
            }
            for subview in view.subviews where !view.excludedSubviews.contains(subview.id) { visit(subview) }
        }
        visit(document.content)
        func value(_ id: String?, _ attribute: String?, holder: String) -> Double? {
            guard let attribute, let frame = frames[id ?? holder] else { return nil }
            switch attribute {
            case "leading", "left": return frame.x
            case "trailing", "right": return frame.maxX
            case "top": return frame.y
            case "bottom": return frame.maxY
            case "centerX": return frame.x + frame.width / 2
            case "centerY": return frame.y + frame.height / 2
            case "width": return frame.width
            case "height": return frame.height
            default: return nil
            }
        }
        let edges: Set<String> = ["leading", "trailing", "left", "right", "top", "bottom"]
        for (holder, constraint) in holders where constraint.priority >= 1000 && !constraint.isPlaceholder {
            // A scroll view's edges to a view inside it are its content's, which IB does not store.
            let first = constraint.firstItem ?? holder.id, second = constraint.secondItem ?? holder.id
            if let inside = scrollViews[first], inside.contains(second), edges.contains(constraint.firstAttribute) { continue }
            if let inside = scrollViews[second], inside.contains(first), edges.contains(constraint.secondAttribute ?? "") { continue }
            guard let firstValue = value(constraint.firstItem, constraint.firstAttribute, holder: holder.id) else { continue }
            let secondValue: Double
            if constraint.secondItem == nil, constraint.secondAttribute == nil || constraint.secondAttribute == "notAnAttribute" {
                guard ["width", "height"].contains(constraint.firstAttribute) else { continue }
                secondValue = constraint.constant
            } else {
                guard let other = value(constraint.secondItem, constraint.secondAttribute, holder: holder.id) else { continue }
                secondValue = other * constraint.multiplier + constraint.constant
            }
            let by: Double
            switch constraint.relation {
            case "lessThanOrEqual": by = firstValue - secondValue
            case "greaterThanOrEqual": by = secondValue - firstValue
            default: by = abs(firstValue - secondValue)
            }
            if by > 0.5 + 1e-6 {
                return ("'\(constraint.id)' (\(constraint.firstAttribute) \(constraint.relation) \(constraint.secondAttribute ?? "constant"))", by)
            }
        }
        for stack in fillingStacks {
            guard let across = frames[stack.id] else { continue }
            let vertical = stack.attribute("axis") == "vertical"
            // A switch keeps its own size whatever its stack asks.
            for view in stack.subviews where !view.flag("hidden") && view.element != .switch {
                guard let frame = frames[view.id] else { continue }
                let by = vertical ? max(abs(frame.x - across.x), abs(frame.maxX - across.maxX))
                                  : max(abs(frame.y - across.y), abs(frame.maxY - across.maxY))
                if by > 0.5 + 1e-6 { return ("UISV-alignment of stack view '\(stack.id)' ('\(view.id)' spans it)", by) }
            }
        }
        return nil
    }

    /// A cell laid out as a row at its design width, with our text (at the height its table fixes,
    /// else self-sized as in a table with automatic heights): the views IB stores inside the cell
    /// that the row draws above or below itself.
    /// Cells whose constraints leave the height to UIKit's 44 pt fallback are counted apart
    /// (`collapsed`): a device draws their views outside a 44 pt row too.
    static func viewsOutsideTheirRow(_ entry: Entry, path: String, folder: String, theme: Theme, text: TextEngine, details: inout [String],
                                     verbose: Bool, collapsed: inout Int, emptyText: inout Int) throws -> Int {
        guard entry.document.builtInTemplate == nil, let laidOut = row(entry, path: path, folder: folder, theme: theme, text: text) else { return 0 }
        let document = entry.document
        let warnings = FlexLayout(text: text).autoLayout.warnings(Template(id: path + "/" + entry.name + "#row", interfaceBuilder: document), document: document,
                                                                  theme: theme, assetsFolder: folder, height: entry.rowHeight)
        if warnings.contains(where: { $0.contains("suggest a height of zero") }) {
            collapsed += 1
            if verbose { details.append("  collapsed \(path) \(entry.name)") }
            return 0
        }
        let stored = storedFrames(document)
        // The same row with a word in each empty label and text view and an image of the size IB
        // shows in each image view the file leaves without one: a view inside it then hangs out
        // only because UIKit's empty label is 0 × 0, an empty text view has no line and an image
        // view with no image no size (on a device too, until the app fills them), not by a rule
        // of ours.
        var worded = entry
        worded.document.content = Self.worded(document.content)
        let wordedRow = Self.row(worded, path: path, folder: folder, theme: theme, text: text)
        var count = 0
        for view in compared(document) {
            guard let inIB = stored[view.id], inIB.y >= -0.5, inIB.maxY <= document.content.frame.height + 0.5, inIB.height > 0,
                  let drawn = laidOut.frames[view.id], drawn.height > 0, drawn.y < -0.5 || drawn.maxY > laidOut.height + 0.5 else { continue }
            if let wordedRow, let frame = wordedRow.frames[view.id], frame.y >= -0.5, frame.maxY <= wordedRow.height + 0.5 {
                emptyText += 1
                if verbose { details.append("  outside, empty views \(path) \(entry.name) <\(view.element)> '\(view.id)': drawn at \(drawn) in a row \(fmt(laidOut.height)) tall") }
            } else {
                count += 1
                if verbose { details.append("  outside \(path) \(entry.name) <\(view.element)> '\(view.id)': drawn at \(drawn) in a row \(fmt(laidOut.height)) tall") }
            }
        }
        return count
    }

    /// A cell laid out as tablerender draws its row: every view's frame in the content view's
    /// coordinates, and the row's height.
    static func row(_ entry: Entry, path: String, folder: String, theme: Theme, text: TextEngine) -> (frames: [String: Rect], height: Double)? {
        let document = entry.document
        let template = Template(id: path + "/" + entry.name + "#row", interfaceBuilder: document)
        let flex = FlexLayout(text: text)
        let width = document.top.frame.width
        guard let bound = try? flex.autoLayout.layout(template, document: document, values: [:], width: width, height: entry.rowHeight, theme: theme,
                                                      assetsFolder: folder, screenWidth: document.designScreenWidth,
                                                      at: TableModel.SourceLocation(file: path)) else { return nil }
        let row = flex.layoutRoot(bound, width: width, height: entry.rowHeight)
        var frames: [String: Rect] = [:]
        func visit(_ view: LaidOutView, _ origin: (Double, Double)) {
            let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
            if let id = view.style.id { frames[id] = frame }
            for child in view.children { visit(child, (frame.x, frame.y)) }
        }
        visit(row, (0, 0))
        return (frames, row.frame.height)
    }

    /// A view with "Label" in each label and text view IB stores no text for.
    static func worded(_ view: IBView) -> IBView {
        var view = view
        if [.label, .textView].contains(view.element), (view.strings["text"] ?? view.attribute("text") ?? "").isEmpty {
            view.strings["text"] = nil
            view.attributes["text"] = "Label"
        }
        if view.element == .imageView, view.attribute("image") == nil, view.placeholderIntrinsicSize == nil {
            view.placeholderIntrinsicSize = (view.frame.width, view.frame.height)
        }
        view.subviews = view.subviews.map(worded)
        return view
    }

    static func files(in folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder)
        var found: [String] = []
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".xib") || path.hasSuffix(".storyboard") { found.append(path) }
        }
        return found.sorted()
    }

    static func run(folder: String, theme: Theme, verbose: Bool) throws -> Report {
        var lines: [String] = []
        var refused: [String] = []
        var stored = Tally(), ours = Tally()
        // The same, of the cells whose stored frames keep their own file's constraints.
        var storedKept = Tally(), oursKept = Tally(), inconsistent = 0
        var documents = 0, ambiguous = 0, conflicting = 0, outside = 0, collapsed = 0, emptyText = 0
        var details: [String] = []
        let engine = TextEngine()
        for path in files(in: folder) {
            let full = folder + "/" + path
            let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data())
            var entries: [Entry] = []
            do {
                if path.hasSuffix(".xib") {
                    entries = [Entry(name: "", document: try IBReader.read(file: full, bytes: bytes))]
                } else {
                    let storyboard = try IBReader.readStoryboard(file: full, bytes: bytes)
                    entries = storyboard.prototypes.map { Entry(name: $0.templateID(in: storyboard.fileStem), document: $0.document) }
                    for scene in storyboard.scenes {
                        for section in scene.table?.sections ?? [] {
                            for cell in section.cells where cell.style == nil {
                                entries.append(Entry(name: "\(scene.name)#\(cell.id)", document: cell.document, rowHeight: scene.table?.fixedHeight(of: cell)))
                            }
                        }
                    }
                }
            } catch {
                refused.append("\(path): \(error.message)")
                continue
            }
            var fileStored = Tally(), fileOurs = Tally()
            for index in entries.indices where !entries[index].document.customFonts.isEmpty {
                // The app's own fonts, wherever the corpus keeps them (as a gallery of the app finds them).
                entries[index].document.fontFiles = FontFiles.find(entries[index].document.customFonts.keys, in: [folder])
            }
            for entry in entries {
                documents += 1
                var broken = brokenConstraint(entry.document)
                let template = Template(id: entry.name.isEmpty ? path : path + "/" + entry.name, interfaceBuilder: entry.document)
                let folderOfFile = (full as NSString).deletingLastPathComponent
                for mode in [true, false] {
                    let (frames, warnings): ([String: Rect], [String])
                    do {
                        (frames, warnings) = try AutoLayout(text: engine).designFrames(template, document: entry.document, theme: theme,
                                                                                       assetsFolder: folderOfFile, storedSizes: mode)
                    } catch {
                        refused.append("\(path) \(entry.name): \(error.message)")
                        break
                    }
                    if mode {
                        ambiguous += warnings.filter { $0.hasPrefix("ambiguous layout") }.count
                        if warnings.contains(where: { $0.hasPrefix("Unable to simultaneously") }) {
                            conflicting += 1
                            // Conflicting constraints: IB's frames show which one UIKit breaks.
                            broken = nil
                        }
                        if let broken {
                            inconsistent += 1
                            if verbose {
                                details.append("  inconsistent \(path) \(entry.name): IB's stored frames break constraint \(broken.constraint) by \(fmt(broken.by)) pt")
                            }
                        }
                        if verbose { for warning in warnings { details.append("  \(path) \(entry.name): warning: \(warning)") } }
                    }
                    for view in compared(entry.document) {
                        guard let got = frames[view.id] else { continue }
                        let frame = view.frame
                        let distance = [got.x - frame.x, got.y - frame.y, got.width - frame.width, got.height - frame.height].map(abs).max() ?? 0
                        if mode { fileStored.add(distance) } else { fileOurs.add(distance) }
                        if broken == nil { if mode { storedKept.add(distance) } else { oursKept.add(distance) } }
                        if verbose, distance > 0.5 {
                            let text = view.attribute("text").map { " \"\($0.prefix(30))\"" } ?? ""
                            details.append("  \(mode ? "stored" : "ours  ") \(path) \(entry.name) <\(view.element)> '\(view.id)'\(text)\(view.isHidden ? " hidden" : ""): got \(fmt(got.x)),\(fmt(got.y)) \(fmt(got.width))×\(fmt(got.height)), IB \(fmt(frame.x)),\(fmt(frame.y)) \(fmt(frame.width))×\(fmt(frame.height))")
                        }
                    }
                }
            }
            for entry in entries where entry.document.kind == .cell {
                outside += try viewsOutsideTheirRow(entry, path: path, folder: (full as NSString).deletingLastPathComponent, theme: theme, text: engine,
                                                    details: &details, verbose: verbose, collapsed: &collapsed, emptyText: &emptyText)
            }
            stored += fileStored
            ours += fileOurs
            lines.append("\(path) [\(entries.count)]: stored sizes \(fileStored.line); our text \(fileOurs.line)")
        }
        var text = "Interface Builder corpus: \(folder)\n"
        text += "views within 0.5 pt / within 2 pt / beyond, of the frames IB stored (hidden views, views IB marks misplaced or ambiguous, and what they hold left out)\n\n"
        text += lines.joined(separator: "\n") + "\n\n"
        if verbose { text += details.joined(separator: "\n") + "\n\n" }
        text += "refused: \(refused.count)\n" + refused.map { "  " + $0 }.joined(separator: "\n") + (refused.isEmpty ? "" : "\n")
        text += "\(files(in: folder).count) files, \(documents) cells, headers and prototypes; \(ambiguous) ambiguity warnings; \(conflicting) with conflicting constraints\n"
        text += "drawn outside their row where IB stores them inside the cell: \(outside) views (and \(emptyText) more only while a label, text view or image view of their row is empty, as on a device: an empty label is 0 × 0, an empty text view 16 pt tall, an image view with no image has no size); cells whose constraints leave the height to UIKit's 44 pt fallback: \(collapsed)\n"
        text += "TOTAL with IB's stored sizes: \(stored.line)\n"
        text += "TOTAL with our own text:      \(ours.line)\n"
        text += "of the \(documents - inconsistent) cells whose stored frames keep their own constraints (\(inconsistent) break one by more than 0.5 pt: IB stored them under constraints the file no longer has):\n"
        text += "  with IB's stored sizes: \(storedKept.line)\n"
        text += "  with our own text:      \(oursKept.line)\n"
        return Report(text: text)
    }
}

/// The facts an oracle of text widths needs, read from a corpus of IB files (opt-in:
/// `TABLERENDER_IB_CORPUS=<folder> TABLERENDER_IB_LABELS=<file.tsv> swift test --filter
/// IBLabelFacts`): every single-line label in the system font or a text style whose stored width
/// only its text sets — laid out at IB's design size with IB's stored sizes, the label's frame
/// follows a change of its intrinsic width — with its text, font, and the size IB stored (IB
/// rounds it up to the device's pixels). No IB file is kept: one line of facts a label.
@Suite struct IBLabelFacts {
    static let output = ProcessInfo.processInfo.environment["TABLERENDER_IB_LABELS"]

    @Test(.enabled(if: IBCorpusTests.folder != nil && output != nil))
    func collect() throws {
        let folder = IBCorpusTests.folder!
        var rows: [String] = []
        for path in IBCorpus.files(in: folder) where path.hasSuffix(".xib") || path.hasSuffix(".storyboard") {
            let full = folder + "/" + path
            let bytes = Array((try? Data(contentsOf: URL(fileURLWithPath: full))) ?? Data())
            var documents: [IBDocument] = []
            if path.hasSuffix(".xib") {
                guard let document = try? IBReader.read(file: full, bytes: bytes) else { continue }
                documents = [document]
            } else {
                guard let storyboard = try? IBReader.readStoryboard(file: full, bytes: bytes) else { continue }
                documents = storyboard.prototypes.map(\.document)
                    + storyboard.scenes.flatMap { $0.table?.sections.flatMap { $0.cells.filter { $0.style == nil }.map(\.document) } ?? [] }
            }
            // The app: the corpus folder's first component below its kind (`files/App__Cell/…`).
            let app = path.split(separator: "/").dropFirst().first.map { String($0.split(separator: "_").first ?? "") } ?? ""
            for document in documents where document.builtInTemplate == nil {
                rows += try Self.facts(document, app: app, folder: (full as NSString).deletingLastPathComponent)
            }
        }
        let header = "app\ttools\tfont\tweight\tsize\tscale\twidth\theight\ttext"
        try ([header] + rows.sorted()).joined(separator: "\n").appending("\n").write(toFile: Self.output!, atomically: true, encoding: .utf8)
        print("\(rows.count) labels")
    }

    static func facts(_ document: IBDocument, app: String, folder: String) throws -> [String] {
        let template = Template(id: "facts", interfaceBuilder: document)
        let theme = IBCorpusTests.theme
        let candidates = IBCorpus.compared(document).filter { view in
            guard view.element == .label, (view.attribute("numberOfLines") ?? "1") == "1", view.attribute("adjustsFontSizeToFit") != "YES",
                  let text = view.attribute("text"), !text.isEmpty, !text.contains("\n"), view.placeholderIntrinsicSize == nil else { return false }
            let font = view.fonts["fontDescription"]
            return font == nil || font?.style != nil || ["system", "boldSystem", "italicSystem"].contains(font?.type ?? "")
        }
        guard !candidates.isEmpty else { return [] }
        let layout = AutoLayout(text: TextEngine())
        guard let base = try? layout.designFrames(template, document: document, theme: theme, assetsFolder: folder).frames else { return [] }
        var rows: [String] = []
        for view in candidates {
            guard let frame = base[view.id], abs(frame.width - view.frame.width) < 0.01, abs(frame.height - view.frame.height) < 0.01 else { continue }
            var wider = document
            wider.setPlaceholderIntrinsicSize(of: view.id, to: (view.frame.width + 7, view.frame.height + 7))
            guard let moved = try? layout.designFrames(Template(id: "facts+", interfaceBuilder: wider), document: wider, theme: theme, assetsFolder: folder).frames,
                  let grown = moved[view.id], abs(grown.width - frame.width - 7) < 0.01 else { continue }
            // Whether its height is its text's too (it follows the intrinsic height).
            let heightByText = abs(grown.height - frame.height - 7) < 0.01
            let font = view.fonts["fontDescription"]
            let name = font?.style ?? font?.type ?? "system"
            let weight = font?.type == "boldSystem" ? "bold" : font?.weight ?? "regular"
            let size = font?.style.flatMap { IBFonts.textStyles[$0] }.flatMap { DynamicType.metrics($0, .large)?.size } ?? font?.pointSize ?? 17
            let text = (view.attribute("text") ?? "").replacingOccurrences(of: "\t", with: " ")
            rows.append([app, fmt(document.toolsVersion ?? 0), name, weight, fmt(size), fmt(document.designScale ?? 2), fmt(view.frame.width),
                         heightByText ? fmt(view.frame.height) : "-", text].joined(separator: "\t"))
        }
        return rows
    }
}

extension IBDocument {
    /// The document with one view's placeholder intrinsic size set (to move its intrinsic width).
    mutating func setPlaceholderIntrinsicSize(of id: String, to size: (width: Double, height: Double)) {
        func visit(_ view: inout IBView) {
            if view.id == id { view.placeholderIntrinsicSize = size }
            for index in view.subviews.indices { visit(&view.subviews[index]) }
        }
        visit(&content)
    }
}

/// The corpus run's check of IB's stored frames against their own file's constraints, on files
/// written here: it runs by default (the corpus itself does not).
@Suite struct IBCorpusCheckTests {
    /// A 375 × 100 view: a switch 16 pt inside its trailing edge (its frame 2 pt past it, the
    /// alignment rectangle's outset), a scroll view filling the view with a box 40 pt above the
    /// scroll view's bottom (its content's, which IB does not store: the frames do not show it),
    /// and a label 16 pt from the leading edge at `labelX`.
    static func file(labelX: Double) -> String {
        IBRulesTests.xib("""
                    <view contentMode="scaleToFill" id="ck0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <scrollView clipsSubviews="YES" multipleTouchEnabled="YES" contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="ck0-SV-001">
                                <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                                <subviews>
                                    <view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="ck0-BX-002">
                                        <rect key="frame" x="0.0" y="0.0" width="375" height="20"/>
                                        <constraints>
                                            <constraint firstAttribute="height" constant="20" id="ck0-Cn-001"/>
                                        </constraints>
                                    </view>
                                </subviews>
                                <constraints>
                                    <constraint firstItem="ck0-BX-002" firstAttribute="top" secondItem="ck0-SV-001" secondAttribute="top" id="ck0-Cn-002"/>
                                    <constraint firstAttribute="bottom" secondItem="ck0-BX-002" secondAttribute="bottom" constant="40" id="ck0-Cn-003"/>
                                </constraints>
                            </scrollView>
                            <switch opaque="NO" contentMode="scaleToFill" horizontalHuggingPriority="750" verticalHuggingPriority="750" contentHorizontalAlignment="center" contentVerticalAlignment="center" on="YES" translatesAutoresizingMaskIntoConstraints="NO" id="ck0-SW-003">
                                <rect key="frame" x="310" y="34.5" width="51" height="31"/>
                            </switch>
                            <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Label" translatesAutoresizingMaskIntoConstraints="NO" id="ck0-LB-004">
                                <rect key="frame" x="\(labelX)" y="40" width="42" height="20.5"/>
                                <fontDescription key="fontDescription" type="system" pointSize="17"/>
                            </label>
                        </subviews>
                        <constraints>
                            <constraint firstItem="ck0-SV-001" firstAttribute="top" secondItem="ck0-VV-000" secondAttribute="top" id="ck0-Cn-004"/>
                            <constraint firstItem="ck0-SV-001" firstAttribute="leading" secondItem="ck0-VV-000" secondAttribute="leading" id="ck0-Cn-005"/>
                            <constraint firstAttribute="trailing" secondItem="ck0-SV-001" secondAttribute="trailing" id="ck0-Cn-006"/>
                            <constraint firstAttribute="bottom" secondItem="ck0-SV-001" secondAttribute="bottom" id="ck0-Cn-007"/>
                            <constraint firstAttribute="trailing" secondItem="ck0-SW-003" secondAttribute="trailing" constant="16" id="ck0-Cn-008"/>
                            <constraint firstItem="ck0-SW-003" firstAttribute="centerY" secondItem="ck0-VV-000" secondAttribute="centerY" id="ck0-Cn-009"/>
                            <constraint firstItem="ck0-LB-004" firstAttribute="leading" secondItem="ck0-VV-000" secondAttribute="leading" constant="16" id="ck0-Cn-010"/>
                            <constraint firstItem="ck0-LB-004" firstAttribute="top" secondItem="ck0-VV-000" secondAttribute="top" constant="40" id="ck0-Cn-011"/>
                        </constraints>
                    </view>
            """)
    }

    @Test func framesThatKeepTheirConstraintsPass() throws {
        let (_, document) = try IBRulesTests.inline(Self.file(labelX: 16))
        let broken = IBCorpus.brokenConstraint(document)
        #expect(broken == nil, "\(broken.map { "\($0.constraint) by \($0.by)" } ?? "")")
    }

    /// Xcode 8.0 leaves out the frames its constraints decide: such a view has no stored frame to
    /// compare (it and what it holds are left out of the count), and with IB's sizes it keeps its
    /// own (the label its text's, not 0 × 0).
    @Test func aViewWithoutAStoredFrameIsNotCompared() throws {
        let xml = Self.file(labelX: 16).replacingOccurrences(of: #"<rect key="frame" x="16.0" y="40" width="42" height="20.5"/>"#, with: "")
        let (template, document) = try IBRulesTests.inline(xml)
        let label = try #require(document.allViews.first { $0.id == "ck0-LB-004" })
        #expect(!label.frameStored && document.allViews.filter { $0.id != "ck0-LB-004" }.allSatisfy(\.frameStored))
        #expect(!IBCorpus.compared(document).contains { $0.id == "ck0-LB-004" })
        #expect(IBCorpus.compared(document).contains { $0.id == "ck0-SW-003" })
        let frames = try IBRulesTests.design(template, document).frames
        let laidOut = try #require(frames["ck0-LB-004"])
        #expect(laidOut.x == 16 && laidOut.y == 40 && laidOut.width > 30 && laidOut.height > 19, "\(laidOut)")
    }

    @Test func aFrameStoredUnderAnotherConstraintIsFound() throws {
        let (_, document) = try IBRulesTests.inline(Self.file(labelX: 20))
        let broken = try #require(IBCorpus.brokenConstraint(document))
        #expect(broken.constraint.hasPrefix("'ck0-Cn-010'"), "\(broken.constraint)")
        #expect(abs(broken.by - 4) < 1e-9)
        // Half a point is IB's rounding, not a stale frame.
        let (_, rounded) = try IBRulesTests.inline(Self.file(labelX: 16.5))
        #expect(IBCorpus.brokenConstraint(rounded) == nil)
    }


    /// Across a stack view that fills, UIKit pins every arranged view it shows to both sides
    /// (`UISV-alignment`): a label IB stored narrower than its vertical fill stack was stored
    /// under another layout (Tinode's, 241 pt wide in a 324 pt stack); a hidden one, or a stack
    /// aligned to its leading edge, breaks nothing.
    @Test func aViewStoredNarrowerThanItsFillingStackIsFound() throws {
        func file(labelWidth: Double, alignment: String = "", hidden: String = "") -> String {
            IBRulesTests.xib("""
                    <view contentMode="scaleToFill" id="sk0-VV-000">
                        <rect key="frame" x="0.0" y="0.0" width="375" height="100"/>
                        <autoresizingMask key="autoresizingMask" flexibleMaxX="YES" flexibleMaxY="YES"/>
                        <subviews>
                            <stackView opaque="NO" contentMode="scaleToFill" axis="vertical"\(alignment) translatesAutoresizingMaskIntoConstraints="NO" id="sk0-ST-001">
                                <rect key="frame" x="16" y="10" width="324" height="41"/>
                                <subviews>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Address"\(hidden) translatesAutoresizingMaskIntoConstraints="NO" id="sk0-LB-002">
                                        <rect key="frame" x="0.0" y="0.0" width="\(labelWidth)" height="20.5"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                    <label opaque="NO" userInteractionEnabled="NO" contentMode="left" text="Alias" translatesAutoresizingMaskIntoConstraints="NO" id="sk0-LB-003">
                                        <rect key="frame" x="0.0" y="20.5" width="324" height="20.5"/>
                                        <fontDescription key="fontDescription" type="system" pointSize="17"/>
                                    </label>
                                </subviews>
                            </stackView>
                        </subviews>
                        <constraints>
                            <constraint firstItem="sk0-ST-001" firstAttribute="top" secondItem="sk0-VV-000" secondAttribute="top" constant="10" id="sk0-Cn-004"/>
                            <constraint firstItem="sk0-ST-001" firstAttribute="leading" secondItem="sk0-VV-000" secondAttribute="leading" constant="16" id="sk0-Cn-005"/>
                        </constraints>
                    </view>
            """)
        }
        let (_, stale) = try IBRulesTests.inline(file(labelWidth: 241))
        let broken = try #require(IBCorpus.brokenConstraint(stale))
        #expect(broken.constraint.hasPrefix("UISV-alignment of stack view 'sk0-ST-001' ('sk0-LB-002'") && abs(broken.by - 83) < 1e-9, "\(broken)")
        for (width, alignment, hidden) in [(324.0, "", ""), (241, #" alignment="leading""#, ""), (241, "", #" hidden="YES""#)] {
            let (_, document) = try IBRulesTests.inline(file(labelWidth: width, alignment: alignment, hidden: hidden))
            let found = IBCorpus.brokenConstraint(document)
            #expect(found == nil, "\(alignment)\(hidden): \(found.map { "\($0.constraint) by \($0.by)" } ?? "")")
        }
    }
}
