/// A kind of row the audit trail follows, and how a row of it is written
/// into an entry: its table's columns, in a fixed order, as one line of
/// canonical JSON. Secrets (password and token hashes) are never selected.
enum AuditSubject: String, CaseIterable, Sendable {
    case cylinder, fill, void, setting, account, token
    case charge, adjustment, payment
    case paymentVoid = "payment-void"
    case price
    case compressor
    case compressorVersion = "compressor-version"
    case compressorLog = "compressor-log"
    case airTest = "air-test"

    /// The table the rows live in.
    var table: String {
        switch self {
        case .cylinder: "cylinders"
        case .fill: "fills"
        case .void: "voids"
        case .setting: "settings"
        case .account: "accounts"
        case .token: "tokens"
        case .charge: "charges"
        case .adjustment: "adjustments"
        case .payment: "payments"
        case .paymentVoid: "payment_voids"
        case .price: "prices"
        case .compressor: "compressors"
        case .compressorVersion: "compressor_versions"
        case .compressorLog: "compressor_log"
        case .airTest: "air_tests"
        }
    }

    /// The column that names one row: the entry's subject is the prefix and this value.
    var keyColumn: String {
        switch self {
        case .void, .charge: "fill_id"
        case .paymentVoid: "payment_id"
        case .setting: "key"
        default: "id"
        }
    }

    /// The columns an entry records, in the order its JSON lists them. They
    /// are fixed here, not read from the schema, so that a later migration
    /// that adds a column does not change how earlier entries are checked.
    /// The ``keyColumn`` comes first.
    var columns: [String] {
        switch self {
        case .cylinder:
            [
                "id", "name", "name_key", "created_at", "serial", "owner", "water_volume_cl", "working_pressure_centibar",
                "hydro_date", "visual_date", "o2_clean", "note", "retired_at", "retired_reason",
            ]
        case .fill: FillTable.columns
        case .void: ["fill_id", "reason", "voided_at", "voided_by"]
        case .setting: ["key", "value"]
        case .account: ["id", "name", "name_key", "role", "created_at", "removed_at"]
        case .token: ["id", "account_id", "label", "created_at", "revoked_at"]
        case .charge: ChargeTable.columns
        case .adjustment: ["id", "fill_id", "amount_cents", "reason", "at", "made_by"]
        case .payment: ["id", "member", "amount_cents", "at", "reference", "recorded_at", "recorded_by"]
        case .paymentVoid: ["payment_id", "reason", "voided_at", "voided_by"]
        case .price: ["id", "item", "price", "effective_at", "set_at", "set_by"]
        case .compressor: CompressorTables.compressorColumns
        case .compressorVersion: CompressorTables.versionColumns
        case .compressorLog: CompressorTables.logColumns
        case .airTest: CompressorTables.testColumns
        }
    }

    /// The entry's subject for the row whose key is `key`: `fill 12`, `setting unit`.
    func subject(_ key: String) -> String { rawValue + " " + key }

    /// The subject an entry names, split into its kind of row and key.
    static func parse(_ subject: String) -> (AuditSubject, String)? {
        guard let space = subject.firstIndex(of: " "), let kind = AuditSubject(rawValue: String(subject[..<space])) else { return nil }
        return (kind, String(subject[subject.index(after: space)...]))
    }

    /// The columns its table has now: all of them, but for a fills table
    /// from before schema 12 or 13, which a migration's follow-up reads
    /// before the later columns exist. Those are appended, NULL, and so left
    /// out of an entry: the columns are the first as many as the table has.
    func columns(in database: Database) throws -> [String] {
        guard self == .fill else { return columns }
        let present =
            try database.prepare("SELECT count(*) FROM pragma_table_info('fills') WHERE name IN (\(FillTable.quotedColumnList))")
            .scalarInteger() ?? 0
        return Array(columns.prefix(present))
    }

    /// Every row's key and data, in key order, with the columns the table has.
    func allRowsSQL(in database: Database) throws -> String {
        "SELECT \(try columns(in: database).joined(separator: ", ")) FROM \(table) ORDER BY \(keyColumn)"
    }

    /// One row by its key, with the columns the table has.
    func oneRowSQL(in database: Database) throws -> String {
        "SELECT \(try columns(in: database).joined(separator: ", ")) FROM \(table) WHERE \(keyColumn) = :key"
    }

    /// The key as the statement binds it: settings are keyed by text, the rest by id.
    func keyValue(_ key: String) -> DatabaseValue {
        if self == .setting { return .text(key) }
        return Int(key).map(DatabaseValue.integer) ?? .text(key)
    }

    /// How its rows are written into an entry, worked out once per kind.
    var format: AuditRowFormat {
        switch self {
        case .cylinder: AuditSubject.formats.cylinder
        case .fill: AuditSubject.formats.fill
        case .void: AuditSubject.formats.void
        case .setting: AuditSubject.formats.setting
        case .account: AuditSubject.formats.account
        case .token: AuditSubject.formats.token
        case .charge: AuditSubject.formats.charge
        case .adjustment: AuditSubject.formats.adjustment
        case .payment: AuditSubject.formats.payment
        case .paymentVoid: AuditSubject.formats.paymentVoid
        case .price: AuditSubject.formats.price
        case .compressor: AuditSubject.formats.compressor
        case .compressorVersion: AuditSubject.formats.compressorVersion
        case .compressorLog: AuditSubject.formats.compressorLog
        case .airTest: AuditSubject.formats.airTest
        }
    }

    private static let formats = (
        cylinder: AuditRowFormat(columns: cylinder.columns),
        fill: AuditRowFormat(columns: fill.columns, laterColumnsFrom: FillTable.schema12Columns),
        void: AuditRowFormat(columns: void.columns), setting: AuditRowFormat(columns: setting.columns),
        account: AuditRowFormat(columns: account.columns), token: AuditRowFormat(columns: token.columns),
        charge: AuditRowFormat(columns: charge.columns), adjustment: AuditRowFormat(columns: adjustment.columns),
        payment: AuditRowFormat(columns: payment.columns), paymentVoid: AuditRowFormat(columns: paymentVoid.columns),
        price: AuditRowFormat(columns: price.columns),
        compressor: AuditRowFormat(columns: compressor.columns), compressorVersion: AuditRowFormat(columns: compressorVersion.columns),
        compressorLog: AuditRowFormat(columns: compressorLog.columns), airTest: AuditRowFormat(columns: airTest.columns)
    )

    /// Whether the row `key` is in its table.
    func hasRow(_ key: String, in database: Database) throws -> Bool {
        let statement = try database.prepare("SELECT 1 FROM \(table) WHERE \(keyColumn) = :key")
        try statement.bind(["key": keyValue(key)])
        return try statement.step()
    }
}
