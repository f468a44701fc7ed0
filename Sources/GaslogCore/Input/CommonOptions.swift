import LogbookStore
import NitroxCalculator

/// Options that several commands share, declared once.
public enum CommonOptions {
    /// A gas, as the blender analysed it.
    public static let o2 = Option<GasReading>(
        "o2",
        help:
            "The gas: oxygen as a percentage from 21 to 100 with at most one decimal (32, 32.5, 32%) or a name (air, oxygen, O2, EAN32, EANx32, Nx32); or O2/helium (18/45, Tx 18/45, Trimix 18/45, Heliox 21/79), where O2 is 5 to 100 and helium 1 to 95."
    )
    /// Helium, for a gas given as its O2 percentage.
    public static let he = Option<HeliumPercent>(
        "he",
        help:
            "Helium, in percent (1 to 95, at most one decimal), of a gas whose \(option: "o2") is an O2 percentage: \(option: "o2") 18 \(option: "he") 45."
    )
    /// The ppO₂ limit a MOD is taken at.
    public static let ppo2 = Option<OxygenPartialPressure>(
        "ppo2",
        help: "ppO₂ limit in bar, \(OxygenPartialPressure.rangeText) with at most two decimals (default \(OxygenPartialPressure.standard.text)).")
    /// The units shown: overrides the stored preference.
    public static let unit = Option<UnitSystem>(
        "unit",
        help: "metric (m, bar) or imperial (ft, psi); overrides the stored preference.")
    /// One JSON value instead of text (the command line's; the API always answers JSON).
    public static let json = Flag("json", help: "Print one JSON value instead of text.")
    /// How a MOD is rounded: overrides the rounding setting.
    public static let round = Option<DepthRounding>(
        "round",
        help: "How a MOD is rounded: nearest (ties go shallower; the default) or down (as printed tables do); overrides the rounding setting.")

    /// The logbook's file, for the command line.
    public static let db = Option<String>(
        "db", value: "path", completion: .files,
        help: "The logbook database (default: $GASLOG_DB, else $XDG_DATA_HOME/gaslog/gaslog.sqlite, else ~/.local/share/gaslog/gaslog.sqlite)."
    ) { path in
        guard !path.isEmpty else { throw FieldError("expected a file path") }
        return path
    }
    /// When the command line styles its text.
    public static let color = Option<ColorWhen>(
        "color",
        help: "Style human output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")
    /// No progress line, on the command line.
    public static let quiet = Flag("quiet", help: "No progress line on import and export.")
    /// Help, on the command line.
    public static let help = Flag("help", short: "h", help: "Show help information.")
    /// The version, on the command line.
    public static let version = Flag("version", help: "Show the version.")

    /// A fill's id, as `tag` and `void` take it.
    public static let fillID = Argument<Int>(
        "fill-id", schema: .integer(minimum: 1, maximum: WholeNumber.largest), help: "The fill's id, as 'log' shows it."
    ) {
        try WholeNumber.parse($0, in: 1...Int.max, what: "fill id")
    }

    /// A text field that names a person or a thing: one line, no invisible characters.
    public static func name(_ option: String, value placeholder: String = "name", field: String? = nil, help: Wording) -> Option<String> {
        let field = field ?? option
        return Option(option, value: placeholder, schema: ValueSchemas.name, help: help) { try FillText.name($0, field: field) }
    }

    /// A free text field: notes and reasons, line breaks allowed.
    public static func note(_ option: String, value placeholder: String = "text", field: String? = nil, help: Wording) -> Option<String> {
        let field = field ?? option
        return Option(option, value: placeholder, schema: ValueSchemas.note, help: help) { try FillText.note($0, field: field) }
    }
}
