import LogbookStore
import NitroxCalculator

/// What a person reads for a fill, wherever a depth is shown: the reference
/// gas (the richer O2, the leaner helium), its label and its MOD. It exists
/// only once the fill's stored MOD has been checked against the gas its label
/// came from, so that no display trusts a depth changed outside gaslog. The
/// records (export, `log --json`) keep the stored values; this is for reading.
public struct ShownGas: Sendable, Equatable {
    /// The fill the gas comes from.
    public let fillID: Int
    /// The reference gas of the fill's two readings.
    public let mix: GasMix
    /// The leaner O2 reading, which decides how shallow the gas may be
    /// breathed: the safe side for a hypoxic mix is the lower oxygen.
    public let leanerMix: GasMix
    /// The reference gas's MOD at the tag's ppO₂ and rounding rule.
    public let mod: MaximumOperatingDepth
    /// The MOD written on the tag, in metres, as stored.
    public let tagMetres: Int
    /// The MOD written on the tag, in feet, as stored.
    public let tagFeet: Int

    /// The label a person reads: the reference gas's.
    public var label: String { mix.label }

    /// The ppO₂ limit of the tag.
    public var partialPressure: OxygenPartialPressure { mod.partialPressure }

    /// The MOD the gas allows, in `unit`.
    public func depth(in unit: UnitSystem) -> Int { mod.depth(in: unit) }

    /// The reference gas's MOD at another limit or rule; the tag's when `nil`.
    public func mod(at limit: OxygenPartialPressure?, rounding: DepthRounding?) -> MaximumOperatingDepth {
        MaximumOperatingDepth(mix: mix, partialPressure: limit ?? mod.partialPressure, rounding: rounding ?? mod.rounding)
    }

    /// The MOD on the tag, in `unit`.
    public func tagDepth(in unit: UnitSystem) -> Int { unit == .metric ? tagMetres : tagFeet }

    /// Whether the tag shows a deeper MOD than the gas allows, in `unit`:
    /// a fill labelled from the leaner reading, by an older rule or an import.
    public func tagIsDeeper(in unit: UnitSystem) -> Bool { tagDepth(in: unit) > depth(in: unit) }

    /// "the tag shows 34 m, the gas allows only 32 m; re-tag the cylinder",
    /// when the tag is deeper in `unit`; in both units when it is deeper only
    /// in the other (the tag carries both); `nil` when it is deeper in neither.
    public func tagDeeperNote(in unit: UnitSystem) -> String? {
        guard tagIsDeeper(in: unit) else { return tagDeeperNoteInBothUnits }
        let symbol = unit.depthSymbol
        return ShownGas.tagDeeperText(tag: "\(tagDepth(in: unit)) \(symbol)", allowed: "\(depth(in: unit)) \(symbol)")
    }

    /// The same note in both units, for a tag that shows both.
    public var tagDeeperNoteInBothUnits: String? {
        guard tagIsDeeper(in: .metric) || tagIsDeeper(in: .imperial) else { return nil }
        return ShownGas.tagDeeperText(tag: "\(tagMetres) m / \(tagFeet) ft", allowed: "\(mod.metres) m / \(mod.feet) ft")
    }

    private static func tagDeeperText(tag: String, allowed: String) -> String {
        "the tag shows \(tag), the gas allows only \(allowed); re-tag the cylinder"
    }

    /// The minimum depth, END and density at the MOD as shown in `unit`.
    public func facts(in unit: UnitSystem, settings: LogbookSettings) -> MixFacts {
        facts(at: depth(in: unit), in: unit, settings: settings)
    }

    /// "not to be breathed above 8 m / 27 ft", for a hypoxic mix, as a tag
    /// that shows both units gives it; `nil` when the mix may be breathed at the surface.
    public func hypoxicInstructionInBothUnits(settings: LogbookSettings) -> String? {
        guard let metres = facts(in: .metric, settings: settings).minimumDepth,
            let feet = facts(in: .imperial, settings: settings).minimumDepth
        else { return nil }
        return "not to be breathed above \(metres) m / \(feet) ft"
    }

    /// The minimum depth, END and density at a whole depth in `unit`.
    public func facts(at depth: Int, in unit: UnitSystem, settings: LogbookSettings) -> MixFacts {
        MixFacts(
            mix, at: Depth(Rational(depth), unit), minimumPartialPressure: settings.minimumPartialPressure,
            oxygenIsNarcotic: settings.oxygenIsNarcotic, minimumDepthOf: leanerMix)
    }
}

extension FillRecord {
    /// The gas to show for this fill, once its stored MOD has been checked
    /// (``checkStoredDepth()``) against the gas its label came from.
    ///
    /// - Throws: ``LogbookError/Reason/storedDepthMismatch(fill:)`` when the
    ///   stored `mod_m` or `mod_ft` disagrees: only a change made outside
    ///   gaslog can do that.
    public func shownGas() throws(LogbookError) -> ShownGas {
        try checkStoredDepth()
        return ShownGas(
            fillID: id, mix: referenceMix, leanerMix: leanerMix,
            mod: MaximumOperatingDepth(mix: referenceMix, partialPressure: partialPressure, rounding: rounding),
            tagMetres: modMetres, tagFeet: modFeet)
    }
}
