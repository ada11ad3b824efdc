import Foundation
import Synchronization

/// Resolves user-given relative paths without ever leaving an allowed folder: no absolute paths,
/// no `..` that climbs out, no symbolic link that points outside. The folder is the one a path
/// is relative to (a document's, a project's, a template folder, an asset catalog); folders the
/// user names with `--allow-read` are allowed too.
package enum SafePath {
    /// Folders a path may also lead into (`--allow-read`), symlink-free.
    private static let allowedFolders = Mutex<[String]>([])

    /// Allows paths to lead into `folders` (each must exist) as well, instead of the folders
    /// allowed before: a command sets them for its run.
    package static func allow(_ folders: [String]) throws(Failure) {
        var real: [String] = []
        for folder in folders {
            guard let path = realPath(folder) else { throw Failure(kind: .missingFile, message: "--allow-read: no such folder '\(folder)'") }
            real.append(path)
        }
        allowedFolders.withLock { $0 = real }
    }

    /// The folders allowed with `--allow-read` (symlink-free).
    package static var allowed: [String] { allowedFolders.withLock { $0 } }

    /// The absolute, symlink-free path of an existing `path`.
    package static func real(_ path: String) -> String? { realPath(path) }

    /// Whether `path` (symlink-free) is inside `root` or a folder allowed with `--allow-read`.
    static func isAllowed(_ path: String, _ root: String) -> Bool {
        isInside(path, root) || allowedFolders.withLock { $0.contains { isInside(path, $0) } }
    }

    package struct Failure: Error, Sendable {
        package var kind: Diagnostic.Kind
        package var message: String
    }

    /// The absolute, symlink-free path of `relative` inside `root`, which must exist.
    package static func resolve(_ relative: String, inside root: String, mustBeDirectory: Bool = false,
                               folder: String = "the document's folder") throws(Failure) -> String {
        guard !relative.isEmpty else { throw Failure(kind: .invalidInput, message: "empty path") }
        guard !relative.hasPrefix("/") && !relative.hasPrefix("~") else {
            throw Failure(kind: .invalidInput, message: "absolute path '\(relative)' is not allowed; use a path relative to \(folder)")
        }
        guard !relative.contains("\0"), !relative.contains(":") || !relative.contains("://") else {
            throw Failure(kind: .invalidInput, message: "'\(relative)' is not a file path (URLs are not read)")
        }
        let realRoot = realPath(root) ?? root
        let joined = URL(fileURLWithPath: realRoot).appendingPathComponent(relative).standardizedFileURL.path
        guard isAllowed(joined, realRoot) else {
            throw Failure(kind: .invalidInput, message: "path '\(relative)' leaves \(folder)")
        }
        guard let real = realPath(joined) else {
            throw Failure(kind: .missingFile, message: "no such \(mustBeDirectory ? "folder" : "file") '\(relative)'")
        }
        guard isAllowed(real, realRoot) else {
            throw Failure(kind: .invalidInput, message: "path '\(relative)' is a link that leads out of \(folder)")
        }
        var isDirectory: ObjCBool = false
        _ = FileManager.default.fileExists(atPath: real, isDirectory: &isDirectory)
        if isDirectory.boolValue != mustBeDirectory {
            throw Failure(kind: .invalidInput, message: "'\(relative)' is \(isDirectory.boolValue ? "a folder" : "a file"), expected \(mustBeDirectory ? "a folder" : "a file")")
        }
        return real
    }

    static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
