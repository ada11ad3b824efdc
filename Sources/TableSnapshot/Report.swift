import Foundation
import TableCairo
import TableRender
import TableText

/// A static HTML report of a snapshot run that opens from `file://` with no network: failures
/// first with Diff / Actual / Expected / Side by side / Slider views (switched without script),
/// the command that accepts each change, then passes and orphaned references. Images fit the
/// window unless "Actual pixels" is ticked; the slider's edge follows the pointer wherever it
/// presses on the picture (one small script, allowed by its hash and nothing else).
package struct SnapshotReport {
    package var folder: String
    package var acceptCommand: (SnapshotCase) -> String
    /// What drew the system font (SF Pro, or the theme's stand-in): references made with the
    /// other differ, so the report says it.
    package var systemFont: String?

    package init(folder: String, acceptCommand: @escaping (SnapshotCase) -> String) {
        self.folder = folder
        self.acceptCommand = acceptCommand
    }

    /// A failure image the report writes: `NNN-name.actual.png`, `.expected.png` or `.diff.png`.
    static func isFailureImage(_ file: String) -> Bool {
        let digits = file.prefix(3)
        guard digits.count == 3, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber), file.dropFirst(3).first == "-" else { return false }
        return [".actual.png", ".expected.png", ".diff.png"].contains { file.hasSuffix($0) }
    }

    /// One snapshot in a report: what `report.json` holds for it, and what its card shows.
    package struct Entry: Codable, Sendable, Equatable {
        package var name: String
        package var reference: String
        /// `passed`, `recorded`, `failed` or `recordedFailing`.
        package var status: String
        package var why: String?
        /// The report's image files by kind: `actual`, `expected`, `diff`.
        package var images: [String: String]
        package var accept: String

        package var isFailure: Bool { status == "failed" || status == "recordedFailing" }
    }

    /// What `report.json` holds: every snapshot of the run (or of its shard), the orphaned
    /// references, and the shard, so that `snapshot merge` can put shards' reports together.
    package struct Contents: Codable, Sendable {
        package var version = 1
        /// `K/N` for a shard's report.
        package var shard: String?
        package var systemFont: String?
        package var snapshots: [Entry]
        package var orphans: [String]
    }

    /// Writes the report, its images and `report.json`; returns the page's path.
    package func write(_ outcomes: [SnapshotOutcome], orphans: [String], shard: String? = nil) throws(Diagnostic) -> String {
        try prepareFolder()
        var entries: [Entry] = []
        for (index, outcome) in outcomes.enumerated() {
            var entry = Entry(name: outcome.snapshot.name, reference: outcome.snapshot.reference, status: "passed", why: nil, images: [:],
                              accept: acceptCommand(outcome.snapshot))
            switch outcome.status {
            case .passed: entry.status = "passed"
            case .recorded: entry.status = "recorded"
            case .failed(let why), .recordedFailing(let why):
                entry.status = outcome.status == .failed(why) ? "failed" : "recordedFailing"
                entry.why = why
                let prefix = String(format: "%03d-", index) + outcome.snapshot.name.replacingOccurrences(of: "/", with: "_")
                for (kind, image) in [("actual", outcome.actual), ("expected", outcome.expected), ("diff", outcome.diff)] {
                    guard let image else { continue }
                    let file = prefix + "." + kind + ".png"
                    try AtomicFile.write(try image.png(), to: folder + "/" + file)
                    entry.images[kind] = file
                }
            }
            entries.append(entry)
        }
        return try writePage(Contents(shard: shard, systemFont: systemFont, snapshots: entries, orphans: orphans))
    }

    /// Reads the reports of shards (`snapshot verify --shard K/N --report DIR` on each machine)
    /// and writes one report of them all here: their images copied, their snapshots and orphans
    /// together. Every shard of `N` must be there, once. Returns the page and the entries.
    package func merge(_ reports: [String]) throws(Diagnostic) -> (page: String, entries: [Entry]) {
        var read: [(folder: String, data: Contents)] = []
        for report in reports {
            let path = report + "/report.json"
            guard let bytes = FileManager.default.contents(atPath: path) else {
                throw Diagnostic(.missingFile, at: SourceLocation(file: path), "no snapshot report here (a folder that `snapshot verify --report` wrote holds report.json)")
            }
            do { read.append((report, try JSONDecoder().decode(Contents.self, from: bytes))) } catch {
                throw Diagnostic(at: SourceLocation(file: path), "not a snapshot report: \(error)")
            }
        }
        // Shards: all of one N, each K once.
        let shards = read.compactMap { entry in entry.data.shard.map { (entry.folder, $0) } }
        if !shards.isEmpty {
            func parse(_ text: String) -> (Int, Int)? {
                let parts = text.split(separator: "/").compactMap { Int($0) }
                return parts.count == 2 && parts[1] >= 1 && (1...parts[1]).contains(parts[0]) ? (parts[0], parts[1]) : nil
            }
            guard shards.count == read.count else {
                throw Diagnostic(at: SourceLocation(file: read.first { $0.data.shard == nil }!.folder + "/report.json"), "a whole run's report cannot be merged with shards' reports")
            }
            var seen: [Int: String] = [:]
            var count: Int?
            for (folder, text) in shards {
                guard let (index, total) = parse(text) else { throw Diagnostic(at: SourceLocation(file: folder + "/report.json"), "shard '\(text)' is not K/N") }
                if let count, count != total {
                    throw Diagnostic(at: SourceLocation(file: folder + "/report.json"), "shard \(text) is of \(total) shards, the others of \(count)")
                }
                count = total
                if let other = seen[index] {
                    throw Diagnostic(at: SourceLocation(file: folder + "/report.json"), "shard \(text) is already in \(other)")
                }
                seen[index] = folder
            }
            let missing = (1...(count ?? 1)).filter { seen[$0] == nil }
            if !missing.isEmpty {
                throw Diagnostic(at: nil, "shard\(missing.count > 1 ? "s" : "") \(missing.map { "\($0)/\(count ?? 1)" }.joined(separator: ", ")) missing: merge the reports of every shard")
            }
        }
        try prepareFolder()
        var entries: [Entry] = []
        var orphans = Set<String>()
        for (folder, data) in read {
            orphans.formUnion(data.orphans)
            for var entry in data.snapshots {
                for (kind, file) in entry.images.sorted(by: { $0.key < $1.key }) {
                    // Report image names are plain files of that folder: nothing else is copied.
                    guard !file.contains("/"), Self.isFailureImage(file), let bytes = FileManager.default.contents(atPath: folder + "/" + file) else {
                        entry.images[kind] = nil
                        continue
                    }
                    let copy = String(format: "%03d-", entries.count) + entry.name.replacingOccurrences(of: "/", with: "_") + "." + kind + ".png"
                    try AtomicFile.write([UInt8](bytes), to: self.folder + "/" + copy)
                    entry.images[kind] = copy
                }
                entries.append(entry)
            }
        }
        let systemFonts = Set(read.compactMap(\.data.systemFont))
        let page = try writePage(Contents(shard: nil, systemFont: systemFonts.count == 1 ? systemFonts.first : systemFonts.sorted().joined(separator: "; "),
                                      snapshots: entries.sorted { $0.name < $1.name }, orphans: orphans.sorted()))
        return (page, entries)
    }

    private func prepareFolder() throws(Diagnostic) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: folder), "cannot create the report folder: \(error.localizedDescription)")
        }
        guard access(folder, W_OK) == 0 else { throw Diagnostic(.failure, at: SourceLocation(file: folder), "the report folder is not writable") }
        // The images of an earlier run's failures go: the report shows this run only, and a
        // pass leaves none behind.
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where Self.isFailureImage(file) {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
    }

    /// The page and `report.json` of `data`, whose images are already in the folder.
    private func writePage(_ data: Contents) throws(Diagnostic) -> String {
        var failures = ""
        var passes = ""
        for (index, entry) in data.snapshots.enumerated() {
            if entry.isFailure {
                failures += card(entry, index: index)
            } else {
                passes += "<li><span class=\"ok\">\(entry.status)</span> \(escape(entry.name))</li>\n"
            }
        }
        let outcomes = data.snapshots
        let orphans = data.orphans
        let systemFont = data.systemFont
        let failed = outcomes.filter(\.isFailure).count
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Snapshots: \(failed) failed, \(outcomes.count - failed) passed</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'sha256-\(SHA256.base64(Array(Self.sliderScript.utf8)))'">
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111;background:#f6f6f8}
            h1{font-size:20px} h2{font-size:16px;margin:0 0 4px} code{background:#eee;padding:1px 4px;border-radius:4px;user-select:all}
            .card{background:#fff;border-radius:10px;padding:16px;margin:16px 0;box-shadow:0 1px 3px rgba(0,0,0,.1)}
            .why{color:#b00020} .ok{color:#1b7f3a;font-weight:600} ul{padding-left:20px}
            .tabs input{position:absolute;opacity:0} .tabs label{display:inline-block;padding:4px 10px;margin:8px 4px 8px 0;border-radius:6px;background:#eee;cursor:pointer}
            .tabs input:checked+label{background:#111;color:#fff}
            .view{display:none;margin-top:8px} .view img{max-width:100%;border:1px solid #ddd;background:#fff}
            .tabs input.v-diff:checked~.diff,.tabs input.v-actual:checked~.actual,.tabs input.v-expected:checked~.expected,
            .tabs input.v-side:checked~.side,.tabs input.v-slider:checked~.slider{display:block}
            .side{display:none;gap:12px} .tabs input.v-side:checked~.side{display:flex} .side figure{margin:0;flex:1} .side img{width:100%}
            .slider .frame{position:relative;display:inline-block;max-width:100%;cursor:ew-resize;touch-action:none;user-select:none}
            .slider .frame>img{display:block;max-width:100%}
            .slider .over{position:absolute;left:0;top:0;width:100%;height:100%;clip-path:inset(0 50% 0 0)}
            .slider .over img{display:block;width:100%;max-width:none;border-color:transparent} .slider img{-webkit-user-drag:none}
            .slider .edge{position:absolute;top:0;bottom:0;left:50%;width:2px;margin-left:-1px;background:#d00;pointer-events:none}
            #actual-pixels:checked~.card .view img,#actual-pixels:checked~.card .slider .frame,#actual-pixels:checked~.card .slider .frame>img{max-width:none}
            #actual-pixels:checked~.card .side img{width:auto}
            </style></head><body>
            <h1>Snapshots: \(failed) failed, \(outcomes.count - failed) passed</h1>
            \(systemFont.map { "<p>System font: \(escape($0)).</p>" } ?? "")
            <input type="checkbox" id="actual-pixels"><label for="actual-pixels"> Actual pixels (images fit the window otherwise)</label>

            """
        if failed > 0 { page += failures } else { page += "<p class=\"ok\">Every snapshot matches its reference.</p>\n" }
        if !orphans.isEmpty {
            page += "<div class=\"card\"><h2>Orphaned references (no document or variant makes them)</h2><ul>\n"
            page += orphans.map { "<li><code>\(escape($0))</code></li>" }.joined(separator: "\n")
            page += "\n</ul><p>Remove them with <code>tablerender snapshot clean</code>.</p></div>\n"
        }
        page += "<div class=\"card\"><h2>All snapshots</h2><ul>\n\(passes)</ul></div>\n<script>\(Self.sliderScript)</script>\n</body></html>\n"
        let path = folder + "/index.html"
        try AtomicFile.write(Array(page.utf8), to: path)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do { try AtomicFile.write(Array(try encoder.encode(data)), to: folder + "/report.json") } catch let error as Diagnostic { throw error } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: folder + "/report.json"), "cannot write the report's data: \(error)")
        }
        return path
    }

    private func card(_ entry: Entry, index: Int) -> String {
        let group = "c\(index)"
        let images = entry.images
        func image(_ kind: String) -> String { images[kind].map { "<img src=\"\(escape($0))\" alt=\"\(kind)\">" } ?? "<p>(none)</p>" }
        var html = "<div class=\"card\"><h2>\(escape(entry.name))</h2><p class=\"why\">\(escape(entry.why ?? ""))</p>\n"
        html += "<p>Reference: <code>\(escape(entry.reference))</code><br>Accept this change: <code>\(escape(entry.accept))</code></p>\n"
        html += "<div class=\"tabs\">"
        let views = [("diff", "Diff"), ("actual", "Actual"), ("expected", "Expected"), ("side", "Side by side"), ("slider", "Slider")]
        for (position, view) in views.enumerated() {
            let id = "\(group)-\(view.0)"
            html += "<input type=\"radio\" name=\"\(group)\" id=\"\(id)\" class=\"v-\(view.0)\"\(position == (images["diff"] == nil ? 1 : 0) ? " checked" : "")><label for=\"\(id)\">\(view.1)</label>"
        }
        html += "\n<div class=\"view diff\">\(image("diff"))</div><div class=\"view actual\">\(image("actual"))</div><div class=\"view expected\">\(image("expected"))</div>\n"
        html += "<div class=\"view side\"><figure>\(image("expected"))<figcaption>Expected</figcaption></figure><figure>\(image("actual"))<figcaption>Actual</figcaption></figure></div>\n"
        html += "<div class=\"view slider\"><p>Press or drag anywhere on the picture to move the red edge: left of it is the actual image, right of it the reference.</p><div class=\"frame\">\(image("expected"))<div class=\"over\">\(image("actual"))</div><div class=\"edge\"></div></div></div>\n"
        html += "</div></div>\n"
        return html
    }

    /// Moves a slider's edge to where the pointer presses or drags on its picture.
    static let sliderScript = """
        for (const frame of document.querySelectorAll('.slider .frame')) {
          const over = frame.querySelector('.over'), edge = frame.querySelector('.edge');
          const move = event => {
            const box = frame.getBoundingClientRect();
            const x = Math.min(Math.max(event.clientX - box.left, 0), box.width);
            over.style.clipPath = 'inset(0 ' + (box.width - x) + 'px 0 0)';
            edge.style.left = x + 'px';
          };
          // (An image would otherwise be dragged away, and the pointer with it.)
          frame.addEventListener('dragstart', event => event.preventDefault());
          frame.addEventListener('pointerdown', event => { event.preventDefault(); frame.setPointerCapture(event.pointerId); move(event); });
          frame.addEventListener('pointermove', event => { if (event.buttons) move(event); });
        }
        """

    private func escape(_ text: String) -> String { HTMLText.escape(text) }
}
