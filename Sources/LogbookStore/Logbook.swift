import Glibc
import NitroxCalculator

/// The fill log: the one service every front end (the command line, the
/// server) calls to record fills, find a cylinder's current gas, and keep
/// settings. It speaks in facts: records, outcomes, and ``LogbookError``
/// reasons, which each front end puts into its own words.
///
/// Every write that the audit trail records is told who makes it: an
/// `actor:` argument (a fill's ``FillRequest/recordedBy``, a void's
/// `voidedBy:`), the account's name, or `nil` for the command line. A
/// logbook holds no current account, so nothing of one call's carries over
/// to the next, even when a server's thread serves many accounts.
///
/// A `Logbook` holds one connection and belongs to one thread at a time; a
/// server gives each worker thread its own. The database is opened on first use. Reading a logbook that does not exist
/// yet never creates it: reads then see an empty in-memory logbook. Writing
/// creates the file and its folders.
public final class Logbook {
    /// The database file.
    public let path: String
    /// Where "now" and "today" come from: the system clock, or a fixed one in
    /// tests. Nothing in the logbook reads the time any other way.
    public let clock: @Sendable () -> Timestamp
    private let connection: DatabaseConnection

    /// Called once when a write has waited 2 seconds for another writer's
    /// lock, so that a front end can say why nothing happens.
    public var onWaitingForLock: (() -> Void)? {
        get { connection.onWaitingForLock }
        set { connection.onWaitingForLock = newValue }
    }

    /// The logbook at `path`, reading the time from `clock`.
    ///
    /// A write waits up to `busyTimeoutMilliseconds` for another program's
    /// write lock before it gives up as busy; nothing is written then.
    /// `maxPageCount`, when given, caps the file's size in pages (SQLite's
    /// `max_page_count`), as a full disk would: a test's `GASLOG_MAX_PAGE_COUNT`.
    public init(
        path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        busyTimeoutMilliseconds: Int = Logbook.defaultBusyTimeoutMilliseconds, maxPageCount: Int? = nil
    ) {
        self.path = path
        self.clock = clock
        connection = DatabaseConnection(
            path: path, clock: clock, busyTimeoutMilliseconds: busyTimeoutMilliseconds, maxPageCount: maxPageCount)
    }

    /// The page cap that `GASLOG_MAX_PAGE_COUNT` in `environment` sets: a
    /// positive whole number, or `nil` for none. Tests simulate a full disk with it.
    public static func maxPageCount(environment: [String: String]) -> Int? {
        environment["GASLOG_MAX_PAGE_COUNT"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    }

    /// The most pages the logbook may grow to, when capped.
    var maxPageCount: Int? { connection.maxPageCount }

    /// How long a write waits for another program's write lock: 20 s.
    public static let defaultBusyTimeoutMilliseconds = DatabaseConnection.defaultBusyTimeoutMilliseconds

    /// Today's date by the logbook's clock, for inspection checks.
    public func today() -> CivilDate { clock().localDate }

    // MARK: Settings

    /// The unit the logbook states depths and pressures in.
    public func unitPreference() throws(LogbookError) -> UnitSystem {
        try settings().unit
    }

    /// Stores the unit preference, for `actor` (`nil` for the command line).
    public func setUnitPreference(_ unit: UnitSystem, actor: String?) throws(LogbookError) {
        try set(.unit, to: unit.rawValue, actor: actor)
    }

    /// Opens the logbook to write, creating it and bringing its schema up to
    /// date if need be: a service does this once, before its threads open
    /// their own connections.
    public func prepareForWriting() throws(LogbookError) {
        try perform(writing: true) { _ in }
    }

    /// Every setting in force, defaults filled in.
    public func settings() throws(LogbookError) -> LogbookSettings {
        // A logbook not created yet has only defaults; a pure calculation such
        // as `mod --o2` then needs no database at all.
        if !connection.isOpen, try DatabaseFile.inspect(path) == .missing { return LogbookSettings() }
        return try perform(writing: false) { database in try settings(in: database) }
    }

    /// Validates and stores a setting's value, for `actor` (`nil` for the
    /// command line); returns it in canonical form.
    @discardableResult
    public func set(_ setting: Setting, to text: String, actor: String?) throws(LogbookError) -> String {
        var value: String
        do {
            value = try setting.validate(text)
        } catch {
            throw LogbookError.invalidInput(error)
        }
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                // The default compressor is one in the register, by its name as written there.
                if setting == .defaultCompressor, value != "none" {
                    value = try existingCompressor(try CompressorName(parsing: value), in: database).name
                }
                try database.prepare("INSERT INTO settings (key, value) VALUES (:key, :value) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                    .execute(["key": .text(setting.key), "value": .text(value)])
                try AuditTrail(database).append("setting", .setting, key: setting.key, actor: actor, at: clock())
            }
        }
        return value
    }

    func settings(in database: Database) throws -> LogbookSettings {
        let statement = try database.cachedStatement("SELECT key, value FROM settings")
        try statement.bind([])
        var settings = LogbookSettings()
        while try statement.step() {
            guard let setting = Setting(rawValue: statement.text("key")) else { continue }
            let value = statement.text("value")
            guard (try? setting.validate(value)) == value else {
                throw LogbookError(.invalidStoredSetting(key: setting.key, value: value))
            }
            settings.values[setting] = value
        }
        return settings
    }

    // MARK: Transactions

    /// Runs `body` in one read transaction, handed to it as GRDB's
    /// `dbQueue.read { db in … }` hands its `Database`: every read through
    /// the ``ReadTransaction`` sees the same snapshot.
    public func read<Result>(_ body: (ReadTransaction) throws -> Result) throws(LogbookError) -> Result {
        try perform(writing: false) { database in
            try database.readTransaction { try body(ReadTransaction(logbook: self, database: database)) }
        }
    }

    /// Runs `body` in one write transaction, handed to it as GRDB's
    /// `dbQueue.write { db in … }` hands its `Database`: it commits when
    /// `body` returns, with this process's other writes (``GroupCommit``),
    /// and is rolled back when `body` throws. The core decides inside it:
    /// it reads what it needs through the ``WriteTransaction`` and asks it
    /// to insert the rows it decided.
    public func write<Result>(_ body: (WriteTransaction) throws -> Result) throws(LogbookError) -> Result {
        try perform(writing: true) { database in
            try database.writeTransaction { database in try body(try WriteTransaction(writingIn: self, database: database)) }
        }
    }

    /// The cylinder, inserting it with no register facts when it is new. A
    /// name that another cylinder had before a rename still finds that
    /// cylinder, so no new one is given it.
    func cylinder(creating name: CylinderName, in database: Database) throws -> Cylinder {
        if let existing = try cylinder(named: name, in: database) { return existing }
        let formerHolders = try Logbook.cylinders(formerlyNamed: name, in: database)
        guard formerHolders.isEmpty else {
            throw LogbookError(.earlierNameInUse(name.text, cylinders: formerHolders.map(\.name)))
        }
        try Logbook.checkNotConfusable(name.text, key: name.key, in: .cylinders(excluding: nil), database: database)
        try name.checkNewName()
        try database.prepare("INSERT INTO cylinders (id, name, name_key, created_at) VALUES (:id, :name, :name_key, :created_at)")
            .execute([
                "id": .integer(try Logbook.nextCylinderID(in: database)), "name": .text(name.text),
                "name_key": .text(name.key), "created_at": .text(clock().iso8601),
            ])
        guard let cylinder = try cylinder(named: name, in: database) else {
            throw LogbookError(.internalFailure(.cylinderVanished(name.text)))
        }
        return cylinder
    }

    /// An id no cylinder has had: above every cylinder's and every fill's
    /// cylinder_id, so that a cylinder deleted outside gaslog can never hand
    /// its fills to a new one. Both maxima come from an index.
    static func nextCylinderID(in database: Database) throws -> Int {
        let highest =
            try database.prepare(
                """
                SELECT max(coalesce((SELECT max(id) FROM cylinders), 0), coalesce((SELECT max(cylinder_id) FROM fills), 0))
                """
            ).scalarInteger() ?? 0
        return highest + 1
    }

    func cylinder(named name: CylinderName, in database: Database) throws -> Cylinder? {
        try database.cachedStatement(Cylinder.selectionByName).firstRow(["name_key": .text(name.key)], Cylinder.init(row:))
    }

    func fill(id: Int, in database: Database) throws -> FillRecord {
        guard let fill = try database.cachedStatement(FillRecord.selectionByID).firstRow(["id": .integer(id)], FillRecord.init(row:))
        else { throw LogbookError(.unknownFill(id)) }
        return fill
    }

    /// The fill a record's id names.
    public func fill(id: Int) throws(LogbookError) -> FillRecord {
        try perform(writing: false) { database in try fill(id: id, in: database) }
    }

    /// The cylinder's current gas: its latest fill that is neither void nor
    /// dated after `latest`, the core's limit. Throws when it has none, saying why. The name
    /// may be an earlier one, as ``resolveCylinder(_:)`` finds it; the
    /// answer's cylinder carries its current name.
    public func currentGas(of name: CylinderName, latest: Timestamp) throws(LogbookError) -> CurrentGas {
        try perform(writing: false) { database in
            try database.readTransaction {
                guard let cylinder = try resolve(name, in: database)?.cylinder else {
                    throw LogbookError(.unknownCylinder(name.text))
                }
                let gas = try CurrentGasLookup(database, latest: latest).gas(of: cylinder)
                guard gas.fill != nil else { throw gas.absence }
                return gas
            }
        }
    }

    /// Every cylinder with its current gas, as of `latest`, the core's limit,
    /// in name order; a cylinder without one is listed with a `nil` fill.
    public func currentGases(latest: Timestamp) throws(LogbookError) -> [CurrentGas] {
        try perform(writing: false) { database in
            try database.readTransaction {
                // Prepared once for all cylinders: list runs it per cylinder.
                let lookup = try CurrentGasLookup(database, latest: latest)
                return try allCylinders(in: database).map(lookup.gas(of:))
            }
        }
    }

    /// Every cylinder, retired ones included, in name order.
    func allCylinders(in database: Database) throws -> [Cylinder] {
        let statement = try database.prepare(Cylinder.selection + " ORDER BY name_key")
        try statement.bind([])
        var cylinders: [Cylinder] = []
        while try statement.step() { cylinders.append(try Cylinder(row: statement)) }
        return cylinders
    }

    /// Marks a fill void. Nothing is deleted: the fill stays in the log and
    /// in exports, with the reason and, for a void made through the service,
    /// the account that made it, `voidedBy` (`nil` for the command line),
    /// which the audit trail records too.
    @discardableResult
    public func voidFill(id: Int, reason: String, voidedBy: String?) throws(LogbookError) -> FillRecord {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let record = try fill(id: id, in: database)
                let now = clock()
                if let existing = record.voidReason {
                    throw LogbookError(.alreadyVoid(fill: id, reason: existing))
                }
                let void: [DatabaseValue] = [.integer(id), .text(reason), .text(now.iso8601), DatabaseValue(voidedBy)]
                let insert = try database.prepare(FillTable.insertVoidSQL)
                insert.expectParameters(AuditSubject.void.columns)
                try insert.execute(void)
                try AuditTrail(database).append("void", .void, key: id, inserted: void, actor: voidedBy, at: now)
                return try fill(id: id, in: database)
            }
        }
    }

    /// Opens the logbook for reading now, and checks the cylinder `query`
    /// names, so that a database that cannot be used or an unknown name is
    /// reported before a command creates anything, such as an export file.
    /// Returns the cylinder the name means, if the query names one.
    @discardableResult
    public func openForReading(_ query: FillQuery) throws(LogbookError) -> CylinderResolution? {
        try query.checkPeriod()
        return try perform(writing: false) { database in try resolution(for: query, in: database) }
    }

    /// How many fills match, for a progress report.
    public func countFills(_ query: FillQuery) throws(LogbookError) -> Int {
        try query.checkPeriod()
        return try perform(writing: false) { database in try count(query, in: database) }
    }

    private func count(_ query: FillQuery, in database: Database) throws -> Int {
        let (condition, values) = query.whereClause(cylinderID: try cylinderID(for: query, in: database))
        return try database.prepare("SELECT count(*) FROM fills AS f" + condition).scalarInteger(values) ?? 0
    }

    /// The orders fills are read in.
    enum HistoryOrder {
        /// By id: the order the fills were recorded, as the export writes them.
        case recorded
        /// The log's order: `filled_at`, then id, newest first.
        case newestFirst
        /// The log's order reversed, oldest first.
        case oldestFirst

        /// The ORDER BY clause.
        var clause: String {
            switch self {
            case .recorded: " ORDER BY f.id"
            case .newestFirst: " ORDER BY f.filled_at DESC, f.id DESC"
            case .oldestFirst: " ORDER BY f.filled_at, f.id"
            }
        }
    }

    /// The query that reads `query`'s fills in `order`, and its bound values.
    ///
    /// No index gives the log's order across cylinders: fills_by_cylinder
    /// orders each cylinder's fills by time, and the log has no index on
    /// `filled_at` alone (every import would pay for one). So a limited read
    /// of the whole log in time order first picks the ids from that index,
    /// which holds `filled_at` and the id, sorting only those, and then reads
    /// just those fills whole. One cylinder's fills come from the index in order.
    static func historySQL(_ query: FillQuery, cylinderID: Int?, order: HistoryOrder) -> (sql: String, values: [String: DatabaseValue]) {
        var (condition, values) = query.whereClause(cylinderID: cylinderID)
        guard let limit = query.limit else { return (FillRecord.selection + condition + order.clause, values) }
        values["limit"] = .integer(limit)
        if cylinderID == nil && order != .recorded {
            let ids = "SELECT f.id FROM fills AS f" + condition + order.clause + " LIMIT :limit"
            return (FillRecord.selection + " WHERE f.id IN (" + ids + ")" + order.clause, values)
        }
        return (FillRecord.selection + condition + order.clause + " LIMIT :limit", values)
    }

    /// Fills newest first, as `log` shows them.
    public func history(_ query: FillQuery) throws(LogbookError) -> [FillRecord] {
        var records: [FillRecord] = []
        try forEachFill(query, newestFirst: true) { records.append($0) }
        return records
    }

    /// Calls `body` with each matching fill, one at a time, in the order the
    /// fills were recorded (or newest first), all from one snapshot.
    public func forEachFill(_ query: FillQuery, newestFirst: Bool = false, _ body: (FillRecord) throws -> Void) throws(LogbookError) {
        try query.checkPeriod()
        try perform(writing: false) { database in
            try database.readTransaction {
                try forEachFill(query, order: newestFirst ? .newestFirst : .recorded, in: database, body)
            }
        }
    }

    /// One page of the log, newest first: at most `size` of `query`'s fills,
    /// and whether others match beyond each end, all from one snapshot.
    ///
    /// Without a bound the page is the newest fills; with
    /// ``FillQuery/olderThan`` the newest of those older than it; with only
    /// ``FillQuery/newerThan`` the oldest of those newer than it, still
    /// shown newest first. `query.limit` is not used. With `counting`, the
    /// page also says how many fills match in all, from the same snapshot.
    public func historyPage(_ query: FillQuery, size: Int, counting: Bool = false) throws(LogbookError) -> HistoryPage {
        try query.checkPeriod()
        return try perform(writing: false) { database in
            try database.readTransaction {
                let upward = query.newerThan != nil && query.olderThan == nil
                var read = query
                read.limit = size + 1
                var fills: [FillRecord] = []
                try forEachFill(read, order: upward ? .oldestFirst : .newestFirst, in: database) { fills.append($0) }
                // One more than the page tells whether there are more that way.
                let moreThatWay = fills.count > size
                fills = Array(fills.prefix(size))
                if upward { fills.reverse() }
                // The other way, past the page's other end (past its bound
                // when it is empty); from no bound the page is the newest.
                var other = query
                other.limit = nil
                if upward {
                    other.newerThan = nil
                    other.olderThan = fills.last.map(LogPosition.init(of:)) ?? query.newerThan
                } else {
                    other.olderThan = nil
                    other.newerThan = fills.first.map(LogPosition.init(of:)) ?? query.olderThan
                }
                let moreTheOtherWay = (upward ? query.newerThan : query.olderThan) != nil ? try anyFill(other, in: database) : false
                return HistoryPage(
                    fills: fills, hasOlder: upward ? moreTheOtherWay : moreThatWay, hasNewer: upward ? moreThatWay : moreTheOtherWay,
                    total: counting ? try count(query, in: database) : nil)
            }
        }
    }

    /// Calls `body` with each of `query`'s fills in `order`, inside a read transaction.
    func forEachFill(_ query: FillQuery, order: HistoryOrder, in database: Database, _ body: (FillRecord) throws -> Void) throws {
        // A fill without its cylinder would never match a cylinder
        // filter; without one, the whole report is refused up front.
        if query.cylinder == nil {
            let ids = try fillsWithoutCylinder(in: database)
            guard ids.isEmpty else { throw LogbookError.fillsWithoutCylinder(ids) }
        }
        let (sql, values) = Logbook.historySQL(query, cylinderID: try cylinderID(for: query, in: database), order: order)
        let statement = try database.prepare(sql)
        try statement.bind(values)
        let columns = FillRecord.Columns(statement)
        while try statement.step() {
            try body(try FillRecord(row: statement, columns: columns))
        }
    }

    /// Whether any fill matches `query`. Where no index answers it, newer
    /// fills are sought from the latest recorded back (older ones from the
    /// first), since fills are mostly recorded in the order they happen: the
    /// scan then meets one early. Either way the answer is the same.
    func anyFill(_ query: FillQuery, in database: Database) throws -> Bool {
        let (condition, values) = query.whereClause(cylinderID: try cylinderID(for: query, in: database))
        let order = query.newerThan != nil && query.cylinder == nil ? " ORDER BY f.id DESC" : ""
        return try database.prepare("SELECT 1 FROM fills AS f" + condition + order + " LIMIT 1").scalarInteger(values) != nil
    }

    /// A cylinder id that fills name and no cylinder has, if there is one:
    /// each next cylinder id is one search of fills_by_cylinder.
    static let missingCylinderSQL = """
        WITH RECURSIVE named (id) AS (
            SELECT (SELECT min(cylinder_id) FROM fills)
            UNION ALL
            SELECT (SELECT min(cylinder_id) FROM fills WHERE cylinder_id > named.id) FROM named WHERE named.id IS NOT NULL
        )
        SELECT id FROM named WHERE id IS NOT NULL AND id NOT IN (SELECT id FROM cylinders) LIMIT 1
        """

    /// The ids of the first 11 fills whose cylinder row is missing, lowest
    /// first. The cylinders that fills name are walked in
    /// fills_by_cylinder, one index search each, so that a log of any size
    /// is checked in the time of its cylinders; only when one is missing
    /// are its fills looked up.
    func fillsWithoutCylinder(in database: Database) throws -> [Int] {
        guard try database.cachedStatement(Logbook.missingCylinderSQL).scalarInteger() != nil else { return [] }
        let orphans = try database.prepare(
            """
            SELECT id FROM fills WHERE cylinder_id NOT IN (SELECT id FROM cylinders) ORDER BY id LIMIT 11
            """)
        try orphans.bind([])
        var ids: [Int] = []
        while try orphans.step() { ids.append(orphans.integer("id")) }
        return ids
    }

    /// The cylinder a query's name means: the cylinder with that name now,
    /// or else the one cylinder that had it before a rename, so that a name
    /// from an older export still finds all its fills. An unknown name is
    /// refused rather than answered with an empty report, and so is an
    /// earlier name of several cylinders.
    func resolution(for query: FillQuery, in database: Database) throws -> CylinderResolution? {
        guard let name = query.cylinder else { return nil }
        guard let resolution = try resolve(name, in: database) else {
            throw LogbookError(.unknownCylinder(name.text))
        }
        return resolution
    }

    /// The id of the cylinder a query's name means, as ``resolution(for:in:)`` finds it.
    func cylinderID(for query: FillQuery, in database: Database) throws -> Int? {
        try resolution(for: query, in: database)?.cylinder.id
    }

    /// Runs `body` on the logbook's connection, turning every failure into a
    /// ``LogbookError`` that names this database.
    func perform<Result>(writing: Bool, _ body: (Database) throws -> Result) throws(LogbookError) -> Result {
        try connection.perform(writing: writing, body)
    }
}
