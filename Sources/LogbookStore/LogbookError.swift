import NitroxCalculator

/// Why the logbook could not do what was asked, as a fact that a front end
/// can switch on. The core says it in plain words (`message`), without
/// naming any front end's controls; a front end adds what its user can do.
public struct LogbookError: Error, Sendable, Equatable {
    /// What went wrong, with the facts a front end needs to explain it.
    public enum Reason: Sendable, Equatable {
        // MARK: Bad input

        /// A value that breaks a field's rules.
        case invalidInput(FieldError)
        /// Bad input whose words name inputs: each front end names them
        /// its own way (`--o2` on the command line, `'o2'` in the API).
        case badInput(FieldMessage)
        /// A fill dated after the latest time the core allows now.
        case fillInFuture(filledAt: Timestamp, now: Timestamp)
        /// An inspection dated after today.
        case inspectionInFuture(Logbook.DueInspection.Kind, CivilDate)
        /// A register edit that changes nothing.
        case nothingToChange
        /// A volume in cubic feet for a cylinder whose working pressure is unknown.
        case volumeNeedsWorkingPressure
        /// A `since` after the `until` of a fill query.
        case emptyPeriod(since: Timestamp, until: Timestamp)

        // MARK: Refused by the log's rules

        /// The core's fill-station rules refuse a fill or a blend plan.
        case refused(PolicyRefusal)
        /// The diver's O2 reading is too far from the blender's.
        case toleranceExceeded(blender: GasMix, diver: GasMix)
        /// No cylinder has, or had, this name.
        case unknownCylinder(String)
        /// No cylinder has this name now, and two or more had it before a
        /// rename, in name order: it names none of them.
        case ambiguousEarlierName(String, cylinders: [String])
        /// A new cylinder would take a name that these cylinders had before
        /// a rename, and that still finds them.
        case earlierNameInUse(String, cylinders: [String])
        /// A fill names a cylinder that is not registered, and fills may not
        /// create cylinders; the nearest registered names, if any.
        case unregisteredCylinder(String, suggestions: [String])
        /// No fill has this id.
        case unknownFill(Int)
        /// The cylinder was never filled.
        case noFillsYet(cylinder: String)
        /// Every fill of the cylinder is void.
        case allFillsVoid(cylinder: String)
        /// The cylinder's fills are void or dated in the future.
        case noCurrentGas(cylinder: String, futureFills: [CurrentGas.PassedOver])
        /// The fill was voided before, for this reason.
        case alreadyVoid(fill: Int, reason: String)
        /// The fill is void, so its charge is cancelled and cannot be adjusted.
        case fillVoid(fill: Int)
        /// A cylinder with this name is already in the log.
        case cylinderExists(String)
        /// Another cylinder already has the new name.
        case nameTaken(String)
        /// A new name has the UTS #39 skeleton of a name already registered
        /// under another key: `registered` is that name, `kind` what it names.
        case confusableName(String, registered: String, kind: RegisteredNameKind)
        /// The cylinder already has the new name.
        case sameName(String)
        /// The cylinder was retired before, at that time.
        case alreadyRetired(String, at: Timestamp)
        /// The cylinder is in service, so it cannot be reinstated.
        case notRetired(String)
        /// A run, cartridge change or air test dated after the latest time the core allows now.
        case entryInFuture(at: Timestamp, now: Timestamp)
        /// No compressor has that name.
        case unknownCompressor(String)
        /// `compressor add` of a name already in the register.
        case compressorExists(String)
        /// The compressor was retired already, at that time.
        case compressorAlreadyRetired(String, at: Timestamp)
        /// Only a retired compressor is reinstated.
        case compressorNotRetired(String)
        /// An hour meter reading dated before the last reading's time.
        case meterReadingOutOfOrder(compressor: String, lastAt: Timestamp)
        /// An hour meter reading below the last one, in hundredths of an hour.
        case meterBackwards(compressor: String, readingHundredths: Int, lastHundredths: Int)
        /// A blend plan needs the cylinder's start, and the log does not say it.
        case blendStartUnknown(cylinder: String, missing: BlendStartGap)
        /// No amount of oxygen reaches the target with this top-off gas.
        case unreachableBlend(target: GasMix, topOff: GasMix)
        /// The top-off gas holds helium.
        case topOffWithHelium(GasMix)
        /// The top-off gas is pure oxygen: it brings no nitrogen.
        case topOffWithoutNitrogen
        /// No payment has this id.
        case unknownPayment(Int)
        /// The payment was voided before, for this reason.
        case paymentAlreadyVoid(payment: Int, reason: String)
        /// A dive-planning question with no safe answer.
        case planningRefused(PlanningRefusal)
        /// An import holds JSON; imports read CSV.
        case importIsJSON(source: String)
        /// An import's file or rows break the log's rules; nothing was imported.
        case importRefused(ImportRefusal)
        /// No account has, or had, this name.
        case unknownAccount(String)
        /// An account that is not removed already has this name.
        case accountExists(String)
        /// The account with this name was removed, at that time.
        case accountRemoved(String, at: Timestamp)
        /// The account is the last admin in service: removing or demoting it
        /// would leave the logbook with no admin.
        case lastAdmin(String)
        /// No token has this id.
        case unknownToken(Int)
        /// The token was revoked before, at that time.
        case tokenRevoked(Int, at: Timestamp)
        /// The audit trail and the log disagree, or the chain is broken, or a
        /// head noted earlier is not in it: the first problem, in words.
        case auditMismatch(AuditMismatch)
        /// A file offered as a backup is not a sound gaslog logbook.
        case unsoundBackup(source: String, LogbookCheck.Failure)
        /// A backup's copy failed its check; nothing was written to `destination`.
        case copyFailedCheck(destination: String, LogbookCheck.Failure)

        // MARK: Files and the database

        /// A file to read is missing or unreadable.
        case inputUnavailable(FileFault)
        /// The database, or a folder or file for it, cannot be created.
        case cannotCreate(FileFault)
        /// No database path was given, and the environment names none.
        case noDatabaseLocation
        /// Another connection held the write lock for longer than the timeout.
        case busy(path: String, waitedSeconds: Int)
        /// Another connection holds the write lock now, and this cannot wait.
        case inUse(path: String)
        /// The database is read-only and a write is needed.
        case readOnly(path: String)
        /// The file system holding the database is full, or the database is
        /// at its size limit: the write was rolled back.
        case storageFull(path: String)
        /// The database file cannot be used: not SQLite, damaged, from a newer
        /// gaslog, or changed outside it.
        case databaseUnusable(DatabaseFault)
        /// A fill's stored MOD is not what its own gas, ppO₂ and rounding rule
        /// give: the logbook was changed outside gaslog.
        case storedDepthMismatch(fill: Int)
        /// A stored setting's value is outside its rules.
        case invalidStoredSetting(key: String, value: String)
        /// A fault of gaslog's, or anything else SQLite reported.
        case internalFailure(InternalFault)
    }

    /// Which start fact a blend plan lacks.
    public enum BlendStartGap: Sendable, Equatable {
        /// The cylinder has no fill in the log.
        case noFill
        /// Its last fill has no pressure.
        case noPressure
        /// It has fills, but no current gas.
        case noGas
    }

    /// Why a logbook cannot be used at all.
    public enum Unusable: Sendable, Equatable {
        /// Not SQLite, damaged, from a newer gaslog, or a stored setting out of its rules.
        case damaged
        /// Read-only, and a write is needed.
        case readOnly
        /// A stored MOD that its own gas does not give: changed outside gaslog.
        case integrity
    }

    /// What a user can do about the error. Each reason belongs to exactly
    /// one category, and each front end maps the categories once, with no
    /// `default:`: a new category does not compile until each says what it means.
    public enum Category: Sendable, Equatable {
        /// A value that breaks an input's rules; the input key, when one is at fault.
        case invalid(field: String?)
        /// The cylinder, fill, account or token asked for does not exist.
        case notFound
        /// The record is already in the state asked for, or the change would
        /// leave the logbook without what it must keep: `code` names which.
        case conflict(code: String)
        /// Valid input that the log's rules refuse; the fill-station rules by code.
        case refused(rules: [String])
        /// A file to read is missing or unreadable.
        case unreadableInput
        /// The database, or a folder or file for it, cannot be created.
        case cannotCreate
        /// The database cannot be used.
        case unusable(Unusable)
        /// The disk holding the database is full: nothing was written.
        case storageFull
        /// Another connection held the write lock; try again after this many seconds.
        case busy(retryAfter: Int)
        /// Anything else: a fault of gaslog's, or of SQLite's.
        case internalFailure
    }

    /// What went wrong.
    public let reason: Reason
    /// The input key at fault (`o2`, `working-pressure`), as data, when one
    /// is: a page places the error at that field, and the API names it.
    public let field: String?

    /// An error for `reason`, about the input `field` when one is at fault.
    public init(_ reason: Reason, field: String? = nil) {
        self.reason = reason
        self.field = field
    }

    /// What a user can do about the error.
    public var category: Category {
        switch reason {
        case .invalidInput, .badInput, .fillInFuture, .inspectionInFuture, .nothingToChange, .volumeNeedsWorkingPressure,
            .emptyPeriod, .entryInFuture:
            .invalid(field: field)
        case .unknownCylinder, .unregisteredCylinder, .unknownFill, .unknownAccount, .unknownToken, .unknownPayment, .unknownCompressor:
            .notFound
        case .alreadyVoid, .paymentAlreadyVoid: .conflict(code: "already_void")
        case .fillVoid: .conflict(code: "fill_void")
        case .lastAdmin: .conflict(code: "last_admin")
        case .refused(let refusal): .refused(rules: refusal.rules)
        case .toleranceExceeded: .refused(rules: ["tolerance"])
        case .ambiguousEarlierName, .earlierNameInUse, .noFillsYet, .allFillsVoid, .noCurrentGas, .cylinderExists, .nameTaken,
            .confusableName, .sameName, .alreadyRetired, .notRetired, .blendStartUnknown, .unreachableBlend, .topOffWithHelium,
            .topOffWithoutNitrogen,
            .planningRefused, .importIsJSON, .importRefused, .accountExists, .accountRemoved, .tokenRevoked, .auditMismatch, .unsoundBackup,
            .compressorExists, .compressorAlreadyRetired, .compressorNotRetired, .meterBackwards, .meterReadingOutOfOrder:
            .refused(rules: [])
        case .inputUnavailable: .unreadableInput
        case .cannotCreate, .noDatabaseLocation: .cannotCreate
        case .readOnly: .unusable(.readOnly)
        case .storageFull: .storageFull
        case .storedDepthMismatch: .unusable(.integrity)
        case .databaseUnusable, .copyFailedCheck, .invalidStoredSetting: .unusable(.damaged)
        case .busy, .inUse: .busy(retryAfter: 2)
        case .internalFailure: .internalFailure
        }
    }

    static func invalidInput(_ error: FieldError) -> LogbookError {
        LogbookError(.invalidInput(error))
    }

    /// Classifies a SQLite failure on the database at `path`.
    static func database(_ error: DatabaseError, path: String, busyTimeoutMilliseconds: Int) -> LogbookError {
        if error.isBusy { return LogbookError(.busy(path: path, waitedSeconds: busyTimeoutMilliseconds / 1_000)) }
        if error.isReadOnly { return LogbookError(.readOnly(path: path)) }
        if error.isDamaged {
            return LogbookError(.databaseUnusable(.damaged(path: path, sqlite: error.message)))
        }
        if error.isCannotOpen { return LogbookError(.cannotCreate(.failed(.openDatabase, path: path, reason: error.message))) }
        if error.isDiskFull { return LogbookError(.storageFull(path: path)) }
        return LogbookError(.internalFailure(.database(path: path, error.description)))
    }

    /// Fills whose cylinder row is missing: only a change made outside gaslog
    /// can do that, and a report that left them out would hide them.
    static func fillsWithoutCylinder(_ ids: [Int]) -> LogbookError {
        LogbookError(.databaseUnusable(.fillsWithoutCylinder(ids)))
    }
}
