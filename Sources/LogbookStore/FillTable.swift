import NitroxCalculator

/// The fills table's columns, written once: the INSERT that `recordFill`
/// and the import share, with a named parameter for every column.
struct FillTable {
    /// The columns a new fill sets, in the table's order.
    static let columns = [
        "id", "cylinder_id", "filled_at", "o2_permille", "ppo2_centibar", "label", "mod_m", "mod_ft",
        "pressure_centibar", "blender", "diver", "cert", "diver_o2_permille", "note", "recorded_at",
        "override_reason", "rounding", "label_o2_permille", "he_permille", "diver_he_permille", "label_he_permille",
        "recorded_by",
    ]

    private static let columnList = columns.joined(separator: ", ")
    private static let parameterList = columns.map { ":" + $0 }.joined(separator: ", ")

    /// Inserts one fill. A NULL `:id` takes the next id. This is the one
    /// INSERT of a fill: a SELECT of one row of parameters, so that
    /// ``insertUnlessDuplicateSQL`` is this statement with a condition.
    static let insertSQL = "INSERT INTO fills (\(columnList)) SELECT \(parameterList)"

    /// Inserts one fill, as ``insertSQL`` does, unless a fill up to
    /// `:last_id_before` has the same cylinder, time, O2 and ppO₂; the
    /// fills_by_cylinder index answers the check, in the same statement.
    static let insertUnlessDuplicateSQL =
        insertSQL + """

            WHERE NOT EXISTS (
                SELECT 1 FROM fills
                WHERE cylinder_id = :cylinder_id AND filled_at = :filled_at AND o2_permille = :o2_permille
                  AND ppo2_centibar = :ppo2_centibar AND id <= :last_id_before)
            """

    /// The values of one new fill, by column name: the request as the blender
    /// gave it, and the MOD with the reading it was computed from, which is
    /// also the label's.
    static func values(
        of request: FillRequest, id: Int?, cylinderID: Int, filledAt: Timestamp, depth: MaximumOperatingDepth,
        recordedAt: Timestamp
    ) -> [String: DatabaseValue] {
        [
            "id": DatabaseValue(id),
            "cylinder_id": .integer(cylinderID),
            "filled_at": .text(filledAt.iso8601),
            "o2_permille": .integer(request.mix.oxygenPermille),
            "ppo2_centibar": .integer(request.partialPressure.centibar),
            "label": .text(depth.mix.label),
            "mod_m": .integer(depth.metres),
            "mod_ft": .integer(depth.feet),
            "pressure_centibar": DatabaseValue(request.pressure?.centibar),
            "blender": DatabaseValue(request.blender),
            "diver": DatabaseValue(request.diver),
            "cert": DatabaseValue(request.cert),
            "diver_o2_permille": DatabaseValue(request.diverMix?.oxygenPermille),
            "note": DatabaseValue(request.note),
            "recorded_at": .text(recordedAt.iso8601),
            "override_reason": DatabaseValue(request.overrideReason),
            "rounding": .text(depth.rounding.rawValue),
            "label_o2_permille": .integer(depth.mix.oxygenPermille),
            "he_permille": .integer(request.mix.heliumPermille),
            "diver_he_permille": request.diverAnalysedHelium ? DatabaseValue(request.diverMix?.heliumPermille) : .null,
            "label_he_permille": .integer(depth.mix.heliumPermille),
            "recorded_by": DatabaseValue(request.recordedBy),
        ]
    }
}
