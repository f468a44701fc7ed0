import LogbookStore
import NitroxCalculator

/// A fill's tag: the fill as `log --json` gives it, which reading its MOD
/// is from, and the helium numbers at its MOD.
public struct TagResult: UseCaseResult, DeclaredResult {
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
        guard case .object(let members) = ResultJSON.fill(fill, unit: unit) else { return ResultJSON.fill(fill, unit: unit) }
        return .object(members + TagResult.tagged.members(of: self))
    }

    /// What the tag adds to the log's keys: beside `mod`, the reading it
    /// comes from (the richer one), then the helium facts at the MOD.
    static let tagged = ResultFields<TagResult>(
        [
            ResultField("mod_from", .enumeration(["blender", "diver"])) {
                .string($0.fill.referenceMix.oxygenPermille == $0.fill.mix.oxygenPermille ? "blender" : "diver")
            }
        ] + ResultJSON.helium.of(\.facts))

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "TaggedFill"
    /// The log's keys, then what the tag adds.
    public static var schema: JSONSchema {
        JSONSchema.all([.named(ResultJSON.loggedFillName), tagged.schema]).described(
            "A fill's tag: the log's keys, and which reading the MOD is from.")
    }
}
