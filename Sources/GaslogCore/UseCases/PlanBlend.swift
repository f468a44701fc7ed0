import LogbookStore
import NitroxCalculator

/// A partial-pressure blend plan with pure oxygen and a top-off gas, from
/// what a logged cylinder holds. The register's checks apply as for a fill;
/// an override plans anyway, and says so.
public struct PlanBlend: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Plan a partial-pressure blend with pure oxygen and a top-off gas, from what a logged cylinder holds."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        The start is the cylinder's current gas from the log at \(option: "from") (default: its last \
        fill's pressure); \(option: "from-gas") overrides the gas, and an empty cylinder is \(option: "from") 0. \
        The plan adds oxygen and tops off, bleeding down first when the cylinder holds too much \
        oxygen or too much gas. The arithmetic is ideal-gas, as printed blending tables are. \
        Gauge readings are rounded to 1 bar or 10 psi and oxygen always to the lean side, so the \
        plan followed literally never exceeds the target; the final mix shown is what its \
        rounded numbers give. The default top-off is air at 21% O2, the divers' convention: \
        real air's 20.9% only makes the real mix leaner than predicted.
        Because pure oxygen passes through the valve, a cylinder the register marks as not \
        oxygen-clean is refused (\(commandLine: "exit 65", api: "422")), as is a target above its working pressure plus the \
        allowed margin; \(option: "override")\(commandLine: " REASON", api: "") plans anyway\(commandLine: ".", api: ". Nothing is stored.")
        """

    /// The cylinder to blend into.
    public static let cylinder = Argument<CylinderName>("cylinder", help: "The cylinder to blend into.")
    /// The mix to reach.
    public static let target = Option<GasMix>("target", help: "The mix to reach.").required()
    /// The final pressure.
    public static let to = Option<PressureEntry>("to", help: "The final pressure: 200, 200bar or 3000psi.").required()
    /// The pressure in the cylinder now.
    public static let from = Option<PressureEntry>("from", help: "The pressure in the cylinder now (default: its last fill's).")
    /// The gas in the cylinder now.
    public static let fromGas = Option<GasMix>("from-gas", help: "The gas in the cylinder now (default: its current gas from the log).")
    /// The top-off gas.
    public static let topOff = Option<GasMix>("top-off", help: "The top-off gas (default air, 21%).")
    /// Why the plan is made although a check refuses the cylinder.
    public static let overrideReason = CommonOptions.note(
        "override", value: "reason", field: "override reason",
        help: "Plan although a check refuses the cylinder.")
    /// Subsurface's real-gas model instead of the ideal gas.
    public static let realGas = Flag(
        "real-gas",
        help:
            "Use Subsurface's real-gas model (a virial fit of O2, N2 and He compressibility) instead of the ideal gas: the readings at which the real gases hold the target."
    )

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [
        cylinder, target, to, from, fromGas, topOff, realGas, overrideReason, CommonOptions.unit,
    ]

    /// The blend as asked for, every value read.
    public let request: BlendRequest

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        let name = try input.value(Self.cylinder)
        let target = try input.value(Self.target)
        let fromGas = try input.value(Self.fromGas)
        let topOff = try input.value(Self.topOff) ?? .air
        let overrideReason = try input.value(Self.overrideReason)
        let unit = try input.unit()
        let to = try input.pressure(Self.to, unit: unit)
        // What is left in a cylinder is often under 50 bar: no warning here.
        let from = try input.pressure(Self.from, unit: unit, allowsZero: true, warnsWhenLow: false)
        request = BlendRequest(
            cylinder: name, target: target, to: to, from: from, fromMix: fromGas, topOff: topOff,
            unit: unit, overrideReason: overrideReason, realGas: input.isSet(Self.realGas))
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> BlendResult {
        let outcome = try session.writing(to: request.cylinder) { logbook throws(LogbookError) in
            try BlendPlanner(request).plan(in: logbook)
        }
        session.warn(outcome.earlierName)
        if let overridden = outcome.overridden { session.warn(.overridden(overridden, action: .planned)) }
        if !outcome.unknownFacts.isEmpty { session.warn(.unknownFacts(cylinder: outcome.cylinder, facts: outcome.unknownFacts)) }
        // The density of the planned gas at its MOD, as a fill of it would be told.
        let settings = try session.settings()
        let mod = MaximumOperatingDepth(mix: request.target, partialPressure: .standard, rounding: settings.rounding).depth(in: request.unit)
        session.warn(
            density: MixFacts(
                request.target, at: Depth(Rational(mod), request.unit), minimumPartialPressure: settings.minimumPartialPressure,
                oxygenIsNarcotic: settings.oxygenIsNarcotic))
        return BlendResult(plan: outcome.plan, cylinder: outcome.cylinder)
    }
}
