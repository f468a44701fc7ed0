import Foundation
import GaslogServer

// The server's entry point; `gaslog serve` runs it with its own arguments.
exit(ServerMain.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment))
