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

    /// The moment a local wall-clock time names. A time that the clocks skip
    /// (they go forward past it) or pass twice (they go back over it) names no
    /// one moment, so it is refused, saying which: the offset decides.
    static func moment(of date: CivilDate, hour: Int, minute: Int, second: Int) throws(FieldError) -> Timestamp {
        let wall = date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second
        switch reading(ofWall: wall) {
        case .moment(let moment):
            return moment
        case .skipped(let transition, let offsetBefore, let offsetAfter):
            throw FieldError(
                .skippedLocalTime(
                    wall: wallText(wall), zone: zoneName, from: clockText(transition.secondsSinceEpoch + offsetBefore),
                    to: clockText(transition.secondsSinceEpoch + offsetAfter)))
        case .repeated(let offsets):
            throw FieldError(.repeatedLocalTime(wall: wallText(wall), zone: zoneName, offsets: offsets.map(offsetText)))
        }
    }

    /// The first moment of a local calendar day, whatever the clocks do at
    /// its midnight: the moment they go forward to, when they skip it; the
    /// first of the two, when they pass it twice.
    public static func start(of date: CivilDate) -> Timestamp {
        let midnight = date.daysSinceEpoch * 86_400
        switch reading(ofWall: midnight) {
        case .moment(let moment): return moment
        case .skipped(let transition, _, _): return transition
        case .repeated(let offsets): return Timestamp(secondsSinceEpoch: midnight - offsets[offsets.count - 1])
        }
    }

    /// What a local wall-clock time names.
    enum Reading: Equatable {
        /// One moment, as almost every wall-clock time.
        case moment(Timestamp)
        /// None: at `transition` the clocks go forward from `offsetBefore`
        /// to `offsetAfter` seconds east of UTC, past the time.
        case skipped(transition: Timestamp, offsetBefore: Int, offsetAfter: Int)
        /// Two or more moments, one for each of these offsets (ascending).
        case repeated([Int])
    }

    /// Reads `wall`, a local wall-clock time as seconds since 1970-01-01
    /// 00:00 of the local calendar, by the C library's rules for the zone.
    ///
    /// For each offset in force within a day or so of the time, the moment
    /// `wall - offset` is a reading of it exactly when that offset is in
    /// force at that moment, that is, when `localtime_r` gives `wall` back.
    static func reading(ofWall wall: Int) -> Reading {
        func offset(_ seconds: Int) -> Int { LocalTime.offset(at: Timestamp(secondsSinceEpoch: seconds)) }
        let probes = Set([offset(wall - 86_400), offset(wall), offset(wall + 86_400)])
        let candidates = probes.union(probes.map { offset(wall - $0) })
        let offsets = candidates.filter { offset(wall - $0) == $0 }.sorted()
        if offsets.count == 1 { return .moment(Timestamp(secondsSinceEpoch: wall - offsets[0])) }
        if offsets.count > 1 { return .repeated(offsets) }
        // No offset gives the time back, so the clocks jump over it: the
        // moment `wall - largest` reads earlier than `wall`, the moment
        // `wall - smallest` reads later. Halve the span to the jump.
        func local(_ seconds: Int) -> Int { seconds + offset(seconds) }
        var before = wall - (candidates.max() ?? 0), after = wall - (candidates.min() ?? 0)
        while after - before > 1 {
            let middle = before + (after - before) / 2
            if local(middle) > wall { after = middle } else { before = middle }
        }
        return .skipped(transition: Timestamp(secondsSinceEpoch: after), offsetBefore: offset(before), offsetAfter: offset(after))
    }

    /// `2026-11-30 19:05 +11:00`: a moment as a person reads it, with the
    /// offset, so that a time copied from the screen means one instant.
    public static func text(of moment: Timestamp) -> String {
        let offset = offset(at: moment)
        let local = Timestamp(secondsSinceEpoch: moment.secondsSinceEpoch + offset).iso8601
        return local.prefix(10) + " " + local.dropFirst(11).prefix(5) + " " + offsetText(offset)
    }

    /// `+11:00`, `-03:30`: an offset as ISO 8601 writes it.
    static func offsetText(_ offset: Int) -> String {
        let minutes = abs(offset) / 60
        return (offset < 0 ? "-" : "+") + twoDigits(minutes / 60) + ":" + twoDigits(minutes % 60)
    }

    /// `2026-03-29 02:30`, with the seconds when there are any: a wall-clock
    /// time as a person typed it.
    static func wallText(_ wall: Int) -> String {
        CivilDate(daysSinceEpoch: Timestamp.floorDivide(wall, 86_400)).iso8601 + " " + clockText(wall)
    }

    /// `02:00`, with the seconds when there are any: the time of day of a
    /// wall-clock time.
    static func clockText(_ wall: Int) -> String {
        let second = wall - Timestamp.floorDivide(wall, 86_400) * 86_400
        return twoDigits(second / 3600) + ":" + twoDigits(second / 60 % 60) + (second % 60 == 0 ? "" : ":" + twoDigits(second % 60))
    }

    /// The zone's name for a message: `TZ` when it names a zone
    /// (`Europe/Berlin`, `:Europe/Berlin` or a path into a zoneinfo folder),
    /// else the zone /etc/localtime links to; `nil` when neither names one.
    static var zoneName: String? {
        if let value = getenv("TZ") {
            return zoneName(from: String(cString: value))
        }
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/etc/localtime", &buffer, buffer.count - 1)
        guard length > 0 else { return nil }
        let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard target.contains("zoneinfo/") else { return nil }
        return zoneName(from: target)
    }

    /// `Europe/Berlin` from `Europe/Berlin`, `:Europe/Berlin` or
    /// `/usr/share/zoneinfo/Europe/Berlin`; `nil` for a rule such as
    /// `CET-1CEST,M3.5.0,M10.5.0/3` or a path elsewhere.
    private static func zoneName(from text: String) -> String? {
        var name = Substring(text)
        if name.hasPrefix(":") { name = name.dropFirst() }
        if let range = name.firstRange(of: "zoneinfo/") { name = name[range.upperBound...] }
        func isLetter(_ byte: UInt8) -> Bool { (65...90).contains(byte) || (97...122).contains(byte) }
        guard let first = name.utf8.first, isLetter(first),
            name.utf8.allSatisfy({ isLetter($0) || (48...57).contains($0) || "/_+-".utf8.contains($0) })
        else { return nil }
        return String(name)
    }
}
