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
    /// The largest body a request may carry, by method and path.
    let bodyLimit: @Sendable (_ method: String, _ path: String) -> Int
    private var daemon: OpaquePointer?
    private var retainedStrings: [UnsafeMutablePointer<CChar>] = []
    /// The server's own time limits, and the timer of throttled logins.
    private(set) var watchdog = ConnectionWatchdog(limits: ConnectionWatchdog.Limits())
    /// Headers every response carries: HSTS with TLS.
    private(set) var fixedHeaders: [(name: String, value: String)] = []

    /// A server that answers with `handler`; nothing listens until ``start(_:)``.
    public init(bodyLimit: @escaping @Sendable (String, String) -> Int, handler: @escaping Handler) {
        self.handler = handler
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

    /// Stops accepting connections; those open are still served.
    public func quiesce() {
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

/// What the server keeps for a request between the calls that bring its
/// body: in memory up to 1 MiB, in a spool file when it may be larger.
private final class PendingRequest {
    var body: [UInt8] = []
    var received = 0
    let limit: Int
    let spool: SpooledBody?
    /// A chunked body went over its limit: the rest is read and dropped, to be answered 413 at its end.
    var overflowed = false
    /// The request as handed to the handler, kept while it waits.
    var request: HTTPRequest?
    /// The wait it is suspended for, and the answer if the server stops first.
    var deferral: Deferral?
    var interrupted: HTTPResponse?
    /// The most bytes of a chunked body read and dropped past its limit before the connection is closed unanswered.
    static let overflowAllowance = 16 << 20
    /// Bodies that may be larger than this go to a file.
    static let memoryLimit = 1 << 20
    /// Where spool files go: `$TMPDIR`, read once (reading the environment costs more than a lookup).
    static let spoolFolder = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"

    init(limit: Int) {
        self.limit = limit
        spool = limit > PendingRequest.memoryLimit ? SpooledBody(folder: PendingRequest.spoolFolder) : nil
    }

    deinit {
        // A wait cut short by the connection's end still gives back its place.
        deferral?.release()
    }
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
        let methodText = String(cString: method), path = String(cString: url)
        let watch = watch(of: connection)
        // The first call brings the headers only.
        guard let existing = state.pointee else {
            if let watch { server.watchdog.headComplete(watch) }
            // The connection's memory holds up to 32 KiB; the limit itself is 16 KiB.
            if headerBytes(connection) > headerLimit {
                return queue(
                    HTTPResponse.json(
                        431, #"{"error":{"status":431,"code":"headers_too_large","rules":[],"message":"the headers are larger than 16384 bytes"}}"#),
                    on: connection, server: server)
            }
            let limit = server.bodyLimit(methodText, path)
            if let length = header(connection, "Content-Length").flatMap(Int.init), length > limit {
                return queue(tooLarge(limit), on: connection, server: server)
            }
            state.pointee = Unmanaged.passRetained(PendingRequest(limit: limit)).toOpaque()
            return MHD_Result.YES
        }
        let pending = Unmanaged<PendingRequest>.fromOpaque(existing).takeUnretainedValue()
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
                if pending.received - pending.limit > PendingRequest.overflowAllowance { return MHD_Result.NO }
                return MHD_Result.YES
            }
            if pending.limit > PendingRequest.memoryLimit {
                guard let spool = pending.spool, spool.append(upload, count: count) else {
                    let message = "the server cannot store the body; nothing was written"
                    let error = #"{"error":{"status":500,"code":"internal","rules":[],"message":"\#(message)"}}"#
                    return queue(HTTPResponse.json(500, error), on: connection, server: server)
                }
            } else {
                upload.withMemoryRebound(to: UInt8.self, capacity: count) {
                    pending.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: count))
                }
            }
            return MHD_Result.YES
        }
        if let watch { server.watchdog.handling(watch) }
        if pending.overflowed { return queue(tooLarge(pending.limit), on: connection, server: server) }
        guard let query = arguments(connection) else {
            return queue(
                HTTPResponse.json(400, #"{"error":{"status":400,"code":"bad_input","rules":[],"message":"the query string is malformed"}}"#),
                on: connection, server: server)
        }
        pending.spool?.rewind()
        let request = HTTPRequest(
            method: methodText, rawPath: path, query: query, headers: headers(connection), body: pending.body, bodyFile: pending.spool)
        return respond(server.handler(request), to: request, pending: pending, on: connection, server: server, watch: watch)
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
private let unavailable = HTTPResponse.json(
    503, #"{"error":{"status":503,"code":"unavailable","rules":[],"message":"the server is stopping; try again later"}}"#,
    headers: [("Retry-After", "5"), ("Connection", "close")])

private func tooLarge(_ limit: Int) -> HTTPResponse {
    HTTPResponse.json(413, #"{"error":{"status":413,"code":"too_large","rules":[],"message":"the body is larger than \#(limit) bytes"}}"#)
}

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
    for (name, value) in response.headers + server.fixedHeaders { MHD_add_response_header(made, name, value) }
    return MHD_queue_response(connection, UInt32(response.status), made)
}

/// The most bytes of headers a request may send, names and values with their separators.
private let headerLimit = 16 * 1024

private let countHeader: @convention(c) (UnsafeMutableRawPointer?, MHD_ValueKind, UnsafePointer<CChar>?, UnsafePointer<CChar>?) -> MHD_Result = {
    total, _, key, value in
    // "Name: value" and its line end.
    total?.assumingMemoryBound(to: Int.self).pointee += (key.map { strlen($0) } ?? 0) + (value.map { strlen($0) } ?? 0) + 4
    return MHD_Result.YES
}

/// The size of the request's headers as sent.
private func headerBytes(_ connection: OpaquePointer) -> Int {
    var total = 0
    _ = withUnsafeMutablePointer(to: &total) { MHD_get_connection_values(connection, MHD_ValueKind.HEADER_KIND, countHeader, $0) }
    return total
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

private func header(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, MHD_ValueKind.HEADER_KIND, name).map { String(cString: $0) }
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

private func headers(_ connection: OpaquePointer) -> [String: String] {
    var result: [String: String] = [:]
    for (name, value) in values(connection, MHD_ValueKind.HEADER_KIND) { result[name.lowercased()] = value ?? "" }
    return result
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
