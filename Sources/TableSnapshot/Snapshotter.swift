import Dispatch
import Foundation
import Synchronization
import TableCairo
import TableModel
import TableRender

/// What to do with references, as swift-snapshot-testing's record modes.
public enum RecordMode: String, Sendable, CaseIterable {
    /// Record every reference anew.
    case all
    /// Record references that do not exist yet (and report them as failures); verify the rest.
    case missing
    /// Record the references that do not match (and report them); verify the rest.
    case failed
    /// Only verify; a missing reference is a failure.
    case never

    /// `TABLERENDER_SNAPSHOT_RECORD` overrides the mode a command would use; `variables` lists
    /// the variables read, the first one set wins (the test library adds swift-snapshot-testing's
    /// `SNAPSHOT_TESTING_RECORD`).
    package static func fromEnvironment(default mode: RecordMode, variables: [String] = ["TABLERENDER_SNAPSHOT_RECORD"],
                                        environment: [String: String]) throws(Diagnostic) -> RecordMode {
        guard let variable = variables.first(where: { environment[$0]?.isEmpty == false }), let value = environment[variable] else { return mode }
        guard let chosen = RecordMode(rawValue: value) else {
            throw Diagnostic(at: nil, Suggestions.unknown("record mode in \(variable)", value, known: allCases.map(\.rawValue)))
        }
        return chosen
    }

    /// What a snapshot does before it is compared with its reference, by the mode and whether
    /// the reference exists: the one state machine of `snapshot record|verify` and
    /// `assertSnapshot`.
    package enum Step: Sendable, Equatable {
        /// Write the reference without comparing (`all`).
        case record
        /// Fail: there is no reference and the mode records none (`never`).
        case failMissing
        /// Write the missing reference, and fail so that a later run verifies it.
        case recordMissing
        /// Compare with the reference; on a difference, `recordsMismatch` says what follows.
        case compare
    }

    package func step(referenceExists: Bool) -> Step {
        if self == .all { return .record }
        guard referenceExists else { return self == .never ? .failMissing : .recordMissing }
        return .compare
    }

    /// Whether a reference that does not match is written again (and the snapshot still fails).
    package var recordsMismatch: Bool { self == .failed }
}

/// One image of the matrix: a scene of a document in a variant, and where its reference lives.
package struct SnapshotCase: Sendable {
    package var document: String
    package var documentName: String
    package var scene: Scene
    package var variant: Variant
    package var reference: String

    /// `settings/initial.iphone-15.dark@2x`: how the case is named in reports and `--only`.
    package var name: String { "\(documentName)/\(scene.name).\(variant.name)" }
}

package struct SnapshotOutcome: Sendable {
    package enum Status: Sendable, Equatable {
        case passed
        case recorded
        case failed(String)
        /// A reference was written where none was, or re-written after a mismatch: a run that
        /// recorded must be followed by one that verifies.
        case recordedFailing(String)
    }

    package var snapshot: SnapshotCase
    package var status: Status
    package var actual: RGBAImage?
    package var expected: RGBAImage?
    package var diff: RGBAImage?

    package var isFailure: Bool {
        switch status {
        case .passed, .recorded: return false
        case .failed, .recordedFailing: return true
        }
    }
}

/// Runs the matrix of a project: renders every scene of every document in every variant, and
/// records or verifies each against its reference beside the document.
package struct Snapshotter: Sendable {
    package var project: Project
    package var mode: RecordMode
    /// Only cases whose name contains this text.
    package var only: String?
    /// Only every `count`-th case, from the `index`-th (1-based): one machine's part of a CI
    /// matrix (`--shard K/N`); `snapshot merge` puts the shards' reports together.
    package var shard: (index: Int, count: Int)?

    package init(project: Project, mode: RecordMode, only: String? = nil, shard: (index: Int, count: Int)? = nil) {
        self.project = project
        self.mode = mode
        self.only = only
        self.shard = shard
    }

    /// Every case of the matrix, in a stable order.
    package func cases() throws(Diagnostic) -> [SnapshotCase] {
        var result: [SnapshotCase] = []
        for document in project.documents {
            let decoded = try DocumentDecoder.load(file: document)
            for scene in decoded.table.defaultScenes {
                for variant in project.variants {
                    let folder = decoded.directory + "/" + project.snapshotsFolder + "/" + Self.sanitised(decoded.name)
                    let reference = folder + "/" + Self.sanitised("\(scene.name).\(variant.name)") + ".png"
                    let snapshot = SnapshotCase(document: document, documentName: decoded.name, scene: scene, variant: variant, reference: reference)
                    if let only, !snapshot.name.contains(only), !reference.hasSuffix(only) { continue }
                    result.append(snapshot)
                    guard result.count <= Project.maximumSnapshots else {
                        throw Diagnostic(at: SourceLocation(file: project.file), "the project makes more than \(Project.maximumSnapshots) snapshots (\(project.documents.count) documents, \(project.variants.count) variants of each scene); name fewer with --only, or split the project")
                    }
                }
            }
        }
        guard let shard else { return result }
        return result.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
    }

    /// File-name safe: letters, digits, `.`, `-`, `_`, `@`, `+`; everything else becomes `_`.
    static func sanitised(_ name: String) -> String {
        String(name.unicodeScalars.map { scalar -> Character in
            let allowed = CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || ".-_@+".unicodeScalars.contains(scalar)
            return allowed ? Character(scalar) : "_"
        })
    }

    /// Renders and records or verifies every case, the documents spread over all cores.
    /// References are only ever written by the record modes, each whole or not at all.
    package func run(threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws(Diagnostic) -> [SnapshotOutcome] {
        try run(lint: nil, threads: threads).outcomes
    }

    /// The same, and with `lint` the layout lint of the layouts it makes (each document once per
    /// layout, `LintRun.lintedJobs`).
    package func run(lint: LayoutLint?, threads: Int = ProcessInfo.processInfo.activeProcessorCount) throws(Diagnostic)
        -> (outcomes: [SnapshotOutcome], findings: [LintFinding]) {
        let cases = try self.cases()
        let linted = lint == nil ? [] : LintRun.lintedJobs(cases)
        let lintFindings = LintFindings()
        let appearances = project.appearances
        let results = Slots<SnapshotOutcome>(count: cases.count)
        let this = self
        let masks = project.masks
        // Which masks named something, and every name they could have taken.
        let matched = Mutex((names: Set<String>(), known: Set<String>()))
        let failure = DocumentGroups.layOut(cases, threads: threads) { index, document, laidOut throws(Diagnostic) in
            let snapshot = cases[index]
            if var lint, linted.contains(index) {
                lint.scale = snapshot.variant.scale
                lintFindings.add(index, lint.findings(laidOut, document: document, variant: LintRun.name(of: snapshot.variant), appearances: appearances))
            }
            if !masks.isEmpty {
                let unmatched = masks.unmatched(in: laidOut), known = Masks.known(in: laidOut)
                matched.withLock { $0.names.formUnion(masks.names.subtracting(unmatched)); $0.known.formUnion(known) }
            }
            let actual = try document.renderer.pixels(laidOut, appearance: snapshot.variant.appearance, scale: snapshot.variant.scale, masks: masks)
            let masked = masks.isEmpty ? [] : laidOut.pages.first.map { masks.pixelRegions(on: $0, scale: snapshot.variant.scale) } ?? []
            results.set(index, try this.check(snapshot, actual: actual, rows: RowPlaces.text(of: laidOut), masked: masked))
        }
        if let failure { throw failure }
        let (found, known) = matched.withLock { ($0.names, $0.known) }
        if !cases.isEmpty, let missing = masks.names.subtracting(found).sorted().first {
            let what = Suggestions.unknown("mask", missing, known: known.sorted()) + " (a mask names a view id, a row id or a JSON path such as $.sections[0].items[2], in some document's scene)"
            if project.optionMasks.contains(missing) { throw Diagnostic(.usage, at: nil, "--mask \(missing): " + what) }
            throw Diagnostic(at: SourceLocation(file: project.file, path: "$.masks"), what)
        }
        return (results.values ?? [], lintFindings.all)
    }

    /// The text key under which a reference image keeps the pixels its masks covered.
    package static let maskKey = "tablerender:masks"

    /// - Parameters:
    ///   - rows: where the image's rows are (`RowPlaces`), kept in its reference.
    ///   - masked: the pixels the masks covered, kept in the reference too: a comparison leaves
    ///     out what either image masked, so that a masked view's region does not follow its content.
    private func check(_ snapshot: SnapshotCase, actual pixels: ARGBImage, rows: String, masked: [PixelRect]) throws(Diagnostic) -> SnapshotOutcome {
        func png() throws(Diagnostic) -> [UInt8] {
            let png = PNGEncoder.addingText(try pixels.png(), key: RowPlaces.key, text: rows)
            return masked.isEmpty ? png : PNGEncoder.addingText(png, key: Self.maskKey, text: PixelRect.text(masked))
        }
        switch mode.step(referenceExists: FileManager.default.fileExists(atPath: snapshot.reference)) {
        case .record:
            try write(try png(), to: snapshot.reference)
            return SnapshotOutcome(snapshot: snapshot, status: .recorded)
        case .failMissing:
            return SnapshotOutcome(snapshot: snapshot, status: .failed("no reference at \(snapshot.reference)"), actual: pixels.rgba)
        case .recordMissing:
            try write(try png(), to: snapshot.reference)
            return SnapshotOutcome(snapshot: snapshot, status: .recordedFailing("no reference existed; recorded one"), actual: pixels.rgba)
        case .compare:
            break
        }
        guard let data = FileManager.default.contents(atPath: snapshot.reference) else {
            return SnapshotOutcome(snapshot: snapshot, status: .failed("cannot read the reference \(snapshot.reference)"), actual: pixels.rgba)
        }
        let reference: ARGBImage
        do { reference = try ARGBImage(png: [UInt8](data), name: snapshot.reference) } catch {
            return SnapshotOutcome(snapshot: snapshot, status: .failed("the reference is not a readable PNG (\(error.message)); record it again"), actual: pixels.rgba)
        }
        // The common case, identical pixels, needs no conversion at all.
        if reference == pixels { return SnapshotOutcome(snapshot: snapshot, status: .passed) }
        let (expected, actual) = ImageComparison.leavingOutMasks(
            expected: reference.rgba, actual: pixels.rgba, masked: masked,
            referenceMasked: PNGEncoder.text(in: [UInt8](data), key: Self.maskKey).map(PixelRect.parse) ?? [])
        let comparison = ImageComparison.compare(expected: expected, actual: actual, options: project.comparison)
        if comparison.matches {
            return SnapshotOutcome(snapshot: snapshot, status: .passed, actual: actual, expected: expected)
        }
        if mode.recordsMismatch {
            try write(try png(), to: snapshot.reference)
            return SnapshotOutcome(snapshot: snapshot, status: .recordedFailing("did not match (\(comparison.summary)); recorded again"),
                                   actual: actual, expected: expected, diff: comparison.diff)
        }
        var summary = comparison.summary
        if comparison.sizes != nil, let before = RowPlaces.read([UInt8](data)), let changes = RowPlaces.changes(reference: before, actual: rows) {
            summary += "; " + changes
        }
        return SnapshotOutcome(snapshot: snapshot, status: .failed(summary), actual: actual, expected: expected, diff: comparison.diff)
    }

    private func write(_ bytes: [UInt8], to path: String) throws(Diagnostic) {
        let folder = (path as NSString).deletingLastPathComponent
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw Diagnostic(.failure, at: SourceLocation(file: folder), "cannot create the references folder: \(error.localizedDescription)")
        }
        try AtomicFile.write(bytes, to: path)
    }

    /// References in the documents' snapshot folders that no case of the matrix produces.
    /// `outcomes` of a run over the whole matrix save reading the documents again.
    package func orphans(after outcomes: [SnapshotOutcome]? = nil) throws(Diagnostic) -> [String] {
        let references: [String]
        if let outcomes, only == nil, shard == nil {
            references = outcomes.map(\.snapshot.reference)
        } else {
            references = try Snapshotter(project: project, mode: mode).cases().map(\.reference)
        }
        let expected = Set(references)
        var folders = Set<String>()
        for document in project.documents {
            folders.insert(URL(fileURLWithPath: document).deletingLastPathComponent().standardizedFileURL.path + "/" + project.snapshotsFolder)
        }
        var result: [String] = []
        for folder in folders.sorted() {
            for entry in (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted() where entry.hasSuffix(".png") {
                let path = folder + "/" + entry
                if !expected.contains(path) { result.append(path) }
            }
        }
        return result
    }
}
