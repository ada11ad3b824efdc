import Foundation
@testable import TableCairo
import TableModel
import TestSupport
import Testing

/// An output file gathers Cairo's small pieces into large writes: what lands on disk must be the
/// pieces in order, whatever their sizes, and a refusal must still be reported.
@Suite struct OutputFileTests {
    /// Pieces of random sizes (a few bytes, as Cairo hands them over, up to several times the
    /// gathering buffer), seeded: the file holds exactly their concatenation.
    @Test(arguments: [1, 2, 3, 4, 5])
    func piecesOfAnySizeLandInOrder(seed: UInt64) throws {
        var dice = Dice(seed: seed)
        let path = Repository.temporaryFolder() + "/out.bin"
        let file = try OutputFile(temporary: path, name: path)
        var expected: [UInt8] = []
        for _ in 0..<400 {
            let size: Int
            switch dice.next(10) {
            case 0: size = dice.next(300_000)
            case 1: size = 0
            default: size = dice.next(64)
            }
            let piece = (0..<size).map { _ in UInt8(truncatingIfNeeded: dice.next()) }
            expected += piece
            #expect(piece.withUnsafeBytes { file.append($0) })
        }
        try file.finish()
        #expect(try Array(Data(contentsOf: URL(fileURLWithPath: path))) == expected)
    }

    /// A device that refuses every write (as a full disk does): small pieces are taken, and the
    /// refusal is an error naming the file when they are written, at the latest at `finish`.
    @Test func aRefusalIsReportedAtTheLatestWhenFinishing() throws {
        try #require(FileManager.default.fileExists(atPath: "/dev/full"))
        let file = try OutputFile(temporary: "/dev/full", name: "list.pdf")
        _ = [UInt8]("%PDF-1.7\n".utf8).withUnsafeBytes { file.append($0) }
        do {
            try file.finish()
            Issue.record("finish succeeded on a device that refuses writes")
        } catch {
            #expect(error.description.contains("list.pdf"), "\(error.description)")
            #expect(error.description.contains("No space left on device"), "\(error.description)")
        }
        let big = try OutputFile(temporary: "/dev/full", name: "big.pdf")
        #expect(![UInt8](repeating: 7, count: 200_000).withUnsafeBytes { big.append($0) })
        #expect(big.failure == ENOSPC)
    }
}
