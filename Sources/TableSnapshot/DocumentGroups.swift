import Dispatch
import Foundation
import TableRender

/// Work over many documents: items with the same key (a document and theme) form a group that one
/// worker handles in order, loading its document once; groups are spread over the threads.
enum DocumentGroups {
    /// Runs `body` on every group; returns the error of the earliest failing group, if any.
    static func run<Item>(_ items: [Item], key: (Item) -> String, threads: Int,
                          body: @escaping @Sendable ([Int]) throws(Diagnostic) -> Void) -> Diagnostic? {
        var groups: [[Int]] = []
        var groupOf: [String: Int] = [:]
        for (index, item) in items.enumerated() {
            let name = key(item)
            if let group = groupOf[name] { groups[group].append(index) } else { groupOf[name] = groups.count; groups.append([index]) }
        }
        let failures = Failures()
        let workers = max(1, min(threads, groups.count))
        let list = groups
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for group in stride(from: worker, to: list.count, by: workers) {
                do throws(Diagnostic) { try body(list[group]) } catch { failures.add(list[group][0], error) }
            }
        }
        return failures.first
    }

    private final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var errors: [(Int, Diagnostic)] = []

        func add(_ index: Int, _ error: Diagnostic) {
            lock.lock()
            errors.append((index, error))
            lock.unlock()
        }

        var first: Diagnostic? {
            lock.lock()
            defer { lock.unlock() }
            return errors.min { $0.0 < $1.0 }?.1
        }
    }
}
