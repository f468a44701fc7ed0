import Credentials
import Foundation
import GaslogCore

/// The browsers signed in, kept in the server's memory: a restart signs
/// everyone out, which a fill station can live with, and the logbook's
/// schema stays untouched. A session's token is 32 random bytes from
/// libsodium; only its SHA-256 is kept, so that a memory dump gives no one a
/// session.
final class WebSessions: @unchecked Sendable {
    /// How long a session lasts: a club day, with margin.
    static let lifetime = 12 * 60 * 60

    private let lock = NSLock()
    private var sessions: [String: WebSession] = [:]
    /// The warnings of the fills a session recorded, until it ends, for
    /// the fill's tag page: the form redirects there, so that a reload never
    /// records the fill twice, and a reload of the tag shows them again.
    /// Only the latest ``keptFills`` of a session are kept.
    private var fillWarnings: [String: [(fill: Int, warnings: [Warning])]] = [:]
    /// How many fills' warnings a session keeps: a club day's worth of tags
    /// the station may still have open.
    static let keptFills = 32
    private let clock: @Sendable () -> Timestamp

    /// Sessions timed by `clock`; tests pass one they move.
    init(clock: @escaping @Sendable () -> Timestamp) {
        self.clock = clock
    }

    /// Starts a session for `account`; returns the token for its cookie.
    func start(for account: Account) -> (token: String, session: WebSession) {
        let token = APIToken.generate()
        let session = WebSession(
            account: account.name, credential: Self.credential(of: account), formToken: APIToken.generate(),
            expiresAt: Timestamp(secondsSinceEpoch: clock().secondsSinceEpoch + Self.lifetime))
        lock.withLock {
            pruneExpired()
            sessions[APIToken.hash(token)] = session
        }
        return (token, session)
    }

    /// The session a cookie's token names, unless it has expired.
    func session(for token: String) -> WebSession? {
        guard APIToken.isWellFormed(token) else { return nil }
        let key = APIToken.hash(token)
        return lock.withLock {
            guard let session = sessions[key] else { return nil }
            guard clock() < session.expiresAt else {
                sessions.removeValue(forKey: key)
                return nil
            }
            return session
        }
    }

    /// What a session remembers of the account's password: the SHA-256 of its hash.
    static func credential(of account: Account) -> String {
        APIToken.hash(account.passwordHash)
    }

    /// Ends the session a token names, as signing out does.
    func end(_ token: String) {
        guard APIToken.isWellFormed(token) else { return }
        lock.withLock {
            sessions.removeValue(forKey: APIToken.hash(token))
            fillWarnings.removeValue(forKey: APIToken.hash(token))
        }
    }

    /// Keeps a recorded fill's warnings for the session's looks at its tag.
    func keep(_ warnings: [Warning], forFill id: Int, session token: String) {
        guard !warnings.isEmpty else { return }
        lock.withLock {
            var kept = fillWarnings[APIToken.hash(token), default: []]
            kept.append((id, warnings))
            fillWarnings[APIToken.hash(token)] = Array(kept.suffix(Self.keptFills))
        }
    }

    /// The warnings kept for a fill this session recorded; none for another's.
    func warnings(forFill id: Int, session token: String) -> [Warning] {
        lock.withLock { fillWarnings[APIToken.hash(token)]?.last { $0.fill == id }?.warnings ?? [] }
    }

    /// How many sessions are held, for tests.
    var count: Int { lock.withLock { sessions.count } }

    /// Drops expired sessions, so that memory does not grow with sign-ins
    /// nobody signed out of. Called with the lock held.
    private func pruneExpired() {
        let now = clock()
        sessions = sessions.filter { now < $0.value.expiresAt }
        fillWarnings = fillWarnings.filter { sessions[$0.key] != nil }
    }
}
