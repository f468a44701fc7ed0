import Foundation
import Synchronization
import TestSupport
import Testing

@testable import LogbookStore

/// Writes from several threads committed together: each in its own
/// savepoint, so that one that fails leaves the others written.
@Suite("Group commit: one transaction and one fsync for the writes that wait together")
struct GroupCommitTests {
    struct Refused: Error {}

    /// Runs a batch: thread 0 leads a first transaction and holds it until
    /// the others have queued behind it, so that they are committed as one
    /// batch. Each other write inserts its number, then runs `after`.
    /// Returns which writes failed, and the numbers the table holds.
    func batch(
        of count: Int, after: @escaping @Sendable (Int, Database) throws -> Void
    ) throws -> (failed: Set<Int>, stored: [Int]) {
        let folder = TemporaryFolder()
        let path = folder.file("batch.sqlite")
        let setup = try Database(path: path, mode: .readWriteCreate)
        try setup.execute(script: "PRAGMA journal_mode = WAL; CREATE TABLE numbers (n INTEGER NOT NULL)")
        let group = GroupCommit()
        let firstIsIn = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let failures = Mutex(Set<Int>())
        for index in 0..<count {
            done.enter()
            Thread.detachNewThread {
                defer { done.leave() }
                do {
                    // Each thread has its own connection, as the server's workers do.
                    let own = try Database(path: path, mode: .readWrite)
                    try own.setBusyTimeout(milliseconds: 10_000, noticeAfterMilliseconds: 10_000, onWaiting: nil)
                    try group.write(on: own) { database in
                        try database.prepare("INSERT INTO numbers (n) VALUES (?)").execute([.integer(index)])
                        if index == 0 {
                            firstIsIn.signal()
                            release.wait()
                        } else {
                            try after(index, database)
                        }
                    }
                } catch {
                    failures.withLock { _ = $0.insert(index) }
                }
            }
            if index == 0 { firstIsIn.wait() }
        }
        // Let the first write finish only once the others wait behind it.
        #expect(Waiting.holds(within: .seconds(20)) { group.waitingCount == count - 1 })
        release.signal()
        done.wait()
        let stored = try rows("SELECT n FROM numbers ORDER BY n", in: path).map { Int($0[0]) ?? -1 }
        return (failures.withLock { $0 }, stored)
    }

    @Test("A write that fails in a batch is rolled back alone; the others commit")
    func oneFailsAlone() throws {
        let (failed, stored) = try batch(of: 5) { index, _ in if index == 3 { throw Refused() } }
        #expect(failed == [3])
        #expect(stored == [0, 1, 2, 4])
    }

    @Test("When SQLite ends the whole transaction, the batch's other writes run again and commit once each")
    func transactionEndedUnderTheBatch() throws {
        let (failed, stored) = try batch(of: 5) { index, database in
            if index == 3 {
                // What SQLite does on some errors, such as a full disk: the transaction is gone.
                try database.execute(script: "ROLLBACK")
                throw Refused()
            }
        }
        #expect(failed == [3])
        #expect(stored == [0, 1, 2, 4])
    }
}
