import GaslogCore
import NitroxCalculator
import Testing

@testable import LogbookStore

/// How a name finds its cylinder: by its current name, or by one it had
/// before a rename, and the facts a front end warns or refuses with.
@Suite("Resolving a cylinder's name: current, earlier, ambiguous")
struct CylinderResolutionTests {
    let folder = TemporaryFolder()

    @Test("An earlier name resolves to its cylinder and says so; the current name says nothing")
    func earlierNameResolves() throws {
        let path = folder.file("earlier.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        let old = try CylinderName(parsing: "Club 04"), new = try CylinderName(parsing: "Club 04 Yellow")
        try logbook.addCylinder(old, CylinderChanges(isOxygenClean: false), actor: nil)
        // Membrane nitrox, topped off with EAN 32: no pure oxygen goes into a cylinder that is not oxygen-clean (#35).
        try logbook.recordFill(try fill("Club 04", "32", at: "2026-06-01T10:00:00Z", topOff: "32"))
        try logbook.renameCylinder(old, to: new, actor: nil)

        let byOld = try logbook.resolveCylinder(try CylinderName(parsing: "club 04"))
        #expect(byOld.cylinder.name == "Club 04 Yellow")
        #expect(byOld.earlierName == EarlierName(name: "club 04", cylinder: "Club 04 Yellow"))
        #expect(try logbook.resolveCylinder(new).earlierName == nil)
        #expect(EarlierName(asked: old, current: "Club 04 Yellow")?.cylinder == "Club 04 Yellow")
        #expect(EarlierName(asked: try CylinderName(parsing: "CLUB 04 yellow"), current: "Club 04 Yellow") == nil)

        // The fill by the old name is a fill of that cylinder, and says so.
        let outcome = try logbook.recordFill(try fill("Club 04", "36", at: "2026-06-02T10:00:00Z", topOff: "36"))
        #expect(outcome.record.cylinder == "Club 04 Yellow")
        #expect(outcome.earlierName == EarlierName(name: "Club 04", cylinder: "Club 04 Yellow"))
        #expect(try rows("SELECT count(*), count(DISTINCT cylinder_id) FROM fills", in: path) == [["2", "1"]])
        // Its checks apply: EAN 50 in a cylinder that is not oxygen-clean.
        let refused = reason { () throws(LogbookError) in try logbook.recordFill(try! fill("Club 04", "50")) }
        guard case .refused(let carried)? = refused, let refusal = carried.detail as? FillRefusal else {
            Issue.record("expected a refusal, got \(String(describing: refused))")
            return
        }
        #expect(refusal.cylinder == "Club 04 Yellow" && carried.rules == ["not_oxygen_clean"])
        #expect(try logbook.history(FillQuery(cylinder: old)).map(\.id) == [2, 1])
        #expect(try logbook.currentGas(of: old).fill?.id == 2)

        // No cylinder is added under it.
        #expect(
            reason { () throws(LogbookError) in try logbook.addCylinder(old, CylinderChanges(), actor: nil) }
                == .earlierNameInUse("Club 04", cylinders: ["Club 04 Yellow"]))
        #expect(try rows("SELECT count(*) FROM cylinders", in: path) == [["1"]])
    }

    @Test("An earlier name of two cylinders that no cylinder has now means neither")
    func ambiguousEarlierName() throws {
        let path = folder.file("ambiguous.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        let x = try CylinderName(parsing: "X")
        for (first, now) in [("B", "Bravo"), ("A", "Alpha")] {
            try logbook.addCylinder(try CylinderName(parsing: first), CylinderChanges(), actor: nil)
            try logbook.renameCylinder(try CylinderName(parsing: first), to: x, actor: nil)
            try logbook.renameCylinder(x, to: try CylinderName(parsing: now), actor: nil)
        }
        let ambiguous = LogbookError.Reason.ambiguousEarlierName("X", cylinders: ["Alpha", "Bravo"])
        #expect(reason { () throws(LogbookError) in _ = try logbook.resolveCylinder(x) } == ambiguous)
        #expect(reason { () throws(LogbookError) in try logbook.recordFill(try! fill("X", "32")) } == ambiguous)
        #expect(reason { () throws(LogbookError) in _ = try logbook.history(FillQuery(cylinder: x)) } == ambiguous)
        #expect(LogbookError(ambiguous).category == .refused(rules: []))
        #expect(
            reason { () throws(LogbookError) in try logbook.addCylinder(x, CylinderChanges(), actor: nil) }
                == .earlierNameInUse("X", cylinders: ["Alpha", "Bravo"]))
        #expect(try rows("SELECT count(*) FROM cylinders", in: path) == [["2"]])
        #expect(try rows("SELECT count(*) FROM fills", in: path) == [["0"]])
        // A cylinder that takes the name now is what it means.
        try logbook.renameCylinder(try CylinderName(parsing: "Alpha"), to: x, actor: nil)
        #expect(try logbook.resolveCylinder(x).earlierName == nil)
    }
}
