import Glibc

/// The one way the tests wait, on `ContinuousClock`: for a state, polled
/// until a deadline, or, when the waiting is the stimulus itself (a slow
/// client's next line), until an instant.
public enum Waiting {
    /// Why a poll gave up: the state it waited for never came.
    public struct Timeout: Error, CustomStringConvertible {
        /// What was waited for, and how long.
        public let description: String
    }

    /// Checks `state` every 10 ms until it holds; throws, naming `what`, when `limit` passes first.
    public static func until(_ what: String, within limit: Duration = .seconds(20), _ state: () -> Bool) throws {
        let deadline = ContinuousClock.now + limit
        while !state() {
            guard ContinuousClock.now < deadline else { throw Timeout(description: "waited \(limit) for \(what)") }
            // A short pause between checks keeps a waiting test off the cores.
            pause(until: min(deadline, ContinuousClock.now + .milliseconds(10)))
        }
    }

    /// Whether `state` comes to hold before `limit` passes, checked every 10 ms.
    public static func holds(within limit: Duration, _ state: () -> Bool) -> Bool {
        (try? until("", within: limit, state)) != nil
    }

    /// Returns at `instant`: a stimulus paced in time, such as a slow client's next byte.
    public static func pause(until instant: ContinuousClock.Instant) {
        let left = instant - ContinuousClock.now
        guard left > .zero else { return }
        let (seconds, attoseconds) = left.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
