import InputRules

/// Brings a database's schema up to ``Migration/latestVersion``.
///
/// `PRAGMA user_version` holds the number of the last migration applied.
/// See <https://www.sqlite.org/pragma.html#pragma_user_version>.
enum Migrator {
    /// The SQL functions that gaslog's schema and queries rely on, defined on
    /// each connection: `gaslog_name_key(text)` compares names under
    /// NFKC_Casefold, in SQL as in Swift (``UnicodeRules/fold(_:)``);
    /// `gaslog_fold(text)` is the NFC and lower case that migration 5 keyed
    /// names by, kept so that it still does what it did.
    static func defineFunctions(_ database: Database) throws {
        try database.defineFunction("gaslog_fold", UnicodeRules.lowercaseFold)
        try database.defineFunction("gaslog_name_key", UnicodeRules.fold)
    }

    enum Failure: Error {
        case newerSchema(found: Int, known: Int)
        /// A migration left a row whose reference points nowhere; it was rolled back.
        case brokenForeignKeys(migration: String)
    }

    /// Applies each missing migration in its own immediate transaction, which
    /// also records its version, so that a crash leaves the schema at a whole
    /// step and two processes upgrading at once apply each step once. A
    /// step's follow-up runs in its transaction, with the time from `clock`.
    static func migrate(
        _ database: Database, migrations: [Migration] = Migration.all, clock: @Sendable () -> Timestamp = Timestamp.now
    ) throws {
        // Migrations 5 and 9 rewrite name keys with these functions.
        try defineFunctions(database)
        // A table is rebuilt (migration 6) by SQLite's documented procedure,
        // which needs foreign keys off: dropping the old table must not touch
        // the rows that refer to it. They are checked before each commit, and
        // turned back on afterwards. The pragma is a no-op inside a transaction.
        // See <https://www.sqlite.org/lang_altertable.html#otheralter>.
        let foreignKeys = try database.integerPragma("foreign_keys")
        try database.execute(script: "PRAGMA foreign_keys = OFF")
        defer { try? database.execute(script: "PRAGMA foreign_keys = \(foreignKeys == 0 ? "OFF" : "ON")") }
        for migration in migrations {
            try database.writeTransaction { database in
                let current = try database.integerPragma("user_version")
                let known = migrations.last?.version ?? 0
                guard current <= known else { throw Failure.newerSchema(found: current, known: known) }
                guard current < migration.version else { return }
                try database.execute(script: migration.sql)
                try migration.followUp?(database, clock())
                guard try database.prepare("PRAGMA foreign_key_check").scalarText() == nil else {
                    throw Failure.brokenForeignKeys(migration: migration.name)
                }
                // PRAGMA takes no bound parameters; the version is our own integer.
                try database.execute(script: "PRAGMA user_version = \(migration.version)")
            }
        }
    }
}
