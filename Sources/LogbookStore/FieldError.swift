import NitroxCalculator

/// A field value that breaks the logbook's rules. The command line reports it
/// as bad input (exit 64); an import reports it with the line and column.
public struct FieldError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    init(_ error: CalculatorInputError) {
        message = error.message
    }

    public var description: String { message }
}
