import Foundation
import TableModel
import TableText
#if canImport(Glibc)
import Glibc
#endif

/// Worker processes that lay out windows of rows ahead of the layout, to hand back the text
/// they measured and shaped. Pango cannot shape on two threads of one process (`Typesetting`),
/// so a long table uses every core by forking: each worker is a copy of this process made when
/// the layout starts (the table, templates and theme already in memory), with text libraries of
/// its own. It binds and lays out the rows it is given exactly as this process would, and sends
/// back what its text engine made (`TextTransfer`). This process then lays the same rows out
/// with that text already in its engine, shaping only what is missing — so the output is the
/// same bytes with or without workers, whatever a worker does (a worker that fails or dies
/// only leaves its rows to be shaped here).
///
/// Workers are started only from a process with a single thread (a fork copies only the thread
/// that calls it, and locks other threads hold would stay locked in the copy).
final class TextWorkers {
    private struct Worker {
        var pid: pid_t
        /// A socket to the worker: ranges of rows out, result lengths back.
        var socket: Int32
        /// Two unlinked temporary files the worker writes its results into, in turn, so that it
        /// can work on one request while the result of the one before waits to be read.
        var results: (Int32, Int32)
        var alive = true
        /// The rows asked for and not yet collected, in order, with the file of their result.
        var pending: [(rows: Range<Int>, file: Int32)] = []
        var requests = 0

        /// Closes this process's ends: the socket and the two files.
        func closeFiles() {
            close(socket)
            close(results.0)
            close(results.1)
        }
    }

    private var workers: [Worker] = []
    var count: Int { workers.count }

    /// Starts `count` workers for `jobs`, or returns nil when they cannot help or cannot be
    /// started safely (none asked for, more threads than this one, `TABLERENDER_WORKERS=0`).
    static func start(count: Int, jobs: [TableLayoutEngine.RowJob], context: TableLayoutEngine.RowContext,
                      engine: TextEngine) -> TextWorkers? {
        guard count > 0, RuntimeSettings.current.allowsWorkers, onlyThread() else { return nil }
        let made = TextWorkers()
        fflush(nil)
        for _ in 0..<count {
            var sockets: [Int32] = [-1, -1]
            guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &sockets) == 0 else { break }
            func temporaryFile() -> Int32 {
                var name = Array((NSTemporaryDirectory() + "/tablerender-text-XXXXXX").utf8CString)
                let file = mkstemp(&name)
                if file >= 0 { unlink(name) }
                return file
            }
            let results = (temporaryFile(), temporaryFile())
            guard results.0 >= 0, results.1 >= 0 else {
                close(sockets[0])
                close(sockets[1])
                if results.0 >= 0 { close(results.0) }
                if results.1 >= 0 { close(results.1) }
                break
            }
            let pid = fork()
            if pid == 0 {
                close(sockets[0])
                for worker in made.workers { worker.closeFiles() }
                serve(socket: sockets[1], results: results, jobs: jobs, context: context,
                      settings: (engine.use, engine.usesWords, engine.wordStatistics))
            }
            close(sockets[1])
            guard pid > 0 else {
                close(sockets[0])
                close(results.0)
                close(results.1)
                break
            }
            made.workers.append(Worker(pid: pid, socket: sockets[0], results: results))
        }
        if made.workers.isEmpty { return nil }
        return made
    }

    /// Whether this is the process's only thread, waiting a moment for threads that are about to
    /// end: Pango initialises fontconfig on a thread of its own ("[pango] FcInit"), which ends
    /// when fontconfig is ready.
    private static func onlyThread() -> Bool {
        for _ in 0..<500 {
            if Parallel.threadCount == 1 { return true }
            usleep(2_000)
        }
        return false
    }

    /// Hands each worker its part of the first `share` of `window`; this process lays out the
    /// rest itself, from the row returned.
    func request(_ whole: Range<Int>, share: Double) -> Int {
        let alive = workers.indices.filter { workers[$0].alive }
        guard !alive.isEmpty else { return whole.lowerBound }
        let window = whole.lowerBound..<(whole.lowerBound + Int((Double(whole.count) * share).rounded()))
        guard !window.isEmpty else { return whole.lowerBound }
        let chunk = (window.count + alive.count - 1) / alive.count
        for (order, index) in alive.enumerated() {
            let lower = min(window.upperBound, window.lowerBound + order * chunk), upper = min(window.upperBound, lower + chunk)
            guard lower < upper else { continue }
            var command = (Int64(lower), Int64(upper))
            if sendAll(workers[index].socket, &command, 16) {
                let file = workers[index].requests % 2 == 0 ? workers[index].results.0 : workers[index].results.1
                workers[index].pending.append((lower..<upper, file))
                workers[index].requests += 1
            } else {
                workers[index].alive = false
            }
        }
        return window.upperBound
    }

    /// What the workers shaped for a window (`collect`).
    struct Collected {
        var entries: [TextTransfer.Entry] = []
        /// Font families the workers found missing.
        var missing: [String: String] = [:]
        /// The rows the workers laid out, and the seconds they spent on them in all.
        var rows = 0
        var busy = 0.0
        /// The seconds this process waited for workers that were not done.
        var waited = 0.0
    }

    /// Waits for the workers' parts of `window` and returns what they shaped.
    func collect(_ window: Range<Int>) -> Collected {
        var collected = Collected()
        for index in workers.indices {
            while let pending = workers[index].pending.first, window.contains(pending.rows.lowerBound) {
                workers[index].pending.removeFirst()
                guard workers[index].alive else { continue }
                let start = Clock.seconds
                // The result's length and the worker's time on it, in nanoseconds.
                var reply: (Int64, Int64) = (0, 0)
                let received = receiveAll(workers[index].socket, &reply, 16)
                collected.waited += Clock.seconds - start
                guard received, reply.0 >= 0 else {
                    workers[index].alive = false
                    continue
                }
                var bytes = [UInt8](repeating: 0, count: Int(reply.0))
                let read = bytes.withUnsafeMutableBytes { pread(pending.file, $0.baseAddress, Int(reply.0), 0) }
                guard read == Int(reply.0) else { continue }
                guard let decoded = try? bytes.withUnsafeBytes({ buffer in try TextTransfer.decode(buffer) }) else { continue }
                collected.entries += decoded.entries
                collected.missing.merge(decoded.missing) { a, _ in a }
                collected.rows += pending.rows.count
                collected.busy += Double(max(0, reply.1)) / 1e9
            }
        }
        return collected
    }

    /// Ends the workers and waits for them.
    func stop() {
        for worker in workers { worker.closeFiles() }
        for worker in workers {
            var status: Int32 = 0
            while waitpid(worker.pid, &status, 0) < 0 && errno == EINTR {}
        }
        workers = []
    }

    deinit { if !workers.isEmpty { stop() } }

    /// A worker's life: reads ranges of rows, lays them out, writes what its text engine made to
    /// the two `results` files in turn, and its length and the nanoseconds it took to `socket`,
    /// until the socket closes. Never returns.
    private static func serve(socket: Int32, results: (Int32, Int32), jobs: [TableLayoutEngine.RowJob], context: TableLayoutEngine.RowContext,
                              settings: (use: TextUse, usesWords: Bool, words: WordShaperStatistics)) -> Never {
        let text = TextEngine()
        text.use = settings.use
        text.usesWords = settings.usesWords
        // What the layout's engine knows of the word shaper: its judgement of this document's words.
        text.wordStatistics = settings.words
        text.records = true
        let flex = FlexLayout(text: text)
        let nowhere = SourceLocation(file: "")
        var command: (Int64, Int64) = (0, 0)
        var served = 0
        while receiveAll(socket, &command, 16) {
            let start = Clock.seconds
            let file = served % 2 == 0 ? results.0 : results.1
            served += 1
            let lower = Int(command.0), upper = Int(command.1)
            guard lower >= 0, lower <= upper, upper <= jobs.count else { break }
            for index in lower..<upper {
                // A row that fails is left to the parent, which will report it.
                do { _ = try TableLayoutEngine.row(jobs[index], context: context, location: nowhere, flex: flex) } catch { break }
            }
            let bytes = TextTransfer.encode(text.takeRecorded(), missing: text.missingFamilies)
            text.forgetParagraphs()
            guard ftruncate(file, 0) == 0 else { break }
            let written = bytes.withUnsafeBytes { pwrite(file, $0.baseAddress, bytes.count, 0) }
            var reply = (Int64(written == bytes.count ? bytes.count : -1), Int64((Clock.seconds - start) * 1e9))
            guard sendAll(socket, &reply, 16) else { break }
        }
        text.reportStatistics()
        _exit(0)
    }
}

/// A monotonic clock in seconds (Dispatch's, as `AutoLayout` times its solving), for timing the
/// work of a window.
enum Clock {
    static var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

/// Writes `count` bytes from `value` to a socket; false when the other end is gone.
private func sendAll<T>(_ socket: Int32, _ value: inout T, _ count: Int) -> Bool {
    withUnsafeMutableBytes(of: &value) { buffer -> Bool in
        var offset = 0
        while offset < count {
            let sent = send(socket, buffer.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }
}

/// Reads `count` bytes from a socket into `value`; false at its end.
private func receiveAll<T>(_ socket: Int32, _ value: inout T, _ count: Int) -> Bool {
    withUnsafeMutableBytes(of: &value) { buffer -> Bool in
        var offset = 0
        while offset < count {
            let received = recv(socket, buffer.baseAddress! + offset, count - offset, 0)
            if received < 0 && errno == EINTR { continue }
            guard received > 0 else { return false }
            offset += received
        }
        return true
    }
}
