// Snapshot comparison benchmark: two 1170×2532 images (an iPhone screen at @3x) that differ in one
// region, compared with anti-aliasing detection on; median of 15 runs. The images are written to
// the folder given as argument so pixelmatch can compare the same pair (Benchmarks/compare.sh).
// usage: swift run -c release --package-path Benchmarks compare-benchmark [FOLDER]
import Foundation
import TableRender
import TableSnapshot

func screen(_ detail: String) throws -> RGBAImage {
    let renderer = try Renderer(theme: "ios")
    var rows: [Item] = []
    for index in 0..<40 {
        rows.append(Item.value1(Row(rawValue: "r\(index)")!, title: "Setting number \(index + 1)", detail: index == 12 ? detail : "Value \(index)",
                                accessory: .disclosureIndicator))
    }
    let table = Table(title: "Settings", style: .insetGrouped, sections: [Section(id: "s", header: .title("Everything"), items: rows)])
    let png = try renderer.png(try renderer.layout(table, width: 390), scale: 3)[0]
    var image = try RGBAImage(png: png, name: "screen")
    image.pixels = Array(image.pixels.prefix(1170 * 2532 * 4))
    image.height = 2532
    return image
}

struct Row: RawRepresentable { var rawValue: String; init?(rawValue: String) { self.rawValue = rawValue } }

do {
    let a = try screen("Value 12"), b = try screen("Changed value")
    if CommandLine.arguments.count > 1 {
        let folder = CommandLine.arguments[1]
        try Data(try a.png()).write(to: URL(fileURLWithPath: folder + "/a.png"))
        try Data(try b.png()).write(to: URL(fileURLWithPath: folder + "/b.png"))
    }
    var times: [Double] = []
    var result = ImageComparison.compare(expected: a, actual: b)
    for _ in 0..<15 {
        let start = DispatchTime.now().uptimeNanoseconds
        result = ImageComparison.compare(expected: a, actual: b, options: .init(ignoresAntialiasing: true))
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    times.sort()
    print(String(format: "tablerender compare, 1170×2532, anti-aliasing detection on: %.1f ms (target ≤ 20 ms); %d pixels differ, %d anti-aliased",
                 times[7], result.differingPixels, result.antialiasedPixels))
} catch {
    print("error: \(error)")
    exit(1)
}
