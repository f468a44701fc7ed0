import LogbookStore

extension CompressorFact {
    /// The fact as a warning lists it.
    public var description: String {
        switch self {
        case .airTest: "an air test"
        case .filterHours: "its filter life in hours"
        }
    }
}
