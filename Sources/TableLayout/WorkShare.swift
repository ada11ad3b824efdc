/// How much of each window of rows the worker processes shape (`TextWorkers`), worked out from
/// what the last windows cost, so that the workers and this process take the same time over a
/// window and neither waits for the other.
///
/// This process draws every row of a window and shapes the rows the workers were not given;
/// each worker shapes its part. Per row, `drawing` is what this process spends on a row besides
/// shaping it (binding, layout, drawing, reading the workers' results), `shaping` what it spends
/// shaping a row itself, and `worker` what a worker spends on one of its rows. For `count`
/// workers the times of a window of `n` rows are equal at the share `s` where
///
///     s·n / count · worker = n · drawing + (1 − s) · n · shaping,
///     s = (drawing + shaping) / (worker / count + shaping).
///
/// The three are averaged over the windows seen (the newest weighing half), so one slow window
/// on a noisy machine moves the share a little. A share asked for reaches the workers two
/// windows later (they are asked two windows ahead); each measurement is judged with the share
/// its window was given, so the delay does not make the share swing.
struct WorkShare {
    /// The share the next window is asked with.
    private(set) var share: Double
    private(set) var drawing: Double?
    private(set) var shaping: Double?
    private(set) var worker: Double?
    let workers: Int
    /// For `TABLERENDER_STATS=1`: the rows the workers laid out, the rows this process shaped
    /// itself after the first window, and the seconds it waited for the workers.
    private(set) var rowsToWorkers = 0, rowsShapedHere = 0, waited = 0.0

    /// At least a quarter of a window stays with this process, so that what it spends shaping
    /// a row stays measured; at most 95 % goes to the workers.
    static let range = 0.25...0.95

    init(share: Double, workers: Int) {
        self.share = share
        self.workers = max(1, workers)
    }

    /// What this process spent on a window of `rows` rows: `busy` seconds in all (not counting
    /// the time it waited for the workers), of which `shapingTime` went to laying out the
    /// `shapedHere` rows it shaped itself.
    mutating func measured(rows: Int, busy: Double, shapingTime: Double, shapedHere: Int) {
        guard rows > 0, busy.isFinite, shapingTime.isFinite, busy > 0, shapingTime >= 0 else { return }
        drawing = Self.average(drawing, max(0, busy - shapingTime) / Double(rows))
        if shapedHere > 0 { shaping = Self.average(shaping, shapingTime / Double(shapedHere)) }
        rowsShapedHere += shapedHere
        update()
    }

    /// What the workers spent on their parts of a window: `busy` seconds in all over `rows`
    /// rows; this process `waited` seconds for them.
    mutating func measuredWorkers(rows: Int, busy: Double, waited: Double) {
        self.waited += waited
        rowsToWorkers += rows
        guard rows > 0, busy.isFinite, busy > 0 else { return }
        worker = Self.average(worker, busy / Double(rows))
        update()
    }

    private mutating func update() {
        guard let drawing, let shaping, let worker else { return }
        let balanced = (drawing + shaping) / (worker / Double(workers) + shaping)
        guard balanced.isFinite else { return }
        share = min(Self.range.upperBound, max(Self.range.lowerBound, balanced))
    }

    var summary: String {
        let shared = rowsToWorkers + rowsShapedHere
        let part = shared > 0 ? Double(rowsToWorkers) / Double(shared) : 0
        return "\(workers) worker process\(workers == 1 ? "" : "es") shaped \(Int((part * 100).rounded())) % of the rows shaped after the first window (share now \(String(format: "%.2f", share))); this process waited \(String(format: "%.2f", waited)) s for them"
    }

    private static func average(_ old: Double?, _ new: Double) -> Double {
        guard let old else { return new }
        return (old + new) / 2
    }
}
