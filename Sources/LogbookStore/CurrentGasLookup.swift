/// Finds cylinders' current gases with two statements prepared once, so that
/// `list` costs two indexed queries per cylinder and no preparation.
struct CurrentGasLookup {
    private let current: Statement
    private let newer: Statement
    /// The latest time a fill may carry and still count.
    private let latest: DatabaseValue

    init(_ database: Database, latest: Timestamp) throws {
        current = try database.prepare(Logbook.currentFillSQL)
        newer = try database.prepare(Logbook.passedOverSQL)
        self.latest = .text(latest.iso8601)
    }

    func gas(of cylinder: Cylinder) throws -> CurrentGas {
        try current.bind([.integer(cylinder.id), latest])
        let fill = try current.step() ? try FillRecord(row: current) : nil
        try newer.bind([.integer(cylinder.id), .text(fill?.filledAt ?? ""), .integer(fill?.id ?? 0)])
        var passedOver: [CurrentGas.PassedOver] = []
        while try newer.step() {
            passedOver.append(CurrentGas.PassedOver(id: newer.integer(0), filledAt: newer.text(1),
                                                    reason: newer.integer(2) == 1 ? .void : .future))
        }
        return CurrentGas(cylinder: cylinder, fill: fill, passedOver: passedOver)
    }
}
