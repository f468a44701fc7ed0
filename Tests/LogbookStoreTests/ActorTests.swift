import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("The actor is an argument: each write names its own account, and nothing carries over to the next")
struct ActorTests {
    let folder = TemporaryFolder()

    @Test("Writes on one logbook with different actors: each entry has its own, and nil after an account is the command line")
    func twoWritesTwoActors() throws {
        let path = folder.file("actors.sqlite")
        // One logbook, as a server's thread keeps one for every request it serves.
        let logbook = Logbook(path: path, clock: fixedClock)
        try logbook.addCylinder(CylinderName(parsing: "Club 01"), CylinderChanges(), actor: "ana")
        try logbook.addCylinder(CylinderName(parsing: "Club 02"), CylinderChanges(), actor: "bo")
        try logbook.addCylinder(CylinderName(parsing: "Club 03"), CylinderChanges(), actor: nil)
        #expect(
            try shell("SELECT id, quote(actor), kind, subject FROM audit ORDER BY id", in: path)
                == "1|'ana'|cylinder add|cylinder 1\n2|'bo'|cylinder add|cylinder 2\n3|''|cylinder add|cylinder 3\n")
    }

    @Test("Every write that the trail records takes its actor, alternating accounts and the command line")
    func everyWrite() throws {
        let path = folder.file("every.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        let club = try CylinderName(parsing: "Club 01")
        let ali = try AccountName(parsing: "ali")
        var request = try fill("Club 01", "32", at: "2026-06-01T10:00:00Z")
        let csv = FillLogFormat.baseColumns.joined(separator: ",") + "\n" + ",2026-06-02T10:00:00Z,Club 09,,32,1.4,,,,,,,,,\n"
        try logbook.addCylinder(club, CylinderChanges(), actor: "ana")
        try logbook.editCylinder(club, CylinderChanges(owner: "Club"), actor: nil)
        request.recordedBy = "bo"
        let filled = try logbook.recordFill(request).record
        request.recordedBy = nil
        request.filledAt = try Timestamp(parsing: "2026-06-01T11:00:00Z")
        try logbook.recordFill(request)
        try logbook.voidFill(id: filled.id, reason: "wrong cylinder", voidedBy: "cy")
        try logbook.set(.unit, to: "imperial", actor: nil)
        try logbook.setUnitPreference(.metric, actor: "ana")
        try logbook.renameCylinder(club, to: CylinderName(parsing: "Club 1"), actor: nil)
        try logbook.retireCylinder(CylinderName(parsing: "Club 1"), reason: "dented", actor: "bo")
        try logbook.reinstateCylinder(CylinderName(parsing: "Club 1"), reason: "repaired", actor: nil)
        try logbook.addAccount(ali, role: .blender, passwordHash: "$argon2id$v=19$x", actor: "ana")
        try logbook.setRole(.admin, of: ali, actor: nil)
        try logbook.setPasswordHash("$argon2id$v=19$y", of: ali, actor: "cy")
        let token = try logbook.createToken(for: ali, label: "ci", tokenHash: String(repeating: "0f", count: 32), actor: nil)
        try logbook.revokeToken(id: token.id, actor: "bo")
        try logbook.createToken(for: ali, label: "ci 2", tokenHash: String(repeating: "1e", count: 32), actor: "ana")
        try logbook.addAccount(AccountName(parsing: "root"), role: .admin, passwordHash: "$argon2id$v=19$z", actor: nil)
        try logbook.removeAccount(ali, actor: "dee")
        _ = try logbook.importFills(from: ByteStream(bytes: Array(csv.utf8), name: "fills"), actor: "eve")
        _ = try logbook.importFills(from: ByteStream(bytes: Array(csv.utf8), name: "fills"), actor: nil)
        try logbook.recordFill(fill("Club 10", "36", at: "2026-06-03T10:00:00Z"))

        #expect(
            try shell("SELECT quote(actor), kind, subject FROM audit ORDER BY id", in: path) == """
                'ana'|cylinder add|cylinder 1
                ''|cylinder edit|cylinder 1
                'bo'|fill|fill 1
                'bo'|charge|charge 1
                ''|fill|fill 2
                ''|charge|charge 2
                'cy'|void|void 1
                ''|setting|setting unit
                'ana'|setting|setting unit
                ''|cylinder rename|cylinder 1
                'bo'|cylinder retire|cylinder 1
                ''|cylinder reinstate|cylinder 1
                'ana'|account add|account 1
                ''|account role|account 1
                'cy'|account password|account 1
                ''|token create|token 1
                'bo'|token revoke|token 1
                'ana'|token create|token 2
                ''|account add|account 2
                'dee'|token revoke|token 2
                'dee'|account remove|account 1
                'eve'|cylinder add|cylinder 2
                'eve'|fill|fill 3
                ''|cylinder add|cylinder 3
                ''|fill|fill 4
                ''|charge|charge 4

                """)
        // The fills keep their accounts too, and the trail holds.
        let accounts = "SELECT f.id, quote(f.recorded_by), quote(v.voided_by) FROM fills f LEFT JOIN voids v ON v.fill_id = f.id ORDER BY f.id"
        #expect(try shell(accounts, in: path) == "1|'bo'|'cy'\n2|NULL|NULL\n3|NULL|NULL\n4|NULL|NULL\n")
        // The imports charge nothing: each fill recorded here has its charge.
        #expect(try logbook.verifyAudit().entries == 26)
    }
}
