import NitroxCalculator

/// One transaction of a logbook, as ``Logbook/read(_:)`` hands it to the
/// core, like GRDB's `Database` inside `dbQueue.read { db in … }`: typed
/// reads of the facts a decision needs, all from one snapshot. A
/// ``WriteTransaction`` reads the same way and inserts too. The store
/// decides nothing here. The handle is valid only inside the body it is passed to.
public class ReadTransaction {
    let logbook: Logbook
    let database: Database

    init(logbook: Logbook, database: Database) {
        self.logbook = logbook
        self.database = database
    }

    /// Every setting in force, defaults filled in.
    public func settings() throws -> LogbookSettings {
        try logbook.settings(in: database)
    }

    /// The registered cylinder `name` names, by its current name or an
    /// earlier one, as ``Logbook/resolveCylinder(_:)`` finds it; `nil` for none.
    public func resolve(_ name: CylinderName) throws -> CylinderResolution? {
        try logbook.resolve(name, in: database)
    }

    /// The cylinder's current gas: its latest fill that is neither void nor
    /// dated after `latest`, the core's limit, or none.
    public func currentGas(of cylinder: Cylinder, latest: Timestamp) throws -> CurrentGas {
        try CurrentGasLookup(database, latest: latest).gas(of: cylinder)
    }

    /// The blender's analysis of the cylinder's latest fill at `time` that
    /// is not void; `nil` when it has none. The table's checks keep every
    /// stored analysis a valid mix.
    public func latestAnalysis(of cylinder: Cylinder, at time: Timestamp) throws -> GasMix? {
        let analysis = try database.cachedStatement(
            """
            SELECT f.o2_permille, f.he_permille FROM fills AS f
            WHERE f.cylinder_id = :cylinder_id AND f.filled_at <= :filled_at AND f.id NOT IN (SELECT fill_id FROM voids)
            ORDER BY f.filled_at DESC, f.id DESC LIMIT 1
            """
        ).firstRow(["cylinder_id": .integer(cylinder.id), "filled_at": .text(time.iso8601)]) { row in
            GasMix(oxygenPermille: row.integer("o2_permille"), heliumPermille: row.integer("he_permille"))
        }
        return analysis ?? nil
    }

    /// The registered compressor `name` names; an unknown name throws
    /// ``LogbookError/Reason/unknownCompressor(_:)``.
    public func compressor(named name: CompressorName) throws -> Compressor {
        try logbook.existingCompressor(name, in: database)
    }

    /// What the register says of `compressor` at `time`: its latest air test, its filter's life.
    public func status(of compressor: Compressor, at time: Timestamp, settings: LogbookSettings) throws -> CompressorStatus {
        try logbook.status(of: compressor, at: time, settings: settings, in: database)
    }

    /// Every price set, for the price in force at any time.
    public func priceList() throws -> PriceList {
        try PriceList(database)
    }

    /// The fill with id `id`, as stored; an unknown id throws ``LogbookError/Reason/unknownFill(_:)``.
    public func fill(id: Int) throws -> FillRecord {
        try logbook.fill(id: id, in: database)
    }
}
