import Foundation
import TableModel
import TableRender
import TableRenderCLI
import TestSupport
import Testing

/// `tablerender gallery <app folder>` as a team points it at an app: its XIBs, storyboards and
/// asset catalogs found wherever they are (build folders and dependencies left out), every cell,
/// header and static scene drawn light and dark, a file that cannot be read an entry with its
/// error, a second run re-rendering only what changed, and starter documents that render.
@Suite(.serialized) struct GalleryCommandTests {
    /// An app's folder: the examples' XIBs in a cells folder, the storyboard in Base.lproj with the
    /// asset catalog beside its parent, a broken XIB, and XIBs in folders a gallery leaves out.
    func app() throws -> String {
        let root = Repository.folder(with: [:])
        let examples = Repository.root + "/Examples"
        let manager = FileManager.default
        try manager.createDirectory(atPath: root + "/App/Cells", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: root + "/App/Base.lproj", withIntermediateDirectories: true)
        for name in ["ProfileCell", "FormCell", "SupportHeader"] {
            try manager.copyItem(atPath: examples + "/xib/templates/\(name).xib", toPath: root + "/App/Cells/\(name).xib")
        }
        try manager.copyItem(atPath: examples + "/xib/assets/avatar.svg", toPath: root + "/App/Cells/avatar.svg")
        try manager.copyItem(atPath: examples + "/storyboard/Main.storyboard", toPath: root + "/App/Base.lproj/Main.storyboard")
        try manager.copyItem(atPath: examples + "/storyboard/Assets.xcassets", toPath: root + "/App/Assets.xcassets")
        try "<?xml version=\"1.0\"?><document type=\"com.apple.InterfaceBuilder3.CocoaTouch.XIB\"><objects><tableViewCell"
            .write(toFile: root + "/App/Cells/Broken.xib", atomically: true, encoding: .utf8)
        for skipped in ["Pods/Lib", "build/Debug", "DerivedData/App", "App/Vendor"] {
            try manager.createDirectory(atPath: root + "/" + skipped, withIntermediateDirectories: true)
            try manager.copyItem(atPath: examples + "/xib/templates/FormCell.xib", toPath: root + "/\(skipped)/Skipped.xib")
        }
        return root
    }

    @Test func anAppsCellsAndScenesInOnePage() throws {
        let root = try app()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let out = root + "/gallery"
        let first = Run(["gallery", root + "/App", "--out", out, "--exclude", "Vendor", "-q"])
        // The broken XIB is an entry with its located error; everything else is drawn.
        #expect(first.code == 1, "\(first.err)")
        #expect(first.err.contains("App/Cells/Broken.xib:") && first.err.contains("error:"), "\(first.err)")
        #expect(first.out.contains("7 of 8 entries drawn (8 rendered, 0 unchanged)"), "\(first.out)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        for name in ["ProfileCell", "FormCell", "SupportHeader", "Main/ContactCell", "Main/NoteCell", "Settings", "Symbols", "Broken"] {
            #expect(page.contains(">\(name) <span"), "\(name) is an entry")
        }
        #expect(!page.contains("Skipped"), "build folders, dependencies and --exclude are left out")
        let images = try FileManager.default.contentsOfDirectory(atPath: out + "/images")
        #expect(images.count == 14, "light and dark of 7 entries: \(images.sorted())")
        // The storyboard's cells find their images in the app's catalog, one folder up.
        let entries = try String(contentsOfFile: out + "/gallery.json", encoding: .utf8)
        #expect(!entries.contains("is not in the assets folder or an asset catalog"), "\(entries)")

        // Unchanged: nothing is drawn again. A changed XIB: only its own entry.
        let second = Run(["gallery", root + "/App", "--out", out, "--exclude", "Vendor", "-q"])
        #expect(second.out.contains("(0 rendered, 8 unchanged)"), "\(second.out)")
        let form = root + "/App/Cells/FormCell.xib"
        try (try String(contentsOfFile: form, encoding: .utf8)).replacingOccurrences(of: "Subject", with: "Topic")
            .write(toFile: form, atomically: true, encoding: .utf8)
        let third = Run(["gallery", root + "/App", "--out", out, "--exclude", "Vendor", "--document", "-q"])
        #expect(third.out.contains("(1 rendered, 7 unchanged)"), "\(third.out)")

        // Every entry drawn has a starter document and the command that renders it, and the
        // command renders it: a scene's document draws what the gallery drew, pixel for pixel.
        let json = try String(contentsOfFile: out + "/gallery.json", encoding: .utf8)
        #expect(json.contains("\"nameLabel\"") == false, "gallery.json lists entries, not values")
        let listed = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out + "/gallery.json"))) as! [[String: Any]]
        let drawn = listed.filter { $0["error"] == nil }
        let shown = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(drawn.count == 7)
        for entry in drawn {
            let name = entry["name"] as! String
            guard let document = entry["document"] as? String, let command = entry["command"] as? String else {
                Issue.record("\(name) has no starter document or command")
                continue
            }
            #expect(command == "tablerender render \(out)/\(document) --allow-read \(root)/App", "\(command)")
            #expect(shown.contains(command), "\(name): the page shows its command")
            let rendered = root + "/rendered/" + name.replacingOccurrences(of: "/", with: "-")
            let render = Run(["render", out + "/" + document, "--allow-read", root + "/App", "--out", rendered, "-q"])
            #expect(render.code == 0, "\(name): \(render.err)")
            #expect(!render.err.contains("warning"), "\(name): \(render.err)")
            if entry["kind"] as? String == "scene" {
                let stem = ((document as NSString).lastPathComponent as NSString).deletingPathExtension
                let files = (try? FileManager.default.contentsOfDirectory(atPath: rendered + "/" + stem)) ?? []
                let png = files.first { $0.hasSuffix("@2x.png") && !$0.contains(".dark") }
                #expect(png != nil, "\(name): \(files)")
                if let png {
                    let ours = try Data(contentsOf: URL(fileURLWithPath: rendered + "/" + stem + "/" + png))
                    let gallery = try Data(contentsOf: URL(fileURLWithPath: out + "/" + (entry["light"] as! String)))
                    #expect(ours == gallery, "\(name): the starter document draws what the gallery drew")
                }
            }
        }
        let starter = try String(contentsOfFile: out + "/documents/Cells/ProfileCell.json", encoding: .utf8)
        #expect(starter.contains("\"nameLabel\": \"Ada Lovelace\"") && starter.contains("\"notificationsSwitch\": true"), "\(starter)")
        // --document, from earlier versions, is still accepted.
        #expect(Run(["gallery", root + "/App", "--out", out, "--exclude", "Vendor", "--document", "-q"]).out.contains("(0 rendered, 8 unchanged)"))
    }

    /// An outlet IB stores nothing for, drawn in the gallery as a placeholder labelled with its
    /// name; a document draws the same cell's empty views as UIKit does: as nothing.
    @Test func outletsWithNoContentAreLabelledPlaceholders() throws {
        let folder = Repository.folder(with: [:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let profile = try String(contentsOfFile: Repository.root + "/Examples/xib/templates/ProfileCell.xib", encoding: .utf8)
        let empty = profile.replacingOccurrences(of: " image=\"avatar\"", with: "").replacingOccurrences(of: " text=\"ada@example.org\"", with: "")
        #expect(empty != profile)
        try empty.write(toFile: folder + "/EmptyCell.xib", atomically: true, encoding: .utf8)
        let document = Document(file: folder + "/EmptyCell.xib", name: "EmptyCell", directory: folder,
                                table: Table(style: .plain, sections: [Section(id: "s", items: [Item(id: "e", template: "EmptyCell")])]),
                                width: 390, templateFolders: [folder], assetsFolder: folder)
        let marked = try LoadedDocument(document: document, catalogs: [], marksEmptyOutlets: true).layout().dump
        let plain = try LoadedDocument(document: document, catalogs: [], marksEmptyOutlets: false).layout().dump
        #expect(marked.contains("\"avatarView\"") && marked.contains("\"emailLabel\""), "\(marked)")
        #expect(!plain.contains("avatarView") && !plain.contains("emailLabel"), "\(plain)")
        #expect(!marked.contains("\"nameLabel\"") && marked.contains("\"Ada Lovelace\""), "an outlet with content is drawn as IB stored it")
        // The gallery draws it so, and its starter document binds the outlets IB left empty to nothing.
        let out = folder + "/gallery"
        let run = Run(["gallery", folder, "--out", out, "-q"])
        #expect(run.code == 0, "\(run.err)")
        let starter = try String(contentsOfFile: out + "/documents/EmptyCell.json", encoding: .utf8)
        #expect(starter.contains("\"emailLabel\": \"\"") && !starter.contains("avatarView"), "\(starter)")
    }

    /// An app's own icon font is not installed here: a label in it (a private-use character, as
    /// ChatSecure's and Rocket.Chat's icon labels) makes its entry an error that names
    /// `--allow-font-fallback`, which the gallery takes as `render` does: the entry is drawn, its
    /// command says the flag, and a run without it draws the entry again (as an error).
    @Test func anAppsOwnIconFontIsAnErrorOrAFallback() throws {
        let folder = Repository.folder(with: [:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let form = try String(contentsOfFile: Repository.root + "/Examples/xib/templates/FormCell.xib", encoding: .utf8)
        let icon = form.replacingOccurrences(of: "text=\"Subject\"", with: "text=\"&#xE900; Subject\"")
        #expect(icon != form)
        try icon.write(toFile: folder + "/IconCell.xib", atomically: true, encoding: .utf8)
        let out = folder + "/gallery"
        let strict = Run(["gallery", folder, "--out", out, "-q"])
        #expect(strict.code == 1 && strict.err.contains("U+E900") && strict.err.contains("--allow-font-fallback"), "\(strict.err)")
        let allowed = Run(["gallery", folder, "--out", out, "--allow-font-fallback", "-q"])
        #expect(allowed.code == 0 && allowed.out.contains("1 of 1 entries drawn (1 rendered, 0 unchanged)"), "\(allowed.out) \(allowed.err)")
        let page = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
        #expect(page.contains("--allow-font-fallback"), "the entry's command says the flag")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out + "/images").count == 2)
        let again = Run(["gallery", folder, "--out", out, "-q"])
        #expect(again.code == 1 && again.out.contains("(1 rendered, 0 unchanged)"), "\(again.out)")
    }

    @Test func whatIsNotAnAppFolderIsAClearError() {
        let missing = Run(["gallery", "/nonexistent/app"])
        #expect(missing.code == 66 && missing.err.contains("/nonexistent/app: error: no such folder"), "\(missing.err)")
        let none = Run(["gallery"])
        #expect(none.code == 64 && none.err.contains("Missing expected argument '<app folder>'"), "\(none.err)")
        let width = Run(["gallery", ".", "--width", "nan"])
        #expect(width.code == 64, "\(width.err)")
    }
}
