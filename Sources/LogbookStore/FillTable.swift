import NitroxCalculator

/// The fills table's columns, written once: the INSERT that `recordFill`
/// and the import share, with a named parameter for every column.
struct FillTable {
    /// The columns a new fill sets, in the table's order.
    static let columns = [
        "id", "cylinder_id", "filled_at", "o2_permille", "ppo2_centibar", "label", "mod_m", "mod_ft",
        "pressure_centibar", "blender", "diver", "cert", "diver_o2_permille", "note", "recorded_at",
        "override_reason", "rounding", "label_o2_permille", "he_permille", "diver_he_permille", "label_he_permille",
        "recorded_by", "start_centibar", "start_o2_permille", "start_he_permille", "top_off_o2_permille", "bill_to",
        "compressor_id",
    ]

    /// The columns as SQL string literals, for a check of which a table has.
    static let quotedColumnList = columns.map { "'" + $0 + "'" }.joined(separator: ", ")

    /// Where the columns of schema 12 (and later) begin: an audit entry leaves them out while they are NULL.
    static let schema12Columns = 22

    private static let columnList = columns.joined(separator: ", ")
    private static let parameterList = columns.map { ":" + $0 }.joined(separator: ", ")

    /// Inserts one fill. A NULL `:id` takes the next id. This is the one
    /// INSERT of a fill, for `recordFill` and the import alike. It inserts
    /// VALUES, not a SELECT of them: because fills has a trigger, SQLite
    /// would first copy a SELECT's row into a temporary table, on every fill.
    static let insertSQL = "INSERT INTO fills (\(columnList)) VALUES (\(parameterList))"

    /// Whether a fill up to `:last_id_before` has the same cylinder, time, O2
    /// and ppO₂ as the one about to be inserted: the import's duplicate check,
    /// answered by the fills_by_cylinder index.
    static let duplicateSQL = """
        SELECT 1 FROM fills
        WHERE cylinder_id = :cylinder_id AND filled_at = :filled_at AND o2_permille = :o2_permille
          AND ppo2_centibar = :ppo2_centibar AND id <= :last_id_before
        LIMIT 1
        """

    /// Voids one fill: its parameters are the void's audit columns, in order.
    static let insertVoidSQL =
        "INSERT INTO voids (fill_id, reason, voided_at, voided_by) VALUES (:fill_id, :reason, :voided_at, :voided_by)"

    /// The values of one new fill, in the order of ``columns`` (which is the
    /// order of the INSERTs' parameters): the request as the blender gave it,
    /// and the MOD with the reading it was computed from, which is also the
    /// label's. The audit trail's entry is written from the same values.
    /// An import passes the label and the time it records at already written,
    /// as it writes the same few for every row.
    static func values(
        of request: FillRequest, id: Int?, cylinderID: Int, filledAt: Timestamp, depth: MaximumOperatingDepth,
        label: String? = nil, recordedAt: String, compressorID: Int?
    ) -> [DatabaseValue] {
        [
            DatabaseValue(id),  // id
            .integer(cylinderID),  // cylinder_id
            .text(filledAt.iso8601),  // filled_at
            .integer(request.mix.oxygenPermille),  // o2_permille
            .integer(request.partialPressure.centibar),  // ppo2_centibar
            .text(label ?? depth.mix.label),  // label
            .integer(depth.metres),  // mod_m
            .integer(depth.feet),  // mod_ft
            DatabaseValue(request.pressure?.centibar),  // pressure_centibar
            DatabaseValue(request.blender),  // blender
            DatabaseValue(request.diver),  // diver
            DatabaseValue(request.cert),  // cert
            DatabaseValue(request.diverMix?.oxygenPermille),  // diver_o2_permille
            DatabaseValue(request.note),  // note
            .text(recordedAt),  // recorded_at
            DatabaseValue(request.overrideReason),  // override_reason
            .text(depth.rounding.rawValue),  // rounding
            .integer(depth.mix.oxygenPermille),  // label_o2_permille
            .integer(request.mix.heliumPermille),  // he_permille
            request.diverAnalysedHelium ? DatabaseValue(request.diverMix?.heliumPermille) : .null,  // diver_he_permille
            .integer(depth.mix.heliumPermille),  // label_he_permille
            DatabaseValue(request.recordedBy),  // recorded_by
            DatabaseValue(request.start?.pressure.centibar),  // start_centibar
            DatabaseValue(request.start?.mix.oxygenPermille),  // start_o2_permille
            DatabaseValue(request.start?.mix.heliumPermille),  // start_he_permille
            DatabaseValue(request.start?.topOffOxygenPermille),  // top_off_o2_permille
            DatabaseValue(request.billTo),  // bill_to
            DatabaseValue(compressorID),  // compressor_id
        ]
    }
}
