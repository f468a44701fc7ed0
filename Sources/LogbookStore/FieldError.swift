import NitroxCalculator

/// A field value that breaks the logbook's rules, as a fact that the core
/// words. The command line reports it as bad input (exit 64); an import
/// reports it with the line and column.
public struct FieldError: Error, Sendable, Equatable {
    /// What is wrong with the value.
    public let fault: FieldFault

    /// An error for `fault`.
    public init(_ fault: FieldFault) {
        self.fault = fault
    }

    /// An error in words made outside the store: the core's and the front ends' own checks.
    public init(_ message: String) {
        fault = .described(message)
    }

    init(_ error: CalculatorInputError) {
        fault = .calculator(error)
    }
}
