import Glibc

/// How a connection waits for another process's write lock: in growing
/// steps, up to a timeout, saying once that it is waiting.
final class LockWaiter {
    private let timeoutMicroseconds: Int
    private let noticeAfterMicroseconds: Int
    private let onWaiting: (() -> Void)?
    private var waitedMicroseconds = 0
    private var hasGivenNotice = false
    /// Each wait doubles, from 1 ms to at most 100 ms: a short lock costs
    /// little, and a long one few wake-ups.
    private var nextStepMicroseconds = 1_000

    init(timeoutMilliseconds: Int, noticeAfterMilliseconds: Int, onWaiting: (() -> Void)?) {
        timeoutMicroseconds = timeoutMilliseconds * 1_000
        noticeAfterMicroseconds = noticeAfterMilliseconds * 1_000
        self.onWaiting = onWaiting
    }

    /// Waits one step; `false` once the timeout is spent, so that SQLite
    /// gives up with SQLITE_BUSY. Counts the time it slept, which is what a
    /// person waited, without reading a clock. `attempt` is SQLite's count of
    /// earlier calls for the same lock: 0 starts a new wait.
    func waitOnce(attempt: Int) -> Bool {
        if attempt == 0 {
            waitedMicroseconds = 0
            nextStepMicroseconds = 1_000
        }
        guard waitedMicroseconds < timeoutMicroseconds else { return false }
        if !hasGivenNotice, waitedMicroseconds >= noticeAfterMicroseconds {
            hasGivenNotice = true
            onWaiting?()
        }
        let step = min(nextStepMicroseconds, timeoutMicroseconds - waitedMicroseconds)
        usleep(UInt32(step))
        waitedMicroseconds += step
        nextStepMicroseconds = min(nextStepMicroseconds * 2, 100_000)
        return true
    }
}
