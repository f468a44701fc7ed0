import LogbookStore
import NitroxCalculator

/// A MOD, of a mix or of a cylinder's current gas, with the END, density and
/// minimum depth at it: `mod --json` and the API's keys, then `warnings`.
public struct MaximumDepthResult: UseCaseResult, TextResult {
    /// What the MOD is of.
    public enum Subject: Sendable, Equatable {
        /// A mix at a ppO₂ limit.
        case gas(GasMix, limit: OxygenPartialPressure)
        /// A cylinder's current gas: its fill and the gas shown for it, at
        /// the limit and rule asked for (the tag's when `nil`).
        case cylinder(CurrentGas, fill: FillRecord, shown: ShownGas, limit: OxygenPartialPressure?, rounding: DepthRounding?)
    }

    /// The mix or the cylinder.
    public let subject: Subject
    /// The MOD, rounded, in ``unit``.
    public let depth: Int
    /// The unit of the depth.
    public let unit: UnitSystem
    /// END, density and a hypoxic mix's minimum depth at the MOD as shown.
    public let facts: MixFacts

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        switch subject {
        case .gas(let mix, let limit):
            return .object(MaximumDepthResult.mix.members(of: (mix, limit, self)), warnings: warnings)
        case .cylinder(let gas, _, let shown, let limit, let rounding):
            let entry = CurrentGasEntry(gas: gas, shown: shown, unit: unit, limit: limit, rounding: rounding)
            return .object(CurrentGasEntry.fields.members(of: entry) + ResultJSON.helium.members(of: facts), warnings: warnings)
        }
    }

    /// The MOD of a mix.
    static let mix = ResultFields<(mix: GasMix, limit: OxygenPartialPressure, result: MaximumDepthResult)>(
        [
            ResultField("label", .string) { .string($0.mix.label) },
            ResultField("o2", .number) { .number($0.mix.percentText) },
            ResultField("ppo2", .number) { .number($0.limit.text) },
            ResultField("mod", .integer()) { .integer($0.result.depth) },
        ] + ResultJSON.helium.of { $0.result.facts } + [ResultField("unit", .unit) { .string($0.result.unit.rawValue) }])

    /// The name of a mix's MOD's schema among the OpenAPI document's.
    public static let mixSchemaName = "MixMOD"
    /// The name of a cylinder's MOD's schema.
    public static let cylinderSchemaName = "CylinderMOD"

    /// The schema of a mix's MOD.
    public static var mixSchema: JSONSchema { mix.schema.withWarnings().described("The MOD of a mix.") }

    /// The schema of a cylinder's MOD: its current gas, then the helium facts at the MOD.
    public static var cylinderSchema: JSONSchema {
        JSONSchema.all([CurrentGasEntry.reference, ResultJSON.helium.schema.withWarnings()]).described(
            "A cylinder's current gas and its MOD, with END, density and minimum depth at that MOD.")
    }

    /// "EAN 32 — MOD 34 m at ppO₂ 1.4", and for a cylinder where its gas comes from.
    public func text(_ style: some TextStyle) -> String {
        switch subject {
        case .gas(let mix, let limit):
            return ResultText.depthLine(cylinder: nil, label: mix.label, depth: depth, unit: unit, limit: limit, style: style)
                + ResultText.heliumText(facts, style: style) + "\n"
        case .cylinder(let gas, let fill, let shown, let limit, _):
            let line =
                ResultText.depthLine(
                    cylinder: gas.cylinder.name, label: shown.label, depth: depth, unit: unit, limit: limit ?? shown.partialPressure,
                    style: style)
                + ResultText.heliumText(facts, style: style)
            return line + style.light(" (" + ResultText.provenance(gas, fill, shown: shown, unit: unit) + ")") + "\n"
        }
    }
}
