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
    /// Whether the watchdog has shut the socket.
    var cut = false
    /// Refused as it opened, past the limit of connections in all.
    var refused = false

    init(connection: OpaquePointer, descriptor: Int32, phase: Phase) {
        self.connection = connection
        self.descriptor = descriptor
        self.phase = phase
    }
}

/// The server's own time limits, which libmicrohttpd's inactivity timeout
/// cannot give: a request head must be whole within ``Limits/head`` of the
/// connection's start (``Limits/idle`` after the last answer on a kept-alive
/// connection), and a body must average ``Limits/bodyRate`` bytes a second
/// after its first ``Limits/bodyGrace`` seconds. A connection over a limit has
/// its socket shut, which libmicrohttpd notices at once and closes.
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
    }

    let limits: Limits
    private let condition = NSCondition()
    private var watches: [ObjectIdentifier: ConnectionWatch] = [:]
    /// Connections open and not refused.
    private var held = 0
    private var stopping = false
    private var finished = false
    private var running = false
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
    /// ``Limits/connections`` it is shut at once: libmicrohttpd's own limit,
    /// set higher, would leave it waiting in the listen queue instead.
    func opened(_ connection: OpaquePointer) -> ConnectionWatch {
        let watch = ConnectionWatch(
            connection: connection, descriptor: gaslog_connection_fd(connection), phase: .head(deadline: Self.now() + limits.head))
        condition.withLock {
            watches[ObjectIdentifier(watch)] = watch
            if held >= limits.connections {
                watch.refused = true
                cut(watch)
            } else {
                held += 1
            }
        }
        return watch
    }

    /// A connection closed: called before libmicrohttpd closes its socket, so
    /// the watchdog never shuts a descriptor that another connection reuses.
    func closed(_ watch: ConnectionWatch) {
        condition.withLock {
            guard watches.removeValue(forKey: ObjectIdentifier(watch)) != nil else { return }
            if !watch.refused { held -= 1 }
        }
    }

    /// The request's head is whole; its body, if any, comes next.
    func headComplete(_ watch: ConnectionWatch) {
        condition.withLock {
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
        condition.withLock { watch.phase = .head(deadline: Self.now() + limits.idle) }
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
