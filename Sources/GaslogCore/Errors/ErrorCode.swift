import LogbookStore

extension LogbookError.Category {
    /// The stable name a script switches on, the same in the API's error
    /// body and in `--json`'s: `bad_input`, `not_found`, `refused`, …
    public var code: String {
        switch self {
        case .invalid: "bad_input"
        case .notFound: "not_found"
        case .conflict(let code): code
        case .refused: "refused"
        case .busy: "busy"
        case .unusable(.readOnly): "read_only"
        case .unusable(.integrity): "integrity"
        case .storageFull: "storage_full"
        case .unusable(.damaged), .unreadableInput, .cannotCreate, .internalFailure: "internal"
        }
    }
}
