import LogbookStore

/// An air test as recorded, with its verdict, as `last_test` shows it.
public struct AirTestResult: UseCaseResult, DeclaredObject {
    /// The test.
    public let test: AirTest
    /// The air-test interval in force, for its due date.
    public let airTestMonths: Int

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "AirTest"
    /// What it is, for its schema.
    public static let meaning = "An air test as recorded, judged by EN 12021:2014: its values, verdict, failed components and due date."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true
    /// The test as `--json` prints it and the API answers it.
    public static var fields: ResultFields<AirTestResult> { CompressorJSON.test }
}
