import CMicroHTTPD
import Foundation

/// One connection as the watchdog sees it: its socket, and what it is doing.
/// Every field is read and written under the watchdog's lock.
final class ConnectionWatch {
    /// What a connection is doing, with the time it began, on the monotonic clock.
    enum Phase {
        /// Sending a request head, which must be whole by `deadline`.
        case head(deadline: Double)
        /// Sending a body: `received` bytes since `since`.
        case body(since: Double, received: Int)
        /// Being answered: no limit of the watchdog's.
        case handling
        /// A throttled login, suspended until `until`.
        case waiting(until: Double)
        /// Resumed by the watchdog, for `reason`; the access handler is called again.
        case resumed(ResumeReason)
    }

    /// Why a waiting connection was resumed.
    enum ResumeReason {
        /// Its wait is over: the request is handled again.
        case due
        /// Its client has gone: the connection is closed without an answer.
        case gone
        /// The server is stopping: the request is answered 503.
        case stopping
    }

    let connection: OpaquePointer
    var descriptor: Int32
    var phase: Phase
    /// The client's address, as bytes: what the per-address limit counts by.
    let address: [UInt8]
    /// When it opened, on the monotonic clock: the oldest idle connection is closed first.
    let openedAt: Double
    /// Whether it counts against the limits: not once refused, nor once
    /// closed to make room, when its socket is shut and no request of it is
    /// read any more.
    var counted = false
    /// Kept alive after an answer, with no byte of a next request read yet.
    var idle = false
    /// Whether the watchdog has shut the socket.
    var cut = false
    /// When it began waiting for its current head, on the monotonic clock.
    var headSince: Double?

    init(connection: OpaquePointer, descriptor: Int32, phase: Phase, address: [UInt8], openedAt: Double) {
        self.connection = connection
        self.descriptor = descriptor
        self.phase = phase
        self.address = address
        self.openedAt = openedAt
        self.headSince = openedAt
    }
}

/// The server's own time limits, which libmicrohttpd's inactivity timeout
/// cannot give: a request head must be whole within ``Limits/head`` of the
/// connection's start (``Limits/idle`` after the last answer on a kept-alive
/// connection), and a body must average ``Limits/bodyRate`` bytes a second
/// after its first ``Limits/bodyGrace`` seconds. A connection over a limit has
/// its socket shut, which libmicrohttpd notices at once and closes.
///
/// It holds the connection limits too, in all and per client address. Before
/// a new connection is refused over either, the connections whose client has
/// closed them are dropped (their pool thread may be busy answering another
/// request, and would notice the close only after it), then the address's
/// idle kept-alive connections are closed, oldest first; only a connection
/// still over a limit is refused.
///
/// It also ends throttled logins' waits: a suspended connection is not
/// polled by libmicrohttpd, so the watchdog resumes it when its time is up,
/// when its client has gone, or when the server stops.
final class ConnectionWatchdog: @unchecked Sendable {
    /// The limits, in seconds and bytes a second.
    struct Limits: Sendable {
        var head: Double = 10
        var idle: Double = 30
        var bodyGrace: Double = 10
        var bodyRate: Double = 1024
        /// The most connections held at once; past it a connection is shut as soon as it opens.
        var connections = 512
        /// The most connections one client address holds at once; past it the same.
        var perAddress = 32
    }

    let limits: Limits
    private let condition = NSCondition()
    private var watches: [ObjectIdentifier: ConnectionWatch] = [:]
    /// Connections open and counted, in all and by client address.
    private var held = 0
    private var heldByAddress: [[UInt8]: Int] = [:]
    private var stopping = false
    private var draining = false
    private var finished = false
    private var running = false
    /// Seconds a new connection has for its head when more than three quarters of the connections are held.
    static let crowdedHead = 2.0
    /// How often the watchdog looks, at most, in seconds.
    private static let tick = 0.25

    init(limits: Limits) {
        self.limits = limits
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func start() {
        condition.withLock {
            guard !running else { return }
            running = true
            finished = false
        }
        let thread = Thread { [self] in run() }
        thread.name = "gaslog-watchdog"
        thread.start()
    }

    /// Stops the watchdog's thread; call it after the daemon has stopped.
    func finish() {
        condition.withLock {
            finished = true
            condition.broadcast()
            while running { condition.wait() }
        }
    }

    /// A new connection, from libmicrohttpd's notice that it started. Past
    /// ``Limits/connections`` in all or ``Limits/perAddress`` from its
    /// address, once room has been made where it can (see the type's
    /// summary), it is shut at once: libmicrohttpd's own limit, set higher,
    /// would leave it waiting in the listen queue instead.
    func opened(_ connection: OpaquePointer) -> ConnectionWatch {
        var bytes = [UInt8](repeating: 0, count: 16)
        let length = Int(gaslog_connection_address(connection, &bytes))
        let now = Self.now()
        let watch = ConnectionWatch(
            connection: connection, descriptor: gaslog_connection_fd(connection), phase: .head(deadline: now + limits.head),
            address: Array(bytes[..<length]), openedAt: now)
        condition.withLock {
            // Crowded, past three quarters of the limit: 2 s for the head, not 10.
            if held * 4 > limits.connections * 3 { watch.phase = .head(deadline: now + min(limits.head, Self.crowdedHead)) }
            let fromAddress = heldByAddress[watch.address, default: 0]
            if fromAddress >= limits.perAddress {
                makeRoom(fromAddress - limits.perAddress + 1, address: watch.address)
            }
            if held >= limits.connections {
                makeRoom(held - limits.connections + 1, address: watch.address, anyAddress: true)
            }
            if held >= limits.connections {
                // At the limit: the oldest connection still without a whole head makes room.
                closeOldestHeads(held - limits.connections + 1)
            }
            watches[ObjectIdentifier(watch)] = watch
            if held >= limits.connections || heldByAddress[watch.address, default: 0] >= limits.perAddress {
                cut(watch)
            } else {
                count(watch)
            }
        }
        return watch
    }

    /// A connection closed: called before libmicrohttpd closes its socket, so
    /// the watchdog never shuts a descriptor that another connection reuses.
    func closed(_ watch: ConnectionWatch) {
        condition.withLock {
            guard watches.removeValue(forKey: ObjectIdentifier(watch)) != nil else { return }
            uncount(watch)
        }
    }

    /// Releases up to `needed` places: first connections whose client has
    /// closed them (from `address`, or from any with `anyAddress`), then idle
    /// kept-alive connections from `address`, the oldest first. Each stops
    /// counting at once and, unless it is being answered, has its socket
    /// shut. Called with the lock held.
    ///
    /// A client that closes after reading its answer may connect again
    /// before the pool thread that sent the answer has noticed it complete:
    /// that connection is still being handled, not waiting for a head, and
    /// would otherwise keep the new one out.
    private func makeRoom(_ needed: Int, address: [UInt8], anyAddress: Bool = false) {
        var released = 0
        let open = watches.values.filter { watch in
            watch.counted && !watch.cut && watch.descriptor >= 0 && (anyAddress || watch.address == address)
        }
        for watch in Self.clientsGone(open) where released < needed {
            // A client that only shut its sending side may still read the
            // answer being sent: that connection stops counting, uncut.
            if case .handling = watch.phase { uncount(watch) } else { release(watch) }
            released += 1
        }
        guard released < needed else { return }
        let idle = open.filter { watch in
            guard case .head = watch.phase, watch.counted, watch.idle, watch.address == address else { return false }
            return Self.unread(watch.descriptor) == 0
        }
        for watch in idle.sorted(by: { $0.openedAt < $1.openedAt }) where released < needed {
            release(watch)
            released += 1
        }
    }

    /// Closes up to `needed` connections that have not sent a whole request
    /// head (kept-alive ones included), the longest waiting first. Called with the lock held.
    private func closeOldestHeads(_ needed: Int) {
        let heads = watches.values.compactMap { watch -> (ConnectionWatch, Double)? in
            guard watch.counted, !watch.cut, watch.descriptor >= 0, case .head(let deadline) = watch.phase else { return nil }
            return (watch, watch.headSince ?? deadline)
        }
        for (watch, _) in heads.sorted(by: { $0.1 < $1.1 }).prefix(needed) { release(watch) }
    }

    private func count(_ watch: ConnectionWatch) {
        watch.counted = true
        held += 1
        heldByAddress[watch.address, default: 0] += 1
    }

    private func uncount(_ watch: ConnectionWatch) {
        guard watch.counted else { return }
        watch.counted = false
        held -= 1
        let left = heldByAddress[watch.address, default: 1] - 1
        heldByAddress[watch.address] = left > 0 ? left : nil
    }

    /// Closes a connection to make room: it no longer counts.
    private func release(_ watch: ConnectionWatch) {
        uncount(watch)
        cut(watch)
    }

    /// The request's head is whole; its body, if any, comes next.
    func headComplete(_ watch: ConnectionWatch) {
        condition.withLock {
            watch.idle = false
            if watch.descriptor < 0 { watch.descriptor = gaslog_connection_fd(watch.connection) }
            watch.phase = .body(since: Self.now(), received: 0)
        }
    }

    /// `count` more bytes of the body arrived.
    func received(_ watch: ConnectionWatch, _ count: Int) {
        condition.withLock {
            if case .body(let since, let received) = watch.phase { watch.phase = .body(since: since, received: received + count) }
        }
    }

    /// The request is whole and being answered.
    func handling(_ watch: ConnectionWatch) {
        condition.withLock { watch.phase = .handling }
    }

    /// The answer is sent: the connection may wait for the next request's
    /// head as long as an idle connection is kept.
    func completed(_ watch: ConnectionWatch) {
        condition.withLock {
            let now = Self.now()
            watch.phase = .head(deadline: now + limits.idle)
            watch.headSince = now
            watch.idle = true
            // Draining: a kept-alive connection is not read again.
            if draining { cut(watch) }
        }
    }

    /// Whether the server is stopping: no new request is started, and each answer closes its connection.
    var isDraining: Bool { condition.withLock { draining } }

    /// From now on no new request is started: every connection that has not
    /// sent a whole head, idle kept-alive ones included, is closed at once,
    /// and so is each one as its answer completes.
    func drain() {
        condition.withLock {
            draining = true
            for watch in watches.values {
                if case .head = watch.phase { cut(watch) }
            }
        }
    }

    /// The connection has just been suspended, to be resumed after `seconds`.
    func waiting(_ watch: ConnectionWatch, seconds: Int) {
        condition.withLock {
            watch.phase = .waiting(until: Self.now() + Double(seconds))
            condition.broadcast()
        }
    }

    /// Why the connection was resumed, once; it is then being answered.
    func takeResumeReason(_ watch: ConnectionWatch) -> ConnectionWatch.ResumeReason? {
        condition.withLock {
            guard case .resumed(let reason) = watch.phase else { return nil }
            watch.phase = .handling
            return reason
        }
    }

    /// From now on every waiting login is resumed at once, to be answered 503.
    func interruptWaiting() {
        condition.withLock {
            stopping = true
            condition.broadcast()
        }
    }

    /// How many connections are suspended or resumed but not yet answered.
    var waitingCount: Int {
        condition.withLock {
            watches.values.count { watch in
                switch watch.phase {
                case .waiting, .resumed: true
                default: false
                }
            }
        }
    }

    private func run() {
        condition.lock()
        while !finished {
            let now = Self.now()
            var wake = now + Self.tick
            var resume: [OpaquePointer] = []
            for watch in watches.values {
                switch watch.phase {
                case .head(let deadline):
                    if now >= deadline { cut(watch) }
                case .body(let since, let received):
                    let elapsed = now - since
                    if elapsed >= limits.bodyGrace && Double(received) < limits.bodyRate * elapsed { cut(watch) }
                case .waiting(let until):
                    let reason: ConnectionWatch.ResumeReason
                    if stopping {
                        reason = .stopping
                    } else if now >= until {
                        reason = .due
                    } else if Self.clientHasGone(watch.descriptor) {
                        reason = .gone
                    } else {
                        wake = min(wake, until)
                        continue
                    }
                    watch.phase = .resumed(reason)
                    resume.append(watch.connection)
                case .handling, .resumed:
                    break
                }
            }
            if !resume.isEmpty {
                // A suspended connection is resumed only here, once: it stays
                // open until then, so the pointer is good outside the lock.
                condition.unlock()
                resume.forEach { MHD_resume_connection($0) }
                condition.lock()
                continue
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: max(0.001, wake - Self.now())))
        }
        running = false
        condition.broadcast()
        condition.unlock()
    }

    /// Shuts the socket both ways: libmicrohttpd reads its end and closes it.
    private func cut(_ watch: ConnectionWatch) {
        guard !watch.cut, watch.descriptor >= 0 else { return }
        watch.cut = true
        shutdown(watch.descriptor, Int32(SHUT_RDWR))
    }

    /// The connections among `watches` whose client has closed or reset
    /// them, having sent nothing that is still unread: one poll for them all.
    private static func clientsGone(_ watches: [ConnectionWatch]) -> [ConnectionWatch] {
        guard !watches.isEmpty else { return [] }
        let peerClosed: Int16 = 0x2000  // POLLRDHUP
        var entries = watches.map { pollfd(fd: $0.descriptor, events: Int16(POLLIN) | peerClosed, revents: 0) }
        guard poll(&entries, nfds_t(entries.count), 0) > 0 else { return [] }
        let gone = peerClosed | Int16(POLLHUP) | Int16(POLLERR)
        return zip(watches, entries).compactMap { watch, entry in
            entry.revents & gone != 0 && unread(watch.descriptor) == 0 ? watch : nil
        }
    }

    /// Bytes that have arrived on a socket and are not read yet.
    private static func unread(_ descriptor: Int32) -> Int32 {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? count : 1
    }

    /// Whether the peer of a suspended connection has closed or reset it.
    private static func clientHasGone(_ descriptor: Int32) -> Bool {
        guard descriptor >= 0 else { return false }
        // POLLRDHUP (0x2000) is Linux's "the peer shut its end"; Glibc's module leaves it out.
        let peerClosed: Int16 = 0x2000
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN) | peerClosed, revents: 0)
        guard poll(&entry, 1, 0) > 0 else { return false }
        return entry.revents & (peerClosed | Int16(POLLHUP) | Int16(POLLERR) | Int16(POLLNVAL)) != 0
    }
}
