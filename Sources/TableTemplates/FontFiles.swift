import Foundation
import Synchronization
import TableModel

/// An app's own font files (`.ttf`, `.otf`, `.ttc`), found by file name where an Interface Builder
/// file's `<customFonts>` names them: anywhere in or below the folders a document reads (its
/// templates', assets', catalogs' and `--allow-read` folders, an IB file's own; a gallery's app
/// folder). An app bundles its fonts wherever its project keeps them (`Resources/Fonts/`, a
/// pod's folder), not beside the file that uses them, so the folders are searched down.
package enum FontFiles {
    /// The extensions of font files an app can bundle (`UIAppFonts`).
    package static let extensions: Set<String> = ["ttf", "otf", "ttc"]
    /// Folders never searched: build products, version control, Xcode's own, and catalogs.
    static let skippedFolders: Set<String> = ["build", ".build", "DerivedData", "node_modules", "xcuserdata", ".git", ".svn", ".hg", ".swiftpm"]
    /// The most files and folders one search visits (a gallery's bound), and the deepest folder.
    static let maximumEntries = 200_000
    static let maximumDepth = 16

    /// Each folder's font files by name, found once per process (a gallery's hundred entries
    /// share one walk of the app).
    private static let found = Mutex([String: [String: String]]())

    /// The paths of the files named `names` (file names, not paths), first found in `folders`
    /// order (in a folder, the shallowest, then by path). A name with a `/` is never found.
    package static func find(_ names: some Sequence<String>, in folders: [String]) -> [String: String] {
        var result: [String: String] = [:]
        let wanted = Set(names.filter { !$0.contains("/") && !$0.isEmpty })
        guard !wanted.isEmpty else { return result }
        var seen = Set<String>()
        for folder in folders {
            guard let real = SafePath.real(folder), seen.insert(real).inserted else { continue }
            let files = index(real)
            for name in wanted where result[name] == nil {
                if let path = files[name] { result[name] = path }
            }
            if result.count == wanted.count { break }
        }
        return result
    }

    /// Forgets the folders searched (a long-running preview searches them again when it draws).
    package static func forget() { found.withLock { $0.removeAll() } }

    /// Every font file in and below `folder`, by file name.
    package static func all(in folder: String) -> [String: String] {
        SafePath.real(folder).map(index) ?? [:]
    }

    /// The font files in and below `folder` (symlink-free), by file name.
    static func index(_ folder: String) -> [String: String] {
        if let known = found.withLock({ $0[folder] }) { return known }
        var files: [String: String] = [:]
        var level = [folder], visited = 0, depth = 0
        walk: while !level.isEmpty, depth <= maximumDepth {
            var next: [String] = []
            for directory in level {
                for name in ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted() {
                    visited += 1
                    if visited > maximumEntries { break walk }
                    let path = directory + "/" + name
                    var status = stat()
                    // Links are not followed: a font is read where it is.
                    guard lstat(path, &status) == 0 else { continue }
                    switch status.st_mode & S_IFMT {
                    case S_IFDIR:
                        let ext = (name as NSString).pathExtension
                        if !name.hasPrefix("."), !skippedFolders.contains(name), !["xcassets", "xcodeproj", "xcworkspace"].contains(ext) {
                            next.append(path)
                        }
                    case S_IFREG:
                        if extensions.contains((name as NSString).pathExtension.lowercased()), files[name] == nil { files[name] = path }
                    default:
                        break
                    }
                }
            }
            level = next
            depth += 1
        }
        found.withLock { known in
            if known.count >= 64 { known.removeAll() }
            known[folder] = files
        }
        return files
    }
}
