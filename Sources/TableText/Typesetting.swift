import Synchronization

/// The rule for the C libraries that set and draw text: **in a process, one thread at a time
/// uses Pango, fontconfig, FreeType or Cairo's fonts.**
///
/// Why: Pango 1.50 breaks some lines differently while another thread lays out text, even with a
/// font map per thread (`Tests/TableTextTests/ThreadTests` fails without this rule), and Cairo
/// 1.16 opens and closes FreeType faces (at most ten open) on a FreeType library that every
/// thread shares, outside its own lock. Text engines and the Cairo renderer call into those
/// libraries only inside `exclusively`, at the leaves (a paragraph shaped, a run of glyphs drawn,
/// a page written), never nested. Work that needs several cores runs in worker processes
/// (`TextWorkers`), each with libraries of its own (docs/architecture.md).
package enum Typesetting {
    private static let mutex = Mutex(())

    /// Runs `body` while no other thread of the process uses the text libraries.
    package static func exclusively<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
        try mutex.withLock { _ throws(E) -> T in try body() }
    }
}
