import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// A result's JSON and its schema come from one declaration: the keys each
/// writes are the ones its schema lists, in the order the JSON has always had.
@Suite("Result declarations")
struct ResultDeclarationTests {
    /// The keys of a JSON object, in order.
    static func keys(_ value: JSONValue) -> [String] {
        guard case .object(let members) = value else { return [] }
        return members.map(\.0)
    }

    /// The properties an object schema lists.
    static func properties(_ schema: JSONSchema) -> Set<String> { Set(schema.properties.map(\.name)) }

    @Test("A warning writes code, message and its code's keys, each one its schema lists")
    func warningKeys() {
        let unpriced = Warning.unpriced(fill: 3, cylinder: "Club 07", reason: .noStart)
        #expect(Self.keys(unpriced.json) == ["code", "message", "fill_id", "reason"])
        #expect(Self.keys(Warning.retired(cylinder: "Club 07").json) == ["code", "message"])
        let listed = Self.properties(Warning.schema)
        for key in Self.keys(unpriced.json) { #expect(listed.contains(key), "\(key)") }
        #expect(Warning.schema.required == ["code", "message"])
    }

    @Test("An error body has every key of the error map, field null when no input is at fault")
    func errorBody() {
        let error = APIError(413, "too_large", "the body is larger than 10 bytes")
        #expect(
            APIError.fields.json(of: error).text
                == #"{"error":{"status":413,"code":"too_large","rules":[],"message":"the body is larger than 10 bytes","field":null}}"#)
        let body = try? #require(APIError.schema.properties.first { $0.name == "error" }?.schema)
        #expect(body?.required == ["status", "code", "rules", "message", "field"])
    }

    @Test("A role select's id keeps ASCII letters, digits and -._~, and spells any other byte as _ and hex")
    func roleSelectIdentifier() {
        #expect(AdminPage.identifier("Ann") == "Ann")
        #expect(AdminPage.identifier("a_b.c-d~e") == "a_b.c-d~e")
        #expect(AdminPage.identifier("Zoë Ann") == "Zo_C3_AB_20Ann")
        #expect(AdminPage.identifier("x/y%") == "x_2Fy_25")
    }
}
