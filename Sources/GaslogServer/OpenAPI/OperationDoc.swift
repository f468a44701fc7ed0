import GaslogCore

/// What the OpenAPI document says of one operation beyond its route: its
/// id and tag, its summary and description (its use case's), what a success
/// is, and an example. Declared on the route, in the route table. Its
/// parameters, body, success status, roles and errors come from the route; a
/// use case's success schema from its result's type.
struct OperationDoc: Sendable {
    /// A group of operations.
    enum Tag: String, CaseIterable, Sendable {
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
    /// What it does, in a line: its use case's summary, in the API's words.
    var summary: Wording = ""
    /// What more there is to say: its use case's description; the generator adds who may do it.
    var description: Wording?
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

    /// The words of a route that a use case answers; its summary and
    /// description are the use case's, set where the route is made.
    init(
        _ id: String, _ tag: Tag, success: String, schema: JSONSchema? = nil, content: [(mediaType: String, schema: JSONSchema)] = [],
        example: JSONValue? = nil, file: JSONSchema? = nil, needs: [String] = [], conflicts: Bool = false, errors: [Int]? = nil
    ) {
        self.id = id
        self.tag = tag
        self.success = success
        self.schema = schema
        self.content = content
        self.example = example
        self.file = file
        self.needs = needs
        self.conflicts = conflicts
        self.errors = errors
    }

    /// These words, with `action`'s summary and description.
    func describing(_ action: any Documented.Type) -> OperationDoc {
        var doc = self
        doc.summary = action.summary
        doc.description = action.description
        return doc
    }

    /// These words, with a summary and description of the route's own, where no use case answers it.
    func describing(summary: Wording, description: Wording) -> OperationDoc {
        var doc = self
        doc.summary = summary
        doc.description = description
        return doc
    }
}
