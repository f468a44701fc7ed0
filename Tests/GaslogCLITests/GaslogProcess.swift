import Foundation
import Glibc
import LogbookStore
import TestSupport
import Testing

/// The result of one run of gaslog, in this process or through the built binary.
struct RunResult: CustomStringConvertible, Sendable {
    let status: Int32
    /// The signal that ended the process, if one did; always `nil` in this process.
    let signal: Int32?
    let stdoutBytes: [UInt8]
    let stderr: String

    var stdout: String { String(decoding: stdoutBytes, as: UTF8.self) }
    var stderrLines: [Substring] { stderr.split(separator: "\n") }
    var errorLines: [Substring] { stderrLines.filter { $0.hasPrefix("error: ") } }

    var description: String { "exit \(status)\(signal.map { " signal \($0)" } ?? "")\nstdout: \(stdout)\nstderr: \(stderr)" }
}

/// Runs the `gaslog` binary that `swift test` built beside this test bundle.
enum GaslogProcess {
    static let binary: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("gaslog").path
    }()

    /// A plain environment, so that the user's own database and settings never
    /// leak in, with the binary's clock fixed at `now` (`GASLOG_TEST_NOW`).
    static func environment(home: String, now: String = Sandbox.defaultNow, extra: [String: String] = [:]) -> [String: String] {
        var environment = ["PATH": "/usr/bin:/bin", "HOME": home, "TZ": "UTC", "LANG": "C.UTF-8", "GASLOG_TEST_NOW": now]
        environment.merge(extra) { $1 }
        return environment
    }

    static func run(
        _ arguments: [String], environment: [String: String], stdin: String? = nil,
        executable: String = binary
    ) -> RunResult {
        runRaw(arguments.map { Array($0.utf8) }, environment: environment, stdinPath: stdin, executable: executable)
    }

    /// Runs with arguments given as raw bytes, which may be invalid UTF-8.
    static func runRaw(
        _ arguments: [[UInt8]], environment: [String: String], stdinPath: String? = nil,
        executable: String = binary
    ) -> RunResult {
        start(arguments, environment: environment, stdinPath: stdinPath, executable: executable).wait()
    }

    /// Starts the binary and returns at once; ``Started/wait()`` collects it.
    static func start(
        _ arguments: [[UInt8]], environment: [String: String], stdinPath: String? = nil,
        executable: String = binary, prefix: [String] = []
    ) -> Started {
        let folder = NSTemporaryDirectory() + "gaslog-run-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let outPath = folder + "/out", errPath = folder + "/err"

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        let program = prefix.first ?? executable
        let command = prefix.map { Array($0.utf8) } + [Array(executable.utf8)] + arguments
        let argv =
            command.map { bytes -> UnsafeMutablePointer<CChar>? in
                let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
                for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
                pointer[bytes.count] = 0
                return pointer
            } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { $0?.deallocate() }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        var spawned: Int32 = 0
        // A binary copied by one test can still be open for writing in a child
        // that another test is forking at that moment; try until it has exec'd.
        let started = Waiting.holds(within: .seconds(5)) {
            spawned = posix_spawn(&pid, program, &actions, nil, argv, envp)
            return spawned != ETXTBSY
        }
        precondition(started && spawned == 0, "cannot start \(program): \(String(cString: strerror(spawned)))")
        return Started(pid: pid, folder: folder)
    }

    struct Started {
        let pid: pid_t
        let folder: String

        func kill(_ signal: Int32 = SIGKILL) {
            _ = Glibc.kill(pid, signal)
        }

        func wait() -> RunResult {
            defer { try? FileManager.default.removeItem(atPath: folder) }
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            let signal = status & 0x7F
            let exitStatus = (status >> 8) & 0xFF
            return RunResult(
                status: signal == 0 ? exitStatus : -1,
                signal: signal == 0 ? nil : signal,
                stdoutBytes: Array(FileManager.default.contents(atPath: folder + "/out") ?? Data()),
                stderr: String(decoding: FileManager.default.contents(atPath: folder + "/err") ?? Data(), as: UTF8.self))
        }
    }
}

/// A scratch folder with a logbook path inside it, for one test.
///
/// `gaslog` and `run` run the command in this process, through `Gaslog.run`;
/// `binary` and `runBinary` launch the built binary, for what needs a real
/// process. Both read the same fixed clock, get the same plain environment and
/// give the same ``RunResult``.
final class Sandbox: Sendable {
    /// "Now" for commands run in this process: the day these tests were
    /// written. Every valid date the tests type lies before it.
    static let defaultNow = "2026-11-30T12:00:00Z"

    let folder: String
    let db: String
    /// The clock's fixed reading, for runs in this process and through the binary.
    let now: Timestamp
    /// `now` as the binary reads it from `GASLOG_TEST_NOW`.
    let nowText: String

    init(now: String = Sandbox.defaultNow) {
        folder = NSTemporaryDirectory() + "gaslog-e2e-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        db = folder + "/logbook.sqlite"
        self.now = try! Timestamp(parsing: now)
        nowText = now
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    func path(_ name: String) -> String { folder + "/" + name }

    /// The plain environment every run against this sandbox gets.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        GaslogProcess.environment(home: folder, now: nowText, extra: ["GASLOG_DB": db].merging(extra) { $1 })
    }

    /// Runs gaslog against this sandbox's database, in this process. Its
    /// result must be looked at; a step that must succeed is `ok`.
    func gaslog(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        run(arguments, stdin: stdin, environment: extra)
    }

    func run(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        GaslogInProcess.run(arguments, environment: environment(extra), stdin: stdin, now: now)
    }

    /// Runs the built binary against this sandbox's database.
    func binary(_ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        runBinary(arguments, stdin: stdin, environment: extra)
    }

    func runBinary(_ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:]) -> RunResult {
        GaslogProcess.run(arguments, environment: environment(extra), stdin: stdin)
    }

    /// Runs a step that must succeed, in this process: when it fails, the
    /// test fails at the line that asked for it, not later where its
    /// absence shows.
    @discardableResult
    func ok(
        _ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> RunResult {
        ok(arguments, stdin: stdin, environment: extra, sourceLocation: sourceLocation)
    }

    @discardableResult
    func ok(
        _ arguments: [String], stdin: String? = nil, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> RunResult {
        Self.required(run(arguments, stdin: stdin, environment: extra), arguments, sourceLocation)
    }

    /// Runs a step that must succeed through the built binary.
    @discardableResult
    func okBinary(
        _ arguments: String..., stdin: String? = nil, environment extra: [String: String] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> RunResult {
        Self.required(runBinary(arguments, stdin: stdin, environment: extra), arguments, sourceLocation)
    }

    private static func required(_ result: RunResult, _ arguments: [String], _ sourceLocation: SourceLocation) -> RunResult {
        #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return result
    }

    func write(_ name: String, _ content: String) -> String {
        let path = self.path(name)
        try! Data(content.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    func write(_ name: String, bytes: [UInt8]) -> String {
        let path = self.path(name)
        try! Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The logical content of the database (or of the one at `path`), via the
    /// sqlite3 shell, to compare before and after a command that must change
    /// nothing, or a copy with its original.
    func dump(of path: String? = nil) -> String {
        let path = path ?? db
        guard FileManager.default.fileExists(atPath: path) else { return "<no database>" }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", path, ".dump"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3 cannot dump \(path)")
        return String(decoding: data, as: UTF8.self)
    }

    func query(_ sql: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", db, sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "sqlite3: \(sql)")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}

/// Parses JSON output for checks.
func json(_ result: RunResult) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(result.stdoutBytes), options: [.fragmentsAllowed])
}
