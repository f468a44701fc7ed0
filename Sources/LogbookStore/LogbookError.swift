import NitroxCalculator

/// Why the logbook could not do what was asked, as a fact that a front end
/// can switch on. ``message`` says it in plain words without naming any
/// front end's controls; a front end adds what its user can do about it.
public struct LogbookError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, with the facts a front end needs to explain it.
    public enum Reason: Sendable, Equatable {
        // MARK: Bad input

        /// A value that breaks a field's rules, in words.
        case invalidInput(String)
        /// Bad input whose words name inputs: each front end names them
        /// its own way (`--o2` on the command line, `'o2'` in the API).
        case badInput(FieldMessage)
        /// A fill dated later than the clock allows.
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

        /// The fill-station checks refuse a fill.
        case refused(FillRefusal)
        /// The fill-station checks refuse a blend plan.
        case blendRefused(FillRefusal)
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
        /// under another key: `registered` is that name, `kind` what it names
        /// (`cylinder`, `compressor`, `account`, or `earlier name of cylinder 'X'`).
        case confusableName(String, registered: String, kind: String)
        /// The cylinder already has the new name.
        case sameName(String)
        /// The cylinder was retired before, at that time.
        case alreadyRetired(String, at: Timestamp)
        /// The cylinder is in service, so it cannot be reinstated.
        case notRetired(String)
        /// A run, cartridge change or air test dated beyond the clock-skew allowance.
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
        /// An import's rows break the log's rules; nothing was imported.
        case importRefused(String)
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
        case auditMismatch(String)
        /// A file offered as a backup is not a sound gaslog logbook.
        case unsoundBackup(String)

        // MARK: Files and the database

        /// A file to read is missing or unreadable.
        case inputUnavailable(String)
        /// The database, or a folder or file for it, cannot be created.
        case cannotCreate(String)
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
        case databaseUnusable(String)
        /// A fill's stored MOD is not what its own gas, ppO₂ and rounding rule
        /// give: the logbook was changed outside gaslog.
        case storedDepthMismatch(fill: Int)
        /// A stored setting's value is outside its rules.
        case invalidStoredSetting(key: String, value: String)
        /// Anything else SQLite reported.
        case internalFailure(String)
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
        case .refused(let refusal), .blendRefused(let refusal): .refused(rules: refusal.rules.map(\.code))
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
        case .databaseUnusable, .invalidStoredSetting: .unusable(.damaged)
        case .busy, .inUse: .busy(retryAfter: 2)
        case .internalFailure: .internalFailure
        }
    }

    /// The fill-station rules that refused, for a refusal; otherwise empty.
    public var rules: [FillRule] {
        switch reason {
        case .refused(let refusal), .blendRefused(let refusal): refusal.rules
        default: []
        }
    }

    /// The error in plain words, naming no front end's controls.
    public var message: String {
        switch reason {
        case .invalidInput(let text), .databaseUnusable(let text), .cannotCreate(let text), .inputUnavailable(let text),
            .importRefused(let text), .internalFailure(let text):
            text
        case .badInput(let message):
            message.text { "'" + FieldMessage.key(of: $0) + "'" }
        case .storedDepthMismatch(let fill):
            "fill \(fill)'s stored MOD does not match its gas: the logbook was changed outside gaslog"
        case .auditMismatch(let text):
            "the audit trail does not hold: " + text
        case .unsoundBackup(let text):
            "not a sound logbook: " + text
        case .fillInFuture(let filledAt, let now):
            "the fill time \(LocalTime.text(of: filledAt)) is in the future: it is now \(LocalTime.text(of: now)), "
                + "and a fill may be dated at most \(Logbook.clockSkewAllowance / 60) minutes ahead, for clock differences"
        case .inspectionInFuture(let kind, let date):
            "the \(kind.inspectionName) date \(date.iso8601) is in the future"
        case .nothingToChange:
            "nothing to change"
        case .volumeNeedsWorkingPressure:
            "a volume in cubic feet is the gas held at working pressure"
        case .emptyPeriod(let since, let until):
            "the start of the period (\(LocalTime.text(of: since))) is after its end (\(LocalTime.text(of: until)))"
        case .refused(let refusal):
            "fill refused: " + refusal.rules.map { $0.description(cylinder: refusal.cylinder, unit: refusal.unit) }.joined(separator: "; ")
        case .blendRefused(let refusal):
            "blend refused: " + refusal.rules.map { $0.description(cylinder: refusal.cylinder, unit: refusal.unit) }.joined(separator: "; ")
        case .toleranceExceeded(let blender, let diver):
            LogbookError.toleranceText(blender: blender, diver: diver)
        case .unknownCylinder(let name):
            "unknown cylinder \(quoted(name))"
        case .ambiguousEarlierName(let name, let cylinders):
            "\(quoted(name)) is an earlier name of \(cylinders.count) cylinders, \(LogbookError.names(cylinders)), "
                + "and no cylinder's name now: give the current name of the one you mean"
        case .earlierNameInUse(let name, let cylinders):
            "\(quoted(name)) is an earlier name of \(LogbookError.names(cylinders))"
                + (cylinders.count == 1 ? ", and still finds it" : "") + "; choose another name"
        case .unregisteredCylinder(let name, let suggestions):
            "unknown cylinder \(quoted(name)): fill-creates-cylinders is no, so a fill needs a cylinder in the register"
                + (suggestions.isEmpty ? "" : "; did you mean " + suggestions.map(quoted).joined(separator: " or ") + "?")
        case .unknownFill(let id):
            "no fill has id \(id)"
        case .noFillsYet(let cylinder):
            "cylinder \(quoted(cylinder)) has no fills yet"
        case .allFillsVoid(let cylinder):
            "cylinder \(quoted(cylinder)) has no current gas: all its fills are void"
        case .noCurrentGas(let cylinder, let futureFills):
            "cylinder \(quoted(cylinder)) has no current gas: its fills are void or dated in the future ("
                + futureFills.map { "fill \($0.id) of \(LocalTime.date(of: $0.filledAt).iso8601)" }.joined(separator: ", ") + ")"
        case .alreadyVoid(let fill, let reason):
            "fill \(fill) is already void (\(quoted(reason))); a fill is voided once"
        case .fillVoid(let fill):
            "fill \(fill) is void; its charge is cancelled"
        case .cylinderExists(let name):
            "cylinder \(quoted(name)) is already in the log"
        case .nameTaken(let name):
            "cylinder \(quoted(name)) is already in the log; a name belongs to one cylinder"
        case .confusableName(let name, let registered, let kind):
            "\(quoted(name)) could pass for the \(kind) \(quoted(registered)), already registered: "
                + "the two look alike (they have one UTS #39 skeleton); choose another name"
        case .sameName(let name):
            "cylinder \(quoted(name)) already has that name"
        case .alreadyRetired(let name, let at):
            "cylinder \(quoted(name)) was already retired on \(LocalTime.date(of: at).iso8601)"
        case .notRetired(let name):
            "cylinder \(quoted(name)) is not retired; only a retired cylinder is reinstated"
        case .entryInFuture(let at, let now):
            "the time \(LocalTime.text(of: at)) is in the future: it is now \(LocalTime.text(of: now)), "
                + "and an entry may be dated at most \(Logbook.clockSkewAllowance / 60) minutes ahead, for clock differences"
        case .unknownCompressor(let name):
            "unknown compressor \(quoted(name))"
        case .compressorExists(let name):
            "compressor \(quoted(name)) is already in the register"
        case .compressorAlreadyRetired(let name, let at):
            "compressor \(quoted(name)) was already retired on \(LocalTime.date(of: at).iso8601)"
        case .compressorNotRetired(let name):
            "compressor \(quoted(name)) is not retired; only a retired compressor is reinstated"
        case .meterReadingOutOfOrder(let name, let lastAt):
            "the hour meter of compressor \(quoted(name)) was last read at \(LocalTime.text(of: lastAt)): "
                + "a reading dated before it could count the same hours twice"
        case .meterBackwards(let name, let reading, let last):
            "the hour meter reading \(Rational(reading, 100).decimalString(maximumFractionDigits: 2)) of compressor \(quoted(name)) "
                + "is below its last reading, \(Rational(last, 100).decimalString(maximumFractionDigits: 2)): a meter never goes back"
        case .blendStartUnknown(let cylinder, .noFill):
            "cylinder \(quoted(cylinder)) has no fill in the log"
        case .blendStartUnknown(let cylinder, .noPressure):
            "the last fill of \(quoted(cylinder)) has no pressure"
        case .blendStartUnknown(let cylinder, .noGas):
            "cylinder \(quoted(cylinder)) has no current gas in the log"
        case .unreachableBlend(let target, let topOff):
            "\(target.label) is leaner than the top-off gas (\(topOff.label)): no amount of oxygen reaches it; "
                + "top off with a leaner gas or pick a richer target"
        case .topOffWithHelium(let gas):
            "the top-off gas \(gas.label) holds helium: top off with air or a nitrox; helium goes in first, on its own"
        case .topOffWithoutNitrogen:
            "the top-off gas is pure oxygen: top off with air or a nitrox, which bring the mix's nitrogen"
        case .unknownPayment(let id):
            "no payment has id \(id)"
        case .paymentAlreadyVoid(let payment, let reason):
            "payment \(payment) is already void (\(quoted(reason))); a payment is voided once"
        case .planningRefused(let refusal):
            refusal.message
        case .importIsJSON(let source):
            "\(source) looks like JSON: import reads CSV"
        case .unknownAccount(let name):
            "unknown account \(quoted(name))"
        case .accountExists(let name):
            "account \(quoted(name)) already exists"
        case .accountRemoved(let name, let at):
            "account \(quoted(name)) was removed on \(LocalTime.date(of: at).iso8601)"
        case .lastAdmin(let name):
            "\(quoted(name)) is the last admin: the logbook would have no admin"
        case .unknownToken(let id):
            "no token has id \(id)"
        case .tokenRevoked(let id, let at):
            "token \(id) was already revoked on \(LocalTime.date(of: at).iso8601); a token is revoked once"
        case .noDatabaseLocation:
            "cannot find the database: no path was given, and neither GASLOG_DB nor HOME is set"
        case .busy(let path, let waitedSeconds):
            "database \(path) is busy: another program held its write lock for more than "
                + "\(waitedSeconds) seconds; nothing was written; try again"
        case .readOnly(let path):
            "database \(path) is read-only, and this needs to write to it"
        case .storageFull(let path):
            "cannot write database \(path): the disk is full; nothing was recorded"
        case .inUse(let path):
            "database \(path) is in use: another program holds its write lock; nothing was changed"
        case .invalidStoredSetting(let key, let value):
            "the stored setting \(key) = \(quoted(value)) is invalid"
        }
    }

    /// Each reading that is too far apart, in words: O2 by more than 1 point,
    /// helium by more than 2.
    private static func toleranceText(blender: GasMix, diver: GasMix) -> String {
        let oxygen = abs(diver.oxygenPermille - blender.oxygenPermille)
        let helium = abs(diver.heliumPermille - blender.heliumPermille)
        var parts: [String] = []
        if oxygen > FillRequest.analysisTolerancePermille {
            parts.append(
                "the diver's reading (\(diver.percentText)%) differs from the blender's (\(blender.percentText)%) by "
                    + Rational(oxygen, 10).decimalString(maximumFractionDigits: 1) + " points, more than the 1-point tolerance")
        }
        if helium > FillRequest.heliumTolerancePermille {
            parts.append(
                "the diver's helium reading (\(diver.heliumPercentText)%) differs from the blender's (\(blender.heliumPercentText)%) by "
                    + Rational(helium, 10).decimalString(maximumFractionDigits: 1) + " points, more than the 2-point tolerance")
        }
        return parts.joined(separator: "; ")
    }

    /// Names in quotes, the last two joined by "and": 'A', 'B' and 'C'.
    private static func names(_ names: [String]) -> String {
        let quotedNames = names.map(quoted)
        guard let last = quotedNames.last, quotedNames.count > 1 else { return quotedNames.first ?? "" }
        return quotedNames.dropLast().joined(separator: ", ") + " and " + last
    }

    /// Same as ``message``.
    public var description: String { message }

    static func invalidInput(_ error: FieldError) -> LogbookError {
        LogbookError(.invalidInput(error.message))
    }

    /// Classifies a SQLite failure on the database at `path`.
    static func database(_ error: DatabaseError, path: String, busyTimeoutMilliseconds: Int) -> LogbookError {
        if error.isBusy { return LogbookError(.busy(path: path, waitedSeconds: busyTimeoutMilliseconds / 1_000)) }
        if error.isReadOnly { return LogbookError(.readOnly(path: path)) }
        if error.isDamaged {
            return LogbookError(.databaseUnusable("database \(path) is damaged or is not a gaslog database (\(error.message))"))
        }
        if error.isCannotOpen { return LogbookError(.cannotCreate("cannot open database \(path): \(error.message)")) }
        if error.isDiskFull { return LogbookError(.storageFull(path: path)) }
        return LogbookError(.internalFailure("database \(path): \(error.description)"))
    }

    /// Fills whose cylinder row is missing: only a change made outside gaslog
    /// can do that, and a report that left them out would hide them.
    static func fillsWithoutCylinder(_ ids: [Int]) -> LogbookError {
        let shown = ids.prefix(10).map(String.init).joined(separator: ", ")
        let more = ids.count > 10 ? " and more" : ""
        let fills = ids.count == 1 ? "fill \(shown) has" : "fills \(shown)\(more) have"
        return LogbookError(
            .databaseUnusable(
                "\(fills) no cylinder in the database: the database was changed outside gaslog; "
                    + "nothing is shown rather than a log with fills left out"))
    }
}
