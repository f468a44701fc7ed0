import Credentials
import Foundation
import GaslogCLI
import GaslogCore
import Glibc
import LogbookStore
import Testing

@testable import GaslogServer

/// A clock the test sets and moves.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var now: Int
    init(_ text: String) { now = (try? Timestamp(parsing: text).secondsSinceEpoch) ?? 0 }
    func advance(seconds: Int) { lock.withLock { now += seconds } }
    var timestamp: Timestamp { lock.withLock { Timestamp(secondsSinceEpoch: now) } }
}

/// The server in process: the API and the pages over a logbook of their
/// own, at a clock the test moves, answering request values as `gaslog
/// serve` answers them, without a network. The one harness of the routes' tests.
final class Station: @unchecked Sendable {
    /// Where every test's service is built: the one place that knows how.
    static func makeService(
        path: String, clock: TestClock, maxPageCount: Int? = nil, authenticate: @escaping APIService.Authenticator,
        log: @escaping @Sendable (String) -> Void
    ) -> APIService {
        APIService(path: path, clock: { clock.timestamp }, maxPageCount: maxPageCount, authenticate: authenticate, log: log)
    }

    /// Takes the account a request names in `X-Test-Account`: `ada` is an
    /// admin, `rita` a reader; any other is refused.
    static let namedAccounts: APIService.Authenticator = { request, _ in
        switch request.headers["x-test-account"] {
        case "ada": .success(Principal(account: "ada", level: .admin))
        case "rita": .success(Principal(account: "rita", level: .reader))
        default: .failure(Authentication.unauthorized)
        }
    }

    /// The day every station's clock starts at, unless a test sets another.
    static let testDay = "2026-12-01T12:00:00Z"

    let folder = NSTemporaryDirectory() + "gaslog-station-" + UUID().uuidString
    var db: String { folder + "/logbook.sqlite" }
    let clock: TestClock
    let secure: Bool
    let authenticate: APIService.Authenticator
    /// The failed logins the API and the pages share, as the server's do.
    let failures: FailedLogins
    private(set) var service: APIService
    private(set) var app: WebApp
    /// The credentials a request carries when it names none.
    var signedIn: Credentials?
    private let logged = ServiceLog()

    /// What the service logged so far, a line each.
    var log: String { logged.text }

    /// An empty logbook at `now`; credentials are checked as the server checks them unless `authenticate` decides otherwise.
    private init(at now: String, secure: Bool, authenticate: APIService.Authenticator?) throws {
        clock = TestClock(now)
        self.secure = secure
        // Credentials are checked as the server checks them, its failures logged with the service's lines.
        let authentication = Authentication(log: logged.append)
        self.authenticate = authenticate ?? authentication.authenticate
        failures = authentication.failures
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        service = Station.makeService(path: folder + "/logbook.sqlite", clock: clock, authenticate: self.authenticate, log: logged.append)
        app = WebApp(service: service, failures: failures, secure: secure)
        try service.store.prepareForWriting()
    }

    /// An empty logbook, no account in it, at ``testDay`` unless `now` says otherwise.
    static func empty(at now: String = testDay, authenticate: APIService.Authenticator? = nil) throws -> Station {
        try Station(at: now, secure: false, authenticate: authenticate)
    }

    /// The pages' fixture: the blender `ada` and the reader `rita` with
    /// passwords, and unless `cylinder` is false, the oxygen-clean "Club 07".
    convenience init(secure: Bool = false, cylinder: Bool = true, authenticate: APIService.Authenticator? = nil) throws {
        try self.init(at: Station.testDay, secure: secure, authenticate: authenticate)
        _ = try logbook.addAccount(AccountName(parsing: "ada"), role: .blender, passwordHash: PasswordHash.make("blender-pass-1"), actor: nil)
        _ = try logbook.addAccount(AccountName(parsing: "rita"), role: .reader, passwordHash: PasswordHash.make("reader-pass-1"), actor: nil)
        guard cylinder else { return }
        try cli([
            "cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--o2-clean", "--", "Club 07",
        ])
    }

    /// The API's fixture: requests are made by the account they name (see ``namedAccounts``), `ada` unless they name another.
    static func api() throws -> Station {
        let station = try Station.empty(authenticate: namedAccounts)
        station.signedIn = .account("ada")
        return station
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    /// The logbook of the calling thread, as the service's handlers use it.
    var logbook: Logbook { service.store }

    /// Serves on from now with the logbook's size capped at `pages` (as
    /// `GASLOG_MAX_PAGE_COUNT` does), or uncapped for nil: a new service and
    /// pages, whose connections open with the cap.
    func capStorage(atPages pages: Int?) {
        service = Station.makeService(path: db, clock: clock, maxPageCount: pages, authenticate: authenticate, log: logged.append)
        app = WebApp(service: service, failures: failures, secure: secure)
    }

    // MARK: The command line

    /// Runs a `gaslog` command line on this logbook in this process, at the test's time.
    func gaslog(_ arguments: String..., stdin: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        gaslog(arguments, stdin: stdin)
    }

    /// Runs a `gaslog` command line on this logbook in this process, as the binary would run it, at the test's time.
    func gaslog(_ arguments: [String], stdin: String? = nil) -> (status: Int32, stdout: String, stderr: String) {
        Station.pinUTC
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return (70, "", "cannot make a pipe") }
        // Small inputs only (a password, a few CSV rows): they fit the pipe's buffer.
        let bytes = Array((stdin ?? "").utf8)
        _ = bytes.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count) }
        close(ends[1])
        defer { close(ends[0]) }
        let output = OutputWriter.inMemory(), errors = OutputWriter.inMemory()
        let status = Gaslog.run(
            arguments: ["--db", db] + arguments, environment: ["HOME": folder, "TZ": "UTC", "LANG": "C.UTF-8"], output: output, errors: errors,
            standardInput: ends[0], clock: { [clock] in clock.timestamp })
        return (status.rawValue, String(decoding: output.captured, as: UTF8.self), String(decoding: errors.captured, as: UTF8.self))
    }

    /// A set-up step on the command line: it throws, naming the command, unless it succeeds.
    @discardableResult
    func cli(_ arguments: [String], stdin: String? = nil) throws -> String {
        let result = gaslog(arguments, stdin: stdin)
        guard result.status == 0 else { throw HarnessError("gaslog \(arguments): exit \(result.status): \(result.stderr)") }
        return result.stdout
    }

    /// A set-up step on the command line; see ``cli(_:stdin:)``.
    @discardableResult
    func cli(_ arguments: String..., stdin: String? = nil) throws -> String {
        try cli(arguments, stdin: stdin)
    }

    /// Local time in this process is UTC, as the binary's was with `TZ=UTC`.
    private static let pinUTC: Void = {
        setenv("TZ", "UTC", 1)
        tzset()
    }()

    /// Adds an account with a password, through the command line.
    func addAccount(_ name: String, role: String, password: String = "correct horse battery") throws {
        try cli(["user", "add", name, "--role", role, "--password-stdin"], stdin: password + "\n")
    }

    /// One value read with the sqlite3 shell.
    func query(_ sql: String) -> String {
        shell(["-readonly", db, sql])
    }

    /// Runs the sqlite3 shell; what it wrote, trimmed.
    @discardableResult
    func shell(_ arguments: [String]) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    // MARK: Requests

    /// Credentials for a request.
    enum Credentials {
        case basic(String, String)
        case bearer(String)
        /// An account named in `X-Test-Account`, for ``namedAccounts``.
        case account(String)

        var headers: [String: String] {
            switch self {
            case .basic(let name, let password): ["authorization": "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()]
            case .bearer(let token): ["authorization": "Bearer " + token]
            case .account(let name): ["x-test-account": name]
            }
        }
    }

    /// An answer, as a client reads it: its framing headers as the server
    /// would add them (a stream is chunked, a body has its length).
    struct Response {
        let status: Int
        /// By lower-case name.
        let headers: [String: String]
        let body: Data

        init(_ response: HTTPResponse) {
            status = response.status
            var headers = Dictionary(response.headers.map { ($0.name.lowercased(), $0.value) }) { $0 + "\n" + $1 }
            let received = response.receivedBody()
            if response.stream != nil {
                headers["transfer-encoding"] = "chunked"
            } else {
                headers["content-length"] = String(received.count)
            }
            self.headers = headers
            body = Data(received)
        }

        init(status: Int, headers: [String: String], body: Data) {
            self.status = status
            self.headers = headers
            self.body = body
        }

        /// An answer as it arrived on a socket: the status line, the headers, and the body, its chunks joined.
        init(parsing bytes: [UInt8]) {
            let separator: [UInt8] = Array("\r\n\r\n".utf8)
            let end = (0..<max(0, bytes.count - 3)).first { Array(bytes[$0..<$0 + 4]) == separator } ?? bytes.count
            let lines = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
            var headers: [String: String] = [:]
            for line in lines.dropFirst() {
                guard let colon = line.firstIndex(of: ":") else { continue }
                let name = line[..<colon].lowercased(), value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
                // Headers sent more than once (Set-Cookie) are kept a line each.
                headers[name] = headers[name].map { $0 + "\n" + value } ?? value
            }
            var body = Array(bytes[min(end + 4, bytes.count)...])
            if headers["transfer-encoding"] == "chunked" { body = Response.unchunked(body) }
            self.init(status: RawClient.status(lines.first ?? ""), headers: headers, body: Data(body))
        }

        /// A chunked body's chunks, joined.
        static func unchunked(_ bytes: [UInt8]) -> [UInt8] {
            var joined: [UInt8] = [], index = 0
            while let lineEnd = (index..<max(index, bytes.count - 1)).first(where: { bytes[$0] == 13 && bytes[$0 + 1] == 10 }),
                let size = Int(String(decoding: bytes[index..<lineEnd], as: UTF8.self).split(separator: ";").first ?? "", radix: 16), size > 0,
                lineEnd + 2 + size <= bytes.count
            {
                joined += bytes[(lineEnd + 2)..<(lineEnd + 2 + size)]
                index = lineEnd + 2 + size + 2
            }
            return joined
        }

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: Any? { try? JSONSerialization.jsonObject(with: body, options: [.fragmentsAllowed]) }
        var object: [String: Any] { json as? [String: Any] ?? [:] }
        var error: [String: Any] { object["error"] as? [String: Any] ?? [:] }
        var warnings: [[String: Any]]? { object["warnings"] as? [[String: Any]] }
        func header(_ name: String) -> String? { headers[name.lowercased()] }
    }

    /// Answers one request through the server's one entry, as `gaslog
    /// serve` does: admitted on its head, then handled; a throttled login
    /// is handled again at once, as if its wait were over.
    func request(
        _ method: String, _ path: String, as credentials: Credentials? = nil, json: String? = nil, body: Data? = nil,
        contentType: String? = nil, headers: [String: String] = [:]
    ) -> Response {
        var sent = headers.reduce(into: [String: String]()) { $0[$1.key.lowercased()] = $1.value }
        sent.merge((credentials ?? signedIn)?.headers ?? [:]) { $1 }
        if let type = contentType ?? (json != nil ? "application/json" : nil) { sent["content-type"] = type }
        let bytes = json.map { Array($0.utf8) } ?? body.map { Array($0) } ?? []
        return Response(serve(method, path, headers: sent, body: bytes))
    }

    /// A page request from a browser: a form's fields URL-encoded, and the session's cookie.
    func page(_ method: String, _ path: String, cookie: String? = nil, form: [(String, String)] = []) -> HTTPResponse {
        let body = form.map { APIRoutes.pathSegment($0.0) + "=" + APIRoutes.pathSegment($0.1) }.joined(separator: "&")
        var headers = ["content-type": "application/x-www-form-urlencoded"]
        if let cookie { headers["cookie"] = cookie }
        return serve(method, path, headers: headers, body: Array(body.utf8))
    }

    /// The request value the server would make of a request.
    func requestValue(_ method: String, _ path: String, headers: [String: String], body: [UInt8]) -> HTTPRequest {
        let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
        let query = parts.count > 1 ? PercentEncoding.parameters(of: parts[1]) ?? [] : []
        return HTTPRequest(method: method, rawPath: parts[0], query: query, headers: headers, body: body)
    }

    /// A request through the server's entry: one with a body is admitted on
    /// its head first, then held to its size limit; then `serve` answers it.
    func serve(_ method: String, _ path: String, headers: [String: String] = [:], body: [UInt8] = []) -> HTTPResponse {
        var request = requestValue(method, path, headers: headers, body: body)
        if !body.isEmpty {
            switch app.admit(request) {
            case .refuse(let response):
                // A throttled login is read whole and handled after its wait.
                guard let deferral = response.deferral else { return response }
                deferral.release()
            case .proceed(let principal): request.principal = principal
            }
            let limit = APIService.bodyLimit(method: method, path: request.rawPath)
            guard body.count <= limit else { return APIError(413, "too_large", "the body is larger than \(limit) bytes").response }
        }
        var response = app.serve(request)
        if let deferral = response.deferral {
            deferral.release()
            request.waited = true
            response = app.serve(request)
        }
        return response
    }

    /// Signs in on the page; the cookie header for the session and the session's CSRF token.
    func signIn(_ name: String, _ password: String) throws -> (cookie: String, csrf: String) {
        let form = page("GET", "/signin")
        let token = try #require(Station.text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
        let answer = page(
            "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", String(token)), ("name", name), ("password", password)])
        try #require(answer.status == 303, "sign-in as \(name): \(answer.status) \(Station.text(answer))")
        let session = try #require(
            Station.header(answer, "Set-Cookie", containing: "gaslog_session=").firstMatch(of: /gaslog_session=([0-9a-f]{64})/))
        let cookie = "gaslog_session=\(session.output.1)"
        let home = page("GET", "/", cookie: cookie)
        let csrf = try #require(Station.text(home).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
        return (cookie, String(csrf))
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.receivedBody(), as: UTF8.self) }

    static func header(_ response: HTTPResponse, _ name: String, containing part: String = "") -> String {
        response.headers.first { $0.name.lowercased() == name.lowercased() && (part.isEmpty || $0.value.contains(part)) }?.value ?? ""
    }
}

/// The lines a service logs, from any thread.
final class ServiceLog: @unchecked Sendable {
    private let lock = NSLock()
    private var lines = ""
    var text: String { lock.withLock { lines } }
    @Sendable func append(_ line: String) { lock.withLock { lines += line + "\n" } }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
