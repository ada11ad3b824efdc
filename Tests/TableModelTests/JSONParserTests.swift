import Testing
@testable import TableModel
import TestSupport

@Suite struct JSONParserTests {
    func fails(_ text: String) -> JSONParser.Failure? {
        do { _ = try JSONParser.parse(Array(text.utf8)); return nil } catch { return error }
    }

    @Test func parsesValuesKeepingKeyOrder() throws {
        let node = try JSONParser.parse(Array(#"{"b": 1, "a": [true, null, "x\u00e9\n"], "c": {"d": -2.5e1}}"#.utf8))
        guard case .object(let object) = node.value else { Issue.record("not an object"); return }
        #expect(object.keys == ["b", "a", "c"])
        #expect(object["a"] == .array([.bool(true), .null, .string("xé\n")]))
        #expect(node.value.lookup(["c", "d"]) == .number(-25))
    }

    @Test func reportsLineAndColumn() {
        let failure = fails("{\n  \"a\": 1,\n  \"b\": tru\n}")
        #expect(failure?.line == 3)
        #expect(failure?.column == 8)
    }

    @Test(arguments: [
        ("{\"a\": 1,}", "expected a key in double quotes"),
        ("{\"a\": 1, \"a\": 2}", "duplicate key 'a'"),
        ("[1, 2", "expected ',' or ']', found the end of the file"),
        ("\"tab\there\"", "control character in a string (escape it, e.g. \\n)"),
        ("01", "numbers must not start with 0"),
        ("1e999", "number '1e999' is out of range"),
        ("{} x", "unexpected text after the end of the JSON value"),
        ("\"\\ud800\"", "unpaired surrogate in \\u escape"),
        ("NaN", "expected a JSON value (object, array, string, number, true, false or null)"),
        ("", "expected a JSON value, found the end of the file"),
    ])
    func refusesInvalidJSON(text: String, message: String) {
        #expect(fails(text)?.message == message)
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(fails(deep)?.message == "JSON nested deeper than 64 levels")
    }
}

/// The elements of a document's items are checked without being kept, then parsed one by one
/// when read. The check must accept exactly what the parser accepts, and a document must fail
/// with the same message at the same place whether its items are deferred or not: compared on
/// generated values (strings of any bytes, escapes, nesting) and on their mutations.
@Suite struct JSONCheckTests {
    static func value(_ dice: inout Dice, depth: Int = 0) -> [UInt8] {
        switch dice.next(depth > 3 ? 5 : 7) {
        case 0: return Array(dice.pick(["true", "false", "null"]).utf8)
        case 1: return Array(dice.pick(["0", "-1", "12.5", "3e2", "-0.0e-1", "1e400", "01", "1.", "-"]).utf8)
        case 2, 3, 4: return string(&dice)
        case 5:
            var elements: [[UInt8]] = []
            for _ in 0..<dice.next(4) { elements.append(value(&dice, depth: depth + 1)) }
            return [UInt8(ascii: "[")] + Array(elements.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "]")]
        default:
            let keys = ["title", "subtitle", "a", "b", "é", "e\u{301}", "\\u00e9", "title"]
            let separators = [":", " : ", ":\n"]
            var members: [[UInt8]] = []
            for _ in 0..<dice.next(dice.next(8) == 0 ? 20 : 4) {
                let key: [UInt8] = Array("\"\(dice.pick(keys))\"".utf8)
                let separator: [UInt8] = Array(dice.pick(separators).utf8)
                members.append(key + separator + value(&dice, depth: depth + 1))
            }
            return [UInt8(ascii: "{")] + Array(members.joined(separator: Array(", ".utf8))) + [UInt8(ascii: "}")]
        }
    }

    /// A string of pieces: text, characters of every length, escapes good and bad, lone bytes.
    static func string(_ dice: inout Dice) -> [UInt8] {
        let pieces: [[UInt8]] = [Array("plain text ".utf8), Array("Zdeněk ".utf8), Array("Георгий ".utf8), Array("東京 ".utf8), Array("😀".utf8),
                                 Array(#"\n"#.utf8), Array(#"\""#.utf8), Array(#"\u00e9"#.utf8), Array(#"\ud83d\ude00"#.utf8), Array(#"\ud800"#.utf8),
                                 Array(#"\udc00x"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8), [0x09], [0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80],
                                 [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF], [0xF0, 0x9F, 0x98]]
        var bytes: [UInt8] = [0x22]
        for _ in 0..<dice.next(5) {
            // Mostly well-formed pieces, so that most strings are valid.
            bytes += dice.next(3) == 0 ? dice.pick(pieces) : dice.pick(Array(pieces[0..<9]))
        }
        return bytes + [0x22]
    }

    static func mutated(_ bytes: [UInt8], _ dice: inout Dice) -> [UInt8] {
        var bytes = bytes
        guard !bytes.isEmpty else { return bytes }
        let at = dice.next(bytes.count)
        switch dice.next(4) {
        case 0: bytes.remove(at: at)
        case 1: bytes.insert(dice.pick(Array("{}[],:\"\\ x0".utf8) + [0x80, 0xC3, 0x0A]), at: at)
        case 2: bytes[at] = UInt8(truncatingIfNeeded: dice.next())
        default: bytes.insert(contentsOf: Array(bytes[at...].prefix(5)), at: at)
        }
        return bytes
    }

    static func hasLargeObject(_ node: JSONNode) -> Bool {
        switch node.kind {
        case .object(let entries): return entries.count >= 16 || entries.contains { hasLargeObject($0.value) }
        case .array(let elements): return elements.contains(where: hasLargeObject)
        default: return false
        }
    }

    static func outcome(_ bytes: [UInt8], deferring: [[String]] = []) -> String {
        do {
            _ = try JSONParser.parse(bytes, deferring: deferring)
            return "ok"
        } catch {
            return "\(error.line):\(error.column): \(error.message)"
        }
    }

    @Test func theCheckAcceptsWhatTheParserAccepts() {
        var dice = Dice(seed: 2026_12_02)
        var accepted = 0, refused = 0
        for round in 0..<20_000 {
            var bytes = Self.value(&dice)
            if round % 2 == 1 { bytes = Self.mutated(bytes, &dice) }
            let parsed = try? JSONParser.parse(bytes)
            let parses = parsed != nil
            let checks = JSONParser.checks(bytes)
            if parses { accepted += 1 } else { refused += 1 }
            // Objects of 16 keys or more are left to the parser: refused by the check alone.
            if let parsed, !checks, Self.hasLargeObject(parsed) { continue }
            guard parses == checks else {
                Issue.record("the parser \(parses ? "accepts" : "refuses") and the check \(checks ? "accepts" : "refuses") \(bytes) (\(String(decoding: bytes, as: UTF8.self)))")
                return
            }
        }
        // Both kinds were tried in numbers.
        #expect(accepted > 5_000 && refused > 5_000, "\(accepted) accepted, \(refused) refused")
    }

    @Test func deferredItemsFailAsParsedOnes() {
        var dice = Dice(seed: 12)
        var failures = 0
        for _ in 0..<5_000 {
            var items: [[UInt8]] = []
            for _ in 0..<dice.int(1...3) { items.append(Self.value(&dice)) }
            let opening: [UInt8] = Array("{\"sections\": [{\"items\": [\n    ".utf8), closing: [UInt8] = Array("\n]}]}".utf8)
            let document = Self.mutated(opening + Array(items.joined(separator: Array(",\n    ".utf8))) + closing, &dice)
            let deferred = Self.outcome(document, deferring: [["sections", "[]", "items"]]), whole = Self.outcome(document)
            if whole != "ok" { failures += 1 }
            guard deferred == whole else {
                Issue.record("deferred: \(deferred); parsed whole: \(whole); \(String(decoding: document, as: UTF8.self))")
                return
            }
        }
        #expect(failures > 1_000, "\(failures) of 5,000 documents failed")
    }
}
