import Foundation
import TestSupport
import Testing

/// The README's "From Swift" example is Benchmarks/ReadmeExample/main.swift, which
/// scripts/test.sh builds as a package outside this one (against the public API alone) and runs:
/// the README must show those very lines.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeShowsTheExampleThatIsBuiltAndRun() throws {
        let readme = try String(contentsOfFile: Repository.path("README.md"), encoding: .utf8)
        let section = try #require(readme.range(of: "## From Swift\n"))
        let rest = readme[section.upperBound...]
        let start = try #require(rest.range(of: "```swift\n"))
        let end = try #require(rest[start.upperBound...].range(of: "```"))
        let shown = String(rest[start.upperBound..<end.lowerBound])
        let program = try String(contentsOfFile: Repository.path("Benchmarks/ReadmeExample/main.swift"), encoding: .utf8)
        let code = program.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(code.hasPrefix(shown), "README.md's Swift example and Benchmarks/ReadmeExample/main.swift differ")
        #expect(shown.contains("renderer.pdf(laidOut)") && shown.contains("import TableRender"))
    }

    /// The DocC getting-started article's Swift blocks after the manifest are
    /// Benchmarks/GettingStarted/main.swift, built and run the same way.
    @Test func theGettingStartedArticleShowsTheExampleThatIsBuiltAndRun() throws {
        let article = try String(contentsOfFile: Repository.path("Sources/TableRender/TableRender.docc/GettingStarted.md"), encoding: .utf8)
        var blocks: [String] = []
        var rest = article[...]
        while let start = rest.range(of: "```swift\n"), let end = rest[start.upperBound...].range(of: "```") {
            blocks.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        #expect(blocks.count == 3)
        let program = try String(contentsOfFile: Repository.path("Benchmarks/GettingStarted/main.swift"), encoding: .utf8)
        let code = program.split(separator: "\n", omittingEmptySubsequences: false).drop { $0.hasPrefix("//") }.joined(separator: "\n")
        #expect(code == blocks.dropFirst().joined(separator: "\n"), "GettingStarted.md's Swift blocks and Benchmarks/GettingStarted/main.swift differ")
    }
}
