import LogbookStore
import NitroxCalculator

/// The classic printed nitrox MOD table: a row per O2 percentage, a column
/// per ppO₂, each cell the MOD exactly as a single gas's is computed.
public struct DepthTable: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Print a nitrox MOD table: one row per O2 percentage, one column per ppO₂."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        Each cell is the MOD exactly as 'mod' computes it.
        """

    /// The first row's O2.
    public static let from = Option<GasMix>(
        "from", value: "gas", completion: .gases, schema: ValueSchemas.nitrox, help: "First O2 percentage (default 21).", read: nitrox)
    /// The last row's O2.
    public static let to = Option<GasMix>(
        "to", value: "gas", completion: .gases, schema: ValueSchemas.nitrox, help: "Last O2 percentage (default 40).", read: nitrox)

    /// The table stays a nitrox table: its rows are O2 percentages.
    private static func nitrox(_ text: String) throws -> GasMix {
        let mix = try GasMix(parsing: text)
        guard !mix.hasHelium else { throw FieldError("table is a nitrox table: give an O2 percentage, without helium") }
        return mix
    }

    /// The O2 step between rows, in tenths of a percentage point.
    public static let step = Option<Int>(
        "step", value: "n", schema: ValueSchemas.step,
        help: "O2 step in percentage points, 0.1 to 79 with at most one decimal (default 1)."
    ) { text throws(FieldError) in
        guard let step = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1),
            step >= Rational(1, 10), step <= Rational(79)
        else { throw FieldError("invalid step \(quoted(text)): expected 0.1 to 79 percentage points with at most one decimal") }
        return (step * Rational(10)).numerator
    }

    /// The columns' ppO₂ limits, each once, in the order given.
    public static let limits = Option<[OxygenPartialPressure]>(
        "ppo2", value: "list", schema: ValueSchemas.partialPressures,
        help: "Comma-separated ppO₂ columns, each \(OxygenPartialPressure.rangeText) (default \(defaultLimits.map(\.text).joined(separator: ",")))."
    ) { text throws(CalculatorInputError) in
        var limits: [OxygenPartialPressure] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let limit = try OxygenPartialPressure(parsing: String(item))
            if !limits.contains(limit) { limits.append(limit) }
        }
        return limits
    }

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [from, to, step, limits, CommonOptions.round, CommonOptions.unit]

    /// The rows and columns of the classic printed table: 21% to 40%, at
    /// ppO₂ 1.4 (the standard limit), 1.5 and 1.6 (the maximum). All are
    /// within range, so none is dropped.
    private static let defaultLast = GasMix(oxygenPermille: 400) ?? .oxygen
    private static let defaultLimits = [OxygenPartialPressure.standard.centibar, 150, OxygenPartialPressure.maximum.centibar]
        .compactMap(OxygenPartialPressure.init(centibar:))

    /// The rows' mixes, leanest first.
    public let mixes: [GasMix]
    /// The columns.
    public let limits: [OxygenPartialPressure]
    /// How each MOD is rounded.
    public let rounding: DepthRounding
    /// The unit of the depths.
    public let unit: UnitSystem

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        let from = try input.value(Self.from) ?? GasMix.air
        let to = try input.value(Self.to) ?? Self.defaultLast
        guard from <= to else {
            throw LogbookError(
                .badInput(
                    FieldMessage([
                        .field(Self.from.spec.name), .text(" \(from.percentText) is above "), .field(Self.to.spec.name),
                        .text(" \(to.percentText)"),
                    ])), field: Self.from.spec.name)
        }
        let step = try input.value(Self.step) ?? 10
        limits = try input.value(Self.limits) ?? Self.defaultLimits
        rounding = try input.rounding()
        unit = try input.unit()
        // Every step from 21% up stays within 21% to 100%.
        mixes = stride(from: from.oxygenPermille, through: to.oxygenPermille, by: step).compactMap { GasMix(oxygenPermille: $0) }
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> DepthTableResult {
        let rows = mixes.map { mix in
            DepthTableResult.Row(
                mix: mix, depths: limits.map { MaximumOperatingDepth(mix: mix, partialPressure: $0, rounding: rounding).depth(in: unit) })
        }
        return DepthTableResult(rows: rows, limits: limits, rounding: rounding, unit: unit)
    }
}
