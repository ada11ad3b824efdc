/// An item's data: what JSON can hold, with object keys kept in document order.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Value])
    case object(Object)

    /// A JSON object whose keys keep their order.
    public struct Object: Sendable, Hashable, ExpressibleByDictionaryLiteral {
        /// Its keys and values, in the order they were written.
        public private(set) var entries: [(key: String, value: Value)]

        /// An object of these entries, in order.
        public init(_ entries: [(key: String, value: Value)] = []) { self.entries = entries }
        /// An object from a dictionary literal, in its order.
        public init(dictionaryLiteral elements: (String, Value)...) {
            entries = elements.map { (key: $0.0, value: $0.1) }
        }

        /// Its keys, in order.
        public var keys: [String] { entries.map(\.key) }
        /// Whether it has no entries.
        public var isEmpty: Bool { entries.isEmpty }

        /// The value of `key`, or nil; setting nil removes the entry.
        public subscript(key: String) -> Value? {
            get { entries.first { $0.key == key }?.value }
            set {
                if let index = entries.firstIndex(where: { $0.key == key }) {
                    if let newValue { entries[index].value = newValue } else { entries.remove(at: index) }
                } else if let newValue {
                    entries.append((key: key, value: newValue))
                }
            }
        }

        /// The same entries in the same order.
        public static func == (lhs: Object, rhs: Object) -> Bool {
            lhs.entries.count == rhs.entries.count
                && zip(lhs.entries, rhs.entries).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        }

        /// Hashes the entries in order.
        public func hash(into hasher: inout Hasher) {
            for entry in entries {
                hasher.combine(entry.key)
                hasher.combine(entry.value)
            }
        }
    }

    /// Follows a dotted key path (`author.name`, `tags.0`); nil when any step is missing.
    public func lookup(_ path: [Substring]) -> Value? {
        var current = self
        for key in path {
            switch current {
            case .object(let object):
                guard let next = object[String(key)] else { return nil }
                current = next
            case .array(let array):
                guard let index = Int(key), array.indices.contains(index) else { return nil }
                current = array[index]
            default:
                return nil
            }
        }
        return current
    }

    /// The text a binding shows: strings as they are, numbers without a needless `.0`.
    public var text: String? {
        switch self {
        case .null: return nil
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15 { return String(Int64(number)) }
            return String(number)
        case .string(let string): return string
        case .array, .object: return nil
        }
    }

    /// Missing-or-empty, the condition that hides a bound view.
    public var isEmpty: Bool {
        switch self {
        case .null: return true
        case .string(let string): return string.isEmpty
        case .array(let array): return array.isEmpty
        case .object(let object): return object.isEmpty
        case .bool, .number: return false
        }
    }
}

extension Value: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByFloatLiteral,
    ExpressibleByIntegerLiteral, ExpressibleByDictionaryLiteral, ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    /// A string value.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A Boolean value.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A number value.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A number value.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// An object value, its entries in the literal's order.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self = .object(Object(elements.map { (key: $0.0, value: $0.1) }))
    }
    /// An array value.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    /// JSON's `null`.
    public init(nilLiteral: ()) { self = .null }
}
