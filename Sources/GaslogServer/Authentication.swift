import Credentials
import Foundation
import LogbookStore

/// Who a request is made by: `Authorization: Bearer TOKEN` or HTTP Basic with
/// an account's name and password. Passwords are checked with libsodium, and
/// failed logins for an account slow further attempts for that account only.
final class Authentication: @unchecked Sendable {
    let failures: FailedLogins
    let log: @Sendable (String) -> Void

    init(failures: FailedLogins = FailedLogins(), log: @escaping @Sendable (String) -> Void) {
        self.failures = failures
        self.log = log
    }

    /// The 401 every refusal answers, whatever was wrong, so that it says
    /// nothing about which accounts exist.
    static let unauthorized = APIError(
        401, "unauthorized", "sign in: send 'Authorization: Bearer TOKEN' or HTTP Basic with an account's name and password",
        headers: [("WWW-Authenticate", #"Basic realm="gaslog", charset="UTF-8""#)])

    /// The answer when more than ``FailedLogins/waitingLimit`` logins wait.
    static func tooManyWaiting(retryAfter: Int) -> APIError {
        APIError(503, "busy", "too many sign-ins are waiting; try again later", headers: [("Retry-After", String(retryAfter))])
    }

    /// The answer to a waiting login when the server stops before its wait is over.
    static let stopping = APIError(
        503, "unavailable", "the server is stopping; try again later", headers: [("Retry-After", "5"), ("Connection", "close")])

    func authenticate(_ request: HTTPRequest, _ logbook: Logbook) -> Result<Principal, APIError> {
        guard let header = request.headers["authorization"] else { return .failure(Self.unauthorized) }
        if let token = Self.credentials(in: header, scheme: "bearer").map(String.init) {
            let account: Account?
            do {
                account = APIToken.isWellFormed(token) ? try logbook.account(forTokenHash: APIToken.hash(token)) : nil
            } catch {
                log("cannot check a token: \(error.message)")
                return .failure(APIError(error))
            }
            guard let account else {
                log("refused token (not a token in force)")
                return .failure(Self.unauthorized)
            }
            return .success(Principal(account: account.name, level: Self.level(of: account.role)))
        }
        guard let encoded = Self.credentials(in: header, scheme: "basic"), let decoded = Data(base64Encoded: String(encoded)),
            let pair = String(data: decoded, encoding: .utf8), let colon = pair.firstIndex(of: ":"),
            let name = try? AccountName(parsing: String(pair[..<colon]))
        else { return .failure(Self.unauthorized) }
        let password = String(pair[pair.index(after: colon)...])
        // The wait comes before the check, right or wrong, so that guessing
        // faster than it allows gains nothing. It holds no thread: the
        // request comes back once it has waited.
        switch failures.turn(for: name.key, waited: request.waited) {
        case .now: break
        case .wait(let deferral):
            var error = Self.stopping
            error.deferral = deferral
            return .failure(error)
        case .full(let retryAfter, let count):
            log("failed login for account \(name.text) (\(count) in a row): \(failures.waitingLimit) logins are already waiting; answered 503")
            return .failure(Self.tooManyWaiting(retryAfter: retryAfter))
        }
        // An unknown or removed name still costs a full check, so that the
        // answer's time says nothing about which accounts exist.
        let found: Account?
        do {
            found = try logbook.account(named: name)
        } catch {
            // The logbook could not answer (busy, unusable): not the client's fault.
            log("cannot check the account \(name.text): \(error.message)")
            return .failure(APIError(error))
        }
        let account = found?.isRemoved == false ? found : nil
        let matches = account.map { PasswordHash.verify(password, hash: $0.passwordHash) } ?? PasswordHash.verifyWithoutAccount(password)
        guard let account, matches else {
            let count = failures.recordFailure(for: name.key)
            log("failed login for account \(name.text) (\(count) in a row)")
            return .failure(Self.unauthorized)
        }
        failures.reset(for: name.key)
        return .success(Principal(account: account.name, level: Self.level(of: account.role)))
    }

    /// What follows `scheme` (matched in any case) and a space in an
    /// `Authorization` header, without the spaces and tabs around it.
    static func credentials(in header: String, scheme: String) -> Substring? {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let space = header.firstIndex(of: " "), header[..<space].lowercased() == scheme else { return nil }
        let rest = header[space...].drop(while: blank)
        return rest[..<(rest.lastIndex(where: { !blank($0) }).map(rest.index(after:)) ?? rest.startIndex)]
    }

    static func level(of role: Role) -> Principal.Level {
        switch role {
        case .reader: .reader
        case .blender: .blender
        case .admin: .admin
        }
    }
}

/// Failed logins by account: after 5 in a row, each further attempt waits a
/// second more than the last (1 s, 2 s, … at most 30 s) before it is checked.
/// A successful login resets the count. Other accounts are never slowed.
///
/// The wait holds no thread: ``turn(for:waited:)`` says how long, and the
/// request is answered with a ``Deferral``, which the server keeps on a
/// suspended connection until it hands the request back, marked
/// ``HTTPRequest/waited``. At most ``waitingLimit`` attempts wait at once,
/// across all accounts; past that an attempt is answered 503 at once, and
/// counted as a failure.
final class FailedLogins: @unchecked Sendable {
    /// The most attempts kept waiting at once.
    static let waitingLimit = 64

    /// What to do with an attempt before it is checked.
    enum Turn {
        /// Check it now.
        case now
        /// Check it after this wait.
        case wait(Deferral)
        /// Too many attempts are waiting: refuse it at once; `failures` counts it.
        case full(retryAfter: Int, failures: Int)
    }

    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private var waiting = 0
    let waitingLimit: Int

    init(waitingLimit: Int = FailedLogins.waitingLimit) {
        self.waitingLimit = waitingLimit
    }

    /// The wait before the next attempt for an account with `failures` in a row.
    static func delay(afterFailures failures: Int) -> Int {
        min(max(failures - 4, 0), 30)
    }

    /// The turn of an attempt for the account `key`; `waited` when it has
    /// already waited the wait this gave it, which is never asked twice.
    func turn(for key: String, waited: Bool) -> Turn {
        if waited { return .now }
        return lock.withLock {
            let delay = FailedLogins.delay(afterFailures: counts[key] ?? 0)
            guard delay > 0 else { return .now }
            guard waiting < waitingLimit else {
                counts[key, default: 0] += 1
                return .full(retryAfter: delay, failures: counts[key] ?? 0)
            }
            waiting += 1
            let place = Place()
            return .wait(
                Deferral(seconds: delay) { [self] in
                    lock.withLock {
                        if !place.released { waiting -= 1 }
                        place.released = true
                    }
                })
        }
    }

    /// How many attempts are waiting now.
    var waitingCount: Int { lock.withLock { waiting } }

    /// Counts a failure; returns how many there have been in a row.
    func recordFailure(for key: String) -> Int {
        lock.withLock {
            counts[key, default: 0] += 1
            return counts[key] ?? 0
        }
    }

    func reset(for key: String) {
        _ = lock.withLock { counts.removeValue(forKey: key) }
    }

    /// One waiting attempt's place, given back once.
    private final class Place: @unchecked Sendable {
        var released = false
    }
}
