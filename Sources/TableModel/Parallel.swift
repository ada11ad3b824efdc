import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// Work spread over threads that are started and joined here: when `forEach` returns, every
/// thread it made has ended. (A thread pool would keep threads alive, and a process with more
/// than one thread cannot safely start worker processes: `TextWorkers`.)
package enum Parallel {
    /// Calls `body` for every index in `0..<count`, on at most `threads` threads (this one
    /// included), each taking the next index not yet taken.
    package static func forEach(_ count: Int, threads: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let threads = max(1, min(threads, count))
        guard threads > 1 else {
            for index in 0..<count { body(index) }
            return
        }
        let next = Counter()
        let work: @Sendable () -> Void = {
            while true {
                let index = next.take()
                guard index < count else { return }
                body(index)
            }
        }
        var started: [pthread_t] = []
        for _ in 1..<threads {
            let box = Unmanaged.passRetained(Work(work)).toOpaque()
            var thread = pthread_t()
            if pthread_create(&thread, nil, { argument in
                let work = Unmanaged<Work>.fromOpaque(argument!).takeRetainedValue()
                work.run()
                return nil
            }, box) == 0 {
                started.append(thread)
            } else {
                Unmanaged<Work>.fromOpaque(box).release()
            }
        }
        work()
        for thread in started { pthread_join(thread, nil) }
    }

    private final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    private final class Counter: Sendable {
        private let value = Mutex(0)

        func take() -> Int {
            value.withLock { value in
                defer { value += 1 }
                return value
            }
        }
    }

    /// How many threads of this process are running now.
    package static var threadCount: Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? Int.max
    }

    /// One per core, at most 8.
    package static var cores: Int { min(ProcessInfo.processInfo.activeProcessorCount, 8) }
}

/// Results written by several threads, each to its own index; read after they all finished.
package final class Slots<Value: Sendable>: Sendable {
    private struct Contents {
        var values: [Value?]
        var errors: [(Int, Diagnostic)] = []
    }

    private let contents: Mutex<Contents>

    package init(count: Int) {
        contents = Mutex(Contents(values: Array(repeating: nil, count: count)))
    }

    package func set(_ index: Int, _ value: Value) { contents.withLock { $0.values[index] = value } }

    package func fail(_ index: Int, _ error: Diagnostic) { contents.withLock { $0.errors.append((index, error)) } }

    /// The error of the earliest index, whatever thread found it first.
    package var firstError: Diagnostic? { contents.withLock { $0.errors.min { $0.0 < $1.0 }?.1 } }

    /// Every value in index order; nil when one is missing.
    package var values: [Value]? { contents.withLock { $0.values.contains { $0 == nil } ? nil : $0.values.map { $0! } } }
}
