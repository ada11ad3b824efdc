import Foundation
import TableRender
import TestSupport
import Testing

/// Pango and Cairo are used from several threads at once (one text engine per renderer): the
/// output must be the same bytes as when rendered alone.
@Suite struct ConcurrencyTests {
    @Test func parallelRendersGiveTheSameBytes() throws {
        let path = Repository.path("Examples/feed/feed.json")
        let alone = try LoadedDocument(path: path)
        let expected = try alone.renderer.png(try alone.layout(), scale: 1)[0]
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var images: [[UInt8]] = []
            var errors: [String] = []
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let loaded = try LoadedDocument(path: path)
                let image = try loaded.renderer.png(try loaded.layout(), scale: 1)[0]
                results.lock.withLock { results.images.append(image) }
            } catch {
                results.lock.withLock { results.errors.append("\(error)") }
            }
        }
        #expect(results.errors.isEmpty)
        #expect(results.images.count == 8)
        #expect(results.images.allSatisfy { $0 == expected })
    }
}
