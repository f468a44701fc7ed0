import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

/// A server gives each worker thread its own `Logbook`, and so its own
/// connection, to one file. These threads write and read at once, as the
/// server's workers will.
@Suite("Several threads, each with its own connection to one logbook")
struct ConcurrencyTests {
    let folder = TemporaryFolder()

    @Test("4 writer threads record 40 fills each while 2 reader threads read; nothing is lost or torn")
    func writersAndReaders() throws {
        let path = folder.file("threads.sqlite")
        let writers = 4, fillsEach = 40, readers = 2
        let failures = Failures()
        // Each iteration is one thread with its own Logbook; the file does not
        // exist yet, so the threads also race to create and migrate it.
        DispatchQueue.concurrentPerform(iterations: writers + readers) { worker in
            let logbook = Logbook(path: path, clock: fixedClock)
            do {
                if worker < writers {
                    for number in 0..<fillsEach {
                        let o2 = 21 + (worker * fillsEach + number) % 19
                        try logbook.recordFill(fill("Thread \(worker)", "\(o2)", note: "\(worker)/\(number)"))
                    }
                } else {
                    for _ in 0..<fillsEach {
                        // A snapshot never shows a fill without its cylinder, or a
                        // current gas that is not the cylinder's newest fill.
                        for gas in try logbook.currentGases() {
                            let newest = try logbook.history(FillQuery(cylinder: try CylinderName(parsing: gas.cylinder.name), limit: 1))
                            if let fill = gas.fill, let latest = newest.first, latest.id < fill.id {
                                failures.record("current gas \(fill.id) newer than history's \(latest.id)")
                            }
                        }
                    }
                }
            } catch {
                failures.record("worker \(worker): \(error)")
            }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let notes = try rows("SELECT note FROM fills ORDER BY id", in: path).map { $0[0] }
        #expect(notes.count == writers * fillsEach)
        let expected = (0..<writers).flatMap { worker in (0..<fillsEach).map { "\(worker)/\($0)" } }
        #expect(Set(notes) == Set(expected))
        // Each thread's own fills are in the order it recorded them.
        for worker in 0..<writers {
            let own = notes.filter { $0.hasPrefix("\(worker)/") }
            #expect(own == (0..<fillsEach).map { "\(worker)/\($0)" })
        }
        #expect(try rows("PRAGMA integrity_check", in: path) == [["ok"]])
    }
}

/// Failures gathered from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func record(_ message: String) {
        lock.withLock { messages.append(message) }
    }

    var all: [String] { lock.withLock { messages } }
}

/// Closing any descriptor of a file drops every POSIX lock the process holds
/// on it, SQLite's included; so once a connection is open, gaslog never
/// reads the file outside SQLite again.
@Suite("A file with an open connection is never opened outside SQLite")
struct OpenDatabaseTests {
    let folder = TemporaryFolder()

    @Test("While a connection is open the header is not read; after it closes, it is again")
    func headerReadOnlyWithoutConnections() throws {
        let path = folder.file("locks.sqlite")
        do {
            let first = Logbook(path: path, clock: fixedClock)
            try first.prepareForWriting()
            #expect(OpenDatabases.isOpen(path))
            // The inspection answers without opening the file.
            #expect(try DatabaseFile.inspect(path) == .openHere)
            let second = Logbook(path: path, clock: fixedClock)
            try second.recordFill(fill("A", "32"))
            #expect(try first.history(FillQuery()).count == 1)
        }
        #expect(!OpenDatabases.isOpen(path))
        #expect(try DatabaseFile.inspect(path) == .database(userVersion: Migration.latestVersion))
    }
}
