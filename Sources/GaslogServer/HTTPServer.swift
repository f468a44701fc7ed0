import CMicroHTTPD
import Foundation

/// GNU libmicrohttpd, driven from Swift: a pool of threads on epoll, each
/// serving many connections, with the limits and timeouts the service needs.
/// Requests reach ``handler`` whole; bodies over their limit are answered 413
/// (before they are read when their length is sent; at their end when chunked).
/// A client address holds at most ``Configuration/perAddressLimit``
/// connections and all of them at most ``Configuration/connectionLimit``:
/// ``ConnectionWatchdog`` makes room first, dropping connections whose client
/// has closed them and closing the address's idle kept-alive ones, and
/// refuses only a connection still over a limit. It also cuts off slow heads, slow bodies and idle
/// connections, and ends the waits of throttled logins, which are suspended
/// connections that hold no thread (see ``HTTPResponse/deferral``).
///
/// See <https://www.gnu.org/software/libmicrohttpd/manual/libmicrohttpd.html>.
public final class HTTPServer: @unchecked Sendable {
    /// Answers one request. It runs on one of the pool's threads.
    public typealias Handler = @Sendable (HTTPRequest) -> HTTPResponse

    /// What to do with a request that announces a body, decided on its head
    /// alone (the request has no body yet), before any byte of the body is read.
    public enum Admission: Sendable {
        /// Read the body. The request was authenticated as this principal,
        /// when it needed credentials: the handler does not ask again.
        case proceed(Principal?)
        /// Answer this now, read nothing of the body, and close the
        /// connection. A response with a ``HTTPResponse/deferral`` is a
        /// throttled login: see ``HTTPServer/init(bodyLimit:admit:handler:)``.
        case refuse(HTTPResponse)
    }

    /// Decides on a request's head; see ``Admission``.
    public typealias Admit = @Sendable (HTTPRequest) -> Admission

    /// Where and how to listen.
    public struct Configuration: Sendable {
        /// An IPv4 address, such as 127.0.0.1.
        public var address: String
        /// The port; 0 lets the system choose one.
        public var port: UInt16
        /// Worker threads, each with its own connections.
        public var threads: Int
        /// PEM certificate and key: HTTPS only, TLS 1.2 or later.
        public var tls: (certificate: String, key: String)?
        /// The most connections held at once; past it a connection is closed as soon as it is accepted,
        /// once those whose client has closed them are dropped.
        public var connectionLimit = 512
        /// The most connections one client address may hold at once; past it the same,
        /// once that address's idle kept-alive connections are closed.
        public var perAddressLimit = 32
        /// Seconds an idle connection is kept.
        public var idleTimeout = 30
        /// Seconds a connection has to send its whole request head.
        public var headTimeout = 10
        /// A body must average this many bytes a second, after its first ``bodyGrace`` seconds.
        public var minimumBodyRate = 1024
        /// Seconds a body may take before ``minimumBodyRate`` applies.
        public var bodyGrace = 10
        /// Bytes of memory per connection for its headers and buffers.
        public var connectionMemory = 32 * 1024
        /// The most bodies spooled to `$TMPDIR` at once; past it a request that would be spooled is answered 503.
        public var spoolLimit = 2
        /// Bytes a spool must leave free on `$TMPDIR`'s file system; past it the request is answered 507.
        public var spoolReserve = 64 << 20
        /// Where bodies are spooled: `$TMPDIR`, or /tmp.
        public var spoolFolder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"

        /// A configuration for `address`:`port` with `threads` workers.
        public init(address: String, port: UInt16, threads: Int, tls: (certificate: String, key: String)? = nil) {
            self.address = address
            self.port = port
            self.threads = threads
            self.tls = tls
        }
    }

    /// Why the server did not start.
    public enum StartFailure: Error {
        /// The address is in use, or cannot be bound.
        case cannotListen(String)
        /// The TLS certificate or key was refused.
        case badCertificate(String)
    }

    let handler: Handler
    let admit: Admit
    /// Writes the access-log line of a request the server refuses itself,
    /// before the handler sees it (a malformed head, a full spool): no account authenticated.
    public var logRefusal: (@Sendable (_ request: HTTPRequest, _ status: Int) -> Void)?
    /// Spools in use, of ``Configuration/spoolLimit``, and where they go.
    private(set) var spools = SpoolGate(limit: 2, reserve: 64 << 20, folder: "/tmp")
    /// The largest body a request may carry, by method and path.
    let bodyLimit: @Sendable (_ method: String, _ path: String) -> Int
    private var daemon: OpaquePointer?
    private var retainedStrings: [UnsafeMutablePointer<CChar>] = []
    /// The server's own time limits, and the timer of throttled logins.
    private(set) var watchdog = ConnectionWatchdog(limits: ConnectionWatchdog.Limits())
    /// Headers every response carries: HSTS with TLS.
    private(set) var fixedHeaders: [(name: String, value: String)] = []

    /// A server that answers with `handler`; nothing listens until ``start(_:)``.
    ///
    /// A request that announces a body (a `Content-Length` over 0, or a
    /// `Transfer-Encoding`) is first given to `admit` with its head alone; it
    /// is refused there, before any byte of its body is read, when it would
    /// be refused anyway. A refusal that is a throttled login (it carries a
    /// deferral) cannot wait before its body: a body kept in memory is read
    /// and the login checked after it, as for a request without a body; a
    /// body that would be spooled to disk is answered 503 with `Retry-After`
    /// the wait, and nothing of it is read.
    public init(
        bodyLimit: @escaping @Sendable (String, String) -> Int, admit: @escaping Admit = { _ in .proceed(nil) },
        handler: @escaping Handler
    ) {
        self.handler = handler
        self.admit = admit
        self.bodyLimit = bodyLimit
    }

    deinit {
        stop()
        retainedStrings.forEach { free($0) }
    }

    /// Starts listening; returns the port, which the system picks when asked for 0.
    @discardableResult
    public func start(_ configuration: Configuration) throws(StartFailure) -> UInt16 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = configuration.port.bigEndian
        guard inet_pton(AF_INET, configuration.address, &address.sin_addr) == 1 else {
            throw .cannotListen("\(configuration.address) is not an IPv4 address")
        }
        try HTTPServer.checkBindable(address, configuration)

        watchdog = ConnectionWatchdog(
            limits: ConnectionWatchdog.Limits(
                head: Double(configuration.headTimeout), idle: Double(configuration.idleTimeout), bodyGrace: Double(configuration.bodyGrace),
                bodyRate: Double(configuration.minimumBodyRate), connections: configuration.connectionLimit,
                perAddress: configuration.perAddressLimit))
        fixedHeaders = configuration.tls == nil ? [] : [("Strict-Transport-Security", "max-age=31536000")]
        spools = SpoolGate(limit: configuration.spoolLimit, reserve: configuration.spoolReserve, folder: configuration.spoolFolder)
        // Suspend and resume: a throttled login waits on a suspended connection, holding no thread.
        var flags = UInt32(
            MHD_USE_INTERNAL_POLLING_THREAD.rawValue | MHD_USE_EPOLL.rawValue | MHD_USE_ITC.rawValue | MHD_USE_ERROR_LOG.rawValue
                | MHD_ALLOW_SUSPEND_RESUME.rawValue)
        var options: [CVarArg] = [
            Int32(MHD_OPTION.THREAD_POOL_SIZE.rawValue), UInt32(max(1, configuration.threads)),
            // The watchdog refuses past connectionLimit at once; libmicrohttpd's
            // own limit, which each pool thread takes a share of, stops
            // accepting instead, so it is set well above. The per-address
            // limit is the watchdog's alone: libmicrohttpd's would count the
            // connections whose client has closed them until their pool
            // thread, busy answering another request, notices it, and would
            // reset a client's next connection for them.
            Int32(MHD_OPTION.CONNECTION_LIMIT.rawValue), UInt32(2 * configuration.connectionLimit + 16 * max(1, configuration.threads)),
            Int32(MHD_OPTION.NOTIFY_CONNECTION.rawValue), unsafeBitCast(connectionNotice, to: OpaquePointer.self),
            OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
            Int32(MHD_OPTION.CONNECTION_TIMEOUT.rawValue), UInt32(configuration.idleTimeout),
            Int32(MHD_OPTION.CONNECTION_MEMORY_LIMIT.rawValue), Int(configuration.connectionMemory),
            Int32(MHD_OPTION.UNESCAPE_CALLBACK.rawValue), unsafeBitCast(keepEscaped, to: OpaquePointer.self),
            OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
            Int32(MHD_OPTION.NOTIFY_COMPLETED.rawValue), unsafeBitCast(requestCompleted, to: OpaquePointer.self),
            OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
            // The request target as sent, before libmicrohttpd splits its query.
            Int32(MHD_OPTION.URI_LOG_CALLBACK.rawValue), unsafeBitCast(targetArrived, to: OpaquePointer.self),
            OpaquePointer(Unmanaged.passUnretained(self).toOpaque()),
        ]
        if let tls = configuration.tls {
            flags |= UInt32(MHD_USE_TLS.rawValue)
            // GnuTLS's priority string: TLS 1.2 and 1.3 only. The daemon keeps
            // pointers to these texts, so they live as long as the server.
            guard let certificate = strdup(tls.certificate), let key = strdup(tls.key),
                let priorities = strdup("NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2")
            else { throw .badCertificate("out of memory for the certificate") }
            retainedStrings += [certificate, key, priorities]
            options += [
                Int32(MHD_OPTION.HTTPS_MEM_CERT.rawValue), OpaquePointer(certificate),
                Int32(MHD_OPTION.HTTPS_MEM_KEY.rawValue), OpaquePointer(key),
                Int32(MHD_OPTION.HTTPS_PRIORITIES.rawValue), OpaquePointer(priorities),
            ]
        }
        let started = withUnsafePointer(to: &address) { pointer in
            options += [Int32(MHD_OPTION.SOCK_ADDR.rawValue), OpaquePointer(pointer), Int32(MHD_OPTION.END.rawValue)]
            return withVaList(options) { arguments in
                MHD_start_daemon_va(
                    flags, configuration.port, nil, nil, answer, Unmanaged.passUnretained(self).toOpaque(), arguments)
            }
        }
        guard let started else {
            if configuration.tls != nil { throw .badCertificate("the TLS certificate or key was refused") }
            throw .cannotListen("cannot listen on \(configuration.address):\(configuration.port)")
        }
        daemon = started
        watchdog.start()
        let port = gaslog_daemon_port(started)
        return port == 0 ? configuration.port : port
    }

    /// Binds a socket to the address first, so that "in use" or "cannot
    /// assign" is reported with its reason rather than as a failed start.
    private static func checkBindable(_ address: sockaddr_in, _ configuration: Configuration) throws(StartFailure) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return }
        defer { close(socket) }
        var reuse: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &reuse, socklen_t(MemoryLayout<Int32>.size))
        var address = address
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound != 0 {
            throw .cannotListen("cannot listen on \(configuration.address):\(configuration.port): \(String(cString: strerror(errno)))")
        }
    }

    /// Stops accepting connections, and starts no new request: a request
    /// in flight is answered with `Connection: close`, and a connection
    /// that has not sent a whole request head is closed at once.
    public func quiesce() {
        watchdog.drain()
        if let daemon { _ = MHD_quiesce_daemon(daemon) }
    }

    /// How many connections are open.
    public var openConnections: Int {
        guard let daemon else { return 0 }
        return Int(gaslog_daemon_connections(daemon))
    }

    /// Resumes every throttled login now, to be answered 503 with
    /// `Connection: close`; so are any that would wait from now on.
    public func interruptWaiting() {
        watchdog.interruptWaiting()
    }

    /// How many throttled logins are waiting, or resumed and not yet answered.
    public var waitingConnections: Int { watchdog.waitingCount }

    /// Stops the server, closing every connection. Waiting logins are
    /// answered first (libmicrohttpd must not stop with a connection suspended).
    public func stop() {
        guard let daemon else { return }
        watchdog.interruptWaiting()
        let deadline = ConnectionWatchdog.now() + 2
        while watchdog.waitingCount > 0 && ConnectionWatchdog.now() < deadline { usleep(10_000) }
        MHD_stop_daemon(daemon)
        self.daemon = nil
        watchdog.finish()
    }
}

/// The spools in use, at most ``limit`` at once, and the free space each
/// must leave on the spool folder's file system.
final class SpoolGate: @unchecked Sendable {
    let limit: Int
    let reserve: Int
    let folder: String
    private let lock = NSLock()
    private var inUse = 0

    init(limit: Int, reserve: Int, folder: String) {
        self.limit = limit
        self.reserve = reserve
        self.folder = folder
    }

    /// A place for one spool, or `nil` when ``limit`` are in use.
    func take() -> Bool {
        lock.withLock {
            guard inUse < limit else { return false }
            inUse += 1
            return true
        }
    }

    func give() {
        lock.withLock { inUse -= 1 }
    }

    /// How many spools are in use.
    var count: Int { lock.withLock { inUse } }

    /// Bytes free for an unprivileged writer on the folder's file system; `Int.max` when unknown.
    func free() -> Int {
        var stats = statvfs()
        guard statvfs(folder, &stats) == 0 else { return Int.max }
        return Int(stats.f_bavail) * Int(stats.f_frsize)
    }

    /// Whether `bytes` more would still leave ``reserve`` free.
    func hasRoom(for bytes: Int) -> Bool {
        let available = free()
        return available == Int.max || available - bytes >= reserve
    }
}

/// What the server keeps for a request between the calls that bring its
/// body: in memory up to 1 MiB, in a spool file when it may be larger. It is
/// made when the request target arrives, before libmicrohttpd parses it.
private final class PendingRequest {
    var body: [UInt8] = []
    var received = 0
    var limit = 0
    var spool: SpooledBody?
    /// The spool's place in the ``SpoolGate``, given back with the request.
    var gate: SpoolGate?
    /// Whether the access handler has had the head.
    var headSeen = false
    /// Why the request target is refused (too long, too many parameters), found before libmicrohttpd parsed it.
    var targetRefusal: APIError?
    /// Who the request is made by, when it was authenticated on its head.
    var principal: Principal?
    /// A chunked body went over its limit: the rest is read and dropped, to be answered 413 at its end.
    var overflowed = false
    /// A chunked body would have left too little free space: its spool is emptied, the rest dropped, and it is answered 507.
    var storageFull = false
    /// The request as handed to the handler, kept while it waits.
    var request: HTTPRequest?
    /// The wait it is suspended for, and the answer if the server stops first.
    var deferral: Deferral?
    var interrupted: HTTPResponse?
    /// The most bytes of a chunked body read and dropped past its limit before the connection is closed unanswered.
    static let overflowAllowance = 16 << 20
    /// Bodies that may be larger than this go to a file.
    static let memoryLimit = 1 << 20

    deinit {
        // A wait cut short by the connection's end still gives back its place.
        deferral?.release()
        gate?.give()
    }
}

/// The longest request target, in bytes.
private let targetLimit = 8 * 1024
/// The most query parameters, empty ones counted.
private let parameterLimit = 100
/// The most header fields.
private let headerCountLimit = 100

/// The request target, as sent: it starts the request's ``PendingRequest``.
/// A target over 8 KiB, or one with more than 100 query parameters, is
/// marked to be refused, and its query cut off here, so that libmicrohttpd
/// never parses it (thousands of parameters would exhaust the connection's
/// memory, and the request would never be answered).
private let targetArrived: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    _, uri, _ in
    let pending = PendingRequest()
    if let uri {
        let length = strlen(uri)
        let question = strchr(uri, Int32(UInt8(ascii: "?")))
        if length > targetLimit {
            pending.targetRefusal = APIError(414, "uri_too_long", "the request target is longer than \(targetLimit) bytes")
        } else if let question {
            var parameters = 1
            var cursor = question + 1
            while cursor.pointee != 0 {
                if cursor.pointee == CChar(UInt8(ascii: "&")) { parameters += 1 }
                cursor += 1
            }
            if parameters > parameterLimit {
                pending.targetRefusal = .badInput("the query has more than \(parameterLimit) parameters (\(parameters), empty ones counted)")
            }
        }
        if pending.targetRefusal != nil, let question {
            // libmicrohttpd's buffer, which it parses next: an empty query there.
            let writable = UnsafeMutablePointer(mutating: question)
            if writable[1] != 0 { writable[1] = 0 }
            writable[0] = 0
        }
    }
    return Unmanaged.passRetained(pending).toOpaque()
}

/// Leaves the path and query as sent: each segment and parameter is decoded
/// on its own, so that `%2F` never splits a name.
private let keepEscaped: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<CChar>?) -> Int = { _, _, text in
    text.map { strlen($0) } ?? 0
}

private let requestCompleted:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_RequestTerminationCode
    ) -> Void = { serverPointer, connection, state, _ in
        if let serverPointer, let connection, let watch = watch(of: connection) {
            Unmanaged<HTTPServer>.fromOpaque(serverPointer).takeUnretainedValue().watchdog.completed(watch)
        }
        guard let state, let pending = state.pointee else { return }
        Unmanaged<PendingRequest>.fromOpaque(pending).release()
        state.pointee = nil
    }

/// Connections as they open and close: each has its ``ConnectionWatch``, kept
/// as libmicrohttpd's socket context until the socket is closed.
private let connectionNotice:
    @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, MHD_ConnectionNotificationCode)
        -> Void = { serverPointer, connection, context, code in
            guard let serverPointer, let connection, let context else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(serverPointer).takeUnretainedValue()
            if code.rawValue == 0 {  // MHD_CONNECTION_NOTIFY_STARTED
                context.pointee = Unmanaged.passRetained(server.watchdog.opened(connection)).toOpaque()
            } else if let watch = context.pointee {
                server.watchdog.closed(Unmanaged<ConnectionWatch>.fromOpaque(watch).takeUnretainedValue())
                Unmanaged<ConnectionWatch>.fromOpaque(watch).release()
                context.pointee = nil
            }
        }

private func watch(of connection: OpaquePointer) -> ConnectionWatch? {
    gaslog_socket_context(connection).map { Unmanaged<ConnectionWatch>.fromOpaque($0).takeUnretainedValue() }
}

private let answer:
    @convention(c) (
        UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
        UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> MHD_Result = { serverPointer, connection, url, method, _, upload, uploadSize, state in
        guard let serverPointer, let connection, let url, let method, let uploadSize, let state else { return MHD_Result.NO }
        let server = Unmanaged<HTTPServer>.fromOpaque(serverPointer).takeUnretainedValue()
        let watch = watch(of: connection)
        if state.pointee == nil { state.pointee = Unmanaged.passRetained(PendingRequest()).toOpaque() }
        guard let existing = state.pointee else { return MHD_Result.NO }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
        // The first call brings the head only.
        guard pending.headSeen else {
            pending.headSeen = true
            // After SIGTERM no new request is started: the connection is closed unanswered.
            if server.watchdog.isDraining { return MHD_Result.NO }
            if let watch { server.watchdog.headComplete(watch) }
            return admitHead(
                method: String(cString: method), path: String(cString: url), pending: pending, on: connection, server: server, watch: watch)
        }
        // Called again after a suspension: the wait is over, the client has gone, or the server is stopping.
        if let deferral = pending.deferral, let request = pending.request {
            let reason = watch.flatMap { server.watchdog.takeResumeReason($0) } ?? .stopping
            pending.deferral = nil
            deferral.release()
            switch reason {
            case .gone: return MHD_Result.NO
            case .stopping: return queue(pending.interrupted ?? unavailable, on: connection, server: server)
            case .due:
                var waited = request
                waited.waited = true
                return respond(server.handler(waited), to: waited, pending: pending, on: connection, server: server, watch: watch)
            }
        }
        if uploadSize.pointee > 0, let upload {
            let count = uploadSize.pointee
            uploadSize.pointee = 0
            pending.received += count
            if let watch { server.watchdog.received(watch, count) }
            if pending.received > pending.limit {
                // libmicrohttpd 0.9.75 queues an answer only before the body or
                // after it: a chunked body over its limit (its length unknown
                // until it ends) is read to its end and dropped, then answered.
                pending.overflowed = true
                pending.body = []
                pending.spool = nil
                if pending.received - pending.limit > PendingRequest.overflowAllowance { return MHD_Result.NO }
                return MHD_Result.YES
            }
            if pending.storageFull { return MHD_Result.YES }
            if let spool = pending.spool {
                // A chunked body stops being spooled as soon as it would leave too little free space.
                guard server.spools.hasRoom(for: count) else {
                    pending.storageFull = true
                    pending.spool = nil
                    return MHD_Result.YES
                }
                guard spool.append(upload, count: count) else {
                    pending.storageFull = true
                    pending.spool = nil
                    return MHD_Result.YES
                }
            } else {
                upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            }
            return MHD_Result.YES
        }
        if let watch { server.watchdog.handling(watch) }
        if pending.overflowed { return queue(tooLarge(pending.limit).response, on: connection, server: server) }
        if pending.storageFull { return queue(storageFull.response, on: connection, server: server) }
        guard var request = pending.request else { return MHD_Result.NO }
        pending.spool?.rewind()
        request = HTTPRequest(
            method: request.method, rawPath: request.rawPath, query: request.query, headers: request.headers, body: pending.body,
            bodyFile: pending.spool)
        request.clientAddress = watch?.address ?? []
        request.principal = pending.principal
        return respond(server.handler(request), to: request, pending: pending, on: connection, server: server, watch: watch)
    }

/// The head has arrived: it is checked (RFC 9112, the limits) and, when a
/// body is announced, admitted before any byte of the body is read.
private func admitHead(
    method: String, path: String, pending: PendingRequest, on connection: OpaquePointer, server: HTTPServer, watch: ConnectionWatch?
) -> MHD_Result {
    let fields = rawHeaders(connection)
    var headers: [String: String] = [:]
    for field in fields { headers[field.lowercasedName] = field.text }
    let query = arguments(connection)
    var request = HTTPRequest(method: method, rawPath: path, query: query ?? [], headers: headers, body: [])
    request.clientAddress = watch?.address ?? []
    pending.request = request
    func refuse(_ error: APIError) -> MHD_Result {
        server.logRefusal?(request, error.status)
        var response = error.response
        response.headers.append(("Connection", "close"))
        return queue(response, on: connection, server: server)
    }
    if let refusal = pending.targetRefusal { return refuse(refusal) }
    if let refusal = protocolRefusal(fields) { return refuse(refusal) }
    guard query != nil else { return refuse(.badInput("the query string is malformed")) }
    let limit = server.bodyLimit(method, path)
    pending.limit = limit
    let length = headers["content-length"].flatMap { Int($0) }
    let chunked = headers["transfer-encoding"] != nil
    guard chunked || (length ?? 0) > 0 else { return MHD_Result.YES }
    let spooled = limit > PendingRequest.memoryLimit
    switch server.admit(request) {
    case .refuse(let response):
        guard let deferral = response.deferral else {
            var response = response
            response.headers.append(("Connection", "close"))
            return queue(response, on: connection, server: server)
        }
        // A throttled login: checked after its body when the body is kept
        // in memory; never before a body spooled to disk.
        deferral.release()
        if spooled {
            return refuse(
                APIError(
                    503, "busy", "sign-ins for this account are being slowed; try again in \(deferral.seconds) s, or use a token",
                    headers: [("Retry-After", String(deferral.seconds))]))
        }
    case .proceed(let principal):
        pending.principal = principal
    }
    if let length, length > limit { return refuse(tooLarge(limit)) }
    if spooled {
        guard server.spools.take() else {
            return refuse(
                APIError(503, "busy", "\(server.spools.limit) imports are being received; try again later", headers: [("Retry-After", "5")]))
        }
        pending.gate = server.spools
        guard server.spools.hasRoom(for: length ?? 0) else { return refuse(storageFull) }
        guard let spool = SpooledBody(folder: server.spools.folder) else {
            return refuse(APIError(500, "internal", "the server cannot store the body; nothing was written"))
        }
        pending.spool = spool
    }
    return MHD_Result.YES
}

/// The refusal of a head that breaks RFC 9112's framing rules, or gaslog's
/// limits on headers; `nil` when it is sound.
private func protocolRefusal(_ fields: [RawHeader]) -> APIError? {
    if fields.count > headerCountLimit {
        return APIError(431, "headers_too_large", "the request has more than \(headerCountLimit) header fields")
    }
    // "Name: value" and its line end.
    if fields.reduce(0, { $0 + $1.name.count + $1.value.count + 4 }) > headerLimit {
        return APIError(431, "headers_too_large", "the headers are larger than \(headerLimit) bytes")
    }
    for field in fields {
        if field.name.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
            return .badInput("the header name '\(field.text(field.name))' has whitespace before its colon")
        }
        if field.name.contains(where: { $0 == 0x0D || $0 == 0 }) || field.value.contains(where: { $0 == 0x0D || $0 == 0 }) {
            return .badInput("the header '\(field.text(field.name))' holds a bare CR or a NUL")
        }
    }
    if hasHiddenNUL(fields) { return .badInput("a header holds a NUL") }
    let lengths = fields.filter { $0.lowercasedName == "content-length" }.map(\.text)
    let encodings = fields.filter { $0.lowercasedName == "transfer-encoding" }.map(\.text)
    if !lengths.isEmpty && !encodings.isEmpty {
        return .badInput("the request has both Content-Length and Transfer-Encoding")
    }
    if Set(lengths.map { $0.trimmingCharacters(in: .whitespaces) }).count > 1 {
        return .badInput("the request has two Content-Length headers that differ")
    }
    if let length = lengths.first, Int(length.trimmingCharacters(in: .whitespaces)).map({ $0 < 0 }) ?? true {
        return .badInput("the Content-Length is not a number of bytes")
    }
    if !encodings.isEmpty {
        let codings = encodings.joined(separator: ",").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            .filter { !$0.isEmpty }
        guard codings.last == "chunked" else { return .badInput("the final transfer coding is not chunked") }
        if codings.dropLast().contains("chunked") { return .badInput("the body is chunked more than once") }
        if let unknown = codings.dropLast().first {
            return APIError(501, "not_implemented", "the transfer coding '\(unknown)' is not supported; send the body chunked only")
        }
    }
    if fields.count(where: { $0.lowercasedName == "authorization" }) > 1 {
        return .badInput("the request has two Authorization headers")
    }
    return nil
}

/// Whether a header line holds a NUL, which libmicrohttpd's C strings hide:
/// it parses each line in place in its read buffer, ending the value at its
/// first NUL, and overwrites the line's CR LF with NULs. Between the end of
/// a value and the next name there may then be only NULs, spaces and tabs;
/// after the last value, at least two of them (its line end, then the empty
/// line's) before anything else. Pointers that are not in order (a buffer
/// that moved) are not compared.
private func hasHiddenNUL(_ fields: [RawHeader]) -> Bool {
    let blank: (UInt8) -> Bool = { $0 == 0 || $0 == 0x20 || $0 == 0x09 }
    for (index, field) in fields.enumerated() {
        guard let valueAt = field.valueAt else { continue }
        let end = valueAt + field.value.count
        if index + 1 < fields.count {
            let gap = fields[index + 1].nameAt - end
            guard gap > 0 && gap <= 256 else { continue }
            for offset in 0..<gap where !blank(end.load(fromByteOffset: offset, as: UInt8.self)) { return true }
        } else {
            // The last line's end and the empty line's: a NUL followed at once by text is a NUL inside the value.
            if !blank(end.load(fromByteOffset: 1, as: UInt8.self)) { return true }
        }
    }
    return false
}

/// Queues the handler's answer, or, for a deferral, suspends the connection
/// until the watchdog resumes it: the access handler is then called again.
private func respond(
    _ response: HTTPResponse, to request: HTTPRequest, pending: PendingRequest, on connection: OpaquePointer, server: HTTPServer,
    watch: ConnectionWatch?
) -> MHD_Result {
    guard let deferral = response.deferral else { return queue(response, on: connection, server: server) }
    var interrupted = response
    interrupted.deferral = nil
    guard let watch else {
        deferral.release()
        return queue(interrupted, on: connection, server: server)
    }
    pending.request = request
    pending.deferral = deferral
    pending.interrupted = interrupted
    MHD_suspend_connection(connection)
    server.watchdog.waiting(watch, seconds: deferral.seconds)
    return MHD_Result.YES
}

/// The answer to a resumed request whose own answer is missing.
private let unavailable = APIError(
    503, "unavailable", "the server is stopping; try again later", headers: [("Retry-After", "5"), ("Connection", "close")]
).response

private func tooLarge(_ limit: Int) -> APIError {
    APIError(413, "too_large", "the body is larger than \(limit) bytes")
}

/// A spool that would leave less than the reserve free.
private let storageFull = APIError(507, "storage_full", "the server has too little free space to receive this body; nothing was written")

private func queue(_ response: HTTPResponse, on connection: OpaquePointer, server: HTTPServer) -> MHD_Result {
    var body = response.body
    let made: OpaquePointer?
    if let stream = response.stream {
        // Sent in chunks as the pipe gives them; the stream is released when
        // the response is done, sent or abandoned.
        made = MHD_create_response_from_callback(
            UInt64.max, 64 * 1024, readStream, Unmanaged.passRetained(stream).toOpaque(), releaseStream)
    } else {
        made = body.withUnsafeMutableBytes { bytes in
            MHD_create_response_from_buffer(bytes.count, bytes.baseAddress, MHD_ResponseMemoryMode.RESPMEM_MUST_COPY)
        }
    }
    guard let made else { return MHD_Result.NO }
    defer { MHD_destroy_response(made) }
    var headers = response.headers + server.fixedHeaders
    // After SIGTERM, the answer in flight is the connection's last.
    if server.watchdog.isDraining && !headers.contains(where: { $0.name.lowercased() == "connection" }) {
        headers.append(("Connection", "close"))
    }
    for (name, value) in headers { MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// The most bytes of headers a request may send, names and values with their separators.
private let headerLimit = 16 * 1024

/// One header field as libmicrohttpd parsed it, with its exact bytes: a NUL
/// inside a value is kept (its length is libmicrohttpd's, not `strlen`'s).
private struct RawHeader {
    let name: [UInt8]
    let value: [UInt8]
    /// Where libmicrohttpd keeps the name and the value, in its read buffer.
    let nameAt: UnsafeRawPointer
    let valueAt: UnsafeRawPointer?
    var lowercasedName: String { String(decoding: name, as: UTF8.self).lowercased() }
    var text: String { String(decoding: value, as: UTF8.self) }
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes.prefix(64), as: UTF8.self) }
}

private final class RawHeaderCollector {
    var fields: [RawHeader] = []
}

private let collectRaw:
    @convention(c) (UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, Int) -> MHD_Result = {
        collector, _, key, keySize, value, valueSize in
        guard let collector, let key else { return MHD_Result.YES }
        let name = key.withMemoryRebound(to: UInt8.self, capacity: keySize) { Array(UnsafeBufferPointer(start: $0, count: keySize)) }
        let bytes =
            value.map { value in
                value.withMemoryRebound(to: UInt8.self, capacity: valueSize) { Array(UnsafeBufferPointer(start: $0, count: valueSize)) }
            } ?? []
        Unmanaged<RawHeaderCollector>.fromOpaque(collector).takeUnretainedValue().fields.append(
            RawHeader(name: name, value: bytes, nameAt: UnsafeRawPointer(key), valueAt: value.map { UnsafeRawPointer($0) }))
        return MHD_Result.YES
    }

/// Every header field of the request, in order, duplicates included.
private func rawHeaders(_ connection: OpaquePointer) -> [RawHeader] {
    let collector = RawHeaderCollector()
    _ = MHD_get_connection_values_n(connection, MHD_ValueKind.HEADER_KIND, collectRaw, Unmanaged.passUnretained(collector).toOpaque())
    return collector.fields
}

/// libmicrohttpd's "end of stream" and "end with error" for a content reader.
private let endOfStream = -1
private let endWithError = -2

private let readStream: @convention(c) (UnsafeMutableRawPointer?, UInt64, UnsafeMutablePointer<CChar>?, Int) -> Int = {
    stream, _, buffer, count in
    guard let stream, let buffer else { return endWithError }
    let read = Unmanaged<ResponseStream>.fromOpaque(stream).takeUnretainedValue().read(into: buffer, count: count)
    return read > 0 ? read : read == 0 ? endOfStream : endWithError
}

private let releaseStream: @convention(c) (UnsafeMutableRawPointer?) -> Void = { stream in
    if let stream { Unmanaged<ResponseStream>.fromOpaque(stream).release() }
}

/// Collects values of one kind through libmicrohttpd's iterator.
private final class ValueCollector {
    var values: [(name: String, value: String?)] = []
}

private let collect: @convention(c) (UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> MHD_Result = {
    collector, _, key, value in
    guard let collector, let key else { return MHD_Result.YES }
    Unmanaged<ValueCollector>.fromOpaque(collector).takeUnretainedValue().values.append(
        (String(cString: key), value.map { String(cString: $0) }))
    return MHD_Result.YES
}

private func values(_ connection: OpaquePointer, _ kind: MHD_ValueKind) -> [(name: String, value: String?)] {
    let collector = ValueCollector()
    _ = MHD_get_connection_values(connection, kind, collect, Unmanaged.passUnretained(collector).toOpaque())
    return collector.values
}

/// The query's parameters, decoded; `nil` when one is malformed.
private func arguments(_ connection: OpaquePointer) -> [(name: String, value: String)]? {
    var result: [(name: String, value: String)] = []
    for (name, value) in values(connection, MHD_ValueKind.GET_ARGUMENT_KIND) {
        guard let name = PercentEncoding.decode(name, plusIsSpace: true),
            let value = PercentEncoding.decode(value ?? "", plusIsSpace: true)
        else { return nil }
        result.append((name, value))
    }
    return result
}
