import Foundation
import Synchronization
import TableCairo
import TableRender

/// One layout the lint looked at: a document in a variant, and what it found there.
package struct LintRun {
    package var document: LoadedDocument
    package var layout: LaidOutTable
    package var variant: String
    package var scale: Double
    package var findings: [LintFinding]

    package init(document: LoadedDocument, layout: LaidOutTable, variant: String, scale: Double, findings: [LintFinding]) {
        self.document = document
        self.layout = layout
        self.variant = variant
        self.scale = scale
        self.findings = findings
    }

    /// Lints every document of a project in every variant that lays out differently (widths,
    /// themes, content sizes, locales; colours in each of the project's appearances).
    package static func project(_ project: Project, lint: LayoutLint) throws(Diagnostic) -> [LintRun] {
        var lint = lint
        let appearances = project.appearances
        var runs: [LintRun] = []
        for document in project.documents {
            var seen = Set<String>()
            for variant in project.variants {
                guard seen.insert(variant.layoutKey).inserted else { continue }
                let loaded = try LoadedDocument(path: document, themeOverride: variant.theme, contentSize: variant.contentSize, locale: variant.locale,
                                                direction: variant.direction, contrast: variant.contrast)
                // A character no font has is a finding here, not an error.
                loaded.renderer.engine.allowsFontFallback = true
                lint.scale = variant.scale
                let name = Self.name(of: variant)
                let laidOut = try loaded.layout(width: variant.width > 0 ? variant.width : nil)
                runs.append(LintRun(document: loaded, layout: laidOut, variant: name, scale: variant.scale,
                                    findings: lint.findings(laidOut, document: loaded, variant: name, appearances: appearances)))
            }
        }
        return runs
    }

    /// The name of a variant in the lint's lines (`iphone-15.AX5.en-XA`).
    static func name(of variant: Variant) -> String {
        [variant.device, variant.theme, variant.contentSize == .large ? nil : variant.contentSize.rawValue, variant.locale, variant.direction?.rawValue,
         variant.contrast == .high ? "high-contrast" : nil]
            .compactMap { $0 }.joined(separator: ".")
    }

    /// Which of `jobs` the lint looks at, so that it sees each document once per layout (width,
    /// theme, content size, locale) in its first scene, as `project` does: the render's own
    /// layouts are linted as they are made, instead of laying everything out again.
    static func lintedJobs<Job: SceneJob>(_ jobs: [Job]) -> Set<Int> {
        var firstScene: [String: String] = [:]
        var seen = Set<String>()
        var chosen = Set<Int>()
        for (index, job) in jobs.enumerated() {
            let scene = firstScene[job.document, default: job.scene.name]
            firstScene[job.document] = scene
            guard job.scene.name == scene else { continue }
            if seen.insert(job.document + "|" + job.variant.layoutKey).inserted { chosen.insert(index) }
        }
        return chosen
    }

    /// "8 findings: 1 truncated, 7 contrast", or "no findings".
    package static func summary(_ findings: [LintFinding]) -> String {
        guard !findings.isEmpty else { return "no findings" }
        let counts = LintFinding.Kind.allCases.compactMap { kind -> String? in
            let count = findings.filter { $0.kind == kind }.count
            return count == 0 ? nil : "\(count) \(kind.rawValue)"
        }
        return "\(findings.count) finding\(findings.count == 1 ? "" : "s"): " + counts.joined(separator: ", ")
    }
}

/// The lint's HTML report: each finding beside its row, cropped from the row's light image with
/// the view marked in red; opens from `file://` with no network and no script.
package enum LintReport {
    package static func write(_ runs: [LintRun], to folder: String) throws(Diagnostic) -> String {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: folder), "cannot create the report folder: \(error.localizedDescription)")
        }
        // Images of an earlier report go: the page shows this run only.
        for file in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where file.hasPrefix("finding-") && file.hasSuffix(".png") {
            try? FileManager.default.removeItem(atPath: folder + "/" + file)
        }
        var cards = ""
        var number = 0
        let total = runs.reduce(0) { $0 + $1.findings.count }
        for run in runs where !run.findings.isEmpty {
            var pages: [Int: RGBAImage] = [:]
            for finding in run.findings {
                number += 1
                var image = ""
                if var rowFrame = finding.rowFrame, var frame = finding.frame {
                    let pageIndex = finding.page ?? 0
                    if pageIndex < run.layout.pages.count, run.layout.pages[pageIndex].height * run.scale > Double(maximumPixels) {
                        // A page taller than an image can be: the part around the row alone.
                        let top = max(0, min(rowFrame[1], frame[1]) - 24), bottom = max(rowFrame[1] + rowFrame[3], frame[1] + frame[3]) + 24
                        var single = run.layout
                        single.pages = [run.layout.pages[pageIndex].window(top: top, bottom: bottom)]
                        pages[pageIndex] = try run.document.renderer.pixels(single, appearance: .light, scale: run.scale).rgba
                        rowFrame[1] -= top
                        frame[1] -= top
                    } else if pages[pageIndex] == nil, pageIndex < run.layout.pages.count {
                        var single = run.layout
                        single.pages = [run.layout.pages[pageIndex]]
                        pages[pageIndex] = try run.document.renderer.pixels(single, appearance: .light, scale: run.scale).rgba
                    }
                    if let page = pages[pageIndex] {
                        let file = String(format: "finding-%04d.png", number)
                        try AtomicFile.write(try marked(page, row: rowFrame, view: frame, scale: run.scale).png(), to: folder + "/" + file)
                        image = "<img src=\"\(escape(file))\" alt=\"the row, the view marked\">"
                    }
                }
                cards += """
                    <div class="card"><h2>\(escape(finding.kind.rawValue))</h2><p class="where">\(escape(finding.document)) [\(escape(finding.variant))] \
                    <code>\(escape(finding.value ?? finding.path))</code> row '\(escape(finding.row))', \(escape(finding.view))</p><p>\(escape(finding.message))</p>\(image)</div>

                    """
            }
        }
        let page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Layout lint: \(escape(LintRun.summary(runs.flatMap(\.findings))))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111;background:#f6f6f8}
            h1{font-size:20px} h2{font-size:15px;margin:0 0 4px;color:#b00020} code{background:#eee;padding:1px 4px;border-radius:4px}
            .card{background:#fff;border-radius:10px;padding:16px;margin:16px 0;box-shadow:0 1px 3px rgba(0,0,0,.1)}
            .where{color:#555} img{max-width:100%;border:1px solid #ddd;display:block;margin-top:8px}
            </style></head><body>
            <h1>Layout lint: \(escape(LintRun.summary(runs.flatMap(\.findings))))</h1>
            \(total == 0 ? "<p>Nothing found.</p>\n" : cards)</body></html>

            """
        let path = folder + "/index.html"
        try AtomicFile.write(Array(page.utf8), to: path)
        return path
    }

    /// The row cut out of its page, the view's frame outlined in red (2 px, drawn inside the
    /// crop where the view reaches out of the row).
    static func marked(_ page: RGBAImage, row: [Double], view: [Double], scale: Double) -> RGBAImage {
        func pixels(_ value: Double) -> Int { Int((value * scale).rounded()) }
        // The row with a margin, so that a view out of it shows.
        let margin = 12.0
        let left = max(0, pixels(min(row[0], view[0]) - margin)), top = max(0, pixels(min(row[1], view[1]) - margin))
        let right = min(page.width, pixels(max(row[0] + row[2], view[0] + view[2]) + margin))
        let bottom = min(page.height, pixels(max(row[1] + row[3], view[1] + view[3]) + margin))
        let width = max(1, right - left), height = max(1, bottom - top)
        var out = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height where top + y < page.height {
            for x in 0..<width where left + x < page.width {
                let from = ((top + y) * page.width + left + x) * 4, to = (y * width + x) * 4
                for channel in 0..<4 { out[to + channel] = page.pixels[from + channel] }
            }
        }
        let x0 = pixels(view[0]) - left, y0 = pixels(view[1]) - top
        let x1 = pixels(view[0] + view[2]) - left - 1, y1 = pixels(view[1] + view[3]) - top - 1
        func paint(_ x: Int, _ y: Int) {
            guard x >= 0, y >= 0, x < width, y < height else { return }
            let at = (y * width + x) * 4
            out[at] = 230; out[at + 1] = 0; out[at + 2] = 38; out[at + 3] = 255
        }
        for line in 0..<2 {
            for x in x0...max(x0, x1) { paint(x, y0 + line); paint(x, y1 - line) }
            for y in y0...max(y0, y1) { paint(x0 + line, y); paint(x1 - line, y) }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }

    private static func escape(_ text: String) -> String { HTMLText.escape(text) }
}

/// Text in the snapshot and lint reports' HTML.
package enum HTMLText {
    package static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}

/// Findings gathered by the threads of a render or a verification.
final class LintFindings: Sendable {
    private let found = Mutex<[(Int, [LintFinding])]>([])

    func add(_ index: Int, _ findings: [LintFinding]) { found.withLock { $0.append((index, findings)) } }

    /// In the jobs' order, whatever order the threads finished in.
    var all: [LintFinding] { found.withLock { $0.sorted { $0.0 < $1.0 }.flatMap(\.1) } }
}
