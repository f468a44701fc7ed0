import LogbookStore
import NitroxCalculator

extension EarlierName {
    /// The fact in plain words, naming no front end's controls.
    public var message: String {
        "\(quoted(name)) is an earlier name of \(quoted(cylinder)); using that cylinder"
    }
}
