/// One numbered schema step from `migrations/NNNN_name.sql`.
public struct Migration: Sendable {
    /// The schema version the step brings the database to.
    public let version: Int
    /// The migration's file name, such as `0001_create_logbook.sql`.
    public let name: String
    /// The SQL script the step runs.
    public let sql: String
    /// What gaslog writes after the script, in the same transaction, for what
    /// SQL cannot compute (SHA-256: schema 8's trail, and schema 9's entries
    /// for the names whose keys it changed); it is given the time by the
    /// logbook's clock.
    let followUp: (@Sendable (Database, Timestamp) throws -> Void)?

    init(version: Int, name: String, bytes: [UInt8], followUp: (@Sendable (Database, Timestamp) throws -> Void)? = nil) {
        self.version = version
        self.name = name
        sql = String(decoding: bytes, as: UTF8.self)
        self.followUp = followUp
    }

    /// Every migration, in order, embedded in the binary so that an installed
    /// `gaslog` works without the source tree. `migrations/` is the single
    /// source of truth; a test checks that each file there is listed here.
    public static let all: [Migration] = [
        Migration(version: 1, name: "0001_create_logbook.sql", bytes: PackageResources._001_create_logbook_sql),
        Migration(version: 2, name: "0002_cylinder_register.sql", bytes: PackageResources._002_cylinder_register_sql),
        Migration(version: 3, name: "0003_mod_rounding.sql", bytes: PackageResources._003_mod_rounding_sql),
        Migration(version: 4, name: "0004_safety.sql", bytes: PackageResources._004_safety_sql),
        Migration(version: 5, name: "0005_register_history.sql", bytes: PackageResources._005_register_history_sql),
        Migration(version: 6, name: "0006_helium.sql", bytes: PackageResources._006_helium_sql),
        Migration(version: 7, name: "0007_accounts.sql", bytes: PackageResources._007_accounts_sql),
        Migration(
            version: 8, name: "0008_audit_trail.sql", bytes: PackageResources._008_audit_trail_sql,
            followUp: { database, now in try AuditTrail.backfill(database, now: now) }),
        Migration(
            version: 9, name: "0009_name_keys.sql", bytes: PackageResources._009_name_keys_sql,
            followUp: { database, now in try NameKeyMigration.recordChanges(database, now: now) }),
        Migration(version: 10, name: "0010_strict_cylinder_events.sql", bytes: PackageResources._010_strict_cylinder_events_sql),
        Migration(version: 11, name: "0011_lighter_audit_checks.sql", bytes: PackageResources._011_lighter_audit_checks_sql),
        Migration(version: 12, name: "0012_gas_accounting.sql", bytes: PackageResources._012_gas_accounting_sql),
        Migration(version: 13, name: "0013_compressor_room.sql", bytes: PackageResources._013_compressor_room_sql),
        Migration(
            version: 14, name: "0014_no_compressor.sql", bytes: PackageResources._014_no_compressor_sql,
            followUp: { database, now in try NameKeyMigration.recordCompressorRenames(database, now: now) }),
        Migration(version: 15, name: "0015_password_checked.sql", bytes: PackageResources._015_password_checked_sql),
    ]

    /// The schema version this gaslog writes: the last migration's.
    public static var latestVersion: Int { all.last?.version ?? 0 }
}
