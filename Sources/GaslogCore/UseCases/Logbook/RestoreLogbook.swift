import LogbookStore

/// Replaces the logbook with a checked backup, keeping the one it replaces.
public struct RestoreLogbook: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Put a backup in place of the logbook, keeping the replaced logbook beside it."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        The backup is checked first, as 'gaslog check' checks a logbook: a file that cannot be read \
        exits 66, one that is not a sound gaslog logbook \(commandLine: "exits 65", api: "is refused (422)"), and the logbook is left untouched. \
        The logbook it replaces is kept as NAME.before-restore-TIMESTAMP (UTC), with the logbook's mode and \
        0600. A restore that fails leaves the logbook as it was and no other file. restore takes the \
        logbook's write lock at once or not at all: while another program writes (a fill station, \
        gaslog serve), it exits 75 and changes nothing.
        """

    /// The backup.
    public static let file = Argument<String>("file", completion: .files, help: "The backup to restore.") { path in
        guard !path.isEmpty else { throw FieldError("invalid file '': expected a path") }
        return path
    }
    /// The backup's file.
    public static let inputs: [any InputDeclaration] = [file]

    /// The backup to restore.
    public let path: String

    /// Restores the backup at `path`.
    public init(path: String) {
        self.path = path
    }

    /// Reads the file.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(path: try input.value(Self.file))
    }

    /// Restores it.
    public func run(in session: Session) throws(LogbookError) -> RestoreResult {
        let logbook = try session.logbook()
        return RestoreResult(logbook: logbook.path, backup: path, kept: try logbook.restore(from: path))
    }
}
