import LogbookStore
import NitroxCalculator

/// The words of every logbook error, made here once for all front ends: the
/// store states the facts, and each front end adds what its user can do.
extension LogbookError: CustomStringConvertible {
    /// The error in plain words, naming no front end's controls.
    public var message: String {
        switch reason {
        case .cannotCreate(let fault), .inputUnavailable(let fault):
            fault.message
        case .internalFailure(let fault):
            fault.message
        case .invalidInput(let error):
            error.message
        case .databaseUnusable(let fault):
            fault.message
        case .badInput(let message):
            message.text { "'" + FieldMessage.key(of: $0) + "'" }
        case .storedDepthMismatch(let fill):
            "fill \(fill)'s stored MOD does not match its gas: the logbook was changed outside gaslog"
        case .auditMismatch(let mismatch):
            "the audit trail does not hold: " + mismatch.message
        case .unsoundBackup(let source, let failure):
            "not a sound logbook: \(source): " + failure.text
        case .copyFailedCheck(let destination, let failure):
            "the copy failed its check (\(failure.text)); nothing was written to \(destination)"
        case .fillInFuture(let filledAt, let now):
            "the fill time \(LocalTime.text(of: filledAt)) is in the future: it is now \(LocalTime.text(of: now)), "
                + "and a fill may be dated at most \(EntryTimeLimit.clockSkewAllowance / 60) minutes ahead, for clock differences"
        case .inspectionInFuture(let kind, let date):
            "the \(kind.inspectionName) date \(date.iso8601) is in the future"
        case .nothingToChange:
            "nothing to change"
        case .volumeNeedsWorkingPressure:
            "a volume in cubic feet is the gas held at working pressure"
        case .emptyPeriod(let since, let until):
            "the start of the period (\(LocalTime.text(of: since))) is after its end (\(LocalTime.text(of: until)))"
        case .refused(let refusal):
            // Only the core raises a refusal; its detail is its words.
            String(describing: refusal.detail)
        case .toleranceExceeded(let blender, let diver):
            Self.toleranceText(blender: blender, diver: diver)
        case .unknownCylinder(let name):
            "unknown cylinder \(quoted(name))"
        case .ambiguousEarlierName(let name, let cylinders):
            "\(quoted(name)) is an earlier name of \(cylinders.count) cylinders, \(Self.names(cylinders)), "
                + "and no cylinder's name now: give the current name of the one you mean"
        case .earlierNameInUse(let name, let cylinders):
            "\(quoted(name)) is an earlier name of \(Self.names(cylinders))"
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
                + "and an entry may be dated at most \(EntryTimeLimit.clockSkewAllowance / 60) minutes ahead, for clock differences"
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
        case .importRefused(let refusal):
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
}
