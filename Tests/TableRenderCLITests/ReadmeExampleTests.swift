import Foundation
import TestSupport
import Testing

/// The README's "From Swift" example is Benchmarks/ReadmeExample/main.swift, which
/// scripts/test.sh builds as a package outside this one (against the public API alone) and runs:
/// the README must show those very lines.
@Suite struct ReadmeExampleTests {
    /// The insides of the ```swift blocks of a Markdown text, in order.
    static func swiftBlocks(in text: Substring) -> [String] {
        var blocks: [String] = []
        var rest = text
        while let start = rest.range(of: "```swift\n"), let end = rest[start.upperBound...].range(of: "```") {
            blocks.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return blocks
    }

    /// A program's source without its opening comment.
    static func program(_ path: String) throws -> String {
        let source = try String(contentsOfFile: Repository.path(path), encoding: .utf8)
        return source.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
    }

    @Test func theReadmeShowsTheExampleThatIsBuiltAndRun() throws {
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## From Swift\n"))
        let shown = try #require(Self.swiftBlocks(in: readme[section.upperBound...]).first)
        let code = try Self.program("Benchmarks/ReadmeExample/main.swift")
        #expect(code.hasPrefix(shown), "README.md's Swift example and Benchmarks/ReadmeExample/main.swift differ")
        #expect(shown.contains("renderer.pdf(laidOut)") && shown.contains("import TableRender"))
    }

    /// The DocC getting-started article's Swift blocks after the manifest are
    /// Benchmarks/GettingStarted/main.swift, built and run the same way.
    @Test func theGettingStartedArticleShowsTheExampleThatIsBuiltAndRun() throws {
        let article = try String(contentsOfFile: Repository.path("Sources/TableRender/TableRender.docc/GettingStarted.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(in: article[...])
        #expect(blocks.count == 3)
        let code = try Self.program("Benchmarks/GettingStarted/main.swift")
        #expect(code == blocks.dropFirst().joined(separator: "\n"), "GettingStarted.md's Swift blocks and Benchmarks/GettingStarted/main.swift differ")
    }
}
