import Testing
@testable import TableModel

/// The talk's folded / unfolded section, written as a Swift type with typed states.
struct OurSection: StatefulSection {
    enum State: String, CaseIterable { case folded, unfolded }
    let id = "our"
    let header: String? = "Our section"
    let initialState = State.folded

    func items(for state: State) -> [Item] {
        switch state {
        case .folded: [Row.first, .data, .showMore].map(\.item)
        case .unfolded: [Row.first, .data, .special, .showMore].map(\.item)
        }
    }

    enum Row: String, ItemConvertible {
        case first, data, special, showMore
        var item: Item { .basic(self, title: rawValue) }
    }
}

@Suite struct StatesTests {
    func decode(_ json: String) throws(Diagnostic) -> Document {
        try DocumentDecoder.decode(Array(json.utf8), file: "doc.json", directory: "/tmp")
    }

    func error(_ json: String) -> String? {
        do { _ = try decode(json); return nil } catch { return error.description }
    }

    @Test func swiftTypedStatesReadLikeTheSeed() throws {
        let section = OurSection().section
        #expect(section.items.map(\.id) == ["first", "data", "showMore"])
        #expect(section.states?.names == ["folded", "unfolded"])
        #expect(try OurSection().transition(from: .folded, to: .unfolded) == Changeset(inserts: [2]))
        #expect(try OurSection().transition(from: .unfolded, to: .folded) == Changeset(deletes: [2]))
        let table = Table(style: .insetGrouped) { OurSection() }
        #expect(table.defaultScenes.map(\.name) == ["initial", "our.unfolded"])
        #expect(table.inScene(table.defaultScenes[1]).sections[0].items.map(\.id) == ["first", "data", "special", "showMore"])
        #expect(try table.transitions().map(\.name) == ["our.folded-unfolded", "our.unfolded-folded"])
    }

    @Test func documentStatesDecodeWithOverrides() throws {
        let document = try decode("""
            {"sections": [{"id": "s", "items": [{"id": "a", "values": {"title": "A"}}, {"id": "b", "values": {"title": "B"}}],
              "states": {"one": ["a", "b"], "two": ["b", {"id": "a", "values": {"title": "A!"}}]}, "initialState": "two"}]}
            """)
        let section = document.table.sections[0]
        #expect(section.items.map(\.id) == ["b", "a"])
        #expect(section.items[1].values["title"] == "A!")
        #expect(section.states?.initial == "two")
        #expect(try section.changeset(from: "one", to: "two") == Changeset(moves: [.init(from: 1, to: 0)], updates: [0]))
    }

    @Test(arguments: [
        (#"{"sections": [{"items": [{"id": "a"}], "states": {"x": ["a", "b"]}}]}"#,
         "doc.json:1:62: error: at $.sections[0].states.x[1]: unknown item id 'b'; did you mean 'a'? (known: a) in section 'section-0'"),
        (#"{"sections": [{"items": [{"id": "a"}], "states": {"x": ["a", "a"]}}]}"#,
         "doc.json:1:62: error: at $.sections[0].states.x[1]: duplicate item id 'a' in state 'x' of section 'section-0'"),
        (#"{"sections": [{"items": [{"id": "a"}], "states": {"x": ["a"]}, "initialState": "y"}]}"#,
         "doc.json:1:80: error: at $.sections[0].initialState: unknown state 'y'; did you mean 'x'? (known: x)"),
        (#"{"sections": [{"items": [], "initialState": "y"}]}"#,
         "doc.json:1:45: error: at $.sections[0].initialState: 'initialState' needs 'states'"),
        (#"{"sections": [{"items": [], "states": {}}]}"#,
         "doc.json:1:39: error: at $.sections[0].states: expected an object of named states, each an array of item ids, found an object"),
    ])
    func badStatesAreNamed(json: String, expected: String) {
        #expect(error(json) == expected)
    }
}
