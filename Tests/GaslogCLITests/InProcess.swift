import Foundation
import GaslogCLI
import GaslogCore
import Glibc
import LogbookStore
import Testing

/// Runs one gaslog command line in this process, through `Gaslog.run`, as the
/// entry point would run it: the given environment, a file (or /dev/null) as
/// standard input, and standard output and error captured byte for byte.
enum GaslogInProcess {
    static func run(_ arguments: [String], environment: [String: String], stdin: String? = nil, now: Timestamp) -> RunResult {
        ProcessTimeZone.requireUTC(environment)
        // The binary's standard input is the file, or /dev/null: never the
        // test runner's own.
        let input = open(stdin ?? "/dev/null", O_RDONLY | O_CLOEXEC)
        precondition(input >= 0, "cannot open \(stdin ?? "/dev/null"): \(String(cString: strerror(errno)))")
        defer { close(input) }
        let output = OutputWriter.inMemory(), errors = OutputWriter.inMemory()
        let status = Gaslog.run(
            arguments: arguments, environment: environment, output: output, errors: errors,
            standardInput: input, clock: { now })
        return RunResult(
            status: status.rawValue, signal: nil, stdoutBytes: output.captured,
            stderr: String(decoding: errors.captured, as: UTF8.self))
    }
}

/// Local time in gaslog goes through the C library (`localtime_r`, `mktime`),
/// which reads the process's `TZ`, not the environment a command is given. The
/// built binary gets `TZ=UTC`; so that a command run in this process reads
/// times as the binary does, whatever the machine's zone, this process runs
/// in UTC too.
///
/// Setting it is safe for every test in this process:
/// - no test here depends on the machine's zone: the tests that need another
///   zone launch the binary with their own `TZ`, which only the child sees;
/// - it is set once, before the first command runs in this process, and
///   nothing else in the test process sets an environment variable;
/// - glibc's `setenv` keeps a replaced string alive and, when it adds the
///   variable, copies the environment to a new array and leaves the old one
///   in place, so a thread reading the environment meanwhile reads a whole one;
/// - `tzset` takes glibc's time-zone lock, and makes `localtime_r`, which does
///   not look at `TZ` again by itself, read the new zone.
///
/// On a machine already in UTC (this one: no `TZ`, /etc/localtime is UTC)
/// nothing changes.
enum ProcessTimeZone {
    private static let utc: Void = {
        setenv("TZ", "UTC", 1)
        tzset()
    }()

    /// Pins this process to UTC, and flags a run that asks for another zone:
    /// only the binary can run in one.
    static func requireUTC(_ environment: [String: String]) {
        _ = utc
        if environment["TZ"] != "UTC" {
            Issue.record("TZ=\(environment["TZ"] ?? "unset") needs the built binary: in this process local time is UTC")
        }
    }
}

/// Runs gaslog commands in this process, through `Gaslog.run`, against a
/// logbook of its own and a clock the test sets.
final class InProcess {
    let folder: String
    let db: String
    var now: Timestamp

    init(now: String) {
        folder = NSTemporaryDirectory() + "gaslog-in-process-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        db = folder + "/gaslog.sqlite"
        self.now = try! Timestamp(parsing: now)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Result {
        let status: GaslogCore.ExitStatus
        let stdout: String
        let stderr: String
    }

    func gaslog(_ arguments: String...) -> Result {
        gaslog(arguments)
    }

    /// Runs a step that must succeed: when it fails, the test fails at the
    /// line that asked for it.
    @discardableResult
    func ok(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) -> Result {
        let result = gaslog(arguments)
        #expect(result.status == .success, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result
    }

    private func gaslog(_ arguments: [String]) -> Result {
        let output = OutputWriter.inMemory(), errors = OutputWriter.inMemory()
        let status = run(arguments, output: output, errors: errors)
        return Result(
            status: status, stdout: String(decoding: output.captured, as: UTF8.self),
            stderr: String(decoding: errors.captured, as: UTF8.self))
    }

    /// The JSON a command prints.
    func json(_ arguments: [String]) -> Any? {
        let output = OutputWriter.inMemory()
        _ = run(arguments, output: output)
        return try? JSONSerialization.jsonObject(with: Data(output.captured), options: [.fragmentsAllowed])
    }

    private func run(_ arguments: [String], output: OutputWriter, errors: OutputWriter = .inMemory()) -> GaslogCore.ExitStatus {
        let now = self.now
        let environment = ["GASLOG_DB": db, "TZ": "UTC", "HOME": folder]
        ProcessTimeZone.requireUTC(environment)
        return Gaslog.run(
            arguments: arguments, environment: environment,
            output: output, errors: errors, clock: { now })
    }
}
