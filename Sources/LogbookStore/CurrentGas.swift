import NitroxCalculator

/// What a cylinder holds now, by the log: its latest fill that is neither
/// void nor dated in the future, and the newer fills passed over to find it.
public struct CurrentGas: Sendable, Equatable {
    /// A fill newer than the current one that does not count, and why.
    public struct PassedOver: Sendable, Equatable {
        /// Why a newer fill is passed over: it is void, or dated in the future.
        public enum Reason: Sendable, Equatable {
            case void
            /// Dated after the latest time the core allowed the lookup.
            case future
        }

        /// The fill's id.
        public let id: Int
        /// When the fill is dated.
        public let filledAt: Timestamp
        /// Why it does not count.
        public let reason: Reason
    }

    /// The cylinder asked about.
    public let cylinder: Cylinder
    /// `nil` when the cylinder has no fills, or none that counts.
    public let fill: FillRecord?
    /// Fills newer than ``fill`` that were passed over, newest first.
    public let passedOver: [PassedOver]

    /// Whether the cylinder has any fills at all, counted or passed over.
    public var hasFills: Bool { fill != nil || !passedOver.isEmpty }

    /// Why there is no current gas, for a cylinder without one.
    var absence: LogbookError {
        guard hasFills else { return LogbookError(.noFillsYet(cylinder: cylinder.name)) }
        let future = passedOver.filter { $0.reason == .future }
        guard !future.isEmpty else { return LogbookError(.allFillsVoid(cylinder: cylinder.name)) }
        return LogbookError(.noCurrentGas(cylinder: cylinder.name, futureFills: future))
    }
}
