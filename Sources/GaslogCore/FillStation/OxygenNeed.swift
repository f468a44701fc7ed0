import NitroxCalculator

/// Why a fill needs an oxygen-clean cylinder.
public enum OxygenNeed: Sendable, Equatable {
    /// The mix is richer than the oxygen-clean threshold (in tenths of a percent).
    case richMix(GasMix, thresholdPermille: Int)
    /// A blend plan puts pure oxygen through the valve.
    case pureOxygenThroughValve
    /// The fill decants pure oxygen into the cylinder: `litres` at 1 bar,
    /// when the register knows the volume.
    case decantsOxygen(litres: Rational?)
}

extension OxygenNeed: CustomStringConvertible {
    /// `EAN50 is above 40% O2`, or `pure oxygen passes through its valve`.
    public var description: String {
        switch self {
        case .richMix(let mix, let threshold):
            "\(mix.label) is above \(Rational(threshold, 10).decimalString(maximumFractionDigits: 1))% O2"
        case .pureOxygenThroughValve:
            "pure oxygen passes through its valve"
        case .decantsOxygen(let litres):
            "this fill decants pure oxygen into it\(OxygenNeed.litresText(litres))"
        }
    }

    /// ` (334 L)`: whole litres, a half up; empty when the volume is unknown.
    static func litresText(_ litres: Rational?) -> String {
        litres.map { " (\($0.scaledRounded(by: 1)) L)" } ?? ""
    }
}
