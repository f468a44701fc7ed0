import NitroxCalculator

/// The fill log's interchange format, shared by export and import: the CSV
/// columns, their text, and the JSON keys.
///
/// The column list is a contract with users' spreadsheets and scripts: later
/// versions may append columns, never insert or rename them.
public enum FillLogFormat {
    /// Every column, in order: the base columns, then the appended ones.
    public static let columns = baseColumns + appendedColumns

    /// The fill log's first columns, which every version's export starts with.
    public static let baseColumns = [
        "id", "filled_at", "cylinder", "label", "o2", "ppo2", "mod_m", "mod_ft", "pressure_bar",
        "blender", "diver", "cert", "diver_o2", "note", "void_reason",
    ]

    /// Columns appended by later versions, in the order they were added. An
    /// import accepts a file without them.
    public static let appendedColumns = [
        "override_reason", "rounding", "label_o2", "he", "diver_he", "label_he", "recorded_by", "voided_by",
        "start_bar", "start_o2", "start_he", "top_off_o2", "bill_to",
        "compressor",
    ]

    /// RFC 4180 ends every record with CRLF.
    /// See <https://www.rfc-editor.org/rfc/rfc4180#section-2>.
    public static let lineEnd = "\r\n"

    /// The CSV header record, CRLF-terminated.
    public static var csvHeader: String { columns.joined(separator: ",") + lineEnd }

    /// The record's cells, `nil` where the field is empty, in column order.
    /// Text cells are marked so that the CSV writer can neutralise them.
    static func cells(_ record: FillRecord) -> [(value: String?, isText: Bool)] {
        [
            (String(record.id), false),
            (record.filledAt.iso8601, false),
            (record.cylinder, true),
            (record.label, false),
            (record.mix.percentText, false),
            (record.partialPressure.text, false),
            (String(record.modMetres), false),
            (String(record.modFeet), false),
            (record.pressure?.barText, false),
            (record.blender, true),
            (record.diver, true),
            (record.cert, true),
            (record.diverMix?.percentText, false),
            (record.note, true),
            (record.voidReason, true),
            (record.overrideReason, true),
            (record.rounding.rawValue, false),
            (record.labelMix.percentText, false),
            (record.mix.heliumPercentText, false),
            (record.diverHeliumPermille.map { Rational($0, 10).decimalString(maximumFractionDigits: 1) }, false),
            (record.labelMix.heliumPercentText, false),
            (record.recordedBy, true),
            (record.voidedBy, true),
            (record.start?.pressure.barText, false),
            (record.start?.mix.percentText, false),
            (record.start?.mix.heliumPercentText, false),
            (record.start.map { $0.topOff.percentText }, false),
            (record.billTo, true),
            (record.compressor, true),
        ]
    }

    /// Appends one CSV record, CRLF-terminated, as UTF-8: the export's hot
    /// path, writing straight into the output buffer.
    public static func appendCSVRow(_ record: FillRecord, to bytes: inout [UInt8]) {
        func comma() { bytes.append(UInt8(ascii: ",")) }
        func number(_ value: Int?, _ fractionDigits: Int = 0) {
            if let value { Rational.appendScaled(value, fractionDigits: fractionDigits, to: &bytes) }
        }
        func text(_ value: String?, neutralising: Bool = true) {
            guard let value else { return }
            appendQuoted(neutralising ? neutralised(value) : value, to: &bytes)
        }
        number(record.id)
        comma()
        bytes.append(contentsOf: record.filledAt.iso8601.utf8)
        comma()
        text(record.cylinder)
        comma()
        text(record.label, neutralising: false)
        comma()
        number(record.mix.oxygenPermille, 1)
        comma()
        number(record.partialPressure.centibar, 2)
        comma()
        number(record.modMetres)
        comma()
        number(record.modFeet)
        comma()
        number(record.pressure?.centibar, 2)
        comma()
        text(record.blender)
        comma()
        text(record.diver)
        comma()
        text(record.cert)
        comma()
        number(record.diverMix?.oxygenPermille, 1)
        comma()
        text(record.note)
        comma()
        text(record.voidReason)
        comma()
        text(record.overrideReason)
        comma()
        bytes.append(contentsOf: record.rounding.rawValue.utf8)
        comma()
        number(record.labelMix.oxygenPermille, 1)
        comma()
        number(record.mix.heliumPermille, 1)
        comma()
        number(record.diverHeliumPermille, 1)
        comma()
        number(record.labelMix.heliumPermille, 1)
        comma()
        text(record.recordedBy)
        comma()
        text(record.voidedBy)
        comma()
        number(record.start?.pressure.centibar, 2)
        comma()
        number(record.start?.mix.oxygenPermille, 1)
        comma()
        number(record.start?.mix.heliumPermille, 1)
        comma()
        number(record.start?.topOffOxygenPermille, 1)
        comma()
        text(record.billTo)
        comma()
        text(record.compressor)
        bytes.append(contentsOf: lineEnd.utf8)
    }

    /// Appends one CSV record of `cells`, CRLF-terminated: each quoted as
    /// RFC 4180 needs, and each text cell neutralised as the export's are.
    public static func appendCSVRecord(_ cells: [(value: String?, isText: Bool)], to bytes: inout [UInt8]) {
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            if let value = cell.value { appendQuoted(cell.isText ? neutralised(value) : value, to: &bytes) }
        }
        bytes.append(contentsOf: lineEnd.utf8)
    }

    /// The record as a JSON object with the CSV's keys, `null` for empty fields.
    public static func json(_ record: FillRecord) -> JSONValue {
        let numeric: Set<String> = [
            "id", "o2", "ppo2", "mod_m", "mod_ft", "pressure_bar", "diver_o2", "label_o2", "he", "diver_he", "label_he",
            "start_bar", "start_o2", "start_he", "top_off_o2",
        ]
        return .object(
            zip(columns, cells(record)).map { column, cell in
                guard let value = cell.value else { return (column, .null) }
                return (column, numeric.contains(column) ? .number(value) : .string(value))
            })
    }

    /// Characters that make a spreadsheet read a cell as a formula, per OWASP's
    /// CSV injection guidance, plus the apostrophe itself so that the escape
    /// can be undone without ambiguity.
    /// See <https://owasp.org/www-community/attacks/CSV_Injection>.
    private static let formulaTriggers: Set<Unicode.Scalar> = ["=", "+", "-", "@", "\t", "\r", "'"]

    /// Prefixes an apostrophe to a text cell that a spreadsheet could execute.
    static func neutralised(_ value: String) -> String {
        guard let first = value.unicodeScalars.first, formulaTriggers.contains(first) else { return value }
        return "'" + value
    }

    /// Undoes ``neutralised(_:)``: drops an apostrophe that precedes a trigger.
    static func restored(_ cell: String) -> String {
        let scalars = cell.unicodeScalars
        guard scalars.first == "'", let second = scalars.dropFirst().first, formulaTriggers.contains(second) else {
            return cell
        }
        return String(scalars.dropFirst())
    }

    /// Appends a field, quoted when it holds a comma, a quote or a line
    /// break, its quotes doubled, as RFC 4180 requires.
    static func appendQuoted(_ value: String, to bytes: inout [UInt8]) {
        // One pass: runs of plain bytes are copied whole; the first comma,
        // quote or line break puts the opening quote back where the field began.
        let start = bytes.count
        var isQuoted = false
        var text = value
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() {
                switch byte {
                case UInt8(ascii: "\""):
                    bytes += UnsafeBufferPointer(rebasing: utf8[runStart...index])
                    // The quote again, doubled; the next run starts after it.
                    runStart = index
                    isQuoted = true
                case UInt8(ascii: ","), 10, 13:
                    isQuoted = true
                default:
                    continue
                }
            }
            bytes += UnsafeBufferPointer(rebasing: utf8[runStart...])
        }
        if isQuoted {
            bytes.insert(UInt8(ascii: "\""), at: start)
            bytes.append(UInt8(ascii: "\""))
        }
    }
}
