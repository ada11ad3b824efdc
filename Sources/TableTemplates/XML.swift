import CLibXML2
import TableModel

/// An XML element copied out of libxml2: the only XML type the rest of the code sees.
package struct XMLElement: Sendable {
    package struct Attribute: Sendable {
        package var name: String
        package var value: String
        package var location: SourceLocation
    }

    package var name: String
    package var attributes: [Attribute]
    package var children: [XMLElement]
    package var location: SourceLocation
    /// The element's own text (CDATA included), when the parse keeps text.
    package var text: String = ""

    package func attribute(_ name: String) -> Attribute? { attributes.first { $0.name == name } }

    /// This element and every element inside it, in document order.
    package var descendants: [XMLElement] {
        var found: [XMLElement] = []
        var stack = [self]
        while let element = stack.popLast() {
            found.append(element)
            stack += element.children.reversed()
        }
        return found
    }
}

/// Parses XML with libxml2 in strict mode: no recovery, no network, no DTD loading, no entity
/// expansion, and no DOCTYPE at all (which rules out external entities and "billion laughs").
/// Every C pointer lives and dies inside `parse`.
package enum XMLParser {
    package static let maximumSize = 1 << 20
    package static let maximumDepth = 48

    /// libxml2 must be initialised once before threads parse at the same time.
    private static let initialised: Bool = {
        xmlInitParser()
        return true
    }()

    /// What a parse accepts beyond a template's strict rules.
    package struct Leniency: Sendable {
        /// A `<!DOCTYPE …>` naming a public DTD (never loaded), as SVG editors write; an internal
        /// subset (`[…]`) or an `<!ENTITY>` is still refused.
        package var plainDoctype = false
        /// Text and CDATA inside elements (an SVG's titles, styles and text), left out of the copy.
        package var text = false
        /// Text and CDATA inside elements, kept in `XMLElement.text` (Interface Builder's
        /// `<string key="text">`).
        package var keepsText = false
        package var maximumSize = XMLParser.maximumSize
        package var what = "templates"

        package init(plainDoctype: Bool = false, text: Bool = false, keepsText: Bool = false, maximumSize: Int = XMLParser.maximumSize,
                    what: String = "templates") {
            self.plainDoctype = plainDoctype
            self.text = text || keepsText
            self.keepsText = keepsText
            self.maximumSize = maximumSize
            self.what = what
        }
    }

    package static func parse(file: String, bytes: [UInt8], leniency: Leniency = Leniency()) throws(Diagnostic) -> XMLElement {
        precondition(initialised)
        guard bytes.count <= leniency.maximumSize else {
            throw Diagnostic(at: SourceLocation(file: file), "XML file is larger than \(leniency.maximumSize >> 10) KiB")
        }
        if let problem = InputFile.wrongEncoding(bytes) { throw Diagnostic(at: SourceLocation(file: file, line: 1, column: 1), problem) }
        let doctype = find("<!DOCTYPE", in: bytes)
        if let refused = doctype.flatMap({ !leniency.plainDoctype || Self.internalSubset(bytes) ? $0 : nil }) ?? find("<!ENTITY", in: bytes) {
            throw Diagnostic(at: SourceLocation(file: file, line: refused.line, column: refused.column),
                             "DOCTYPE and entity declarations are not allowed in \(leniency.what)")
        }
        // libxml2 reports through a callback instead of printing to stderr; keep the first error,
        // which names the cause (later ones are its consequences).
        let errors = FirstError()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(errors).toOpaque()) { userData, error in
            guard let userData, let error else { return }
            let errors = Unmanaged<FirstError>.fromOpaque(userData).takeUnretainedValue()
            guard errors.message == nil else { return }
            errors.message = error.pointee.message.map { String(cString: $0) }?.trimmingCharacters(in: .whitespacesAndNewlines)
            errors.line = Int(error.pointee.line)
            errors.column = Int(error.pointee.int2)
        }
        // The callback holds `errors` unretained: keep it alive until the handler is removed,
        // or ARC may free it after its last visible use while libxml2 still reports warnings.
        defer {
            xmlSetStructuredErrorFunc(nil, nil)
            withExtendedLifetime(errors) {}
        }
        guard let context = xmlNewParserCtxt() else {
            throw Diagnostic(.failure, at: SourceLocation(file: file), "libxml2 could not create a parser")
        }
        defer { xmlFreeParserCtxt(context) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOCDATA.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { base in
                base.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    xmlCtxtReadMemory(context, $0, Int32(buffer.count), file, "UTF-8", options)
                }
            }
        }
        guard let document, context.pointee.wellFormed != 0 else {
            if let document { xmlFreeDoc(document) }
            if let message = errors.message {
                throw Diagnostic(at: SourceLocation(file: file, line: errors.line, column: errors.column), "malformed XML: \(message)")
            }
            throw Diagnostic(at: SourceLocation(file: file, line: 1, column: 1), "malformed XML: the file is empty")
        }
        defer { xmlFreeDoc(document) }
        guard let root = xmlDocGetRootElement(document) else {
            throw Diagnostic(at: SourceLocation(file: file, line: 1, column: 1), "malformed XML: no root element")
        }
        let lines = SourceLines(bytes)
        return try copy(root, file: file, lines: lines, depth: 0, leniency: leniency)
    }

    /// Whether the DOCTYPE opens an internal subset (`[` before its `>`).
    private static func internalSubset(_ bytes: [UInt8]) -> Bool {
        guard let start = find("<!DOCTYPE", offsetIn: bytes) else { return false }
        for byte in bytes[start...] {
            if byte == UInt8(ascii: ">") { return false }
            if byte == UInt8(ascii: "[") { return true }
        }
        return false
    }

    private static func find(_ needle: String, offsetIn bytes: [UInt8]) -> Int? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0] == pattern[0] && bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }

    private static func copy(_ node: xmlNodePtr, file: String, lines: SourceLines, depth: Int, leniency: Leniency) throws(Diagnostic) -> XMLElement {
        let name = String(cString: node.pointee.name)
        let line = Int(xmlGetLineNo(node))
        let location = SourceLocation(file: file, line: line, column: lines.nextColumn(ofElement: name, line: line))
        guard depth < maximumDepth else {
            throw Diagnostic(at: location, "elements nested deeper than \(maximumDepth) levels")
        }
        var attributes: [XMLElement.Attribute] = []
        var property = node.pointee.properties
        while let attribute = property {
            let attributeName = String(cString: attribute.pointee.name)
            var value = ""
            if let text = xmlNodeListGetString(node.pointee.doc, attribute.pointee.children, 1) {
                value = String(cString: text)
                tablerender_xml_free(text)
            }
            attributes.append(.init(name: attributeName, value: value,
                                    location: SourceLocation(file: file, line: line, column: lines.attributeColumn(attributeName, line: line))))
            property = attribute.pointee.next
        }
        var children: [XMLElement] = []
        var text = ""
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                children.append(try copy(current, file: file, lines: lines, depth: depth + 1, leniency: leniency))
            case XML_TEXT_NODE where leniency.text, XML_CDATA_SECTION_NODE where leniency.text:
                if leniency.keepsText, let content = current.pointee.content { text += String(cString: content) }
            case XML_TEXT_NODE:
                let text = current.pointee.content.map { String(cString: $0) } ?? ""
                if !text.allSatisfy(\.isWhitespace) {
                    let textLine = Int(xmlGetLineNo(current))
                    let word = String(text.drop(while: \.isWhitespace).prefix(while: { !$0.isWhitespace }))
                    throw Diagnostic(at: SourceLocation(file: file, line: textLine, column: lines.column(of: word, line: textLine) ?? lines.firstNonSpace(line: textLine)),
                                     "text is not allowed inside <\(name)>; put it in an attribute, e.g. <label text=\"…\"/>")
                }
            case XML_COMMENT_NODE, XML_PI_NODE:
                break
            case XML_ENTITY_REF_NODE:
                throw Diagnostic(at: SourceLocation(file: file, line: Int(xmlGetLineNo(current))), "entity references are not allowed")
            default:
                throw Diagnostic(at: SourceLocation(file: file, line: Int(xmlGetLineNo(current))), "unexpected XML content inside <\(name)>")
            }
            child = current.pointee.next
        }
        var element = XMLElement(name: name, attributes: attributes, children: children, location: location)
        element.text = text
        return element
    }

    private static func find(_ needle: String, in bytes: [UInt8]) -> (line: Int, column: Int)? {
        let pattern = Array(needle.utf8)
        guard bytes.count >= pattern.count else { return nil }
        var line = 1, lineStart = 0
        for index in 0...(bytes.count - pattern.count) {
            if bytes[index] == 0x0A { line += 1; lineStart = index + 1 }
            if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                return (line, index - lineStart + 1)
            }
        }
        return nil
    }
}

/// The first error libxml2 reported during one parse.
private final class FirstError {
    var message: String?
    var line = 0
    var column = 0
}

/// The source bytes by line, to give elements and attributes a column (libxml2 keeps only
/// lines). Elements and attributes are asked for in document order, so each search starts where
/// the last one ended: a file costs one pass, however many elements share a line.
final class SourceLines {
    private let bytes: [UInt8]
    /// The byte offset where each line starts.
    private let lineStarts: [Int]
    /// Per line, the offsets of its element start tags, found once.
    private var elementStarts: [Int: [Int]] = [:]
    private var elementsSeen: [Int: Int] = [:]
    /// Where the search for the current element's attributes goes on.
    private var attributeCursor = 0
    /// The last column worked out, to count on from it.
    private var counted: (line: Int, offset: Int, column: Int) = (0, 0, 1)

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for (index, byte) in bytes.enumerated() where byte == 0x0A { starts.append(index + 1) }
        lineStarts = starts
    }

    private func range(ofLine line: Int) -> Range<Int>? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] - 1 : bytes.count
        return start..<max(start, end)
    }

    /// The column (1-based, in characters) of the byte at `offset` on `line`.
    private func column(at offset: Int, line: Int) -> Int {
        var from = lineStarts[line - 1], column = 1
        if counted.line == line, counted.offset <= offset { (from, column) = (counted.offset, counted.column) }
        for index in from..<offset where bytes[index] & 0xC0 != 0x80 { column += 1 }
        counted = (line, offset, column)
        return column
    }

    /// The column of the next element start tag on `line` (elements are copied in document order).
    func nextColumn(ofElement name: String, line: Int) -> Int? {
        guard let range = range(ofLine: line) else { return nil }
        if elementStarts[line] == nil {
            var starts: [Int] = []
            for index in range where bytes[index] == UInt8(ascii: "<") && index + 1 < range.upperBound {
                let next = bytes[index + 1]
                if next != UInt8(ascii: "/"), next != UInt8(ascii: "!"), next != UInt8(ascii: "?") { starts.append(index) }
            }
            elementStarts[line] = starts
        }
        let seen = elementsSeen[line, default: 0]
        elementsSeen[line] = seen + 1
        guard let starts = elementStarts[line], seen < starts.count else { return nil }
        attributeCursor = starts[seen]
        return column(at: starts[seen], line: line)
    }

    /// The column of attribute `name` of the element found last, on `line`.
    func attributeColumn(_ name: String, line: Int) -> Int? {
        guard let range = range(ofLine: line) else { return nil }
        let needle = Array((name + "=").utf8)
        var index = max(attributeCursor, range.lowerBound)
        while index + needle.count <= range.upperBound {
            if bytes[index] == needle[0], index > range.lowerBound, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 || bytes[index - 1] == 0x0D,
               bytes[index..<(index + needle.count)].elementsEqual(needle) {
                attributeCursor = index + needle.count
                return column(at: index, line: line)
            }
            index += 1
        }
        return nil
    }

    /// The column of `needle` on `line` (for the rare error about text inside an element).
    func column(of needle: String, line: Int) -> Int? {
        guard let range = range(ofLine: line) else { return nil }
        let text = String(decoding: bytes[range], as: UTF8.self)
        guard let found = text.range(of: needle) else { return nil }
        return text.distance(from: text.startIndex, to: found.lowerBound) + 1
    }

    func firstNonSpace(line: Int) -> Int? {
        guard let range = range(ofLine: line), let index = range.first(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 && bytes[$0] != 0x0D }) else {
            return nil
        }
        return column(at: index, line: line)
    }
}
