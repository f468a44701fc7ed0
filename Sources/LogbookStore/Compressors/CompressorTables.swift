/// The compressor room's tables: their columns in the audit trail's order,
/// written once, and their INSERTs, with a named parameter for each column.
enum CompressorTables {
    static let compressorColumns = ["id", "name", "name_key", "created_at"]
    static let versionColumns = [
        "id", "compressor_id", "at", "change", "filter_decihours", "filter_factors", "air_test_months", "note", "retired_at",
        "reason", "made_by",
    ]
    static let logColumns = [
        "id", "compressor_id", "at", "kind", "hundredths_of_hours", "meter_hundredths", "temperature", "filter_factors",
        "operator", "batch", "recorded_at", "recorded_by",
    ]
    static let testColumns = [
        "id", "compressor_id", "at", "o2_permille", "co2_ppm", "co_decippm", "oil_centimg", "water_decimg", "pressure_bar", "lab",
        "certificate", "note", "standard", "passed", "failed", "recorded_at", "recorded_by",
    ]

    /// `INSERT INTO table (columns but id) VALUES (:column, …)`: SQLite gives the id.
    static func insertSQL(_ table: String, _ columns: [String]) -> String {
        let set = columns.dropFirst()
        return "INSERT INTO \(table) (\(set.joined(separator: ", "))) VALUES (\(set.map { ":" + $0 }.joined(separator: ", ")))"
    }
}
