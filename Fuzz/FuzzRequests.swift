import GaslogServer
import LogbookStore

/// Feeds arbitrary bytes to the API: the first byte picks a route, the rest
/// is its query string or JSON body. Any answer is fine except a 500, which
/// would be the server failing on what a client sent. The logbook is in
/// memory, and the caller is an admin, so every route is reached.
private let service = APIService(
    path: ":memory:", authenticate: { _, _ in .success(Principal(account: "fuzz", level: .admin)) }, log: { _ in })

private let routes: [(method: String, path: String)] = [
    ("GET", "/api/v1/mod"), ("GET", "/api/v1/cylinders"), ("GET", "/api/v1/cylinders/Club%2007"),
    ("GET", "/api/v1/cylinders/Club%2007/mod"), ("POST", "/api/v1/cylinders"), ("PATCH", "/api/v1/cylinders/Club%2007"),
    ("POST", "/api/v1/cylinders/Club%2007/retire"), ("POST", "/api/v1/fills"), ("GET", "/api/v1/fills"), ("GET", "/api/v1/fills/1"),
    ("GET", "/api/v1/fills/1/tag"), ("POST", "/api/v1/fills/1/void"), ("GET", "/api/v1/export"), ("POST", "/api/v1/import"),
    ("GET", "/api/v1/due"), ("GET", "/api/v1/best-mix"), ("GET", "/api/v1/ead"), ("GET", "/api/v1/end"), ("GET", "/api/v1/ppo2"),
    ("GET", "/api/v1/table"), ("POST", "/api/v1/blend"), ("GET", "/api/v1/config"), ("PUT", "/api/v1/config/unit"),
    ("DELETE", "/api/v1/fills"), ("GET", "/no/such/path"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequests(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let route = routes[Int(bytes[0]) % routes.count]
    let rest = Array(bytes.dropFirst())
    let isBody = route.method != "GET"
    let query = isBody ? [] : (PercentEncoding.parameters(of: String(decoding: rest, as: UTF8.self)) ?? [])
    let contentType = route.path.hasSuffix("/import") ? "text/csv" : "application/json"
    let request = HTTPRequest(
        method: route.method, rawPath: route.path, query: query, headers: ["content-type": contentType], body: isBody ? rest : [])
    let response = service.handle(request)
    precondition(response.status != 500, "500 for \(route.method) \(route.path) with \(rest)")
    return 0
}
