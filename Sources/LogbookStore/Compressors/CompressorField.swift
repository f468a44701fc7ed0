import NitroxCalculator

/// A compressor's register fact that `compressor edit --clear` empties.
public enum CompressorField: String, Sendable, CaseIterable {
    case filterHours = "filter-hours"
    case filterFactors = "filter-factors"
    case airTestMonths = "air-test-months"
    case note

    /// The field `text` names, regardless of case; `filter_hours` is read too.
    public static func parse(_ text: String) throws(FieldError) -> CompressorField {
        let name = text.lowercased().replacingUnderscores()
        guard let field = CompressorField(rawValue: name) else {
            throw FieldError(.unknownField(text, fields: allCases.map(\.rawValue), unknown: true))
        }
        return field
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
