import Foundation
import Glibc
import TestSupport
import Testing

@testable import GaslogServer

/// Issue #36, the HTTP layer: nothing of a body is read before its request
/// is admitted, the protocol read strictly (RFC 9112), limits answered at
/// once, media types compared exactly, SIGTERM starting no new request, and
/// refusals logged with their account. The framing and limit checks run on
/// an `HTTPServer` in this process, whose handler only counts requests; the
/// routes' admission runs on a real `gaslog-server`. Loopback only; every
/// wait is a poll with a deadline.
@Suite("Hardening (#36): the HTTP layer", .serialized)
struct HardeningHTTPTests {
    /// Sends `raw` on a new connection from `source`; the answer, read until the server closes or 10 s pass.
    func exchange(_ raw: [UInt8], port: Int, from source: String = "127.0.0.2") -> String {
        guard let client = RawClient(from: source, to: port) else { return "" }
        defer { client.close() }
        client.send(raw)
        return client.readAll(within: 10)
    }

    @Test(
        "RFC 9112: CL with TE, differing CLs, a final coding not chunked, bare CR, NUL, space before a colon, two Authorization are 400; an unknown coding 501; each closes"
    )
    func strictFraming() throws {
        let (server, port, seen) = try InProcessServer.start()
        defer { server.stop() }
        let cases: [(String, [UInt8], Int)] = [
            (
                "Content-Length and Transfer-Encoding, with a second request smuggled after the last chunk",
                Array(
                    "POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\nGET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"
                        .utf8), 400
            ),
            (
                "two Content-Length that differ", Array("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!".utf8),
                400
            ),
            ("a final coding that is not chunked", Array("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n".utf8), 400),
            ("chunked twice", Array("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, chunked\r\n\r\n0\r\n\r\n".utf8), 400),
            ("an unknown coding before chunked", Array("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n".utf8), 501),
            ("a bare CR in a value", Array("GET /a HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n".utf8), 400),
            ("a NUL in a value", Array("GET /a HTTP/1.1\r\nHost: x\r\nX-A: a".utf8) + [0] + Array("b\r\nX-B: c\r\n\r\n".utf8), 400),
            ("a NUL in the last value", Array("GET /a HTTP/1.1\r\nHost: x\r\nX-A: a".utf8) + [0] + Array("b\r\n\r\n".utf8), 400),
            ("whitespace before a colon", Array("GET /a HTTP/1.1\r\nHost: x\r\nX-A : b\r\n\r\n".utf8), 400),
            (
                "two Authorization headers", Array("GET /a HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer a\r\nAuthorization: Bearer b\r\n\r\n".utf8),
                400
            ),
        ]
        for (what, raw, status) in cases {
            guard let client = RawClient(from: "127.0.0.2", to: port) else {
                Issue.record("cannot connect")
                continue
            }
            client.send(raw)
            let answer = client.readAll(within: 10)
            client.close()
            #expect(RawClient.status(answer) == status, "\(what): \(answer.prefix(300))")
            #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "\(what): one answer only")
            #expect(answer.contains("Connection: close"), "\(what): the connection is closed")
            #expect(answer.contains(#""field":null"#), "\(what): the one error map")
        }
        #expect(seen.all.isEmpty, "no request reached the handler, the smuggled one included: \(seen.all)")
        // Sound requests are still read: a repeated Content-Length that agrees, a chunked body, an obs-fold.
        #expect(
            RawClient.status(
                exchange(
                    Array("POST /a HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok".utf8), port: port))
                == 200)
        #expect(
            RawClient.status(
                exchange(
                    Array("POST /a HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n2\r\nok\r\n0\r\n\r\n".utf8),
                    port: port)) == 200)
        #expect(RawClient.status(exchange(Array("GET /a HTTP/1.1\r\nHost: x\r\nX-A: a  \t\r\nConnection: close\r\n\r\n".utf8), port: port)) == 200)
    }

    @Test(
        "Answered at once, never left to the watchdog: a target over 8 KiB is 414, over 100 query parameters 400, over 100 fields or 16 KiB of headers 431"
    )
    func limitsAnsweredAtOnce() throws {
        let (server, port, seen) = try InProcessServer.start()
        defer { server.stop() }
        func get(_ target: String, headers: [String] = []) -> String {
            exchange(
                Array((["GET \(target) HTTP/1.1", "Host: x", "Connection: close"] + headers).joined(separator: "\r\n").utf8) + Array("\r\n\r\n".utf8),
                port: port)
        }
        // The findings: 600 `a&` (1.2 KB) and 457 parameters got no answer.
        let refused: [(String, String, Int)] = [
            ("600 a&", get("/a?" + String(repeating: "a&", count: 600)), 400),
            ("457 parameters", get("/a?" + (0..<457).map { "p\($0)=1" }.joined(separator: "&")), 400),
            ("101 parameters, empty ones counted", get("/a?" + String(repeating: "&", count: 100)), 400),
            ("a target of 8193 bytes", get("/a?" + String(repeating: "b", count: 8193 - 3)), 414),
            ("101 header fields", get("/a", headers: (0..<99).map { "X-\($0): y" }), 431),
            ("17 KiB of headers", get("/a", headers: ["X-Big: " + String(repeating: "y", count: 17 * 1024)]), 431),
        ]
        for (what, answer, status) in refused {
            #expect(RawClient.status(answer) == status, "\(what): \(answer.prefix(200))")
            #expect(answer.contains(#""field":null"#), "\(what)")
        }
        // At the limits, answered.
        #expect(RawClient.status(get("/a?" + (0..<100).map { "p\($0)" }.joined(separator: "&"))) == 200, "100 parameters")
        #expect(RawClient.status(get("/a?" + String(repeating: "b", count: 8192 - 3))) == 200, "a target of 8192 bytes")
        #expect(RawClient.status(get("/a", headers: (0..<98).map { "X-\($0): y" })) == 200, "100 header fields")
        #expect(seen.all.count == 3)
    }

    @Test(
        "A refused head is answered before its body, with the connection closed; at most 2 spools at once (503, Retry-After); 507 when the spool would leave too little free"
    )
    func admissionAndSpools() throws {
        let admit: HTTPServer.Admit = { request in
            request.headers["authorization"] == nil ? .refuse(APIError(401, "unauthorized", "sign in").response) : .proceed(nil)
        }
        let (server, port, _) = try InProcessServer.start({ $0.spoolLimit = 2 }, admit: admit)
        defer { server.stop() }
        // 50 MB announced and not one byte sent: answered, and closed.
        let anonymous = exchange(Array("POST /spool HTTP/1.1\r\nHost: x\r\nContent-Length: 50000000\r\n\r\n".utf8), port: port)
        #expect(RawClient.status(anonymous) == 401 && anonymous.contains("Connection: close"), "\(anonymous.prefix(200))")
        // Two spools at once; the third is 503 with Retry-After, before its body.
        let head = "POST /spool HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nContent-Length: 10000000\r\n\r\n"
        let spooling = (0..<2).compactMap { _ in RawClient(from: "127.0.0.3", to: port) }
        for client in spooling {
            client.send(head)
            client.send([UInt8](repeating: 0x41, count: 1024))
        }
        try Waiting.until("two spools") { server.spools.count == 2 }
        let third = exchange(Array(head.utf8), port: port, from: "127.0.0.4")
        #expect(RawClient.status(third) == 503, "\(third.prefix(300))")
        #expect(third.contains("Retry-After: ") && third.contains(#""code":"busy""#))
        spooling.forEach { $0.close() }
        server.stop()

        // A reserve larger than the free space: a declared length is 507 at once.
        let (full, fullPort, _) = try InProcessServer.start({ $0.spoolReserve = Int.max / 2 })
        defer { full.stop() }
        let declared = exchange(Array("POST /spool HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n".utf8), port: fullPort)
        #expect(RawClient.status(declared) == 507 && declared.contains(#""code":"storage_full""#), "\(declared.prefix(300))")
        full.stop()

        // A chunked body is refused as soon as it would go below the reserve: here 1 MiB under today's free space.
        let gate = SpoolGate(limit: 2, reserve: 0, folder: ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp")
        let (chunked, chunkedPort, _) = try InProcessServer.start({ $0.spoolReserve = gate.free() - (1 << 20) })
        defer { chunked.stop() }
        let client = try #require(RawClient(from: "127.0.0.5", to: chunkedPort))
        defer { client.close() }
        client.send("POST /spool HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x42, count: 0x10000) + Array("\r\n".utf8)
        for _ in 0..<64 { client.send(chunk) }
        client.send("0\r\n\r\n")
        let answer = client.readAll(within: 20)
        #expect(RawClient.status(answer) == 507 && answer.contains(#""code":"storage_full""#), "\(answer.prefix(300))")
    }

    @Test("When more than 3/4 of the connections are held a head gets 2 s; at the limit the oldest unfinished head is closed, not the new connection")
    func crowdedConnections() throws {
        let (server, port, seen) = try InProcessServer.start({
            $0.connectionLimit = 5
            $0.perAddressLimit = 5
        })
        defer { server.stop() }
        var slow: [RawClient] = []
        for index in 0..<5 {
            let client = try #require(RawClient(from: "127.0.6.\(index + 1)", to: port))
            client.send("GET /slow HTTP/1.1\r\n")
            slow.append(client)
            // Each is counted before the next: the watchdog sees them in order.
            try Waiting.until("connection \(index + 1) counted") { server.openConnections >= index + 1 }
        }
        let honest = exchange(Array("GET /honest HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".utf8), port: port, from: "127.0.6.9")
        #expect(RawClient.status(honest) == 200, "a new connection at the limit is answered: \(honest.prefix(100))")
        #expect(slow[0].isClosedByServer(within: 5), "the oldest unfinished head is closed")
        #expect(slow[1...].allSatisfy { !$0.isClosedByServer }, "only it")
        // Past 3/4 of the limit (4 of 5 held), a new head has 2 s, not 10: closed within 5 s.
        let late = try #require(RawClient(from: "127.0.6.10", to: port))
        late.send("GET /late HTTP/1.1\r\n")
        #expect(late.isClosedByServer(within: 6), "a crowded server's head deadline is 2 s")
        #expect(seen.all == ["/honest"])
        (slow + [late]).forEach { $0.close() }
    }

    @Test("Content-Type is compared by its media type, in any case, parameters allowed; application/jsonx is 415")
    func mediaTypes() throws {
        #expect(MediaType.matches("application/json", "application/json"))
        #expect(MediaType.matches("Application/JSON; charset=utf-8", "application/json"))
        #expect(MediaType.matches(" text/csv ;header=present", "text/csv"))
        #expect(!MediaType.matches("application/jsonx", "application/json"))
        #expect(!MediaType.matches("application/json-patch+json", "application/json"))
        #expect(!MediaType.matches("text/csvx", "text/csv"))
        #expect(!MediaType.matches(nil, "application/json"))
        #expect(throws: APIError.self) { try RequestInput.body(Array("{}".utf8), contentType: "application/jsonx") }
        do {
            _ = try RequestInput.body(Array("{}".utf8), contentType: "application/jsonx")
        } catch {
            #expect(error.status == 415)
        }
    }
}

/// Issue #36 through a real `gaslog-server`: the routes' admission on the
/// head, the access log's accounts, SIGTERM's drain, and failed logins
/// counted per account and address.
@Suite("Hardening (#36): admission, logs, drain and throttling", .serialized)
struct HardeningServiceTests {
    /// A server with the admin ada and the reader rita, and rita's token.
    func server() throws -> (ServerHarness, token: String) {
        let server = ServerHarness()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("rita", role: "reader")
        let created = server.gaslog("token", "create", "rita", "--label", "hardening", "--json")
        let token = (try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["token"] as? String ?? ""
        try server.start()
        return (server, token)
    }

    /// Sends a head and no body; the answer, read until the server closes the connection.
    func headOnly(_ head: [String], port: Int) -> String {
        guard let client = RawClient(from: "127.0.0.2", to: port) else { return "" }
        defer { client.close() }
        client.send((head + ["Host: 127.0.0.1"]).joined(separator: "\r\n") + "\r\n\r\n")
        return client.readAll(within: 10)
    }

    @Test(
        "Finding 1: an import of 50 MB without credentials, by a reader, or of the wrong type is answered before one byte of its body, and closed; finding 9: the reader's 403 is logged with its account"
    )
    func refusedOnTheHead() throws {
        let (server, token) = try server()
        defer { _ = server.stop() }
        let admin = "Authorization: Basic " + Data("ada:correct horse battery".utf8).base64EncodedString()
        let cases: [([String], Int, String)] = [
            (["POST /api/v1/import HTTP/1.1", "Content-Type: text/csv", "Content-Length: 50000000"], 401, "unauthorized"),
            (
                ["POST /api/v1/import HTTP/1.1", "Authorization: Bearer \(token)", "Content-Type: text/csv", "Content-Length: 50000000"], 403,
                "forbidden"
            ),
            (["POST /api/v1/import HTTP/1.1", "Authorization: Bearer \(token)", "Transfer-Encoding: chunked"], 403, "forbidden"),
            (["POST /api/v1/import HTTP/1.1", admin, "Content-Type: application/json", "Content-Length: 50000000"], 415, "unsupported_media_type"),
            (["POST /api/v1/fills HTTP/1.1", admin, "Content-Type: application/jsonx", "Content-Length: 10"], 415, "unsupported_media_type"),
            (["POST /api/v1/fills HTTP/1.1", admin, "Content-Type: application/json", "Content-Length: 2000000"], 413, "too_large"),
            (["POST /api/v1/nothing-here HTTP/1.1", admin, "Content-Type: application/json", "Content-Length: 10"], 404, "not_found"),
            (["PUT /api/v1/config HTTP/1.1", admin, "Content-Type: application/json", "Content-Length: 10"], 405, "method_not_allowed"),
            (["POST /api/v1/import HTTP/1.1", admin, "Content-Type: text/csv", "Content-Length: 300000000"], 413, "too_large"),
        ]
        for (head, status, code) in cases {
            let answer = headOnly(head, port: server.port)
            #expect(RawClient.status(answer) == status, "\(head[0]) \(head.last ?? ""): \(answer.prefix(300))")
            #expect(answer.contains(#""code":"\#(code)""#) && answer.contains("Connection: close"), "\(answer.prefix(400))")
        }
        // The refusals are in the access log with the account that made them.
        try Waiting.until("the last refusal's log line") { server.log.contains(" ada PUT /api/v1/config 405") }
        #expect(server.log.contains(" rita POST /api/v1/import 403"), "\(server.log)")
        #expect(server.log.contains(" ada POST /api/v1/import 415"))
        #expect(server.log.contains(" ada POST /api/v1/nothing-here 404"))
        #expect(server.log.contains(" - POST /api/v1/import 401"))
        // An authorised import is read and imported.
        let csv = "cylinder,o2,at\r\n"
        let imported = server.request(
            "POST", "/api/v1/import?dry_run=true", as: .basic("ada", "correct horse battery"), body: Data(csv.utf8),
            contentType: "Text/CSV; charset=utf-8")
        #expect(imported.status != 415 && imported.status != 401, "\(imported.status) \(imported.text)")
    }

    @Test("Finding 11: after SIGTERM a kept-alive connection gets its request in flight answered with Connection: close, and the next is not read")
    func drainStartsNothing() throws {
        let (server, token) = try server()
        let idle = try #require(RawClient(from: "127.0.0.2", to: server.port))
        defer { idle.close() }
        idle.send("GET /api/v1/config HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n")
        #expect(RawClient.status(idle.readAnswer(within: 10)) == 200)
        // A request in flight: its head and half of its body.
        let busy = try #require(RawClient(from: "127.0.0.3", to: server.port))
        defer { busy.close() }
        let body = #"{"value": "metric"}"#
        let admin = "Authorization: Basic " + Data("ada:correct horse battery".utf8).base64EncodedString()
        // `Expect: 100-continue` makes the server say when it has read and admitted the head:
        // only then is the request in flight, not a head still arriving, which a drain closes.
        busy.send(
            "PUT /api/v1/config/unit HTTP/1.1\r\nHost: x\r\n\(admin)\r\nContent-Type: application/json\r\n"
                + "Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n\r\n")
        #expect(busy.readAnswer(within: 10).hasPrefix("HTTP/1.1 100 Continue"), "the head is admitted")
        busy.send(String(body.prefix(5)))
        guard let process = server.process else { return }
        kill(process.processIdentifier, SIGTERM)
        try Waiting.until("the server says it is stopping") { server.log.contains("stopping") }
        // The idle kept-alive connection is closed, its next request never read.
        #expect(idle.isClosedByServer(within: 5), "the idle kept-alive connection is closed")
        // The request in flight is answered, with Connection: close; a next one sent behind it is not read.
        busy.send(String(body.dropFirst(5)) + "GET /api/v1/config HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer \(token)\r\n\r\n")
        let answer = busy.readAll(within: 10)
        #expect(RawClient.status(answer) == 200, "\(answer.prefix(300))")
        #expect(answer.contains("Connection: close"), "\(answer.prefix(300))")
        #expect(answer.components(separatedBy: "HTTP/1.1 ").count == 2, "one answer, not two: \(answer)")
        #expect(server.waitForExit(within: 15) == 0)
        #expect(server.log.components(separatedBy: " rita GET /api/v1/config 200").count == 2, "the request behind it was never read")
    }
}

/// Finding 2, counted without waiting: failures by account and address, forgotten after 15 minutes, 4 waiting places per address.
@Suite("Failed logins count per account and client address (#36)")
struct FailedLoginAddressTests {
    /// A clock the test moves.
    final class Clock: @unchecked Sendable {
        private let lock = NSLock()
        private var seconds = 1000.0
        func advance(_ by: Double) { lock.withLock { seconds += by } }
        var now: Double { lock.withLock { seconds } }
    }

    let stranger: [UInt8] = [127, 0, 0, 2]
    let owner: [UInt8] = [127, 0, 0, 5]

    @Test("A stranger's failures never delay, refuse or queue the account's logins from another address")
    func strangersCannotLockOut() {
        let failures = FailedLogins()
        for _ in 0..<100 { _ = failures.recordFailure(for: "root", from: stranger) }
        guard case .now = failures.turn(for: "root", from: owner, waited: false) else {
            Issue.record("root from another address waits")
            return
        }
        // The stranger's own attempts wait 30 s; only 4 of them at once, then 503 at once.
        var deferrals: [Deferral] = []
        for _ in 0..<4 {
            guard case .wait(let deferral) = failures.turn(for: "root", from: stranger, waited: false) else {
                Issue.record("the stranger should wait")
                return
            }
            #expect(deferral.seconds == 30)
            deferrals.append(deferral)
        }
        guard case .full = failures.turn(for: "root", from: stranger, waited: false) else {
            Issue.record("a 5th waiting attempt from one address is 503 at once")
            return
        }
        // Another stranger, with failures of its own, still gets a place.
        let other: [UInt8] = [127, 0, 0, 3]
        for _ in 0..<6 { _ = failures.recordFailure(for: "root", from: other) }
        guard case .wait(let theirs) = failures.turn(for: "root", from: other, waited: false) else {
            Issue.record("another address's place is its own")
            return
        }
        #expect(failures.waitingCount == 5)
        (deferrals + [theirs]).forEach { $0.release() }
        #expect(failures.waitingCount == 0)
        // A success from the owner's address resets its count only.
        _ = failures.recordFailure(for: "root", from: owner)
        failures.reset(for: "root", from: owner)
        guard case .wait(let again) = failures.turn(for: "root", from: stranger, waited: false) else {
            Issue.record("the stranger's count is kept")
            return
        }
        again.release()
    }

    @Test("An address's failures for an account are forgotten 15 minutes after the last one; IPv6 counts by /64")
    func countsDecay() {
        let clock = Clock()
        let failures = FailedLogins(now: { clock.now })
        for _ in 0..<10 { _ = failures.recordFailure(for: "root", from: stranger) }
        clock.advance(14 * 60)
        #expect(failures.recordFailure(for: "root", from: stranger) == 11, "14 minutes: still counted, and the clock restarts")
        clock.advance(14 * 60 + 59)
        guard case .wait(let deferral) = failures.turn(for: "root", from: stranger, waited: false) else {
            Issue.record("under 15 minutes after the last failure, still slowed")
            return
        }
        deferral.release()
        clock.advance(1)
        guard case .now = failures.turn(for: "root", from: stranger, waited: false) else {
            Issue.record("15 minutes after the last failure, forgotten")
            return
        }
        #expect(failures.recordFailure(for: "root", from: stranger) == 1)
        let first: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 7) + [1]
        let sameNetwork: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1] + [UInt8](repeating: 0xff, count: 8)
        let otherNetwork: [UInt8] = [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 2] + [UInt8](repeating: 0, count: 8)
        for _ in 0..<5 { _ = failures.recordFailure(for: "root", from: first) }
        #expect(failures.recordFailure(for: "root", from: sameNetwork) == 6)
        #expect(failures.recordFailure(for: "root", from: otherNetwork) == 1)
        #expect(FailedLogins.network(of: [UInt8](repeating: 0, count: 10) + [0xff, 0xff, 127, 0, 0, 2]) == stranger)
    }
}
