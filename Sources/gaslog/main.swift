import GaslogCLI
import GaslogCore
import Glibc

// The entry point: the only place that touches the real streams and exits.

/// Arguments as the kernel passed them. Swift's `CommandLine.arguments` would
/// silently repair invalid UTF-8, and a name must never be stored altered.
func rawArguments() -> [String]? {
    var arguments: [String] = []
    for index in 1..<Int(CommandLine.argc) {
        guard let pointer = CommandLine.unsafeArgv[index] else { continue }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self),
            count: strlen(pointer))
        guard let argument = String(validating: bytes, as: UTF8.self) else { return nil }
        arguments.append(argument)
    }
    return arguments
}

func environment() -> [String: String] {
    var values: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
        // Split at the first "=" byte; a search by Character would walk grapheme breaks.
        let pair = UnsafeBufferPointer(start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
        if let equals = pair.firstIndex(of: UInt8(ascii: "=")) {
            values[String(decoding: pair[..<equals], as: UTF8.self)] = String(decoding: pair[(equals + 1)...], as: UTF8.self)
        }
        entry += 1
    }
    return values
}

let output = OutputWriter(descriptor: STDOUT_FILENO)
let errors = OutputWriter(descriptor: STDERR_FILENO)
guard let arguments = rawArguments() else {
    errors.writeLine("error: an argument is not valid UTF-8; gaslog accepts UTF-8 text only")
    errors.writeLine("See 'gaslog --help'.")
    errors.flush()
    exit(ExitStatus.usage.rawValue)
}
let status = Gaslog.run(arguments: arguments, environment: environment(), output: output, errors: errors)
exit(status.rawValue)
