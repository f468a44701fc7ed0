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

    /// The positions of a charge's columns in a statement, found by name once
    /// per statement, not once per row: a statement reads a year of charges.
    struct Columns {
        let fillID, chargedAt, model, unpriced, topOffItem, feePrice, feeCents: Int32
        /// Each gas line's millilitres, price and amount: oxygen, helium, top-off.
        let lines: [(millilitres: Int32, price: Int32, cents: Int32)]

        init(_ statement: Statement) {
            fillID = statement.column("fill_id")
            chargedAt = statement.column("charged_at")
            model = statement.column("model")
            unpriced = statement.column("unpriced")
            topOffItem = statement.column("top_off_item")
            feePrice = statement.column("fee_price")
            feeCents = statement.column("fee_cents")
            lines = ["oxygen", "helium", "top_off"].map { prefix in
                (statement.column(prefix + "_ml"), statement.column(prefix + "_price"), statement.column(prefix + "_cents"))
            }
        }
    }

    /// Reads the charge in the current row of `statement`, whose columns are at `columns`.
    static func charge(row statement: Statement, columns: Columns) throws -> Charge {
        let fillID = statement.integer(columns.fillID)
        guard let chargedAt = try? Timestamp(parsing: statement.text(columns.chargedAt)),
            let model = FillGasUse.Model(rawValue: statement.text(columns.model))
        else { throw LogbookError(.databaseUnusable(.storedRow(.chargeValues(fill: fillID)))) }
        let lines = columns.lines.map { column -> Charge.Line? in
            guard let millilitres = statement.optionalInteger(column.millilitres) else { return nil }
            return Charge.Line(
                millilitres: millilitres, price: statement.optionalInteger(column.price).map(UnitPrice.init(micros:)),
                amount: Money(cents: statement.integer(column.cents)))
        }
        return Charge(
            fillID: fillID, chargedAt: chargedAt, model: model, unpriced: statement.optionalText(columns.unpriced).flatMap(UnpricedReason.init),
            fee: Charge.Line(
                millilitres: nil, price: statement.optionalInteger(columns.feePrice).map(UnitPrice.init(micros:)),
                amount: Money(cents: statement.integer(columns.feeCents))),
            oxygen: lines[0], helium: lines[1], topOff: lines[2],
            topOffItem: statement.optionalText(columns.topOffItem).flatMap(PriceItem.init))
    }
}
