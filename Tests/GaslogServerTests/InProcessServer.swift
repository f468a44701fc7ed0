@testable import GaslogServer

/// An `HTTPServer` in this process, for the tests of the HTTP layer itself:
/// its limits can be made small, so that a slow or idle client is cut in a
/// second or two, not in the real server's 10 or 30.
enum InProcessServer {
    /// Starts one on 127.0.0.1 whose handler answers 200 and records the
    /// path; `/spool` takes bodies up to 256 MiB, spooled, others 1 MiB.
    static func start(
        _ configure: (inout HTTPServer.Configuration) -> Void = { _ in }, admit: @escaping HTTPServer.Admit = { _ in .proceed(nil) }
    ) throws -> (HTTPServer, port: Int, seen: SeenPaths) {
        let seen = SeenPaths()
        let server = HTTPServer(bodyLimit: { _, path in path == "/spool" ? 256 << 20 : 1 << 20 }, admit: admit) { request in
            seen.add(request.rawPath)
            return HTTPResponse.json(200, #"{"ok":true}"#)
        }
        var configuration = HTTPServer.Configuration(address: "127.0.0.1", port: 0, threads: 2)
        configure(&configuration)
        let port = try server.start(configuration)
        return (server, Int(port), seen)
    }
}
