import GaslogCore

/// The words of one operation in the OpenAPI document, which the route
/// table cannot say: its id, tag, summary and description, what a success
/// is, and an example. Its parameters, body, success status, roles and
/// errors come from the route; a use case's success schema from its result's type.
struct OperationDoc {
    /// A group of operations.
    enum Tag: String, CaseIterable {
        case calculations, cylinders, compressors, fills, billing, settings, logbook, service

        /// What the group holds.
        var description: String {
            switch self {
            case .calculations: "Pure calculations: MOD, best mix, EAD, END, ppO₂, tables, blend plans."
            case .cylinders: "The cylinder register and each cylinder's current gas."
            case .compressors:
                "The compressor room: compressors, their runs and filter life, and their breathing-air tests (EN 12021:2014), checked before every fill."
            case .fills: "The fill log."
            case .billing: "Gas accounting: prices, each fill's charge, adjustments, payments and the members' statements."
            case .settings: "The logbook's settings."
            case .logbook: "The logbook as a whole: a consistent backup of it."
            case .service: "The server itself."
            }
        }
    }

    /// `operationId`.
    let id: String
    let tag: Tag
    let summary: String
    /// What it does; the generator adds who may do it.
    let description: String
    /// What a success is, in words.
    let success: String
    /// A success's JSON schema; `nil` for a use case, whose result's type says it.
    var schema: JSONSchema?
    /// A success in other media types than JSON, or besides it.
    var content: [(mediaType: String, schema: JSONSchema)] = []
    /// An example of the JSON body.
    var example: JSONValue?
    /// The schema of a file body, such as the import's CSV.
    var file: JSONSchema?
    /// Keys a request needs although the inputs' declarations cannot say so
    /// (`/mod` needs `o2`, where the use case takes `o2` or a cylinder).
    var needs: [String] = []
    /// Whether it can answer 409: a fill already void.
    var conflicts = false
    /// The error statuses, where the route's kind does not tell them.
    var errors: [Int]?
}
