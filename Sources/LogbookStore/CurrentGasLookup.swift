/// Finds cylinders' current gases with two statements prepared once, so that
/// `list` costs two indexed queries per cylinder and no preparation.
struct CurrentGasLookup {
    /// A cylinder's current gas: its newest fill that is not void and not
    /// dated after `:latest`. The fills_by_cylinder index answers it without
    /// reading other cylinders' fills, so it costs the same in a small log
    /// and a large one.
    static let currentFillSQL =
        FillRecord.selection + """
             WHERE f.cylinder_id = :cylinder_id AND f.filled_at <= :latest AND v.fill_id IS NULL
             ORDER BY f.filled_at DESC, f.id DESC LIMIT 1
            """

    /// The fills of a cylinder that sort after its current fill, newest
    /// first: each is void or dated in the future.
    static let passedOverSQL = """
        SELECT f.id AS id, f.filled_at AS filled_at, v.fill_id IS NOT NULL AS is_void
        FROM fills AS f LEFT JOIN voids AS v ON v.fill_id = f.id
        WHERE f.cylinder_id = :cylinder_id AND (f.filled_at, f.id) > (:current_filled_at, :current_id)
        ORDER BY f.filled_at DESC, f.id DESC
        """

    private let current: Statement
    private let newer: Statement
    /// The latest time a fill may carry and still count.
    private let latest: DatabaseValue

    init(_ database: Database, latest: Timestamp) throws {
        current = try database.cachedStatement(CurrentGasLookup.currentFillSQL)
        newer = try database.cachedStatement(CurrentGasLookup.passedOverSQL)
        self.latest = .text(latest.iso8601)
    }

    func gas(of cylinder: Cylinder) throws -> CurrentGas {
        let fill = try current.firstRow(["cylinder_id": .integer(cylinder.id), "latest": latest], FillRecord.init(row:))
        try newer.bind([
            "cylinder_id": .integer(cylinder.id), "current_filled_at": .text(fill?.filledAt.iso8601 ?? ""),
            "current_id": .integer(fill?.id ?? 0),
        ])
        var passedOver: [CurrentGas.PassedOver] = []
        while try newer.step() {
            guard let filledAt = try? Timestamp(parsing: newer.text("filled_at")) else {
                throw LogbookError(.databaseUnusable(.storedRow(.fillTime(fill: newer.integer("id")))))
            }
            passedOver.append(
                CurrentGas.PassedOver(
                    id: newer.integer("id"), filledAt: filledAt,
                    reason: newer.integer("is_void") == 1 ? .void : .future))
        }
        return CurrentGas(cylinder: cylinder, fill: fill, passedOver: passedOver)
    }
}
