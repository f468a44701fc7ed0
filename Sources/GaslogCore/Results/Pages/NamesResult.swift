/// Names, in the order the logbook gives them.
public struct NamesResult: UseCaseResult {
    /// The names.
    public let names: [String]

    /// The names, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(names.map(JSONValue.string))
    }

    /// A list.
    public var isListed: Bool { true }
}
