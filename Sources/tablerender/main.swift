import Foundation
import TableRenderCLI

let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
let command = TableRenderCommand(
    stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
    stderr: { FileHandle.standardError.write(Data($0.utf8)) },
    terminalWidth: max(40, columns),
    isTerminal: isatty(2) != 0)
exit(command.run(Array(CommandLine.arguments.dropFirst())))
