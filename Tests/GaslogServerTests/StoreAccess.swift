import LogbookStore

@testable import GaslogCore
@testable import GaslogServer

extension APIService {
    /// The calling thread's logbook as the store sees it, for a test that
    /// sets up rows or reads them back; the server itself reaches it only
    /// through the core's use cases.
    var store: Logbook { logbook().store }
}
