import Foundation
@testable import TableCairo
import TableRender
import TestSupport
import Testing

@Suite struct StatesRenderingTests {
    @Test func everySceneAndTransitionIsWritten() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/states/states.json"))
        var options = RenderOptions()
        options.formats = [.png, .pdf]
        options.changes = true
        options.outputDirectory = Repository.temporaryFolder()
        let written = try loaded.render(options).map { ($0 as NSString).lastPathComponent }
        #expect(written == [
            "states@2x.png", "states.folding.unfolded@2x.png", "states.party.on@2x.png", "states.party.after@2x.png",
            "states.filter.selected@2x.png", "states.pdf",
            "states.transition.folding.folded-unfolded@2x.png", "states.transition.folding.unfolded-folded@2x.png",
            "states.transition.party.pre-on@2x.png", "states.transition.party.on-pre@2x.png",
            "states.transition.party.pre-after@2x.png", "states.transition.party.after-pre@2x.png",
            "states.transition.filter.all-selected@2x.png", "states.transition.filter.selected-all@2x.png",
            "states.changes.json",
        ])
        let folder = options.outputDirectory + "/states/"
        #expect(Golden.check(try String(contentsOfFile: folder + "states.changes.json", encoding: .utf8), "states.changes.json") == nil)
        for name in ["states.transition.party.pre-on@2x.png", "states.transition.folding.folded-unfolded@2x.png", "states.party.on@2x.png"] {
            #expect(Golden.check([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + name))), name) == nil)
        }
        let pdf = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder + "states.pdf")), as: UTF8.self)
        #expect(pdf.components(separatedBy: "<< /Type /Page %").count - 1 == 5)
        for scene in ["initial", "folding.unfolded", "party.on", "party.after", "filter.selected"] { #expect(pdf.contains("/Title (\(scene))")) }
    }

    @Test func chosenScenesReplaceTheDefaults() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/states/states.json"))
        var options = RenderOptions()
        options.scenes = ["party=after,filter=selected"]
        options.outputDirectory = Repository.temporaryFolder()
        let written = try loaded.render(options).map { ($0 as NSString).lastPathComponent }
        #expect(written.first == "states.filter.selected+party.after@2x.png")
        options.scenes = ["party=late"]
        #expect(throws: Diagnostic.self) { try loaded.render(options) }
        options.scenes = ["partty=on"]
        do { _ = try loaded.render(options) } catch {
            #expect(error.message == "--states: unknown stateful section 'partty'; did you mean 'party'? (known: filter, folding, party)")
            #expect(error.exitCode == 64)
        }
    }

    /// A move is labelled with its indices as `changes.json` and index paths count them (from
    /// 0); one that lands at the index it had (the rows around it moved) is not labelled "4 → 4".
    @Test func aMoveIsLabelledWithTheChangesetsIndices() {
        #expect(TransitionRenderer.moveBadge(from: 4, to: 4) == "moved, at 4")
        #expect(TransitionRenderer.moveBadge(from: 4, to: 1) == "4 → 1")
    }
}
