import Foundation
import TableModel
#if canImport(Glibc)
import Glibc
#endif

/// A file being written: every write, the flush to disk and the close are checked, and a failure
/// (a full disk, a file size limit) is an error naming the file the user asked for and the
/// reason, never the temporary name. It can also keep what is written in memory instead (a PDF
/// asked for as bytes).
final class OutputFile {
    /// The open file, or -1 for bytes kept in memory (`bytes`).
    private let descriptor: Int32
    /// The file the user will see, for messages.
    let name: String
    /// The first failure, as errno, while Cairo was writing through `cairoWrite`.
    private(set) var failure: Int32 = 0
    /// What was written, when kept in memory.
    private(set) var bytes: [UInt8] = []
    /// How many bytes were appended so far.
    private(set) var count = 0

    init(temporary: String, name: String) throws(Diagnostic) {
        // Read and write: a PDF's catalog is read back to be updated (`read(at:count:)`).
        descriptor = open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        self.name = name
        guard descriptor >= 0 else { throw Self.error(name, errno) }
    }

    /// An output kept in memory (`bytes`), named `name` in messages.
    init(inMemoryNamed name: String) {
        descriptor = -1
        self.name = name
    }

    /// What is written to the file, gathered into writes of `pending`'s capacity: Cairo hands a
    /// PDF over in pieces of a few bytes (95,000 pieces for 10,000 rows), and a system call for
    /// each took about a tenth of a one-thread run's processor time.
    private let pending = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 16)
    /// How many bytes of `pending` wait to be written.
    private var pendingCount = 0

    deinit {
        pending.deallocate()
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    static func error(_ name: String, _ code: Int32) -> Diagnostic {
        Diagnostic(.failure, at: SourceLocation(file: name), "cannot write the file: \(String(cString: strerror(code)))")
    }

    /// Appends `bytes`; false (with `failure` set) when the system refused them. Bytes for a file
    /// may wait in `pending` until the next write or `finish`, which report a refusal then.
    @discardableResult
    func append(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard failure == 0 else { return false }
        count += bytes.count
        guard descriptor >= 0 else {
            self.bytes.append(contentsOf: bytes)
            return true
        }
        if pendingCount + bytes.count > pending.count {
            guard flush() else { return false }
        }
        if bytes.count >= pending.count { return writeAll(bytes) }
        if let source = bytes.baseAddress, bytes.count > 0 {
            (pending.baseAddress! + pendingCount).copyMemory(from: source, byteCount: bytes.count)
            pendingCount += bytes.count
        }
        return true
    }

    /// The `count` bytes written at `offset` (fewer at the end), or nil when they cannot be read.
    func read(at offset: Int, count: Int) -> [UInt8]? {
        guard failure == 0, offset >= 0, count >= 0, offset <= self.count else { return nil }
        let wanted = min(count, self.count - offset)
        guard descriptor >= 0 else { return Array(bytes[offset..<offset + wanted]) }
        guard flush() else { return nil }
        var out = [UInt8](repeating: 0, count: wanted)
        var done = 0
        while done < wanted {
            let got = out.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, wanted - done, off_t(offset + done)) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            done += got
        }
        return out
    }

    /// Makes the file `pieces` in order: ranges of what was written, and new bytes; false (with
    /// `failure` set) when the system refused. No range may start before where it was written:
    /// the pieces are then put in place from the file's end backwards, each range copied from its
    /// end (as `memmove` copies to a higher address), so none is overwritten before it is read.
    func rewrite(_ pieces: [PDFPiece]) -> Bool {
        guard failure == 0 else { return false }
        var offsets: [Int] = []
        var total = 0
        for piece in pieces {
            offsets.append(total)
            switch piece {
            case .written(let from, let length):
                guard from >= 0, length >= 0, from + length <= count, from <= total else { return false }
                total += length
            case .new(let bytes): total += bytes.count
            }
        }
        guard descriptor >= 0 else {
            var out: [UInt8] = []
            out.reserveCapacity(total)
            for piece in pieces {
                switch piece {
                case .written(let from, let length): out += bytes[from..<(from + length)]
                case .new(let new): out += new
                }
            }
            bytes = out
            count = total
            return true
        }
        guard flush() else { return false }
        let chunk = 1 << 20
        for (piece, to) in zip(pieces, offsets).reversed() {
            switch piece {
            case .new(let new):
                guard new.withUnsafeBytes({ writeAll($0, at: to) }) else { return false }
            case .written(let from, let length):
                guard to != from else { continue }
                var end = length
                while end > 0 {
                    let start = max(0, end - chunk)
                    guard let part = read(at: from + start, count: end - start), part.count == end - start,
                          part.withUnsafeBytes({ writeAll($0, at: to + start) }) else { return false }
                    end = start
                }
            }
        }
        count = total
        return ftruncate(descriptor, off_t(total)) == 0 || fail(errno)
    }

    private func fail(_ code: Int32) -> Bool {
        failure = code
        return false
    }

    /// Writes `bytes` at `offset`, all of them; false (with `failure` set) when refused.
    private func writeAll(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        var done = 0
        while done < bytes.count {
            let written = pwrite(descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return fail(written < 0 ? errno : EIO) }
            done += written
        }
        return true
    }

    /// Writes what waits in `pending`; false (with `failure` set) when the system refused it.
    private func flush() -> Bool {
        guard failure == 0 else { return false }
        defer { pendingCount = 0 }
        return writeAll(UnsafeRawBufferPointer(rebasing: pending[0..<pendingCount]))
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var done = 0
        while done < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                failure = count < 0 ? errno : ENOSPC
                return false
            }
            done += count
        }
        return true
    }

    /// Writes what waits, flushes the file to disk and closes it; throws what went wrong since
    /// it was opened.
    func finish() throws(Diagnostic) {
        if descriptor >= 0 { _ = flush() }
        if failure != 0 { throw Self.error(name, failure) }
        guard descriptor < 0 || fsync(descriptor) == 0 else { throw Self.error(name, errno) }
    }

    /// Writes `bytes` as the whole of a new file at `temporary`.
    static func write(_ bytes: [UInt8], temporary: String, name: String) throws(Diagnostic) {
        let file = try OutputFile(temporary: temporary, name: name)
        bytes.withUnsafeBytes { _ = file.append($0) }
        try file.finish()
    }
}

/// A file written piece by piece (an HTML page put together from its parts), every write checked.
package final class OutputWriter {
    private let file: OutputFile

    package init(path: String) throws(Diagnostic) { file = try OutputFile(temporary: path, name: path) }

    package func append(_ bytes: [UInt8]) throws(Diagnostic) {
        guard bytes.withUnsafeBytes({ file.append($0) }) else { try file.finish(); return }
    }

    /// Flushes to disk; throws the first failure.
    package func finish() throws(Diagnostic) { try file.finish() }
}

/// Writes files whole or not at all: every file of a run is written to a temporary name beside
/// it first, and only when all of them succeeded are they renamed into place (a failure removes
/// the temporaries, and the folders the run made, and changes nothing). Every output is proven to
/// sit in its folder before anything is written.
package enum AtomicFile {
    /// The hidden temporary name a file is written under before it is renamed to `path`:
    /// `.<name>.<pid>.tmp`, so that a later run can tell a dead run's leftovers.
    static func temporary(for path: String) -> String {
        let url = URL(fileURLWithPath: path)
        return url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
    }

    /// Writes `bytes` to a new file at `path` (a temporary, named in errors as `name`).
    package static func create(_ bytes: [UInt8], at path: String, naming name: String? = nil) throws(Diagnostic) {
        try OutputFile.write(bytes, temporary: path, name: name ?? path)
    }

    /// Writes every output to a temporary name in `folder` first; only when all succeeded are
    /// they renamed into place. Two outputs with the same path, or a path that would leave
    /// `folder`, are errors before anything is written.
    package static func commit(_ outputs: [(path: String, write: (String) throws(Diagnostic) -> Void)], folder: String) throws(Diagnostic) -> [String] {
        let home = URL(fileURLWithPath: folder).standardizedFileURL.path
        var seen = Set<String>()
        for output in outputs {
            let path = URL(fileURLWithPath: output.path).standardizedFileURL
            guard path.deletingLastPathComponent().path == home, !path.lastPathComponent.hasPrefix(".") else {
                throw Diagnostic(.failure, at: SourceLocation(file: output.path), "refusing to write a file outside the output folder \(folder)")
            }
            guard seen.insert(path.path).inserted else {
                throw Diagnostic(.failure, at: SourceLocation(file: output.path), "two outputs would be written to the same file")
            }
        }
        let made = try makeFolder(folder)
        removeStaleTemporaries(in: folder)
        var temporaries: [String] = []
        func undo() {
            for path in temporaries { unlink(path) }
            for directory in made.reversed() { rmdir(directory) }
        }
        do throws(Diagnostic) {
            for output in outputs {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: output.path, isDirectory: &isDirectory), isDirectory.boolValue {
                    throw Diagnostic(.failure, at: SourceLocation(file: output.path), "cannot write the file: a folder is in its place")
                }
                let path = temporary(for: output.path)
                temporaries.append(path)
                do throws(Diagnostic) {
                    try output.write(path)
                } catch {
                    throw error.naming(path, as: output.path)
                }
            }
        } catch {
            undo()
            throw error
        }
        for output in outputs {
            guard rename(temporary(for: output.path), output.path) == 0 else {
                let reason = String(cString: strerror(errno))
                undo()
                throw Diagnostic(.failure, at: SourceLocation(file: output.path), "cannot write the file: \(reason)")
            }
        }
        return outputs.map(\.path)
    }

    /// Creates `folder` and its missing parents; returns the folders it made, outermost first.
    package static func makeFolder(_ folder: String) throws(Diagnostic) -> [String] {
        var missing: [String] = []
        var url = URL(fileURLWithPath: folder).standardizedFileURL
        while !FileManager.default.fileExists(atPath: url.path), url.path != "/" {
            missing.insert(url.path, at: 0)
            url.deleteLastPathComponent()
        }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            var isDirectory: ObjCBool = false
            let reason = FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) && !isDirectory.boolValue
                ? "a file is in its place" : String(cString: strerror(errno))
            throw Diagnostic(.failure, at: SourceLocation(file: folder), "cannot create the output folder: \(reason)")
        }
        return missing
    }

    /// Removes the temporary files that runs of tablerender which no longer exist left in
    /// `folder` (killed while writing): `.<name>.<pid>.tmp` and `.tablerender-page-<pid>-….tmp`.
    package static func removeStaleTemporaries(in folder: String) {
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where entry.hasPrefix(".") && entry.hasSuffix(".tmp") {
            let parts = entry.dropLast(4).split(separator: ".")
            let pid: Int32?
            if entry.hasPrefix(".tablerender-page-") {
                pid = entry.dropFirst(".tablerender-page-".count).split(separator: "-").first.flatMap { Int32($0) }
            } else {
                pid = parts.last.flatMap { Int32($0) }
            }
            guard let pid, pid > 0, pid != getpid(), kill(pid, 0) == -1, errno == ESRCH else { continue }
            unlink(folder + "/" + entry)
        }
    }

    /// Writes `bytes` to `path`, whole or not at all.
    package static func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        try write(to: path) { temporary throws(Diagnostic) in try create(bytes, at: temporary, naming: path) }
    }

    /// Runs `body` with a temporary path next to `path`, then renames it into place; on failure
    /// the temporary file is removed and `path` is left as it was.
    package static func write(to path: String, _ body: (String) throws(Diagnostic) -> Void) throws(Diagnostic) {
        let temporary = temporary(for: path)
        do {
            try body(temporary)
        } catch {
            unlink(temporary)
            throw error.naming(temporary, as: path)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw Diagnostic(.failure, at: SourceLocation(file: path), "cannot write the file: \(reason)")
        }
    }
}

extension Diagnostic {
    /// The same error about `final` where it named the temporary file `temporary`.
    func naming(_ temporary: String, as final: String) -> Diagnostic {
        var copy = self
        if copy.location?.file == temporary { copy.location?.file = final }
        copy.message = copy.message.replacingOccurrences(of: temporary, with: final)
        return copy
    }
}
