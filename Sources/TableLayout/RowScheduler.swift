import Foundation
import TableModel
import TableTemplates
import TableText

/// The paper a table is laid out on, worked out once from the options and the theme: its size
/// (nil: one continuous page), its margin, and the width left for the table.
struct PageGeometry {
    var paper: (width: Double, height: Double)?
    var margin: Double
    var width: Double

    init(_ options: LayoutOptions, theme: Theme) {
        let paper = LayoutOptions.paper(options.page)
        let margin = paper == nil ? 0 : theme.pageMargin
        self.paper = paper
        self.margin = margin
        width = paper.map { $0.width - 2 * margin } ?? options.width
    }
}

/// A table's rows laid out in order, in windows: the text engine forgets the rows drawn before
/// each window; worker processes (`TextWorkers`), one per core but this one's, shape the first
/// part of the next window while this process lays out and draws the current one, their share
/// worked out from what each window cost (`WorkShare`); on one thread, a window's rows are laid
/// out ahead of being drawn (`TextEngine.shapesAhead`). It also tells the word shaper, before
/// the first row, how often each value repeats its words. The table's structure (title, headers,
/// separators, footers) is `TableLayoutEngine.run`'s; this only hands it its rows.
final class RowScheduler {
    private let jobs: [TableLayoutEngine.RowJob]
    private let context: TableLayoutEngine.RowContext
    private let text: TextEngine
    private let flex: FlexLayout
    private let workers: TextWorkers?
    private let windows: [Range<Int>]
    private var windowIndex = 0
    /// The workers' share of the next windows; `ownFrom[i]`, the first row of window `i` this
    /// process shapes itself.
    private var work: WorkShare
    private var ownFrom: [Int]
    /// This window's time so far: when it started, how long this process waited for the
    /// workers in it, and what the rows it shaped itself took.
    private var windowStarted = Clock.seconds, waitedInWindow = 0.0, shapingTime = 0.0, shapedHere = 0
    private var next = 0
    /// On one thread, the rows of the window laid out ahead, from row `aheadFrom`.
    private var laidOutAhead: [(Block, Template)?] = []
    private var aheadFrom = 0

    init(table: Table, context: TableLayoutEngine.RowContext, text: TextEngine, flex: FlexLayout, window: Int?, workerCount: Int) {
        var jobs: [TableLayoutEngine.RowJob] = []
        for (sectionIndex, section) in table.sections.enumerated() {
            for itemIndex in section.items.indices { jobs.append(TableLayoutEngine.RowJob(section: sectionIndex, item: itemIndex)) }
        }
        self.jobs = jobs
        self.context = context
        self.text = text
        self.flex = flex
        let windowSize = max(1, window ?? TableLayoutEngine.defaultWindow)
        // Rows laid out at a time: at most `workerWindow` when worker processes share the work.
        func windowLength(withWorkers: Bool) -> Int { withWorkers ? min(windowSize, TableLayoutEngine.workerWindow) : windowSize }
        let wantsWorkers = jobs.count >= TableLayoutEngine.parallelThreshold && workerCount > 1
        if text.usesWords, !text.wordStatistics.turnedOff {
            text.wordStatistics.judge(bySource: Self.repetitions(of: table, jobs: jobs, window: windowLength(withWorkers: wantsWorkers)))
        }
        let workers = wantsWorkers ? TextWorkers.start(count: workerCount - 1, jobs: jobs, context: context, engine: text) : nil
        self.workers = workers
        var windows: [Range<Int>] = []
        var from = 0
        while from < jobs.count {
            let size = windowLength(withWorkers: workers != nil)
            windows.append(from..<min(jobs.count, from + size))
            from += size
        }
        self.windows = windows
        // The first window is this process's alone (drawing starts at once); the workers are
        // asked two windows ahead, so that they are never without work.
        work = WorkShare(share: TableLayoutEngine.workerShare, workers: workers?.count ?? 1)
        ownFrom = windows.map(\.lowerBound)
        for ahead in 1...2 where ahead < windows.count {
            ownFrom[ahead] = workers?.request(windows[ahead], share: work.share) ?? windows[ahead].lowerBound
        }
    }

    /// How often each value of the items repeats its words, window by window, which tells the
    /// word shaper whether learning them will pay (`WordShaperStatistics.judge(bySource:)`).
    private static func repetitions(of table: Table, jobs: [TableLayoutEngine.RowJob], window: Int) -> [String: WordRepetition] {
        var repetitions: [String: WordRepetition] = [:]
        for (index, job) in jobs.enumerated() {
            if index % window == 0 {
                for key in repetitions.keys { repetitions[key]!.startWindow() }
            }
            for member in table.sections[job.section].items[job.item].values {
                count(member.value, at: member.key, in: &repetitions)
            }
        }
        return repetitions
    }

    /// Counts the words of the strings in `value`, however deep, by the key path a label binds
    /// them with (`author.name`; an array's elements count as the array).
    private static func count(_ value: Value, at path: String, in repetitions: inout [String: WordRepetition]) {
        switch value {
        case .string(let string): repetitions[path, default: WordRepetition()].add(string)
        case .array(let values): for value in values { count(value, at: path, in: &repetitions) }
        case .object(let object): for member in object { count(member.value, at: path + "." + member.key, in: &repetitions) }
        case .null, .bool, .number: break
        }
    }

    /// Starts a window when the next row opens one: the engine forgets the text of the rows
    /// drawn so far (their views keep it) and takes what the workers shaped for this window, or,
    /// on one thread, lays the window's rows out ahead. Whether a window after the first began
    /// (the fonts found missing so far are then checked).
    func startWindowIfDue() -> Bool {
        guard windowIndex < windows.count, next == windows[windowIndex].lowerBound else { return false }
        text.forgetParagraphs()
        if let workers, windowIndex > 0 {
            let now = Clock.seconds
            work.measured(rows: windows[windowIndex - 1].count, busy: now - windowStarted - waitedInWindow,
                          shapingTime: shapingTime, shapedHere: shapedHere)
            let collected = workers.collect(windows[windowIndex])
            text.preload(collected.entries)
            text.noteMissing(collected.missing)
            work.measuredWorkers(rows: collected.rows, busy: collected.busy, waited: collected.waited)
            if windowIndex + 2 < windows.count {
                ownFrom[windowIndex + 2] = workers.request(windows[windowIndex + 2], share: work.share)
            }
            (windowStarted, waitedInWindow, shapingTime, shapedHere) = (now, collected.waited, 0, 0)
        }
        if workers == nil, text.shapesAhead {
            // Pango and HarfBuzz, then Cairo, each stay in the processor's caches for a window
            // instead of taking turns row by row. A row that fails here is laid out again when
            // its turn comes, to be reported where it is.
            let ahead = SourceLocation(file: "")
            aheadFrom = windows[windowIndex].lowerBound
            laidOutAhead = windows[windowIndex].map { [jobs, context, flex] in try? TableLayoutEngine.row(jobs[$0], context: context, location: ahead, flex: flex) }
        }
        windowIndex += 1
        return windowIndex > 1
    }

    /// The next row, bound and laid out (`location`: where its item is in the document).
    func nextRow(at location: SourceLocation) throws(Diagnostic) -> (Block, Template) {
        let timed = workers != nil && next >= ownFrom[windowIndex - 1]
        let rowStarted = timed ? Clock.seconds : 0
        let row: (Block, Template)
        if laidOutAhead.indices.contains(next - aheadFrom), let ready = laidOutAhead[next - aheadFrom] {
            row = ready
            laidOutAhead[next - aheadFrom] = nil
        } else {
            row = try TableLayoutEngine.row(jobs[next], context: context, location: location, flex: flex)
        }
        if timed {
            shapingTime += Clock.seconds - rowStarted
            shapedHere += 1
        }
        next += 1
        return row
    }

    /// With `TABLERENDER_STATS=1`, what the workers did.
    func reportStatistics() {
        if workers != nil, RuntimeSettings.current.printsStatistics {
            FileHandle.standardError.write(Data("tablerender[\(getpid())]: \(work.summary)\n".utf8))
        }
    }

    /// Stops the workers.
    func stop() { workers?.stop() }
}
