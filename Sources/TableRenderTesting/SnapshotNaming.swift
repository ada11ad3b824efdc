import Foundation
import Synchronization
import Testing
import XCTest

/// A snapshot's name: a function of its test, the test case's arguments and its place in that
/// test case alone, never of the order test cases run in.
///
/// - The test is the function's name (`perNetwork`); when the test file declares a function of
///   that name in two types (two XCTest classes or two suites), the type's name comes first
///   (`DarkTests.testList`), so that the two never share a file.
/// - Unnamed snapshots of one test case are numbered 1, 2, 3 in call order, counted per test case
///   and shared with the child tasks it starts: per XCTest test method invocation, and per Swift
///   Testing test case (its arguments come first: `perNetwork.Home.1`). Under the `.snapshots`
///   trait each run of a test case counts from 1 again (what `--repetitions` needs).
/// - Each part is sanitised as swift-snapshot-testing does (a run of characters other than
///   letters, digits and `_` becomes `-`); a name longer than a file name may be is shortened, and
///   ends with a hash of the whole name so that it stays stable and apart.
/// - Two assertions of one run that would share a file fail, naming both.
enum SnapshotNaming {
    /// The longest file name written, in UTF-8 bytes, leaving room for `.actual.png` and the like
    /// under the 255 bytes file systems allow.
    static let maximumStemBytes = 200

    /// Counts of unnamed snapshots: per scope (a `.snapshots` trait's run, an XCTest
    /// invocation, else the process) and test case.
    final class Counter: Sendable {
        private let counts = Mutex([String: Int]())

        init() {}

        func next(_ key: String) -> Int {
            counts.withLock { counts in
                counts[key, default: 0] += 1
                return counts[key]!
            }
        }
    }

    /// The counter of snapshots made outside any `.snapshots` trait.
    static let processCounter = Counter()

    /// What each reference file of this run was claimed by, to catch two snapshots sharing one.
    private static let claims = Mutex([String: String]())

    /// The name and the identity behind it (test, arguments, name or number), or a failure
    /// message.
    struct Resolved {
        var stem: String
        var identity: String
    }

    /// - Parameters:
    ///   - function: `#function` of the assertion; `filePath`, `line`: where it is written.
    ///   - named: the assertion's `named:`; arguments: the running Swift Testing case's.
    static func resolve(function: String, filePath: String, line: UInt, arguments: String?, named: String?,
                        counter: Counter?) throws(NamingError) -> Resolved {
        let test = function.split(separator: "(").first.map(String.init) ?? function
        let type = SourceTypes.typeToName(function: test, filePath: filePath, line: Int(line))
        let title = [type, test].compactMap { $0 }.joined(separator: ".")
        let prefix = [type, test, arguments].compactMap { $0 }
        let identity: String
        var parts = prefix.map(sanitised)
        if let named {
            parts.append(sanitised(named))
            identity = ([title] + [arguments].compactMap { $0 } + ["named " + named]).joined(separator: " / ")
        } else {
            let (scope, counter) = countingScope(counter: counter)
            let key = filePath + "#" + title + "#" + (arguments ?? "")
            let number = counter.next(scope + key)
            parts.append(String(number))
            identity = ([title] + [arguments].compactMap { $0 } + ["number \(number)"]).joined(separator: " / ")
        }
        return Resolved(stem: shortened(parts.joined(separator: ".")), identity: identity)
    }

    /// Records that `identity` writes `reference` in this run; fails when another snapshot did.
    static func claim(_ reference: String, identity: String) throws(NamingError) {
        let earlier = claims.withLock { claims -> String? in
            if let owner = claims[reference], owner != identity { return owner }
            claims[reference] = identity
            return nil
        }
        if let earlier {
            throw NamingError(message: "Two snapshots would share the reference \(reference): \(earlier), and \(identity). "
                              + "Their names differ only in characters a file name cannot keep; name one of them differently (named:).")
        }
    }

    /// The scope unnamed snapshots are counted in, and its counter.
    private static func countingScope(counter: Counter?) -> (String, Counter) {
        if let counter { return ("", counter) }
        if Test.current == nil { return (XCTestRuns.current() + "#", processCounter) }
        return ("", processCounter)
    }

    /// swift-snapshot-testing's rule (`\\W+` → `-`, then no `-` at either end), with `\\w` as ICU
    /// defines it: letters, marks, decimal digits, connector punctuation (`_`), joiners.
    static func sanitised(_ part: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in part.unicodeScalars {
            let properties = scalar.properties
            let word = properties.isAlphabetic || properties.generalCategory == .decimalNumber
                || properties.generalCategory == .connectorPunctuation || scalar == "\u{200C}" || scalar == "\u{200D}"
                || [.nonspacingMark, .spacingMark, .enclosingMark].contains(properties.generalCategory)
            if word {
                if pendingDash, !result.isEmpty { result += "-" }
                pendingDash = false
                result.unicodeScalars.append(scalar)
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "-" : result
    }

    /// `stem` itself when it fits; else its start, cut at a character, and a hash of the whole.
    static func shortened(_ stem: String) -> String {
        guard stem.utf8.count > maximumStemBytes else { return stem }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, stable across runs and machines
        for byte in stem.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let tail = "~" + String(hash, radix: 16)
        var kept = ""
        for character in stem {
            if kept.utf8.count + String(character).utf8.count + tail.utf8.count > maximumStemBytes { break }
            kept.append(character)
        }
        return kept + tail
    }

    /// The arguments of the running Swift Testing case, as the test names them
    /// (`String(describingForTest:)`, joined by `_`), or nil outside a parameterised test.
    static func currentArguments() -> String? {
        guard let testCase = Test.Case.current, testCase.isParameterized else { return nil }
        // Swift Testing keeps a case's arguments out of its public interface; they are read by
        // reflection, as its own reporters describe them.
        func find(_ label: String, in value: Any, depth: Int) -> Any? {
            for child in Mirror(reflecting: value).children {
                if child.label == label { return child.value }
                if depth > 0, let found = find(label, in: child.value, depth: depth - 1) { return found }
            }
            return nil
        }
        guard let arguments = find("arguments", in: testCase, depth: 3) else { return nil }
        let values = Mirror(reflecting: arguments).children.compactMap { argument -> String? in
            Mirror(reflecting: argument.value).descendant("value").map { value in
                // Text as it is; anything else as the test names it.
                (value as? any StringProtocol).map { String($0) } ?? String(describingForTest: value)
            }
        }
        return values.isEmpty ? nil : values.joined(separator: "_")
    }

    /// Whether this process repeats its Swift Testing tests (`--repetitions`, `--repeat-until`):
    /// then a run of a test case can only be told from the next under the `.snapshots` trait.
    static let repeatsTests = repeats(arguments: CommandLine.arguments)

    /// Whether these command-line arguments ask Swift Testing to run each test more than once.
    static func repeats(arguments: [String]) -> Bool {
        for (index, argument) in arguments.enumerated() {
            if argument.hasPrefix("--repeat-until") { return true }
            if argument == "--repetitions", index + 1 < arguments.count, (Int(arguments[index + 1]) ?? 1) > 1 { return true }
            if argument.hasPrefix("--repetitions="), (Int(argument.dropFirst("--repetitions=".count)) ?? 1) > 1 { return true }
        }
        return false
    }
}

/// Why a snapshot cannot be named.
struct NamingError: Error {
    var message: String
}

/// The XCTest test method running now, told apart from its earlier runs (`-repetitions`, the same
/// method of another class): an observer counts the test cases as they start.
enum XCTestRuns {
    private static let state = Mutex((registered: false, run: 0, name: ""))

    /// An identity of the running XCTest invocation.
    static func current() -> String {
        let registerNow = state.withLock { state -> Bool in
            if state.registered { return false }
            state.registered = true
            return true
        }
        if registerNow {
            // The observer sees the test cases that start after this one.
            let add = { XCTestObservationCenter.shared.addTestObserver(Observer()) }
            if Thread.isMainThread { MainActor.assumeIsolated(add) } else { DispatchQueue.main.sync { MainActor.assumeIsolated(add) } }
        }
        return state.withLock { "xctest-\($0.run)-\($0.name)" }
    }

    fileprivate static func started(_ name: String) {
        state.withLock { state in
            state.run += 1
            state.name = name
        }
    }

    private final class Observer: NSObject, XCTestObservation {
        func testCaseWillStart(_ testCase: XCTestCase) { XCTestRuns.started(testCase.name) }
    }
}

/// The types and functions a test file declares, read from its source beside the references:
/// which type a function belongs to, and whether two types declare a function of one name.
enum SourceTypes {
    private static let files = Mutex([String: [Declaration]]())

    struct Declaration: Equatable {
        var function: String
        var type: String?
        var lines: ClosedRange<Int>
    }

    /// The name of the type declaring `function` around `line`, when the file declares a
    /// function of that name in another type too; nil otherwise (the usual case).
    static func typeToName(function: String, filePath: String, line: Int) -> String? {
        let declarations = self.declarations(in: filePath)
        let named = declarations.filter { $0.function == function }
        guard Set(named.map(\.type)).count > 1 else { return nil }
        return named.first { $0.lines.contains(line) }?.type
    }

    static func declarations(in filePath: String) -> [Declaration] {
        if let known = files.withLock({ $0[filePath] }) { return known }
        let text = (try? String(contentsOfFile: filePath, encoding: .utf8)) ?? ""
        let found = scan(text)
        files.withLock { $0[filePath] = found }
        return found
    }

    /// Functions with the innermost type (class, struct, enum, actor or extension) around
    /// them and the lines of their bodies. Comments and string literals are skipped.
    static func scan(_ text: String) -> [Declaration] {
        // Words that may follow `class` without declaring a type (`class func`, `class var`).
        let modifiers: Set<String> = ["func", "var", "let", "subscript", "static", "override", "final", "open", "public",
                                      "internal", "private", "fileprivate", "required", "convenience"]
        let scalars = Array(text.unicodeScalars)
        var index = 0, line = 1
        var result: [Declaration] = []
        // Open braces: the type or function they begin, if any.
        enum Scope { case type(String), function(Int), other }
        var scopes: [Scope] = []
        var pending: Scope?
        var previousWord = ""
        func peek(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        func isIdentifier(_ scalar: Unicode.Scalar) -> Bool { scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" { line += 1; index += 1; continue }
            if scalar == "/", peek(1) == "/" {
                while index < scalars.count, scalars[index] != "\n" { index += 1 }
                continue
            }
            if scalar == "/", peek(1) == "*" {
                var depth = 0
                while index < scalars.count {
                    if scalars[index] == "/", peek(1) == "*" { depth += 1; index += 2; continue }
                    if scalars[index] == "*", peek(1) == "/" { depth -= 1; index += 2; if depth == 0 { break }; continue }
                    if scalars[index] == "\n" { line += 1 }
                    index += 1
                }
                continue
            }
            if scalar == "#" || scalar == "\"" {
                // A string literal, raw (`#"…"#`) or multi-line; interpolations are skipped whole.
                var hashes = 0
                while peek(hashes) == "#" { hashes += 1 }
                guard peek(hashes) == "\"" else { index += 1; continue }
                index += hashes
                let multiline = peek(1) == "\"" && peek(2) == "\""
                index += multiline ? 3 : 1
                var parentheses = 0
                while index < scalars.count {
                    let current = scalars[index]
                    if current == "\n" { line += 1; if !multiline && parentheses == 0 { break } }
                    if parentheses > 0 {
                        if current == "(" { parentheses += 1 } else if current == ")" { parentheses -= 1 }
                        index += 1
                        continue
                    }
                    if current == "\\" {
                        var escapeHashes = 0
                        while peek(1 + escapeHashes) == "#" { escapeHashes += 1 }
                        if escapeHashes == hashes {
                            if peek(1 + escapeHashes) == "(" { parentheses = 1; index += 2 + escapeHashes; continue }
                            index += 2 + escapeHashes
                            continue
                        }
                    }
                    if current == "\"" {
                        let closes = multiline ? (peek(1) == "\"" && peek(2) == "\"") : true
                        let quoteLength = multiline ? 3 : 1
                        var trailing = 0
                        while trailing < hashes, peek(quoteLength + trailing) == "#" { trailing += 1 }
                        if closes, trailing == hashes { index += quoteLength + hashes; break }
                    }
                    index += 1
                }
                continue
            }
            if isIdentifier(scalar) {
                var word = ""
                while index < scalars.count, isIdentifier(scalars[index]) { word.unicodeScalars.append(scalars[index]); index += 1 }
                if ["class", "struct", "enum", "actor", "extension"].contains(previousWord), pending == nil, !modifiers.contains(word) {
                    pending = .type(word)
                } else if previousWord == "func", pending == nil {
                    pending = .function(result.count)
                    result.append(Declaration(function: word, type: scopes.reversed().lazy.compactMap { scope -> String? in
                        if case .type(let name) = scope { return name }
                        return nil
                    }.first, lines: line...line))
                }
                previousWord = word
                continue
            }
            switch scalar {
            case "{":
                scopes.append(pending ?? .other)
                if case .function(let at) = pending { result[at].lines = result[at].lines.lowerBound...line }
                pending = nil
            case "}":
                if case .function(let at)? = scopes.popLast() { result[at].lines = result[at].lines.lowerBound...line }
            case ";":
                pending = nil
            default:
                break
            }
            if !scalar.properties.isWhitespace { previousWord = "" }
            index += 1
        }
        return result
    }
}
