import NitroxCalculator

/// A logbook-wide setting, kept in the `settings` table as text.
public enum Setting: String, Sendable, CaseIterable {
    case unit
    case hydroIntervalYears = "hydro-interval-years"
    case visualIntervalMonths = "visual-interval-months"
    case o2CleanAbove = "o2-clean-above"
    case overfillMarginPercent = "overfill-margin-percent"
    case rounding
    case fillCreatesCylinders = "fill-creates-cylinders"
    case ppo2Min = "ppo2-min"
    case oxygenNarcotic = "o2-narcotic"
    case billingGasModel = "billing-gas-model"
    case currency
    case airTestIntervalMonths = "air-test-interval-months"
    case defaultCompressor = "default-compressor"

    /// The setting's name in `gaslog config` and its key in the `settings` table.
    public var key: String { rawValue }

    /// The value in force until one is set.
    public var defaultValue: String {
        switch self {
        case .unit: "metric"
        case .hydroIntervalYears: "5"
        case .visualIntervalMonths: "12"
        case .o2CleanAbove: "40"
        case .overfillMarginPercent: "0"
        case .rounding: "nearest"
        case .fillCreatesCylinders: "yes"
        case .ppo2Min: "0.18"
        case .oxygenNarcotic: "yes"
        case .billingGasModel: "ideal"
        case .currency: "EUR"
        case .airTestIntervalMonths: "3"
        case .defaultCompressor: "none"
        }
    }

    /// The fixed values a setting takes, where it has them.
    public var choices: [String] {
        switch self {
        case .unit: UnitSystem.allCases.map(\.rawValue)
        case .rounding: DepthRounding.allCases.map(\.rawValue)
        case .fillCreatesCylinders, .oxygenNarcotic: ["yes", "no"]
        case .billingGasModel: FillGasUse.Model.allCases.map(\.rawValue)
        default: []
        }
    }

    /// Whether the value is a number, which JSON writes as one.
    public var isNumeric: Bool {
        switch self {
        case .hydroIntervalYears, .visualIntervalMonths, .o2CleanAbove, .overfillMarginPercent, .ppo2Min, .airTestIntervalMonths: true
        case .unit, .rounding, .fillCreatesCylinders, .oxygenNarcotic, .billingGasModel, .currency, .defaultCompressor: false
        }
    }

    /// The value in canonical form, or a refusal that names the range.
    public func validate(_ text: String) throws(FieldError) -> String {
        func whole(_ range: ClosedRange<Int>) throws(FieldError) -> String {
            String(try WholeNumber.parse(text, in: range, what: "value for \(key)"))
        }
        switch self {
        case .unit:
            guard let unit = UnitSystem(name: text) else {
                throw FieldError(.invalidSetting(key: "unit", value: text, expected: .metricOrImperial))
            }
            return unit.rawValue
        case .rounding:
            guard let rounding = DepthRounding(rawValue: text.lowercased()) else {
                throw FieldError(.invalidSetting(key: "rounding", value: text, expected: .nearestOrDown))
            }
            return rounding.rawValue
        case .ppo2Min:
            guard let value = Rational.parseDecimal(Substring(text), maximumFractionDigits: 2), value >= Rational(14, 100),
                value <= Rational(21, 100)
            else {
                throw FieldError(.invalidSetting(key: key, value: text, expected: .minimumPartialPressure))
            }
            return value.decimalString(maximumFractionDigits: 2)
        case .fillCreatesCylinders, .oxygenNarcotic:
            guard let choice = choices.first(where: { $0 == text.lowercased() }) else {
                throw FieldError(.invalidSetting(key: key, value: text, expected: .yesOrNo))
            }
            return choice
        case .billingGasModel:
            guard let model = FillGasUse.Model(rawValue: text.lowercased()) else {
                throw FieldError(.invalidSetting(key: key, value: text, expected: .idealOrReal))
            }
            return model.rawValue
        case .currency:
            let code = text.uppercased()
            guard code.utf8.count == 3, code.utf8.allSatisfy({ (65...90).contains($0) }) else {
                throw FieldError(.invalidSetting(key: key, value: text, expected: .currency))
            }
            return code
        case .defaultCompressor:
            // Whether a compressor has the name is the logbook's to check.
            if text.lowercased() == "none" { return "none" }
            return try CompressorName(parsing: text).text
        case .airTestIntervalMonths: return try whole(1...24)
        case .hydroIntervalYears: return try whole(1...20)
        case .visualIntervalMonths: return try whole(1...120)
        case .o2CleanAbove: return try whole(21...100)
        case .overfillMarginPercent: return try whole(0...20)
        }
    }
}

/// Every setting's value in force, defaults filled in.
public struct LogbookSettings: Sendable, Equatable {
    /// The values set in the logbook; a setting left out is at its default.
    public var values: [Setting: String]

    /// Settings with `values` set and every other at its default.
    public init(values: [Setting: String] = [:]) {
        self.values = values
    }

    /// The setting's value as text, its default when it is not set.
    public func value(_ setting: Setting) -> String { values[setting] ?? setting.defaultValue }

    private func integer(_ setting: Setting) -> Int { Int(value(setting)) ?? Int(setting.defaultValue)! }

    /// The unit system reports use.
    public var unit: UnitSystem { UnitSystem(rawValue: value(.unit)) ?? .metric }
    /// Months a hydrostatic test stays valid.
    public var hydroIntervalMonths: Int { integer(.hydroIntervalYears) * 12 }
    /// Months a visual inspection stays valid.
    public var visualIntervalMonths: Int { integer(.visualIntervalMonths) }
    /// Mixes richer than this need an oxygen-clean cylinder.
    public var oxygenCleanAbovePermille: Int { integer(.o2CleanAbove) * 10 }
    /// The percentage by which a fill may exceed the working pressure.
    public var overfillMarginPercent: Int { integer(.overfillMarginPercent) }
    /// How a MOD is rounded unless a command says otherwise.
    public var rounding: DepthRounding { DepthRounding(rawValue: value(.rounding)) ?? .nearest }
    /// Whether `fill` adds a cylinder whose name is not in the register.
    public var fillCreatesCylinders: Bool { value(.fillCreatesCylinders) == "yes" }
    /// The lowest ppO₂ a mix may be breathed at, in bar.
    public var minimumPartialPressure: Rational {
        Rational.parseDecimal(Substring(value(.ppo2Min)), maximumFractionDigits: 2) ?? Rational(18, 100)
    }
    /// Whether an END counts oxygen as narcotic.
    public var oxygenIsNarcotic: Bool { value(.oxygenNarcotic) == "yes" }
    /// How a fill's litres are billed.
    public var gasModel: FillGasUse.Model { FillGasUse.Model(rawValue: value(.billingGasModel)) ?? .ideal }
    /// The ISO 4217 code of the logbook's currency.
    public var currency: String { value(.currency) }
    /// Months a compressor's air test stays valid, unless it has its own interval.
    public var airTestIntervalMonths: Int { integer(.airTestIntervalMonths) }
    /// The compressor a fill's air comes from when it names none.
    public var defaultCompressor: CompressorName? {
        value(.defaultCompressor) == "none" ? nil : try? CompressorName(parsing: value(.defaultCompressor))
    }
}
