import LogbookStore

/// Replaces the logbook with a checked backup, keeping the one it replaces.
public struct RestoreLogbook: UseCase {
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
