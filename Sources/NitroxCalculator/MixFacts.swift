/// What a diver must know of a mix at a depth besides its MOD: the minimum
/// depth when it is hypoxic, the END and the gas density, each rounded to the
/// safe side. `mod`, every tag and the board show the same facts from here.
public struct MixFacts: Sendable, Equatable {
    /// The mix the facts are for.
    public let mix: GasMix
    /// The depth they are taken at, usually the MOD as shown.
    public let depth: Depth
    /// The shallowest depth at which the mix may be breathed, rounded up;
    /// `nil` when it may be breathed at the surface.
    public let minimumDepth: Int?
    /// The equivalent narcotic depth at ``depth``, rounded up.
    public let equivalentNarcoticDepth: Int
    /// The gas density at ``depth`` in g/L, exact.
    public let density: Rational

    /// The facts of `mix` at `depth`, with the lowest ppO₂ it may be breathed
    /// at and whether oxygen counts as narcotic. The minimum depth is that of
    /// `leaner` when given: of two readings of one gas, the one with less oxygen.
    public init(
        _ mix: GasMix, at depth: Depth, minimumPartialPressure: Rational, oxygenIsNarcotic: Bool, minimumDepthOf leaner: GasMix? = nil
    ) {
        self.mix = mix
        self.depth = depth
        minimumDepth = HeliumPlanning.minimumDepth(of: leaner ?? mix, minimum: minimumPartialPressure, in: depth.unit)
        equivalentNarcoticDepth = HeliumPlanning.equivalentNarcoticDepth(of: mix, at: depth, oxygenIsNarcotic: oxygenIsNarcotic)
        density = HeliumPlanning.density(of: mix, at: depth)
    }

    /// The density with one decimal, rounded up: `5.3`.
    public var densityText: String { HeliumPlanning.tenthsRoundedUp(density) }

    /// Where the density stands against 5.2 and 6.2 g/L.
    public var densityLevel: HeliumPlanning.DensityLevel { HeliumPlanning.level(ofDensity: density) }

    /// "not to be breathed above 8 m", for a hypoxic mix: an instruction, as
    /// a tag must give it.
    public var hypoxicInstruction: String? {
        minimumDepth.map { "not to be breathed above \($0) \(depth.unit.depthSymbol)" }
    }

    /// The warning for a density above 5.2 or 6.2 g/L, if any.
    public var densityWarning: String? {
        let place = "\(mix.label) at \(depth.text) \(depth.unit.depthSymbol)"
        switch densityLevel {
        case .withinRecommended: return nil
        case .aboveRecommended: return "gas density \(densityText) g/L (\(place)) exceeds the recommended limit of 5.2 g/L"
        case .aboveMaximum: return "gas density \(densityText) g/L (\(place)) exceeds the maximum of 6.2 g/L"
        }
    }
}
