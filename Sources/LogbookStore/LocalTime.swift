import Glibc

/// What a person types and reads is local time: the `TZ` environment
/// variable's rules, through the C library. The database, CSV and JSON stay
/// in UTC; only the edges of the program convert.
public enum LocalTime {
    /// Seconds east of UTC in force at `moment`, daylight saving included.
    public static func offset(at moment: Timestamp) -> Int {
        var seconds = time_t(moment.secondsSinceEpoch)
        var fields = tm()
        guard localtime_r(&seconds, &fields) != nil else { return 0 }
        return Int(fields.tm_gmtoff)
    }

    /// The local calendar date at `moment`.
    public static func date(of moment: Timestamp) -> CivilDate {
        CivilDate(daysSinceEpoch: Timestamp.floorDivide(moment.secondsSinceEpoch + offset(at: moment), 86_400))
    }

    /// The moment a local wall-clock time names. A time that a daylight-saving
    /// change skips is read as the C library reads it (moved forward); `nil`
    /// when the C library cannot represent it.
    static func moment(of date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Timestamp? {
        var fields = tm()
        fields.tm_year = Int32(date.year - 1900)
        fields.tm_mon = Int32(date.month - 1)
        fields.tm_mday = Int32(date.day)
        fields.tm_hour = Int32(hour)
        fields.tm_min = Int32(minute)
        fields.tm_sec = Int32(second)
        fields.tm_isdst = -1
        let seconds = mktime(&fields)
        return seconds == -1 ? nil : Timestamp(secondsSinceEpoch: Int(seconds))
    }

    /// The first moment of a local calendar day.
    public static func start(of date: CivilDate) -> Timestamp {
        moment(of: date) ?? Timestamp(secondsSinceEpoch: date.daysSinceEpoch * 86_400)
    }

    /// `2026-11-30 19:05 +11:00`: a moment as a person reads it, with the
    /// offset, so that a time copied from the screen means one instant.
    public static func text(of moment: Timestamp) -> String {
        let offset = offset(at: moment)
        let local = Timestamp(secondsSinceEpoch: moment.secondsSinceEpoch + offset).iso8601
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "-" : "+"
        return local.prefix(10) + " " + local.dropFirst(11).prefix(5) + " " + sign
            + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }
}
