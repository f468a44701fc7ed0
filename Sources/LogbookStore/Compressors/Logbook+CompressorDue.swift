import NitroxCalculator

extension Logbook {
    /// Compressors in service whose air test is overdue or falls due within
    /// `days` of today, and whose filter has 10 % or less of its life left,
    /// each as of `latest`, the core's limit for now.
    public func dueCompressors(within days: Int, latest: Timestamp) throws(LogbookError) -> [CompressorDue] {
        let today = clock().localDate
        var due: [CompressorDue] = []
        for status in try compressorStatuses(latest: latest) where !status.compressor.isRetired {
            let name = status.compressor.name
            if let percent = status.filterLife.remainingPercentRoundedDown, percent <= CompressorDue.filterWarningPercent {
                due.append(
                    CompressorDue(
                        compressor: name, kind: .filter, last: nil, due: nil, daysLeft: nil, filterRemainingPercent: percent,
                        overdue: status.isFilterExhausted == true))
            }
            if let test = status.lastTest, let end = status.testDue, today.days(until: end) <= days {
                due.append(
                    CompressorDue(
                        compressor: name, kind: .airTest, last: LocalTime.date(of: test.at), due: end, daysLeft: today.days(until: end),
                        filterRemainingPercent: nil, overdue: today > end))
            }
        }
        return due
    }
}
