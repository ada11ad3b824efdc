/// Numbers for generated test data from a fixed seed (a 64-bit linear congruential generator),
/// so a failing case reproduces.
public struct Dice {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A number from 0 up to `bound` (excluded).
    public mutating func next(_ bound: Int) -> Int {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return Int((state >> 33) % UInt64(bound))
    }
}
