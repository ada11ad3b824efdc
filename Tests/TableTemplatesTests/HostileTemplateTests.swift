import Foundation
import TableModel
import TableTemplates
import Testing

/// Templates made to cost time: work grows with the file's size, never with its square.
@Suite struct HostileTemplateTests {
    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test func manyElementsOnOneLineParseInLinearTime() throws {
        let xml = "<cell><stack>" + String(repeating: "<spacer/>", count: 8_000) + "</stack></cell>"
        let time = try Self.seconds { _ = try TemplateParser.parse(file: "T.xml", bytes: Array(xml.utf8), id: "T") }
        #expect(time < 2, "8,000 elements on one line took \(time) s")
    }

    @Test func manyAttributesOnOneLineParseInLinearTime() {
        let xml = "<cell><label " + (0..<8_000).map { "a\($0)=\"1\"" }.joined(separator: " ") + "/></cell>"
        var message = ""
        let time = Self.seconds {
            do { _ = try TemplateParser.parse(file: "T.xml", bytes: Array(xml.utf8), id: "T") } catch { message = "\(error)" }
        }
        #expect(time < 2, "8,000 attributes took \(time) s")
        #expect(message.hasPrefix("T.xml:1:14: error: unknown attribute 'a0'"), "\(message)")
    }
}
