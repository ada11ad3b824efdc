import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Runs a program to its end and measures it: exit status, wall time and the most memory it held
/// (the peak resident set of the program itself, read from /proc while it runs: the rusage of a
/// process started from a large test process counts the parent's memory from before `exec`).
public enum Measured {
    public struct Outcome {
        public var status: Int32
        public var seconds: Double
        public var peakMegabytes: Double
    }

    public static func run(_ executable: String, _ arguments: [String]) -> Outcome {
        var pid: pid_t = 0
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let start = Date()
        guard posix_spawn(&pid, executable, &actions, nil, argv, environ) == 0 else { return Outcome(status: -1, seconds: 0, peakMegabytes: 0) }
        var status: Int32 = 0
        var peak = 0.0
        while true {
            if let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
               let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
               let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "") {
                peak = max(peak, kilobytes / 1024)
            }
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            usleep(20_000)
        }
        let exited = status & 0x7F == 0
        return Outcome(status: exited ? (status >> 8) & 0xFF : -(status & 0x7F), seconds: Date().timeIntervalSince(start), peakMegabytes: peak)
    }

    /// The `tablerender` command built beside the test bundle.
    public static var command: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tablerender").path
    }
}
