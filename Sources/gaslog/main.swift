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
let variables = environment()

/// The clock the command reads: the system's, or, for tests that launch this
/// binary, the fixed instant `GASLOG_TEST_NOW` names (as `2026-11-30T12:00:00Z`),
/// so that their dates do not depend on the day they run.
func fixedOrSystemClock(environment: [String: String]) -> (@Sendable () -> Timestamp)? {
    guard let text = environment["GASLOG_TEST_NOW"] else { return OpenLogbook.systemClock }
    guard let now = try? Timestamp(parsing: text) else { return nil }
    return { now }
}

guard let clock = fixedOrSystemClock(environment: variables) else {
    errors.writeLine("error: GASLOG_TEST_NOW is not a time: \(variables["GASLOG_TEST_NOW"] ?? "")")
    errors.flush()
    exit(ExitStatus.usage.rawValue)
}
let status = Gaslog.run(arguments: arguments, environment: variables, output: output, errors: errors, clock: clock)
exit(status.rawValue)
