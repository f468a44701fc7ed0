/// One HTTP response: a status, headers and a body.
public struct HTTPResponse: Sendable {
    /// The status code.
    public var status: Int
    /// Headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: [UInt8]
    /// A body sent as it is produced, instead of ``body``.
    public var stream: ResponseStream?
    /// "Answer this request after a wait": the server suspends the
    /// connection, holding no thread, and hands the request to the handler
    /// again when the wait is over, marked ``HTTPRequest/waited``. This
    /// response is then the answer only if the server stops first.
    public var deferral: Deferral?

    /// A response with `body` of `contentType`.
    public init(status: Int, contentType: String = "application/json", headers: [(name: String, value: String)] = [], body: [UInt8]) {
        self.status = status
        self.headers = [("Content-Type", contentType)] + headers
        self.body = body
    }

    /// A JSON response whose body is `text` and a line end, as the CLI prints it.
    public static func json(_ status: Int, _ text: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: headers, body: Array((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}

/// A wait before a request is handled again; see ``HTTPResponse/deferral``.
public struct Deferral: Sendable {
    /// Seconds to wait.
    public let seconds: Int
    /// Gives back the wait's place (at most 64 are kept); called once, however the wait ends.
    public let release: @Sendable () -> Void

    /// A wait of `seconds`, which calls `release` when it ends.
    public init(seconds: Int, release: @escaping @Sendable () -> Void) {
        self.seconds = seconds
        self.release = release
    }
}
