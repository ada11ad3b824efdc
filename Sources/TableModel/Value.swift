/// An item's data: what JSON can hold, with object keys kept in document order.
public enum Value: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([Value])
    case object(Object)

    /// A JSON object whose keys keep their order: a collection of its members, in the order they
    /// were written, with a subscript by key.
    public struct Object: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
        /// One key and its value.
        public struct Member: Sendable, Hashable {
            /// The member's name.
            public var key: String
            /// The member's value.
            public var value: Value

            /// A member named `key` holding `value`.
            public init(key: String, value: Value) {
                self.key = key
                self.value = value
            }
        }

        private var members: [Member]

        /// An object of these members, in order.
        public init(_ members: [Member] = []) { self.members = members }
        /// An object from a dictionary literal, in its order.
        public init(dictionaryLiteral elements: (String, Value)...) {
            members = elements.map { Member(key: $0.0, value: $0.1) }
        }

        /// The first member's position.
        public var startIndex: Int { members.startIndex }
        /// The position after the last member.
        public var endIndex: Int { members.endIndex }
        /// The member at `position`.
        public subscript(position: Int) -> Member { members[position] }

        /// Its keys, in order.
        public var keys: [String] { members.map(\.key) }

        /// The value of `key`, or nil; setting nil removes the member.
        public subscript(key: String) -> Value? {
            get { members.first { $0.key == key }?.value }
            set {
                if let index = members.firstIndex(where: { $0.key == key }) {
                    if let newValue { members[index].value = newValue } else { members.remove(at: index) }
                } else if let newValue {
                    members.append(Member(key: key, value: newValue))
                }
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
        self = .object(Object(elements.map { Object.Member(key: $0.0, value: $0.1) }))
    }
    /// An array value.
    public init(arrayLiteral elements: Value...) { self = .array(elements) }
    /// JSON's `null`.
    public init(nilLiteral: ()) { self = .null }
}
