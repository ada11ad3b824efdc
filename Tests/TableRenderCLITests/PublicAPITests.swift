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
}
