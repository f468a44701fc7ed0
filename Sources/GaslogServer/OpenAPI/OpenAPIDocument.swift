import GaslogCore

/// The OpenAPI 3.1 description of the API, as `GET /api/v1/openapi.json`
/// serves it, generated from the route table: each route's method, path
/// and role, the inputs it allows with their types' schemas, its result's
/// schema, and its errors, and the words each route declares (``OperationDoc``,
/// whose summary and description are its use case's). The results'
/// schemas come from their declarations (``ResultSchemas``).
/// `scripts/api-contract` checks the running server against it.
enum OpenAPIDocument {
    /// The document of ``APIRoutes``, generated on first use.
    static let text: String = generate(routes: APIRoutes.all).text

    /// ``text`` as UTF-8, as it is sent.
    static let bytes: [UInt8] = Array(text.utf8)

    /// The document of `routes`.
    static func generate(routes: [Route]) -> JSONValue {
        var paths: [(String, [(String, JSONValue)])] = []
        for route in routes {
            let operation = (route.method.lowercased(), operation(route))
            if let index = paths.firstIndex(where: { $0.0 == route.pathPattern }) {
                paths[index].1.append(operation)
            } else {
                paths.append((route.pathPattern, [operation]))
            }
        }
        let tags = OperationDoc.Tag.allCases.map { tag in
            JSONValue.object([("name", .string(tag.rawValue)), ("description", .string(tag.description))])
        }
        return .object([
            ("openapi", .string("3.1.0")),
            ("info", info),
            ("tags", .array(tags)),
            ("security", .array([.object([("bearerAuth", .array([]))]), .object([("basicAuth", .array([]))])])),
            ("paths", .object(paths.map { ($0.0, JSONValue.object($0.1)) })),
            ("components", components),
        ])
    }

    /// The words of a route: those it declares, or, for a route without
    /// them, a placeholder that the document's test refuses.
    static func doc(of route: Route) -> OperationDoc {
        route.doc
            ?? OperationDoc(
                route.method.lowercased() + String(route.pathPattern.filter { $0.isLetter || $0.isNumber }), .service, success: "Done."
            ).describing(summary: Wording(stringLiteral: route.method + " " + route.pathPattern), description: "")
    }

    /// An example of each path parameter, by name: records that a fresh
    /// logbook with one cylinder and one fill holds.
    private static let pathExamples: [String: JSONValue] = [
        "name": .string("Club 07"), "id": .integer(1), "key": .string("unit"), "item": .string("oxygen"),
    ]

    /// The example of a path parameter on `path`: a compressor's name on a compressor's path.
    private static func pathExample(_ name: String, on path: String) -> JSONValue? {
        if name == "name", path.hasPrefix("/api/v1/compressors/") { return .string("Bauer 1") }
        return pathExamples[name]
    }

    private static var info: JSONValue {
        .object([
            ("title", .string("gaslog")),
            ("version", .string(GaslogVersion.current)),
            ("summary", .string(GaslogSummary.text)),
            (
                "description",
                .string(
                    "The HTTP API of `gaslog serve`. Its JSON is the same as `gaslog … --json`, key for key; later versions may add keys, never remove them. GET endpoints take their inputs as query parameters; POST, PATCH and PUT take a JSON object, flags as true or false. Keys are the command line's long options with `_` for `-`. Each endpoint allows only the keys listed here: an unknown or repeated one is 400, naming it in `field`. Every error is `{\"error\": {\"status\", \"code\", \"rules\", \"message\", \"field\"}}`. Roles: reader (every GET), blender (also fills, voids, blend plans, new cylinders, compressor runs and cartridge changes), admin (everything). This document is generated from the server's route table."
                )
            ),
        ])
    }

    private static var components: JSONValue {
        .object([
            (
                "securitySchemes",
                .object([
                    (
                        "bearerAuth",
                        .object([
                            ("type", .string("http")), ("scheme", .string("bearer")),
                            ("description", .string("An API token: Authorization: Bearer TOKEN.")),
                        ])
                    ),
                    (
                        "basicAuth",
                        .object([
                            ("type", .string("http")), ("scheme", .string("basic")),
                            ("description", .string("An account's name and password.")),
                        ])
                    ),
                ])
            ),
            ("schemas", .object(ResultSchemas.all.map { ($0.name, $0.schema.json) })),
            ("responses", .object(ErrorResponse.all.map { ($0.name, $0.json) })),
        ])
    }

    // MARK: An operation

    private static func operation(_ route: Route) -> JSONValue {
        let doc = doc(of: route)
        let inputs = route.inputs
        var members: [(String, JSONValue)] = [
            ("operationId", .string(doc.id)),
            ("tags", .array([.string(doc.tag.rawValue)])),
            ("summary", .string(doc.summary.api)),
            ("description", .string([doc.description?.api ?? "", who(route)].filter { !$0.isEmpty }.joined(separator: " "))),
        ]
        if case .anyone = route.access { members.append(("security", .array([]))) }
        let parameters =
            inputs.path.map { parameter($0, in: "path", required: true, route: route) }
            + inputs.query.map { parameter($0, in: "query", required: $0.isRequired || doc.needs.contains($0.name), route: route) }
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        if let body = requestBody(inputs.body, doc: doc) { members.append(("requestBody", body)) }
        members.append(("responses", responses(route, doc: doc, inputs: inputs)))
        return .object(members)
    }

    /// Who may call it, in words.
    private static func who(_ route: Route) -> String {
        switch route.access {
        case .anyone: "Needs no credentials."
        case .signedIn(let level): level == .admin ? "Needs the role admin." : "Needs the role \(level) or above."
        }
    }

    private static func parameter(_ key: RouteInputs.Key, in location: String, required: Bool, route: Route) -> JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(key.name)), ("in", .string(location)), ("required", .bool(required))]
        var description = key.help
        if location == "path", key.schema.types == [.string] {
            description += (description.isEmpty ? "" : " ") + "Percent-encoded as one path segment: a / in it is sent as %2F."
        }
        if !description.isEmpty { members.append(("description", .string(description))) }
        members.append(("schema", key.schema.json))
        if location == "path", let example = pathExample(key.name, on: route.pathPattern) {
            members.append(("example", example))
        }
        return .object(members)
    }

    /// A body's schema: its keys, and no other.
    static func bodySchema(_ keys: [RouteInputs.Key], needs: [String] = []) -> JSONSchema {
        let properties = keys.map { key in
            let one = key.help.isEmpty ? key.schema : key.schema.described(key.help)
            return (name: key.name, schema: key.isRepeatable ? JSONSchema.either([one, .array(of: key.schema)]) : one)
        }
        let required = keys.filter { $0.isRequired || needs.contains($0.name) }.map(\.name)
        return .object(properties, required: required, allowsOtherKeys: false)
    }

    private static func requestBody(_ body: RouteInputs.Body, doc: OperationDoc) -> JSONValue? {
        let content: JSONValue
        switch body {
        case .none:
            return nil
        case .json(let keys):
            var media: [(String, JSONValue)] = [("schema", bodySchema(keys, needs: doc.needs).json)]
            if let example = doc.example { media.append(("example", example)) }
            content = .object([("application/json", .object(media))])
        case .file(let mediaType):
            content = .object([(mediaType, .object([("schema", (doc.file ?? .string).json)]))])
        }
        return .object([("required", .bool(true)), ("content", content)])
    }

    private static func responses(_ route: Route, doc: OperationDoc, inputs: RouteInputs) -> JSONValue {
        var content: [(String, JSONValue)] = []
        if let schema = doc.schema ?? resultSchema(route) ?? (doc.content.isEmpty ? .of(.object) : nil) {
            content.append(("application/json", .object([("schema", schema.json)])))
        }
        content += doc.content.map { ($0.mediaType, JSONValue.object([("schema", $0.schema.json)])) }
        var success: [(String, JSONValue)] = [("description", .string(doc.success)), ("content", .object(content))]
        var status = "200"
        if route.answersCreated {
            status = "201"
            let location = JSONValue.object([("description", .string("The path of what was created.")), ("schema", JSONSchema.string.json)])
            success.append(("headers", .object([("Location", location)])))
        }
        var responses: [(String, JSONValue)] = [(status, .object(success))]
        for status in errorStatuses(route, doc: doc, inputs: inputs) {
            guard let error = ErrorResponse.all.first(where: { $0.status == status }) else { continue }
            responses.append((String(status), .object([("$ref", .string("#/components/responses/" + error.name))])))
        }
        return .object(responses)
    }

    /// A use case's result schema, from its type.
    private static func resultSchema(_ route: Route) -> JSONSchema? {
        guard case .useCase(let call) = route.action else { return nil }
        return call.resultSchema
    }

    /// The statuses a route can answer besides its success.
    static func errorStatuses(_ route: Route, doc: OperationDoc, inputs: RouteInputs) -> [Int] {
        if let errors = doc.errors { return errors }
        var statuses = [400]
        if case .signedIn = route.access { statuses.append(401) }
        if route.level > .reader { statuses.append(403) }
        statuses += [404, 405]
        if doc.conflicts { statuses.append(409) }
        statuses.append(413)
        if case .none = inputs.body {} else { statuses.append(415) }
        statuses += [422, 503]
        // Anything that writes can meet a full disk.
        if route.method != "GET" { statuses.append(507) }
        return statuses
    }
}
