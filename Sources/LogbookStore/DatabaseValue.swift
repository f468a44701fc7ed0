/// A value bound to a statement parameter. gaslog stores exact numbers as
/// scaled integers and everything else as text, so no `REAL` case exists.
enum DatabaseValue: Sendable, Equatable {
    case null
    case integer(Int)
    case text(String)

    init(_ value: String?) { self = value.map(DatabaseValue.text) ?? .null }
    init(_ value: Int?) { self = value.map(DatabaseValue.integer) ?? .null }
}
