import LogbookStore

/// Writes a consistent copy of the logbook, checked, while others write to it.
public struct BackupLogbook: UseCase {
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
