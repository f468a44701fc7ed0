import Glibc

/// The one way these tests wait, on `ContinuousClock`: for a state, polled
/// until a deadline, or, when the waiting is the stimulus itself (a slow
/// client's next line), until an instant.
enum Waiting {
    /// Why a poll gave up: the state it waited for never came.
    struct Timeout: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks `state` every 10 ms until it holds; throws, naming `what`, when `limit` passes first.
    static func until(_ what: String, within limit: Duration = .seconds(20), _ state: () -> Bool) throws {
        let deadline = ContinuousClock.now + limit
        while !state() {
            guard ContinuousClock.now < deadline else { throw Timeout(description: "waited \(limit) for \(what)") }
            pause(until: min(deadline, ContinuousClock.now + .milliseconds(10)))
        }
    }

    /// Whether `state` comes to hold before `limit` passes, checked every 10 ms.
    static func holds(within limit: Duration, _ state: () -> Bool) -> Bool {
        (try? until("", within: limit, state)) != nil
    }

    /// Returns at `instant`: a stimulus paced in time, such as a slow client's next byte.
    static func pause(until instant: ContinuousClock.Instant) {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return }
        let (seconds, attoseconds) = left.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
