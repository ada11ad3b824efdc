import Foundation
import TestSupport
import Testing

/// The public API stays small and documented: every `public` declaration in Sources/ has a doc
/// comment (what the modules share among themselves is `package`, docs/architecture.md).
@Suite struct PublicAPITests {
    @Test func everyPublicDeclarationHasADocComment() throws {
        let sources = Repository.path("Sources")
        var undocumented: [String] = []
        var count = 0
        let files = try #require(FileManager.default.enumerator(atPath: sources)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files.sorted() {
            let lines = try String(contentsOfFile: sources + "/" + file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                // A declaration line starting with `public` (after attributes on the same line).
                var text = line.drop { $0 == " " }
                while text.hasPrefix("@"), let space = text.firstIndex(of: " ") { text = text[text.index(after: space)...].drop { $0 == " " } }
                guard text.hasPrefix("public ") else { continue }
                count += 1
                var above = index - 1
                while above >= 0, lines[above].drop(while: { $0 == " " }).hasPrefix("@") { above -= 1 }
                if above < 0 || !lines[above].drop(while: { $0 == " " }).hasPrefix("///") { undocumented.append("Sources/\(file):\(index + 1): \(text.prefix(80))") }
            }
        }
        #expect(count > 100)
        #expect(undocumented.isEmpty, "public declarations without a doc comment:\n\(undocumented.joined(separator: "\n"))")
    }

    /// Pango is the text engine's alone: the drawing module's C module map has none, so a
    /// renderer that called Pango would not compile. This keeps the package so: only TableText
    /// (and the test of drawing against Pango's own) depends on CPango, and nothing in Sources
    /// but TableText imports it.
    @Test func onlyTheTextEngineSeesPango() throws {
        let manifest = try String(contentsOfFile: Repository.path("Package.swift"), encoding: .utf8)
        let targets = manifest.split(separator: "\n").filter { $0.contains("\"CPango\"") && $0.lowercased().contains("target(name:") }
        #expect(targets.map { $0.contains("name: \"TableText\"") || $0.contains("name: \"TableCairoTests\"") } == [true, true], "\(targets)")
        let sources = Repository.path("Sources")
        for module in try FileManager.default.contentsOfDirectory(atPath: sources) where module != "TableText" && !module.hasPrefix("C") {
            for file in (try? FileManager.default.contentsOfDirectory(atPath: sources + "/" + module)) ?? [] where file.hasSuffix(".swift") {
                let text = try String(contentsOfFile: sources + "/\(module)/\(file)", encoding: .utf8)
                #expect(!text.contains("import CPango"), "Sources/\(module)/\(file) imports CPango")
            }
        }
    }

    /// `import TableRender` names every public type of the stages (Exports.swift), so that a user
    /// needs no other import and the stages are not re-exported whole.
    @Test func everyPublicTypeOfTheStagesIsNamedByTableRender() throws {
        let sources = Repository.path("Sources")
        let exports = try String(contentsOfFile: sources + "/TableRender/Exports.swift", encoding: .utf8)
        var missing: [String] = []
        for module in ["TableModel", "TableTemplates", "TableText", "TableLayout", "TableCairo", "TableHTML"] {
            let files = try FileManager.default.contentsOfDirectory(atPath: sources + "/" + module).filter { $0.hasSuffix(".swift") }
            for file in files {
                for line in try String(contentsOfFile: sources + "/\(module)/\(file)", encoding: .utf8).split(separator: "\n") {
                    // A top-level function or value could not be named by a typealias.
                    if ["public func ", "public let ", "public var "].contains(where: line.hasPrefix) {
                        missing.append("\(module)/\(file): \(line)")
                    }
                    let words = line.split(separator: " ")
                    guard line.hasPrefix("public "), let kind = words.dropFirst().first(where: { $0 != "final" }),
                          ["struct", "enum", "class", "protocol"].contains(kind),
                          let name = words.drop(while: { $0 != kind }).dropFirst().first?.prefix(while: { $0.isLetter || $0.isNumber })
                    else { continue }
                    if !exports.contains("public typealias \(name) = \(module).\(name)\n") { missing.append("\(module).\(name)") }
                }
            }
        }
        #expect(missing.isEmpty, "public types that Sources/TableRender/Exports.swift does not name, or top-level public functions and values: \(missing)")
        let sourcesOfTableRender = try FileManager.default.contentsOfDirectory(atPath: sources + "/TableRender").filter { $0.hasSuffix(".swift") }
        for file in sourcesOfTableRender {
            let lines = try String(contentsOfFile: sources + "/TableRender/" + file, encoding: .utf8).split(separator: "\n")
            #expect(!lines.contains { $0.hasPrefix("@_exported") }, "\(file)")
        }
    }
}
