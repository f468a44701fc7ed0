/// Why the database cannot be used, as facts: the core words them.
public enum DatabaseFault: Sendable, Equatable {
    /// The file is shorter than its header says.
    case truncated(path: String, size: Int, expected: Int)
    /// The file cannot be read: the system's reason.
    case unreadable(path: String, system: String)
    /// The path names something other than a regular file.
    case notRegularFile(path: String)
    /// The file is not a SQLite database.
    case notSQLite(path: String)
    /// The database needs an upgrade to the latest schema, and it is read-only.
    case upgradeNeedsWrite(path: String)
    /// The database's schema is newer than this gaslog knows.
    case newerSchema(path: String, version: Int)
    /// SQLite finds the file damaged or not a database: its message.
    case damaged(path: String, sqlite: String)
    /// Fills whose cylinder row is missing.
    case fillsWithoutCylinder([Int])
    /// A stored row holds what gaslog cannot read.
    case storedRow(StoredRowFault)
}
