import NitroxCalculator

/// One validated row of an imported fill log.
struct ImportedFill {
    /// The id the row had in the log it came from, kept where it can be.
    var sourceID: Int?
    var request: FillRequest
    var depth: MaximumOperatingDepth
    var voidReason: String?

    /// A row that breaks a rule, with the column that broke it.
    struct ColumnError: Error {
        let column: String
        let value: String
        let message: String
    }

    /// Validates a row with the same rules as `fill`, and checks the label
    /// and MOD it carries against the calculator: a file is not trusted.
    ///
    /// `positions` gives each column's place in `fields`; a column the file
    /// does not have reads as empty.
    init(fields: [String], positions: [String: Int]) throws(ColumnError) {
        func cell(_ column: String) -> String {
            positions[column].map { fields[$0] } ?? ""
        }
        func read<Value>(_ column: String, restoring: Bool = false, _ parse: (String) throws -> Value) throws(ColumnError) -> Value? {
            let raw = cell(column)
            guard !raw.isEmpty else { return nil }
            let value = restoring ? FillLogFormat.restored(raw) : raw
            do {
                return try parse(value)
            } catch {
                let message = (error as? FieldError)?.message ?? (error as? CalculatorInputError)?.message ?? "\(error)"
                throw ColumnError(column: column, value: raw, message: message)
            }
        }
        func required<Value>(_ column: String, _ value: Value?) throws(ColumnError) -> Value {
            guard let value else { throw ColumnError(column: column, value: "", message: "a value is required") }
            return value
        }

        sourceID = try read("id") { text throws(FieldError) in
            guard text.utf8.count <= 18, text.utf8.allSatisfy({ (48...57).contains($0) }), let id = Int(text), id > 0 else {
                throw FieldError("expected a positive whole number")
            }
            return id
        }
        let filledAt = try required("filled_at", read("filled_at", Timestamp.init(parsing:)))
        let cylinder = try required("cylinder", read("cylinder", restoring: true, CylinderName.init(parsing:)))
        let mix = try required("o2", read("o2", GasMix.init(parsing:)))
        let partialPressure = try read("ppo2", OxygenPartialPressure.init(parsing:)) ?? .standard
        let pressure = try read("pressure_bar") { text throws(FieldError) in
            guard let bar = Rational.parseDecimal(Substring(text), maximumFractionDigits: 2),
                  bar > Rational(0), Pressure(bar: bar) <= Pressure.maximum
            else {
                throw FieldError("expected bar above 0 and at most \(Pressure.maximum.barText), with at most two decimals")
            }
            return Pressure(bar: bar)
        }
        request = FillRequest(
            cylinder: cylinder, mix: mix, partialPressure: partialPressure, filledAt: filledAt, pressure: pressure,
            blender: try read("blender", restoring: true) { try FillText.name($0, field: "blender") },
            diver: try read("diver", restoring: true) { try FillText.name($0, field: "diver") },
            cert: try read("cert", restoring: true) { try FillText.name($0, field: "cert") },
            diverMix: try read("diver_o2", GasMix.init(parsing:)),
            note: try read("note", restoring: true) { try FillText.note($0, field: "note") },
            // The tolerance was settled when the fill was first recorded.
            acceptsDifference: true,
            overrideReason: try read("override_reason", restoring: true) { try FillText.note($0, field: "override reason") })
        voidReason = try read("void_reason", restoring: true) { try FillText.note($0, field: "void reason") }
        // Older exports have no rounding column; their MODs were rounded to nearest.
        let rounding = try read("rounding") { text throws(FieldError) in
            guard let rounding = DepthRounding(rawValue: text) else { throw FieldError("expected nearest or down") }
            return rounding
        } ?? .nearest
        request.rounding = rounding
        depth = MaximumOperatingDepth(mix: mix, partialPressure: partialPressure, rounding: rounding)

        let label = cell("label")
        if !label.isEmpty, label != mix.label {
            throw ColumnError(column: "label", value: label, message: "the calculator labels O2 \(mix.percentText)% as \(mix.label)")
        }
        for (column, expected) in [("mod_m", depth.metres), ("mod_ft", depth.feet)] {
            let value = cell(column)
            if !value.isEmpty, value != String(expected) {
                throw ColumnError(column: column, value: value,
                                  message: "the calculator gives \(expected) for O2 \(mix.percentText)% at ppO2 \(partialPressure.text), rounded \(rounding.rawValue)")
            }
        }
    }
}
