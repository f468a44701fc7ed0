import NitroxCalculator

/// The charges table's columns, written once: the INSERT that recording a
/// fill and an import share, and the audit trail's order.
enum ChargeTable {
    static let columns = [
        "fill_id", "charged_at", "model", "unpriced", "oxygen_ml", "helium_ml", "top_off_ml", "top_off_item", "fee_price",
        "oxygen_price", "helium_price", "top_off_price", "fee_cents", "oxygen_cents", "helium_cents", "top_off_cents", "amount_cents",
    ]

    static let insertSQL =
        "INSERT INTO charges (\(columns.joined(separator: ", "))) VALUES (\(columns.map { ":" + $0 }.joined(separator: ", ")))"

    /// The values of a charge, in the order of ``columns``.
    static func values(of charge: Charge) -> [DatabaseValue] {
        [
            .integer(charge.fillID), .text(charge.chargedAt.iso8601), .text(charge.model.rawValue), DatabaseValue(charge.unpriced?.rawValue),
            DatabaseValue(charge.oxygen?.millilitres), DatabaseValue(charge.helium?.millilitres), DatabaseValue(charge.topOff?.millilitres),
            DatabaseValue(charge.topOffItem?.rawValue), DatabaseValue(charge.fee.price?.micros), DatabaseValue(charge.oxygen?.price?.micros),
            DatabaseValue(charge.helium?.price?.micros), DatabaseValue(charge.topOff?.price?.micros), .integer(charge.fee.amount.cents),
            .integer(charge.oxygen?.amount.cents ?? 0), .integer(charge.helium?.amount.cents ?? 0),
            .integer(charge.topOff?.amount.cents ?? 0), .integer(charge.amount.cents),
        ]
    }

    /// Inserts `charge` and its audit entry, for `actor`.
    static func insert(_ charge: Charge, trail: AuditTrail, actor: String?, in database: Database) throws {
        let values = values(of: charge)
        let insert = try database.cachedStatement(insertSQL)
        insert.expectParameters(columns)
        try insert.execute(values)
        try trail.append("charge", .charge, key: charge.fillID, inserted: values, actor: actor, at: charge.chargedAt)
    }

    /// Reads the charge in the current row of `statement`, which selects ``columns`` by name.
    static func charge(row statement: Statement) throws -> Charge {
        let fillID = statement.integer("fill_id")
        guard let chargedAt = try? Timestamp(parsing: statement.text("charged_at")),
            let model = FillGasUse.Model(rawValue: statement.text("model"))
        else { throw LogbookError(.databaseUnusable("the charge of fill \(fillID) holds a time or model outside gaslog's ranges")) }
        func line(_ prefix: String) -> Charge.Line? {
            guard let millilitres = statement.optionalInteger(prefix + "_ml") else { return nil }
            return Charge.Line(
                millilitres: millilitres, price: statement.optionalInteger(prefix + "_price").map(UnitPrice.init(micros:)),
                amount: Money(cents: statement.integer(prefix + "_cents")))
        }
        return Charge(
            fillID: fillID, chargedAt: chargedAt, model: model, unpriced: statement.optionalText("unpriced").flatMap(UnpricedReason.init),
            fee: Charge.Line(
                millilitres: nil, price: statement.optionalInteger("fee_price").map(UnitPrice.init(micros:)),
                amount: Money(cents: statement.integer("fee_cents"))),
            oxygen: line("oxygen"), helium: line("helium"), topOff: line("top_off"),
            topOffItem: statement.optionalText("top_off_item").flatMap(PriceItem.init))
    }
}
