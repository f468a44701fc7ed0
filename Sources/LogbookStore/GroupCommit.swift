import CSQLite
import Glibc
import Synchronization

/// This process's write transactions to one file, committed together.
///
/// Every commit waits for its fsync (`synchronous = FULL`), which takes far
/// longer than the writes before it. So threads of one process do not each
/// take the file's write lock in turn: the first to arrive leads, runs every
/// write waiting at that moment on its own connection, each in a savepoint
/// of one transaction, and commits them with one fsync. A write that fails
/// is rolled back to its savepoint and fails alone; the others commit. No
/// writer returns before the commit that holds its write is durable.
///
/// Threads waiting here never poll SQLite's busy handler for one another;
/// that is left to wait for other processes, such as the CLI beside a server.
/// See <https://www.sqlite.org/lang_savepoint.html>.
final class GroupCommit: @unchecked Sendable {
    /// One write transaction's body, waiting to be run by a leader.
    private final class PendingWrite {
        let body: (Database) throws -> Void
        var failure: (any Error)?
        var isFinished = false

        init(_ body: @escaping (Database) throws -> Void) {
            self.body = body
        }
    }

    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let finished: UnsafeMutablePointer<pthread_cond_t>
    private var waiting: [PendingWrite] = []
    private var hasLeader = false

    /// A group for one connection that no other can reach, such as a database in memory.
    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        finished = .allocate(capacity: 1)
        pthread_cond_init(finished, nil)
    }

    deinit {
        pthread_cond_destroy(finished)
        finished.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    private static let groups = Mutex<[OpenDatabases.FileID: GroupCommit]>([:])

    /// The group of `file`, shared by every connection of this process to it.
    static func of(_ file: OpenDatabases.FileID) -> GroupCommit {
        groups.withLock { groups in
            if let group = groups[file] { return group }
            let group = GroupCommit()
            groups[file] = group
            return group
        }
    }

    /// How many writes wait for a leader now; tests use it to form a batch.
    var waitingCount: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return waiting.count
    }

    /// Runs `body` in a write transaction, alone or together with other
    /// threads' writes, on `database` or on another connection of this
    /// process to the same file; returns once its transaction has committed.
    func write<Result>(on database: Database, _ body: @escaping (Database) throws -> Result) throws -> Result {
        var result: Result?
        let write = PendingWrite { database in result = try body(database) }
        pthread_mutex_lock(mutex)
        waiting.append(write)
        while !write.isFinished {
            if hasLeader {
                pthread_cond_wait(finished, mutex)
                continue
            }
            hasLeader = true
            let batch = waiting
            waiting = []
            pthread_mutex_unlock(mutex)
            GroupCommit.commit(batch, on: database)
            pthread_mutex_lock(mutex)
            for write in batch { write.isFinished = true }
            hasLeader = false
            pthread_cond_broadcast(finished)
        }
        pthread_mutex_unlock(mutex)
        if let failure = write.failure { throw failure }
        guard let result else { throw DatabaseError(code: SQLITE_INTERNAL, message: "a committed write left no result", sql: nil) }
        return result
    }

    /// Runs `batch` in one transaction and commits it, recording in each
    /// write whether it failed.
    private static func commit(_ batch: [PendingWrite], on database: Database) {
        guard !batch.isEmpty else { return }
        do {
            try database.cachedStatement("BEGIN IMMEDIATE").execute()
        } catch {
            for write in batch { write.failure = error }
            return
        }
        // A lone write needs no savepoint: it is the whole transaction, and a
        // savepoint would make SQLite keep a copy of every page an import changes.
        let isolated = batch.count > 1
        var committing: [PendingWrite] = []
        for (index, write) in batch.enumerated() {
            do {
                if isolated { try database.cachedStatement("SAVEPOINT write").execute() }
                try write.body(database)
                if isolated { try database.cachedStatement("RELEASE write").execute() }
                committing.append(write)
            } catch {
                write.failure = error
                if sqlite3_get_autocommit(database.handle) != 0 {
                    // SQLite ended the whole transaction (as it does for some
                    // errors, such as a full disk): nothing of it was kept, so
                    // the writes that had succeeded, and those not yet run, run again.
                    return commit(committing + batch[(index + 1)...], on: database)
                }
                if isolated {
                    _ = try? database.cachedStatement("ROLLBACK TO write").execute()
                    _ = try? database.cachedStatement("RELEASE write").execute()
                } else {
                    sqlite3_exec(database.handle, "ROLLBACK", nil, nil, nil)
                    return
                }
            }
        }
        do {
            try database.cachedStatement("COMMIT").execute()
        } catch {
            if sqlite3_get_autocommit(database.handle) == 0 { sqlite3_exec(database.handle, "ROLLBACK", nil, nil, nil) }
            for write in committing { write.failure = error }
        }
    }
}
