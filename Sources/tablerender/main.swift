import Foundation
import TableRenderCLI

// A file that reaches a size limit (ulimit -f) or a closed output pipe is an error to report, not
// a signal that kills the process mid-write.
signal(SIGXFSZ, SIG_IGN)
signal(SIGPIPE, SIG_IGN)

let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
let command = TableRenderCommand(
    stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
    stderr: { FileHandle.standardError.write(Data($0.utf8)) },
    terminalWidth: max(40, columns),
    isTerminal: isatty(2) != 0)
// An SVG or PDF image past its deadline cannot be stopped: its error ends the run.
var running = command
running.imageDeadlineExpired = { message in
    FileHandle.standardError.write(Data(message.utf8))
    _exit(65)
}
exit(running.run(Array(CommandLine.arguments.dropFirst())))
