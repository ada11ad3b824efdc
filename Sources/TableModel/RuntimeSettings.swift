import Synchronization

/// What a run takes from its environment, read once at the edge — the command line
/// (`TableRenderCommand`), the snapshot-testing library's assertions — and handed to the library
/// here; no library module reads a variable itself. A program that uses the library directly
/// gets the defaults unless it sets `RuntimeSettings.current`.
package struct RuntimeSettings: Sendable, Equatable {
    /// Folders searched first for themes by name (`TABLERENDER_THEMES`, separated by `:`).
    package var themeFolders: [String] = []
    /// The creation date written in PDFs, seconds since 1970 (`SOURCE_DATE_EPOCH`), for
    /// reproducible files.
    package var sourceDate: Int?
    /// Print what the word shaper, Auto Layout and the workers did (`TABLERENDER_STATS=1`).
    package var printsStatistics = false
    /// Let fontconfig substitute fonts that are not installed (`TABLERENDER_ALLOW_FONT_FALLBACK`).
    package var allowsFontFallback = false
    /// Processes that shape text, this one included (`TABLERENDER_THREADS`); nil: one per core.
    package var threads: Int?
    /// Whether worker processes may be started (`TABLERENDER_WORKERS=0` forbids them).
    package var allowsWorkers = true
    /// Shape every paragraph with Pango instead of the word shaper
    /// (`TABLERENDER_SHAPE_EVERY_PARAGRAPH`, for the benchmarks).
    package var shapesEveryParagraph = false

    package init() {}

    /// The settings the variables of `environment` give.
    package init(environment: [String: String]) {
        themeFolders = environment["TABLERENDER_THEMES"].map { $0.split(separator: ":").map(String.init) } ?? []
        sourceDate = environment["SOURCE_DATE_EPOCH"].flatMap(Int.init)
        printsStatistics = environment["TABLERENDER_STATS"] == "1"
        allowsFontFallback = ["1", "true", "yes"].contains(environment["TABLERENDER_ALLOW_FONT_FALLBACK"] ?? "")
        threads = environment["TABLERENDER_THREADS"].flatMap(Int.init)
        allowsWorkers = environment["TABLERENDER_WORKERS"] != "0"
        shapesEveryParagraph = environment["TABLERENDER_SHAPE_EVERY_PARAGRAPH"] != nil
    }

    private static let shared = Mutex(RuntimeSettings())

    /// The settings of this process, as the edge set them.
    package static var current: RuntimeSettings {
        get { shared.withLock { $0 } }
        set { shared.withLock { $0 = newValue } }
    }
}
