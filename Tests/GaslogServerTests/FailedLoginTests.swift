import Credentials
import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// The failed-login delay, measured against a clock the test controls: the
/// server's waits are recorded instead of slept.
@Suite("Failed logins slow further attempts for that account only")
struct FailedLoginTests {
    /// Records each wait, in seconds.
    final class Waits: @unchecked Sendable {
        private let lock = NSLock()
        private var all: [Int] = []
        func record(_ seconds: Int) { lock.withLock { all.append(seconds) } }
        var seconds: [Int] { lock.withLock { all } }
        func clear() { lock.withLock { all.removeAll() } }
    }

    @Test("After 5 failures each attempt waits 1 s more, up to 30 s; a success resets; other accounts are not slowed")
    func delays() throws {
        #expect((0...40).map(FailedLogins.delay(afterFailures:)) == [0, 0, 0, 0, 0] + Array(1...30) + [30, 30, 30, 30, 30, 30])
        let folder = NSTemporaryDirectory() + "gaslog-login-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let logbook = Logbook(path: folder + "/logbook.sqlite")
        for name in ["ada", "ben"] {
            _ = try logbook.addAccount(AccountName(parsing: name), role: .admin, passwordHash: PasswordHash.make("correct horse battery"))
        }
        let waits = Waits()
        let authentication = Authentication(failures: FailedLogins(sleep: waits.record), log: { _ in })
        func attempt(_ name: String, _ password: String) -> Bool {
            let header = "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()
            let request = HTTPRequest(method: "GET", rawPath: "/api/v1/config", query: [], headers: ["authorization": header], body: [])
            if case .success = authentication.authenticate(request, logbook) { return true }
            return false
        }
        for _ in 0..<8 { #expect(!attempt("ada", "wrong")) }
        // The 6th, 7th and 8th attempts waited 1, 2 and 3 s, before they were checked.
        #expect(waits.seconds == [1, 2, 3])
        // Another account is not slowed.
        waits.clear()
        #expect(attempt("ben", "correct horse battery"))
        #expect(waits.seconds.isEmpty)
        // The right password still waits its turn, and then resets the count.
        #expect(attempt("ada", "correct horse battery"))
        #expect(waits.seconds == [4])
        waits.clear()
        #expect(!attempt("ada", "wrong"))
        #expect(waits.seconds.isEmpty)
    }
}
