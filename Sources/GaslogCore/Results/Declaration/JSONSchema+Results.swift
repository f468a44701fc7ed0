import LogbookStore
import NitroxCalculator

extension JSONSchema {
    /// `unit` in a result: the unit of its depths and pressures.
    public static var unit: JSONSchema {
        JSONSchema.enumeration(UnitSystem.allCases.map(\.rawValue)).described("metric or imperial: the unit of the depths and pressures.")
    }

    /// A string that is always the same, such as a list entry's `kind`.
    public static func constant(_ value: String) -> JSONSchema {
        var schema = JSONSchema.string
        schema.constant = .string(value)
        return schema
    }

    /// A moment as results write it.
    public static var time: JSONSchema { JSONSchema.string.described("UTC, ISO 8601.") }

    /// The same object schema, with its use case's `warnings`, required.
    public func withWarnings() -> JSONSchema {
        var schema = self
        schema.properties.append(("warnings", Warning.list))
        schema.required.append("warnings")
        return schema
    }
}
