import Synchronization

/// Text written from any thread (a command's stdout or stderr in tests), kept in order.
public final class Captured: Sendable {
    private let storage = Mutex("")

    public init() {}

    public func append(_ text: String) { storage.withLock { $0 += text } }

    /// Everything written so far.
    public var text: String { storage.withLock { $0 } }
}
