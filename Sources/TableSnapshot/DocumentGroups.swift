import Dispatch
import Foundation
import Synchronization
import TableModel
import TableRender

/// A scene of a document in one variant: what the snapshot and documentation-image runs render.
protocol SceneJob: Sendable {
    var document: String { get }
    var scene: Scene { get }
    var variant: Variant { get }
}

extension SnapshotCase: SceneJob {}
extension DocumentationImages.Job: SceneJob {}

/// Work over many documents: jobs with the same document and theme form a group that one worker
/// handles in order, loading its document once; groups are spread over the threads.
enum DocumentGroups {
    /// Lays out every job's scene at its variant's width and hands it to `body` with the job's
    /// index and its loaded document; returns the error of the earliest failing group, if any.
    static func layOut<Job: SceneJob>(_ jobs: [Job], threads: Int,
                                      body: @escaping @Sendable (Int, LoadedDocument, LaidOutTable) throws(Diagnostic) -> Void) -> Diagnostic? {
        var groups: [[Int]] = []
        var groupOf: [String: Int] = [:]
        for (index, job) in jobs.enumerated() {
            let name = job.document + "|" + (job.variant.theme ?? "") + "|" + job.variant.contentSize.rawValue + "|" + (job.variant.locale ?? "") + "|" + (job.variant.direction?.rawValue ?? "") + "|" + job.variant.contrast.rawValue
            if let group = groupOf[name] { groups[group].append(index) } else { groupOf[name] = groups.count; groups.append([index]) }
        }
        let failures = Failures()
        let workers = max(1, min(threads, groups.count))
        let list = groups
        Parallel.forEach(workers, threads: workers) { worker in
            for group in stride(from: worker, to: list.count, by: workers) {
                do throws(Diagnostic) {
                    let first = jobs[list[group][0]]
                    let loaded = try LoadedDocument(path: first.document, themeOverride: first.variant.theme, contentSize: first.variant.contentSize,
                                                    locale: first.variant.locale, direction: first.variant.direction, contrast: first.variant.contrast)
                    loaded.renderer.engine.maximumThreads = 1
                    for index in list[group] {
                        let job = jobs[index]
                        let width = job.variant.width > 0 ? job.variant.width : nil
                        let laidOut = try loaded.layout(loaded.document.table.inScene(job.scene), width: width, page: .content)
                        try body(index, loaded, laidOut)
                    }
                } catch { failures.add(list[group][0], error) }
            }
        }
        return failures.first
    }

    private final class Failures: Sendable {
        private let errors = Mutex<[(Int, Diagnostic)]>([])

        func add(_ index: Int, _ error: Diagnostic) {
            errors.withLock { $0.append((index, error)) }
        }

        var first: Diagnostic? {
            errors.withLock { errors in errors.min { $0.0 < $1.0 }?.1 }
        }
    }
}
