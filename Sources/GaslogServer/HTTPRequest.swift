/// One HTTP request, as the handlers see it: the path split into decoded
/// segments, so that a name sent as `Club%2F07` stays one segment.
public struct HTTPRequest: Sendable {
    /// `GET`, `POST`, …
    public let method: String
    /// The path as sent, still percent-encoded.
    public let rawPath: String
    /// The path's segments, each percent-decoded: `/api/v1/fills/7` is `["api", "v1", "fills", "7"]`.
    public let segments: [String]
    /// The query's parameters in order, each name and value percent-decoded.
    public let query: [(name: String, value: String)]
    /// Header values by lower-case name.
    public let headers: [String: String]
    /// The body, whole, unless it was spooled to ``bodyFile``.
    public let body: [UInt8]
    /// A body too large to keep in memory, such as an import, in a file.
    public let bodyFile: SpooledBody?
    /// Whether the request has already waited the wait a response's
    /// ``HTTPResponse/deferral`` asked for: it is handled now.
    public var waited = false
    /// The client's address as bytes: 4 for IPv4, 16 for IPv6; empty when unknown (a request made in process).
    public var clientAddress: [UInt8] = []
    /// Who the request is made by, when it was authenticated on its head,
    /// before its body was read: it is not authenticated again.
    public var principal: Principal?

    /// A request; `rawPath` is the path as sent, still percent-encoded.
    public init(
        method: String, rawPath: String, query: [(name: String, value: String)], headers: [String: String], body: [UInt8],
        bodyFile: SpooledBody? = nil
    ) {
        self.method = method
        self.rawPath = rawPath
        self.segments = rawPath.split(separator: "/", omittingEmptySubsequences: true).map { PercentEncoding.decode(String($0)) ?? String($0) }
        self.query = query
        self.headers = headers
        self.body = body
        self.bodyFile = bodyFile
    }
}
