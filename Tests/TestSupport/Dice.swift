/// The tests' one seeded generator: numbers for generated test data from a fixed seed (a 64-bit
/// linear congruential generator), so a failing case reproduces. It is a
/// `RandomNumberGenerator` too, for `Int.random(in:using:)` and `shuffled(using:)`.
public struct Dice: RandomNumberGenerator {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// The next 32 bits: the high half of the state, whose bits are the well-mixed ones.
    private mutating func step() -> UInt64 {
        state = state &* 6364136223846793005 &+ 1442695040888963407
        return state >> 32
    }

    /// A number from 0 up to `bound` (excluded).
    public mutating func next(_ bound: Int) -> Int { Int((step() >> 1) % UInt64(bound)) }

    /// 64 random bits, from two steps.
    public mutating func next() -> UInt64 { step() << 32 | step() }

    /// A number in `range`.
    public mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + next(range.count) }

    /// One of `items`, which must not be empty.
    public mutating func pick<T>(_ items: [T]) -> T { items[next(items.count)] }
}
