import NitroxCalculator

/// What is wrong with a field's value, as facts: the core words them.
public enum FieldFault: Sendable, Equatable {
    /// Words made outside the store, shown as they are.
    case described(String)
    /// The calculator's refusal of a gas, a pressure or a depth.
    case calculator(CalculatorInputError)
    /// The value of `what` (`account name`, `note`), quoted unless `value` is
    /// `nil`, breaks a rule of text.
    case invalidText(what: String, value: String?, TextProblem)
    /// The value of `what` is not of the form `expected`.
    case invalid(what: String, value: String, expected: Expectation)
    /// The value of the setting `key` is not of the form `expected`.
    case invalidSetting(key: String, value: String, expected: Expectation)
    /// The name of a field to clear is not one of `fields`; `unknown` says so
    /// in the compressor's words, "unknown field".
    case unknownField(String, fields: [String], unknown: Bool)
    /// A value not of the form `expected`, in a place that already names the field.
    case expected(Expectation)
    /// The `what` time is later than the clock allows.
    case inFuture(what: String, Timestamp)
    /// A local time that the clocks skip: they go from `from` to `to` in
    /// `zone` (`nil` when the local zone has no name).
    case skippedLocalTime(wall: String, zone: String?, from: String, to: String)
    /// A local time that the clocks pass `offsets.count` times in `zone`, each at one of `offsets`.
    case repeatedLocalTime(wall: String, zone: String?, offsets: [String])
}

/// A rule of text that a value breaks.
public enum TextProblem: Sendable, Equatable {
    /// It is empty; 1 to `maximum` characters are accepted.
    case empty(maximum: Int)
    /// It has `count` characters; 1 to `maximum` are accepted.
    case charactersOutside(count: Int, maximum: Int)
    /// It has `count` characters; at most `maximum` are accepted.
    case tooManyCharacters(count: Int, maximum: Int)
    /// It has `count` Unicode code points, more than a new name may have.
    case tooManyCodePointsForNewName(count: Int, maximum: Int)
    /// It has `count` Unicode code points; at most `maximum` are accepted.
    case tooManyCodePoints(count: Int, maximum: Int)
    /// It holds a control character; a note may hold tab and line breaks.
    case controlCharacters(allowingLineBreaks: Bool)
    /// It holds an invisible character (`U+200B`); in a name, two that look
    /// the same would differ.
    case invisibleCharacter(codePoint: String, inName: Bool)
    /// An account name holds `:`, which separates a name from its password.
    case colonInAccountName
    /// A new compressor name is `none`, which says a fill used no compressor.
    case noneAsCompressorName
    /// The name rules' own words for a name that could pass for another.
    case lookAlike(String)
}

/// The form a value must have.
public enum Expectation: Sendable, Equatable {
    case wholeNumberAtLeast(Int)
    case wholeNumber(from: Int, to: Int)
    case time
    case date
    case amount
    case positiveAmount
    case price
    case metricOrImperial
    case nearestOrDown
    case minimumPartialPressure
    case yesOrNo
    case idealOrReal
    case currency
    /// A pressure in bar above 0, up to the calculator's maximum.
    case pressureAboveZero
    /// A pressure in bar from 0, up to the calculator's maximum.
    case pressureFromZero
    /// An O2 percentage in a column of its own, without helium.
    case oxygenWithoutHelium
    case heliumPercentage
}
