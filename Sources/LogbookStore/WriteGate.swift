import Glibc
import Synchronization

/// The turn of this process's connections at one file's write lock.
///
/// SQLite's busy handler can only sleep and try again, so two threads of one
/// process that both want to write would poll for each other's lock in steps
/// of milliseconds, while the commit they wait for takes a fraction of one.
/// Threads of one process instead queue here, on a mutex that wakes the next
/// writer the moment the last one commits; the busy handler is left to wait
/// for other processes, such as the CLI writing beside the server.
final class WriteGate: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    private init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private static let gates = Mutex<[OpenDatabases.FileID: WriteGate]>([:])

    /// The gate of `file`, shared by every connection of this process to it.
    static func of(_ file: OpenDatabases.FileID) -> WriteGate {
        gates.withLock { gates in
            if let gate = gates[file] { return gate }
            let gate = WriteGate()
            gates[file] = gate
            return gate
        }
    }

    /// Runs `body` once every other writer of this process has finished.
    func withTurn<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
