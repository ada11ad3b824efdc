import TableTemplates
import Testing

/// en-XA, Android's accented pseudo-locale: every letter accented, each paragraph about 40 %
/// longer and in brackets, newlines kept.
@Suite struct PseudoLocaleTests {
    @Test func accentsLengthensAndBrackets() {
        let accented = PseudoLocale.accented
        #expect(accented.apply("Settings") == "[Šéţţîñĝš one]")
        #expect(accented.apply("") == "")
        #expect(accented.apply("Wi-Fi\n\nHome") == "[Ŵî-Ƒî one]\n\n[Ĥöɱé one]")
        for text in ["OK", "Cancel", "Sent from my phone, between two meetings", "1,024 people rated this version"] {
            let paragraph = accented.apply(text)
            #expect(paragraph.hasPrefix("[") && paragraph.hasSuffix("]"))
            #expect(Double(paragraph.count - 2) >= Double(text.count) * 1.4, "\(paragraph)")
            // The text itself has no plain letter left; the padding words after it do.
            let core = String(paragraph.dropFirst().prefix(text.count))
            #expect(!core.unicodeScalars.contains { $0.isASCII && $0.properties.isAlphabetic }, "\(core)")
        }
        #expect(PseudoLocale(tag: "en-xa") == .accented)
        #expect(PseudoLocale(tag: "de") == nil)
    }
}
