import LogbookStore
import NitroxCalculator

extension DatabaseFault {
    /// Why the database cannot be used, in plain words.
    public var message: String {
        switch self {
        case .truncated(let path, let size, let expected):
            "database \(path) is truncated (\(size) of \(expected) bytes); gaslog left it untouched; restore it from a backup"
        case .unreadable(let path, let system):
            "cannot read database \(path): \(system)"
        case .notRegularFile(let path):
            "database \(path) is not a regular file"
        case .notSQLite(let path):
            "\(path) is not a SQLite database; gaslog left it untouched"
        case .upgradeNeedsWrite(let path):
            "database \(path) needs an upgrade to schema \(Migration.latestVersion), but it is read-only"
        case .newerSchema(let path, let version):
            "database \(path) has schema version \(version), newer than this gaslog knows (\(Migration.latestVersion)); "
                + "use a newer gaslog; the file was left untouched"
        case .damaged(let path, let sqlite):
            "database \(path) is damaged or is not a gaslog database (\(sqlite))"
        case .fillsWithoutCylinder(let ids):
            Self.fillsWithoutCylinder(ids)
        case .storedRow(let fault):
            fault.message
        }
    }

    /// Fills whose cylinder row is missing, the first ten by id.
    private static func fillsWithoutCylinder(_ ids: [Int]) -> String {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        let more = ids.count > 10 ? " and more" : ""
        let fills = ids.count == 1 ? "fill \(shown) has" : "fills \(shown)\(more) have"
        return "\(fills) no cylinder in the database: the database was changed outside gaslog; "
            + "nothing is shown rather than a log with fills left out"
    }
}

extension StoredRowFault {
    /// The row and what it holds, in plain words.
    public var message: String {
        switch self {
        case .accountRoleOrTime(let account): "account \(account) holds a role or time that gaslog does not know"
        case .accountRemovalTime(let account): "account \(account) has an unreadable removal time"
        case .auditEntryTime(let entry, let time): "audit entry \(entry) has an unreadable time \(quoted(time))"
        case .auditEntryHash(let entry): "audit entry \(entry) has a hash that is not 64 hex digits"
        case .fillTime(let fill): "fill \(fill) has an unreadable time"
        case .fillValues(let fill): "fill \(fill) holds a gas, ppO₂ or time outside gaslog's ranges"
        case .fillStartGas(let fill): "fill \(fill) holds a start gas outside gaslog's ranges"
        case .cylinderRetirementTime(let cylinder, let time): "cylinder \(quoted(cylinder)) has an unreadable retirement time \(quoted(time))"
        case .cylinderEventTime(let time): "a cylinder event has an unreadable time \(quoted(time))"
        case .priceValues(let price): "price \(price) holds an item or time outside gaslog's ranges"
        case .priceListValues: "a price holds an item or a time outside gaslog's ranges"
        case .paymentTime(let payment): "payment \(payment) holds a time outside gaslog's ranges"
        case .chargeValues(let fill): "the charge of fill \(fill) holds a time or model outside gaslog's ranges"
        case .tokenWithoutAccount(let token): "token \(token) belongs to no account in the database: the database was changed outside gaslog"
        case .tokenCreationTime(let token): "token \(token) has an unreadable creation time"
        case .tokenRevocationTime(let token): "token \(token) has an unreadable revocation time"
        case .compressorCreationTime(let compressor): "compressor \(quoted(compressor)) has an unreadable creation time"
        case .compressorFilterChart(let compressor, let chart): "compressor \(quoted(compressor)) has an unreadable filter chart \(quoted(chart))"
        case .compressorRetirementTime(let compressor, let time):
            "compressor \(quoted(compressor)) has an unreadable retirement time \(quoted(time))"
        case .compressorRunTime(let compressor): "a run of compressor \(compressor) has an unreadable time"
        case .compressorLogEntryTime(let entry): "compressor log entry \(entry) has an unreadable time"
        case .compressorRunFilterChart(let run, let chart): "compressor run \(run) has an unreadable filter chart \(quoted(chart))"
        case .airTestValues(let test): "air test \(test) holds a time or component outside gaslog's ranges"
        }
    }
}
