import GaslogCore
import LogbookStore
import Testing

/// The core words the store's facts: the sentences the store's own tests
/// once read from the store, now made once in the core for every front end.
@Suite("The core words the store's facts")
struct ErrorWordingTests {
    @Test("A database from a newer gaslog, cut short, or with fills that lost their cylinder, in words")
    func unusableDatabase() {
        let newer = LogbookError(.databaseUnusable(.newerSchema(path: "/logs/club.sqlite", version: Migration.latestVersion + 1)))
        #expect(
            newer.message
                == "database /logs/club.sqlite has schema version \(Migration.latestVersion + 1), newer than this gaslog knows "
                + "(\(Migration.latestVersion)); use a newer gaslog; the file was left untouched")
        let cut = LogbookError(.databaseUnusable(.truncated(path: "/logs/club.sqlite", size: 4096, expected: 8192)))
        #expect(
            cut.message == "database /logs/club.sqlite is truncated (4096 of 8192 bytes); gaslog left it untouched; restore it from a backup")
        let lost = LogbookError(.databaseUnusable(.fillsWithoutCylinder(Array(stride(from: 1, through: 31, by: 3)))))
        #expect(
            lost.message
                == "fills 1, 4, 7, 10, 13, 16, 19, 22, 25, 28 and more have no cylinder in the database: the database was changed "
                + "outside gaslog; nothing is shown rather than a log with fills left out")
        #expect(
            LogbookError(.databaseUnusable(.fillsWithoutCylinder([7]))).message.hasPrefix("fill 7 has no cylinder in the database"))
    }

    @Test("A fill dated beyond the clock-skew allowance says the time, the clock's now and the allowance")
    func fillInFuture() {
        let now = Timestamp(secondsSinceEpoch: 1_800_000_000)
        let later = Timestamp(secondsSinceEpoch: now.secondsSinceEpoch + 301)
        let message = LogbookError(.fillInFuture(filledAt: later, now: now)).message
        #expect(
            message
                == "the fill time \(LocalTime.text(of: later)) is in the future: it is now \(LocalTime.text(of: now)), "
                + "and a fill may be dated at most 5 minutes ahead, for clock differences")
    }

    @Test("A value that breaks a field's rules names the field, the value and what is accepted")
    func fieldError() {
        #expect(
            FieldError(.invalid(what: "id", value: "x", expected: .wholeNumberAtLeast(1))).message
                == "invalid id 'x': expected a whole number of at least 1")
        #expect(
            FieldError(.invalidText(what: "note", value: nil, .tooManyCharacters(count: 501, maximum: 500))).message
                == "invalid note: it has 501 characters; expected at most 500")
    }

    @Test("An import's refusal names the file, the first bad row and how many more")
    func importRefusal() {
        let row = ImportRowFault.value(line: 3, column: "he", value: "x", problem: .field(FieldError(.expected(.heliumPercentage))))
        #expect(
            LogbookError(.importRefused(.badRows(source: "fills.csv", first: row, count: 3))).message
                == "fills.csv: line 3, column he, value 'x': expected a helium percentage from 0 to 95 with at most one decimal "
                + "(and 2 more bad rows); nothing was imported")
        let csv = CSVReader.Failure(line: 4, fault: .unclosedQuote)
        #expect(
            LogbookError(.importRefused(.malformed(source: "fills.csv", csv))).message
                == "fills.csv: line 4: a quoted field that starts here is never closed; nothing was imported")
    }
}
