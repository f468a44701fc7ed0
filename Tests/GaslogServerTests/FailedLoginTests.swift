import Credentials
import Foundation
import LogbookStore
import Testing

@testable import GaslogCore
@testable import GaslogServer

/// The failed-login delay, measured without waiting: an attempt that must
/// wait is answered with a deferral, whose seconds are recorded here before
/// the attempt is handed back, as the server does when the wait is over.
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
        let logbook = OpenLogbook(path: folder + "/logbook.sqlite")
        for name in ["ada", "ben"] {
            _ = try logbook.store.addAccount(
                AccountName(parsing: name), role: .admin, passwordHash: PasswordHash.make("correct horse battery"), actor: nil)
        }
        let waits = Waits()
        let failures = FailedLogins()
        let authentication = Authentication(failures: failures, log: { _ in })
        func attempt(_ name: String, _ password: String) -> Bool {
            let header = "Basic " + Data("\(name):\(password)".utf8).base64EncodedString()
            var request = HTTPRequest(method: "GET", rawPath: "/api/v1/config", query: [], headers: ["authorization": header], body: [])
            var result = authentication.authenticate(request, logbook)
            if case .failure(let error) = result, let deferral = error.deferral {
                // Deferred before it was checked: the answer, if the server stopped now, is 503, and nothing is counted yet.
                #expect(error.status == 503)
                #expect(failures.waitingCount == 1)
                waits.record(deferral.seconds)
                deferral.release()
                #expect(failures.waitingCount == 0)
                request.waited = true
                result = authentication.authenticate(request, logbook)
            }
            if case .failure(let error) = result { #expect(error.deferral == nil, "an attempt waits once") }
            if case .success = result { return true }
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

    @Test("At most 64 attempts wait at once, 4 from one address: the next is refused 503 with Retry-After and counted")
    func waitingCap() throws {
        let failures = FailedLogins()
        // Counts are per account and address (#36): 17 addresses with 6 failures each; 16 of them take 4 places each.
        let addresses = (0..<17).map { [10, 0, 0, UInt8($0)] }
        for address in addresses {
            for _ in 0..<6 { _ = failures.recordFailure(for: "ada", from: address) }
        }
        var deferrals: [Deferral] = []
        for index in 0..<64 {
            guard case .wait(let deferral) = failures.turn(for: "ada", from: addresses[index / 4], waited: false) else {
                Issue.record("attempt \(deferrals.count + 1) should wait")
                return
            }
            #expect(deferral.seconds == 2)
            deferrals.append(deferral)
        }
        #expect(failures.waitingCount == 64)
        guard case .full(let retryAfter, let count) = failures.turn(for: "ada", from: addresses[16], waited: false) else {
            Issue.record("the 65th waiting attempt should be refused")
            return
        }
        // Refused at once, with Retry-After, and counted as a failure.
        #expect(retryAfter == 2 && count == 7)
        let refused = Authentication.tooManyWaiting(retryAfter: retryAfter)
        #expect(refused.status == 503 && refused.headers.contains { $0.name == "Retry-After" && $0.value == "2" })
        // A request that has waited is checked at once, and an account without failures is neither slowed nor refused.
        if case .now = failures.turn(for: "ada", from: addresses[0], waited: true) {} else { Issue.record("a waited attempt should be checked now") }
        if case .now = failures.turn(for: "ben", waited: false) {} else { Issue.record("ben should go now") }
        // Each place is given back once, however often it is released.
        deferrals[0].release()
        deferrals[0].release()
        #expect(failures.waitingCount == 63)
        guard case .wait = failures.turn(for: "ada", from: addresses[0], waited: false) else {
            Issue.record("a freed place should be taken")
            return
        }
        #expect(failures.waitingCount == 64)
    }
}
