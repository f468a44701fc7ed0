import LogbookStore
import Testing

/// An input's key in JSON, a query or a form, written out here: each `-`
/// becomes `_`, and every other character, multi-byte ones included, stays.
@Suite("An input's key: its name with _ for -")
struct FieldMessageKeyTests {
    static let keys: [(name: String, key: String)] = [
        ("o2", "o2"),
        ("diver-o2", "diver_o2"),
        ("working-pressure", "working_pressure"),
        ("-a--b-", "_a__b_"),
        ("", ""),
        ("ppO₂-min–x", "ppO₂_min–x"),
        ("é-ü", "é_ü"),
    ]

    @Test("Each name's key", arguments: keys)
    func key(name: String, key: String) {
        #expect(FieldMessage.key(of: name) == key)
    }
}
