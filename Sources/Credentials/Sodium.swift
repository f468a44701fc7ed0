import CSodium

/// libsodium, initialised once, on first use: `sodium_init` picks the fastest
/// implementations for this CPU and opens the system's random source. Only
/// the commands that handle passwords and tokens ever reach it, so it costs
/// nothing at start-up.
/// See <https://doc.libsodium.org/usage>.
enum Sodium {
    /// Whether `sodium_init` succeeded: 0 the first time, 1 when another
    /// library in the process had already called it, -1 on failure.
    private static let isReady: Bool = sodium_init() >= 0

    /// Initialises libsodium if needed; `false` only when the system gives it
    /// no random source, which nothing here can work around.
    static func ready() -> Bool { isReady }

    /// Initialises libsodium, which cannot fail on a working system.
    static func require() {
        precondition(isReady, "libsodium could not be initialised: the system has no usable random source")
    }
}
