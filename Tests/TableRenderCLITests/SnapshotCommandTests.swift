import Foundation
import TableRenderCLI
import TestSupport
import Testing

/// The snapshot workflow as a user runs it: record, change a template, verify, read the report,
/// accept the change with the printed command, clean orphans.
@Suite(.serialized) struct SnapshotCommandTests {
    func project(_ extra: [String: String] = [:]) -> String {
        var files = [
            "docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"template": "Row", "values": {"title": "Apple"}}, {"template": "Row", "values": {"title": "Pear"}}]}]}"#,
            "docs/templates/Row.xml": #"<cell><stack padding="11 16"><label text="{title}" color="label"/></stack></cell>"#,
            "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "appearances": ["light", "dark"], "scales": [1]}"#,
        ]
        for (name, text) in extra { files[name] = text }
        return Repository.folder(with: files)
    }

    /// Masks (a project's `masks`, `--mask`): the named row, view or item is a magenta box in
    /// every snapshot, so a change there passes; a mask that names nothing in any document is an
    /// error naming the closest names.
    @Test func masksCoverWhatChangesOnItsOwn() throws {
        let folder = project(["docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"id": "apple", "template": "Row", "values": {"title": "Apple", "time": "09:41"}}, {"id": "pear", "template": "Row", "values": {"title": "Pear", "time": "09:41"}}]}]}"#,
                              "docs/templates/Row.xml": #"<cell><stack padding="11 16"><label text="{title}" grow="1"/><label id="clock" text="{time}" width="60"/></stack></cell>"#,
                              "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1], "masks": ["clock"]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["--project", folder + "/tablerender.json", "--report", folder + "/report"]
        #expect(Run(["snapshot", "record", "-q"] + arguments).code == 0)
        let list = folder + "/docs/list.json"
        let original = try String(contentsOfFile: list, encoding: .utf8)
        try original.replacingOccurrences(of: "09:41", with: "17:05").write(toFile: list, atomically: true, encoding: .utf8)
        let clock = Run(["snapshot", "verify", "--record", "never"] + arguments)
        #expect(clock.code == 0, "the masked clock changed: \(clock.err)")
        try original.replacingOccurrences(of: "Pear", with: "Quince").write(toFile: list, atomically: true, encoding: .utf8)
        #expect(Run(["snapshot", "verify", "--record", "never"] + arguments).code == 1, "an unmasked row changed")
        // References and checks take the same masks: a row by its JSON path, or by its id.
        for mask in ["$.sections[0].items[1]", "pear"] {
            #expect(Run(["snapshot", "record", "-q", "--mask", mask] + arguments).code == 0)
            try original.replacingOccurrences(of: "Pear", with: "Plum").write(toFile: list, atomically: true, encoding: .utf8)
            let masked = Run(["snapshot", "verify", "--record", "never", "--mask", mask] + arguments)
            #expect(masked.code == 0, "the row is masked by \(mask): \(masked.err)")
            try original.write(toFile: list, atomically: true, encoding: .utf8)
        }
        // A typo on the command line is the option's (64); in the project file, the file's (65).
        let typo = Run(["snapshot", "verify", "--record", "never", "--mask", "aple"] + arguments)
        #expect(typo.code == 64 && typo.err.contains("--mask aple: unknown mask 'aple'; did you mean 'apple'?") && !typo.err.contains("tablerender.json"), "\(typo.err)")
        let projectFile = folder + "/tablerender.json"
        let projectText = try String(contentsOfFile: projectFile, encoding: .utf8)
        try projectText.replacingOccurrences(of: #"["clock"]"#, with: #"["clok"]"#).write(toFile: projectFile, atomically: true, encoding: .utf8)
        let fileTypo = Run(["snapshot", "verify", "--record", "never"] + arguments)
        #expect(fileTypo.code == 65 && fileTypo.err.contains("tablerender.json: error: at $.masks: unknown mask 'clok'; did you mean 'clock'?"), "\(fileTypo.err)")
        try projectText.write(toFile: projectFile, atomically: true, encoding: .utf8)
        // A mask's region does not follow the content: a clock as wide as its text grows from
        // "9:41" to "10:48:09 PM" and back and still passes; the reference keeps what it masked.
        try #"<cell><stack padding="11 16"><label text="{title}" grow="1"/><label id="clock" text="{time}"/></stack></cell>"#
            .write(toFile: folder + "/docs/templates/Row.xml", atomically: true, encoding: .utf8)
        try original.replacingOccurrences(of: "09:41", with: "9:41").write(toFile: list, atomically: true, encoding: .utf8)
        #expect(Run(["snapshot", "record", "-q"] + arguments).code == 0)
        for time in ["10:48:09 PM", "1:11"] {
            try original.replacingOccurrences(of: "09:41", with: time).write(toFile: list, atomically: true, encoding: .utf8)
            let grown = Run(["snapshot", "verify", "--record", "never"] + arguments)
            #expect(grown.code == 0, "the masked clock's text is now \(time): \(grown.err)")
        }
    }

    /// A CI matrix: each machine verifies its shard (`--shard K/N`) into its own report, and
    /// `snapshot merge` puts them together, with one exit status; every shard must be there once.
    @Test func shardsVerifyApartAndMergeIntoOneReport() throws {
        let folder = project()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let projectFile = ["--project", folder + "/tablerender.json"]
        #expect(Run(["snapshot", "record", "-q", "--report", folder + "/recorded"] + projectFile).code == 0)
        let whole = Run(["snapshot", "verify", "--record", "never", "--report", folder + "/whole"] + projectFile)
        #expect(whole.code == 0 && whole.out.contains("2 of 2 snapshots passed"), "\(whole.err)")
        var names: [String] = []
        for shard in 1...3 {
            let run = Run(["snapshot", "verify", "--record", "never", "--shard", "\(shard)/3", "--report", folder + "/shard\(shard)"] + projectFile)
            #expect(run.code == 0, "\(run.err)")
            names += run.out.split(separator: "\n").filter { $0.hasPrefix("passed ") }.map { String($0.dropFirst(9)) }
        }
        #expect(names.sorted() == ["list/initial.iphone-se.dark@1x", "list/initial.iphone-se@1x"], "each snapshot in one shard: \(names)")
        let shards = (1...3).map { folder + "/shard\($0)" }
        let merged = Run(["snapshot", "merge"] + shards + ["--report", folder + "/merged"])
        #expect(merged.code == 0 && merged.out.contains("2 of 2 snapshots passed in 3 reports"), "\(merged.out)\(merged.err)")
        let json = try String(contentsOfFile: folder + "/merged/report.json", encoding: .utf8)
        #expect(json.contains("\"name\" : \"list/initial.iphone-se@1x\"") && json.contains("\"name\" : \"list/initial.iphone-se.dark@1x\""), "\(json)")

        // A change fails the shard that has it, and the merged report shows it with its images.
        try #"<cell><stack padding="11 16"><label text="{title}" color="tint"/></stack></cell>"#
            .write(toFile: folder + "/docs/templates/Row.xml", atomically: true, encoding: .utf8)
        var codes: [Int32] = []
        for shard in 1...3 {
            codes.append(Run(["snapshot", "verify", "--record", "never", "--shard", "\(shard)/3", "--report", folder + "/shard\(shard)"] + projectFile).code)
        }
        #expect(codes.filter { $0 == 1 }.count == 2 && codes.filter { $0 == 0 }.count == 1, "\(codes)")
        let failing = Run(["snapshot", "merge"] + shards + ["--report", folder + "/merged"])
        #expect(failing.code == 1 && failing.err.contains("failed   list/initial.iphone-se@1x: "), "\(failing.err)")
        let page = try String(contentsOfFile: folder + "/merged/index.html", encoding: .utf8)
        #expect(page.contains("Snapshots: 2 failed, 0 passed"))
        let images = try FileManager.default.contentsOfDirectory(atPath: folder + "/merged").filter { $0.hasSuffix(".png") }
        #expect(images.count == 6, "actual, expected and diff of each failure: \(images.sorted())")

        // Every shard once, of one count; never into a report being merged.
        let missing = Run(["snapshot", "merge", shards[0], shards[2], "--report", folder + "/merged"])
        #expect(missing.code == 65 && missing.err.contains("shard 2/3 missing"), "\(missing.err)")
        let twice = Run(["snapshot", "merge", shards[0], shards[0], shards[1], "--report", folder + "/merged"])
        #expect(twice.code == 65 && twice.err.contains("shard 1/3 is already in"), "\(twice.err)")
        let mixed = Run(["snapshot", "merge", folder + "/whole", shards[0], "--report", folder + "/merged"])
        #expect(mixed.code == 65 && mixed.err.contains("a whole run's report cannot be merged with shards' reports"), "\(mixed.err)")
        let into = Run(["snapshot", "merge"] + shards + ["--report", shards[0]])
        #expect(into.code == 64, "\(into.err)")
        let nowhere = Run(["snapshot", "merge", folder + "/nowhere", "--report", folder + "/merged"])
        #expect(nowhere.code == 66, "\(nowhere.err)")
        let badShard = Run(["snapshot", "verify", "--shard", "4/3"] + projectFile)
        #expect(badShard.code == 64 && badShard.err.contains("expected K/N with 1 ≤ K ≤ N"), "\(badShard.err)")
    }

    /// A row added: the failure names it and the rows it pushed down (the reference keeps where
    /// its rows were).
    @Test func aSizeChangeNamesTheRowsThatMoved() throws {
        let folder = project(["docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"id": "apple", "template": "Row", "values": {"title": "Apple"}}, {"id": "pear", "template": "Row", "values": {"title": "Pear"}}]}]}"#,
                              "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let arguments = ["--project", folder + "/tablerender.json", "--report", folder + "/report"]
        #expect(Run(["snapshot", "record", "-q"] + arguments).code == 0)
        let list = folder + "/docs/list.json"
        let original = try String(contentsOfFile: list, encoding: .utf8)
        try original.replacingOccurrences(of: #"{"id": "pear""#, with: #"{"id": "fig", "template": "Row", "values": {"title": "Fig"}}, {"id": "pear""#)
            .write(toFile: list, atomically: true, encoding: .utf8)
        let verify = Run(["snapshot", "verify", "--record", "never"] + arguments)
        #expect(verify.code == 1)
        #expect(verify.err.contains("rows added: row 'fig' at ") && verify.err.contains("moved: row 'pear' "), "\(verify.err)")
    }

    @Test func recordVerifyChangeAcceptClean() throws {
        let folder = project()
        let record = Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(record.code == 0, "\(record.err)")
        let references = folder + "/docs/__Snapshots__/list"
        #expect(try FileManager.default.contentsOfDirectory(atPath: references).sorted() == ["initial.iphone-se.dark@1x.png", "initial.iphone-se@1x.png"])

        let verify = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(verify.code == 0, "\(verify.err)")
        #expect(verify.out.contains("2 of 2 snapshots passed"))

        try #"<cell><stack padding="11 16"><label text="{title}" color="tint"/></stack></cell>"#.write(toFile: folder + "/docs/templates/Row.xml", atomically: true, encoding: .utf8)
        let before = try Data(contentsOf: URL(fileURLWithPath: references + "/initial.iphone-se@1x.png"))
        let failing = Run(["snapshot", "verify", "--record", "never", "--report", folder + "/report", "--project", folder + "/tablerender.json"])
        #expect(failing.code == 1)
        #expect(failing.err.contains("failed   list/initial.iphone-se@1x: "))
        #expect(failing.err.contains("pixels differ"))
        #expect(failing.err.contains("Accept a change with: tablerender snapshot record --project \(folder)/tablerender.json --only '<name>'"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: references + "/initial.iphone-se@1x.png")) == before, "verify never overwrites")
        let report = try String(contentsOfFile: folder + "/report/index.html", encoding: .utf8)
        #expect(report.contains("Snapshots: 2 failed, 0 passed"))
        #expect(report.contains("tablerender snapshot record --project \(folder)/tablerender.json --only 'list/initial.iphone-se@1x'"))
        for view in ["Diff", "Actual", "Expected", "Side by side", "Slider"] { #expect(report.contains(">\(view)</label>")) }
        #expect(!report.contains("http://") && !report.contains("https://"))
        #expect(FileManager.default.fileExists(atPath: folder + "/report/000-list_initial.iphone-se@1x.diff.png"))
        // A budget of pixels (Playwright's maxDiffPixels) lets a small change pass.
        let budget = Run(["snapshot", "verify", "--record", "never", "--max-diff-pixels", "1000000", "--report", folder + "/report", "--project", folder + "/tablerender.json"])
        #expect(budget.code == 0, "\(budget.err)")
        #expect(Run(["snapshot", "verify", "--max-diff-pixels", "-1", "--project", folder + "/tablerender.json"]).code == 64)
        #expect(Run(["snapshot", "verify", "--record", "never", "--report", folder + "/report", "--project", folder + "/tablerender.json"]).code == 1)

        #expect(Run(["snapshot", "record", "-q", "--only", "list/initial.iphone-se@1x", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        let still = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(still.code == 1)
        #expect(still.err.contains("failed   list/initial.iphone-se.dark@1x"))
        #expect(!still.err.contains("failed   list/initial.iphone-se@1x"))
        // The report shows this run only: the fixed snapshot's images of the last run are gone.
        #expect(!FileManager.default.fileExists(atPath: folder + "/report/000-list_initial.iphone-se@1x.diff.png"))
        #expect(FileManager.default.fileExists(atPath: folder + "/report/001-list_initial.iphone-se.dark@1x.diff.png"))
        #expect(Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        #expect(Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/report").filter { $0.hasSuffix(".png") }.isEmpty, "a pass leaves no failure image")

        try Data().write(to: URL(fileURLWithPath: references + "/stale.png"))
        let clean = Run(["snapshot", "clean", "--project", folder + "/tablerender.json"])
        #expect(clean.out == "removed \(references)/stale.png\n")
        #expect(!FileManager.default.fileExists(atPath: references + "/stale.png"))

        // A document gone: its references go, and the folders they leave empty.
        try FileManager.default.removeItem(atPath: folder + "/docs/list.json")
        try #"{"sections": []}"#.write(toFile: folder + "/docs/other.json", atomically: true, encoding: .utf8)
        let emptied = Run(["snapshot", "clean", "--project", folder + "/tablerender.json"])
        #expect(emptied.code == 0, "\(emptied.err)")
        #expect(emptied.out.hasSuffix("removed \(references)/\nremoved \(folder)/docs/__Snapshots__/\n"), "\(emptied.out)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/docs/__Snapshots__"))
    }

    @Test func missingReferencesAreRecordedButFail() {
        let folder = project()
        let first = Run(["snapshot", "verify", "--record", "missing", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(first.code == 1)
        #expect(first.err.contains("no reference existed; recorded one"))
        #expect(Run(["snapshot", "verify", "--record", "missing", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        let never = project()
        let strict = Run(["snapshot", "verify", "--record", "never", "--project", never + "/tablerender.json", "--report", never + "/report"])
        #expect(strict.code == 1)
        #expect(strict.err.contains("no reference at "))
        #expect(!FileManager.default.fileExists(atPath: never + "/docs/__Snapshots__"))
    }

    /// `--only` that selects nothing is a usage error naming the closest snapshots, never a
    /// pass that verified nothing.
    @Test func onlyThatMatchesNothingIsAnError() {
        let folder = project()
        let run = Run(["snapshot", "verify", "--record", "never", "--only", "list/initial.iphone-se.drak", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(run.code == 64)
        #expect(run.err.hasPrefix("Error: --only 'list/initial.iphone-se.drak' matches none of the 2 snapshots; did you mean 'list/initial.iphone-se.dark@1x'"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/report"))
    }

    @Test func aReferenceOfAnotherSizeAndAnUnwritableReportAreClear() throws {
        let folder = project()
        #expect(Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        // A 300-point variant whose reference was made 320 points wide (the iPhone SE's).
        try #"{"documents": ["docs"], "widths": [300], "appearances": ["light"], "scales": [1]}"#
            .write(toFile: folder + "/tablerender.json", atomically: true, encoding: .utf8)
        let references = folder + "/docs/__Snapshots__/list/"
        try FileManager.default.moveItem(atPath: references + "initial.iphone-se@1x.png", toPath: references + "initial.w300@1x.png")
        let resized = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(resized.code == 1)
        #expect(resized.err.contains("the image is 300×"))
        #expect(resized.err.contains("pixels, the reference 320×"))

        let locked = folder + "/locked"
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: true)
        chmod(locked, 0o500)
        defer { chmod(locked, 0o700) }
        if getuid() != 0 {
            let unwritable = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", locked + "/report"])
            #expect(unwritable.code == 1)
            #expect(unwritable.err.contains("cannot create the report folder"))
        }
        let file = folder + "/a-file"
        try Data().write(to: URL(fileURLWithPath: file))
        let notAFolder = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", file])
        #expect(notAFolder.code == 1)
        #expect(notAFolder.err.contains("cannot create the report folder"))
    }

    @Test func corruptReferencesAndBadProjectsAreClearErrors() throws {
        let folder = project()
        #expect(Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json", "--report", folder + "/report"]).code == 0)
        let reference = folder + "/docs/__Snapshots__/list/initial.iphone-se@1x.png"
        let bytes = try Data(contentsOf: URL(fileURLWithPath: reference))
        try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: reference))
        let corrupt = Run(["snapshot", "verify", "--record", "never", "--project", folder + "/tablerender.json", "--report", folder + "/report"])
        #expect(corrupt.code == 1)
        #expect(corrupt.err.contains("the reference is not a readable PNG"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: reference)).count == bytes.count / 2, "a bad reference is reported, not replaced")

        let unknown = project(["tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-14"], "colours": 1}"#])
        let badKey = Run(["snapshot", "verify", "--project", unknown + "/tablerender.json", "--report", unknown + "/report"])
        #expect(badKey.code == 65)
        #expect(badKey.err.contains("unknown key 'colours'"))
        let device = project(["tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-14"]}"#])
        #expect(Run(["snapshot", "verify", "--project", device + "/tablerender.json", "--report", device + "/report"]).err.contains("unknown device 'iphone-14'; did you mean"))
        #expect(Run(["snapshot", "verify", "--project", folder + "/nope.json"]).code == 66)
        #expect(Run(["snapshot", "bogus", "--project", folder + "/tablerender.json"]).code == 64)
    }
}
