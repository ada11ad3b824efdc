import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Changes under a folder as the kernel reports them (inotify): every folder in it is watched,
/// and folders made later as they appear; no polling. Folders `skips` names are left out.
final class FolderWatcher {
    private let descriptor: Int32
    private var folders: [Int32: String] = [:]
    private let skips: (String) -> Bool
    /// The most folders watched (the kernel's own limit is per user).
    static let maximumFolders = 4_096

    /// Nil when the kernel will not watch (no inotify, or its limits reached).
    init?(folder: String, skips: @escaping (String) -> Bool) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        self.skips = skips
        guard add(folder) else {
            close(descriptor)
            return nil
        }
    }

    deinit { close(descriptor) }

    private static let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB
                                       | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches `folder` and the folders in it; false when the first could not be watched.
    @discardableResult
    private func add(_ folder: String) -> Bool {
        var pending = [folder]
        var first = true
        while let current = pending.popLast(), folders.count < Self.maximumFolders {
            let watch = inotify_add_watch(descriptor, current, Self.events | UInt32(IN_ONLYDIR) | UInt32(IN_DONT_FOLLOW))
            if watch < 0 {
                if first { return false }
                continue
            }
            first = false
            folders[watch] = current
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: current)) ?? []) where !skips(name) {
                let path = current + "/" + name
                var isFolder: ObjCBool = false
                if let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType, type == .typeDirectory,
                   FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                    pending.append(path)
                }
            }
        }
        return true
    }

    /// Waits at most `timeout` seconds for changes; true when some came (then waits until none
    /// has come for `settle` seconds, so that an editor's write and rename are one change).
    func wait(timeout: Double, settle: Double = 0.02) -> Bool {
        guard readable(within: timeout), drain() else { return false }
        while readable(within: settle) { _ = drain() }
        return true
    }

    private func readable(within seconds: Double) -> Bool {
        var descriptors = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptors, 1, Int32(max(0, seconds * 1000))) > 0 && descriptors.revents & Int16(POLLIN) != 0
    }

    /// Reads the pending events, watching the folders they make; whether any was about a file
    /// that is not left out.
    private func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = 16
            while offset + header <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self), bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 { changed = true; continue }
                if mask & UInt32(IN_IGNORED) != 0 { folders[watch] = nil; continue }
                guard let folder = folders[watch], name.isEmpty || !skips(name) else { continue }
                changed = true
                if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !name.isEmpty {
                    add(folder + "/" + name)
                }
            }
        }
        return changed
    }
}
