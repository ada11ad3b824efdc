// swift-tools-version:6.0
import PackageDescription

// The benchmarks that are Swift programs, in a package of their own so that users of the library
// do not build them, and the README's Swift example (readme-example). They use the library as a
// user's package does, through its products and public API alone:
//   swift run -c release --package-path Benchmarks diff-benchmark
//   Benchmarks/compare.sh
//   Benchmarks/assertion.sh
let package = Package(
    name: "tablerender-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "tablerender", path: "..")],
    targets: [
        .executableTarget(name: "diff-benchmark", dependencies: [.product(name: "TableRender", package: "tablerender")], path: "DiffBenchmark"),
        // The README's Swift example, against the public API alone.
        .executableTarget(name: "readme-example", dependencies: [.product(name: "TableRender", package: "tablerender")], path: "ReadmeExample"),
        // The DocC getting-started article's example, likewise.
        .executableTarget(name: "getting-started", dependencies: [.product(name: "TableRender", package: "tablerender")], path: "GettingStarted"),
        .executableTarget(name: "compare-benchmark", dependencies: [.product(name: "TableRender", package: "tablerender"),
                                                                   .product(name: "TableSnapshot", package: "tablerender")],
                          path: "CompareBenchmark"),
        // One image assertion of a 20-row list (verifySnapshot against its reference) beside
        // rendering alone: Benchmarks/assertion.sh builds it in debug and in release.
        .executableTarget(name: "assertion-benchmark", dependencies: [.product(name: "TableRenderTesting", package: "tablerender")],
                          path: "AssertionBenchmark"),
    ],
    swiftLanguageModes: [.v6]
)
