import Foundation
import Synchronization
import TableRender
import TableText
import TestSupport
import Testing

/// Pango and Cairo are used from several threads at once (one text engine per renderer): the
/// output must be the same bytes as when rendered alone.
@Suite struct ConcurrencyTests {
    @Test func parallelRendersGiveTheSameBytes() throws {
        let path = Repository.path("Examples/feed/feed.json")
        let alone = try LoadedDocument(path: path)
        let expected = try alone.renderer.png(try alone.layout(), scale: 1)[0]
        let results = Mutex((images: [[UInt8]](), errors: [String]()))
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let loaded = try LoadedDocument(path: path)
                let image = try loaded.renderer.png(try loaded.layout(), scale: 1)[0]
                results.withLock { $0.images.append(image) }
            } catch {
                results.withLock { $0.errors.append("\(error)") }
            }
        }
        let (images, errors) = results.withLock { ($0.images, $0.errors) }
        #expect(errors.isEmpty)
        #expect(images.count == 8)
        #expect(images.allSatisfy { $0 == expected })
    }
}

@Suite struct ParallelLayoutTests {
    /// 300 rows are laid out by this process and one or two worker processes; one thread must
    /// give the very same frames and bytes.
    @Test(arguments: [2, 3]) func oneThreadOrAllGiveTheSameOutput(processes: Int) throws {
        let path = Repository.path("Examples/catalogue/catalogue.json")
        let parallel = try LoadedDocument(path: path)
        let single = try LoadedDocument(path: path)
        single.renderer.engine.maximumThreads = 1
        parallel.renderer.engine.maximumThreads = processes
        let a = try parallel.layout(), b = try single.layout()
        #expect(a.dump == b.dump)
        #expect(try parallel.renderer.png(a, scale: 1) == single.renderer.png(b, scale: 1))
    }
}

@Suite struct StreamedPDFTests {
    /// A paginated PDF alone is laid out and written a window of rows at a time; the bytes must
    /// not depend on the window.
    @Test func windowsDoNotChangeTheBytes() throws {
        let loaded = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json"))
        var whole = RenderOptions()
        whole.formats = [.pdf, .png]
        whole.scale = 1
        whole.outputDirectory = Repository.temporaryFolder()
        var streamed = RenderOptions()
        streamed.formats = [.pdf]
        streamed.streamWindow = 37
        streamed.outputDirectory = Repository.temporaryFolder()
        _ = try loaded.render(whole)
        _ = try LoadedDocument(path: Repository.path("Examples/catalogue/catalogue.json")).render(streamed)
        let a = try Data(contentsOf: URL(fileURLWithPath: whole.outputDirectory + "/catalogue/catalogue.pdf"))
        let b = try Data(contentsOf: URL(fileURLWithPath: streamed.outputDirectory + "/catalogue/catalogue.pdf"))
        #expect(a == b)
    }
}

@Suite struct StreamedPNGTests {
    /// Paper PNG pages alone are drawn, encoded and written as they are laid out; they must be
    /// the very files the whole layout gives, light and dark.
    @Test func streamedPagesAreTheSameFiles() throws {
        let path = Repository.path("Examples/catalogue/catalogue.json")
        var whole = RenderOptions()
        whole.formats = [.png, .pdf]
        whole.appearances = [.light, .dark]
        whole.scale = 1
        whole.outputDirectory = Repository.temporaryFolder()
        var streamed = whole
        streamed.formats = [.png]
        streamed.streamWindow = 37
        streamed.pngStreamingRows = 0
        streamed.outputDirectory = Repository.temporaryFolder()
        let wholeFiles = try LoadedDocument(path: path).render(whole).filter { $0.hasSuffix(".png") }
        let streamedFiles = try LoadedDocument(path: path).render(streamed)
        #expect(wholeFiles.map { ($0 as NSString).lastPathComponent } == streamedFiles.map { ($0 as NSString).lastPathComponent })
        for (a, b) in zip(wholeFiles, streamedFiles) {
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)), "\(b)")
        }
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: streamed.outputDirectory + "/catalogue").filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty)
    }
}

/// An app's font loaded on one thread (fontconfig's application fonts grow, the shared font map
/// forgets what it read) while other threads lay out and draw: what they draw is the same bytes.
@Suite struct FontLoadingConcurrencyTests {
    @Test func loadingAnAppsFontWhileOthersDrawChangesNothingTheyDraw() throws {
        let path = Repository.path("Examples/feed/feed.json")
        let alone = try LoadedDocument(path: path)
        let expected = try alone.renderer.png(try alone.layout(), scale: 1)[0]
        let folder = Repository.temporaryFolder()
        let fonts = (0..<6).map { folder + "/Concurrent\($0).ttf" }
        for (index, file) in fonts.enumerated() {
            try TestFonts.renamed(TestFonts.dejaVuSerifBold, to: file, family: "Tablerender Concurrent \(index)", style: "Bold",
                                  postScriptName: "TablerenderConcurrent\(index)-Bold")
        }
        let results = Mutex((images: [[UInt8]](), errors: [String]()))
        DispatchQueue.concurrentPerform(iterations: 12) { index in
            do {
                if index % 2 == 0 {
                    let faces = try AppFonts.load(fonts[index / 2])
                    guard faces.first?.family == "Tablerender Concurrent \(index / 2)" else { throw AppFonts.Failure(message: "faces \(faces)") }
                } else {
                    let loaded = try LoadedDocument(path: path)
                    let image = try loaded.renderer.png(try loaded.layout(), scale: 1)[0]
                    results.withLock { $0.images.append(image) }
                }
            } catch {
                results.withLock { $0.errors.append("\(error)") }
            }
        }
        let (images, errors) = results.withLock { ($0.images, $0.errors) }
        #expect(errors.isEmpty, "\(errors)")
        #expect(images.count == 6)
        #expect(images.allSatisfy { $0 == expected })
        #expect(Set(AppFonts.loaded.map(\.family)).isSuperset(of: (0..<6).map { "Tablerender Concurrent \($0)" }))
    }
}
