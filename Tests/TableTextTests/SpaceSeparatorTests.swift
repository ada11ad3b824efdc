import TableText
import Testing

/// The spaces a fallback run may hold are found byte by byte (`TextEngine.spaceSeparator`);
/// Swift's Unicode tables are the oracle, for every scalar there is.
@Suite struct SpaceSeparatorTests {
    @Test func findsExactlyTheSpaceSeparatorsButOgham() {
        var found = 0
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            // The character between two others, as in a run of text.
            let bytes = Array("a\(Character(scalar))b".utf8)
            let expected = scalar.properties.generalCategory == .spaceSeparator && value != 0x1680
            let result = bytes.withUnsafeBytes { TextEngine.spaceSeparator(in: $0, at: 1) }
            if expected { found += 1 }
            guard (result?.0 == value && result?.1 == scalar.utf8.count) == expected, expected || result == nil else {
                Issue.record("U+\(String(value, radix: 16, uppercase: true)): \(String(describing: result)), expected \(expected)")
                return
            }
            // No byte inside the character starts a space separator.
            for index in 2..<(1 + scalar.utf8.count) where bytes.withUnsafeBytes({ TextEngine.spaceSeparator(in: $0, at: index) }) != nil {
                Issue.record("a space separator found inside U+\(String(value, radix: 16, uppercase: true))")
                return
            }
        }
        #expect(found == 16)
    }

    @Test func aCutSequenceIsNoSpace() {
        for bytes: [UInt8] in [[0xC2], [0xE2, 0x80], [0xE3, 0x80], [0xE2], [0xE3]] {
            #expect(bytes.withUnsafeBytes { TextEngine.spaceSeparator(in: $0, at: 0) } == nil)
        }
    }
}
