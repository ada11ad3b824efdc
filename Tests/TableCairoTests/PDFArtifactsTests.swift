@testable import TableCairo
import Testing

/// What a page draws outside the structure is wrapped in `/Artifact BMC … EMC`, on content
/// streams written by hand with the result worked out from ISO 32000-1 (a path's construction and
/// painting stay together, marked content nests with `q`/`Q` and `BT`/`ET`, an element's content
/// is left alone). The browser tests read Cairo's real files with pypdf, a parser of its own.
@Suite struct PDFArtifactsTests {
    func marked(_ stream: String) -> String? {
        PDFArtifacts.marking(Array(stream.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func aBackgroundBeforeAnElementIsAnArtifact() {
        let stream = "1 0 0 -1 0 665 cm\nq\n0.9 0.9 0.9 rg /a0 gs\n0 0 390 665 re f\n/P << /MCID 0 >> BDC\nBT\n/f-0-0 1 Tf\n[(Hi)]TJ\nET\nEMC\nQ\n"
        #expect(marked(stream) == "1 0 0 -1 0 665 cm\nq\n0.9 0.9 0.9 rg /a0 gs\n/Artifact BMC\n0 0 390 665 re f\nEMC\n/P << /MCID 0 >> BDC\nBT\n/f-0-0 1 Tf\n[(Hi)]TJ\nET\nEMC\nQ\n")
    }

    @Test func aPathIsMarkedFromItsFirstPointAndARunEndsWithItsGraphicsState() {
        // Two fills in one run; the run closes before the `Q` of the `q` it opened in, and the
        // separator after an element's content gets a run of its own.
        let stream = "q\n1 1 1 rg 26 106 m 364 106 l 374 116 c h\n26 106 m f\n0 0 10 10 re f\nQ\n/LBody << /MCID 2 >> BDC\n0 0 0 rg BT\n[(A)]TJ\nET\nEMC\n32 149.668 342 0.332 re f\n"
        #expect(marked(stream) == "q\n1 1 1 rg /Artifact BMC\n26 106 m 364 106 l 374 116 c h\n26 106 m f\n0 0 10 10 re f\nEMC\nQ\n/LBody << /MCID 2 >> BDC\n0 0 0 rg BT\n[(A)]TJ\nET\nEMC\n/Artifact BMC\n32 149.668 342 0.332 re f\nEMC\n")
    }

    @Test func textOutsideTheStructureIsMarkedInsideItsTextObject() {
        // A repeated header: its text, with the span Cairo gives a ligature's actual text, is
        // one run that opens and closes inside `BT … ET`; a clip alone is not drawing.
        let stream = "0 0 50 50 re W n\nBT\n13 0 0 -13 32 95 Tm\n/f-1-0 1 Tf\n[(T)106(e)]TJ\n/Span << /ActualText <feff0066> >> BDC\n[(\\)fi\\()]TJ\nEMC\nET\n/H2 << /MCID 1 >> BDC\nBT\n[(B)]TJ\nET\nEMC\n"
        #expect(marked(stream) == "0 0 50 50 re W n\nBT\n13 0 0 -13 32 95 Tm\n/f-1-0 1 Tf\n/Artifact BMC\n[(T)106(e)]TJ\n/Span << /ActualText <feff0066> >> BDC\n[(\\)fi\\()]TJ\nEMC\nEMC\nET\n/H2 << /MCID 1 >> BDC\nBT\n[(B)]TJ\nET\nEMC\n")
    }

    @Test func anElementsContentIsLeftAsItIs() {
        // Strings that look like operators do not open or close anything.
        let stream = "/LBody << /MCID 0 >> BDC\n0 0 m 1 1 l S\nBT\n[(EMC BDC \\( Q)]TJ\n<4142> Tj\nET\n/Im1 Do\nEMC\n"
        #expect(marked(stream) == nil)
        #expect(marked("") == nil)
        #expect(marked("q 1 0 0 1 0 0 cm Q\n") == nil, "nothing drawn, nothing to mark")
    }

    @Test func anArtifactAlreadyMarkedIsNotMarkedAgain() {
        let stream = "/Artifact BMC\n0 0 10 10 re f\nEMC\n/Im2 Do\n"
        #expect(marked(stream) == "/Artifact BMC\n0 0 10 10 re f\nEMC\n/Artifact BMC\n/Im2 Do\nEMC\n")
    }

    @Test func aStreamThisCannotReadIsLeftAsItIs() {
        #expect(marked("0 0 10 10 re f\nEMC\n") == nil, "an EMC closing nothing")
        #expect(marked("/P << /MCID 0 >> BDC\n0 0 10 10 re f\n") == nil, "a sequence never closed")
        #expect(marked("BI /W 1 /H 1 ID \u{0}\u{1} EI\n0 0 1 1 re f\n") == nil, "an inline image")
        #expect(marked("(unclosed string 0 0 1 1 re f\n") == nil)
        #expect(marked("q\n0 0 1 1 re f\nQ\nQ\n") == nil, "a Q with no q")
    }

    /// Damaged streams (bytes dropped, doubled or changed, seeded) never stop the reader: each is
    /// marked or left as it is, and what is marked is the stream with the artifacts' openings
    /// and closings added, as many of each.
    static let damage = Array("()<>[]/%BDCEMCqQ \n\\".utf8)

    @Test func damagedStreamsAreMarkedOrLeftAsTheyAre() {
        let original = Array("1 0 0 -1 0 665 cm\nq\n0.9 0.9 0.9 rg /a0 gs\n0 0 390 665 re f\n/H1 << /MCID 0 >> BDC\nBT\n34 0 0 -34 16 45 Tm\n/f-0-0 1 Tf\n[(S)-12(e\\)t)]TJ\nET\nEMC\n/LBody << /MCID 2 >> BDC\n0 0 0 rg BT\n<0041> Tj\n/Span << /ActualText <feff0066> >> BDC\n[(fi)]TJ\nEMC\nET\n350.5 121.5 m 356.5 128 l S\nEMC\n32 149.668 342 0.332 re f\n/Im0 Do\nQ\n".utf8)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var marked = 0
        for _ in 0..<3_000 {
            var bytes = original
            for _ in 0..<(1 + next(4)) {
                let at = next(bytes.count)
                switch next(3) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                default: bytes[at] = Self.damage[next(Self.damage.count)]
                }
            }
            guard let out = PDFArtifacts.marking(bytes) else { continue }
            marked += 1
            func openings(_ text: [UInt8]) -> Int { String(decoding: text, as: UTF8.self).components(separatedBy: "/Artifact BMC\n").count - 1 }
            let opened = openings(out) - openings(bytes)
            var rest = String(decoding: out, as: UTF8.self)
            // Taking out the lines added gives the stream back.
            #expect(opened > 0)
            for _ in 0..<opened {
                if let range = rest.range(of: "/Artifact BMC\n") { rest.removeSubrange(range) }
            }
            #expect(rest.utf8.count - opened * 4 == bytes.count, "\(String(decoding: bytes, as: UTF8.self))")
        }
        #expect(marked > 300, "\(marked) of 3,000 damaged streams were marked")
    }
}
