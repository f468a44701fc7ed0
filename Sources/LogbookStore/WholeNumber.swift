import NitroxCalculator

/// A plain whole number typed by a person or read from a file: a fill id, a
/// limit, a number of days, a setting.
public enum WholeNumber {
    /// The largest number ``parse(_:in:what:)`` reads, at most 18 digits:
    /// the `maximum` an id's schema gives, so that a client holds to what is read.
    public static let largest = 999_999_999_999_999_999

    /// `text` as a whole number within `range`. Only ASCII digits are read:
    /// no sign, space, exponent or separator.
    public static func parse(_ text: String, in range: ClosedRange<Int>, what: String) throws(FieldError) -> Int {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }),
            let value = Int(text), range.contains(value)
        else {
            let expected: Expectation =
                range.upperBound == .max ? .wholeNumberAtLeast(range.lowerBound) : .wholeNumber(from: range.lowerBound, to: range.upperBound)
            throw FieldError(.invalid(what: what, value: text, expected: expected))
        }
        return value
    }
}
