import Foundation
import TableRenderCLI
import TableSnapshot
import TestSupport
import Testing

@Suite(.serialized) struct DocumentationImagesTests {
    func project() -> String {
        Repository.folder(with: [
            "a/one.json": #"{"sections": [{"items": [{"values": {"title": "One"}}]}]}"#,
            "b/two.json": #"{"style": "grouped", "sections": [{"header": "Two", "items": [{"values": {"title": "Two"}}]}]}"#,
            "tablerender.json": #"{"documents": ["a", "b"], "devices": ["iphone-se", "iphone-15"], "appearances": ["light", "dark"], "scales": [1]}"#,
        ])
    }

    @Test func rendersTheMatrixWithManifestAndGallery() throws {
        let folder = project()
        let run = Run(["render", "--project", folder + "/tablerender.json", "--out", folder + "/out"])
        #expect(run.code == 0, "\(run.err)")
        // The images, then the layout lint's summary of the project.
        #expect(run.out.hasPrefix("8 images, manifest and gallery in \(folder)/out\nlint: "), "\(run.out)")
        #expect(run.err.split(separator: "\n").count == 8)
        #expect(run.err.contains("[8/8] "))
        let manifest = try String(contentsOfFile: folder + "/out/manifest.json", encoding: .utf8)
        #expect(manifest.contains(#"{"file": "one/initial.iphone-se.dark@1x.png", "document": "one", "scene": "initial", "variant": "iphone-se.dark@1x", "width": 320,"#))
        #expect(manifest.components(separatedBy: "\"sha256\"").count - 1 == 8)
        let gallery = try String(contentsOfFile: folder + "/out/gallery.html", encoding: .utf8)
        #expect(gallery.contains("<img src=\"two/initial.iphone-15@1x.png\""))
        #expect(Run(["render", "--project", folder + "/tablerender.json", "--out", folder + "/quiet", "-q"]).err.isEmpty)
    }

    @Test func terminalGetsAProgressBar() {
        let captured = Captured()
        let folder = project()
        let command = TableRenderCommand(stdout: { _ in }, stderr: captured.append, terminalWidth: 80, isTerminal: true)
        #expect(command.run(["render", "--project", folder + "/tablerender.json", "--out", folder + "/out"]) == 0)
        #expect(captured.text.hasPrefix("\r"))
        #expect(captured.text.contains("█"))
        #expect(captured.text.hasSuffix("\n"))
        // Two workers finish in any order, but the bar counts up and ends once, at 8/8.
        let counts = captured.text.split(separator: "\r").compactMap { line in
            line.split(separator: " ").dropFirst().first.flatMap { Int($0.prefix { $0 != "/" }) }
        }
        #expect(counts == Array(1...8), "\(captured.text)")
        #expect(captured.text.filter { $0 == "\n" }.count == 1)
    }

    @Test func shardsSplitTheWorkWithoutOverlap() throws {
        let folder = project()
        var files: [Set<String>] = []
        for shard in 1...3 {
            #expect(Run(["render", "--project", folder + "/tablerender.json", "--out", folder + "/out", "--shard", "\(shard)/3", "-q"]).code == 0)
            let manifest = try String(contentsOfFile: folder + "/out/manifest.\(shard)-of-3.json", encoding: .utf8)
            files.append(Set(manifest.components(separatedBy: "\"file\": \"").dropFirst().map { String($0.prefix { $0 != "\"" }) }))
        }
        #expect(files.map(\.count).reduce(0, +) == 8)
        #expect(files[0].union(files[1]).union(files[2]).count == 8)
        #expect(Run(["render", "--project", folder + "/tablerender.json", "--shard", "4/3"]).code == 64)
    }

    @Test func oneThreadOrMoreGiveTheSameBytes() throws {
        let folder = project()
        let loaded = try Project.load(folder + "/tablerender.json")
        let one = try DocumentationImages(project: loaded, outputDirectory: folder + "/one", threads: 1).run { _, _, _ in }
        let two = try DocumentationImages(project: loaded, outputDirectory: folder + "/two", threads: 2).run { _, _, _ in }
        #expect(one.map(\.sha256).sorted() == two.map(\.sha256).sorted())
    }

    @Test func sameOutputNamesAreAnErrorNotAnOverwrite() {
        let folder = Repository.folder(with: [
            "a/list.json": #"{"sections": []}"#,
            "b/list.json": #"{"sections": []}"#,
            "tablerender.json": #"{"documents": ["a", "b"]}"#,
        ])
        let run = Run(["render", "--project", folder + "/tablerender.json", "--out", folder + "/out"])
        #expect(run.code == 65)
        #expect(run.err.contains("writes list/initial.default@2x.png, which "))
        #expect(!FileManager.default.fileExists(atPath: folder + "/out"))
    }

    /// docs/images holds the README's images; they must be what the tool makes today.
    @Test func readmeImagesAreCurrent() throws {
        let project = try Project.load(Repository.path("tablerender.json"))
        let out = Repository.temporaryFolder()
        let fresh = try DocumentationImages(project: project, outputDirectory: out).run { _, _, _ in }
        let committed = try String(contentsOfFile: Repository.path("docs/images/manifest.json"), encoding: .utf8)
        for entry in fresh {
            #expect(committed.contains("\"file\": \"\(entry.job.file)\"") && committed.contains(entry.sha256),
                    "docs/images/\(entry.job.file) is stale: run tablerender render --project tablerender.json --out docs/images")
        }
    }
}
