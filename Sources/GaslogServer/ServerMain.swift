import Foundation
import GaslogCore

/// `gaslog-server`, which `gaslog serve` runs: reads its options, checks the
/// logbook and the certificate, listens, logs each request, and on SIGTERM or
/// SIGINT stops accepting, finishes what is in flight (up to 10 s) and exits 0.
/// Each refusal to start is one `error:` line and the CLI's exit status.
public enum ServerMain {
    /// What the command line asked for.
    struct Options {
        var address = "127.0.0.1"
        var port: UInt16 = 8080
        var certificate: String?
        var key: String?
        var threads = 4
        var database: String?
        var maxConnections = 512
        var perAddressConnections = 32
    }

    /// A refusal to start: its message and exit status.
    struct Refusal: Error {
        let message: String
        let status: ExitStatus
    }

    static let usage =
        "usage: gaslog serve [--listen ADDRESS:PORT] [--tls-cert FILE --tls-key FILE] [--threads N] [--max-connections N] "
        + "[--per-address-connections N] [--db PATH]"

    static func parse(_ arguments: [String]) throws(Refusal) -> Options {
        var options = Options()
        var index = 0
        func value(_ name: String) throws(Refusal) -> String {
            index += 1
            guard index < arguments.count else { throw Refusal(message: "missing value for '\(name)'\n\(usage)", status: .usage) }
            return arguments[index]
        }
        while index < arguments.count {
            var argument = arguments[index]
            var inline: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                inline = String(argument[argument.index(after: equals)...])
                argument = String(argument[..<equals])
            }
            func next() throws(Refusal) -> String {
                if let inline { return inline }
                return try value(argument)
            }
            switch argument {
            case "--listen":
                let text = try next()
                guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
                    throw Refusal(message: "invalid value '\(text)' for --listen: expected ADDRESS:PORT, such as 127.0.0.1:8080", status: .usage)
                }
                options.address = String(text[..<colon])
                options.port = port
            case "--tls-cert": options.certificate = try next()
            case "--tls-key": options.key = try next()
            case "--threads":
                let text = try next()
                guard let threads = Int(text), (1...64).contains(threads) else {
                    throw Refusal(message: "invalid value '\(text)' for --threads: expected 1 to 64", status: .usage)
                }
                options.threads = threads
            case "--max-connections":
                let text = try next()
                guard let limit = Int(text), (1...10_000).contains(limit) else {
                    throw Refusal(message: "invalid value '\(text)' for --max-connections: expected 1 to 10000", status: .usage)
                }
                options.maxConnections = limit
            case "--per-address-connections":
                let text = try next()
                guard let limit = Int(text), (1...10_000).contains(limit) else {
                    throw Refusal(message: "invalid value '\(text)' for --per-address-connections: expected 1 to 10000", status: .usage)
                }
                options.perAddressConnections = limit
            case "--db": options.database = try next()
            case "-h", "--help":
                throw Refusal(message: usage, status: .success)
            default:
                throw Refusal(message: "unknown option '\(argument)'\n\(usage)", status: .usage)
            }
            index += 1
        }
        if (options.certificate == nil) != (options.key == nil) {
            throw Refusal(message: "give --tls-cert and --tls-key together", status: .usage)
        }
        return options
    }

    /// Runs the server until it is told to stop; returns the exit status.
    public static func run(arguments: [String], environment: [String: String]) -> Int32 {
        let log = StandardError()
        do throws(Refusal) {
            let options = try parse(arguments)
            return try serve(options, environment: environment, log: log)
        } catch {
            if error.status == .success {
                log.write(error.message)
            } else {
                log.write("error: " + error.message)
            }
            return error.status.rawValue
        }
    }

    /// The logbook's clock: the system's, or, for the server's tests,
    /// the instant `GASLOG_TEST_NOW` names (ISO 8601), fixed, so that what
    /// a test records through a real server never depends on today's date.
    static func clock(environment: [String: String]) -> @Sendable () -> Timestamp {
        guard let fixed = environment["GASLOG_TEST_NOW"].flatMap({ try? Timestamp(parsing: $0) }) else { return OpenLogbook.systemClock }
        return { fixed }
    }

    private static func serve(_ options: Options, environment: [String: String], log: StandardError) throws(Refusal) -> Int32 {
        let path: String
        // This connection stays open while the server runs: the workers' own
        // connections then never read the file outside SQLite (see OpenDatabases).
        let keeper: OpenLogbook
        do {
            path = try OpenLogbook.path(explicitPath: options.database, environment: environment)
            keeper = OpenLogbook(path: path)
            // The same checks as the CLI's: a logbook it would refuse is refused here, with its exit status.
            try keeper.prepareToServe()
        } catch {
            throw Refusal(message: error.message, status: ExitStatus(error.category))
        }
        var tls: (certificate: String, key: String)?
        if let certificate = options.certificate, let key = options.key {
            guard let certificateText = try? String(contentsOfFile: certificate, encoding: .utf8) else {
                throw Refusal(message: "cannot read the certificate \(certificate)", status: .noInput)
            }
            guard let keyText = try? String(contentsOfFile: key, encoding: .utf8) else {
                throw Refusal(message: "cannot read the key \(key)", status: .noInput)
            }
            tls = (certificateText, keyText)
        }
        let loopback = options.address.hasPrefix("127.") || options.address == "localhost"
        if !loopback && tls == nil {
            log.write("warning: listening on \(options.address) without TLS: passwords and tokens would cross the network in clear")
        }

        // A client that goes away mid-export closes the pipe its export is
        // written into: the writer gets EPIPE and stops, rather than the signal ending the server.
        signal(SIGPIPE, SIG_IGN)
        // Signals are taken by sigwait below, never by a worker thread.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGINT)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        let authentication = Authentication(log: { log.write($0) })
        // GASLOG_BUSY_TIMEOUT_MS shortens the 20 s wait for another program's write lock, so that a test sees its 503 soon.
        let busyTimeout =
            environment["GASLOG_BUSY_TIMEOUT_MS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? OpenLogbook.defaultBusyTimeoutMilliseconds
        // GASLOG_MAX_PAGE_COUNT caps the logbook's size on every connection, so that a test sees a full disk's 507.
        let service = APIService(
            path: path, clock: clock(environment: environment), busyTimeoutMilliseconds: busyTimeout,
            maxPageCount: OpenLogbook.maxPageCount(environment: environment),
            authenticate: authentication.authenticate, log: { log.write($0) })
        // The pages share the API's logbooks and failed-login counts; `/api/` and `/healthz` are the API's.
        let web = WebApp(service: service, failures: authentication.failures, secure: tls != nil)
        let server = HTTPServer(bodyLimit: APIService.bodyLimit, admit: web.admit) { request in
            web.serve(request)
        }
        // A request the server refuses itself (a malformed head) is logged too; no account has authenticated.
        server.logRefusal = { request, status in service.logAccess(request, account: "-", status: status, since: DispatchTime.now()) }
        let port: UInt16
        var configuration = HTTPServer.Configuration(address: options.address, port: options.port, threads: options.threads, tls: tls)
        configuration.connectionLimit = options.maxConnections
        configuration.perAddressLimit = options.perAddressConnections
        do {
            port = try server.start(configuration)
        } catch {
            switch error {
            case .cannotListen(let message): throw Refusal(message: message, status: .osError)
            case .badCertificate(let message): throw Refusal(message: message, status: .noInput)
            }
        }
        log.write("gaslog-server: listening on \(tls == nil ? "http" : "https")://\(options.address):\(port) (logbook \(path))")

        var received: Int32 = 0
        sigwait(&signals, &received)
        log.write("gaslog-server: stopping; finishing requests in flight")
        // No new request is started: each in flight is answered with `Connection: close`.
        server.quiesce()
        // Throttled logins stop waiting: each is answered 503 and its connection closed.
        server.interruptWaiting()
        // A second signal stops at once; otherwise requests in flight get 10 s.
        var timeout = timespec(tv_sec: 0, tv_nsec: 100_000_000)
        let deadline = Date().addingTimeInterval(10)
        while server.openConnections > 0 && Date() < deadline {
            if sigtimedwait(&signals, nil, &timeout) > 0 {
                log.write("gaslog-server: stopped at once")
                _exit(1)
            }
        }
        server.stop()
        withExtendedLifetime(keeper) {}
        log.write("gaslog-server: stopped")
        return 0
    }
}

/// Standard error, one whole line at a time from any thread.
final class StandardError: @unchecked Sendable {
    private let lock = NSLock()

    func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        lock.withLock {
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { Glibc.write(2, $0.baseAddress! + written, $0.count - written) }
                if result < 0 && errno == EINTR { continue }
                // Nowhere left to say it: a log that cannot be written must not stop the service.
                guard result > 0 else { return }
                written += result
            }
        }
    }
}
