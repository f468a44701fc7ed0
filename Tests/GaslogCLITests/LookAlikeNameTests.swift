import Foundation
import Testing

@testable import LogbookStore

/// Names that look alike are one name, and a new name that could pass for
/// another is refused; a logbook from before is rekeyed and still verifies.
@Suite("Names that cannot pass for another")
struct LookAlikeNameTests {
    let sandbox = Sandbox()

    static let refusals: [(name: String, message: String)] = [
        ("Сlub 03", "invalid cylinder name 'Сlub 03': it mixes Cyrillic with Latin in one word ('С', U+0421)"),
        ("Club\u{200D}03", "it holds the invisible zero-width joiner U+200D outside an emoji sequence"),
        ("Club\u{200C}03", "it holds the invisible zero-width non-joiner U+200C outside an emoji sequence"),
        ("Club\u{2028}03", "it holds the line separator U+2028"),
        ("Club\u{2029}03", "it holds the paragraph separator U+2029"),
        ("Τank 1", "mixes Greek with Latin in one word ('Τ', U+03A4)"),
    ]

    @Test("cylinder add, fill, cylinder rename and user add refuse each with exit 64, naming the character; nothing is written")
    func refused() {
        #expect(sandbox.gaslog("cylinder", "add", "Club 01").status == 0)
        #expect(sandbox.gaslog("user", "add", "ali", "--role", "admin", "--password-stdin", input: "long enough password\n").status == 0)
        let before = sandbox.dump()
        for (name, message) in Self.refusals {
            for arguments in [
                ["cylinder", "add", "--", name], ["fill", "--o2", "32", "--", name], ["cylinder", "rename", "--", "Club 01", name],
            ] {
                let result = sandbox.run(arguments)
                #expect(result.status == 64 && result.stderr.contains(message), "\(arguments): \(result)")
            }
            let account = sandbox.gaslog("user", "add", "--role", "reader", "--password-stdin", "--", name, input: "long enough password\n")
            #expect(account.status == 64 && account.stderr.contains("invalid account name"), "\(account)")
            #expect(account.stderr.contains(message.replacingOccurrences(of: "invalid cylinder name '\(name)': ", with: "")), "\(account)")
        }
        #expect(sandbox.dump() == before)
    }

    @Test("ＣＬＵＢ 03 is Club 03 in mod and fill, Straße is STRASSE, and an emoji name is a name")
    func oneName() throws {
        #expect(sandbox.gaslog("cylinder", "add", "--o2-clean", "--", "Club 03").status == 0)
        let filled = sandbox.gaslog("fill", "ＣＬＵＢ 03", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00:00Z")
        #expect(filled.status == 0 && filled.stdout.hasPrefix("Club 03: EAN 32") && !filled.stderr.contains("earlier name"), "\(filled)")
        let mod = sandbox.gaslog("mod", "ＣＬＵＢ 03")
        #expect(mod.status == 0 && mod.stdout.hasPrefix("Club 03: EAN 32") && !mod.stderr.contains("earlier name"), "\(mod)")
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "1")

        #expect(sandbox.gaslog("cylinder", "add", "Straße").status == 0)
        let again = sandbox.gaslog("cylinder", "add", "STRASSE")
        #expect(again.status != 0 && again.stderr.contains("Straße"), "\(again)")
        #expect(sandbox.gaslog("cylinder", "show", "strasse").stdout.contains("Straße"))

        let zwj = sandbox.gaslog("mod", "Cl\u{200D}ub 03")
        #expect(zwj.status == 0 && zwj.stdout.hasPrefix("Club 03"), "a joiner is ignored when a name is looked up: \(zwj)")

        let emoji = sandbox.gaslog("cylinder", "add", "Tank 👨‍👩‍👧")
        #expect(emoji.status == 0, "\(emoji)")
        #expect(sandbox.query("SELECT name FROM cylinders ORDER BY id DESC LIMIT 1") == "Tank 👨‍👩‍👧")
    }

    @Test("A schema-8 logbook whose names clash only under NFKC_Casefold: one is renamed and recorded, verify passes, old names resolve")
    func upgrade() throws {
        do {
            let database = try Database(path: sandbox.db, mode: .readWriteCreate)
            try Migrator.migrate(database, migrations: Array(Migration.all.prefix(8)))
        }
        // Written with the sqlite3 shell, as gaslog 8 keyed them (NFC and
        // lower case), then backfilled into the trail as schema 8 does.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [
            sandbox.db,
            """
            INSERT INTO cylinders (id, name, name_key, created_at, o2_clean) VALUES
                (1, 'Club 03', 'club 03', '2025-01-01T00:00:00Z', 1),
                (2, 'ＣＬＵＢ 03', 'ｃｌｕｂ 03', '2025-01-01T00:00:00Z', 1),
                (3, 'Сlub 04', 'сlub 04', '2025-01-01T00:00:00Z', 1);
            INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
            VALUES (1, 2, '2025-01-02T00:00:00Z', 320, 140, 'EAN 32', 34, 111, '2025-01-02T00:00:05Z'),
                   (2, 3, '2025-01-02T00:00:00Z', 360, 140, 'EAN 36', 29, 95, '2025-01-02T00:00:05Z');
            """,
        ]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        do {
            let database = try Database(path: sandbox.db, mode: .readWrite)
            try database.writeTransaction { database in try AuditTrail.backfill(database, now: sandbox.now) }
        }
        #expect(sandbox.query("PRAGMA user_version") == "8")

        let verify = sandbox.gaslog("verify")
        #expect(verify.status == 0, "\(verify)")
        #expect(sandbox.query("PRAGMA user_version") == String(Migration.latestVersion))
        #expect(sandbox.query("SELECT name FROM cylinders ORDER BY id") == "Club 03\nＣＬＵＢ 03 #2\nСlub 04")
        #expect(sandbox.query("SELECT old_name || ' > ' || new_name FROM cylinder_events WHERE kind = 'renamed'") == "ＣＬＵＢ 03 > ＣＬＵＢ 03 #2")
        #expect(sandbox.query("SELECT kind || ', ' || subject FROM audit ORDER BY id DESC LIMIT 1") == "cylinder rename, cylinder 2")

        // The renamed cylinder keeps its fill; ＣＬＵＢ 03 now means Club 03.
        let renamed = sandbox.gaslog("mod", "ＣＬＵＢ 03 #2")
        #expect(renamed.status == 0 && renamed.stdout.hasPrefix("ＣＬＵＢ 03 #2: EAN 32"), "\(renamed)")
        let club = sandbox.gaslog("mod", "ＣＬＵＢ 03")
        #expect(club.status != 0 || club.stdout.hasPrefix("Club 03"), "\(club)")
        // The name with a Cyrillic letter stays valid: it resolves, and takes fills.
        let cyrillic = sandbox.gaslog("mod", "Сlub 04")
        #expect(cyrillic.status == 0 && cyrillic.stdout.hasPrefix("Сlub 04: EAN 36"), "\(cyrillic)")
        #expect(sandbox.gaslog("fill", "Сlub 04", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00:00Z").status == 0)
        #expect(sandbox.gaslog("verify").status == 0)
    }
}
