import Foundation
import Glibc
import Testing

@testable import GaslogServer

/// The service against hostile clients, on loopback only: throttled logins
/// that hold no worker, slow and idle connections cut off, per-address and
/// total connection limits, recovery after a flood, a chunked body over its
/// limit, and HSTS. Attackers connect from 127.0.0.1 and 127.0.1.x, the
/// honest client from 127.0.0.2. Every load is bounded in count and time.
@Suite("gaslog serve against hostile clients: throttled logins, slow clients, connection limits", .serialized)
struct HostileClientTests {
    static let basicWrong = "Authorization: Basic " + Data("ada:wrong".utf8).base64EncodedString()
    /// The admin's right password: a body is read only once its head is admitted, and a reader may not post fills.
    static let basicAdmin = "Authorization: Basic " + Data("ada:correct horse battery".utf8).base64EncodedString()

    /// A server with an admin whose logins are throttled, and a reader with a token.
    func server(_ extra: [String] = []) throws -> (ServerHarness, token: String) {
        let server = ServerHarness()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("rita", role: "reader")
        let created = server.gaslog("token", "create", "rita", "--label", "honest client", "--json")
        let token = (try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["token"] as? String ?? ""
        try server.start(extra)
        return (server, token)
    }

    /// Sends a throttled login for ada from `source`, without reading the answer.
    func throttledAttempt(from source: String, to port: Int) -> RawClient? {
        guard let client = RawClient(from: source, to: port) else { return nil }
        client.send("GET /api/v1/config HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(Self.basicWrong)\r\n\r\n")
        return client
    }

    @Test(
        "64 throttled logins wait on no worker: another account's requests are answered meanwhile; a 5th from one address and the 65th in all are 503; a gone client is released; SIGTERM answers the rest 503",
        .timeLimit(.minutes(3)))
    func throttledLoginsHoldNothing() throws {
        let (server, token) = try server()
        #expect(!token.isEmpty)
        // Failures count per account and address (#36), and one address holds
        // at most 4 waiting places: 16 addresses hold the 64. Each has its 5
        // free failures, then three rounds of 4 at once, which wait 1, 5 and
        // 9 s: its count is then 17, and its wait 13 s. A 17th address has its 5 free failures only.
        let addresses = (0..<16).map { "127.0.1.\($0 + 20)" }
        func round(_ sources: [String], each: Int) {
            let clients = sources.flatMap { source in (0..<each).compactMap { _ in throttledAttempt(from: source, to: server.port) } }
            #expect(clients.count == sources.count * each)
            for client in clients {
                #expect(RawClient.status(client.readAll(within: 60)) == 401)
                client.close()
            }
        }
        round(addresses + ["127.0.1.40"], each: 5)
        for _ in 0..<3 { round(addresses, each: 4) }

        let waiting = addresses.flatMap { source in (0..<4).compactMap { _ in throttledAttempt(from: source, to: server.port) } }
        #expect(waiting.count == 64)
        // All 64 wait once the server's sockets for them are open; the reader's
        // token is answered meanwhile (its p99 is scripts/load-tests' throttle).
        try ServerHarness.poll("64 waiting logins") { RawClient.serverSockets(port: server.port, state: "ESTAB") >= 64 }
        let honest = RawClient.request("/api/v1/config", to: server.port, headers: ["Authorization: Bearer \(token)"], within: 60)
        #expect(RawClient.status(honest.answer) == 200, "\(honest.answer.prefix(200))")
        #expect(waiting.allSatisfy { !$0.hasAnswer }, "the throttled logins still wait")

        // A 5th from one address is refused at once, and so is the 65th in all, each 503 with its Retry-After.
        let fifth = RawClient.request("/api/v1/config", from: addresses[0], to: server.port, headers: [Self.basicWrong], within: 5)
        #expect(RawClient.status(fifth.answer) == 503 && fifth.answer.lowercased().contains("retry-after: 13"), "\(fifth.answer.prefix(300))")
        let refused = RawClient.request("/api/v1/config", from: "127.0.1.40", to: server.port, headers: [Self.basicWrong], within: 5)
        #expect(RawClient.status(refused.answer) == 503, "\(refused.answer.prefix(200))")
        #expect(refused.answer.lowercased().contains("retry-after: 1"), "\(refused.answer.prefix(300))")
        // The log is read from the server's standard error as it comes.
        try ServerHarness.poll("the refusal's log line") { server.log.contains("(6 in a row): 64 logins are already waiting") }
        #expect(server.log.contains("(18 in a row): 64 logins are already waiting, or 4 from this address; answered 503"))
        #expect(server.log.contains("(6 in a row): 64 logins are already waiting, or 4 from this address; answered 503"))

        // A waiting client that goes away is released at once, not left in CLOSE-WAIT.
        let gone = waiting[0]
        gone.close()
        try ServerHarness.poll("the gone client's connection closed") { RawClient.serverSockets(port: server.port, state: "CLOSE-WAIT") == 0 }
        #expect(RawClient.serverSockets(port: server.port, state: "ESTAB") >= 63)

        // SIGTERM: every waiting login is answered 503 and the server exits 0.
        guard let process = server.process else { return }
        kill(process.processIdentifier, SIGTERM)
        let answers = waiting.dropFirst().map { RawClient.status($0.readAll(within: 12)) }
        #expect(answers.count == 63 && answers.allSatisfy { $0 == 503 }, "\(answers)")
        #expect(server.waitForExit(within: 12) == 0)
        waiting.dropFirst().forEach { $0.close() }
    }

    @Test(
        "300 slow clients from 127.0.0.1, a header line every 3 s, never stop /healthz from 127.0.0.2; each is closed by the server",
        .timeLimit(.minutes(2)))
    func slowClients() throws {
        let (server, _) = try server()
        let started = ContinuousClock.now
        var slow: [RawClient] = []
        for _ in 0..<300 {
            if let client = RawClient(from: "127.0.0.1", to: server.port) {
                client.send("GET /healthz HTTP/1.1\r\n")
                slow.append(client)
            }
        }
        // Each keeps sending a header line every 3 s until the server cuts it
        // (refused past 32, or cut at 10 s); /healthz from 127.0.0.2 is
        // answered meanwhile (within 1 s: scripts/load-tests' slowheaders).
        var lines = 0
        let deadline = ContinuousClock.now + .seconds(60)
        while slow.contains(where: { !$0.isClosedByServer }) && ContinuousClock.now < deadline {
            let (answer, _) = RawClient.request("/healthz", to: server.port, within: 5)
            #expect(RawClient.status(answer) == 200)
            if ContinuousClock.now - started >= .seconds(3 * (lines + 1)) {
                lines += 1
                for client in slow where !client.isClosedByServer { client.send("X-Slow-\(lines): yes\r\n") }
            }
        }
        let open = slow.count { !$0.isClosedByServer }
        #expect(open == 0, "\(open) slow connections still open")
        slow.forEach { $0.close() }
        try ServerHarness.poll("no socket in CLOSE-WAIT") { RawClient.serverSockets(port: server.port, state: "CLOSE-WAIT") == 0 }
        #expect(server.stop() == 0)
    }

    @Test("After 1,000 connections are opened and dropped, the server answers again, with nothing left in CLOSE-WAIT", .timeLimit(.minutes(2)))
    func recoveryAfterFlood() throws {
        let (server, _) = try server()
        var flood: [RawClient] = []
        // 1,000 from 40 addresses, 25 each: the 512 in all is reached, not the 32 per address.
        for index in 0..<1000 {
            if let client = RawClient(from: "127.0.2.\(index % 40 + 1)", to: server.port) { flood.append(client) }
        }
        #expect(flood.count > 512)
        usleep(300_000)
        let crowded = RawClient.request("/healthz", to: server.port, within: 3)
        print("at the flood's height /healthz was \(RawClient.status(crowded.answer)) in \(Int(crowded.seconds * 1000)) ms")
        flood.forEach { $0.close() }
        // It answers again (within 5 s: scripts/load-tests' flood).
        var status = 0
        try ServerHarness.poll("/healthz answered 200 after the flood") {
            status = RawClient.status(RawClient.request("/healthz", to: server.port, within: 5).answer)
            return status == 200
        }
        #expect(status == 200)
        try ServerHarness.poll("no socket in CLOSE-WAIT") { RawClient.serverSockets(port: server.port, state: "CLOSE-WAIT") == 0 }
        #expect(server.stop() == 0)
    }

    @Test(
        "Per-address and total limits, from their options: a connection past the address's is closed at once; past the total the oldest unfinished head is",
        .timeLimit(.minutes(1)))
    func connectionLimits() throws {
        let (server, _) = try server(["--per-address-connections", "3", "--max-connections", "5", "--threads", "1"])
        let first = (0..<3).compactMap { _ in RawClient(from: "127.0.3.1", to: server.port) }
        usleep(200_000)
        let fourth = try #require(RawClient(from: "127.0.3.1", to: server.port))
        usleep(300_000)
        #expect(fourth.isClosedByServer, "a 4th connection from one address is refused")
        #expect(first.allSatisfy { !$0.isClosedByServer })
        let others = (0..<2).compactMap { _ in RawClient(from: "127.0.3.2", to: server.port) }
        usleep(200_000)
        let sixth = try #require(RawClient(from: "127.0.3.3", to: server.port))
        sixth.send("GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        let answer = sixth.readAll(within: 5)
        // At the limit in all, the new connection is not refused while some
        // connection has not finished its head (#36): the oldest of those is closed instead.
        #expect(RawClient.status(answer) == 200, "a 6th connection in all is answered: \(answer.prefix(40))")
        #expect(first[0].isClosedByServer(within: 5), "the oldest connection without a whole head is closed")
        #expect(first[1...].allSatisfy { !$0.isClosedByServer } && others.allSatisfy { !$0.isClosedByServer }, "only it")
        (first + others + [fourth, sixth]).forEach { $0.close() }
        usleep(300_000)
        #expect(RawClient.status(RawClient.request("/healthz", from: "127.0.3.1", to: server.port).answer) == 200)
        #expect(server.stop() == 0)

        #expect(throws: ServerMain.Refusal.self) { try ServerMain.parse(["--max-connections", "0"]) }
        #expect(throws: ServerMain.Refusal.self) { try ServerMain.parse(["--per-address-connections", "x"]) }
        let parsed = try ServerMain.parse(["--max-connections", "100", "--per-address-connections=8"])
        #expect(parsed.maxConnections == 100 && parsed.perAddressConnections == 8)
        #expect(server.gaslog("serve", "--max-connections", "0").status == 64)
        #expect(server.gaslog("serve", "--help").stdout.contains("--per-address-connections"))
    }

    @Test(
        "Past the per-address limit the address's idle kept-alive connections are closed, oldest first; only a connection still over it is refused",
        .timeLimit(.minutes(1)))
    func idleConnectionsMakeRoom() throws {
        let (server, _) = try server(["--per-address-connections", "3", "--threads", "1"])
        let request = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        let source = "127.0.5.1"
        // Three kept-alive connections from one address, each answered once, the first the oldest.
        var idle: [RawClient] = []
        for _ in 0..<3 {
            let client = try #require(RawClient(from: source, to: server.port))
            client.send(request)
            #expect(RawClient.status(client.readAnswer(within: 5)) == 200)
            idle.append(client)
        }
        // A fourth is answered: the oldest idle connection is closed to make room, and only it.
        let fourth = try #require(RawClient(from: source, to: server.port))
        fourth.send(request)
        #expect(RawClient.status(fourth.readAnswer(within: 5)) == 200, "the 4th connection is answered, not refused")
        #expect(idle[0].isClosedByServer(within: 5), "the oldest idle connection is closed")
        #expect(!idle[1].isClosedByServer && !idle[2].isClosedByServer, "the other idle ones are kept")
        // Connections sending a head are not idle; each new one closes the next
        // oldest idle connection: the second, the third, then the fourth.
        var sending: [RawClient] = []
        for closed in [idle[1], idle[2], fourth] {
            let client = try #require(RawClient(from: source, to: server.port))
            client.send("GET /healthz HTTP/1.1\r\n")
            sending.append(client)
            #expect(closed.isClosedByServer(within: 5))
        }
        // Three connections sending heads and none idle: one more is refused, unanswered.
        let over = try #require(RawClient(from: source, to: server.port))
        over.send(request)
        #expect(over.readAll(within: 5).isEmpty, "a connection still over the limit is refused")
        #expect(sending.allSatisfy { !$0.isClosedByServer }, "connections sending a head are never closed to make room")
        (idle + [fourth, over] + sending).forEach { $0.close() }
        #expect(RawClient.status(RawClient.request("/healthz", from: "127.0.5.2", to: server.port).answer) == 200)
        #expect(server.stop() == 0)
    }

    @Test(
        "A head not whole in 10 s, a body under 1 KiB/s after 10 s, and a connection idle 30 s are closed, each at its time",
        .timeLimit(.minutes(2)))
    func timeLimits() throws {
        let (server, _) = try server()
        let started = Date()
        let slowHead = try #require(RawClient(from: "127.0.4.1", to: server.port))
        slowHead.send("GET /healthz HTTP/1.1\r\n")
        let slowBody = try #require(RawClient(from: "127.0.4.2", to: server.port))
        // An admin's: a body is read only once its head is admitted (#36).
        slowBody.send(
            "POST /api/v1/fills HTTP/1.1\r\nHost: x\r\n\(Self.basicAdmin)\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n")
        let idle = try #require(RawClient(from: "127.0.4.3", to: server.port))
        idle.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        // The answer to its one request; then the connection idles, kept alive.
        var entry = pollfd(fd: idle.socket, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, 5000)
        var buffer = [UInt8](repeating: 0, count: 4096)
        #expect(recv(idle.socket, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0)
        var closedAt: [Int: Double] = [:]
        var sentBody = 0
        var headLines = 0
        while Date().timeIntervalSince(started) < 36 && closedAt.count < 3 {
            usleep(250_000)
            let elapsed = Date().timeIntervalSince(started)
            // 400 bytes a second: under 1 KiB/s. A header line every 2 s.
            if closedAt[1] == nil && Double(sentBody) < elapsed * 400 {
                slowBody.send(String(repeating: " ", count: 100))
                sentBody += 100
            }
            if closedAt[0] == nil && elapsed >= Double(headLines + 1) * 2 {
                headLines += 1
                slowHead.send("X-Slow-\(headLines): yes\r\n")
            }
            for (index, client) in [slowHead, slowBody, idle].enumerated() where closedAt[index] == nil && client.isClosedByServer {
                closedAt[index] = elapsed
            }
        }
        print("closed after: slow head \(closedAt[0] ?? -1) s, slow body \(closedAt[1] ?? -1) s, idle \(closedAt[2] ?? -1) s")
        #expect((9.5...12).contains(closedAt[0] ?? -1), "slow head")
        #expect((9.5...13).contains(closedAt[1] ?? -1), "slow body")
        #expect((29...34).contains(closedAt[2] ?? -1), "idle keep-alive")
        [slowHead, slowBody, idle].forEach { $0.close() }
        usleep(300_000)
        #expect(RawClient.serverSockets(port: server.port, state: "CLOSE-WAIT") == 0)
        #expect(server.stop() == 0)
    }

    @Test("A chunked body over 1 MiB is answered 413 before the connection closes")
    func chunkedOverLimit() throws {
        let (server, _) = try server()
        let client = try #require(RawClient(from: "127.0.0.2", to: server.port))
        client.send(
            "POST /api/v1/fills HTTP/1.1\r\nHost: x\r\n\(Self.basicAdmin)\r\nContent-Type: application/json\r\n"
                + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n")
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 0x20, count: 0x10000) + Array("\r\n".utf8)
        for _ in 0..<24 { client.send(chunk) }
        client.send("0\r\n\r\n")
        let answer = client.readAll(within: 10)
        client.close()
        #expect(RawClient.status(answer) == 413, "\(answer.prefix(200))")
        #expect(answer.contains(#""code":"too_large""#))
        // Without TLS, no HSTS.
        #expect(!answer.lowercased().contains("strict-transport-security"))
        #expect(RawClient.status(RawClient.request("/healthz", to: server.port).answer) == 200)
        #expect(server.stop() == 0)
    }
}
