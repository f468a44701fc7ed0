import GaslogCLI
import GaslogCore
import LogbookStore

/// One endpoint of the API, as data: its method and path, the level it
/// needs, and what answers it.
struct Route: Sendable {
    /// A path segment: fixed text, or a parameter such as `{name}`.
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    /// Where the command's options come from.
    enum Input: Sendable {
        case query
        case body
    }

    /// How a route is answered.
    enum Action: Sendable {
        /// A use case of the core: its input from the path and the query or
        /// body, its result's one JSON encoding.
        case useCase(UseCaseCall)
        /// A `gaslog` command run in the server's process: its JSON is the CLI's, byte for byte.
        case command(CommandCall)
        /// A handler of its own.
        case custom(@Sendable (RouteContext) throws(APIError) -> HTTPResponse)
    }

    /// A command route: the command, which path parameters are its positional
    /// arguments, where its options come from, and how a success is answered.
    struct CommandCall: Sendable {
        var command: [String]
        var positional: [String] = []
        var input: Input = .query
        /// Options fixed by the route, such as `--json`.
        var fixed: [String] = ["--json"]
        /// 201 with a `Location` naming what the command created, for a creation.
        var answersCreated = false
    }

    /// A use case route: the inputs it allows, where they come from, and
    /// how it runs.
    struct UseCaseCall: Sendable {
        var inputs: [any InputDeclaration]
        var input: Input
        /// The input each path parameter is: `{name}` is the `cylinder`.
        var pathInputs: [String: String]
        /// 201 with a `Location` naming what it created, for a creation.
        var answersCreated: Bool
        var run: @Sendable (InputValues, Session) throws(LogbookError) -> (json: String, created: CreatedRecord?)
    }

    /// The route of a use case. It allows the use case's inputs, or only
    /// those of `allowing` where a path takes part of them.
    static func useCase<Case: UseCase>(
        _ method: String, _ path: String, _ level: Principal.Level, _ useCase: Case.Type, input: Input = .query,
        pathInputs: [String: String] = [:], answersCreated: Bool = false, allowing inputs: [any InputDeclaration]? = nil
    ) -> Route {
        let call = UseCaseCall(inputs: inputs ?? Case.inputs, input: input, pathInputs: pathInputs, answersCreated: answersCreated) {
            values, session throws(LogbookError) in
            let outcome = try Case.run(values, in: session)
            return (outcome.encoded, outcome.output.created)
        }
        return Route(method, path, level, .useCase(call))
    }

    let method: String
    let segments: [Segment]
    let level: Principal.Level
    let action: Action

    /// `path` as `/api/v1/cylinders/{name}/mod`.
    init(_ method: String, _ path: String, _ level: Principal.Level, _ action: Action) {
        self.method = method
        self.segments = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        self.level = level
        self.action = action
    }

    /// The path parameters when `segments` match this route's path.
    func match(_ path: [String]) -> [String: String]? {
        guard path.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, text) in zip(segments, path) {
            switch segment {
            case .literal(let literal): guard literal == text else { return nil }
            case .parameter(let name): parameters[name] = text
            }
        }
        return parameters
    }
}

/// What a custom handler gets: the request, its path parameters, who makes
/// it, and the logbook of the thread that serves it.
struct RouteContext {
    let request: HTTPRequest
    let parameters: [String: String]
    let principal: Principal
    let service: APIService
}
