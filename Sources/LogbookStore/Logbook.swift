import Glibc
import NitroxCalculator

/// The fill log: the one service the command line (or a later server or GUI)
/// calls to record fills, find a cylinder's current gas, and keep settings.
///
/// The database is opened on first use. Reading a logbook that does not exist
/// yet never creates it: reads then see an empty in-memory logbook. Writing
/// creates the file and its folders.
public final class Logbook {
    public let path: String
    /// Where "now" comes from: the system clock, or a fixed one in tests.
    public let clock: @Sendable () -> Timestamp
    private var connection: Database?
    private var connectionIsWritable = false

    /// How long a writer waits for another process's write lock.
    static let busyTimeoutMilliseconds = 20_000
    /// How long a writer waits before ``onWaitingForLock`` is called.
    static let waitNoticeMilliseconds = 2_000

    /// Called once when a write has waited 2 seconds for another process's
    /// lock, so that a front end can say why nothing happens.
    public var onWaitingForLock: (() -> Void)?

    /// How far after the current time a fill may be dated: clocks at two
    /// fill stations can disagree by a few minutes. A fill dated later than
    /// this is refused, and one already in the log is never the current gas.
    public static let clockSkewAllowance = 5 * 60

    public init(path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.path = path
        self.clock = clock
    }

    /// Today's date by the logbook's clock, for inspection checks.
    public func today() -> CivilDate { clock().localDate }

    /// The latest time a fill may carry now.
    func latestFillTime() -> Timestamp {
        Timestamp(secondsSinceEpoch: clock().secondsSinceEpoch + Logbook.clockSkewAllowance)
    }

    // MARK: Settings

    public func unitPreference() throws(LogbookError) -> UnitSystem {
        try settings().unit
    }

    public func setUnitPreference(_ unit: UnitSystem) throws(LogbookError) {
        try set(.unit, to: unit.rawValue)
    }

    /// Every setting in force, defaults filled in.
    public func settings() throws(LogbookError) -> LogbookSettings {
        // A logbook not created yet has only defaults; a pure calculation such
        // as `mod --o2` then needs no database at all.
        if connection == nil, try DatabaseFile.inspect(path) == .missing { return LogbookSettings() }
        return try perform(writing: false) { database in try settings(in: database) }
    }

    /// Validates and stores a setting's value; returns it in canonical form.
    @discardableResult
    public func set(_ setting: Setting, to text: String) throws(LogbookError) -> String {
        let value: String
        do {
            value = try setting.validate(text)
        } catch {
            throw LogbookError.invalidInput(error)
        }
        try perform(writing: true) { database in
            try database.writeTransaction {
                try database.prepare("INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value")
                    .execute([.text(setting.key), .text(value)])
            }
        }
        return value
    }

    func settings(in database: Database) throws -> LogbookSettings {
        let statement = try database.prepare("SELECT key, value FROM settings")
        try statement.bind([])
        var settings = LogbookSettings()
        while try statement.step() {
            guard let setting = Setting(rawValue: statement.text(0)) else { continue }
            let value = statement.text(1)
            guard (try? setting.validate(value)) == value else {
                throw LogbookError(.databaseUnusable, "the stored setting \(setting.key) = \(quoted(value)) is invalid; set it again with 'gaslog config set'")
            }
            settings.values[setting] = value
        }
        return settings
    }

    // MARK: Fills

    /// What recording a fill produced: the record, and warnings about facts
    /// the register could not check.
    public struct FillOutcome: Sendable {
        public let record: FillRecord
        public let warnings: [String]
    }

    /// Records a fill, creating its cylinder when the name is new.
    ///
    /// The MOD is computed here, through the calculator, and stored with the
    /// fill as it goes on the cylinder's tag. The fill-station checks run in
    /// the same transaction, against the register as it is at that moment;
    /// a refusal writes nothing unless the request carries an override.
    @discardableResult
    public func recordFill(_ request: FillRequest) throws(LogbookError) -> FillOutcome {
        try request.checkAnalysisTolerance()
        let now = clock()
        let filledAt = request.filledAt ?? now
        if filledAt > latestFillTime() {
            throw LogbookError(.invalidInput, "the fill time \(LocalTime.text(of: filledAt)) is in the future: it is now \(LocalTime.text(of: now)), "
                + "and a fill may be dated at most \(Logbook.clockSkewAllowance / 60) minutes ahead, for clock differences")
        }
        return try perform(writing: true) { database in
            try database.writeTransaction {
                let settings = try settings(in: database)
                let rounding = request.rounding ?? settings.rounding
                let labelMix = request.referenceMix
                let depth = MaximumOperatingDepth(mix: labelMix, partialPressure: request.partialPressure, rounding: rounding)
                let (cylinder, nameWarning) = try cylinderToFill(request.cylinder, settings: settings, in: database)
                let check = FillCheck(cylinder: cylinder, mix: request.mix, pressure: request.pressure,
                                      date: filledAt.localDate, settings: settings)
                if !check.refusals.isEmpty, request.overrideReason == nil {
                    throw LogbookError(.refused, "fill refused: " + check.refusals.joined(separator: "; ")
                        + "; or record it anyway with --override REASON")
                }
                try database.prepare("""
                    INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft,
                                       pressure_centibar, blender, diver, cert, diver_o2_permille, note, recorded_at,
                                       override_reason, rounding, label_o2_permille)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """).execute([
                        .integer(cylinder.id), .text(filledAt.iso8601), .integer(request.mix.oxygenPermille),
                        .integer(request.partialPressure.centibar), .text(labelMix.label),
                        .integer(depth.metres), .integer(depth.feet), DatabaseValue(request.pressure?.centibar),
                        DatabaseValue(request.blender), DatabaseValue(request.diver), DatabaseValue(request.cert),
                        DatabaseValue(request.diverMix?.oxygenPermille), DatabaseValue(request.note),
                        .text(now.iso8601), DatabaseValue(request.overrideReason), .text(rounding.rawValue),
                        .integer(labelMix.oxygenPermille),
                    ])
                var warnings = [nameWarning, check.warning(for: cylinder.name)].compactMap { $0 }
                if !check.refusals.isEmpty {
                    warnings.append("recorded despite: " + check.refusals.joined(separator: "; "))
                }
                return FillOutcome(record: try fill(id: database.lastInsertedRowID, in: database), warnings: warnings)
            }
        }
    }

    /// The cylinder, inserting it with no register facts when it is new.
    func cylinder(creating name: CylinderName, in database: Database) throws -> Cylinder {
        if let existing = try cylinder(named: name, in: database) { return existing }
        try name.checkFitsSchema()
        try database.prepare("INSERT INTO cylinders (id, name, name_key, created_at) VALUES (?, ?, ?, ?)")
            .execute([.integer(try Logbook.nextCylinderID(in: database)), .text(name.text), .text(name.key), .text(clock().iso8601)])
        guard let cylinder = try cylinder(named: name, in: database) else {
            throw LogbookError(.internalFailure, "cylinder \(quoted(name.text)) vanished while it was being recorded")
        }
        return cylinder
    }

    /// An id no cylinder has had: above every cylinder's and every fill's
    /// cylinder_id, so that a cylinder deleted outside gaslog can never hand
    /// its fills to a new one. Both maxima come from an index.
    static func nextCylinderID(in database: Database) throws -> Int {
        let highest = try database.prepare("""
            SELECT max(coalesce((SELECT max(id) FROM cylinders), 0), coalesce((SELECT max(cylinder_id) FROM fills), 0))
            """).scalarInteger() ?? 0
        return highest + 1
    }

    func cylinder(named name: CylinderName, in database: Database) throws -> Cylinder? {
        let statement = try database.prepare(Cylinder.selection + " WHERE name_key = ?")
        try statement.bind([.text(name.key)])
        return try statement.step() ? Cylinder(row: statement) : nil
    }

    private func fill(id: Int, in database: Database) throws -> FillRecord {
        let statement = try database.prepare(FillRecord.selection + " WHERE f.id = ?")
        try statement.bind([.integer(id)])
        guard try statement.step() else {
            throw LogbookError(.refused, "no fill has id \(id)")
        }
        return try FillRecord(row: statement)
    }

    /// The fill a record's id names.
    public func fill(id: Int) throws(LogbookError) -> FillRecord {
        try perform(writing: false) { database in try fill(id: id, in: database) }
    }

    /// The cylinder's current gas: its latest fill that is neither void nor
    /// dated in the future. Throws when it has none, saying why.
    public func currentGas(of name: CylinderName) throws(LogbookError) -> CurrentGas {
        try perform(writing: false) { database in
            try database.readTransaction {
                guard let cylinder = try cylinder(named: name, in: database) else {
                    throw LogbookError(.refused, "unknown cylinder \(quoted(name.text)); 'gaslog list' shows the cylinders in the log")
                }
                let gas = try CurrentGasLookup(database, latest: latestFillTime()).gas(of: cylinder)
                guard gas.fill != nil else { throw gas.absence }
                return gas
            }
        }
    }

    /// Every cylinder with its current gas, in name order; a cylinder without
    /// one is listed with a `nil` fill.
    public func currentGases() throws(LogbookError) -> [CurrentGas] {
        try perform(writing: false) { database in
            try database.readTransaction {
                // Prepared once for all cylinders: list runs it per cylinder.
                let lookup = try CurrentGasLookup(database, latest: latestFillTime())
                return try allCylinders(in: database).map(lookup.gas(of:))
            }
        }
    }

    /// Every cylinder, retired ones included, in name order.
    func allCylinders(in database: Database) throws -> [Cylinder] {
        let statement = try database.prepare(Cylinder.selection + " ORDER BY name_key")
        try statement.bind([])
        var cylinders: [Cylinder] = []
        while try statement.step() { cylinders.append(Cylinder(row: statement)) }
        return cylinders
    }

    /// Marks a fill void. Nothing is deleted: the fill stays in the log and
    /// in exports, with the reason.
    @discardableResult
    public func voidFill(id: Int, reason: String) throws(LogbookError) -> FillRecord {
        try perform(writing: true) { database in
            try database.writeTransaction {
                let record = try fill(id: id, in: database)
                if let existing = record.voidReason {
                    throw LogbookError(.refused, "fill \(id) is already void (\(quoted(existing))); a fill is voided once")
                }
                try database.prepare("INSERT INTO voids (fill_id, reason, voided_at) VALUES (?, ?, ?)")
                    .execute([.integer(id), .text(reason), .text(clock().iso8601)])
                return try fill(id: id, in: database)
            }
        }
    }

    /// Opens the logbook for reading now, and checks the cylinder `query`
    /// names, so that a database that cannot be used or an unknown name is
    /// reported before a command creates anything, such as an export file.
    public func openForReading(_ query: FillQuery) throws(LogbookError) {
        try perform(writing: false) { database in _ = try cylinderID(for: query, in: database) }
    }

    /// How many fills match, for a progress report.
    public func countFills(_ query: FillQuery) throws(LogbookError) -> Int {
        try perform(writing: false) { database in
            let (condition, values) = query.whereClause(cylinderID: try cylinderID(for: query, in: database))
            return try database.prepare("SELECT count(*) FROM fills AS f" + condition).scalarInteger(values) ?? 0
        }
    }

    /// A cylinder's current gas: its newest fill that is not void and not
    /// dated after the second parameter. The fills_by_cylinder index answers
    /// it without reading other cylinders' fills, so it costs the same in a
    /// small log and a large one.
    static let currentFillSQL = FillRecord.selection + """
         WHERE f.cylinder_id = ? AND f.filled_at <= ? AND v.fill_id IS NULL
         ORDER BY f.filled_at DESC, f.id DESC LIMIT 1
        """

    /// The fills of a cylinder (?1) that sort after its current fill (time ?2,
    /// id ?3), newest first: each is void or dated in the future.
    static let passedOverSQL = """
        SELECT f.id, f.filled_at, v.fill_id IS NOT NULL
        FROM fills AS f LEFT JOIN voids AS v ON v.fill_id = f.id
        WHERE f.cylinder_id = ?1 AND (f.filled_at, f.id) > (?2, ?3)
        ORDER BY f.filled_at DESC, f.id DESC
        """

    /// The query `log` and `export` run, and its bound values.
    static func historySQL(_ query: FillQuery, cylinderID: Int?, newestFirst: Bool) -> (sql: String, values: [DatabaseValue]) {
        var (sql, values) = query.whereClause(cylinderID: cylinderID)
        sql = FillRecord.selection + sql + (newestFirst ? " ORDER BY f.filled_at DESC, f.id DESC" : " ORDER BY f.id")
        if let limit = query.limit {
            sql += " LIMIT ?"
            values.append(.integer(limit))
        }
        return (sql, values)
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
        try perform(writing: false) { database in
            try database.readTransaction {
                // A fill without its cylinder would never match a cylinder
                // filter; without one, the whole report is refused up front.
                if query.cylinder == nil {
                    let orphans = try database.prepare("""
                        SELECT id FROM fills WHERE cylinder_id NOT IN (SELECT id FROM cylinders) ORDER BY id LIMIT 11
                        """)
                    try orphans.bind([])
                    var ids: [Int] = []
                    while try orphans.step() { ids.append(orphans.integer(0)) }
                    guard ids.isEmpty else { throw LogbookError.fillsWithoutCylinder(ids) }
                }
                let (sql, values) = Logbook.historySQL(query, cylinderID: try cylinderID(for: query, in: database), newestFirst: newestFirst)
                let statement = try database.prepare(sql)
                try statement.bind(values)
                while try statement.step() {
                    try body(try FillRecord(row: statement))
                }
            }
        }
    }

    /// The cylinder a query's name means: the cylinder with that name now,
    /// or else the one that had it most recently, so that a name from an
    /// older export still finds its fills. An unknown name is refused rather
    /// than answered with an empty report.
    func cylinderID(for query: FillQuery, in database: Database) throws -> Int? {
        guard let name = query.cylinder else { return nil }
        if let cylinder = try cylinder(named: name, in: database) { return cylinder.id }
        let earlier = try database.prepare("""
            SELECT cylinder_id FROM cylinder_events WHERE kind = 'renamed' AND gaslog_fold(old_name) = ? ORDER BY id DESC LIMIT 1
            """).scalarInteger([.text(name.key)])
        guard let earlier else {
            throw LogbookError(.refused, "unknown cylinder \(quoted(name.text)); 'gaslog list' shows the cylinders in the log")
        }
        return earlier
    }

    // MARK: Connection

    /// Runs `body` on an open connection, turning every failure into a
    /// ``LogbookError`` that names this database.
    func perform<Result>(writing: Bool, _ body: (Database) throws -> Result) throws(LogbookError) -> Result {
        do {
            return try body(try open(writing: writing))
        } catch let error as LogbookError {
            throw error
        } catch let error as DatabaseError {
            throw LogbookError.database(error, path: path)
        } catch let error as FieldError {
            throw LogbookError.invalidInput(error)
        } catch {
            throw LogbookError(.internalFailure, "\(error)")
        }
    }

    private func open(writing: Bool) throws -> Database {
        if let connection, connectionIsWritable || !writing { return connection }
        let file = try DatabaseFile.inspect(path)
        if case .database(let version) = file, version > Migration.latestVersion {
            throw newerSchema(version)
        }
        var database: Database
        if file == .missing && !writing {
            // Nothing to read yet: an empty logbook that leaves no file behind.
            database = try Database(path: ":memory:", mode: .readWriteCreate)
        } else {
            if file == .missing { try DatabaseFile.createParentFolders(of: path) }
            database = try Database(path: path, mode: file == .missing ? .readWriteCreate : .readWrite)
        }
        do {
            try configure(database, writing: writing)
        } catch let error as DatabaseError where !writing && (error.isReadOnly || error.isCannotOpen) && !DatabaseFile.hasWriteAheadLog(path) {
            // A read-only file in a read-only folder: SQLite cannot create the
            // WAL index, but with nothing left in the log and nobody able to
            // write, the file can be read as immutable.
            database = try Database(path: path, mode: .immutable)
            try configure(database, writing: false)
        }
        connection = database
        // An existing file is opened read-write even to read, so a later write
        // in the same command reuses the connection, unless it is read-only.
        connectionIsWritable = writing || (file != .missing && !database.isReadOnly)
        return database
    }

    /// Sets up a fresh connection. The schema version is checked before
    /// anything could write, so a newer database is left untouched.
    private func configure(_ database: Database, writing: Bool) throws {
        try database.setBusyTimeout(milliseconds: Logbook.busyTimeoutMilliseconds,
                                    noticeAfterMilliseconds: Logbook.waitNoticeMilliseconds, onWaiting: onWaitingForLock)
        try Migrator.defineFunctions(database)
        let version = try database.integerPragma("user_version")
        guard version <= Migration.latestVersion else { throw newerSchema(version) }
        if !database.isReadOnly {
            // WAL lets readers work while a writer commits, and never shows
            // them half a command. See <https://www.sqlite.org/wal.html>.
            // FULL sync keeps every committed fill through a power cut.
            // See <https://www.sqlite.org/pragma.html#pragma_synchronous>.
            try retryingWhileBusy {
                try database.execute(script: "PRAGMA journal_mode = WAL")
            }
            try database.execute(script: "PRAGMA synchronous = FULL")
        } else if writing {
            throw LogbookError(.databaseUnusable, "database \(path) is read-only: this command needs to write to it")
        }
        try database.execute(script: "PRAGMA foreign_keys = ON")
        if version < Migration.latestVersion {
            guard !database.isReadOnly else {
                throw LogbookError(.databaseUnusable, "database \(path) needs an upgrade to schema \(Migration.latestVersion), but it is read-only")
            }
            do {
                try Migrator.migrate(database)
            } catch Migrator.Failure.newerSchema(let found, _) {
                throw newerSchema(found)
            }
        }
    }

    private func newerSchema(_ version: Int) -> LogbookError {
        LogbookError(.databaseUnusable,
                     "database \(path) has schema version \(version), newer than this gaslog knows (\(Migration.latestVersion)); "
                     + "use a newer gaslog; the file was left untouched")
    }

    /// Changing the journal mode needs an exclusive lock, which SQLite may
    /// refuse at once rather than wait for when several processes create the
    /// same database together; so this waits and tries again.
    private func retryingWhileBusy(_ body: () throws -> Void) throws {
        var delay: UInt32 = 1_000
        var waited: UInt32 = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && waited < UInt32(Logbook.busyTimeoutMilliseconds * 1_000) {
                usleep(delay)
                waited += delay
                delay = min(delay * 2, 100_000)
            }
        }
    }
}
