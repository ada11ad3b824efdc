import Foundation
import TableRender
import TestSupport
import Testing

/// Increase Contrast as a user asks for it: `render --contrast high`, `lint --contrast high`, a
/// project's `contrasts`, and the HTML page that follows the reader's setting.
@Suite struct ContrastCommandTests {
    static let files = [
        "docs/list.json": #"{"templates": ["templates"], "style": "insetGrouped", "sections": [{"header": "Fruit", "items": [{"id": "apple", "template": "Row", "values": {"title": "Apple", "detail": "Crisp and sweet"}}]}]}"#,
        "docs/templates/Row.xml": #"<cell><stack padding="11 16" spacing="8"><label text="{title}"/><label text="{detail}" color="secondaryLabel"/></stack></cell>"#,
        "tablerender.json": #"{"documents": ["docs"], "devices": ["iphone-se"], "scales": [1], "contrasts": ["normal", "high"]}"#,
    ]

    /// The contrast ratios a lint finds, in the order of its lines.
    static func ratios(_ output: String) -> [Double] {
        output.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: #"contrast (\d+\.\d+):1"#, options: .regularExpression) else { return nil }
            return Double(line[range].dropFirst("contrast ".count).dropLast(2))
        }
    }

    @Test func renderLintAndSnapshotAtHighContrast() throws {
        let folder = Repository.folder(with: Self.files)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let out = folder + "/out"
        let high = Run(["render", folder + "/docs/list.json", "--contrast", "high", "--format", "png,html", "--appearance", "both", "--out", out])
        #expect(high.code == 0, "\(high.err)")
        let normal = Run(["render", folder + "/docs/list.json", "--format", "png,html", "--out", out])
        #expect(normal.code == 0, "\(normal.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/list").sorted()
                == ["list.high-contrast.dark@2x.png", "list.high-contrast.html", "list.high-contrast@2x.png", "list.html", "list@2x.png"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/list/list.high-contrast@2x.png")) != (try Data(contentsOf: URL(fileURLWithPath: out + "/list/list@2x.png"))))
        // The high-contrast page holds the high-contrast colours; the normal page follows the
        // reader's setting with them.
        let highPage = try String(contentsOfFile: out + "/list/list.high-contrast.html", encoding: .utf8)
        #expect(highPage.contains("--c-secondaryLabel:#3C3C43AD;") && !highPage.contains("prefers-contrast"))
        let page = try String(contentsOfFile: out + "/list/list.html", encoding: .utf8)
        #expect(page.contains("--c-secondaryLabel:#3C3C4399;") && page.contains("@media (prefers-contrast: more){:root{")
                && page.contains("@media (prefers-contrast: more) and (prefers-color-scheme: dark){:root{"))

        // The lint measures contrast in the colours drawn: every ratio is higher at high contrast.
        let lintNormal = Run(["lint", folder + "/docs/list.json"]), lintHigh = Run(["lint", folder + "/docs/list.json", "--contrast", "high"])
        let (before, after) = (Self.ratios(lintNormal.out), Self.ratios(lintHigh.out))
        #expect(!before.isEmpty && before.count == after.count, "\(lintNormal.out)\n\(lintHigh.out)")
        #expect(zip(before, after).allSatisfy { $0 < $1 }, "\(before) → \(after)")
        #expect(lintHigh.out.contains("[w390.high-contrast]"), "\(lintHigh.out)")

        let bad = Run(["render", folder + "/docs/list.json", "--contrast", "hihg"])
        #expect(bad.code == 64 && bad.err.contains("expected one of: normal, high (did you mean 'high'?)"), "\(bad.err)")

        let record = Run(["snapshot", "record", "-q", "--project", folder + "/tablerender.json"])
        #expect(record.code == 0, "\(record.err)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/docs/__Snapshots__/list").sorted()
                == ["initial.iphone-se.high-contrast@1x.png", "initial.iphone-se@1x.png"])
        #expect(Run(["snapshot", "verify", "-q", "--project", folder + "/tablerender.json"]).code == 0)
    }
}

/// `--image-deadline` as the command reads it (what happens past it is a hostile case run by the
/// executable itself: `Tests/Fuzz/hostile.py`, `svg-slow-within-the-budgets`).
@Suite struct ImageDeadlineOptionTests {
    @Test func theDeadlineIsSecondsAboveZero() {
        let folder = Repository.folder(with: ["doc.json": #"{"sections": [{"items": [{"values": {"title": "Wi-Fi"}}]}]}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for bad in ["0", "-1", "nan", "soon", "100000"] {
            let run = Run(["render", folder + "/doc.json", "--out", folder + "/out", "--image-deadline", bad])
            #expect(run.code == 64 && run.err.contains("'--image-deadline <seconds>'; expected seconds from 0 to 86400"), "\(bad): \(run.err)")
        }
        #expect(Run(["render", folder + "/doc.json", "--out", folder + "/out", "--image-deadline", "2.5"]).code == 0)
        #expect(Run(["check", folder + "/doc.json", "--image-deadline", "2.5"]).code == 0)
    }
}
