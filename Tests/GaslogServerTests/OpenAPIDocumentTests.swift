import Foundation
import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// The OpenAPI document is generated from the route table: it lists every
/// route and nothing else, and the keys it documents are the keys the
/// server allows, no more and no fewer.
@Suite("The generated OpenAPI document", .serialized)
struct OpenAPIDocumentTests {
    /// The document as the server serves it, parsed.
    static var document: [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(OpenAPIDocument.bytes))) as? [String: Any] ?? [:]
    }

    /// `paths` → method → operation.
    static var operations: [(method: String, path: String, operation: [String: Any])] {
        let paths = document["paths"] as? [String: [String: Any]] ?? [:]
        return paths.flatMap { path, methods in
            methods.compactMap { method, operation in (operation as? [String: Any]).map { (method.uppercased(), path, $0) } }
        }
    }

    static func operation(_ route: Route) -> [String: Any]? {
        operations.first { $0.method == route.method && $0.path == route.pathPattern }?.operation
    }

    static func parameters(_ operation: [String: Any], in location: String) -> [[String: Any]] {
        (operation["parameters"] as? [[String: Any]] ?? []).filter { $0["in"] as? String == location }
    }

    static func bodySchema(_ operation: [String: Any]) -> [String: Any]? {
        let body = operation["requestBody"] as? [String: Any]
        let content = body?["content"] as? [String: Any]
        return (content?["application/json"] as? [String: Any])?["schema"] as? [String: Any]
    }

    @Test("Every route of the table is an operation, with its method and path, and every operation is a route")
    func noDrift() throws {
        #expect(Self.document["openapi"] as? String == "3.1.0")
        let routes = Set(APIRoutes.all.map { $0.method + " " + $0.pathPattern })
        let documented = Set(Self.operations.map { $0.method + " " + $0.path })
        #expect(routes == documented)
        #expect(APIRoutes.all.count == Self.operations.count)
        // Every route declares its words where it is declared.
        for route in APIRoutes.all { #expect(route.doc != nil, "\(route.method) \(route.pathPattern)") }
        let ids = Self.operations.compactMap { $0.operation["operationId"] as? String }
        #expect(ids.count == routes.count)
        #expect(Set(ids).count == ids.count)
        for route in APIRoutes.all {
            let operation = try #require(Self.operation(route))
            let statuses = (operation["responses"] as? [String: Any] ?? [:]).keys
            #expect(statuses.contains(route.answersCreated ? "201" : "200"), "\(route.method) \(route.pathPattern)")
            if case .anyone = route.access {
                #expect((operation["security"] as? [Any])?.isEmpty == true)
            } else {
                #expect(statuses.contains("401"), "\(route.method) \(route.pathPattern)")
            }
            if route.level > .reader { #expect(statuses.contains("403"), "\(route.method) \(route.pathPattern)") }
        }
    }

    @Test("The path, query and body keys of each operation are the route's inputs")
    func keysAreTheInputs() throws {
        for route in APIRoutes.all {
            let operation = try #require(Self.operation(route))
            let inputs = route.inputs
            let name = "\(route.method) \(route.pathPattern)"
            #expect(Self.parameters(operation, in: "path").compactMap { $0["name"] as? String } == route.parameterNames, "\(name)")
            #expect(Self.parameters(operation, in: "query").compactMap { $0["name"] as? String } == inputs.query.map(\.name), "\(name)")
            let body = Self.bodySchema(operation)
            let properties = (body?["properties"] as? [String: Any])?.keys.sorted() ?? []
            #expect(properties == inputs.bodyKeys.map(\.name).sorted(), "\(name)")
            if body != nil { #expect(body?["additionalProperties"] as? Bool == false, "\(name)") }
            let required = Set(body?["required"] as? [String] ?? [])
            #expect(Set(inputs.bodyKeys.filter(\.isRequired).map(\.name)).isSubset(of: required), "\(name)")
        }
    }

    @Test("The inputs of a use case are the keys of its declarations, `_` for `-`, with their types' schemas")
    func useCaseKeys() throws {
        let fill = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/fills" })
        let fillOperation = try #require(Self.operation(fill))
        let body = try #require(Self.bodySchema(fillOperation))
        #expect(
            Set((body["properties"] as? [String: Any] ?? [:]).keys)
                == Set(RecordFill.inputs.map { FieldMessage.key(of: $0.input.name) }))
        #expect(Set(body["required"] as? [String] ?? []) == ["cylinder", "o2"])
        let properties = body["properties"] as? [String: [String: Any]] ?? [:]
        #expect(properties["accept_difference"]?["type"] as? String == "boolean")
        #expect(properties["ppo2"]?["maximum"] as? Double == 1.6)
        #expect(properties["round"]?["enum"] as? [String] == ["nearest", "down"])
        #expect((properties["o2"]?["pattern"] as? String)?.hasPrefix("^") == true)

        let void = try #require(APIRoutes.all.first { $0.pathPattern == "/api/v1/fills/{id}/void" })
        let voidOperation = try #require(Self.operation(void))
        #expect(Self.parameters(voidOperation, in: "path").first?["schema"] as? [String: Any] != nil)
        #expect(((Self.bodySchema(voidOperation)?["properties"] as? [String: Any]) ?? [:]).keys.sorted() == ["reason"])
        // A command's flag pair is one boolean key; the negative is refused.
        let add = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/cylinders" })
        let addProperties = Self.bodySchema(try #require(Self.operation(add)))?["properties"] as? [String: [String: Any]] ?? [:]
        #expect(addProperties["o2_clean"]?["type"] as? String == "boolean")
        #expect(addProperties["no_o2_clean"] == nil)
        #expect(addProperties["json"] == nil)
    }

    @Test("An operation's summary and description are its use case's, in the API's words, then who may call it")
    func wordsOfTheUseCase() throws {
        let fill = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/fills" })
        let operation = try #require(Self.operation(fill))
        #expect(operation["summary"] as? String == "Record a fill: the gas that went into a cylinder, and its MOD.")
        let description = try #require(operation["description"] as? String)
        #expect(description.hasPrefix("The cylinder is created when its name is new. The MOD is computed at `ppo2` and stored"))
        #expect(description.contains("is refused (422) unless `override` gives a reason."))
        #expect(description.hasSuffix(" Needs the role blender or above."))
        // A fact only the API has is in the API's words alone.
        let void = try #require(APIRoutes.all.first { $0.pathPattern == "/api/v1/fills/{id}/void" })
        #expect((Self.operation(void)?["description"] as? String)?.contains("A fill is voided once (409 the second time).") == true)
        #expect(VoidFill.description?.commandLine.hasSuffix("A fill is voided once.") == true)
        // A route that no use case answers declares its own words.
        let health = try #require(APIRoutes.all.first { $0.pathPattern == "/healthz" })
        #expect(Self.operation(health)?["summary"] as? String == "Whether the logbook can be read and written")
    }

    @Test("An operation's words and its inputs' help name keys as the API spells them, never a command-line option")
    func helpInTheAPIsWords() throws {
        let fill = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/fills" })
        let fillProperties = Self.bodySchema(try #require(Self.operation(fill)))?["properties"] as? [String: [String: Any]] ?? [:]
        let diverHelium = try #require(fillProperties["diver_he"]?["description"] as? String)
        #expect(
            diverHelium.hasPrefix(
                "The diver's own helium reading, with `diver_o2`. A reading more than 2 percentage points from `he` is refused (422)."))
        for (method, path, operation) in Self.operations {
            let said = [operation["summary"], operation["description"]].compactMap { $0 as? String }
            let parameters = (operation["parameters"] as? [[String: Any]] ?? []).compactMap { $0["description"] as? String }
            let properties = (Self.bodySchema(operation)?["properties"] as? [String: [String: Any]] ?? [:]).values
            for description in said + parameters + properties.compactMap({ $0["description"] as? String }) {
                // A command line quoted whole (`gaslog list --json`) says which command it is, and may keep its options.
                let words = description.replacing(/`gaslog [^`]*`/, with: "")
                #expect(words.firstMatch(of: /--[a-z]/) == nil, "\(method) \(path): \(description)")
            }
        }
    }

    @Test("Results carry warnings, and the error body its field")
    func resultSchemas() throws {
        let schemas = (Self.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
        let error = (schemas["Error"]?["properties"] as? [String: [String: Any]])?["error"]
        #expect((error?["required"] as? [String])?.contains("field") == true)
        let warning = schemas["Warning"]?["properties"] as? [String: [String: Any]]
        #expect((warning?["code"]?["enum"] as? [String])?.contains("unknown_facts") == true)
        for name in ["MixMOD", "END", "PartialPressure", "BestMix", "BlendPlan", "Cylinder"] {
            #expect((schemas[name]?["properties"] as? [String: Any])?["warnings"] != nil, "\(name)")
        }
        let fill = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/fills" })
        let created = (Self.operation(fill)?["responses"] as? [String: [String: Any]])?["201"]
        let content = (created?["content"] as? [String: [String: Any]])?["application/json"]
        #expect((content?["schema"] as? [String: Any])?["$ref"] as? String == "#/components/schemas/RecordedFill")
        #expect((created?["headers"] as? [String: Any])?["Location"] != nil)
        // Every reference names a schema or a response that is there.
        let text = OpenAPIDocument.text
        let responses = (Self.document["components"] as? [String: Any])?["responses"] as? [String: Any] ?? [:]
        for match in text.matches(of: /"#\/components\/(schemas|responses)\/([A-Za-z]+)"/) {
            let known = match.output.1 == "schemas" ? schemas[String(match.output.2)] != nil : responses[String(match.output.2)] != nil
            #expect(known, "\(match.output.0)")
        }
    }

    @Test("Each documented key is allowed by the server, and a key it does not document is refused")
    func serverAllowsWhatIsDocumented() throws {
        let folder = NSTemporaryDirectory() + "gaslog-openapi-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let service = APIService(
            path: folder + "/logbook.sqlite", authenticate: { _, _ in .success(Principal(account: "admin", level: .admin)) }, log: { _ in })
        try service.store.prepareForWriting()
        // The routes that answer whatever the query holds (as they always have).
        let ignoresQuery: Set<String> = ["GET /healthz", "GET /api/v1/openapi.json", "PUT /api/v1/config/{key}"]
        for route in APIRoutes.all {
            let name = "\(route.method) \(route.pathPattern)"
            let inputs = route.inputs
            let path =
                "/"
                + route.segments.map { segment in
                    switch segment {
                    case .literal(let text): text
                    case .parameter(let parameter): parameter == "key" ? "unit" : parameter == "id" ? "1" : "Club%2007"
                    }
                }.joined(separator: "/")
            func answer(query: [(name: String, value: String)] = [], json: String? = nil) -> (status: Int, error: [String: Any]) {
                let headers = json == nil ? [:] : ["content-type": "application/json"]
                let response = service.handle(
                    HTTPRequest(method: route.method, rawPath: path, query: query, headers: headers, body: Array((json ?? "").utf8)))
                let object = (try? JSONSerialization.jsonObject(with: Data(response.body))) as? [String: Any]
                return (response.status, object?["error"] as? [String: Any] ?? [:])
            }
            func isUnknown(_ key: String, _ error: [String: Any]) -> Bool {
                let message = error["message"] as? String ?? ""
                return message.contains("unknown key '\(key)'") || message.contains("unknown query parameter '\(key)'")
                    || message.contains("takes no query") || message.contains("takes its input in the body")
            }
            for key in inputs.query {
                let value = key.schema.types == [.boolean] ? "true" : "x"
                #expect(!isUnknown(key.name, answer(query: [(key.name, value)]).error), "\(name): \(key.name)")
            }
            if !ignoresQuery.contains(name) {
                let refused = answer(query: [("zz_undocumented", "1")])
                #expect(refused.status == 400, "\(name)")
                #expect(isUnknown("zz_undocumented", refused.error), "\(name): \(refused.error)")
            }
            if case .json(let keys) = inputs.body {
                for key in keys {
                    let value = key.schema.types == [.boolean] ? "true" : key.isRepeatable ? #"["x"]"# : #""x""#
                    let given = answer(json: "{\"\(key.name)\": \(value)}")
                    #expect(!isUnknown(key.name, given.error), "\(name): \(key.name): \(given.error)")
                }
                let refused = answer(json: #"{"zz_undocumented": "x"}"#)
                #expect(refused.status == 400, "\(name)")
                // A custom body says what it takes as a whole; the others name the key.
                if case .custom = route.action {
                } else {
                    #expect(refused.error["field"] as? String == "zz_undocumented", "\(name): \(refused.error)")
                }
            }
        }
    }
}
