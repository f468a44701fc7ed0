import NitroxCalculator

/// One validated row of an imported fill log.
struct ImportedFill {
    /// The id the row had in the log it came from, kept where it can be.
    var sourceID: Int?
    var request: FillRequest
    /// The MOD, computed from the reference gas the row's `label_o2` and
    /// `label_he` name, which is also the label's (`depth.mix`).
    var depth: MaximumOperatingDepth
    /// The calculator's label for the depth's mix, worked out once per mix.
    var label: String
    var voidReason: String?
    /// The account that voided the fill, as the file has it.
    var voidedBy: String?

    /// A row that breaks a rule, with the column that broke it.
    struct ColumnError: Error {
        let column: String
        let value: String
        let problem: ImportCellProblem
    }

    /// Where each of the format's columns is in a file's rows: `nil` for a
    /// column the file does not have, which reads as empty.
    struct Layout {
        let positions: [Int?]

        /// `header` maps each column name the file has to its position.
        init(header: [String: Int]) {
            positions = FillLogFormat.columns.map { header[$0] }
        }

        func cell(_ column: Int, in fields: [String]) -> String {
            positions[column].map { fields[$0] } ?? ""
        }
    }

    /// Column numbers in ``FillLogFormat/columns``; a test checks they match.
    enum Column {
        static let id = 0, filledAt = 1, cylinder = 2, label = 3, o2 = 4, ppo2 = 5, modM = 6, modFt = 7
        static let pressureBar = 8, blender = 9, diver = 10, cert = 11, diverO2 = 12, note = 13, voidReason = 14
        static let overrideReason = 15, rounding = 16, labelO2 = 17, he = 18, diverHe = 19, labelHe = 20
        static let recordedBy = 21, voidedBy = 22
        static let startBar = 23, startO2 = 24, startHe = 25, topOffO2 = 26, billTo = 27
        static let compressor = 28
    }

    /// Validates a row with the same rules as `fill`, and checks the label
    /// and MOD it carries against the calculator: a file is not trusted.
    /// The calculator's answers for the mixes an import has already met: a log
    /// holds a few dozen mixes, so a million rows need only a few dozen sums.
    final class Calculations {
        private var known: [Int: (depth: MaximumOperatingDepth, label: String)] = [:]

        func answers(_ mix: GasMix, _ limit: OxygenPartialPressure, _ rounding: DepthRounding) -> (depth: MaximumOperatingDepth, label: String) {
            let key = ((mix.heliumPermille * 1001 + mix.oxygenPermille) * 1000 + limit.centibar) * 2 + (rounding == .down ? 1 : 0)
            if let answers = known[key] { return answers }
            let answers = (MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding), mix.label)
            known[key] = answers
            return answers
        }

        /// The names already read: a log names the same few cylinders and
        /// people again and again, and checking a name walks its characters.
        private var cylinderNames: [String: CylinderName] = [:]
        private var names: [String: String] = [:]

        func cylinderName(_ text: String) throws(FieldError) -> CylinderName {
            // Strings equal as Swift compares them (é composed or not) may differ in their bytes.
            if let name = cylinderNames[text], name.text.utf8.elementsEqual(text.utf8) { return name }
            let name = try CylinderName(parsing: text)
            cylinderNames[text] = name
            return name
        }

        /// A blender's or diver's name (a certificate number is seldom read
        /// twice). Only a valid one is remembered, so a bad one is refused
        /// with its own field each time.
        func name(_ text: String, field: String) throws(FieldError) -> String {
            // A name is stored as the file spells it: a hit counts only for the same bytes.
            if let name = names[text], name.utf8.elementsEqual(text.utf8) { return name }
            let name = try FillText.name(text, field: field)
            names[text] = name
            return name
        }
    }

    /// `latest` is the latest `filled_at` a row may carry, as the core
    /// allows it: a fill dated further ahead would hide later real fills.
    init(fields: [String], layout: Layout, calculations: Calculations, latest: Timestamp) throws(ColumnError) {
        func cell(_ column: Int) -> String {
            layout.cell(column, in: fields)
        }
        @inline(__always)
        func read<Value>(_ column: Int, restoring: Bool = false, _ parse: (String) throws -> Value) throws(ColumnError) -> Value? {
            let raw = cell(column)
            guard !raw.isEmpty else { return nil }
            let value = restoring ? FillLogFormat.restored(raw) : raw
            do {
                return try parse(value)
            } catch {
                let problem: ImportCellProblem =
                    switch error {
                    case let error as FieldError: .field(error)
                    case let error as CalculatorInputError: .field(FieldError(error))
                    default: .unreadable("\(error)")
                    }
                throw ColumnError(column: FillLogFormat.columns[column], value: raw, problem: problem)
            }
        }
        func required<Value>(_ column: Int, _ value: Value?) throws(ColumnError) -> Value {
            guard let value else { throw ColumnError(column: FillLogFormat.columns[column], value: "", problem: .required) }
            return value
        }

        sourceID = try read(Column.id) { text throws(FieldError) in try WholeNumber.parse(text, in: 1...Int.max, what: "id") }
        let filledAt = try required(Column.filledAt, read(Column.filledAt, Timestamp.init(parsing:)))
        if filledAt > latest {
            throw ColumnError(column: "filled_at", value: cell(Column.filledAt), problem: .inFuture)
        }
        let cylinder = try required(Column.cylinder, read(Column.cylinder, restoring: true, calculations.cylinderName))
        // Older exports have no helium columns: their fills had none.
        let helium = try read(Column.he, ImportedFill.heliumPermille) ?? 0
        let diverHelium = try read(Column.diverHe, ImportedFill.heliumPermille)
        let oxygen = try required(Column.o2, read(Column.o2, ImportedFill.oxygenPermille))
        guard let mix = GasMix(oxygenPermille: oxygen, heliumPermille: helium) else {
            throw ColumnError(column: "o2", value: cell(Column.o2), problem: .notAMix(withHelium: helium != 0))
        }
        let partialPressure = try read(Column.ppo2, OxygenPartialPressure.init(parsing:)) ?? .standard
        let pressure = try read(Column.pressureBar) { text throws(FieldError) in
            guard let bar = Rational.parseDecimal(Substring(text), maximumFractionDigits: 2),
                bar > Rational(0), Pressure(bar: bar) <= Pressure.maximum
            else {
                throw FieldError(.expected(.pressureAboveZero))
            }
            return Pressure(bar: bar)
        }
        request = FillRequest(
            cylinder: cylinder, mix: mix, partialPressure: partialPressure, filledAt: filledAt, pressure: pressure,
            blender: try read(Column.blender, restoring: true) { try calculations.name($0, field: "blender") },
            diver: try read(Column.diver, restoring: true) { try calculations.name($0, field: "diver") },
            cert: try read(Column.cert, restoring: true) { try FillText.name($0, field: "cert") },
            diverMix: try read(Column.diverO2, ImportedFill.oxygenPermille).map { diverOxygen throws(ColumnError) in
                guard let diverMix = GasMix(oxygenPermille: diverOxygen, heliumPermille: diverHelium ?? helium) else {
                    throw ColumnError(
                        column: "diver_o2", value: cell(Column.diverO2), problem: .notAMix(withHelium: (diverHelium ?? helium) != 0))
                }
                return diverMix
            },
            diverAnalysedHelium: diverHelium != nil,
            note: try read(Column.note, restoring: true) { try FillText.note($0, field: "note") },
            // The tolerance was settled when the fill was first recorded.
            acceptsDifference: true,
            overrideReason: try read(Column.overrideReason, restoring: true) { try FillText.note($0, field: "override reason") })
        voidReason = try read(Column.voidReason, restoring: true) { try FillText.note($0, field: "void reason") }
        // Older exports, and fills recorded by the command line, have no
        // accounts; the names are kept exactly as the file has them.
        request.recordedBy = try read(Column.recordedBy, restoring: true) { try FillText.name($0, field: "recorded_by") }
        voidedBy = try read(Column.voidedBy, restoring: true) { try FillText.name($0, field: "voided_by") }
        if voidedBy != nil, voidReason == nil {
            throw ColumnError(column: "voided_by", value: cell(Column.voidedBy), problem: .voidedByWithoutVoid)
        }
        // Older exports have no rounding column; their MODs were rounded to nearest.
        let rounding =
            try read(Column.rounding) { text throws(FieldError) in
                guard let rounding = DepthRounding(rawValue: text) else { throw FieldError(.expected(.nearestOrDown)) }
                return rounding
            } ?? .nearest
        request.rounding = rounding
        // Older exports have no label_o2 or label_he column; their labels came from o2 and he.
        let labelOxygen = try read(Column.labelO2, ImportedFill.oxygenPermille) ?? oxygen
        guard labelOxygen == oxygen || labelOxygen == request.diverMix?.oxygenPermille else {
            throw ColumnError(
                column: "label_o2", value: cell(Column.labelO2),
                problem: .labelOxygen(oxygen: mix.percentText, diverOxygen: request.diverMix?.percentText))
        }
        let labelHelium = try read(Column.labelHe, ImportedFill.heliumPermille) ?? helium
        guard labelHelium == helium || labelHelium == diverHelium else {
            let diverHeliumCell = cell(Column.diverHe)
            throw ColumnError(
                column: "label_he", value: cell(Column.labelHe),
                problem: .labelHelium(helium: mix.heliumPercentText, diverHelium: diverHeliumCell.isEmpty ? nil : diverHeliumCell))
        }
        guard let labelMix = GasMix(oxygenPermille: labelOxygen, heliumPermille: labelHelium) else {
            throw ColumnError(column: "label_o2", value: cell(Column.labelO2), problem: .notAMix(withHelium: labelHelium != 0))
        }
        /// The start columns, all four or none, with the rules `fill` applies:
        /// not above the fill's pressure, a top-off with neither helium nor 100 % O2.
        func start(pressure: Pressure?) throws(ColumnError) -> FillStart? {
            let startPressure = try read(Column.startBar) { text throws(FieldError) in
                guard let bar = Rational.parseDecimal(Substring(text), maximumFractionDigits: 2), Pressure(bar: bar) <= Pressure.maximum else {
                    throw FieldError(.expected(.pressureFromZero))
                }
                return Pressure(bar: bar).centibar
            }
            let oxygen = try read(Column.startO2, ImportedFill.oxygenPermille)
            let helium = try read(Column.startHe, ImportedFill.heliumPermille)
            let topOff = try read(Column.topOffO2, ImportedFill.oxygenPermille)
            let given = [startPressure, oxygen, helium, topOff].filter { $0 != nil }.count
            guard given > 0 else { return nil }
            guard let startPressure, let oxygen, let helium, let topOff else {
                let missing =
                    [(Column.startBar, startPressure), (Column.startO2, oxygen), (Column.startHe, helium), (Column.topOffO2, topOff)]
                    .first { $0.1 == nil }?.0 ?? Column.startBar
                throw ColumnError(column: FillLogFormat.columns[missing], value: "", problem: .partialStart)
            }
            guard let mix = GasMix(oxygenPermille: oxygen, heliumPermille: helium) else {
                throw ColumnError(column: "start_o2", value: cell(Column.startO2), problem: .notAMix(withHelium: helium != 0))
            }
            guard GasMix(oxygenPermille: topOff) != nil, topOff < 1000 else {
                throw ColumnError(column: "top_off_o2", value: cell(Column.topOffO2), problem: .topOff)
            }
            if let pressure, startPressure > pressure.centibar {
                throw ColumnError(column: "start_bar", value: cell(Column.startBar), problem: .startAbovePressure(bar: pressure.barText))
            }
            return FillStart(pressure: Pressure(centibar: startPressure), mix: mix, topOffOxygenPermille: topOff)
        }
        request.start = try start(pressure: pressure)
        // A file from before gas accounting has no bill_to column: its payer is the diver, as `fill` would make it.
        request.billTo =
            layout.positions[Column.billTo] == nil
            ? request.diver : try read(Column.billTo, restoring: true) { try calculations.name($0, field: "bill_to") }
        request.compressor = try read(Column.compressor, restoring: true) { .named(try CompressorName(parsing: $0)) }
        let answers = calculations.answers(labelMix, partialPressure, rounding)
        depth = answers.depth
        label = answers.label

        let labelCell = cell(Column.label)
        if !labelCell.isEmpty, labelCell != answers.label {
            throw ColumnError(column: "label", value: labelCell, problem: .label(mix: labelMix, calculated: answers.label))
        }
        for (column, expected) in [(Column.modM, depth.metres), (Column.modFt, depth.feet)] {
            let value = cell(column)
            if !value.isEmpty, value != String(expected) {
                throw ColumnError(
                    column: FillLogFormat.columns[column], value: value,
                    problem: .depth(calculated: expected, mix: labelMix, partialPressure: partialPressure, rounding: rounding))
            }
        }
    }

    /// An O2 cell: a percentage with at most one decimal; ranges are checked
    /// with the helium.
    static func oxygenPermille(_ text: String) throws -> Int {
        let reading = try GasReading(parsing: text)
        guard reading.heliumPermille == nil else { throw FieldError(.expected(.oxygenWithoutHelium)) }
        return reading.oxygenPermille
    }

    /// A helium cell: a percentage from 0 to 95 with at most one decimal.
    static func heliumPermille(_ text: String) throws(FieldError) -> Int {
        guard let percent = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1), percent >= Rational(0), percent <= Rational(95)
        else { throw FieldError(.expected(.heliumPercentage)) }
        return (percent * Rational(10)).numerator
    }

}
