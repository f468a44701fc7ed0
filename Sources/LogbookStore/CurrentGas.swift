import NitroxCalculator

/// What a cylinder holds now, by the log: its latest fill that is neither
/// void nor dated in the future, and the newer fills passed over to find it.
public struct CurrentGas: Sendable, Equatable {
    /// A fill newer than the current one that does not count, and why.
    public struct PassedOver: Sendable, Equatable {
        public enum Reason: Sendable, Equatable {
            case void
            /// Dated more than ``Logbook/clockSkewAllowance`` after the current time.
            case future
        }

        public let id: Int
        public let filledAt: String
        public let reason: Reason
    }

    public let cylinder: Cylinder
    /// `nil` when the cylinder has no fills, or none that counts.
    public let fill: FillRecord?
    /// Fills newer than ``fill`` that were passed over, newest first.
    public let passedOver: [PassedOver]

    public var hasFills: Bool { fill != nil || !passedOver.isEmpty }

    /// Why there is no current gas, for a cylinder without one.
    var absence: LogbookError {
        let name = quoted(cylinder.name)
        guard hasFills else {
            return LogbookError(.refused, "cylinder \(name) has no fills yet")
        }
        let future = passedOver.filter { $0.reason == .future }
        guard !future.isEmpty else {
            return LogbookError(.refused, "cylinder \(name) has no current gas: all its fills are void")
        }
        let dated = future.map { "fill \($0.id) of \(LocalTime.dateText(ofStored: $0.filledAt))" }.joined(separator: ", ")
        return LogbookError(.refused, "cylinder \(name) has no current gas: its fills are void or dated in the future (\(dated))")
    }
}
