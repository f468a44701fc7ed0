import LogbookStore

/// A compressor's runs, cartridge changes and tests, in time order, one per line in JSON.
public struct CompressorLogResult: UseCaseResult, DeclaredResult {
    /// The compressor's name.
    public let compressor: String
    /// Its entries, oldest first.
    public let entries: [CompressorLogEntry]
    /// The air-test interval in force, for each test's due date.
    public let airTestMonths: Int

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(entries.map { CompressorJSON.entry($0, months: airTestMonths) })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "CompressorLog"
    /// Its lines' schema, from their declarations.
    public static var schema: JSONSchema {
        JSONSchema.array(of: CompressorJSON.entrySchema).described("A compressor's runs, cartridge changes and air tests, oldest first.")
    }
}
