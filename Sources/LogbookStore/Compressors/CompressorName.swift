import NitroxCalculator

/// A compressor's name: by the rules of cylinder names (trimmed, 1–64
/// characters, NFC, unique under NFKC_Casefold), in a namespace of its own,
/// so that a compressor and a cylinder may share a name.
public struct CompressorName: Sendable, Hashable, CustomStringConvertible {
    private let name: CylinderName

    /// The name as first written, trimmed, in NFC.
    public var text: String { name.text }
    /// The form two names are compared in.
    public var key: String { name.key }
    /// The name as first written.
    public var description: String { text }

    /// Reads a name as typed, by the rules of cylinder names.
    public init(parsing raw: String) throws(FieldError) {
        name = try CylinderName(parsing: raw, noun: "compressor name")
    }

    /// Refuses a new name that is too long, could pass for another, or is
    /// `none` in any case: the word that says a fill used no compressor.
    func checkNewName() throws(FieldError) {
        try name.checkNewName(noun: "compressor name")
        if isNone {
            throw FieldError(.invalidText(what: "compressor name", value: text, .noneAsCompressorName))
        }
    }

    /// Whether the name is `none` in any case (under NFKC_Casefold): no compressor.
    public var isNone: Bool { key == "none" }
}
