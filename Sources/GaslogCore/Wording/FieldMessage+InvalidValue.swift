import LogbookStore
import NitroxCalculator

extension FieldMessage {
    /// "invalid value 'V' for <field>: why", the usual refusal of a value.
    public static func invalidValue(_ text: String, field: String, why: String) -> FieldMessage {
        FieldMessage([.text("invalid value \(quoted(text)) for "), .field(field), .text(": " + why)])
    }
}
