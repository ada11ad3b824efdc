import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Reads an input file (a document, template, theme, image) whole, refusing what would hang or
/// flood a render: anything but a regular file (a FIFO would block the read forever, a device
/// never end), and anything larger than the limit given for its kind. Errors name the file.
package enum InputFile {
    /// The bytes of `path`, a regular file of at most `limit` bytes. `what` names it in messages
    /// ("document", "template", "image").
    package static func read(_ path: String, limit: Int, what: String) throws(Diagnostic) -> [UInt8] {
        var status = stat()
        guard stat(path, &status) == 0 else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: path), errno == ENOENT ? "no such \(what)" : "cannot read the \(what): \(String(cString: strerror(errno)))")
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFDIR ? "a folder" : status.st_mode & S_IFMT == S_IFIFO ? "a FIFO" : "not a regular file"
            throw Diagnostic(at: SourceLocation(file: path), "the \(what) is \(kind); expected a file")
        }
        guard Int(status.st_size) <= limit else {
            throw Diagnostic(at: SourceLocation(file: path), "the \(what) is larger than \(describe(limit)) (\(describe(Int(status.st_size))))")
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw Diagnostic(.missingFile, at: SourceLocation(file: path), "cannot read the \(what): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        // The file may have been swapped for something else since `stat`: look again at what is open.
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_mode & S_IFMT == S_IFREG, Int(opened.st_size) <= limit else {
            throw Diagnostic(at: SourceLocation(file: path), "the \(what) changed while it was read")
        }
        var bytes = [UInt8](repeating: 0, count: Int(opened.st_size))
        var done = 0
        while done < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress! + done, $0.count - done) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { break }
                throw Diagnostic(at: SourceLocation(file: path), "cannot read the \(what): \(String(cString: strerror(errno)))")
            }
            done += count
        }
        if done < bytes.count { bytes.removeLast(bytes.count - done) }
        return bytes
    }

    /// "1 MiB", "512 KiB", "300 bytes".
    static func describe(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes % (1 << 20) == 0 || bytes >= 10 << 20 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }

    /// A message when `bytes` are text in UTF-16 or UTF-32 (a byte-order mark, or zero bytes
    /// between ASCII ones), which tablerender does not read; nil otherwise.
    package static func wrongEncoding(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(4)
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) || (head.count >= 2 && (head.first == 0 || head.dropFirst().first == 0)) {
            return "the file is UTF-16 or UTF-32; save it as UTF-8"
        }
        return nil
    }
}
