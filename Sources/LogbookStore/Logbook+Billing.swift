import InputRules
import NitroxCalculator

/// Gas accounting: prices, each fill's charge, adjustments, payments and
/// the members' statements. Every change is one transaction with its audit
/// entry; nothing here is ever updated or deleted.
extension Logbook {
    // MARK: Prices

    /// Sets `item`'s price from `effective` on, for `actor`; earlier fills keep their charges.
    @discardableResult
    public func setPrice(_ item: PriceItem, to price: UnitPrice, effective: Timestamp?, actor: String?) throws(LogbookError) -> PriceRecord {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let now = clock()
                let values: [DatabaseValue] = [
                    .null, .text(item.rawValue), .integer(price.micros), .text((effective ?? now).iso8601), .text(now.iso8601),
                    DatabaseValue(actor),
                ]
                let insert = try database.prepare(
                    "INSERT INTO prices (id, item, price, effective_at, set_at, set_by) VALUES (:id, :item, :price, :effective_at, :set_at, :set_by)")
                insert.expectParameters(AuditSubject.price.columns)
                try insert.execute(values)
                let id = database.lastInsertedRowID
                try AuditTrail(database).append("price", .price, id: id, actor: actor, at: now)
                return PriceRecord(id: id, item: item, price: price, effective: effective ?? now, setAt: now, setBy: actor)
            }
        }
    }

    /// Every price ever set, by item and then in the order they take effect.
    public func prices() throws(LogbookError) -> [PriceRecord] {
        try perform(writing: false) { database in
            let statement = try database.prepare("SELECT id, item, price, effective_at, set_at, set_by FROM prices ORDER BY item, effective_at, id")
            try statement.bind([])
            var prices: [PriceRecord] = []
            while try statement.step() {
                guard let item = PriceItem(rawValue: statement.text("item")),
                    let effective = try? Timestamp(parsing: statement.text("effective_at")),
                    let setAt = try? Timestamp(parsing: statement.text("set_at"))
                else { throw LogbookError(.databaseUnusable(.storedRow(.priceValues(price: statement.integer("id"))))) }
                prices.append(
                    PriceRecord(
                        id: statement.integer("id"), item: item, price: UnitPrice(micros: statement.integer("price")), effective: effective,
                        setAt: setAt, setBy: statement.optionalText("set_by")))
            }
            return prices
        }
    }

    // MARK: Charges

    /// The charge stored with a fill, if it has one.
    public func charge(ofFill id: Int) throws(LogbookError) -> Charge? {
        try perform(writing: false) { database in
            try database.cachedStatement("SELECT * FROM charges WHERE fill_id = :id").firstRow(["id": .integer(id)]) { row in
                try ChargeTable.charge(row: row, columns: ChargeTable.Columns(row))
            }
        }
    }

    /// Adds an adjustment of `amount` to fill `fillID`'s member, for `actor`.
    @discardableResult
    public func adjustCharge(ofFill fillID: Int, by amount: Money, reason: String, actor: String?) throws(LogbookError) -> Adjustment {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let record = try fill(id: fillID, in: database)
                guard !record.isVoid else { throw LogbookError(.fillVoid(fill: fillID)) }
                let now = clock()
                let values: [DatabaseValue] = [
                    .null, .integer(fillID), .integer(amount.cents), .text(reason), .text(now.iso8601), DatabaseValue(actor),
                ]
                let insert = try database.prepare(
                    "INSERT INTO adjustments (id, fill_id, amount_cents, reason, at, made_by) VALUES (:id, :fill_id, :amount_cents, :reason, :at, :made_by)"
                )
                insert.expectParameters(AuditSubject.adjustment.columns)
                try insert.execute(values)
                let id = database.lastInsertedRowID
                try AuditTrail(database).append("adjustment", .adjustment, id: id, actor: actor, at: now)
                return Adjustment(id: id, fillID: fillID, member: record.billTo, amount: amount, reason: reason, at: now, madeBy: actor)
            }
        }
    }

    // MARK: Payments

    /// Records a payment by `member`, at `at` (now by default), for `actor`.
    @discardableResult
    public func addPayment(member: String, amount: Money, at: Timestamp?, reference: String?, actor: String?) throws(LogbookError) -> Payment {
        let now = clock()
        let at = at ?? now
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let values: [DatabaseValue] = [
                    .null, .text(member), .integer(amount.cents), .text(at.iso8601), DatabaseValue(reference), .text(now.iso8601),
                    DatabaseValue(actor),
                ]
                let insert = try database.prepare(
                    """
                    INSERT INTO payments (id, member, amount_cents, at, reference, recorded_at, recorded_by)
                    VALUES (:id, :member, :amount_cents, :at, :reference, :recorded_at, :recorded_by)
                    """)
                insert.expectParameters(AuditSubject.payment.columns)
                try insert.execute(values)
                let id = database.lastInsertedRowID
                try AuditTrail(database).append("payment", .payment, id: id, actor: actor, at: now)
                return try payment(id: id, in: database)
            }
        }
    }

    /// Voids payment `id`, once, with a reason, for `actor`.
    @discardableResult
    public func voidPayment(id: Int, reason: String, actor: String?) throws(LogbookError) -> Payment {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let payment = try payment(id: id, in: database)
                if let existing = payment.voidReason { throw LogbookError(.paymentAlreadyVoid(payment: id, reason: existing)) }
                let now = clock()
                let values: [DatabaseValue] = [.integer(id), .text(reason), .text(now.iso8601), DatabaseValue(actor)]
                let insert = try database.prepare(
                    "INSERT INTO payment_voids (payment_id, reason, voided_at, voided_by) VALUES (:payment_id, :reason, :voided_at, :voided_by)")
                insert.expectParameters(AuditSubject.paymentVoid.columns)
                try insert.execute(values)
                try AuditTrail(database).append("payment void", .paymentVoid, key: id, inserted: values, actor: actor, at: now)
                return try self.payment(id: id, in: database)
            }
        }
    }

    private static let paymentSelection = """
        SELECT p.id AS id, p.member AS member, p.amount_cents AS amount_cents, p.at AS at, p.reference AS reference,
               v.reason AS void_reason
        FROM payments AS p LEFT JOIN payment_voids AS v ON v.payment_id = p.id
        """

    private func payment(id: Int, in database: Database) throws -> Payment {
        guard let payment = try database.prepare(Logbook.paymentSelection + " WHERE p.id = :id").firstRow(["id": .integer(id)], Logbook.payment(row:))
        else { throw LogbookError(.unknownPayment(id)) }
        return payment
    }

    private static func payment(row: Statement) throws -> Payment {
        guard let at = try? Timestamp(parsing: row.text("at")) else {
            throw LogbookError(.databaseUnusable(.storedRow(.paymentTime(payment: row.integer("id")))))
        }
        return Payment(
            id: row.integer("id"), member: row.text("member"), amount: Money(cents: row.integer("amount_cents")), at: at,
            reference: row.optionalText("reference"), voidReason: row.optionalText("void_reason"))
    }

    // MARK: Statements

    /// Each member's statement for the fills, adjustments and payments from
    /// `since` to before `before`, and each balance up to `before`, all from
    /// one snapshot. `member` keeps one member, compared as the log's people
    /// filters compare names.
    public func billStatement(since: Timestamp?, before: Timestamp?, member: String?) throws(LogbookError) -> BillStatement {
        if let since, let before, before <= since { throw LogbookError(.emptyPeriod(since: since, until: before)) }
        return try perform(writing: false) { database in
            try database.readTransaction {
                var ledger = StatementLedger(since: since, before: before, member: member.map(UnicodeRules.fold))
                let end: [String: DatabaseValue] = ["before": before.map { .text($0.iso8601) } ?? .text("9999")]
                let charges = try database.prepare(
                    """
                    SELECT ch.*, f.filled_at AS filled_at, c.name AS cylinder, f.label AS label, f.bill_to AS bill_to,
                           f.top_off_o2_permille AS top_off_o2_permille, v.fill_id IS NOT NULL AS void
                    FROM charges AS ch JOIN fills AS f ON f.id = ch.fill_id
                    LEFT JOIN cylinders AS c ON c.id = f.cylinder_id LEFT JOIN voids AS v ON v.fill_id = f.id
                    WHERE f.filled_at < :before ORDER BY f.filled_at, f.id
                    """)
                try charges.bind(end)
                let chargeColumns = ChargeTable.Columns(charges)
                while try charges.step() {
                    guard let filledAt = try? Timestamp(parsing: charges.text("filled_at")) else { continue }
                    let topOff = charges.optionalInteger("top_off_o2_permille").flatMap { GasMix(oxygenPermille: $0) }?.label
                    ledger.add(
                        BillStatement.ChargedFill(
                            fillID: charges.integer("fill_id"), filledAt: filledAt, cylinder: charges.optionalText("cylinder") ?? "",
                            label: charges.text("label"), topOff: topOff, charge: try ChargeTable.charge(row: charges, columns: chargeColumns),
                            isVoid: charges.integer("void") != 0),
                        member: charges.optionalText("bill_to"))
                }
                let adjustments = try database.prepare(
                    """
                    SELECT a.id AS id, a.fill_id AS fill_id, a.amount_cents AS amount_cents, a.reason AS reason, a.at AS at,
                           a.made_by AS made_by, f.bill_to AS bill_to
                    FROM adjustments AS a JOIN fills AS f ON f.id = a.fill_id WHERE a.at < :before ORDER BY a.at, a.id
                    """)
                try adjustments.bind(end)
                while try adjustments.step() {
                    guard let at = try? Timestamp(parsing: adjustments.text("at")) else { continue }
                    ledger.add(
                        Adjustment(
                            id: adjustments.integer("id"), fillID: adjustments.integer("fill_id"), member: adjustments.optionalText("bill_to"),
                            amount: Money(cents: adjustments.integer("amount_cents")), reason: adjustments.text("reason"), at: at,
                            madeBy: adjustments.optionalText("made_by")))
                }
                let payments = try database.prepare(Logbook.paymentSelection + " WHERE p.at < :before ORDER BY p.at, p.id")
                try payments.bind(end)
                while try payments.step() { ledger.add(try Logbook.payment(row: payments)) }
                return ledger.statement(pricesGas: try PriceList(database).hasGasPrice)
            }
        }
    }
}
