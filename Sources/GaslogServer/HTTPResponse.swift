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
