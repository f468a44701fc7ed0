import Foundation
import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore

/// The future-date checks at their exact edges, through the use cases, on a
/// logbook whose clock is fixed: the core decides them, the store only stores.
@Suite("Entries dated ahead of the clock: the allowance's edge, decided by the core")
struct EntryTimeLimitTests {
    let folder = TemporaryFolder()
    /// The fixed clock's now, 2026-06-15T12:00:00Z.
    static let now = fixedClock()

    /// A session on a fresh logbook in the folder, with the fixed clock.
    func session() -> Session {
        Session(actor: nil, logbook: OpenLogbook(path: folder.file("limit.sqlite"), clock: fixedClock))
    }

    /// `seconds` after the fixed now, in the form an input gives it.
    static func after(_ seconds: Int) -> String {
        Timestamp(secondsSinceEpoch: now.secondsSinceEpoch + seconds).iso8601
    }

    /// The use case `Case` read from `values` and run in `session`.
    @discardableResult
    func run<Case: UseCase>(_: Case.Type, _ values: [String: String], in session: Session) throws(LogbookError) -> Case.Output {
        try Case.run(InputValues(values.mapValues { .text($0) }), in: session).output
    }

    @Test("The limit is now and 5 minutes")
    func limit() {
        let limit = EntryTimeLimit(now: Self.now)
        #expect(EntryTimeLimit.clockSkewAllowance == 300)
        #expect(limit.latest.secondsSinceEpoch == Self.now.secondsSinceEpoch + 300)
    }

    @Test("A compressor run or cartridge change may be dated 5 minutes ahead; one second more is refused at field at")
    func compressorEntries() throws {
        let session = session()
        try run(AddCompressor.self, ["compressor": "Rig"], in: session)
        try run(RecordCompressorRun.self, ["compressor": "Rig", "hours": "1", "at": Self.after(300)], in: session)
        try run(RecordFilterChange.self, ["compressor": "Rig", "at": Self.after(300)], in: session)
        let late = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch + 301)
        for (useCase, values) in [
            (RecordCompressorRun.self as any UseCase.Type, ["compressor": "Rig", "hours": "1", "at": late.iso8601]),
            (RecordFilterChange.self, ["compressor": "Rig", "at": late.iso8601]),
        ] {
            #expect {
                try run(useCase, values, in: session)
            } throws: { error in
                let error = error as! LogbookError
                return error.reason == .entryInFuture(at: late, now: Self.now) && error.category == .invalid(field: "at")
            }
        }
        #expect(
            try shell("SELECT kind, at FROM compressor_log ORDER BY id", in: folder.file("limit.sqlite"))
                == "run|2026-06-15T12:05:00Z\nfilter|2026-06-15T12:05:00Z\n")
    }

    @Test("An air test may be dated today; tomorrow is refused at field at")
    func airTest() throws {
        let session = session()
        try run(AddCompressor.self, ["compressor": "Rig"], in: session)
        let sample = ["o2": "20.9", "co2": "300", "co": "1", "oil": "0.1", "water": "25", "pressure": "200"]
        try run(RecordAirTest.self, sample.merging(["compressor": "Rig", "at": "2026-06-15"]) { $1 }, in: session)
        #expect {
            try run(RecordAirTest.self, sample.merging(["compressor": "Rig", "at": "2026-06-16"]) { $1 }, in: session)
        } throws: { error in
            let error = error as! LogbookError
            guard case .entryInFuture(_, let now) = error.reason else { return false }
            return now == Self.now && error.category == .invalid(field: "at")
        }
        #expect(try shell("SELECT count(*) FROM air_tests", in: folder.file("limit.sqlite")) == "1\n")
    }

    @Test("A payment may be dated 5 minutes ahead; one second more is refused at field at")
    func payment() throws {
        let session = session()
        try run(AddPayment.self, ["member": "Ann Diver", "amount": "40", "at": Self.after(300)], in: session)
        let late = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch + 301)
        #expect {
            try run(AddPayment.self, ["member": "Ann Diver", "amount": "40", "at": late.iso8601], in: session)
        } throws: { error in
            let error = error as! LogbookError
            return error.reason == .invalidInput(FieldError(.inFuture(what: "payment time", late)))
                && error.category == .invalid(field: "at")
        }
        #expect(try shell("SELECT count(*) FROM payments", in: folder.file("limit.sqlite")) == "1\n")
    }

    @Test("An imported fill may be dated 5 minutes ahead; one second more is a bad row, and nothing is imported")
    func importedFill() throws {
        let header = "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason\r\n"
        func csv(_ filledAt: String) throws -> String {
            let path = folder.file("fills-\(filledAt).csv")
            try (header + ",\(filledAt),A,EAN 32,32,1.4,34,111,,,,,,,\r\n").write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }
        let session = session()
        let late = Self.after(301)
        #expect {
            try run(ImportFills.self, ["file": try csv(late)], in: session)
        } throws: { error in
            (error as! LogbookError).reason
                == .importRefused(
                    .badRows(
                        source: folder.file("fills-\(late).csv"),
                        first: .value(line: 2, column: "filled_at", value: late, problem: .inFuture), count: 1))
        }
        let imported = try run(ImportFills.self, ["file": try csv(Self.after(300))], in: session)
        #expect(imported.summary.imported == 1)
        #expect(try shell("SELECT filled_at FROM fills", in: folder.file("limit.sqlite")) == "2026-06-15T12:05:00Z\n")
    }

    @Test("A cylinder's inspection may be dated today; tomorrow is refused, adding or editing, after the cylinder is found, and nothing is written")
    func inspectionDates() throws {
        let session = session()
        try run(AddCylinder.self, ["cylinder": "Club 07", "hydro": "2026-06-15", "visual": "2026-06-15"], in: session)
        for (useCase, values, kind) in [
            (AddCylinder.self as any UseCase.Type, ["cylinder": "Club 08", "hydro": "2026-06-16"], Logbook.DueInspection.Kind.hydro),
            (EditCylinder.self, ["cylinder": "Club 07", "visual": "2026-06-16"], .visual),
        ] {
            #expect {
                try run(useCase, values, in: session)
            } throws: { error in
                (error as! LogbookError).reason == .inspectionInFuture(kind, CivilDate(year: 2026, month: 6, day: 16)!)
            }
        }
        // A cylinder that is already there, or not there, is refused as such first, as before the check moved to the core.
        let tomorrow = ["hydro": "2026-06-16"]
        #expect(
            reason { () throws(LogbookError) in try run(AddCylinder.self, tomorrow.merging(["cylinder": "Club 07"]) { $1 }, in: session) }
                == .cylinderExists("Club 07"))
        #expect(
            reason { () throws(LogbookError) in try run(EditCylinder.self, tomorrow.merging(["cylinder": "Club 09"]) { $1 }, in: session) }
                == .unknownCylinder("Club 09"))
        #expect(
            try shell("SELECT name, hydro_date, visual_date FROM cylinders", in: folder.file("limit.sqlite"))
                == "Club 07|2026-06-15|2026-06-15\n")
    }
}
