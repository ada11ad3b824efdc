@testable import TableCairo
import TestSupport
import Testing

/// The PDF writer's mark finder decodes UTF-8 by hand and remembers what Swift's tables said:
/// it must answer as `String(decoding:).unicodeScalars.contains` of a category check, for every
/// scalar and for random byte strings, valid or not.
@Suite struct MarkFinderTests {
    private static func expected(_ bytes: [UInt8]) -> Bool {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.contains { scalar in
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: true
            default: false
            }
        }
    }

    private static func found(_ finder: inout MarkFinder, _ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { finder.containsMark($0) }
    }

    /// Every scalar alone and between Latin letters, asked twice (the second answer remembered).
    @Test func everyScalar() {
        var finder = MarkFinder()
        var wrong: [UInt32] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let alone = Array(String(scalar).utf8), between = Array("a\(scalar)é".utf8)
            let want = Self.expected(alone)
            if Self.found(&finder, alone) != want || Self.found(&finder, between) != want || Self.found(&finder, alone) != want {
                wrong.append(value)
            }
        }
        #expect(wrong.isEmpty, "wrong for \(wrong.prefix(10).map { "U+" + String($0, radix: 16, uppercase: true) })")
    }

    /// Random strings of bytes drawn from lead bytes, continuation bytes, ASCII and whole
    /// characters of many scripts (marks among them), cut anywhere: invalid UTF-8 is never a
    /// mark by itself, as a String makes it U+FFFD.
    @Test(arguments: [1, 2, 3, 4, 5]) func randomBytes(seed: UInt64) {
        var dice = Dice(seed: seed)
        let pieces: [[UInt8]] = ["a", " ", "é", "ж", "ْ", "ب", "क", "ि", "่", "ก", "字", "😀", "\u{301}", "\u{20DD}", "\u{1D167}", "ᄀ", "\u{FE0F}"].map { Array($0.utf8) }
            + [[0x80], [0xBF], [0xC2], [0xCC], [0xCD, 0x41], [0xE0], [0xE0, 0x80], [0xED, 0xA0, 0x80], [0xF0, 0x9F], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0xC0, 0x80]]
        var finder = MarkFinder()
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<dice.next(8) { bytes += pieces[dice.next(pieces.count)] }
            if !bytes.isEmpty, dice.next(4) == 0 { bytes.removeLast(dice.next(bytes.count)) }
            #expect(Self.found(&finder, bytes) == Self.expected(bytes), "\(bytes.map { String($0, radix: 16) })")
        }
    }
}
