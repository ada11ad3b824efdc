import TableTemplates

/// Measured and shaped paragraphs in a compact binary form, to hand from a worker process to
/// the process that lays out and draws (`TextWorkers`). Fonts travel as their `FontFace`, since a
/// `FontID` is only a number in the process that gave it; styles go once, in a table. The bytes
/// never leave the machine (a worker and its parent): numbers are in its byte order, and glyphs
/// and clusters go as their arrays' memory, copied whole.
package enum TextTransfer {
    /// One paragraph's result, under the (text, style, width) it was asked for.
    package struct Entry: Sendable, Equatable {
        package enum Result: Sendable, Equatable {
            case size(TextSize)
            case shaped(ShapedText)
            case lines(TextLines)
        }

        package var text: String
        package var style: TextStyle
        package var width: Double?
        package var result: Result
        /// The characters of `text` no installed font has.
        package var missing: [Unicode.Scalar] = []

        package init(text: String, style: TextStyle, width: Double?, result: Result, missing: [Unicode.Scalar] = []) {
            self.text = text
            self.style = style
            self.width = width
            self.result = result
            self.missing = missing
        }
    }

    package struct Malformed: Error {}

    private static let magic: UInt32 = 0x5452_5432  // "TRT2"

    /// Entries and the families their engine found missing, as bytes.
    package static func encode(_ entries: [Entry], missing: [String: String]) -> [UInt8] {
        let body = Writer(capacity: 1 << 16)
        var fonts: [FontID] = []
        var seen = Set<UInt32>()
        var styles: [TextStyle] = []
        var styleNumbers: [TextStyle: UInt32] = [:]
        body.int(UInt32(entries.count))
        for entry in entries {
            body.string(entry.text)
            let number = styleNumbers[entry.style] ?? {
                styleNumbers[entry.style] = UInt32(styles.count)
                styles.append(entry.style)
                return UInt32(styles.count - 1)
            }()
            body.int(number)
            body.optional(entry.width)
            body.int(UInt32(entry.missing.count))
            for scalar in entry.missing { body.int(scalar.value) }
            switch entry.result {
            case .size(let size):
                body.byte(0)
                body.size(size)
            case .lines(let lines):
                body.byte(3)
                body.size(lines.size)
                body.int(UInt32(lines.lines.count))
                for line in lines.lines { body.string(line) }
                for between in lines.between { body.string(between) }
                body.int(UInt32(lines.families.count))
                for family in lines.families { body.string(family) }
                body.double(lines.tracking)
            case .shaped(let shaped):
                // The text drawn is the text asked for, unless break opportunities were added to
                // a long word or a cut line ends in an ellipsis.
                if shaped.text == entry.text {
                    body.byte(1)
                } else {
                    body.byte(2)
                    body.string(shaped.text)
                }
                body.size(shaped.size)
                body.double(shaped.baseline)
                body.double(shaped.lineHeight)
                body.byte(shaped.isRightToLeft ? 1 : 0)
                body.double(shaped.tracking)
                body.int(UInt32(shaped.lines.count))
                for line in shaped.lines {
                    body.int(line.x)
                    body.int(line.width)
                    body.int(line.start)
                    body.int(line.length)
                    body.int(UInt32(line.runs.count))
                    for run in line.runs {
                        if seen.insert(run.font.rawValue).inserted { fonts.append(run.font) }
                        body.int(run.font.rawValue)
                        body.int(run.start)
                        body.int(run.length)
                        body.byte(run.isBackward ? 1 : 0)
                        body.int(run.width)
                        body.int(run.yOffset)
                        body.int(run.startXOffset)
                        body.int(run.endXOffset)
                        body.byte(run.isEllipsis ? 1 : 0)
                        body.array(run.glyphs)
                        body.array(run.clusters)
                    }
                }
            }
        }
        let out = Writer(capacity: body.count + 4096)
        out.int(magic)
        out.int(UInt32(styles.count))
        for style in styles { out.style(style) }
        out.int(UInt32(fonts.count))
        for font in fonts {
            let face = FontRegistry.face(font)
            out.int(font.rawValue)
            out.string(face.pattern)
            for value in face.matrix + face.ctm { out.double(value) }
            out.int(face.antialias)
            out.int(face.subpixelOrder)
            out.int(face.hintStyle)
            out.int(face.hintMetrics)
            out.string(face.variations)
            out.string(face.family)
        }
        out.int(UInt32(missing.count))
        for (family, substitute) in missing.sorted(by: { $0.key < $1.key }) {
            out.string(family)
            out.string(substitute)
        }
        out.append(body)
        return out.bytes
    }

    /// The entries and missing families of `bytes`, fonts numbered in this process.
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(Malformed) -> (entries: [Entry], missing: [String: String]) {
        var reader = Reader(bytes: bytes)
        guard try reader.int() as UInt32 == magic else { throw Malformed() }
        var styles: [TextStyle] = []
        for _ in 0..<(try reader.count()) { styles.append(try reader.style()) }
        var fonts: [UInt32: FontID] = [:]
        for _ in 0..<(try reader.count()) {
            let number: UInt32 = try reader.int()
            let pattern = try reader.string()
            var values: [Double] = []
            for _ in 0..<12 { values.append(try reader.double()) }
            let face = FontFace(pattern: pattern, matrix: Array(values[0..<6]), ctm: Array(values[6..<12]), antialias: try reader.int(),
                                subpixelOrder: try reader.int(), hintStyle: try reader.int(), hintMetrics: try reader.int(),
                                variations: try reader.string(), family: try reader.string())
            fonts[number] = FontRegistry.id(for: face)
        }
        var missing: [String: String] = [:]
        for _ in 0..<(try reader.count()) { missing[try reader.string()] = try reader.string() }
        var entries: [Entry] = []
        let count = try reader.count()
        entries.reserveCapacity(count)
        for _ in 0..<count {
            let text = try reader.string()
            let styleNumber = Int(try reader.int() as UInt32)
            guard styleNumber < styles.count else { throw Malformed() }
            let style = styles[styleNumber]
            let width = try reader.optional()
            var absent: [Unicode.Scalar] = []
            for _ in 0..<(try reader.count()) {
                guard let scalar = Unicode.Scalar(try reader.int() as UInt32) else { throw Malformed() }
                absent.append(scalar)
            }
            let kind = try reader.byte()
            guard kind <= 3 else { throw Malformed() }
            if kind == 3 {
                let size = try reader.size()
                let count = try reader.count()
                var shown: [String] = []
                for _ in 0..<count { shown.append(try reader.string()) }
                var between: [String] = []
                for _ in 0..<max(0, count - 1) { between.append(try reader.string()) }
                var families: [String] = []
                for _ in 0..<(try reader.count()) { families.append(try reader.string()) }
                let tracking = try reader.double()
                entries.append(Entry(text: text, style: style, width: width,
                                     result: .lines(TextLines(size: size, lines: shown, between: between, families: families, tracking: tracking)),
                                     missing: absent))
                continue
            }
            let drawn = kind == 2 ? try reader.string() : text
            let size = try reader.size()
            if kind == 0 {
                entries.append(Entry(text: text, style: style, width: width, result: .size(size), missing: absent))
                continue
            }
            let baseline = try reader.double(), lineHeight = try reader.double()
            let rightToLeft = try reader.byte() == 1
            let tracking = try reader.double()
            var lines: [ShapedLine] = []
            for _ in 0..<(try reader.count()) {
                let x: Int32 = try reader.int(), lineWidth: Int32 = try reader.int(), start: Int32 = try reader.int(), length: Int32 = try reader.int()
                var runs: [GlyphRun] = []
                for _ in 0..<(try reader.count()) {
                    guard let font = fonts[try reader.int()] else { throw Malformed() }
                    let runStart: Int32 = try reader.int(), runLength: Int32 = try reader.int()
                    let backward = try reader.byte() == 1
                    let width: Int32 = try reader.int()
                    let yOffset: Int32 = try reader.int(), startXOffset: Int32 = try reader.int(), endXOffset: Int32 = try reader.int()
                    let ellipsis = try reader.byte() == 1
                    let glyphs = try reader.array(of: PositionedGlyph.self)
                    let clusters = try reader.array(of: TextCluster.self)
                    runs.append(GlyphRun(font: font, start: runStart, length: runLength, glyphs: glyphs, clusters: clusters, isBackward: backward,
                                         width: width, yOffset: yOffset, startXOffset: startXOffset, endXOffset: endXOffset, isEllipsis: ellipsis))
                }
                lines.append(ShapedLine(x: x, width: lineWidth, start: start, length: length, runs: runs))
            }
            let shaped = ShapedText(text: drawn, size: size, baseline: baseline, lineHeight: lineHeight, lines: lines, isRightToLeft: rightToLeft,
                                    tracking: tracking)
            entries.append(Entry(text: text, style: style, width: width, result: .shaped(shaped), missing: absent))
        }
        guard reader.isAtEnd else { throw Malformed() }
        return (entries, missing)
    }

    /// Bytes written in this machine's byte order into memory that grows as needed.
    private final class Writer {
        private var start: UnsafeMutableRawPointer
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            self.capacity = max(64, capacity)
            start = .allocate(byteCount: self.capacity, alignment: 16)
        }

        deinit { start.deallocate() }

        var bytes: [UInt8] { [UInt8](UnsafeRawBufferPointer(start: start, count: count)) }

        private func reserve(_ more: Int) {
            guard count + more > capacity else { return }
            var grown = capacity * 2
            while grown < count + more { grown *= 2 }
            let moved = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            moved.copyMemory(from: start, byteCount: count)
            start.deallocate()
            (start, capacity) = (moved, grown)
        }

        func raw(_ buffer: UnsafeRawBufferPointer) {
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            reserve(buffer.count)
            (start + count).copyMemory(from: base, byteCount: buffer.count)
            count += buffer.count
        }

        func append(_ other: Writer) { raw(UnsafeRawBufferPointer(start: other.start, count: other.count)) }

        func byte(_ value: UInt8) { int(value) }
        func int<T: FixedWidthInteger>(_ value: T) {
            reserve(MemoryLayout<T>.size)
            start.storeBytes(of: value, toByteOffset: count, as: T.self)
            count += MemoryLayout<T>.size
        }
        func double(_ value: Double) { int(value.bitPattern) }
        func string(_ value: String) {
            var value = value
            value.withUTF8 { utf8 in
                int(UInt32(utf8.count))
                raw(UnsafeRawBufferPointer(utf8))
            }
        }
        /// An array's count and its elements' memory.
        func array<T: BitwiseCopyable>(_ values: [T]) {
            int(UInt32(values.count))
            values.withUnsafeBytes { raw($0) }
        }
        func optional(_ value: Double?) {
            byte(value == nil ? 0 : 1)
            double(value ?? 0)
        }
        func size(_ size: TextSize) {
            double(size.width)
            double(size.height)
            int(Int32(size.lineCount))
        }
        func style(_ style: TextStyle) {
            string(style.font.family)
            int(UInt32(style.font.fallbacks.count))
            for fallback in style.font.fallbacks { string(fallback) }
            double(style.font.size)
            int(Int32(style.font.weight))
            byte(style.font.italic ? 1 : 0)
            double(style.font.lineHeight)
            double(style.font.tracking)
            byte(style.font.systemFace == nil ? 0 : 1)
            if let face = style.font.systemFace {
                string(face.text)
                string(face.display)
            }
            int(Int32(style.lines))
            string(style.alignment.rawValue)
            string(style.truncation.rawValue)
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) throws(Malformed) -> UnsafeRawBufferPointer {
            guard count >= 0, count <= bytes.count - offset else { throw Malformed() }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + count)])
        }
        mutating func byte() throws(Malformed) -> UInt8 { try take(1)[0] }
        mutating func int<T: FixedWidthInteger>() throws(Malformed) -> T {
            try take(MemoryLayout<T>.size).loadUnaligned(as: T.self)
        }
        mutating func count() throws(Malformed) -> Int {
            let value: UInt32 = try int()
            guard Int(value) <= bytes.count - offset else { throw Malformed() }
            return Int(value)
        }
        mutating func double() throws(Malformed) -> Double { Double(bitPattern: try int()) }
        /// An array written by `Writer.array`.
        mutating func array<T: BitwiseCopyable>(of type: T.Type) throws(Malformed) -> [T] {
            let count = Int(try int() as UInt32)
            guard count <= (bytes.count - offset) / MemoryLayout<T>.stride else { throw Malformed() }
            let memory = try take(count * MemoryLayout<T>.stride)
            return [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: memory)
                initialized = count
            }
        }
        mutating func string() throws(Malformed) -> String {
            let length = try count()
            return String(decoding: try take(length), as: UTF8.self)
        }
        mutating func optional() throws(Malformed) -> Double? {
            let present = try byte()
            let value = try double()
            return present == 1 ? value : nil
        }
        mutating func size() throws(Malformed) -> TextSize {
            TextSize(width: try double(), height: try double(), lineCount: Int(try int() as Int32))
        }
        mutating func style() throws(Malformed) -> TextStyle {
            var font = FontSpec(family: try string(), size: 1)
            var fallbacks: [String] = []
            for _ in 0..<(try count()) { fallbacks.append(try string()) }
            font.fallbacks = fallbacks
            font.size = try double()
            font.weight = Int(try int() as Int32)
            font.italic = try byte() == 1
            font.lineHeight = try double()
            font.tracking = try double()
            if try byte() == 1 { font.systemFace = SystemFace(text: try string(), display: try string()) }
            let lines = Int(try int() as Int32)
            guard let alignment = TextStyle.Alignment(rawValue: try string()), let truncation = TextStyle.Truncation(rawValue: try string()) else {
                throw Malformed()
            }
            return TextStyle(font: font, lines: lines, alignment: alignment, truncation: truncation)
        }
    }
}
