import Foundation
import TableModel
import TableText

/// The gallery's page: entries grouped by folder and file, each with its light and dark images,
/// size, findings, source path and the command that renders it as a document; a search field
/// keeps the entries whose name, file or kind contain what is typed. It opens from `file://`
/// with no network; its one script is allowed by its hash and nothing else.
enum GalleryPage {
    static func html(_ entries: [AppGallery.Entry], app: String, files: AppGallery.Files) -> String {
        let escape = HTMLText.escape
        let drawn = entries.filter { $0.error == nil }.count
        var body = ""
        let byFolder = Dictionary(grouping: entries) { ($0.file as NSString).deletingLastPathComponent }
        for folder in byFolder.keys.sorted() {
            body += "<section class=\"folder\"><h2>\(escape(folder.isEmpty ? "." : folder))/</h2>\n"
            let byFile = Dictionary(grouping: byFolder[folder]!) { $0.file }
            for file in byFile.keys.sorted() {
                body += "<div class=\"file\"><h3>\(escape((file as NSString).lastPathComponent))</h3>\n<div class=\"entries\">\n"
                for entry in byFile[file]! { body += card(entry) }
                body += "</div></div>\n"
            }
            body += "</section>\n"
        }
        let summary = "\(drawn) drawn, \(entries.count - drawn) with errors; \(files.xibs.count) XIBs, \(files.storyboards.count) storyboards, \(files.catalogs.count) asset catalogs, \(files.strings.count) strings files"
        // The app's fonts its IB files name that could not be read: their labels are in the theme's face.
        var fonts = ""
        for (file, problem, named) in AppGallery.fontProblems(of: entries) {
            fonts += "<li><code>\(escape(file))</code>: \(escape(problem == "not found" ? "not in the app's folder" : problem)) (\(named.count) \(named.count == 1 ? "entry" : "entries"))</li>"
        }
        if !fonts.isEmpty { fonts = "<p class=\"fonts\">Font files the IB files name that could not be read; their labels are drawn in the theme's face:</p><ul class=\"findings\">\(fonts)</ul>\n" }
        return """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><title>Gallery of \(escape((app as NSString).lastPathComponent))</title>
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; style-src 'unsafe-inline'; script-src 'sha256-\(SHA256.base64(Array(searchScript.utf8)))'">
            <style>
            body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#111;background:#f6f6f8}
            h1{font-size:20px} h2{font-size:16px;margin:24px 0 8px} h3{font-size:14px;margin:12px 0 6px;color:#444}
            input[type=search]{font:inherit;padding:6px 10px;width:min(480px,100%);border:1px solid #ccc;border-radius:8px}
            .entries{display:flex;flex-wrap:wrap;gap:16px}
            .entry{background:#fff;border-radius:10px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.1);max-width:820px}
            .entry.error{border-left:4px solid #b00020}
            .pictures{display:flex;gap:8px;flex-wrap:wrap} .pictures img{width:390px;max-width:100%;border:1px solid #ddd;background:#fff}
            .meta{color:#555;font-size:12px} code{background:#eee;padding:1px 4px;border-radius:4px;user-select:all;word-break:break-all}
            .findings{color:#8a5300;font-size:12px;padding-left:18px} .fonts{color:#8a5300;font-size:12px;margin-bottom:0} .why{color:#b00020;white-space:pre-wrap;font-family:ui-monospace,monospace;font-size:12px}
            .hidden{display:none}
            </style></head><body>
            <h1>Gallery of \(escape(app))</h1>
            <p>\(escape(summary)).</p>
            \(fonts)            <p><input type="search" id="search" placeholder="Search by name, file or kind" aria-label="Search the gallery"></p>
            \(body)<script>\(searchScript)</script>
            </body></html>

            """
    }

    private static func card(_ entry: AppGallery.Entry) -> String {
        let escape = HTMLText.escape
        let key = [entry.name, entry.file, entry.kind].joined(separator: " ").lowercased()
        var html = "<div class=\"entry\(entry.error == nil ? "" : " error")\" data-search=\"\(escape(key))\"><h4>\(escape(entry.name)) <span class=\"meta\">\(escape(entry.kind))</span></h4>\n"
        if let error = entry.error {
            html += "<p class=\"why\">\(escape(error))</p>\n"
        } else {
            html += "<div class=\"pictures\">"
            if let light = entry.light { html += "<img src=\"\(escape(light))\" alt=\"\(escape(entry.name)), light\" loading=\"lazy\">" }
            if let dark = entry.dark { html += "<img src=\"\(escape(dark))\" alt=\"\(escape(entry.name)), dark\" loading=\"lazy\">" }
            html += "</div>\n"
            if let width = entry.width, let height = entry.height {
                html += "<p class=\"meta\">\(DecimalText.exact(width, places: 2) ?? String(width)) × \(DecimalText.exact(height, places: 2) ?? String(height)) pt</p>\n"
            }
        }
        html += "<p class=\"meta\">Source: <code>\(escape(entry.file))</code></p>\n"
        if !entry.findings.isEmpty {
            html += "<ul class=\"findings\">" + entry.findings.map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        }
        if let command = entry.command, let document = entry.document {
            html += "<p class=\"meta\">As a document (<a href=\"\(escape(document))\">\(escape((document as NSString).lastPathComponent))</a>): <code>\(escape(command))</code></p>\n"
        }
        return html + "</div>\n"
    }

    /// Keeps the entries (and their file's and folder's headings) whose text contains what is typed.
    static let searchScript = """
        const search = document.getElementById('search');
        search.addEventListener('input', () => {
          const words = search.value.toLowerCase().split(/\\s+/).filter(Boolean);
          for (const entry of document.querySelectorAll('.entry')) {
            entry.classList.toggle('hidden', !words.every(word => entry.dataset.search.includes(word)));
          }
          for (const group of document.querySelectorAll('.file, .folder')) {
            group.classList.toggle('hidden', !group.querySelector('.entry:not(.hidden)'));
          }
        });
        """
}
