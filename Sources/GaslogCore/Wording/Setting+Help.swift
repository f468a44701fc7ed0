import LogbookStore

extension Setting {
    /// What the setting means and the values it takes, for help and the man page.
    public var help: String {
        switch self {
        case .unit: "metric or imperial: the units every report uses"
        case .hydroIntervalYears: "years a hydrostatic test stays valid, 1 to 20"
        case .visualIntervalMonths: "months a visual inspection stays valid, 1 to 120"
        case .o2CleanAbove: "O2 % above which a cylinder must be oxygen-clean, 21 to 100"
        case .overfillMarginPercent: "% a fill may exceed the working pressure, 0 to 20"
        case .rounding: "how a MOD is rounded: nearest (ties shallower) or down"
        case .fillCreatesCylinders: "yes or no: whether 'fill' into a name not in the register adds the cylinder"
        case .ppo2Min: "the lowest ppO₂ in bar a mix may be breathed at, 0.14 to 0.21: a hypoxic mix's minimum depth"
        case .oxygenNarcotic: "yes or no: whether an END counts oxygen as narcotic as nitrogen"
        case .billingGasModel: "how a fill's litres are billed: ideal (V·P) or real (Subsurface's compressibility, as the real-gas blend plan uses)"
        case .currency: "the ISO 4217 code of the currency prices and amounts are in, such as EUR"
        case .airTestIntervalMonths: "months a compressor's breathing-air test stays valid, 1 to 24, unless the compressor has its own"
        case .defaultCompressor: "the compressor a fill's air comes from when 'fill' names none: a compressor's name, or none"
        }
    }
}
