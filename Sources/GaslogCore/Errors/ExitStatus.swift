import LogbookStore

/// gaslog's exit statuses, from BSD's sysexits.h so that scripts can tell a
/// typo from a refused fill from a broken database.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    case success = 0
    /// Bad command-line input: an unknown option, a missing or bad value.
    case usage = 64
    /// Valid input refused by the log's rules: an unknown cylinder, readings
    /// outside the tolerance, a bad row in an import, a fill already void.
    case dataError = 65
    /// A file to read cannot be opened.
    case noInput = 66
    /// An unexpected internal failure.
    case software = 70
    /// The server cannot listen on its address: in use, or not this machine's.
    case osError = 71
    /// The database, its folder or an output file cannot be created, or the
    /// disk holding the database is full.
    case cannotCreate = 73
    /// The database cannot be used: not SQLite, damaged, from a newer gaslog,
    /// or read-only for a command that writes.
    case ioError = 74
    /// Another gaslog held the database for longer than the timeout; retry.
    case temporaryFailure = 75

    /// What the status means, as the man page explains it.
    public var meaning: String {
        switch self {
        case .success: "success"
        case .usage: "bad command-line input: an unknown option, a missing value or a value out of range"
        case .dataError: "refused by the log's rules: an unknown cylinder, an analysis outside the tolerance, a bad import row, a fill already void"
        case .noInput: "an input file cannot be read"
        case .software: "an internal error"
        case .osError: "gaslog serve cannot listen on its address: in use, or not this machine's"
        case .cannotCreate: "the database, its folder or an output file cannot be created, or the disk is full"
        case .ioError: "the database cannot be used: not SQLite, damaged, from a newer gaslog, or read-only"
        case .temporaryFailure: "the database stayed busy for longer than the timeout; try again"
        }
    }

    /// The exit status of each category of error, for the command line and
    /// for a server that refuses to start: the one place they meet.
    public init(_ category: LogbookError.Category) {
        switch category {
        case .invalid: self = .usage
        case .notFound, .conflict, .refused: self = .dataError
        case .unreadableInput: self = .noInput
        case .cannotCreate, .storageFull: self = .cannotCreate
        case .unusable: self = .ioError
        case .busy: self = .temporaryFailure
        case .internalFailure: self = .software
        }
    }
}
