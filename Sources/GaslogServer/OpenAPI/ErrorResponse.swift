import GaslogCore

/// An error status as the OpenAPI document describes it: one of its
/// `components/responses`, every one with the ``APIError`` body.
struct ErrorResponse {
    let status: Int
    /// Its name among the document's responses.
    let name: String
    let description: String
    /// Headers it sends, with their descriptions.
    var headers: [(name: String, description: String, schema: JSONSchema)] = []

    /// Every error status the API answers with, by status.
    static let all: [ErrorResponse] = [
        ErrorResponse(
            status: 400, name: "BadInput",
            description:
                "Bad input: an unknown or repeated parameter or key (named in field), a value that cannot be read, a missing required one, a body that is not a JSON object."
        ),
        ErrorResponse(
            status: 401, name: "Unauthorized",
            description:
                "No valid credentials: send a bearer token or HTTP Basic with an account's name and password. Every refusal is the same, whatever was wrong.",
            headers: [("WWW-Authenticate", "Basic realm=\"gaslog\", charset=\"UTF-8\"", .string)]),
        ErrorResponse(status: 403, name: "Forbidden", description: "The account's role does not allow this: it needs blender or admin."),
        ErrorResponse(status: 404, name: "NotFound", description: "No such cylinder, fill, setting or path."),
        ErrorResponse(
            status: 405, name: "MethodNotAllowed", description: "The path does not take this method.",
            headers: [("Allow", "The methods the path takes.", .string)]),
        ErrorResponse(status: 409, name: "Conflict", description: "The fill is already void."),
        ErrorResponse(status: 413, name: "TooLarge", description: "The body is larger than the limit: 1 MiB, or 256 MiB for an import."),
        ErrorResponse(status: 415, name: "UnsupportedMediaType", description: "The body is not of the media type the path takes."),
        ErrorResponse(
            status: 422, name: "Refused",
            description:
                "Refused: a fill-station rule (listed in rules), readings that differ by more than allowed (tolerance), or a calculation with no answer, such as a mix that is not breathable at the depth."
        ),
        ErrorResponse(
            status: 503, name: "Unavailable",
            description:
                "The logbook is busy (busy, try again in 2 s) or read-only (read_only); 64 logins already wait out their delay (busy, with Retry-After); or the server is stopping (unavailable).",
            headers: [("Retry-After", "Seconds to wait before trying again.", .integer())]),
        ErrorResponse(
            status: 507, name: "StorageFull",
            description: "The disk holding the logbook is full (storage_full): nothing was recorded; try again once space is freed."),
    ]

    /// The response as the document's components hold it.
    var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("description", .string(description)),
            ("content", .object([("application/json", .object([("schema", APIError.reference.json)]))])),
        ]
        if !headers.isEmpty {
            members.append(
                (
                    "headers",
                    .object(
                        headers.map { header in
                            (header.name, .object([("description", .string(header.description)), ("schema", header.schema.json)]))
                        })
                ))
        }
        return .object(members)
    }
}
