import GaslogCore

/// One endpoint, of the API or of the pages, as data: its method and path,
/// who may use it, and what answers it.
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
        /// A handler of its own, with the inputs it reads declared beside it.
        case custom(CustomCall)
        /// A page for a signed-in account, given the path's parameters.
        case page(@Sendable (WebContext, [String: String]) throws(WebError) -> HTTPResponse)
        /// The sign-in page, which needs no session.
        case signIn
        /// A fixed file: the stylesheet, the script.
        case asset(contentType: String, body: String)
    }

    /// Who may use a route.
    enum Access: Sendable {
        /// Anyone: the sign-in page, the stylesheet.
        case anyone
        /// An account signed in (pages) or authenticated (API) with at least this level.
        case signedIn(Principal.Level)
    }

    /// A use case route: the inputs it allows, where they come from, and
    /// how it runs.
    struct UseCaseCall: Sendable {
        let inputs: [any InputDeclaration]
        /// The inputs by key, worked out once, not on every request.
        let allowed: AllowedInputs
        var input: Input
        /// The input each path parameter is: `{name}` is the `cylinder`.
        var pathInputs: [String: String]
        /// 201 with a `Location` naming what it created, for a creation.
        var answersCreated: Bool
        /// The result's schema, from its type, for the OpenAPI document.
        var resultSchema: JSONSchema?
        var run: @Sendable (InputValues, Session) throws(LogbookError) -> (json: [UInt8], created: CreatedRecord?)
        /// For a use case whose answer is streamed: the answer the input
        /// asks for, to be opened and written a fill at a time, the same bytes
        /// as `run`'s, in place of `run`.
        var streamed: (@Sendable (InputValues, Session) throws(LogbookError) -> any StreamedAnswer)?

        init(
            inputs: [any InputDeclaration], input: Input, pathInputs: [String: String], answersCreated: Bool, resultSchema: JSONSchema?,
            run: @escaping @Sendable (InputValues, Session) throws(LogbookError) -> (json: [UInt8], created: CreatedRecord?)
        ) {
            self.inputs = inputs
            self.allowed = AllowedInputs(inputs)
            self.input = input
            self.pathInputs = pathInputs
            self.answersCreated = answersCreated
            self.resultSchema = resultSchema
            self.run = run
        }
    }

    /// A route with a handler of its own: the inputs it reads, as data, for
    /// the OpenAPI document (the handler checks them itself), and the handler.
    struct CustomCall: Sendable {
        /// What a custom route's body is.
        enum Body: Sendable {
            case none
            /// A JSON object of these inputs, and no other key.
            case json([any InputDeclaration])
            /// A file of this media type, such as `text/csv`.
            case file(mediaType: String)
        }

        /// The input each path parameter is, by the parameter's name.
        var path: [String: any InputDeclaration] = [:]
        /// The query parameters it takes; any other is refused.
        var query: [any InputDeclaration] = []
        var body: Body = .none
        var handle: @Sendable (RouteContext) throws(APIError) -> HTTPResponse

        /// Answers a request.
        func callAsFunction(_ context: RouteContext) throws(APIError) -> HTTPResponse {
            try handle(context)
        }
    }

    /// The route of a use case. It allows the use case's inputs, or only
    /// those of `allowing` where a path takes part of them; its document
    /// reads the use case's summary and description.
    static func useCase<Case: UseCase>(
        _ method: String, _ path: String, _ level: Principal.Level, _ useCase: Case.Type, input: Input = .query,
        pathInputs: [String: String] = [:], answersCreated: Bool = false, allowing inputs: [any InputDeclaration]? = nil,
        doc: OperationDoc
    ) -> Route {
        Route(
            method, path, .signedIn(level),
            .useCase(call(useCase, input: input, pathInputs: pathInputs, answersCreated: answersCreated, allowing: inputs)),
            doc: doc.describing(Case.self))
    }

    /// The route of a use case whose answer is long (the whole log): the
    /// same inputs, document and JSON as ``useCase(_:_:_:_:input:pathInputs:answersCreated:allowing:doc:)``,
    /// but written to the client a fill at a time as the export is, in
    /// constant memory. A refusal found before the first byte is answered as
    /// any error is.
    static func streamedUseCase<Case: UseCase & StreamedAnswer>(
        _ method: String, _ path: String, _ level: Principal.Level, _ useCase: Case.Type, doc: OperationDoc
    ) -> Route {
        var streamed = call(useCase, input: .query, pathInputs: [:], answersCreated: false, allowing: nil)
        streamed.streamed = { values, session throws(LogbookError) in try Case(InputReader(values, session: session)) }
        return Route(method, path, .signedIn(level), .useCase(streamed), doc: doc.describing(Case.self))
    }

    /// How a route runs `useCase`: its inputs, its result's schema, and its one JSON encoding.
    private static func call<Case: UseCase>(
        _ useCase: Case.Type, input: Input, pathInputs: [String: String], answersCreated: Bool, allowing inputs: [any InputDeclaration]?
    ) -> UseCaseCall {
        UseCaseCall(
            inputs: inputs ?? Case.inputs, input: input, pathInputs: pathInputs, answersCreated: answersCreated,
            resultSchema: (Case.Output.self as? any DeclaredResult.Type)?.reference
        ) {
            values, session throws(LogbookError) in
            let outcome = try Case.run(values, in: session)
            return (outcome.encodedBytes, outcome.output.created)
        }
    }

    let method: String
    let segments: [Segment]
    let access: Access
    let action: Action
    /// What the OpenAPI document says of an API route beyond the route itself; `nil` for a page.
    let doc: OperationDoc?

    /// The level an API route needs.
    var level: Principal.Level {
        switch access {
        case .anyone: .reader
        case .signedIn(let level): level
        }
    }

    /// An API route for accounts of at least `level`, with its document.
    init(_ method: String, _ path: String, _ level: Principal.Level, _ action: Action, doc: OperationDoc) {
        self.init(method, path, Access.signedIn(level), action, doc: doc)
    }

    /// `path` as `/api/v1/cylinders/{name}/mod`.
    init(_ method: String, _ path: String, _ access: Access, _ action: Action, doc: OperationDoc? = nil) {
        self.method = method
        self.segments = path.split(separator: "/").map { part in
            part.hasPrefix("{") && part.hasSuffix("}") ? .parameter(String(part.dropFirst().dropLast())) : .literal(String(part))
        }
        self.access = access
        self.action = action
        self.doc = doc
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
extension Route {
    /// The media type its body must be, in lower case; `nil` when it takes no body.
    var bodyMediaType: String? {
        switch action {
        case .useCase(let call): call.input == .body ? "application/json" : nil
        case .custom(let call):
            switch call.body {
            case .none: nil
            case .json: "application/json"
            case .file(let mediaType): mediaType.lowercased()
            }
        case .page, .signIn, .asset: nil
        }
    }
}

struct RouteContext {
    let request: HTTPRequest
    let parameters: [String: String]
    let principal: Principal
    let service: APIService
}

/// Why no route answers a request.
enum RoutingFailure: Error {
    /// No route has the path.
    case notFound
    /// Routes have the path, with these methods only.
    case methodNotAllowed(allowed: String)
}

extension Route {
    /// The route of `routes` that answers `method` on `path`, and the path's
    /// parameters. HEAD is answered as GET, without the body.
    static func resolve(_ method: String, _ path: [String], in routes: [Route]) throws(RoutingFailure) -> (Route, [String: String]) {
        let matching = routes.compactMap { route in route.match(path).map { (route, $0) } }
        guard !matching.isEmpty else { throw .notFound }
        let wanted = method == "HEAD" ? "GET" : method
        guard let found = matching.first(where: { $0.0.method == wanted }) else {
            // The table's methods, as `Allow` has always listed them; HEAD goes with GET.
            throw .methodNotAllowed(allowed: Set(matching.map(\.0.method)).sorted().joined(separator: ", "))
        }
        return found
    }
}
