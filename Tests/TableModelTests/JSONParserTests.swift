import Testing
@testable import TableModel

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
