import Credentials
import Foundation
import GaslogCore
import LogbookStore

/// Who a request is made by: `Authorization: Bearer TOKEN` or HTTP Basic with
/// an account's name and password. Passwords are checked with libsodium, and
/// failed logins for an account from an address slow further attempts for
/// that account from that address only.
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
        switch failures.turn(for: name.key, from: request.clientAddress, waited: request.waited) {
        case .now: break
        case .wait(let deferral):
            var error = Self.stopping
            error.deferral = deferral
            return .failure(error)
        case .full(let retryAfter, let count):
            log(
                "failed login for account \(name.text) (\(count) in a row): \(failures.waitingLimit) logins are already waiting, or \(FailedLogins.perAddressWaiting) from this address; answered 503"
            )
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
            let count = failures.recordFailure(for: name.key, from: request.clientAddress)
            log("failed login for account \(name.text) (\(count) in a row)")
            return .failure(Self.unauthorized)
        }
        failures.reset(for: name.key, from: request.clientAddress)
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

/// Failed logins by account **and client address** (an IPv4 address, or an
/// IPv6 /64): after 5 in a row, each further attempt from that address
/// waits a second more than the last (1 s, 2 s, … at most 30 s) before it is
/// checked. A failure from one address never slows, refuses or queues a login
/// from another. A successful login resets its address's count; an address's
/// count for an account is forgotten 15 minutes after its last failure.
///
/// The wait holds no thread: ``turn(for:from:waited:)`` says how long, and the
/// request is answered with a ``Deferral``, which the server keeps on a
/// suspended connection until it hands the request back, marked
/// ``HTTPRequest/waited``. At most ``waitingLimit`` attempts wait at once,
/// across all accounts, and at most ``perAddressWaiting`` from one address;
/// past either an attempt is answered 503 at once, and counted as a failure.
final class FailedLogins: @unchecked Sendable {
    /// The most attempts kept waiting at once.
    static let waitingLimit = 64
    /// The most of them from one address.
    static let perAddressWaiting = 4
    /// Seconds after an address's last failure for an account when its count is forgotten.
    static let forgetAfter = 15 * 60.0

    /// What to do with an attempt before it is checked.
    enum Turn {
        /// Check it now.
        case now
        /// Check it after this wait.
        case wait(Deferral)
        /// Too many attempts are waiting: refuse it at once; `failures` counts it.
        case full(retryAfter: Int, failures: Int)
    }

    /// An account, and the address its attempts come from.
    private struct Key: Hashable {
        let account: String
        let address: [UInt8]
    }

    private let lock = NSLock()
    private var counts: [Key: (failures: Int, last: Double)] = [:]
    private var waiting = 0
    private var waitingByAddress: [[UInt8]: Int] = [:]
    let waitingLimit: Int
    /// Seconds on a monotonic clock.
    private let now: @Sendable () -> Double

    init(waitingLimit: Int = FailedLogins.waitingLimit, now: @escaping @Sendable () -> Double = ConnectionWatchdog.now) {
        self.waitingLimit = waitingLimit
        self.now = now
    }

    /// The wait before the next attempt for an account with `failures` in a row.
    static func delay(afterFailures failures: Int) -> Int {
        min(max(failures - 4, 0), 30)
    }

    /// What the count is kept by: an IPv4 address, or the /64 of an IPv6 one
    /// (an IPv4 address mapped into IPv6 is the IPv4 address).
    static func network(of address: [UInt8]) -> [UInt8] {
        guard address.count == 16 else { return address }
        if address[..<10].allSatisfy({ $0 == 0 }) && address[10] == 0xFF && address[11] == 0xFF { return Array(address[12...]) }
        return Array(address[..<8])
    }

    /// Failures in a row for `key` now, forgetting them when they are old. Called with the lock held.
    private func failures(_ key: Key, at time: Double) -> Int {
        guard let entry = counts[key] else { return 0 }
        guard time - entry.last < Self.forgetAfter else {
            counts[key] = nil
            return 0
        }
        return entry.failures
    }

    /// Counts one more failure for `key`; returns the count. Called with the lock held.
    private func addFailure(_ key: Key, at time: Double) -> Int {
        let count = failures(key, at: time) + 1
        counts[key] = (count, time)
        // Forgotten counts are dropped now and then, so that many addresses cannot grow the table for ever.
        if counts.count > 10_000 { counts = counts.filter { time - $0.value.last < Self.forgetAfter } }
        return count
    }

    /// The turn of an attempt for the account `key` from `address`; `waited`
    /// when it has already waited the wait this gave it, which is never asked twice.
    func turn(for key: String, from address: [UInt8] = [], waited: Bool) -> Turn {
        if waited { return .now }
        let network = Self.network(of: address)
        let key = Key(account: key, address: network)
        return lock.withLock {
            let time = now()
            let delay = FailedLogins.delay(afterFailures: failures(key, at: time))
            guard delay > 0 else { return .now }
            guard waiting < waitingLimit, waitingByAddress[network, default: 0] < Self.perAddressWaiting else {
                return .full(retryAfter: delay, failures: addFailure(key, at: time))
            }
            waiting += 1
            waitingByAddress[network, default: 0] += 1
            let place = Place()
            return .wait(
                Deferral(seconds: delay) { [self] in
                    lock.withLock {
                        if !place.released {
                            waiting -= 1
                            let left = waitingByAddress[network, default: 1] - 1
                            waitingByAddress[network] = left > 0 ? left : nil
                        }
                        place.released = true
                    }
                })
        }
    }

    /// How many attempts are waiting now.
    var waitingCount: Int { lock.withLock { waiting } }

    /// Counts a failure for the account `key` from `address`; returns how many there have been in a row.
    func recordFailure(for key: String, from address: [UInt8] = []) -> Int {
        let key = Key(account: key, address: Self.network(of: address))
        return lock.withLock { addFailure(key, at: now()) }
    }

    /// A successful login for the account `key` from `address`: that address's count starts again.
    func reset(for key: String, from address: [UInt8] = []) {
        let key = Key(account: key, address: Self.network(of: address))
        _ = lock.withLock { counts.removeValue(forKey: key) }
    }

    /// One waiting attempt's place, given back once.
    private final class Place: @unchecked Sendable {
        var released = false
    }
}
