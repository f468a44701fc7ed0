import LogbookStore
import NitroxCalculator

/// A fill's tag: the fill as `log --json` gives it, which reading its MOD
/// is from, and the helium numbers at its MOD.
public struct TagResult: UseCaseResult {
    /// The fill as stored.
    public let fill: FillRecord
    /// The unit asked for.
    public let unit: UnitSystem
    /// The gas the tag shows, its stored MOD checked.
    public let shown: ShownGas
    /// The settings the helium numbers are computed with.
    public let settings: LogbookSettings
    /// END, density and a hypoxic mix's minimum depth at the MOD.
    public let facts: MixFacts

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(var members) = ResultJSON.fill(fill, unit: unit) else { return ResultJSON.fill(fill, unit: unit) }
        // Beside `mod`, the reading it comes from: the richer one.
        members.append(("mod_from", .string(fill.referenceMix.oxygenPermille == fill.mix.oxygenPermille ? "blender" : "diver")))
        return .object(members + ResultJSON.helium.members(of: facts))
    }
}
