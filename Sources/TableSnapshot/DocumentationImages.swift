import Dispatch
import Foundation
import Synchronization
import TableCairo
import TableModel
import TableRender
import TableText

/// Every image of a project's documentation: each scene of each document in each variant of the
/// matrix, rendered on all cores, with a manifest and a gallery page. `--shard K/N` takes every
/// N-th image from the K-th, so a CI matrix can share the work deterministically.
package struct DocumentationImages {
    package struct Job: Sendable {
        package var document: String
        package var documentName: String
        package var scene: Scene
        package var variant: Variant
        /// Relative to the output folder: `<doc>/<scene>.<variant>.png`.
        package var file: String
    }

    package struct Entry: Sendable {
        package var job: Job
        package var width: Int
        package var height: Int
        package var sha256: String
    }

    package var project: Project
    package var outputDirectory: String
    package var shard: (index: Int, count: Int)?
    package var threads: Int

    package init(project: Project, outputDirectory: String, shard: (index: Int, count: Int)? = nil,
                threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.project = project
        self.outputDirectory = outputDirectory
        self.shard = shard
        self.threads = max(1, threads)
    }

    /// The jobs of this shard, in a stable order; two jobs writing the same file are an error.
    package func jobs() throws(Diagnostic) -> [Job] {
        var all: [Job] = []
        var owners: [String: String] = [:]
        for document in project.documents {
            let decoded = try DocumentDecoder.load(file: document)
            for scene in decoded.table.defaultScenes {
                for variant in project.variants {
                    let file = Snapshotter.sanitised(decoded.name) + "/" + Snapshotter.sanitised("\(scene.name).\(variant.name)") + ".png"
                    if let owner = owners[file], owner != document {
                        throw Diagnostic(at: SourceLocation(file: document), "writes \(file), which \(owner) writes too; rename one of the documents")
                    }
                    owners[file] = document
                    all.append(Job(document: document, documentName: decoded.name, scene: scene, variant: variant, file: file))
                }
            }
        }
        guard let shard else { return all }
        return all.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// Renders every job; `progress(done, total, job)` is called as each image is written, one call
    /// at a time with `done` counting up.
    package func run(progress: @escaping @Sendable (Int, Int, Job) -> Void) throws(Diagnostic) -> [Entry] {
        try run(lint: nil, progress: progress).entries
    }

    /// Renders every job and, with `lint`, lints the layouts it makes (each document once per
    /// layout, `LintRun.lintedJobs`), colours in the project's appearances.
    package func run(lint: LayoutLint?, progress: @escaping @Sendable (Int, Int, Job) -> Void) throws(Diagnostic) -> (entries: [Entry], findings: [LintFinding]) {
        let jobs = try self.jobs()
        let results = Results(count: jobs.count)
        let output = outputDirectory
        let linted = lint == nil ? [] : LintRun.lintedJobs(jobs)
        let findings = LintFindings()
        let appearances = project.appearances
        let failure = DocumentGroups.layOut(jobs, threads: threads) { index, loaded, laidOut throws(Diagnostic) in
            let job = jobs[index]
            if var lint, linted.contains(index) {
                lint.scale = job.variant.scale
                findings.add(index, lint.findings(laidOut, document: loaded, variant: LintRun.name(of: job.variant), appearances: appearances))
            }
            let png = try loaded.renderer.png(laidOut, appearance: job.variant.appearance, scale: job.variant.scale)[0]
            let path = output + "/" + job.file
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try AtomicFile.write(png, to: path)
            let size = (Int(png[16..<20].reduce(0) { $0 << 8 | UInt32($1) }), Int(png[20..<24].reduce(0) { $0 << 8 | UInt32($1) }))
            results.set(index, Entry(job: job, width: size.0, height: size.1, sha256: SHA256.hex(png))) { done in
                progress(done, jobs.count, job)
            }
        }
        if let failure { throw failure }
        let entries = results.all()
        try writeManifest(entries)
        try writeGallery(entries)
        return (entries, findings.all)
    }

    private func manifestName(_ base: String, _ ext: String) -> String {
        shard.map { "\(base).\($0.index)-of-\($0.count).\(ext)" } ?? "\(base).\(ext)"
    }

    private func writeManifest(_ entries: [Entry]) throws(Diagnostic) {
        func quote(_ text: String) -> String { JSONText.string(text) }
        let lines = entries.sorted { $0.job.file < $1.job.file }.map { entry in
            "  {\"file\": \(quote(entry.job.file)), \"document\": \(quote(entry.job.documentName)), \"scene\": \(quote(entry.job.scene.name)), "
                + "\"variant\": \(quote(entry.job.variant.name)), \"width\": \(entry.width), \"height\": \(entry.height), \"sha256\": \(quote(entry.sha256))}"
        }
        try AtomicFile.write(Array(("[\n" + lines.joined(separator: ",\n") + "\n]\n").utf8), to: outputDirectory + "/" + manifestName("manifest", "json"))
    }

    private func writeGallery(_ entries: [Entry]) throws(Diagnostic) {
        func escape(_ text: String) -> String { HTMLText.escape(text) }
        var page = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Documentation images</title>
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'">
            <style>body{font:14px system-ui,sans-serif;margin:24px;background:#f6f6f8}figure{display:inline-block;margin:8px;vertical-align:top;background:#fff;padding:8px;border-radius:8px}
            img{display:block;max-width:320px;height:auto}figcaption{margin-top:6px;font-size:12px;color:#555}</style></head><body>
            <h1>Documentation images (\(entries.count))</h1>

            """
        var current = ""
        for entry in entries.sorted(by: { $0.job.file < $1.job.file }) {
            if entry.job.documentName != current {
                current = entry.job.documentName
                page += "<h2>\(escape(current))</h2>\n"
            }
            page += "<figure><img src=\"\(escape(entry.job.file))\" alt=\"\(escape(entry.job.file))\" width=\"\(entry.width)\" height=\"\(entry.height)\" loading=\"lazy\"><figcaption>\(escape(entry.job.scene.name)) · \(escape(entry.job.variant.name)) · \(entry.width)×\(entry.height)</figcaption></figure>\n"
        }
        try AtomicFile.write(Array((page + "</body></html>\n").utf8), to: outputDirectory + "/" + manifestName("gallery", "html"))
    }

    /// Results from several workers, each job written once; the count and its report are made
    /// under one lock, so reports arrive in order (1/N … N/N) and one at a time.
    private final class Results: Sendable {
        private let state: Mutex<(entries: [Entry?], done: Int)>

        init(count: Int) { state = Mutex((Array(repeating: nil, count: count), 0)) }

        func set(_ index: Int, _ entry: Entry, report: (Int) -> Void) {
            state.withLock { state in
                state.entries[index] = entry
                state.done += 1
                report(state.done)
            }
        }

        func all() -> [Entry] { state.withLock { $0.entries.compactMap { $0 } } }
    }
}
