/// A stored row that holds what gaslog cannot read: only a change made
/// outside gaslog can put it there.
public enum StoredRowFault: Sendable, Equatable {
    case accountRoleOrTime(account: Int)
    case accountRemovalTime(account: Int)
    case auditEntryTime(entry: Int, time: String)
    case auditEntryHash(entry: Int)
    case fillTime(fill: Int)
    case fillValues(fill: Int)
    case fillStartGas(fill: Int)
    case cylinderRetirementTime(cylinder: String, time: String)
    case cylinderEventTime(time: String)
    case priceValues(price: Int)
    case priceListValues
    case paymentTime(payment: Int)
    case chargeValues(fill: Int)
    case tokenWithoutAccount(token: Int)
    case tokenCreationTime(token: Int)
    case tokenRevocationTime(token: Int)
    case compressorCreationTime(compressor: String)
    case compressorFilterChart(compressor: String, chart: String)
    case compressorRetirementTime(compressor: String, time: String)
    case compressorRunTime(compressor: Int)
    case compressorLogEntryTime(entry: Int)
    case compressorRunFilterChart(run: Int, chart: String)
    case airTestValues(test: Int)
}
