import GaslogCore
import NitroxCalculator

/// The logbook's facts in the command line's words: each error and warning
/// with the option or command that deals with it. The store states facts;
/// only here do they meet flag names.
enum LogbookWording {
    /// The `error:` text for `error`, raised while running `commandPath`.
    static func message(for error: LogbookError, commandPath: [String]) -> String {
        let message = error.message
        switch error.reason {
        case .refused:
            guard let refusal = error.fillRefusal else { return message }
            return refusal.text { remedy(for: $0, cylinder: refusal.cylinder) }
                + (refusal.isBlendPlan ? "; or plan anyway with --override REASON" : "; or record it anyway with --override REASON")
        case .toleranceExceeded:
            return message + "; analyse the gas again, or record it with --accept-difference"
        case .unknownCylinder:
            return message
                + (commandPath.first == "cylinder"
                    ? "; 'gaslog cylinder list' shows the register" : "; 'gaslog list' shows the cylinders in the log")
        case .unregisteredCylinder(let name, let suggestions):
            return message + (suggestions.isEmpty ? "; add it with: " + CommandHint.command("cylinder add", cylinder: name) : "")
        case .cylinderExists(let name):
            return message + "; change it with: " + CommandHint.command("cylinder edit", cylinder: name, options: "OPTIONS")
        case .nothingToChange:
            return message + ": give at least one of the \(commandPath.first == "compressor" ? "compressor" : "cylinder")'s options"
        case .volumeNeedsWorkingPressure:
            return message + ": give --working-pressure too, or the volume in litres"
        case .emptyPeriod(let since, _):
            return "--since \(LocalTime.text(of: since)) is after --until; nothing could match"
        case .blendStartUnknown(_, .noFill):
            return message + "; give --from (and --from-gas unless it is empty)"
        case .blendStartUnknown(_, .noPressure):
            return message + "; give --from"
        case .blendStartUnknown(_, .noGas):
            return message + "; give --from-gas"
        case .importIsJSON:
            return message + ", as 'export' writes it by default; export the log again without --format json"
        case .noDatabaseLocation:
            return "cannot find the database: set --db, GASLOG_DB or HOME"
        case .readOnly(let path):
            return "database \(path) is read-only: this command needs to write to it"
        case .storedDepthMismatch:
            return message + "; run gaslog verify"
        case .invalidStoredSetting:
            return message + "; set it again with 'gaslog config set'"
        case .unknownAccount:
            return message + "; 'gaslog user list' shows the accounts"
        case .accountExists(let name):
            return message + "; change its role with: " + CommandHint.command("user set-role", cylinder: name, options: "ROLE")
                + ", or its password with: " + CommandHint.command("user password", cylinder: name)
        case .accountRemoved(let name, _):
            return message + "; add it again with: " + CommandHint.command("user add", cylinder: name, options: "--role ROLE")
        case .unknownToken:
            return message + "; 'gaslog token list' shows the tokens"
        case .unknownPayment:
            return message + "; 'gaslog bill' lists the payments"
        case .unknownCompressor:
            return message + "; 'gaslog compressor list' shows the compressors"
        case .compressorExists(let name):
            return message + "; change it with: " + CommandHint.command("compressor edit", cylinder: name, options: "OPTIONS")
        case .meterBackwards:
            return message + "; check the reading, or give the hours run with --hours"
        case .meterReadingOutOfOrder:
            return message + "; give the hours that run took with --hours"
        case .badInput(let words):
            return words.text { "--" + $0 }
        case .invalidInput, .fillInFuture, .inspectionInFuture, .ambiguousEarlierName, .earlierNameInUse, .unknownFill, .noFillsYet,
            .allFillsVoid, .noCurrentGas, .alreadyVoid, .fillVoid, .nameTaken, .confusableName, .sameName, .alreadyRetired, .notRetired,
            .unreachableBlend,
            .topOffWithHelium, .topOffWithoutNitrogen, .paymentAlreadyVoid, .planningRefused, .importRefused, .lastAdmin, .tokenRevoked,
            .auditMismatch, .unsoundBackup, .inputUnavailable, .entryInFuture, .compressorAlreadyRetired, .compressorNotRetired,
            .cannotCreate, .storageFull, .busy, .inUse, .databaseUnusable, .copyFailedCheck, .internalFailure:
            return message
        }
    }

    /// The `warning:` line for `warning`, with what to type about it.
    static func line(for warning: Warning) -> String {
        switch warning {
        case .similarName(let name, _):
            return warning.message + " with: " + CommandHint.command("cylinder rename", cylinder: name, options: "NEW-NAME")
        case .unknownFacts(let cylinder, let facts):
            return unknownFactsLine(facts, cylinder: cylinder)
        case .compressorUnknownFacts(let compressor, let facts):
            let options = facts.map { fact in
                switch fact {
                case .airTest:
                    CommandHint.command(
                        "compressor test", cylinder: compressor, options: "--o2 P --co2 PPM --co PPM --oil MG --water MG --pressure P")
                case .filterHours: CommandHint.command("compressor edit", cylinder: compressor, options: "--filter-hours H")
                }
            }
            return Warning.unknown(facts.map(\.description), of: "compressor \(quoted(compressor))")
                + "; check by hand, and record them with: " + options.joined(separator: " and ")
        case .overridden(let refusal, let action):
            return (action == .recorded ? "recorded despite: " : "planned despite: ")
                + refusal.rulesText { remedy(for: $0, cylinder: refusal.cylinder) }
        case .otherUnit(let text, let pressure, let unit):
            return "\(text) \(unit.pressureSymbol) is \(Warning.inOtherUnit(pressure, unit)); if you meant \(text) \(unit.other.pressureSymbol), "
                + "write \(text)\(unit.other.pressureSymbol)"
        case .unpriced(let fill, let cylinder, let reason):
            let hint =
                switch reason {
                case .noStart: "; give it with --from next time"
                case .noPressure: "; give it with --pressure next time"
                case .noVolume: "; record it with: " + CommandHint.command("cylinder edit", cylinder: cylinder, options: "--volume LITRES")
                case .startCannotGiveMix: ""
                }
            return Warning.unpriced(fill: fill, because: reason.words.text { "--" + $0 }) + hint
        case .density, .partialPressure, .hypoxic, .tagDeeper, .retired, .renamed:
            return warning.message
        }
    }

    /// What to type about a rule that refused: the rule's remedy, its
    /// inputs named as options and its command written to paste.
    private static func remedy(for rule: FillRule, cylinder: String) -> String {
        guard let remedy = rule.remedy(cylinder: cylinder) else { return "" }
        return "; " + remedy.advice.text { "--" + $0 }
            + (remedy.command.map { " with: " + CommandHint.command($0, cylinder: remedy.subject, options: remedy.options) } ?? "")
    }

    /// The warning for what the register does not know.
    private static func unknownFactsLine(_ facts: [UnknownFact], cylinder: String) -> String {
        let options = facts.map { fact in
            switch fact {
            case .hydrostaticTest: "--hydro DATE"
            case .visualInspection: "--visual DATE"
            case .workingPressure: "--working-pressure PRESSURE"
            case .oxygenClean: "--o2-clean|--no-o2-clean"
            }
        }
        return Warning.unknown(facts.map(\.description), of: "cylinder \(quoted(cylinder))")
            + "; check by hand, and record what you find with: "
            + CommandHint.command("cylinder edit", cylinder: cylinder, options: options.joined(separator: " "))
    }
}
