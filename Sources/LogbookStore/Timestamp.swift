import Glibc
import NitroxCalculator

/// A moment to the second, written in UTC as `2026-11-29T19:00:00Z`.
///
/// Foundation's date types would pull ICU onto the start-up path, and a fill
/// time needs none of it: the civil-calendar arithmetic below is Howard
/// Hinnant's `days_from_civil`, exact for the proleptic Gregorian calendar.
public struct Timestamp: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSinceEpoch: Int

    /// The moment `secondsSinceEpoch` seconds after 1970-01-01T00:00:00Z.
    public init(secondsSinceEpoch: Int) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// The current moment by the system clock, to the second.
    public static func now() -> Timestamp {
        Timestamp(secondsSinceEpoch: Int(time(nil)))
    }

    /// Orders moments, earliest first.
    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    /// The moment `days` times 86,400 seconds later.
    public func adding(days: Int) -> Timestamp {
        Timestamp(secondsSinceEpoch: secondsSinceEpoch + days * 86_400)
    }

    /// The UTC calendar date, as stored times write it.
    var utcDate: CivilDate {
        CivilDate(daysSinceEpoch: Timestamp.floorDivide(secondsSinceEpoch, 86_400))
    }

    /// The local calendar date: what "today" and a fill's date mean to a person.
    public var localDate: CivilDate { LocalTime.date(of: self) }

    /// `2026-11-29T19:00:00Z`, the only form the logbook stores.
    public var iso8601: String {
        let date = utcDate
        let secondOfDay = secondsSinceEpoch - date.daysSinceEpoch * 86_400
        // Written digit by digit: an import formats one per row.
        var bytes: [UInt8] = Array("0000-00-00T00:00:00Z".utf8)
        func put(_ value: Int, at offset: Int, width: Int) {
            var value = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(date.year, at: 0, width: 4)
        put(date.month, at: 5, width: 2)
        put(date.day, at: 8, width: 2)
        put(secondOfDay / 3600, at: 11, width: 2)
        put(secondOfDay / 60 % 60, at: 14, width: 2)
        put(secondOfDay % 60, at: 17, width: 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The ISO 8601 form the logbook stores.
    public var description: String { iso8601 }

    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Reads an ISO 8601 time or a date alone.
    ///
    /// - A date alone is the first moment of that local day, whatever the
    ///   clocks do at its midnight.
    /// - A time with `Z` or an offset is converted to UTC.
    /// - A time without an offset is local time, as ISO 8601 defines it. One
    ///   that does not exist in the local zone (the clocks go forward past it)
    ///   or that happens twice (they go back over it) is refused.
    /// - Fractions of a second are dropped; `T` may be a space.
    ///
    /// Days that do not exist, such as 2026-02-30, are refused.
    public init(parsing text: String) throws(FieldError) {
        guard let seconds = try Timestamp.secondsSinceEpoch(parsing: text) else {
            throw FieldError(.invalid(what: "time", value: text, expected: .time))
        }
        self.init(secondsSinceEpoch: seconds)
    }

    /// The moment `text` names; `nil` when it is not in an accepted form.
    private static func secondsSinceEpoch(parsing text: String) throws(FieldError) -> Int? {
        var reader = DigitReader(text)
        guard let date = reader.date() else { return nil }
        if reader.isAtEnd {
            return LocalTime.start(of: date).secondsSinceEpoch
        }
        guard reader.consume("T") || reader.consume("t") || reader.consume(" "),
            let hour = reader.number(digits: 2), hour < 24,
            reader.consume(":"), let minute = reader.number(digits: 2), minute < 60
        else { return nil }
        var second = 0
        if reader.consume(":") {
            guard let value = reader.number(digits: 2), value < 60 else { return nil }
            second = value
            if reader.consume(".") || reader.consume(",") {
                guard reader.skipDigits() > 0 else { return nil }
            }
        }
        let localSeconds = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        if reader.consume("Z") || reader.consume("z") {
            return reader.isAtEnd ? localSeconds : nil
        } else if reader.isAtEnd {
            return try LocalTime.moment(of: date, hour: hour, minute: minute, second: second).secondsSinceEpoch
        } else {
            let sign: Int
            if reader.consume("+") { sign = 1 } else if reader.consume("-") { sign = -1 } else { return nil }
            guard let offsetHours = reader.number(digits: 2), offsetHours <= 14 else { return nil }
            var offsetMinutes = 0
            if !reader.isAtEnd {
                _ = reader.consume(":")
                guard let minutes = reader.number(digits: 2), minutes < 60 else { return nil }
                offsetMinutes = minutes
            }
            guard reader.isAtEnd else { return nil }
            return localSeconds - sign * (offsetHours * 3600 + offsetMinutes * 60)
        }
    }
}

/// A day of the proleptic Gregorian calendar.
public struct CivilDate: Sendable, Hashable, Comparable {
    /// The year, 1900 to 9999.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// Years a logbook can sensibly hold; also keeps the arithmetic small.
    public static let years = 1900...9999

    /// The date, if it exists and its year is within ``years``.
    public init?(year: Int, month: Int, day: Int) {
        guard CivilDate.years.contains(year), (1...12).contains(month),
            (1...CivilDate.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = Timestamp.floorDivide(z, 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01, negative before it.
    public var daysSinceEpoch: Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = Timestamp.floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// Whether `year` has a 29 February in the Gregorian calendar.
    public static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days in `month` of `year`.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// The same day `months` later, or the month's last day when it is
    /// shorter: 2024-02-29 plus 12 months is 2025-02-28, the earlier and so
    /// the safer due date.
    public func adding(months: Int) -> CivilDate {
        let monthIndex = year * 12 + (month - 1) + months
        let newYear = monthIndex / 12, newMonth = monthIndex % 12 + 1
        return CivilDate(year: newYear, month: newMonth, day: min(day, CivilDate.daysIn(month: newMonth, year: newYear)))
            ?? self
    }

    /// The date `days` later, or earlier when negative.
    public func adding(days: Int) -> CivilDate {
        CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Days from this date to `other`, negative when `other` is earlier.
    public func days(until other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }

    /// `2026-11-29`, as dates are stored and shown.
    public var iso8601: String {
        String(year) + "-" + twoDigits(month) + "-" + twoDigits(day)
    }

    /// Orders dates, earliest first.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.daysSinceEpoch < rhs.daysSinceEpoch
    }

    /// Reads `YYYY-MM-DD` exactly.
    public init(parsing text: String) throws(FieldError) {
        var reader = DigitReader(text)
        guard let date = reader.date(), reader.isAtEnd else {
            throw FieldError(.invalid(what: "date", value: text, expected: .date))
        }
        self = date
    }
}

func twoDigits(_ value: Int) -> String {
    value < 10 ? "0" + String(value) : String(value)
}

/// Reads fixed-width ASCII digits and punctuation from the front of a string.
private struct DigitReader {
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        bytes = Array(text.utf8)
    }

    var isAtEnd: Bool { position == bytes.count }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    mutating func consume(_ character: Unicode.Scalar) -> Bool {
        guard current == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    mutating func number(digits: Int) -> Int? {
        var value = 0
        for _ in 0..<digits {
            guard let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            position += 1
        }
        return value
    }

    mutating func skipDigits() -> Int {
        var count = 0
        while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            position += 1
            count += 1
        }
        return count
    }

    mutating func date() -> CivilDate? {
        guard let year = number(digits: 4), consume("-"),
            let month = number(digits: 2), consume("-"),
            let day = number(digits: 2)
        else { return nil }
        return CivilDate(year: year, month: month, day: day)
    }
}
