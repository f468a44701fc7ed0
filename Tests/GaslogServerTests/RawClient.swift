import Foundation
import Glibc

/// A client on a raw socket, bound to a loopback source address of its
/// choosing (any 127.x address is this machine's), for tests that need many
/// connections, partial requests, or a client address of their own.
struct RawClient {
    let socket: Int32

    /// Connects from `source` to the server's port on 127.0.0.1; nil when the connection is refused.
    init?(from source: String, to port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return nil }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        inet_pton(AF_INET, source, &local.sin_addr)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = UInt16(port).bigEndian
        inet_pton(AF_INET, "127.0.0.1", &remote.sin_addr)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 else {
            Glibc.close(socket)
            return nil
        }
        self.socket = socket
    }

    /// Sends `text`; false when the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return send(bytes)
    }

    /// Sends `bytes`, all of them; false when the connection is gone.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            sent += count
        }
        return true
    }

    /// Reads until the server closes, or `seconds` pass; what arrived.
    func readAll(within seconds: Double) -> String {
        String(decoding: readBytes(within: seconds), as: UTF8.self)
    }

    /// Reads until the server closes, or `seconds` pass; the bytes that arrived.
    func readBytes(within seconds: Double) -> [UInt8] {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, RawClient.milliseconds(until: deadline)) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return received
    }

    /// Reads one answer on a kept-alive connection, its head and its
    /// Content-Length of body, or what arrived before the server closed or
    /// `seconds` passed.
    func readAnswer(within seconds: Double) -> String {
        var received: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(seconds)
        var buffer = [UInt8](repeating: 0, count: 65536)
        while ContinuousClock.now < deadline {
            let text = String(decoding: received, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let length =
                    text[..<end.lowerBound].lowercased().components(separatedBy: "\r\n")
                    .first { $0.hasPrefix("content-length:") }
                    .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
                if text[end.upperBound...].utf8.count >= length { break }
            }
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, RawClient.milliseconds(until: deadline)) > 0 else { continue }
            let count = recv(socket, &buffer, buffer.count, 0)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether the server closes the connection within `seconds`, waiting on the socket.
    func isClosedByServer(within seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while !isClosedByServer {
            guard ContinuousClock.now < deadline else { return false }
            var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            _ = poll(&entry, 1, RawClient.milliseconds(until: deadline))
        }
        return true
    }

    /// Whether the server has closed the connection (or reset it), without waiting.
    var isClosedByServer: Bool {
        var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        var byte: UInt8 = 0
        let count = recv(socket, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }

    func close() { Glibc.close(socket) }

    /// The milliseconds left until `deadline`, at least 1, for `poll(2)`'s timeout.
    private static func milliseconds(until deadline: ContinuousClock.Instant) -> Int32 {
        let (seconds, attoseconds) = (deadline - ContinuousClock.now).components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    /// One request on a connection of its own, closed after the answer: its
    /// status line and headers and body, or what came before `seconds` passed.
    static func request(
        _ path: String, method: String = "GET", from source: String = "127.0.0.2", to port: Int, headers: [String] = [], within seconds: Double = 10
    ) -> String {
        guard let client = RawClient(from: source, to: port) else { return "" }
        defer { client.close() }
        let head = ["\(method) \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + headers
        client.send(head.joined(separator: "\r\n") + "\r\n\r\n")
        return client.readAll(within: seconds)
    }

    /// The status of an answer as `request` returns it, or 0.
    static func status(_ answer: String) -> Int {
        guard let match = answer.firstMatch(of: /^HTTP\/1\.[01] (\d{3})/) else { return 0 }
        return Int(match.output.1) ?? 0
    }

    /// The server's own sockets on `port` in a TCP state, such as `CLOSE-WAIT`, as `ss -tan` lists them.
    static func serverSockets(port: Int, state: String) -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/ss")
        process.arguments = ["-tanH"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try? process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text.split(separator: "\n").count { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 4 && fields[0] == state && fields[3] == "127.0.0.1:\(port)"
        }
    }
}
