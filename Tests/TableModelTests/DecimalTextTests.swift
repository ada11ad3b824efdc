import Testing
import TableModel

/// The one number writer, against the formulas each writer used before it (Swift's shortest
/// representation of the value rounded to the place, an integer when whole) on random values of
/// every magnitude a page holds, and on the edges: ties, negative zero, what is not finite.
@Suite struct DecimalTextTests {
    static func formula(_ value: Double, places: Int) -> String {
        let unit = [1.0, 10, 100, 1000][places]
        let rounded = (value * unit).rounded() / unit
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }

    @Test(arguments: [0, 1, 2, 3])
    func writesWhatTheFormulaGives(places: Int) {
        var state: UInt64 = 0x2545F4914F6CDD1D &+ UInt64(places)
        for _ in 0..<20_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let magnitude = [1.0, 10, 390, 10_000, 1e7][Int(state >> 61) % 5]
            let value = (Double(state >> 11) / Double(1 << 53) - 0.5) * 2 * magnitude
            #expect(DecimalText.exact(value, places: places) == Self.formula(value, places: places), "\(value)")
        }
    }

    @Test func edges() {
        #expect(DecimalText.exact(0.0005, places: 3) == "0.001")
        #expect(DecimalText.exact(-0.0004, places: 3) == "0")
        #expect(DecimalText.exact(-0.0, places: 3) == "0")
        #expect(DecimalText.exact(2.5, places: 0) == "3")
        #expect(DecimalText.exact(-1.05, places: 3) == "-1.05")
        #expect(DecimalText.exact(0.007, places: 3) == "0.007")
        #expect(DecimalText.exact(.nan, places: 3) == nil)
        #expect(DecimalText.exact(.infinity, places: 2) == nil)
        #expect(DecimalText.exact(1e300, places: 3) == nil)
        #expect(JSONText.number(.nan) == "null")
        #expect(JSONText.number(12.3456) == "12.346")
    }
}
