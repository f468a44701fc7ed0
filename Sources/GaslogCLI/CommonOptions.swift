import NitroxCalculator

/// Options that several commands share, declared once.
enum CommonOptions {
    static let o2 = OptionSpec("o2", value: "gas",
        help: "Oxygen: a percentage from 21 to 100 with at most one decimal (32, 32.5, 32%), or a name (air, oxygen, O2, EAN32, EANx32, Nx32).")
    static let ppo2 = OptionSpec("ppo2", value: "ppo2",
        help: "ppO₂ limit in bar, 1.0 to 1.6 with at most two decimals (default 1.4).")
    static let unit = OptionSpec("unit", value: "unit", choices: UnitSystem.allCases.map(\.rawValue),
        help: "metric (m, bar) or imperial (ft, psi); overrides the stored preference.")
    static let json = OptionSpec("json", help: "Print one JSON value instead of text.")
    static let round = OptionSpec("round", value: "rule", choices: DepthRounding.allCases.map(\.rawValue),
        help: "How a MOD is rounded: nearest (ties go shallower; the default) or down (as printed tables do); overrides the rounding setting.")

    static let db = OptionSpec("db", value: "path", completion: .files,
        help: "The logbook database (default: $GASLOG_DB, else $XDG_DATA_HOME/gaslog/gaslog.sqlite, else ~/.local/share/gaslog/gaslog.sqlite).")
    static let color = OptionSpec("color", value: "when", choices: ["auto", "always", "never"],
        help: "Style human output: auto (on a terminal, unless NO_COLOR is set or TERM is dumb), always or never.")
    static let quiet = OptionSpec("quiet", help: "No progress line on import and export.")
    static let help = OptionSpec("help", short: "h", help: "Show help information.")
    static let version = OptionSpec("version", help: "Show the version.")
}
