import NitroxCalculator

/// A field value that breaks the logbook's rules. The command line reports it
/// as bad input (exit 64); an import reports it with the line and column.
public struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The refusal, naming the value and what would have been accepted.
    public let message: String

    /// An error with `message` as it will be shown.
    public init(_ message: String) {
        self.message = message
    }

    init(_ error: CalculatorInputError) {
        message = error.message
    }

    /// The message, so that the error prints as it reads.
    public var description: String { message }
}
