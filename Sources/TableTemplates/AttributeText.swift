import TableModel

/// An attribute value with `{key.path}` bindings: `Hello {user.name}`. `{{` and `}}` are braces.
package struct AttributeText: Sendable, Hashable, CustomStringConvertible {
    package enum Segment: Sendable, Hashable {
        case literal(String)
        case binding([String])
    }

    package var segments: [Segment]

    package init(parsing source: String) throws(AttributeTextError) {
        var segments: [Segment] = []
        var literal = ""
        var index = source.startIndex
        while index < source.endIndex {
            let character = source[index]
            let next = source.index(after: index)
            if character == "{" {
                if next < source.endIndex, source[next] == "{" { literal.append("{"); index = source.index(after: next); continue }
                guard let close = source[next...].firstIndex(of: "}") else { throw AttributeTextError(message: "unclosed '{' in binding") }
                let path = source[next..<close]
                let keys = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                guard !keys.isEmpty, keys.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } }) else {
                    throw AttributeTextError(message: "invalid binding '{\(path)}'; expected a key path such as {title} or {author.name}")
                }
                if !literal.isEmpty { segments.append(.literal(literal)); literal = "" }
                segments.append(.binding(keys))
                index = source.index(after: close)
            } else if character == "}" {
                guard next < source.endIndex, source[next] == "}" else { throw AttributeTextError(message: "unmatched '}'; write '}}' for a brace") }
                literal.append("}")
                index = source.index(after: next)
            } else {
                literal.append(character)
                index = next
            }
        }
        if !literal.isEmpty || segments.isEmpty { segments.append(.literal(literal)) }
        self.segments = segments
    }

    package init(constant: String) { segments = [.literal(constant)] }

    /// The value when no binding is involved.
    package var constant: String? {
        if segments.count == 1, case .literal(let text) = segments[0] { return text }
        return nil
    }

    /// The first key of every binding: the item value keys ("outlets") this attribute reads.
    package var bindingRoots: [String] {
        segments.compactMap { if case .binding(let keys) = $0 { return keys[0] } else { return nil } }
    }

    /// Resolves against an item's values. A lone binding keeps its value's type (a switch's
    /// `on="{enabled}"` gets a boolean); mixed text joins the parts as strings.
    package func resolve(_ values: Value) -> Value {
        if segments.count == 1 {
            switch segments[0] {
            case .literal(let text): return .string(text)
            case .binding(let keys): return values.lookup(keys.map { Substring($0) }) ?? .null
            }
        }
        var text = ""
        var anyPresent = false
        for segment in segments {
            switch segment {
            case .literal(let literal): text += literal
            case .binding(let keys):
                if let part = values.lookup(keys.map { Substring($0) })?.text, !part.isEmpty {
                    text += part
                    anyPresent = true
                }
            }
        }
        return anyPresent ? .string(text) : .null
    }

    package var description: String {
        segments.map {
            switch $0 {
            case .literal(let text): return text.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            case .binding(let keys): return "{" + keys.joined(separator: ".") + "}"
            }
        }.joined()
    }
}

package struct AttributeTextError: Error, Sendable {
    package var message: String
}
