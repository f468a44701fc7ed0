import NitroxCalculator

extension Logbook {
    // MARK: The register

    /// Adds a compressor with the facts given; the cartridge fitted now is
    /// the one its filter life counts from until a change is recorded.
    @discardableResult
    public func addCompressor(_ name: CompressorName, _ changes: CompressorChanges, actor: String?) throws(LogbookError) -> Compressor {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                if let existing = try compressor(named: name, in: database) { throw LogbookError(.compressorExists(existing.name)) }
                return try compressor(creating: name, changes, trail: try AuditTrail(database), actor: actor, in: database)
            }
        }
    }

    /// Changes the facts that `changes` sets or clears, as a new version.
    @discardableResult
    public func editCompressor(_ name: CompressorName, _ changes: CompressorChanges, actor: String?) throws(LogbookError) -> Compressor {
        guard !changes.isEmpty else { throw LogbookError(.nothingToChange) }
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                return try addVersion(
                    of: compressor, change: .edit, applying: changes, trail: try AuditTrail(database), actor: actor, in: database)
            }
        }
    }

    /// Retires a compressor: a fill from it is refused unless overridden.
    @discardableResult
    public func retireCompressor(_ name: CompressorName, reason: String, actor: String?) throws(LogbookError) -> Compressor {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                if let retiredAt = compressor.retiredAt { throw LogbookError(.compressorAlreadyRetired(compressor.name, at: retiredAt)) }
                return try addVersion(
                    of: compressor, change: .retire, reason: reason, trail: try AuditTrail(database), actor: actor, in: database)
            }
        }
    }

    /// Puts a retired compressor back in service; its retirement stays in its history.
    @discardableResult
    public func reinstateCompressor(_ name: CompressorName, reason: String, actor: String?) throws(LogbookError) -> Compressor {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                guard compressor.isRetired else { throw LogbookError(.compressorNotRetired(compressor.name)) }
                return try addVersion(
                    of: compressor, change: .reinstate, reason: reason, trail: try AuditTrail(database), actor: actor, in: database)
            }
        }
    }

    /// The compressor `name` names.
    public func compressor(_ name: CompressorName) throws(LogbookError) -> Compressor {
        try perform(writing: false) { database in try existingCompressor(name, in: database) }
    }

    /// The register's changes to a compressor, from the audit trail, oldest first.
    public func compressorChanges(_ name: CompressorName) throws(LogbookError) -> [RegisterChange] {
        try perform(writing: false) { database in
            try database.readTransaction {
                let compressor = try existingCompressor(name, in: database)
                let statement = try database.prepare(
                    AuditEntry.selection
                        + """
                         WHERE subject IN (SELECT 'compressor-version ' || id FROM compressor_versions WHERE compressor_id = :id)
                         ORDER BY id
                        """)
                try statement.bind(["id": .integer(compressor.id)])
                var entries: [AuditEntry] = []
                while try statement.step() { entries.append(try AuditEntry(row: statement)) }
                return RegisterChange.changes(entries, hidden: ["id", "compressor_id", "at", "change", "made_by"], eventOnly: ["reason"])
            }
        }
    }

    // MARK: Runs, cartridges and tests

    /// Records a run. Hours given advance a known meter; a meter reading
    /// counts the hours since the last reading (none for the first) and is
    /// refused below it. The run keeps the chart in force now.
    @discardableResult
    public func recordRun(_ name: CompressorName, _ request: CompressorRunRequest, actor: String?) throws(LogbookError) -> CompressorRun {
        let now = clock()
        let at = request.at ?? now
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                let last = try lastMeterReading(of: compressor.id, in: database)
                let hours: Int
                let meter: Int?
                switch request.duration {
                case .hours(let hundredths):
                    // Hours run before the last reading are in it already: they advance no meter.
                    (hours, meter) = (hundredths, last.flatMap { at >= $0.at ? $0.hundredths + hundredths : nil })
                case .meter(let reading):
                    if let last {
                        // A reading dated before the last one could count the same hours twice.
                        if at < last.at { throw LogbookError(.meterReadingOutOfOrder(compressor: compressor.name, lastAt: last.at)) }
                        if reading < last.hundredths {
                            throw LogbookError(
                                .meterBackwards(compressor: compressor.name, readingHundredths: reading, lastHundredths: last.hundredths))
                        }
                    }
                    (hours, meter) = (last.map { reading - $0.hundredths } ?? 0, reading)
                }
                let id = try insert(
                    into: "compressor_log", CompressorTables.logColumns,
                    [
                        "compressor_id": .integer(compressor.id), "at": .text(at.iso8601), "kind": .text("run"),
                        "hundredths_of_hours": .integer(hours), "meter_hundredths": DatabaseValue(meter),
                        "temperature": DatabaseValue(request.temperature), "filter_factors": DatabaseValue(compressor.factors?.text),
                        "operator": DatabaseValue(request.operator), "batch": .null, "recorded_at": .text(now.iso8601),
                        "recorded_by": DatabaseValue(actor),
                    ], in: database)
                try AuditTrail(database).append("compressor run", .compressorLog, id: id, actor: actor, at: now)
                return CompressorRun(
                    id: id, at: at, hundredthsOfHours: hours, meterHundredths: meter, temperature: request.temperature,
                    factors: compressor.factors, operator: request.operator)
            }
        }
    }

    /// Records a cartridge change: the filter's life starts again.
    @discardableResult
    public func recordFilterChange(_ name: CompressorName, batch: String?, at time: Timestamp?, actor: String?) throws(LogbookError)
        -> FilterChange
    {
        let now = clock()
        let at = time ?? now
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                let id = try insert(
                    into: "compressor_log", CompressorTables.logColumns,
                    [
                        "compressor_id": .integer(compressor.id), "at": .text(at.iso8601), "kind": .text("filter"),
                        "hundredths_of_hours": .null, "meter_hundredths": .null, "temperature": .null, "filter_factors": .null,
                        "operator": .null, "batch": DatabaseValue(batch), "recorded_at": .text(now.iso8601),
                        "recorded_by": DatabaseValue(actor),
                    ], in: database)
                try AuditTrail(database).append("compressor filter", .compressorLog, id: id, actor: actor, at: now)
                return FilterChange(id: id, at: at, batch: batch)
            }
        }
    }

    /// Records an air test with its verdict under EN 12021:2014, stored with
    /// the standard's name so that a later standard never changes it.
    @discardableResult
    public func recordAirTest(_ name: CompressorName, _ request: AirTestRequest, actor: String?) throws(LogbookError) -> AirTest {
        let now = clock()
        let at = request.at ?? now
        let failed = BreathingAirStandard.failures(of: request.sample)
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let compressor = try existingCompressor(name, in: database)
                let sample = request.sample
                let id = try insert(
                    into: "air_tests", CompressorTables.testColumns,
                    [
                        "compressor_id": .integer(compressor.id), "at": .text(at.iso8601), "o2_permille": .integer(sample.oxygenPermille),
                        "co2_ppm": .integer(sample.carbonDioxidePPM), "co_decippm": .integer(sample.carbonMonoxideTenthsPPM),
                        "oil_centimg": .integer(sample.oilHundredthsMilligrams), "water_decimg": .integer(sample.waterTenthsMilligrams),
                        "pressure_bar": .integer(sample.pressureBar), "lab": DatabaseValue(request.lab),
                        "certificate": DatabaseValue(request.certificate), "note": DatabaseValue(request.note),
                        "standard": .text(BreathingAirStandard.name), "passed": .integer(failed.isEmpty ? 1 : 0),
                        "failed": .text(failed.map(\.rawValue).joined(separator: ",")), "recorded_at": .text(now.iso8601),
                        "recorded_by": DatabaseValue(actor),
                    ], in: database)
                try AuditTrail(database).append("air test", .airTest, id: id, actor: actor, at: now)
                return AirTest(
                    id: id, at: at, sample: sample, lab: request.lab, certificate: request.certificate, note: request.note,
                    standard: BreathingAirStandard.name, failed: failed)
            }
        }
    }

    // MARK: Reading

    /// A compressor as of `latest`, the core's limit for now: its facts,
    /// meter, filter life and latest test.
    public func compressorStatus(_ name: CompressorName, latest: Timestamp) throws(LogbookError) -> CompressorStatus {
        try perform(writing: false) { database in
            try database.readTransaction {
                try status(
                    of: try existingCompressor(name, in: database), at: latest, settings: try settings(in: database), in: database)
            }
        }
    }

    /// Every compressor as of `latest`, the core's limit for now, retired
    /// ones included, in name order.
    public func compressorStatuses(latest: Timestamp) throws(LogbookError) -> [CompressorStatus] {
        try perform(writing: false) { database in
            try database.readTransaction {
                let statement = try database.prepare(Compressor.selection + " ORDER BY c.name_key")
                try statement.bind([])
                var compressors: [Compressor] = []
                while try statement.step() { compressors.append(try Compressor(row: statement)) }
                let settings = try settings(in: database)
                return try compressors.map { compressor in try status(of: compressor, at: latest, settings: settings, in: database) }
            }
        }
    }

    /// A compressor's runs, cartridge changes and tests, in time order.
    public func compressorLog(_ name: CompressorName) throws(LogbookError) -> [CompressorLogEntry] {
        try perform(writing: false) { database in
            try database.readTransaction {
                let compressor = try existingCompressor(name, in: database)
                var entries: [(order: (String, Int, Int), entry: CompressorLogEntry)] = []
                let log = try database.prepare("SELECT * FROM compressor_log WHERE compressor_id = :id ORDER BY at, id")
                try log.bind(["id": .integer(compressor.id)])
                while try log.step() {
                    let entry = try logEntry(row: log)
                    entries.append(((log.text("at"), 0, log.integer("id")), entry))
                }
                let tests = try database.prepare("SELECT * FROM air_tests WHERE compressor_id = :id ORDER BY at, id")
                try tests.bind(["id": .integer(compressor.id)])
                while try tests.step() { entries.append(((tests.text("at"), 1, tests.integer("id")), .test(try airTest(row: tests)))) }
                return entries.sorted { $0.order < $1.order }.map(\.entry)
            }
        }
    }

    // MARK: Within a transaction

    /// The compressor as of `time`: the cartridge changed last at or before
    /// it, the runs after that change up to it, and the latest test up to it.
    /// `settings` are the caller's, read once in its transaction.
    func status(of compressor: Compressor, at time: Timestamp, settings: LogbookSettings, in database: Database) throws -> CompressorStatus {
        let until = time.iso8601
        let log = try database.cachedStatement(
            "SELECT * FROM compressor_log WHERE compressor_id = :id AND at <= :until ORDER BY at, id")
        try log.bind(["id": .integer(compressor.id), "until": .text(until)])
        var change: FilterChange?
        var runs: [FilterLife.Run] = []
        var hoursRun = 0
        while try log.step() {
            switch try logEntry(row: log) {
            case .filter(let filter):
                (change, runs, hoursRun) = (filter, [], 0)
            case .run(let run):
                runs.append(FilterLife.Run(hundredthsOfHours: run.hundredthsOfHours, factor: run.factor))
                hoursRun += run.hundredthsOfHours
            case .test:
                break
            }
        }
        try log.reset()
        let lastTest = try database.cachedStatement(
            "SELECT * FROM air_tests WHERE compressor_id = :id AND at <= :until ORDER BY at DESC, id DESC LIMIT 1"
        ).firstRow(["id": .integer(compressor.id), "until": .text(until)], airTest(row:))
        return CompressorStatus(
            compressor: compressor, meterHundredths: try lastMeterReading(of: compressor.id, in: database)?.hundredths, filterChange: change,
            filterLife: FilterLife(filterTenthsOfHours: compressor.filterTenthsOfHours, runs: runs), lastTest: lastTest,
            airTestMonths: compressor.airTestInterval(settings))
    }

    /// The compressor `name` names, or `nil`.
    func compressor(named name: CompressorName, in database: Database) throws -> Compressor? {
        try database.cachedStatement(Compressor.selectionByName).firstRow(["name_key": .text(name.key)], Compressor.init(row:))
    }

    /// The compressor `name` names; an unknown name is refused.
    func existingCompressor(_ name: CompressorName, in database: Database) throws -> Compressor {
        guard let compressor = try compressor(named: name, in: database) else { throw LogbookError(.unknownCompressor(name.text)) }
        return compressor
    }

    /// Adds a compressor that is not in the register, with the facts
    /// `changes` gives: for `add`, and for an import that names one this
    /// logbook does not have.
    func compressor(
        creating name: CompressorName, _ changes: CompressorChanges = CompressorChanges(), trail: AuditTrail, actor: String?,
        in database: Database
    ) throws -> Compressor {
        try Logbook.checkNotConfusable(name.text, key: name.key, in: .compressors, database: database)
        try name.checkNewName()
        let now = clock()
        let id = try insert(
            into: "compressors", CompressorTables.compressorColumns,
            ["name": .text(name.text), "name_key": .text(name.key), "created_at": .text(now.iso8601)], in: database)
        try trail.append("compressor add", .compressor, id: id, actor: actor, at: now)
        guard let added = try compressor(named: name, in: database) else {
            throw LogbookError(.internalFailure(.compressorVanished(name.text, importing: false)))
        }
        return try addVersion(of: added, change: .add, applying: changes, trail: trail, actor: actor, in: database)
    }

    /// Adds a version of the compressor's facts: the latest (none for an
    /// add), with `changes` applied, retired or reinstated by `change`.
    private func addVersion(
        of compressor: Compressor, change: CompressorVersionChange, applying changes: CompressorChanges = CompressorChanges(), reason: String? = nil,
        trail: AuditTrail, actor: String?, in database: Database
    ) throws -> Compressor {
        let now = clock()
        func kept<Value>(_ field: CompressorField, _ new: Value?, _ old: Value?) -> Value? {
            changes.clearing.contains(field) ? nil : new ?? old
        }
        let retiredAt: String? =
            switch change {
            case .retire: now.iso8601
            case .reinstate: nil
            case .add, .edit: compressor.retiredAt?.iso8601
            }
        let id = try insert(
            into: "compressor_versions", CompressorTables.versionColumns,
            [
                "compressor_id": .integer(compressor.id), "at": .text(now.iso8601), "change": .text(change.rawValue),
                "filter_decihours": DatabaseValue(kept(.filterHours, changes.filterTenthsOfHours, compressor.filterTenthsOfHours)),
                "filter_factors": DatabaseValue(kept(.filterFactors, changes.factors, compressor.factors)?.text),
                "air_test_months": DatabaseValue(kept(.airTestMonths, changes.airTestMonths, compressor.airTestMonths)),
                "note": DatabaseValue(kept(.note, changes.note, compressor.note)), "retired_at": DatabaseValue(retiredAt),
                "reason": DatabaseValue(reason), "made_by": DatabaseValue(actor),
            ], in: database)
        try trail.append("compressor \(change.rawValue)", .compressorVersion, id: id, actor: actor, at: now)
        return try existingCompressor(try CompressorName(parsing: compressor.name), in: database)
    }

    /// The hour meter's last known reading and its time: the latest run, in time order, that knows it.
    private func lastMeterReading(of compressorID: Int, in database: Database) throws -> (hundredths: Int, at: Timestamp)? {
        try database.cachedStatement(
            """
            SELECT meter_hundredths, at FROM compressor_log
            WHERE compressor_id = :id AND meter_hundredths IS NOT NULL ORDER BY at DESC, id DESC LIMIT 1
            """
        ).firstRow(["id": .integer(compressorID)]) { row in
            guard let at = try? Timestamp(parsing: row.text("at")) else {
                throw LogbookError(.databaseUnusable(.storedRow(.compressorRunTime(compressor: compressorID))))
            }
            return (row.integer("meter_hundredths"), at)
        }
    }

    /// Inserts a row of `columns` but its id, which SQLite gives and this returns.
    private func insert(into table: String, _ columns: [String], _ values: [String: DatabaseValue], in database: Database) throws -> Int {
        let statement = try database.cachedStatement(CompressorTables.insertSQL(table, columns))
        statement.expectParameters(Array(columns.dropFirst()))
        try statement.execute(values)
        return database.lastInsertedRowID
    }

    /// The run or cartridge change in the current row of a `compressor_log` statement.
    private func logEntry(row: Statement) throws -> CompressorLogEntry {
        let id = row.integer("id")
        guard let at = try? Timestamp(parsing: row.text("at")) else {
            throw LogbookError(.databaseUnusable(.storedRow(.compressorLogEntryTime(entry: id))))
        }
        guard row.text("kind") == "run" else { return .filter(FilterChange(id: id, at: at, batch: row.optionalText("batch"))) }
        let factors = try row.optionalText("filter_factors").map { text in
            guard let chart = try? FilterFactorChart(parsing: text) else {
                throw LogbookError(.databaseUnusable(.storedRow(.compressorRunFilterChart(run: id, chart: text))))
            }
            return chart
        }
        return .run(
            CompressorRun(
                id: id, at: at, hundredthsOfHours: row.integer("hundredths_of_hours"), meterHundredths: row.optionalInteger("meter_hundredths"),
                temperature: row.optionalInteger("temperature"), factors: factors, operator: row.optionalText("operator")))
    }

    /// The air test in the current row of an `air_tests` statement.
    private func airTest(row: Statement) throws -> AirTest {
        let id = row.integer("id")
        let failed = row.text("failed").split(separator: ",").map { AirComponent(rawValue: String($0)) }
        guard let at = try? Timestamp(parsing: row.text("at")), !failed.contains(nil) else {
            throw LogbookError(.databaseUnusable(.storedRow(.airTestValues(test: id))))
        }
        return AirTest(
            id: id, at: at,
            sample: AirSample(
                oxygenPermille: row.integer("o2_permille"), carbonDioxidePPM: row.integer("co2_ppm"),
                carbonMonoxideTenthsPPM: row.integer("co_decippm"), oilHundredthsMilligrams: row.integer("oil_centimg"),
                waterTenthsMilligrams: row.integer("water_decimg"), pressureBar: row.integer("pressure_bar")),
            lab: row.optionalText("lab"), certificate: row.optionalText("certificate"), note: row.optionalText("note"),
            standard: row.text("standard"), failed: failed.compactMap { $0 })
    }
}
