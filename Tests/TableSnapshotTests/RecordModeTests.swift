import Testing
import TableSnapshot

/// The record modes' one state machine, as swift-snapshot-testing's modes behave: used by
/// `snapshot record|verify` and by `assertSnapshot`.
@Suite struct RecordModeTests {
    @Test func eachModeAndReference() {
        #expect(RecordMode.all.step(referenceExists: true) == .record)
        #expect(RecordMode.all.step(referenceExists: false) == .record)
        #expect(RecordMode.missing.step(referenceExists: false) == .recordMissing)
        #expect(RecordMode.missing.step(referenceExists: true) == .compare)
        #expect(RecordMode.failed.step(referenceExists: false) == .recordMissing)
        #expect(RecordMode.failed.step(referenceExists: true) == .compare)
        #expect(RecordMode.never.step(referenceExists: false) == .failMissing)
        #expect(RecordMode.never.step(referenceExists: true) == .compare)
        #expect(RecordMode.allCases.filter(\.recordsMismatch) == [.failed])
    }
}
