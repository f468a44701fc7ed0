import LogbookStore

/// One thing gaslog does, the same under every front end: its inputs,
/// declared once, a typed input read from key–value pairs, and a typed
/// result with one JSON encoding. The command line and the server only
/// gather the pairs and present the result.
public protocol UseCase: SendableMetatype {
    associatedtype Output: UseCaseResult
    /// The inputs it reads, by declaration: the server's allow-list, the
    /// OpenAPI document's parameters, and the command's options.
    static var inputs: [any InputDeclaration] { get }
    /// Reads the input; bad input throws, naming its field, before anything is written.
    init(_ input: InputReader) throws(LogbookError)
    /// Runs it in `session`, which gathers its warnings.
    func run(in session: Session) throws(LogbookError) -> Output
}

/// A use case's result: what `--json` prints and the API answers, byte for byte.
public protocol UseCaseResult: SendableMetatype {
    /// The result as JSON, `warnings` included where the result has them.
    func json(warnings: [Warning]) -> JSONValue
    /// Whether an array prints one element per line (a log, a list).
    var isListed: Bool { get }
    /// What it created, for a 201 and its `Location`.
    var created: CreatedRecord? { get }
}

extension UseCaseResult {
    public var isListed: Bool { false }
    public var created: CreatedRecord? { nil }

    /// The one encoding of the result, with its warnings: a list has one
    /// element per line, so that it is still one JSON value and easy to grep.
    public func encoded(warnings: [Warning]) -> String {
        let json = json(warnings: warnings)
        guard isListed, case .array(let elements) = json else { return json.text + "\n" }
        guard !elements.isEmpty else { return "[]\n" }
        return "[\n" + elements.map(\.text).joined(separator: ",\n") + "\n]\n"
    }
}

extension JSONValue {
    /// An object with its use case's warnings appended, as the key `warnings`.
    public static func object(_ members: [(String, JSONValue)], warnings: [Warning]) -> JSONValue {
        .object(members + [("warnings", .array(warnings.map(\.json)))])
    }
}

/// A finished use case: its result and the warnings it gathered.
public struct Outcome<Output: UseCaseResult> {
    /// The typed result.
    public let output: Output
    /// The warnings, in the order they arose.
    public let warnings: [Warning]

    /// The JSON `--json` prints and the API answers.
    public var encoded: String { output.encoded(warnings: warnings) }
}

extension UseCase {
    /// Reads the input from `values` and runs the use case in `session`.
    public static func run(_ values: InputValues, in session: Session) throws(LogbookError) -> Outcome<Output> {
        let useCase = try Self(InputReader(values, session: session))
        let output = try useCase.run(in: session)
        return Outcome(output: output, warnings: session.warnings)
    }
}
