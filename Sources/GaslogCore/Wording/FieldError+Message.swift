import LogbookStore
import NitroxCalculator

extension FieldError: CustomStringConvertible {
    /// The refusal, naming the value and what would have been accepted.
    public var message: String { fault.message }

    /// The message, so that the error prints as it reads.
    public var description: String { message }
}

extension FieldFault {
    /// The fault in plain words, naming no front end's controls.
    public var message: String {
        switch self {
        case .described(let text):
            text
        case .calculator(let error):
            error.message
        case .invalidText(let what, let value, let problem):
            "invalid \(what)\(value.map { " " + quoted($0) } ?? ""): \(problem.message)"
        case .invalid(let what, let value, let expected):
            "invalid \(what) \(quoted(value)): expected \(expected.text)"
        case .invalidSetting(let key, let value, let expected):
            "invalid value \(quoted(value)) for \(key): expected \(expected.text)"
        case .unknownField(let name, let fields, let unknown):
            "\(unknown ? "unknown" : "invalid") field \(quoted(name)): expected one of " + fields.joined(separator: ", ")
        case .expected(let expected):
            "expected \(expected.text)"
        case .inFuture(let what, let moment):
            "the \(what) \(LocalTime.text(of: moment)) is in the future"
        case .skippedLocalTime(let wall, let zone, let from, let to):
            "\(wall) does not exist in \(zone ?? "the local time zone") (clocks go from \(from) to \(to))"
        case .repeatedLocalTime(let wall, let zone, let offsets):
            "\(wall) happens \(offsets.count == 2 ? "twice" : "\(offsets.count) times") in \(zone ?? "the local time zone"): write "
                + offsets.dropLast().joined(separator: ", ") + " or " + (offsets.last ?? "")
        }
    }
}

extension TextProblem {
    /// The rule the text breaks, after the value it is about.
    public var message: String {
        switch self {
        case .empty(let maximum): "it is empty; expected 1 to \(maximum) characters"
        case .charactersOutside(let count, let maximum): "it has \(count) characters; expected 1 to \(maximum)"
        case .tooManyCharacters(let count, let maximum): "it has \(count) characters; expected at most \(maximum)"
        case .tooManyCodePointsForNewName(let count, let maximum): "it has \(count) Unicode code points; a new name has at most \(maximum)"
        case .tooManyCodePoints(let count, let maximum): "it has \(count) Unicode code points; expected at most \(maximum)"
        case .controlCharacters(let allowingLineBreaks):
            "control characters\(allowingLineBreaks ? " other than tab and line breaks" : "") are not allowed"
        case .invisibleCharacter(let codePoint, let inName):
            "it holds the invisible character \(codePoint)" + (inName ? ", which would make two names look the same" : "")
        case .colonInAccountName: "it holds ':', which separates a name from its password in a login"
        case .noneAsCompressorName: "'none' says that a fill used no compressor"
        case .lookAlike(let problem): problem
        }
    }
}

extension Expectation {
    /// What would have been accepted, after "expected".
    public var text: String {
        switch self {
        case .wholeNumberAtLeast(let lowest): "a whole number of at least \(lowest)"
        case .wholeNumber(let lowest, let highest): "a whole number from \(lowest) to \(highest)"
        case .time:
            "a date such as 2026-11-29, or a time such as 2026-11-29 19:05 (local time), 2026-11-29T08:05Z or 2026-11-29T19:05+11:00"
        case .date: "a date such as 2026-11-29"
        case .amount: "an amount such as 12.50, with at most two decimals, up to 1000000"
        case .positiveAmount: "an amount above 0"
        case .price: "a price of 0 or more, up to 10000, with at most six decimals, such as 0.012"
        case .metricOrImperial: "metric or imperial"
        case .nearestOrDown: "nearest or down"
        case .minimumPartialPressure: "0.14 to 0.21 bar with at most two decimals"
        case .yesOrNo: "yes or no"
        case .idealOrReal: "ideal or real"
        case .currency: "an ISO 4217 code of three letters, such as EUR"
        case .pressureAboveZero: "bar above 0 and at most \(Pressure.maximum.barText), with at most two decimals"
        case .pressureFromZero: "bar from 0 to \(Pressure.maximum.barText), with at most two decimals"
        case .oxygenWithoutHelium: "an O2 percentage; helium has its own column"
        case .heliumPercentage: "a helium percentage from 0 to 95 with at most one decimal"
        }
    }
}
