import LogbookStore

/// One thing gaslog does, the same under every front end: its inputs,
/// declared once, a typed input read from key–value pairs, and a typed
/// result with one JSON encoding. The command line and the server only
/// gather the pairs and present the result.
public protocol UseCase: Documented, SendableMetatype {
    associatedtype Output: UseCaseResult
    /// The inputs it reads, by declaration: the server's allow-list, the
    /// OpenAPI document's parameters, and the command's options.
    static var inputs: [any InputDeclaration] { get }
    /// Reads the input; bad input throws, naming its field, before anything is written.
    init(_ input: InputReader) throws(LogbookError)
    /// Runs it in `session`, which gathers its warnings.
    func run(in session: Session) throws(LogbookError) -> Output
}

extension UseCase {
    /// Reads the input from `values` and runs the use case in `session`.
    public static func run(_ values: InputValues, in session: Session) throws(LogbookError) -> Outcome<Output> {
        let useCase = try Self(InputReader(values, session: session))
        let output = try useCase.run(in: session)
        return Outcome(output: output, warnings: session.warnings)
    }
}
