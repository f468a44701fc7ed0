import LogbookStore
import NitroxCalculator

extension FileFault {
    /// The file and what could not be done with it, in plain words.
    public var message: String {
        switch self {
        case .failed(let action, let path, let reason):
            "\(action.text(path)): \(reason)"
        case .exists(let path, let restoring):
            "\(path) already exists; " + (restoring ? "nothing was restored" : "it was left as it was")
        case .missingDatabase(let path):
            "database \(path) does not exist"
        case .described(let text):
            text
        }
    }
}

extension FileFault.Action {
    /// What could not be done to `path`, before the reason.
    func text(_ path: String) -> String {
        switch self {
        case .read: "cannot read \(path)"
        case .create: "cannot create \(path)"
        case .createDatabase: "cannot create database \(path)"
        case .createFolderForDatabase: "cannot create folder \(path) for the database"
        case .setMode: "cannot set the mode of \(path)"
        case .write: "cannot write \(path)"
        case .renameCopy: "cannot rename the copy to \(path)"
        case .openDatabase: "cannot open database \(path)"
        }
    }
}

extension InternalFault {
    /// The fault in plain words.
    public var message: String {
        switch self {
        case .vanishedBeforeAudit(let subject): "\(subject) vanished before its audit entry was written"
        case .accountVanished(let id): "account \(id) vanished while it was being changed"
        case .cylinderVanished(let name): "cylinder \(quoted(name)) vanished while it was being recorded"
        case .compressorVanished(let name, let importing):
            "compressor \(quoted(name)) vanished while it was " + (importing ? "imported" : "being added")
        case .importedRowWithoutTime: "an imported row lost its time"
        case .tokenHashMalformed: "a token is stored only as its SHA-256, in 64 lower-case hex digits"
        case .passwordHashMalformed: "a password is stored only as its crypto_pwhash_str hash"
        case .schemaUnavailable(let reason): "cannot make the schema the migrations make: \(reason)"
        case .database(let path, let failure): "database \(path): \(failure)"
        case .described(let text): text
        }
    }
}
