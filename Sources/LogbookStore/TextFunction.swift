/// A Swift function that SQL calls, held for SQLite, which releases it when
/// the connection closes.
final class TextFunction {
    let transform: (String) -> String

    init(_ transform: @escaping (String) -> String) {
        self.transform = transform
    }
}
