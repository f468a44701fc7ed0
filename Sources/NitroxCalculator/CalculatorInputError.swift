/// A value a user typed that the calculator cannot accept.
///
/// The message names the value and what would have been accepted, so that it
/// can be shown as it is.
public struct CalculatorInputError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The message, ready to show to the user as it is.
    public let message: String

    /// An error with `message` as it will be shown.
    public init(_ message: String) {
        self.message = message
    }

    /// The message, so that the error prints as it reads.
    public var description: String { message }
}

/// Quotes user input for an error message, showing control characters and
/// other invisible scalars as escapes so that the message stays one line.
public func quoted(_ value: String) -> String {
    var result = "'"
    for scalar in value.unicodeScalars {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .unassigned, .surrogate:
            result += "\\u{" + String(scalar.value, radix: 16) + "}"
        default:
            result.unicodeScalars.append(scalar)
        }
    }
    return result + "'"
}
