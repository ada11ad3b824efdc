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
}
