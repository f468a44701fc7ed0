import NitroxCalculator

/// A register fact that `cylinder edit --clear` can empty.
public enum CylinderField: String, Sendable, CaseIterable {
    case serial, owner, volume
    case workingPressure = "working-pressure"
    case hydro, visual
    case o2Clean = "o2-clean"
    case note

    /// The column that holds the fact; fixed text, never from input.
    var column: String {
        switch self {
        case .serial: "serial"
        case .owner: "owner"
        case .volume: "water_volume_cl"
        case .workingPressure: "working_pressure_centibar"
        case .hydro: "hydro_date"
        case .visual: "visual_date"
        case .o2Clean: "o2_clean"
        case .note: "note"
        }
    }

    /// Reads a name as `--clear` takes it.
    public init(parsing text: String) throws(FieldError) {
        guard let field = CylinderField(rawValue: text.lowercased()) else {
            throw FieldError(.unknownField(text, fields: CylinderField.allCases.map(\.rawValue), unknown: false))
        }
        self = field
    }
}
