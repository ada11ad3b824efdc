// swift-tools-version:6.0
import PackageDescription

// The benchmarks that are Swift programs, in a package of their own so that users of the library
// do not build them. They use the library as a user does, through its products:
//   swift run -c release --package-path Benchmarks diff-benchmark
//   Benchmarks/compare.sh
let package = Package(
    name: "tablerender-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [.package(name: "tablerender", path: "..")],
    targets: [
        .executableTarget(name: "diff-benchmark", dependencies: [.product(name: "TableRender", package: "tablerender")], path: "DiffBenchmark"),
        .executableTarget(name: "compare-benchmark", dependencies: [.product(name: "TableRender", package: "tablerender"),
                                                                   .product(name: "TableSnapshot", package: "tablerender")],
                          path: "CompareBenchmark"),
    ],
    swiftLanguageModes: [.v6]
)
