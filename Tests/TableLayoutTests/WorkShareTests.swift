@testable import TableLayout
import TestSupport
import Testing

/// The workers' share of a window (`WorkShare`), driven by a simulated pipeline: this process
/// spends `drawing` on every row of a window and `shaping` on each row it shapes itself, each
/// of `workers` workers `worker` on each of its rows, and a share asked for reaches the workers
/// two windows later. The oracle is the time of the two sides: at the share worked out, a
/// window takes this process as long as its slowest worker.
@Suite struct WorkShareTests {
    struct Costs {
        var drawing: Double, shaping: Double, worker: Double, workers: Int

        /// The seconds this process and a worker spend on a window of `rows` rows at `share`.
        func times(rows: Int, share: Double) -> (here: Double, worker: Double) {
            let toWorkers = (Double(rows) * share).rounded()
            return (Double(rows) * drawing + (Double(rows) - toWorkers) * shaping, toWorkers / Double(workers) * worker)
        }
    }

    /// Runs `windows` windows of 256 rows, each time scaled by a random factor of 1 ± `noise`,
    /// and returns the share each window was given.
    static func simulate(_ costs: Costs, windows: Int, noise: Double, seed: UInt64) -> [Double] {
        var dice = Dice(seed: seed)
        func jitter() -> Double { 1 + noise * (Double(dice.int(-1000...1000)) / 1000) }
        var work = WorkShare(share: TableLayoutEngine.workerShare, workers: costs.workers)
        let rows = 256
        var given = [0.0, work.share, work.share]
        // As the layout does at the start of window k: this process's time on window k − 1,
        // the workers' on their part of window k, and the share of window k + 2.
        for window in 1..<windows {
            let toWorkersBefore = Int((Double(rows) * given[window - 1]).rounded())
            let here = rows - toWorkersBefore
            let shapingTime = Double(here) * costs.shaping * jitter()
            work.measured(rows: rows, busy: Double(rows) * costs.drawing * jitter() + shapingTime, shapingTime: shapingTime, shapedHere: here)
            let toWorkers = Int((Double(rows) * given[window]).rounded())
            work.measuredWorkers(rows: toWorkers, busy: Double(toWorkers) * costs.worker * jitter(), waited: 0)
            given.append(work.share)
        }
        return Array(given.prefix(windows))
    }

    static let cases: [Costs] = [
        // About the people list on two cores: drawing a third of a row's cost, a worker's row
        // two thirds of one shaped here.
        Costs(drawing: 1.0, shaping: 2.1, worker: 1.5, workers: 1),
        Costs(drawing: 0.4, shaping: 3.0, worker: 2.2, workers: 1),
        Costs(drawing: 1.0, shaping: 2.1, worker: 1.5, workers: 3),
    ]

    @Test(arguments: cases.indices)
    func withoutNoiseTheShareBalancesTheTwoSidesFromTheFirstMeasurements(index: Int) {
        let costs = Self.cases[index]
        let shares = Self.simulate(costs, windows: 12, noise: 0, seed: 1)
        let balanced = min(WorkShare.range.upperBound, (costs.drawing + costs.shaping) / (costs.worker / Double(costs.workers) + costs.shaping))
        // Window 1's measurements (the first with workers) decide window 3's share.
        for share in shares.dropFirst(3) {
            #expect(abs(share - balanced) < 0.01)
            if balanced < WorkShare.range.upperBound {
                let (here, worker) = costs.times(rows: 256, share: share)
                #expect(abs(here - worker) / here < 0.02, "this process \(here), a worker \(worker)")
            }
        }
    }

    @Test(arguments: cases.indices)
    func noiseMovesTheShareLittleAndDoesNotMakeItSwing(index: Int) {
        let costs = Self.cases[index]
        let balanced = min(WorkShare.range.upperBound, (costs.drawing + costs.shaping) / (costs.worker / Double(costs.workers) + costs.shaping))
        for seed in 1...20 as ClosedRange<UInt64> {
            let shares = Array(Self.simulate(costs, windows: 40, noise: 0.15, seed: seed).dropFirst(5))
            let mean = shares.reduce(0, +) / Double(shares.count)
            #expect(abs(mean - balanced) < 0.04, "seed \(seed): mean \(mean), balanced \(balanced)")
            #expect(shares.allSatisfy { abs($0 - balanced) < 0.15 }, "seed \(seed): \(shares)")
        }
    }

    @Test func theShareStaysInItsRangeAndIgnoresNonsense() {
        var work = WorkShare(share: 0.75, workers: 1)
        // Workers far faster than this process: all but the least to them.
        work.measured(rows: 100, busy: 10, shapingTime: 5, shapedHere: 25)
        work.measuredWorkers(rows: 75, busy: 0.001, waited: 0)
        #expect(work.share == WorkShare.range.upperBound)
        // Workers far slower: the least to them.
        work = WorkShare(share: 0.75, workers: 1)
        work.measured(rows: 100, busy: 1, shapingTime: 0.5, shapedHere: 25)
        work.measuredWorkers(rows: 75, busy: 1000, waited: 0)
        #expect(work.share == WorkShare.range.lowerBound)
        // Measurements that cannot be right change nothing.
        let before = work.share
        work.measured(rows: 0, busy: 1, shapingTime: 0, shapedHere: 0)
        work.measured(rows: 100, busy: .nan, shapingTime: 0, shapedHere: 0)
        work.measuredWorkers(rows: 10, busy: -1, waited: 0)
        work.measuredWorkers(rows: 10, busy: .infinity, waited: 0)
        #expect(work.share == before)
    }
}
