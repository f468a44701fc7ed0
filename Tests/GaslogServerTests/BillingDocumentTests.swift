import Foundation
import Testing

@testable import GaslogServer

/// Gas accounting's operations in the generated OpenAPI document: each
/// route with the keys, its result's schema and its roles.
@Suite("Gas accounting in the OpenAPI document")
struct BillingDocumentTests {
    static func operation(_ method: String, _ path: String) throws -> [String: Any] {
        let paths = OpenAPIDocumentTests.document["paths"] as? [String: [String: Any]] ?? [:]
        return try #require(paths[path]?[method.lowercased()] as? [String: Any], "\(method) \(path)")
    }

    static func successSchema(_ operation: [String: Any]) -> String? {
        let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
        let content = (responses["200"]?["content"] as? [String: [String: Any]])?["application/json"]
        return (content?["schema"] as? [String: Any])?["$ref"] as? String
    }

    static func bodyKeys(_ operation: [String: Any]) -> Set<String> {
        Set(((OpenAPIDocumentTests.bodySchema(operation)?["properties"] as? [String: Any]) ?? [:]).keys)
    }

    @Test("Each billing route has the issue's keys, its result's schema, and 403 where it needs an admin")
    func operations() throws {
        let expected: [(method: String, path: String, body: Set<String>?, schema: String, admin: Bool)] = [
            ("GET", "/api/v1/bills", nil, "Bill", true), ("GET", "/api/v1/prices", nil, "PriceList", false),
            ("PUT", "/api/v1/prices/{item}", ["price", "effective"], "Price", true),
            ("POST", "/api/v1/payments", ["member", "amount", "at", "reference"], "Payment", true),
            ("POST", "/api/v1/payments/{id}/void", ["reason"], "Payment", true),
            ("POST", "/api/v1/fills/{id}/adjustments", ["amount", "reason"], "Adjustment", true),
        ]
        for route in expected {
            let operation = try Self.operation(route.method, route.path)
            if let body = route.body { #expect(Self.bodyKeys(operation) == body, "\(route.path)") }
            #expect(Self.successSchema(operation) == "#/components/schemas/" + route.schema, "\(route.path)")
            let statuses = (operation["responses"] as? [String: Any] ?? [:]).keys
            #expect(statuses.contains("403") == route.admin, "\(route.path)")
        }
        let bills = try Self.operation("GET", "/api/v1/bills")
        #expect(OpenAPIDocumentTests.parameters(bills, in: "query").compactMap { $0["name"] as? String } == ["since", "until", "member"])
        let void = try Self.operation("POST", "/api/v1/payments/{id}/void")
        #expect((void["responses"] as? [String: Any])?["409"] != nil)
        // An id's maximum is the largest the server reads: 18 digits.
        for operation in [void, try Self.operation("POST", "/api/v1/fills/{id}/adjustments")] {
            let id = OpenAPIDocumentTests.parameters(operation, in: "path").first?["schema"] as? [String: Any]
            #expect((id?["maximum"] as? NSNumber)?.int64Value == 999_999_999_999_999_999)
        }
        // The fill's body takes its start and payer, `_` for `-`.
        let fill = try Self.operation("POST", "/api/v1/fills")
        #expect(Self.bodyKeys(fill).isSuperset(of: ["from", "from_gas", "top_off", "bill_to"]))
        let imports = try Self.operation("POST", "/api/v1/import")
        #expect(OpenAPIDocumentTests.parameters(imports, in: "query").compactMap { $0["name"] as? String } == ["dry_run", "charge"])
    }

    @Test("The statement's schema requires the keys the issue lists")
    func billSchema() throws {
        let schemas = (OpenAPIDocumentTests.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
        let bill = try #require(schemas["Bill"])
        #expect(Set(bill["required"] as? [String] ?? []) == ["currency", "since", "until", "members", "unpriced"])
        let members = (bill["properties"] as? [String: [String: Any]])?["members"]?["items"] as? [String: Any]
        #expect(
            Set(members?["required"] as? [String] ?? []) == [
                "member", "fills", "adjustments", "payments", "charged", "adjusted", "paid", "balance",
            ])
        let fills = (members?["properties"] as? [String: [String: Any]])?["fills"]?["items"] as? [String: Any]
        #expect(
            Set(fills?["required"] as? [String] ?? []) == [
                "fill_id", "filled_at", "cylinder", "label", "oxygen_l", "helium_l", "top_off_l", "top_off", "fee", "amount", "void",
            ])
        #expect(Set(schemas["Payment"]?["required"] as? [String] ?? []) == ["id", "member", "amount", "at", "reference", "void"])
    }
}
