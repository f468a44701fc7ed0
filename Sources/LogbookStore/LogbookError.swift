/// Why the logbook could not do what was asked, sorted by what the user can
/// do about it; the command line turns each kind into its exit status.
public struct LogbookError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// A value that breaks a field's rules.
        case invalidInput
        /// Valid input that the log's rules refuse: an unknown cylinder, a
        /// reading outside the tolerance, a bad row in an import.
        case refused
        /// A file to read is missing or unreadable.
        case inputUnavailable
        /// The database, or a folder or file for it, cannot be created.
        case cannotCreate
        /// The database file cannot be used: not SQLite, damaged, from a
        /// newer gaslog, or read-only when a write is needed.
        case databaseUnusable
        /// Another process held the write lock for longer than the timeout.
        case busy
        /// Anything else SQLite reported.
        case internalFailure
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }

    static func invalidInput(_ error: FieldError) -> LogbookError {
        LogbookError(.invalidInput, error.message)
    }

    /// Classifies a SQLite failure on the database at `path`.
    static func database(_ error: DatabaseError, path: String) -> LogbookError {
        if error.isBusy {
            return LogbookError(.busy, "database \(path) is busy: another program held its write lock for more than \(Logbook.busyTimeoutMilliseconds / 1_000) seconds; nothing was written; try again")
        }
        if error.isReadOnly {
            return LogbookError(.databaseUnusable, "database \(path) is read-only: this command needs to write to it")
        }
        if error.isDamaged {
            return LogbookError(.databaseUnusable, "database \(path) is damaged or is not a gaslog database (\(error.message))")
        }
        if error.isCannotOpen {
            return LogbookError(.cannotCreate, "cannot open database \(path): \(error.message)")
        }
        if error.isDiskFull {
            return LogbookError(.cannotCreate, "cannot write database \(path): the disk is full; nothing was recorded")
        }
        return LogbookError(.internalFailure, "database \(path): \(error.message)")
    }
}

extension LogbookError {
    /// Fills whose cylinder row is missing: only a change made outside gaslog
    /// can do that, and a report that left them out would hide them.
    static func fillsWithoutCylinder(_ ids: [Int]) -> LogbookError {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        let more = ids.count > 10 ? " and more" : ""
        let fills = ids.count == 1 ? "fill \(shown) has" : "fills \(shown)\(more) have"
        return LogbookError(.databaseUnusable,
            "\(fills) no cylinder in the database: the database was changed outside gaslog; "
            + "nothing is shown rather than a log with fills left out")
    }
}
