import Foundation
import TableCairo
import TableLayout
import TableModel
import TableTemplates
import TableText

/// What the layout lint finds in a laid-out table: the breakage a person would call a bug,
/// found without anyone looking at the images.
public struct LintFinding: Sendable, Hashable, Codable {
    /// The kinds of finding.
    public enum Kind: String, Sendable, Codable, CaseIterable {
        /// Text cut by its line limit (with `--all` only when the limit is more than one line:
        /// a clamped body is usually by design).
        case truncated
        /// A word broken across lines because its label is narrower than the word.
        case brokenWord
        /// Text taller than the frame it is drawn in (a fixed height).
        case clipped
        /// A view reaching out of its row.
        case outsideRow
        /// A view drawn over a sibling in its stack.
        case overlap
        /// A character no installed font has.
        case missingGlyph
        /// Text below WCAG AA contrast against what is behind it (4.5:1; 3:1 for large text).
        case contrast
        /// An image drawn larger than its pixels allow at the render scale.
        case upscaledImage
        /// A control VoiceOver reads with no label (an image-only button, a switch, a slider):
        /// only its kind and value, with nothing to say what it is for.
        case unlabeledControl
        /// A button smaller than the 44 × 44 pt Apple's guidelines ask a tap target to be.
        case smallTapTarget
    }

    /// What was found.
    public var kind: Kind
    /// The document's name.
    public var document: String
    /// The variant it was found in (width, theme, content size, locale, appearance).
    public var variant: String
    /// The row's (or header's, footer's) JSON path in the document, and its id.
    public var path: String
    /// The row's id.
    public var row: String
    /// The view's id in its template (IB id or `id` attribute), else its kind.
    public var view: String
    /// What is wrong, in a sentence (the hidden text quoted for a truncation).
    public var message: String
    /// The view's frame and its row's on the page (x, y, width, height in points): where a
    /// report marks it.
    public var frame: [Double]?
    /// The row's frame on the page.
    public var rowFrame: [Double]?
    /// The page the row is on (0 first).
    public var page: Int?
    /// The JSON path of the value the view shows, when it shows one (`…items[3].values.detail`).
    public var value: String?
}

/// The lint itself: walks every block of a laid-out table.
public struct LayoutLint: Sendable {
    /// Whether truncation a template asks for (a limit of several lines) is reported too (`--all`).
    public var includeDesignedTruncation = false
    /// The scale images are checked at: an image drawn larger than its pixels at this scale is a finding.
    public var scale: Double = 2

    /// A lint with the defaults: designed truncation left out, scale 2.
    public init() {}

    /// The findings of `table` (laid out from `document` in `variant`), colours checked in each of `appearances`.
    public func findings(_ table: LaidOutTable, document: LoadedDocument, variant: String, appearances: [Appearance]) -> [LintFinding] {
        var found: [LintFinding] = []
        for (pageIndex, page) in table.pages.enumerated() {
            for block in page.blocks where !block.repeated && block.contentOffset == 0 {
                guard let content = block.content else { continue }
                var row = RowLint(lint: self, table: table, document: document, variant: variant, appearances: appearances, block: block,
                                  pageIndex: pageIndex, path: path(of: block, in: table))
                row.check(content)
                found += row.found
            }
        }
        return found
    }

    /// A letter or a digit: a break between two of them, where no hyphen or space allows one,
    /// breaks a word or a number ("555-0123-456|7").
    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        Character(scalar).isLetter || Character(scalar).isNumber
    }

    /// Whether a view draws something of its own (text, an image, a control, a glyph).
    static func showsSomething(_ content: ViewContent) -> Bool {
        switch content {
        case .label(let string, _, _): return !string.isEmpty
        case .image, .toggle, .accessory: return true
        default: return false
        }
    }

    /// Whether a letter belongs to a script that separates words with spaces (Latin, Greek,
    /// Cyrillic, Armenian, Hebrew, Arabic…), where a break inside a word is breakage; Chinese,
    /// Japanese, Thai and their neighbours break between letters by design.
    static func separatesWords(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x0900 || (0x1E00...0x1FFF).contains(value) || (0xFB00...0xFDFF).contains(value) || (0xFE70...0xFEFF).contains(value)
    }

    /// The JSON path of a block in the document.
    func path(of block: Block, in table: LaidOutTable) -> String {
        switch block.kind {
        case .title: return "$.title"
        case .header: return "$.sections[\(block.section)].header"
        case .footer: return "$.sections[\(block.section)].footer"
        case .row: return "$.sections[\(block.section)].items[\(block.item ?? 0)]"
        }
    }

    /// Where the value a label shows is in the document: an item's or a template header's
    /// `values`, or the title string itself (a title header or footer, the table's title).
    func valuePath(of block: Block, path: String, key: String, document: LoadedDocument) -> String {
        let sections = document.document.table.sections
        switch block.kind {
        case .title:
            return path
        case .header, .footer:
            guard sections.indices.contains(block.section) else { return path }
            let supplementary = block.kind == .header ? sections[block.section].header : sections[block.section].footer
            if case .view? = supplementary { return path + ".values." + key }
            return path
        case .row:
            return path + ".values." + key
        }
    }

    func excerpt(_ text: String) -> String {
        let flat = text.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= 60 ? flat : String(flat.prefix(57)) + "…"
    }

    /// WCAG 2.x contrast of text over a background (text composited over it when translucent).
    static func contrast(_ foreground: RGBA, over background: RGBA) -> Double {
        func mix(_ a: Double, _ b: Double) -> Double { a * foreground.alpha + b * (1 - foreground.alpha) }
        let text = RGBA(red: mix(foreground.red, background.red), green: mix(foreground.green, background.green), blue: mix(foreground.blue, background.blue))
        func luminance(_ color: RGBA) -> Double {
            func channel(_ c: Double) -> Double { c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4) }
            return 0.2126 * channel(color.red) + 0.7152 * channel(color.green) + 0.0722 * channel(color.blue)
        }
        let (a, b) = (luminance(text), luminance(background))
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }
}

private func fmt(_ value: Double) -> String {
    let rounded = (value * 10).rounded() / 10
    return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
}

/// The lint of one block (a row, a header, a footer or the title): its views walked once, each
/// finding located by the block's JSON path, the view's id and its frame on the page.
private struct RowLint {
    let lint: LayoutLint
    let table: LaidOutTable
    let document: LoadedDocument
    let variant: String
    let appearances: [Appearance]
    let block: Block
    let pageIndex: Int
    let path: String
    var found: [LintFinding] = []
    /// Template overlays (a badge) and what they hold, and the lines of text not in one.
    var overlays: [(view: LaidOutView, frame: Rect, visible: Bool)] = []
    var texts: [(view: LaidOutView, line: String, box: Rect)] = []

    init(lint: LayoutLint, table: LaidOutTable, document: LoadedDocument, variant: String, appearances: [Appearance], block: Block,
         pageIndex: Int, path: String) {
        self.lint = lint
        self.table = table
        self.document = document
        self.variant = variant
        self.appearances = appearances
        self.block = block
        self.pageIndex = pageIndex
        self.path = path
    }

    var theme: Theme { document.renderer.theme }
    var text: TextEngine { document.renderer.engine.text }
    var scale: Double { lint.scale }
    func excerpt(_ string: String) -> String { lint.excerpt(string) }

    /// Walks the block's views, then looks for overlays over text.
    mutating func check(_ content: LaidOutView) {
        let rowBackground = block.background ?? (block.kind == .row ? table.style.cellBackground : table.background)
        visit(content, origin: (0, 0), background: rowBackground, siblings: [])
        // An overlay drawn over text that is not its own: a badge over a title.
        for covering in overlays where covering.visible {
            for text in texts {
                let width = min(covering.frame.maxX, text.box.maxX) - max(covering.frame.x, text.box.x)
                let height = min(covering.frame.maxY, text.box.maxY) - max(covering.frame.y, text.box.y)
                guard width > 0.5, height > text.box.height / 4 else { continue }
                report(.overlap, covering.view, covering.frame,
                       "an overlay (\(covering.view.style.id ?? covering.view.style.kindName)) covers \(fmt(width)) pt of the text of \(text.view.style.id.map { "'\($0)'" } ?? "a label"): “\(excerpt(text.line))”")
                break
            }
        }
    }

    /// `frame`: the view's in its row.
    mutating func report(_ kind: LintFinding.Kind, _ view: LaidOutView, _ frame: Rect, _ message: String) {
        let rect = [frame.x + block.frame.x, frame.y + block.frame.y, frame.width, frame.height]
        found.append(LintFinding(kind: kind, document: document.document.file, variant: variant, path: path, row: block.id,
                                 view: view.style.id ?? view.style.kindName, message: message, frame: rect,
                                 rowFrame: [block.frame.x, block.frame.y, block.frame.width, block.frame.height], page: pageIndex,
                                 value: view.style.valueKey.map { lint.valuePath(of: block, path: path, key: $0, document: document) }))
    }

    mutating func visit(_ view: LaidOutView, origin: (Double, Double), background: String, siblings: [LaidOutView], overlay: Int? = nil) {
        let frame = view.frame.offsetBy(dx: origin.0, dy: origin.1)
        let style = view.style
        if style.opacity <= 0 { return }
        // Out of the row; in a row of fixed height (which clips), what its height cuts off.
        // (A row a page break cuts is a piece that clips too: not a fixed height.)
        let fixedHeight = block.clips && !block.continues && block.contentOffset == 0
        let over = max(-frame.x, frame.maxX - block.frame.width, block.clips ? 0 : max(-frame.y, frame.maxY - block.frame.height))
        if over > 0.5, frame.width > 0, frame.height > 0 {
            report(.outsideRow, view, frame, "\(style.kindName) reaches \(fmt(over)) pt out of its row (frame \(frame))")
        }
        if fixedHeight, frame.width > 0, frame.height > 0, LayoutLint.showsSomething(style.content) {
            let hidden = min(frame.height, max(0, -frame.y) + max(0, frame.maxY - block.frame.height))
            if hidden > 0.5 {
                let what = hidden >= frame.height - 0.5 ? "is not shown at all" : "loses \(fmt(hidden)) of its \(fmt(frame.height)) pt"
                let shown: String
                if case .label(let string, _, _) = style.content { shown = " (“\(excerpt(string))”)" } else { shown = "" }
                report(.clipped, view, frame, "\(style.kindName)\(shown) \(what): the row's fixed height of \(fmt(block.frame.height)) pt cuts it")
            }
        }
        // Over a sibling (a template's overlays sit over their siblings by design; views
        // placed by constraints do not).
        func flows(_ view: LaidOutView) -> Bool { view.style.overlay == nil || view.style.placedByConstraints }
        if flows(view) {
            for other in siblings where flows(other) && other != view && other.frame.width > 0 && other.frame.height > 0 {
                let overlapWidth = min(frame.maxX, other.frame.maxX + origin.0) - max(frame.x, other.frame.x + origin.0)
                let overlapHeight = min(frame.maxY, other.frame.maxY + origin.1) - max(frame.y, other.frame.y + origin.1)
                if overlapWidth > 0.5, overlapHeight > 0.5, view.frame.x < other.frame.x || (view.frame.x == other.frame.x && view.frame.y < other.frame.y) {
                    report(.overlap, view, frame, "\(style.kindName) overlaps \(other.style.id ?? other.style.kindName) by \(fmt(overlapWidth)) × \(fmt(overlapHeight)) pt")
                }
            }
        }
        // What VoiceOver reads of a control, and how large a button is to tap.
        if let settings = style.accessibility, let control = settings.control, let element = AccessibilityTree.element(of: view) {
            if element.label.isEmpty {
                let reads = [control == "switch" ? "switch button" : control, settings.value.map { ", " + $0 } ?? ""].joined()
                report(.unlabeledControl, view, frame, "\(control) has no accessibility label: VoiceOver reads only “\(reads)”; give it one (IB's Identity inspector, Accessibility → Label)")
            }
            if control == "button", frame.width < 44 || frame.height < 44 {
                report(.smallTapTarget, view, frame, "button is \(fmt(frame.width)) × \(fmt(frame.height)) pt, smaller than the 44 × 44 pt tap target Apple's guidelines ask for")
            }
        }
        let behind = style.background.flatMap { theme.color($0, .light).map { $0.alpha >= 0.5 } == true ? $0 : nil } ?? background
        // A template's overlay (a badge, a label over a picture) and what it holds.
        let overlay = overlay ?? (style.overlay != nil && !style.placedByConstraints ? overlays.count : nil)
        if let overlay, overlay == overlays.count, style.overlay != nil {
            overlays.append((view, frame, LayoutLint.showsSomething(style.content) || style.background != nil))
        } else if let overlay, LayoutLint.showsSomething(style.content) || style.background != nil {
            overlays[overlay].visible = true
        }
        switch style.content {
        case .label(let string, let textStyle, let color) where !string.isEmpty:
            label(string, textStyle, color, view, frame, behind)
            if overlay == nil { texts += textBoxes(view, string, textStyle, frame) }
        case .image(let path, _, _):
            image(path, view, frame)
        default: break
        }
        for child in view.children { visit(child, origin: (frame.x, frame.y), background: behind, siblings: view.children, overlay: overlay) }
    }
    /// The boxes of a label's lines, on the row: each line as wide as its text, placed by
    /// its alignment (the ink an overlay may cover, not the label's whole frame).
    func textBoxes(_ view: LaidOutView, _ string: String, _ textStyle: TextStyle, _ frame: Rect) -> [(view: LaidOutView, line: String, box: Rect)] {
        guard let lines = view.textLines?.lines, textStyle.font.lineHeight > 0 else { return [] }
        let left = frame.x + view.style.padding[3], innerWidth = max(1, frame.width - view.style.padding[1] - view.style.padding[3])
        var oneLine = textStyle
        oneLine.lines = 1
        return lines.enumerated().compactMap { index, line in
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
            let width = min(innerWidth, text.measure(line, style: oneLine, width: nil).width)
            let trailing: Bool
            switch textStyle.alignment {
            case .right: trailing = true
            case .left: trailing = false
            case .trailing: trailing = table.direction != .rightToLeft
            case .center: trailing = false
            default: trailing = table.direction == .rightToLeft
            }
            let x = textStyle.alignment == .center ? left + (innerWidth - width) / 2 : trailing ? left + innerWidth - width : left
            let y = frame.y + view.style.padding[0] + Double(index) * textStyle.font.lineHeight
            return (view, line, Rect(x: x, y: y, width: width, height: textStyle.font.lineHeight))
        }
    }
    mutating func label(_ string: String, _ textStyle: TextStyle, _ color: String, _ view: LaidOutView, _ frame: Rect, _ background: String) {
        let innerWidth = max(1, frame.width - view.style.padding[1] - view.style.padding[3])
        var unlimited = textStyle
        unlimited.lines = 0
        let full = text.lines(string, style: unlimited, width: innerWidth)
        let shownLines = textStyle.lines == 0 ? full.lines.count : min(textStyle.lines, full.lines.count)
        if textStyle.lines > 0, full.lines.count > textStyle.lines, lint.includeDesignedTruncation || textStyle.lines == 1 {
            let shown = view.textLines?.lines.joined(separator: " ") ?? ""
            let flat = string.replacingOccurrences(of: "\n", with: " ")
            let kept = shown.hasSuffix("…") ? String(shown.dropLast()) : shown
            if textStyle.truncation == .tail, flat.hasPrefix(kept) {
                let hidden = String(flat.dropFirst(kept.count)).trimmingCharacters(in: .whitespaces)
                report(.truncated, view, frame, "text cut by its line limit (\(textStyle.lines)): “\(excerpt(kept))…” hides “\(excerpt(hidden))”")
            } else {
                report(.truncated, view, frame, "text cut by its line limit (\(textStyle.lines), \(textStyle.truncation.rawValue) truncation): shows “\(excerpt(shown))” of “\(excerpt(flat))”")
            }
        }
        var index = 0
        while index + 1 < full.lines.count, index + 1 < shownLines {
            defer { index += 1 }
            guard full.between[index].isEmpty else { continue }
            let before = full.lines[index].split(separator: " ").last.map(String.init) ?? ""
            let after = full.lines[index + 1].split(separator: " ").first.map(String.init) ?? ""
            guard let last = before.unicodeScalars.last, let first = after.unicodeScalars.first,
                  LayoutLint.separatesWords(last), LayoutLint.separatesWords(first), LayoutLint.isWordCharacter(last), LayoutLint.isWordCharacter(first) else { continue }
            // The whole word, however many lines it runs over, quoted with all its breaks.
            var pieces = [before, after]
            var start = index
            while start > 0, full.between[start - 1].isEmpty, !full.lines[start].contains(" "),
                  let piece = full.lines[start - 1].split(separator: " ").last {
                pieces.insert(String(piece), at: 0)
                start -= 1
            }
            while index + 2 < full.lines.count, index + 2 < shownLines, full.between[index + 1].isEmpty, !full.lines[index + 1].contains(" "),
                  let piece = full.lines[index + 2].split(separator: " ").first {
                pieces.append(String(piece))
                index += 1
            }
            let digits = pieces.joined().unicodeScalars.filter { Character($0).isNumber }.count
            let kind = Character(last).isNumber && Character(first).isNumber || digits * 2 > pieces.joined().unicodeScalars.count ? "number" : "word"
            report(.brokenWord, view, frame, "the \(kind) “\(pieces.joined())” is broken across lines (“\(pieces.joined(separator: "|"))”): its label is \(fmt(innerWidth)) pt wide")
        }
        let needed = Double(shownLines) * textStyle.font.lineHeight + view.style.padding[0] + view.style.padding[2]
        if needed > frame.height + 0.5 {
            report(.clipped, view, frame, "text needs \(fmt(needed)) pt and has \(fmt(frame.height)) pt: “\(excerpt(string))”")
        }
        let missing = text.missingCharacters(in: string)
        if !missing.isEmpty {
            report(.missingGlyph, view, frame, "no installed font has \(missing.map { String(format: "U+%04X", $0.value) }.joined(separator: ", ")) in “\(excerpt(string))”")
        }
        for appearance in appearances {
            guard let foreground = theme.color(color, appearance), let back = theme.color(background, appearance) else { continue }
            let ratio = LayoutLint.contrast(foreground, over: back)
            let large = textStyle.font.size >= 18 || (textStyle.font.size >= 14 && textStyle.font.weight >= 700)
            let required = large ? 3.0 : 4.5
            if ratio < required {
                report(.contrast, view, frame, "contrast \(String(format: "%.2f", ratio)):1 in \(appearance.rawValue) (\(color) on \(background)), below WCAG AA's \(required == 3 ? "3" : "4.5"):1 for \(large ? "large" : "body") text")
            }
        }
    }
    mutating func image(_ path: String, _ view: LaidOutView, _ frame: Rect) {
        let reference = ImageReference(path)
        let file = reference.file(dark: false, scale: scale)
        guard !SFSymbols.isSymbol(file.path), let info = try? ImageCheck.info(file.path), info.kind == .png || info.kind == .jpeg,
              let natural = info.naturalSize else { return }
        // Pixels in the file, against pixels the frame asks for at the render scale.
        let nameScale = reference.variants.count > 1 ? file.scale : ImageCheck.scale(ofName: file.path)
        let pixels = (natural.width * nameScale, natural.height * nameScale)
        let factor = max(frame.width * scale / pixels.0, frame.height * scale / pixels.1)
        if factor > 1.05 {
            report(.upscaledImage, view, frame, "image drawn at \(String(format: "%.1f", factor))× its pixels (\(Int(pixels.0)) × \(Int(pixels.1)) px for \(fmt(frame.width)) × \(fmt(frame.height)) pt at @\(Int(scale))x)")
        }
    }
}
