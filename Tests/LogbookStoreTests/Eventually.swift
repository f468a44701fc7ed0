import Glibc

/// Checks `condition` until it holds or `timeout` has passed on the
/// continuous clock, and says whether it held: the one way a test here
/// waits for a state, rather than sleeping for a guessed time.
func eventually(within timeout: Duration, _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        guard ContinuousClock.now < deadline else { return false }
        // A millisecond between checks keeps a waiting test off the cores.
        usleep(1_000)
    }
    return true
}
