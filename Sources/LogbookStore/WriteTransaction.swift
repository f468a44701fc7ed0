import NitroxCalculator

/// One write transaction of a logbook, as ``Logbook/write(_:)`` hands it to
/// the core, like GRDB's `Database` inside `dbQueue.write { db in … }`: the
/// reads of a ``ReadTransaction``, and typed inserts of the rows the core
/// decided, each with its audit entry. The store decides nothing here; it
/// keeps its constraints. The handle is valid only inside the body it is passed to.
public final class WriteTransaction: ReadTransaction {
    /// The one audit trail of the transaction: it carries the chain's last hash from entry to entry.
    let trail: AuditTrail

    init(writingIn logbook: Logbook, database: Database) throws {
        trail = try AuditTrail(database)
        super.init(logbook: logbook, database: database)
    }

    /// The cylinder `name` means, by its name or an earlier one; when it
    /// names none and `settings` let a fill create cylinders, a new
    /// cylinder with no register facts, written to the audit trail for
    /// `actor`, with the registered names one edit from it. A name refused
    /// as new throws the reason.
    public func cylinderToFill(
        _ name: CylinderName, settings: LogbookSettings, actor: String?
    ) throws -> (cylinder: CylinderResolution, lookalikes: [String]) {
        try logbook.cylinderToFill(name, settings: settings, trail: trail, actor: actor, in: database)
    }

    /// Inserts a fill of `request`'s values as given (its payer and start
    /// already decided) into cylinder `cylinderID`, with the MOD `depth`
    /// and the compressor `compressorID`, recorded at `now`; and its audit
    /// entry, for the request's `recordedBy`. Returns the fill's id.
    public func insertFill(
        _ request: FillRequest, cylinderID: Int, filledAt: Timestamp, depth: MaximumOperatingDepth, compressorID: Int?,
        recordedAt now: Timestamp
    ) throws -> Int {
        var values = FillTable.values(
            of: request, id: nil, cylinderID: cylinderID, filledAt: filledAt, depth: depth, recordedAt: now.iso8601,
            compressorID: compressorID)
        try database.cachedStatement(FillTable.insertSQL).execute(values)
        // The id before the trail's own insert replaces the last rowid.
        let id = database.lastInsertedRowID
        values[0] = .integer(id)
        try trail.append("fill", .fill, key: id, inserted: values, actor: request.recordedBy, at: now)
        return id
    }

    /// Inserts a fill's charge and its audit entry, for `actor`.
    public func insertCharge(_ charge: Charge, actor: String?) throws {
        try ChargeTable.insert(charge, trail: trail, actor: actor, in: database)
    }
}
