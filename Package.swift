// swift-tools-version:6.0
import PackageDescription

// The pipeline, a module per stage (docs/architecture.md):
// TableModel → TableTemplates → TableText (Pango) → TableLayout → TableCairo (PNG, PDF) and TableHTML → TableRender (+ the CLI).
let package = Package(
    name: "tablerender",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "TableRender", targets: ["TableRender"]),
        .library(name: "TableRenderTesting", targets: ["TableRenderTesting"]),
        // Comparing images as snapshot tests do (the diff algorithm of docs/snapshots), for tools
        // of one's own; the benchmarks (a package of their own, Benchmarks/Package.swift) use it.
        .library(name: "TableSnapshot", targets: ["TableSnapshot"]),
        .executable(name: "tablerender", targets: ["tablerender"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2", pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]),
        // Text and drawing apart: TableText shapes with Pango, TableCairo draws with Cairo and
        // cannot call Pango (its module map has none).
        .systemLibrary(
            name: "CPango", pkgConfig: "pangocairo pangoft2 fontconfig",
            providers: [.apt(["libpango1.0-dev", "libfontconfig-dev"])]),
        .systemLibrary(
            name: "CCairo", pkgConfig: "cairo cairo-ft librsvg-2.0 poppler-glib gdk-pixbuf-2.0 zlib",
            providers: [.apt(["libcairo2-dev", "librsvg2-dev", "libpoppler-glib-dev", "libgdk-pixbuf-2.0-dev", "zlib1g-dev"])]),
        .target(name: "TableModel"),
        .target(name: "TableConstraints"),
        .target(name: "TableTemplates", dependencies: ["TableModel", "CLibXML2"]),
        .target(name: "TableText", dependencies: ["TableModel", "TableTemplates", "CPango"]),
        .target(name: "TableLayout", dependencies: ["TableModel", "TableTemplates", "TableText", "TableConstraints"]),
        .target(name: "TableCairo", dependencies: ["TableModel", "TableTemplates", "TableText", "TableLayout", "CCairo"]),
        .target(name: "TableHTML", dependencies: ["TableModel", "TableTemplates", "TableText", "TableLayout"]),
        .target(name: "TableSnapshot", dependencies: ["TableRender", "TableModel", "TableTemplates", "TableText", "TableCairo"]),
        .target(name: "TableRender", dependencies: ["TableModel", "TableTemplates", "TableText", "TableLayout", "TableCairo", "TableHTML"]),
        .target(name: "TableRenderCLI", dependencies: ["TableRender", "TableSnapshot", "TableModel", "TableTemplates", "TableText", "TableLayout", "TableCairo"]),
        .target(name: "TableRenderTesting", dependencies: ["TableRender", "TableSnapshot", "TableModel", "TableTemplates", "TableCairo"]),
        .executableTarget(name: "tablerender", dependencies: ["TableRenderCLI"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "TableConstraintsTests", dependencies: ["TableConstraints", "TestSupport"]),
        .testTarget(name: "TableModelTests", dependencies: ["TableModel", "TestSupport"]),
        .testTarget(name: "TableTemplatesTests", dependencies: ["TableTemplates", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TableTextTests", dependencies: ["TableText", "TableModel", "TestSupport"]),
        .testTarget(name: "TableLayoutTests", dependencies: ["TableLayout", "TableRender", "TableSnapshot", "TestSupport"], exclude: ["Golden", "InterfaceBuilder", "Data"]),
        .testTarget(name: "TableCairoTests", dependencies: ["TableRender", "TableCairo", "CCairo", "CPango", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TableHTMLTests", dependencies: ["TableRender", "TestSupport"], exclude: ["Golden"]),
        .testTarget(name: "TableSnapshotTests", dependencies: ["TableSnapshot", "TableRender", "TestSupport"]),
        .testTarget(name: "TableRenderTestingTests", dependencies: ["TableRenderTesting", "TableRenderCLI", "TestSupport"], exclude: ["__Snapshots__", "Templates"]),
        .testTarget(name: "TableRenderCLITests", dependencies: ["TableRenderCLI", "TableRender", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
