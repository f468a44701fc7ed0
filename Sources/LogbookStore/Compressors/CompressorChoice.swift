/// The compressor a fill names: one by its name, or none at all, which a
/// fill of oxygen or heliox needs and a fill with nitrogen explains with an override.
public enum CompressorChoice: Sendable, Equatable {
    /// No compressor made any of the fill's gas.
    case none
    /// This compressor made its air or top-off.
    case named(CompressorName)

    /// Reads `none` (in any case) or a compressor's name.
    public init(parsing raw: String) throws(FieldError) {
        let name = try CompressorName(parsing: raw)
        self = name.isNone ? .none : .named(name)
    }
}
