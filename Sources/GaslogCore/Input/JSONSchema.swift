import LogbookStore

/// A JSON Schema (draft 2020-12, as OpenAPI 3.1 uses it), as data: what an
/// input accepts, or what a result holds. Inputs declare one with their
/// type, so that the server's OpenAPI document is generated, not written.
/// Only the keywords gaslog uses are here; ``json`` writes them.
public struct JSONSchema: Sendable {
    /// A JSON type, as `type` names it.
    public enum Kind: String, Sendable {
        case string, number, integer, boolean, array, object, null
    }

    /// The types a value may have; empty for any.
    public var types: [Kind] = []
    /// `$ref`: a schema of `#/components/schemas/`, by name.
    public var reference: String?
    /// What the value means.
    public var description: String?
    /// `format`: `date`, `binary`, …
    public var format: String?
    /// `pattern`: an ECMA 262 regular expression a string matches.
    public var pattern: String?
    /// `minLength` of a string.
    public var minimumLength: Int?
    /// `maxLength` of a string.
    public var maximumLength: Int?
    /// `minimum` of a number, in JSON's decimal form.
    public var minimum: String?
    /// `maximum` of a number, in JSON's decimal form.
    public var maximum: String?
    /// `enum`: every value allowed, where there is such a list.
    public var choices: [JSONValue] = []
    /// `const`: the one value allowed.
    public var constant: JSONValue?
    /// `examples`.
    public var examples: [JSONValue] = []
    /// `properties` of an object, in order.
    public var properties: [(name: String, schema: JSONSchema)] = []
    /// `required` keys of an object.
    public var required: [String] = []
    /// `additionalProperties`: `false` to refuse keys not in ``properties``,
    /// `nil` to say nothing (any key is allowed).
    public var allowsOtherKeys: Bool?
    /// `allOf`: schemas the value matches, every one.
    public var allOf: [JSONSchema] = []
    /// `oneOf`: schemas of which the value matches exactly one.
    public var oneOf: [JSONSchema] = []
    // Boxed in arrays: a struct cannot hold itself.
    private var itemStorage: [JSONSchema] = []
    private var valueStorage: [JSONSchema] = []

    /// A schema with no constraint: any JSON value.
    public init() {}

    /// `items`: the schema of an array's elements.
    public var items: JSONSchema? {
        get { itemStorage.first }
        set { itemStorage = newValue.map { [$0] } ?? [] }
    }

    /// `additionalProperties` as a schema: every value of an object whose
    /// keys are not fixed, such as a table row's MOD by ppO₂.
    public var values: JSONSchema? {
        get { valueStorage.first }
        set { valueStorage = newValue.map { [$0] } ?? [] }
    }

    // MARK: Building

    /// A value of one of `types`.
    public static func of(_ types: Kind...) -> JSONSchema {
        var schema = JSONSchema()
        schema.types = types
        return schema
    }

    /// Any string.
    public static var string: JSONSchema { .of(.string) }
    /// `true` or `false`.
    public static var boolean: JSONSchema { .of(.boolean) }
    /// Any number.
    public static var number: JSONSchema { .of(.number) }

    /// A whole number, within bounds where given.
    public static func integer(minimum: Int? = nil, maximum: Int? = nil) -> JSONSchema {
        var schema = JSONSchema.of(.integer)
        schema.minimum = minimum.map { String($0) }
        schema.maximum = maximum.map { String($0) }
        return schema
    }

    /// A string, one of `choices`.
    public static func enumeration(_ choices: [String]) -> JSONSchema {
        var schema = JSONSchema.string
        schema.choices = choices.map { .string($0) }
        return schema
    }

    /// A schema of the document's components, by name.
    public static func named(_ name: String) -> JSONSchema {
        var schema = JSONSchema()
        schema.reference = name
        return schema
    }

    /// An array of `items`.
    public static func array(of items: JSONSchema) -> JSONSchema {
        var schema = JSONSchema.of(.array)
        schema.items = items
        return schema
    }

    /// An object with these keys, `required` among them. `allowsOtherKeys`
    /// false refuses any other (an input); `nil` allows them (a result,
    /// which later versions may extend).
    public static func object(
        _ properties: [(name: String, schema: JSONSchema)], required: [String] = [], allowsOtherKeys: Bool? = nil
    ) -> JSONSchema {
        var schema = JSONSchema.of(.object)
        schema.properties = properties
        schema.required = required
        schema.allowsOtherKeys = allowsOtherKeys
        return schema
    }

    /// A value matching every one of `parts`.
    public static func all(_ parts: [JSONSchema]) -> JSONSchema {
        var schema = JSONSchema()
        schema.allOf = parts
        return schema
    }

    /// A value matching exactly one of `parts`.
    public static func either(_ parts: [JSONSchema]) -> JSONSchema {
        var schema = JSONSchema()
        schema.oneOf = parts
        return schema
    }

    /// The same schema, with `description`.
    public func described(_ description: String) -> JSONSchema {
        var schema = self
        schema.description = description
        return schema
    }

    /// The same schema, `null` allowed too.
    public var orNull: JSONSchema {
        var schema = self
        if !schema.types.isEmpty, !schema.types.contains(.null) { schema.types.append(.null) }
        return schema
    }

    /// The same schema, with `examples`.
    public func examples(_ examples: JSONValue...) -> JSONSchema {
        var schema = self
        schema.examples = examples
        return schema
    }

    /// The same number schema, with bounds in JSON's decimal form (`"1.6"`).
    public func bounded(_ minimum: String?, _ maximum: String?) -> JSONSchema {
        var schema = self
        schema.minimum = minimum
        schema.maximum = maximum
        return schema
    }

    /// The same string schema, with a `pattern` and length bounds.
    public func matching(_ pattern: String?, minimumLength: Int? = nil, maximumLength: Int? = nil) -> JSONSchema {
        var schema = self
        schema.pattern = pattern
        schema.minimumLength = minimumLength
        schema.maximumLength = maximumLength
        return schema
    }

    // MARK: Writing

    /// The schema as JSON, keywords in a fixed order.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = []
        if let reference { members.append(("$ref", .string("#/components/schemas/" + reference))) }
        if types.count == 1 {
            members.append(("type", .string(types[0].rawValue)))
        } else if types.count > 1 {
            members.append(("type", .array(types.map { .string($0.rawValue) })))
        }
        if let description { members.append(("description", .string(description))) }
        if let format { members.append(("format", .string(format))) }
        if !choices.isEmpty { members.append(("enum", .array(choices))) }
        if let constant { members.append(("const", constant)) }
        if let pattern { members.append(("pattern", .string(pattern))) }
        if let minimumLength { members.append(("minLength", .integer(minimumLength))) }
        if let maximumLength { members.append(("maxLength", .integer(maximumLength))) }
        if let minimum { members.append(("minimum", .number(minimum))) }
        if let maximum { members.append(("maximum", .number(maximum))) }
        if let items { members.append(("items", items.json)) }
        if !properties.isEmpty || allowsOtherKeys == false {
            members.append(("properties", .object(properties.map { ($0.name, $0.schema.json) })))
        }
        if !required.isEmpty { members.append(("required", .array(required.map { .string($0) }))) }
        if let values {
            members.append(("additionalProperties", values.json))
        } else if let allowsOtherKeys {
            members.append(("additionalProperties", .bool(allowsOtherKeys)))
        }
        if !allOf.isEmpty { members.append(("allOf", .array(allOf.map(\.json)))) }
        if !oneOf.isEmpty { members.append(("oneOf", .array(oneOf.map(\.json)))) }
        if !examples.isEmpty { members.append(("examples", .array(examples))) }
        return .object(members)
    }
}
