import LogbookStore
import NitroxCalculator

extension RegisteredNameKind: CustomStringConvertible {
    /// `cylinder`, `compressor`, `account`, or `earlier name of cylinder 'X'`.
    public var description: String {
        switch self {
        case .cylinder: "cylinder"
        case .compressor: "compressor"
        case .account: "account"
        case .earlierName(let cylinder): "earlier name of cylinder \(quoted(cylinder))"
        }
    }
}
