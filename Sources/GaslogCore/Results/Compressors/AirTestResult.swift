import LogbookStore

/// An air test as recorded, with its verdict, as `last_test` shows it.
public struct AirTestResult: UseCaseResult {
    /// The test.
    public let test: AirTest
    /// The air-test interval in force, for its due date.
    public let airTestMonths: Int

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = CompressorJSON.test(test, months: airTestMonths) else { return .null }
        return .object(members, warnings: warnings)
    }
}
