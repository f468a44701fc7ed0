import LogbookStore
import NitroxCalculator

extension ImportRefusal {
    /// The refusal in plain words, naming no front end's controls.
    public var message: String {
        switch self {
        case .badRows(let source, let first, let count):
            "\(source): \(first.message)\(count > 1 ? " (and \(count - 1) more bad rows)" : ""); nothing was imported"
        case .empty(let source):
            "\(source) is empty: expected a CSV header starting with \(Self.baseHeader)"
        case .headerStart(let source, let line):
            "\(source): line \(line): the header must start with \(Self.baseHeader)"
        case .unknownColumn(let source, let line, let column):
            "\(source): line \(line): unknown column \(quoted(column)); this gaslog knows \(FillLogFormat.columns.joined(separator: ","))"
        case .repeatedColumn(let source, let line, let column):
            "\(source): line \(line): column \(quoted(column)) appears twice"
        case .malformed(let source, let failure):
            "\(source): line \(failure.line): \(failure.fault.message); nothing was imported"
        case .newName(let error):
            error.message + "; nothing was imported"
        case .invalidName(let error):
            error.message + "; nothing was imported"
        }
    }

    /// The columns a header starts with, as a header writes them.
    private static var baseHeader: String { FillLogFormat.baseColumns.joined(separator: ",") }
}

extension ImportRowFault {
    /// The row and what is wrong with it.
    public var message: String {
        switch self {
        case .fieldCount(let line, let expected, let found):
            "line \(line): expected \(expected) fields, found \(found)"
        case .value(let line, let column, let value, let problem):
            "line \(line), column \(column), value \(quoted(value)): \(problem.message)"
        }
    }
}

extension ImportCellProblem {
    /// What is wrong with the cell, in plain words.
    public var message: String {
        switch self {
        case .field(let error):
            error.message
        case .required:
            "a value is required"
        case .inFuture:
            "the fill is dated in the future (a fill may be dated at most \(EntryTimeLimit.clockSkewAllowance / 60) minutes after the current time)"
        case .voidedByWithoutVoid:
            "a fill that is not void has no voided_by"
        case .labelOxygen(let oxygen, let diverOxygen):
            "the label comes from one of the readings: o2 (\(oxygen)) or diver_o2 (\(diverOxygen ?? "empty"))"
        case .labelHelium(let helium, let diverHelium):
            "the label comes from one of the readings: he (\(helium)) or diver_he (\(diverHelium ?? "empty"))"
        case .notAMix(let withHelium):
            withHelium
                ? "expected, with helium, O2 from 5 to 100% and helium from 1 to 95%, together at most 100%"
                : "expected O2 from 21 to 100% without helium"
        case .partialStart:
            "start_bar, start_o2, start_he and top_off_o2 are given together or not at all"
        case .topOff:
            "expected a top-off of 21 to 99.9 % O2"
        case .startAbovePressure(let bar):
            "the start is above the fill's pressure (\(bar) bar)"
        case .label(let mix, let calculated):
            "the calculator labels O2 \(mix.percentText)%" + (mix.hasHelium ? " and helium \(mix.heliumPercentText)%" : "") + " as \(calculated)"
        case .depth(let calculated, let mix, let partialPressure, let rounding):
            "the calculator gives \(calculated) for O2 \(mix.percentText)% at ppO₂ \(partialPressure.text), rounded \(rounding.rawValue)"
        case .unreadable(let text):
            text
        }
    }
}

extension CSVReader.Failure.Fault {
    /// What is wrong with the field, in the user's terms.
    public var message: String {
        switch self {
        case .textAfterClosingQuote(let field): "unexpected text after a closing quote in field \(field)"
        case .quoteInUnquotedField(let field): "a quote inside unquoted field \(field); quote the field and double the quote"
        case .unclosedQuote: "a quoted field that starts here is never closed"
        case .invalidUTF8(let field): "field \(field) is not valid UTF-8"
        }
    }
}
