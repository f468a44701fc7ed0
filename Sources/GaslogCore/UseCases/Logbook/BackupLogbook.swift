import LogbookStore

/// Writes a consistent copy of the logbook, checked, while others write to it.
public struct BackupLogbook: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Write a consistent copy of the logbook, while fill stations and the service keep writing."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: """
            The copy is made with SQLite's online backup API into a temporary file beside FILE, which is \
            checked as 'gaslog check' checks a logbook and renamed to FILE only when complete, so FILE is \
            never half written. It is one file, without a write-ahead log, with the logbook's mode and 0600: \
            it holds the accounts' password hashes. A backup that fails leaves no file behind. An existing FILE \
            is replaced only with --force; without it, when FILE cannot be created, or when the disk is full, \
            backup exits 73.
            """,
        api:
            "As `gaslog backup`: the logbook as one SQLite file, copied with SQLite's online backup API while fills go on being recorded, and checked (integrity, foreign keys, schema version, audit trail) before it is sent. Takes no query parameters."
    )

    /// The backup file.
    public static let file = Argument<String>("file", completion: .files, help: "The backup file to write.") { path in
        guard !path.isEmpty else { throw FieldError("invalid file '': expected a path") }
        return path
    }
    /// Replace the file if it exists.
    public static let force = Flag("force", help: "Replace FILE if it exists.")
    /// The file and `force`.
    public static let inputs: [any InputDeclaration] = [file, force]

    /// Where the copy goes.
    public let path: String
    /// Whether an existing file there is replaced.
    public let replacing: Bool

    /// A backup to `path`.
    public init(path: String, replacing: Bool) {
        self.path = path
        self.replacing = replacing
    }

    /// Reads the file and `force`.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(path: try input.value(Self.file), replacing: input.isSet(Self.force))
    }

    /// Writes the copy and checks it.
    public func run(in session: Session) throws(LogbookError) -> BackupResult {
        let logbook = try session.logbook()
        return BackupResult(logbook: logbook.path, backup: path, check: try logbook.backup(to: path, replacing: replacing))
    }
}
