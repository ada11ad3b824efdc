import Foundation
import Synchronization

/// A deadline and a memory budget on reading and drawing one SVG or PDF image. librsvg 2.54 and
/// poppler 22.12 cannot be stopped once they draw (neither takes a cancellable for rendering), so
/// a watching thread measures each drawing from outside; when one runs past `seconds`, or the
/// process grows by more than `growth` bytes while it runs, `expired` is called with the image's
/// file and what was exceeded, and must end the process (the drawing cannot be taken back).
/// The command line sets it (`--image-deadline`); a library user may set it; unset, images are
/// drawn without one, within the budgets checked before they are read (`ImageCheck`,
/// `PDFImageBudget`).
package enum DrawingDeadline {
    package struct Limits: Sendable {
        package var seconds: Double
        package var growth: Int
        package var expired: @Sendable (_ file: String, _ problem: String) -> Never

        package init(seconds: Double, growth: Int = 1 << 30, expired: @escaping @Sendable (String, String) -> Never) {
            self.seconds = seconds
            self.growth = growth
            self.expired = expired
        }
    }

    private struct Drawing {
        var file: String
        var started: ContinuousClock.Instant
        /// The process's resident memory when the watching thread first saw the drawing (read
        /// there, not on the drawing's path: a drawing shorter than a tick is never measured).
        var residentAtStart: Int?
    }

    private struct State {
        var limits: Limits?
        var drawings: [Int: Drawing] = [:]
        var next = 0
        var watching = false
    }

    private static let state = Mutex(State())

    /// Sets the limits every later drawing is measured against (nil: none).
    package static func set(_ limits: Limits?) {
        state.withLock { $0.limits = limits }
    }

    /// Runs `body`, which reads or draws the image at `file`, under the limits if any are set.
    package static func watch<T>(_ file: String, _ body: () -> T) -> T {
        let id: Int? = state.withLock { state in
            guard state.limits != nil else { return nil }
            let id = state.next
            state.next += 1
            state.drawings[id] = Drawing(file: file, started: .now)
            if !state.watching {
                state.watching = true
                Thread.detachNewThread { watching() }
            }
            return id
        }
        defer { if let id { _ = state.withLock { $0.drawings.removeValue(forKey: id) } } }
        return body()
    }

    /// Checks the drawings under way twenty times a second.
    private static func watching() {
        while true {
            usleep(50_000)
            let found: (Limits, String, String)? = state.withLock { state in
                guard let limits = state.limits, !state.drawings.isEmpty else { return nil }
                let resident = residentBytes()
                for id in state.drawings.keys where state.drawings[id]?.residentAtStart == nil { state.drawings[id]?.residentAtStart = resident }
                for drawing in state.drawings.values.sorted(by: { $0.started < $1.started }) {
                    let elapsed = ContinuousClock.now - drawing.started
                    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                    if seconds > limits.seconds {
                        return (limits, drawing.file, "drawing the image took more than \(format(limits.seconds)) s (--image-deadline); librsvg and poppler cannot be stopped, so the run ends here")
                    }
                    if resident - (drawing.residentAtStart ?? resident) > limits.growth {
                        return (limits, drawing.file, "drawing the image took more than \(limits.growth >> 20) MB of memory; librsvg and poppler cannot be stopped, so the run ends here")
                    }
                }
                return nil
            }
            if let (limits, file, problem) = found { limits.expired(file, problem) }
        }
    }

    private static func format(_ seconds: Double) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }

    /// The process's resident memory in bytes (`/proc/self/statm`), 0 where it cannot be read.
    static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
