import LogbookStore
import NitroxCalculator

/// A logbook a front end holds: the command line's, opened by its path, or a
/// server thread's. The front end hands it to a ``Session`` and reads or
/// writes nothing through it itself: only the core's use cases reach the store.
public final class OpenLogbook {
    /// The store's logbook, which only the core sees.
    let store: Logbook

    /// The logbook at `path`, reading the time from `clock`: a write waits up
    /// to `busyTimeoutMilliseconds` for another program's lock, and
    /// `maxPageCount` caps the file's size, as a full disk would (tests).
    public init(
        path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        busyTimeoutMilliseconds: Int = OpenLogbook.defaultBusyTimeoutMilliseconds, maxPageCount: Int? = nil
    ) {
        store = Logbook(path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds, maxPageCount: maxPageCount)
    }

    /// The system's clock, which a front end passes on unless a test fixes one.
    public static let systemClock: @Sendable () -> Timestamp = Timestamp.now

    /// How long a write waits for another program's write lock: 20 s.
    public static let defaultBusyTimeoutMilliseconds = Logbook.defaultBusyTimeoutMilliseconds

    /// The page cap that `GASLOG_MAX_PAGE_COUNT` in `environment` sets, or `nil` for none.
    public static func maxPageCount(environment: [String: String]) -> Int? {
        Logbook.maxPageCount(environment: environment)
    }

    /// The logbook's file: `explicitPath` (`--db`), else `GASLOG_DB` in
    /// `environment`, else the default location.
    public static func path(explicitPath: String?, environment: [String: String]) throws(LogbookError) -> String {
        try DatabaseLocation.resolve(explicitPath: explicitPath, environment: environment)
    }

    /// The database file.
    public var path: String { store.path }

    /// Checks the logbook as the command line's first write would, for a
    /// server that keeps it open: a read-only logbook is still served, if it
    /// can be read.
    public func prepareToServe() throws(LogbookError) {
        do {
            try store.prepareForWriting()
        } catch let error where error.reason == .readOnly(path: path) {
            _ = try store.settings()
        }
    }

    /// Called once when a write has waited 2 seconds for another writer's
    /// lock, so that a front end can say why nothing happens.
    public var onWaitingForLock: (() -> Void)? {
        get { store.onWaitingForLock }
        set { store.onWaitingForLock = newValue }
    }

    /// Today's date by the logbook's clock.
    public func today() -> CivilDate { store.today() }

    /// Whether the logbook can take the next fill, as a health check asks it.
    public func health() -> LogbookHealth { store.health() }
}
