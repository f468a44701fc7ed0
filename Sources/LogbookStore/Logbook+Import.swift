import NitroxCalculator

extension Logbook {
    /// Imports a CSV fill log, as `export` writes it, all or nothing.
    ///
    /// - Every row is validated as `fill` validates, and its label and MOD are
    ///   recomputed; a row that disagrees with the calculator is an error.
    /// - One bad row, anywhere, imports nothing.
    /// - A row equal to a fill that was in the log before the import (same
    ///   cylinder, time, O2 and ppO2) is skipped and counted, so importing a
    ///   file twice changes nothing. Equal rows within one file are all kept:
    ///   they are separate fills.
    /// - A row's id is kept when it is above every id in the log, so that an
    ///   export imported into an empty logbook exports again byte for byte.
    /// - Each cylinder, fill and void imported goes into the audit trail for
    ///   `actor`: the account that imports, or `nil` for the command line.
    /// - No fill is charged, since each was billed where it was recorded,
    ///   unless `charging` is given: then each is charged, with this
    ///   register's volumes, by that pricing made in the import's
    ///   transaction (the core's charger, at the prices in force at each fill's time).
    ///
    /// A row whose `filled_at` is later than `latest`, the core's limit for
    /// now, is a bad row.
    public func importFills(
        from stream: ByteStream, actor: String?, latest: Timestamp, dryRun: Bool = false, charging: (any FillPricing.Type)? = nil,
        progress: ((_ rows: Int, _ bytes: Int) -> Void)? = nil
    ) throws(LogbookError) -> ImportSummary {
        // The first chunk is looked at before the CSV reader sees it, to
        // tell a JSON export from a broken CSV file.
        var pending = try stream.next()
        if let first = pending?.drop(while: { [0xEF, 0xBB, 0xBF, 0x20, 0x09, 0x0A, 0x0D].contains($0) }).first,
            first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
        {
            throw LogbookError(.importIsJSON(source: stream.name))
        }
        var reader = CSVReader(nextChunk: {
            if let chunk = pending {
                pending = nil
                return chunk
            }
            return try stream.next()
        })
        let header = try readHeader(&reader, name: stream.name)
        // A dry run does everything in a transaction it then rolls back; on a
        // logbook that does not exist yet it works in memory, and on one it
        // cannot write to, in a copy in memory.
        return try perform(writing: !dryRun) { database in
            var target = database
            if dryRun && database.isReadOnly {
                target = try database.copyInMemory()
                // The copy is a connection of its own: the queries' functions are defined on it too.
                try Migrator.defineFunctions(target)
            }
            do {
                return try importRows(
                    &reader, header: header, name: stream.name, into: target,
                    actor: actor, latest: latest, dryRun: dryRun, charging: charging, progress: progress)
            } catch let finished as DryRunFinished {
                return finished.summary
            }
        }
    }

    private func importRows(
        _ reader: inout CSVReader, header: [String: Int], name: String, into database: Database,
        actor: String?, latest: Timestamp, dryRun: Bool, charging: (any FillPricing.Type)?, progress: ((Int, Int) -> Void)?
    ) throws -> ImportSummary {
        // A large import changes index pages all over fills_by_cylinder; with
        // the default 2 MiB cache SQLite spills them to the write-ahead log
        // again and again. 64 MiB keeps them until the commit.
        // See <https://www.sqlite.org/pragma.html#pragma_cache_size>.
        try database.execute(script: "PRAGMA cache_size = -65536")
        let layout = ImportedFill.Layout(header: header)
        let calculations = ImportedFill.Calculations()
        return try database.writeTransaction { database in
            let transaction = try WriteTransaction(writingIn: self, database: database)
            var importer = try RowWriter(transaction: transaction, recordedAt: clock(), actor: actor)
            importer.charger = try charging?.init(in: transaction)
            var summary = ImportSummary(dryRun: dryRun)
            var firstError: ImportRowFault?
            var badRows = 0
            var rows = 0
            while let record = try nextRecord(&reader, name: name) {
                rows += 1
                if rows % 4096 == 0 { progress?(rows, reader.bytesRead) }
                guard record.fields.count == header.count else {
                    badRows += 1
                    firstError = firstError ?? .fieldCount(line: record.line, expected: header.count, found: record.fields.count)
                    continue
                }
                let fill: ImportedFill
                do throws(ImportedFill.ColumnError) {
                    fill = try ImportedFill(
                        fields: record.fields, layout: layout, calculations: calculations, latest: latest)
                } catch {
                    badRows += 1
                    firstError =
                        firstError ?? .value(line: record.line, column: error.column, value: error.value, problem: error.problem)
                    continue
                }
                // After the first bad row nothing will be kept; only validate.
                guard badRows == 0 else { continue }
                if try importer.insert(fill) {
                    summary.imported += 1
                } else {
                    summary.skippedDuplicates += 1
                }
            }
            progress?(rows, reader.bytesRead)
            if let firstError {
                throw LogbookError(.importRefused(.badRows(source: name, first: firstError, count: badRows)))
            }
            if dryRun { throw DryRunFinished(summary: summary) }
            return summary
        }
    }

    /// Reads the header: the base columns in order, then any of the columns
    /// later versions appended, each once. Returns each column's position.
    private func readHeader(_ reader: inout CSVReader, name: String) throws(LogbookError) -> [String: Int] {
        guard let header = try nextRecord(&reader, name: name) else {
            throw LogbookError(.importRefused(.empty(source: name)))
        }
        guard header.fields.starts(with: FillLogFormat.baseColumns) else {
            throw LogbookError(.importRefused(.headerStart(source: name, line: header.line)))
        }
        var positions: [String: Int] = [:]
        for (position, column) in header.fields.enumerated() {
            guard FillLogFormat.columns.contains(column) else {
                throw LogbookError(.importRefused(.unknownColumn(source: name, line: header.line, column: column)))
            }
            guard positions.updateValue(position, forKey: column) == nil else {
                throw LogbookError(.importRefused(.repeatedColumn(source: name, line: header.line, column: column)))
            }
        }
        return positions
    }

    private func nextRecord(_ reader: inout CSVReader, name: String) throws(LogbookError) -> CSVReader.Record? {
        do {
            return try reader.next()
        } catch let error as CSVReader.Failure {
            throw LogbookError(.importRefused(.malformed(source: name, error)))
        } catch let error as LogbookError {
            throw error
        } catch {
            throw LogbookError(.inputUnavailable(.failed(.read, path: name, reason: "\(error)")))
        }
    }
}

/// Ends a dry run's transaction by rolling it back, carrying what it would
/// have done.
struct DryRunFinished: Error {
    let summary: ImportSummary
}

/// Inserts imported rows with statements prepared once and reused.
private struct RowWriter {
    /// The logbook, which adds a compressor the file names and the register lacks.
    let logbook: Logbook
    let database: Database
    let findCylinder: Statement
    let insertCylinder: Statement
    let insertFill: Statement
    let findDuplicate: Statement
    let latestFilledAt: Statement
    let insertVoid: Statement
    /// Fills with ids up to this existed before the import; only they count
    /// as duplicates.
    let lastIDBefore: Int
    var highestID: Int
    /// Each cylinder's id, and the latest time it was filled before the
    /// import: a row after that cannot duplicate an earlier fill.
    var cylinders: [String: (id: Int, latestBefore: String?)] = [:]
    /// The same, by each name as the file spells it: folding a name into
    /// its key costs more than the rest of a row's lookup.
    var cylindersBySpelling: [String: (id: Int, latestBefore: String?)] = [:]
    let recordedAt: Timestamp
    let recordedAtText: String
    /// Each cylinder, fill and void imported goes into the audit trail, for this account.
    let trail: AuditTrail
    let actor: String?
    /// Charges each fill imported, when the import charges them.
    var charger: (any FillPricing)?
    /// Each charged cylinder's water volume, read once.
    private var volumes: [Int: CylinderVolume?] = [:]

    /// Each compressor's id, by its name's key.
    private var compressors: [String: Int] = [:]
    /// The registered names' skeletons, read once when the file first names a new cylinder or compressor.
    private var cylinderIndex: ConfusableIndex?
    private var compressorIndex: ConfusableIndex?

    init(transaction: WriteTransaction, recordedAt: Timestamp, actor: String?) throws {
        logbook = transaction.logbook
        database = transaction.database
        self.recordedAt = recordedAt
        recordedAtText = recordedAt.iso8601
        self.actor = actor
        trail = transaction.trail
        findCylinder = try database.prepare("SELECT id FROM cylinders WHERE name_key = :name_key")
        insertCylinder = try database.prepare(
            "INSERT INTO cylinders (id, name, name_key, created_at) VALUES (:id, :name, :name_key, :created_at)")
        insertFill = try database.prepare(FillTable.insertSQL)
        insertFill.expectParameters(FillTable.columns)
        findDuplicate = try database.prepare(FillTable.duplicateSQL)
        findDuplicate.expectParameters(["cylinder_id", "filled_at", "o2_permille", "ppo2_centibar", "last_id_before"])
        latestFilledAt = try database.prepare("SELECT max(filled_at) FROM fills WHERE cylinder_id = :cylinder_id")
        insertVoid = try database.prepare(FillTable.insertVoidSQL)
        insertVoid.expectParameters(AuditSubject.void.columns)
        lastIDBefore = try database.prepare("SELECT max(id) FROM fills").scalarInteger() ?? 0
        highestID = lastIDBefore
    }

    /// Inserts the fill unless it duplicates an earlier one; `false` when skipped.
    mutating func insert(_ fill: ImportedFill) throws -> Bool {
        let request = fill.request
        let cylinder = try cylinder(request.cylinder)
        guard let filledAt = request.filledAt else {
            throw LogbookError(.internalFailure(.importedRowWithoutTime))
        }
        let keptID = fill.sourceID.flatMap { $0 > highestID ? $0 : nil }
        // A row newer than every fill its cylinder had before the import
        // cannot duplicate one, so it skips the check.
        let isNewer = cylinder.latestBefore.map { filledAt.iso8601 > $0 } ?? true
        let compressorID: Int?
        if case .named(let name)? = request.compressor { compressorID = try compressor(name) } else { compressorID = nil }
        var values = FillTable.values(
            of: request, id: keptID, cylinderID: cylinder.id, filledAt: filledAt,
            depth: fill.depth, label: fill.label, recordedAt: recordedAtText, compressorID: compressorID)
        if !isNewer {
            // The fill's own values for cylinder_id, filled_at, o2_permille and ppo2_centibar.
            let duplicate = try findDuplicate.scalarInteger(Array(values[1...4]) + [.integer(lastIDBefore)])
            if duplicate != nil { return false }
        }
        try insertFill.execute(values)
        let id = database.lastInsertedRowID
        highestID = max(highestID, id)
        values[0] = .integer(id)
        try trail.append("fill", .fill, key: id, inserted: values, actor: actor, at: recordedAt)
        if let reason = fill.voidReason {
            let void: [DatabaseValue] = [.integer(id), .text(reason), .text(recordedAtText), DatabaseValue(fill.voidedBy)]
            try insertVoid.execute(void)
            try trail.append("void", .void, key: id, inserted: void, actor: actor, at: recordedAt)
        }
        if let charger {
            let volume = try volumes[cylinder.id] ?? volume(ofCylinder: cylinder.id)
            volumes[cylinder.id] = volume
            let charge = charger.charge(
                fillID: id, filledAt: filledAt, mix: request.mix, pressure: request.pressure, start: request.start, volume: volume,
                at: recordedAt)
            try ChargeTable.insert(charge, trail: trail, actor: actor, in: database)
        }
        return true
    }

    /// The cylinders' names and earlier names, as look-alikes go, read once.
    private mutating func cylinderLookalikes() throws -> ConfusableIndex {
        if let cylinderIndex { return cylinderIndex }
        let index = try ConfusableIndex(.cylinders(excluding: nil), in: database)
        cylinderIndex = index
        return index
    }

    /// The compressors' names, as look-alikes go, read once.
    private mutating func compressorLookalikes() throws -> ConfusableIndex {
        if let compressorIndex { return compressorIndex }
        let index = try ConfusableIndex(.compressors, in: database)
        compressorIndex = index
        return index
    }

    /// The compressor a row names, added with no facts when this logbook lacks it.
    private mutating func compressor(_ name: CompressorName) throws -> Int {
        if let id = compressors[name.key] { return id }
        var compressor = try logbook.compressor(named: name, in: database)
        if compressor == nil {
            // A new name must not pass for another, as for a new cylinder; the file is refused whole.
            do {
                try compressorLookalikes().check(name.text, key: name.key)
                try name.checkNewName()
            } catch let error as LogbookError {
                throw LogbookError(.importRefused(.newName(error)))
            } catch let error as FieldError {
                throw LogbookError(.importRefused(.invalidName(error)))
            }
            compressor = try logbook.compressor(creating: name, trail: trail, actor: actor, in: database)
            compressorIndex?.add(name.text, kind: .compressor)
        }
        guard let compressor else { throw LogbookError(.internalFailure(.compressorVanished(name.text, importing: true))) }
        compressors[name.key] = compressor.id
        return compressor.id
    }

    private func volume(ofCylinder id: Int) throws -> CylinderVolume? {
        try database.prepare("SELECT water_volume_cl FROM cylinders WHERE id = :id").scalarInteger(["id": .integer(id)])
            .map(CylinderVolume.init(centilitres:))
    }

    private mutating func cylinder(_ name: CylinderName) throws -> (id: Int, latestBefore: String?) {
        if let cylinder = cylindersBySpelling[name.text] { return cylinder }
        if let cylinder = cylinders[name.key] {
            cylindersBySpelling[name.text] = cylinder
            return cylinder
        }
        let cylinder: (id: Int, latestBefore: String?)
        var existing = try findCylinder.scalarInteger(["name_key": .text(name.key)])
        if existing == nil {
            // A row under a cylinder's earlier name (an export from before the rename) is that
            // cylinder's, as in fill; an earlier name of several cylinders cannot say which.
            let formerHolders = try Logbook.cylinders(formerlyNamed: name, in: database)
            guard formerHolders.count <= 1 else {
                let ambiguous = LogbookError(.ambiguousEarlierName(name.text, cylinders: formerHolders.map(\.name)))
                throw LogbookError(.importRefused(.newName(ambiguous)))
            }
            existing = formerHolders.first?.id
        }
        if let existing {
            cylinder = (existing, try latestFilledAt.scalarText(["cylinder_id": .integer(existing)]))
        } else {
            do {
                try cylinderLookalikes().check(name.text, key: name.key)
                try name.checkNewName()
            } catch let error as LogbookError {
                throw LogbookError(.importRefused(.newName(error)))
            } catch let error as FieldError {
                throw LogbookError(.importRefused(.invalidName(error)))
            }
            try insertCylinder.execute([
                "id": .integer(try Logbook.nextCylinderID(in: database)), "name": .text(name.text),
                "name_key": .text(name.key), "created_at": .text(recordedAt.iso8601),
            ])
            cylinder = (database.lastInsertedRowID, nil)
            cylinderIndex?.add(name.text, kind: .cylinder)
            try trail.append("cylinder add", .cylinder, id: cylinder.id, actor: actor, at: recordedAt)
        }
        cylinders[name.key] = cylinder
        cylindersBySpelling[name.text] = cylinder
        return cylinder
    }
}
