import Foundation

/// Runs a program the machine has (pdftotext, pdftoppm, fc-match) to its end: its exit status
/// and what it wrote to standard output.
public enum Tool {
    public struct Result {
        public var status: Int32
        public var output: String
    }

    /// `name` is looked up in /usr/bin and /usr/local/bin. Its standard error is in `output`
    /// after its standard output when `includingErrors`, else left out.
    public static func run(_ name: String, _ arguments: [String], includingErrors: Bool = false) -> Result {
        let path = ["/usr/bin/", "/usr/local/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = includingErrors ? pipe : FileHandle.nullDevice
        do { try process.run() } catch { return Result(status: -1, output: "") }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }
}
