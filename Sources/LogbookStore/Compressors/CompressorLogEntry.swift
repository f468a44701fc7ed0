/// One line of a compressor's log: a run, a cartridge change or an air test.
public enum CompressorLogEntry: Sendable, Equatable {
    case run(CompressorRun)
    case filter(FilterChange)
    case test(AirTest)

    /// When it happened.
    public var at: Timestamp {
        switch self {
        case .run(let run): run.at
        case .filter(let change): change.at
        case .test(let test): test.at
        }
    }
}
