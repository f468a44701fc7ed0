import Foundation
import GaslogCore

/// The HTTP API: authentication first, then the route, then the command or
/// handler, and every error answered in one place. Each worker thread holds
/// its own open logbook, so its own connection to the file.
public final class APIService: @unchecked Sendable {
    /// Decides who a request is made by, from its `Authorization` header and
    /// the logbook; a refusal is 401.
    public typealias Authenticator = @Sendable (_ request: HTTPRequest, _ logbook: OpenLogbook) -> Result<Principal, APIError>

    let path: String
    let clock: @Sendable () -> Timestamp
    /// How long a write waits for another program's lock before it is answered 503.
    let busyTimeoutMilliseconds: Int
    /// The most pages the logbook may grow to, as a full disk would cap it (tests); `nil` for no cap.
    let maxPageCount: Int?
    let authenticate: Authenticator
    let log: @Sendable (String) -> Void
    private let lock = NSLock()
    private var logbooks: [pthread_t: OpenLogbook] = [:]

    /// A service over the logbook at `path`.
    public init(
        path: String, clock: @escaping @Sendable () -> Timestamp = OpenLogbook.systemClock,
        busyTimeoutMilliseconds: Int = OpenLogbook.defaultBusyTimeoutMilliseconds, maxPageCount: Int? = nil,
        authenticate: @escaping Authenticator, log: @escaping @Sendable (String) -> Void
    ) {
        self.path = path
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxPageCount = maxPageCount
        self.clock = clock
        self.authenticate = authenticate
        self.log = log
    }

    /// The logbook of the calling thread, opened on its first request.
    func logbook() -> OpenLogbook {
        let thread = pthread_self()
        return lock.withLock {
            if let logbook = logbooks[thread] { return logbook }
            let logbook = OpenLogbook(path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds, maxPageCount: maxPageCount)
            logbooks[thread] = logbook
            return logbook
        }
    }

    /// The largest body a request may carry: 256 MiB for an import, streamed
    /// to the logbook, 1 MiB for anything else.
    public static func bodyLimit(method: String, path: String) -> Int {
        method == "POST" && path.hasSuffix("/api/v1/import") ? 256 << 20 : 1 << 20
    }

    /// Decides on a request's head, before any byte of its body is read:
    /// the credentials, the route, the role and the body's media type. A
    /// request that would be refused is answered now (401, 403, 404, 405,
    /// 415), and logged; one that may go on keeps its principal, and is not
    /// authenticated again when its body has arrived.
    public func admit(_ request: HTTPRequest) -> HTTPServer.Admission {
        let started = DispatchTime.now()
        var account = "-"
        do throws(APIError) {
            let (principal, route, _) = try authorise(request, account: &account)
            if let expected = route.bodyMediaType, !MediaType.matches(request.headers["content-type"], expected) {
                let name = expected == "application/json" ? "JSON" : expected == "text/csv" ? "CSV" : expected
                throw APIError(415, "unsupported_media_type", "the body must be \(name) (Content-Type: \(expected))")
            }
            return .proceed(principal)
        } catch {
            var response = error.response
            response.deferral = error.deferral
            if let detail = error.detail { log("error: \(request.method) \(request.rawPath): \(detail)") }
            response.headers += [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
            if response.deferral == nil { logAccess(request, account: account, status: response.status, since: started) }
            return .refuse(response)
        }
    }

    /// Answers one request, and writes its line to the access log, with the
    /// account that made it whenever one authenticated, refused or not.
    public func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now()
        var account = "-"
        var response: HTTPResponse
        do throws(APIError) {
            response = try answer(request, account: &account)
        } catch {
            response = error.response
            // A throttled login comes back when it has waited; it is logged then.
            response.deferral = error.deferral
            if let detail = error.detail { log("error: \(request.method) \(request.rawPath): \(detail)") }
        }
        response.headers += [("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")]
        if response.deferral == nil { logAccess(request, account: account, status: response.status, since: started) }
        return response
    }

    /// Writes a request's line to the access log: time, account, method, path, status and duration.
    func logAccess(_ request: HTTPRequest, account: String, status: Int, since started: DispatchTime) {
        // Tenths of a millisecond, in integers: String(format:) costs more than the lookup it times.
        let tenths = (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds + 50_000) / 100_000
        log(
            "\(Timestamp(secondsSinceEpoch: Int(Date().timeIntervalSince1970)).iso8601) \(account) \(request.method) \(request.rawPath) "
                + "\(status) \(tenths / 10).\(tenths % 10)ms")
    }

    /// Who makes the request (`account` is set as soon as it is known), its
    /// route and the path's parameters: a refusal is thrown.
    private func authorise(_ request: HTTPRequest, account: inout String) throws(APIError) -> (Principal, Route, [String: String]) {
        // A route open to anyone (`/healthz`) needs no credentials; for any
        // other path authentication comes before routing: an unknown path is 401 too.
        let open = APIRoutes.openToAnyone
        let isOpen = open.contains { $0.match(request.segments) != nil }
        var principal = Principal(account: "-", level: .reader)
        if !isOpen {
            if let known = request.principal {
                principal = known
            } else {
                switch authenticate(request, logbook()) {
                case .success(let who): principal = who
                case .failure(let error): throw error
                }
            }
            account = principal.account
        }
        let route: Route
        let parameters: [String: String]
        do throws(RoutingFailure) {
            (route, parameters) = try Route.resolve(request.method, request.segments, in: isOpen ? open : APIRoutes.all)
        } catch {
            switch error {
            case .notFound: throw APIError(404, "not_found", "no such path: \(request.rawPath)")
            case .methodNotAllowed(let allowed):
                throw APIError(405, "method_not_allowed", "this path takes \(allowed)", headers: [("Allow", allowed)])
            }
        }
        guard principal.level >= route.level else {
            throw APIError(403, "forbidden", "the account \(principal.account) may not do this: it needs the role \(route.level)")
        }
        return (principal, route, parameters)
    }

    private func answer(_ request: HTTPRequest, account: inout String) throws(APIError) -> HTTPResponse {
        let (principal, route, parameters) = try authorise(request, account: &account)
        let context = RouteContext(request: request, parameters: parameters, principal: principal, service: self)
        switch route.action {
        case .custom(let handler):
            return try handler(context)
        case .useCase(let call):
            return try run(call, context)
        case .page, .signIn, .asset:
            throw APIError(LogbookError(.internalFailure("the page route \(request.rawPath) is in the API's table")))
        }
    }

    /// Runs a use case route: its input from the path, and from the query
    /// or the body, allowed key by key; its result's JSON.
    func run(_ call: Route.UseCaseCall, _ context: RouteContext) throws(APIError) -> HTTPResponse {
        let request = context.request
        let input: RequestInput
        switch call.input {
        case .query: input = try RequestInput.query(request.query)
        case .body:
            if !request.query.isEmpty { throw .badInput("this path takes its input in the body, not the query") }
            input = try RequestInput.body(request.body, contentType: request.headers["content-type"])
        }
        var path: [String: String] = [:]
        for (parameter, value) in context.parameters { path[call.pathInputs[parameter] ?? parameter] = value }
        let values = try input.values(for: call.allowed, path: path)
        let session = Session(actor: context.principal.account, logbook: logbook())
        // A value from the path is at fault as the path names it (`id`), not as the input (`fill-id`).
        func placed(_ error: LogbookError) -> APIError {
            if let field = error.field, let parameter = call.pathInputs.first(where: { $0.value == field })?.key {
                return APIError(LogbookError(error.reason, field: parameter))
            }
            return APIError(error)
        }
        if let streamed = call.streamed {
            let answer: any StreamedAnswer
            do {
                answer = try streamed(values, session)
            } catch {
                throw placed(error)
            }
            return try stream(answer, for: request, actor: context.principal.account)
        }
        let result: (json: [UInt8], created: CreatedRecord?)
        do {
            result = try call.run(values, session)
        } catch {
            throw placed(error)
        }
        var response = HTTPResponse(status: 200, body: result.json)
        if call.answersCreated {
            response.status = 201
            if let created = result.created { response.headers.append(("Location", APIRoutes.location(of: created))) }
        }
        return response
    }

    /// Streams an answer (an export, the log as JSON) on a thread of its
    /// own, with a logbook connection of its own, into a pipe that the
    /// response reads as the client takes it: an export of a million fills
    /// is sent in blocks and never held whole. The request is checked
    /// (`open`) before the first byte, and a failure then, or one before the
    /// writer's first block, is answered as any error is; one after it cuts
    /// the response off, so that no client takes part of an answer for all of it.
    func stream(_ export: any StreamedAnswer, for request: HTTPRequest, actor: String?) throws(APIError) -> HTTPResponse {
        do {
            try export.open(in: Session(actor: actor, logbook: logbook()))
        } catch {
            throw APIError(error)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw APIError(500, "internal", "cannot make a pipe: \(String(cString: strerror(errno)))") }
        let stream = ResponseStream(descriptor: ends[0])
        let (path, clock, log, writeEnd, busyTimeoutMilliseconds, maxPageCount) = (
            self.path, self.clock, self.log, ends[1], self.busyTimeoutMilliseconds, self.maxPageCount
        )
        let what = request.method + " " + request.rawPath
        Thread.detachNewThread {
            defer { close(writeEnd) }
            // A client gone before the end is EPIPE for this thread, never a
            // SIGPIPE for the process, even where it is not ignored (tests).
            var pipeSignal = sigset_t()
            sigemptyset(&pipeSignal)
            sigaddset(&pipeSignal, SIGPIPE)
            pthread_sigmask(SIG_BLOCK, &pipeSignal, nil)
            // This thread's own connection: a connection serves one thread at a time.
            let logbook = OpenLogbook(path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds, maxPageCount: maxPageCount)
            let writer = OutputWriter(descriptor: writeEnd)
            do throws(LogbookError) {
                try export.write(in: Session(actor: actor, logbook: logbook), to: writer, progress: nil)
                writer.flush()
            } catch {
                let failure = APIError(error)
                if let detail = failure.detail { log("error: streaming \(what): \(detail)") }
                stream.fail(failure)
            }
        }
        stream.waitUntilReadable()
        if stream.available == 0, let failure = stream.failure { throw failure }
        var response = HTTPResponse(status: 200, contentType: export.contentType, body: [])
        response.stream = stream
        return response
    }
}
