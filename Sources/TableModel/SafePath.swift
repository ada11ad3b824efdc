import Foundation

/// Resolves user-given relative paths without ever leaving an allowed folder: no absolute paths,
/// no `..` that climbs out, no symbolic link that points outside.
package enum SafePath {
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
        guard isInside(joined, realRoot) else {
            throw Failure(kind: .invalidInput, message: "path '\(relative)' leaves \(folder)")
        }
        guard let real = realPath(joined) else {
            throw Failure(kind: .missingFile, message: "no such \(mustBeDirectory ? "folder" : "file") '\(relative)'")
        }
        guard isInside(real, realRoot) else {
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
