import Foundation
import GaslogCLI
import GaslogCore
import Glibc
import TestSupport

/// A real `gaslog-server` on a loopback port chosen by the system, with a
/// logbook of its own, and the `gaslog` command line in this process for
/// setup; both at the fixed instant ``now``.
final class ServerHarness: @unchecked Sendable {
    /// The instant the server's clock (through `GASLOG_TEST_NOW`) and the setup's stay at: the stations' day.
    static let now = Station.testDay

    /// The folder that holds the binaries `swift test` built.
    static let binaries: String = {
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: executable).deletingLastPathComponent().path
    }()

    let folder: String
    let db: String
    private(set) var process: Process?
    private(set) var port = 0
    private let errorPipe = Pipe()
    private let lock = NSLock()
    private var errorText = ""

    init() {
        folder = NSTemporaryDirectory() + "gaslog-server-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        db = folder + "/logbook.sqlite"
    }

    deinit {
        if let process, process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(atPath: folder)
    }

    /// What the server wrote on standard error so far.
    var log: String { lock.withLock { errorText } }

    /// Starts the server, with `environment` added to this process's, and
    /// waits, at most 20 s, for the line that names its port.
    func start(_ extra: [String] = [], scheme: String = "http", environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerHarness.binaries + "/gaslog-server")
        process.arguments = ["--listen", "127.0.0.1:0", "--db", db] + extra
        process.environment = ProcessInfo.processInfo.environment.merging(["GASLOG_TEST_NOW": ServerHarness.now]) { $1 }
            .merging(environment) { $1 }
        process.standardError = errorPipe
        process.standardOutput = FileHandle.nullDevice
        errorPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let data = handle.availableData
            guard let self, !data.isEmpty else { return }
            self.lock.withLock { self.errorText += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        self.process = process
        // The port is whole once the space after it has come.
        let listening = #/listening on https?://127\.0\.0\.1:(\d+) /#
        try? Waiting.until("the line that names the port") { log.contains(listening) || !process.isRunning }
        if let match = log.firstMatch(of: listening), let port = Int(match.output.1) {
            self.port = port
            return
        }
        throw HarnessError("the server did not start: \(log)")
    }

    /// Sends a signal and waits, at most `seconds`, for the server to exit; its status, or nil.
    func stop(_ signal: Int32 = SIGTERM, within seconds: Double = 15) -> Int32? {
        guard let process else { return nil }
        kill(process.processIdentifier, signal)
        return waitForExit(within: seconds)
    }

    /// Waits, at most `seconds`, for the server to exit on its own; its status, or nil.
    func waitForExit(within seconds: Double) -> Int32? {
        guard let process else { return nil }
        guard Waiting.holds(within: .seconds(seconds), { !process.isRunning }) else { return nil }
        return process.terminationStatus
    }

    /// Runs a `gaslog` command on this logbook, in this process.
    @discardableResult
    func gaslog(_ arguments: String..., stdin: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        gaslog(arguments, stdin: stdin)
    }

    /// Runs a `gaslog` command line on this logbook in this process, as
    /// the binary would run it: setting up needs no process of its own.
    @discardableResult
    func gaslog(_ arguments: [String], stdin: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        ServerHarness.pinUTC
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (70, "", "cannot make a pipe") }
        // Small inputs only (a password, a few CSV rows): they fit the pipe's buffer.
        let bytes = Array((stdin ?? "").utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        let output = OutputWriter.inMemory(), errors = OutputWriter.inMemory()
        let clock = TestClock(ServerHarness.now)
        let status = Gaslog.run(
            arguments: ["--db", db] + arguments, environment: ["HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8"], output: output, errors: errors,
            standardInput: ends[0], clock: { clock.timestamp })
        return (status.rawValue, String(decoding: output.captured, as: UTF8.self), String(decoding: errors.captured, as: UTF8.self))
    }

    /// Local time in this process is UTC, as the binary's was with `TZ=UTC`:
    /// no test of the server depends on the machine's zone, and the server's
    /// own process gets its zone from the test's environment.
    private static let pinUTC: Void = {
        setenv("TZ", "UTC", 1)
        tzset()
    }()

    /// Adds an account with a password, through the CLI.
    func addAccount(_ name: String, role: String, password: String = "correct horse battery") throws {
        let result = gaslog("user", "add", name, "--role", role, "--password-stdin", stdin: password + "\n")
        guard result.status == 0 else { throw HarnessError("user add \(name): \(result)") }
    }

    /// Sends one request on a connection of its own from a raw socket, and
    /// reads the answer until the server closes it, at most 60 s; a chunked
    /// body is read whole.
    func request(
        _ method: String, _ path: String, as credentials: Station.Credentials? = nil, json: String? = nil, body: Data? = nil,
        contentType: String? = nil, headers: [String: String] = [:]
    ) -> Station.Response {
        let sent = json.map { Data($0.utf8) } ?? body ?? Data()
        var head = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close", "Content-Length: \(sent.count)"]
        for (name, value) in (credentials?.headers ?? [:]).merging(headers, uniquingKeysWith: { $1 }) { head.append("\(name): \(value)") }
        if let type = contentType ?? (json != nil ? "application/json" : nil) { head.append("Content-Type: " + type) }
        guard let client = RawClient(from: "127.0.0.1", to: port) else { return Station.Response(status: 0, headers: [:], body: Data()) }
        defer { client.close() }
        client.send(Array((head.joined(separator: "\r\n") + "\r\n\r\n").utf8) + Array(sent))
        return Station.Response(parsing: client.readBytes(within: 60))
    }
}
