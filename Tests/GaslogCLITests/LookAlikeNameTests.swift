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

    @Test(
        "#36: beside Club 01, cylinder add and rename refuse the issue's look-alikes with 65, naming Club 01; nothing is written",
        arguments: ["Club \u{039F}1", "Club 0\u{0399}", "\u{13DF}lub 01", "\u{A4DA}lub 01", "Cl\u{057D}b 01", "Clu\u{0185} 01"])
    func confusableCylinders(name: String) {
        #expect(sandbox.gaslog("cylinder", "add", "Club 01").status == 0)
        #expect(sandbox.gaslog("cylinder", "add", "Club 02").status == 0)
        let before = sandbox.dump()
        for arguments in [["cylinder", "add", "--", name], ["fill", "--o2", "32", "--", name], ["cylinder", "rename", "--", "Club 02", name]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 65, "\(arguments): \(result)")
            #expect(
                result.stderr.hasPrefix(
                    "error: '\(name)' could pass for the cylinder 'Club 01', already registered: the two look alike (they have one UTS #39 skeleton)"),
                "\(result.stderr)")
        }
        #expect(sandbox.dump() == before)
        // An earlier name is in the namespace too.
        #expect(sandbox.gaslog("cylinder", "rename", "Club 01", "Club 11").status == 0)
        let earlier = sandbox.run(["cylinder", "add", "--", name])
        #expect(earlier.status == 65 && earlier.stderr.contains("could pass for the earlier name of cylinder 'Club 11' 'Club 01'"), "\(earlier)")
    }

    @Test("#36: without a look-alike registered, a word of mixed scripts is refused with 64, naming the character")
    func mixedScriptNames() {
        let cases = [
            ("\u{13DF}lub 01", "it mixes Cherokee with Latin in one word ('\u{13DF}', U+13DF)"),
            ("\u{A4DA}lub 01", "it mixes Lisu with Latin in one word ('\u{A4DA}', U+A4DA)"),
            ("Cl\u{057D}b 01", "it mixes Armenian with Latin in one word ('\u{057D}', U+057D)"),
        ]
        for (name, message) in cases {
            let result = sandbox.run(["cylinder", "add", "--", name])
            #expect(result.status == 64 && result.stderr.contains(message), "\(result)")
        }
        #expect(sandbox.gaslog("cylinder", "add", "東京タワー").status == 0)
        #expect(!FileManager.default.fileExists(atPath: sandbox.db) || sandbox.query("SELECT name FROM cylinders") == "東京タワー")
    }

    @Test("#36: two spaces in a row, '.' and '..' are refused with 64; leading and trailing spaces are trimmed")
    func spacesAndDots() {
        for name in ["Club  01", ".", ".."] {
            let result = sandbox.run(["cylinder", "add", "--", name])
            #expect(result.status == 64 && result.stderr.hasPrefix("error: invalid cylinder name '\(name)'"), "\(result)")
            let compressor = sandbox.run(["compressor", "add", "--", name])
            #expect(compressor.status == 64, "\(compressor)")
        }
        #expect(sandbox.gaslog("cylinder", "add", "--", "  Club 01 ").status == 0)
        #expect(sandbox.query("SELECT name FROM cylinders") == "Club 01")
    }

    @Test("#36: the account ꓑaul is refused (64, mixed scripts; 65 beside Paul), and a compressor look-alike with 65")
    func accountsAndCompressors() {
        let password = "correct horse battery\n"
        let alone = sandbox.gaslog("user", "add", "\u{A4D1}aul", "--role", "admin", "--password-stdin", input: password)
        #expect(alone.status == 64 && alone.stderr.contains("it mixes Lisu with Latin in one word ('\u{A4D1}', U+A4D1)"), "\(alone)")
        #expect(sandbox.gaslog("user", "add", "Paul", "--role", "admin", "--password-stdin", input: password).status == 0)
        let beside = sandbox.gaslog("user", "add", "\u{A4D1}aul", "--role", "admin", "--password-stdin", input: password)
        #expect(beside.status == 65 && beside.stderr.contains("could pass for the account 'Paul'"), "\(beside)")
        #expect(sandbox.gaslog("compressor", "add", "Bauer 01").status == 0)
        let compressor = sandbox.gaslog("compressor", "add", "Bauer \u{039F}1")
        #expect(compressor.status == 65 && compressor.stderr.contains("could pass for the compressor 'Bauer 01'"), "\(compressor)")
        // A cylinder may look like a compressor: the namespaces are apart.
        #expect(sandbox.gaslog("cylinder", "add", "Bauer \u{039F}1").status == 0)
    }

    @Test("#36: names already in the log that the new rules refuse stay valid and still resolve")
    func existingNamesStay() {
        #expect(sandbox.gaslog("cylinder", "add", "Club 01").status == 0)
        let inserted = sandbox.shell(
            """
            INSERT INTO cylinders (id, name, name_key, created_at, o2_clean) VALUES
                (2, 'Club \u{039F}1', 'club \u{03BF}1', '2025-01-01T00:00:00Z', 1),
                (3, '..', '..', '2025-01-01T00:00:00Z', 1),
                (4, 'Club  02', 'club  02', '2025-01-01T00:00:00Z', 1);
            """)
        #expect(inserted.status == 0, "\(inserted.stderr)")
        for name in ["Club \u{039F}1", "..", "Club  02"] {
            let filled = sandbox.gaslog("fill", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00:00Z", "--", name)
            #expect(filled.status == 0 && filled.stdout.hasPrefix("\(name): EAN 32"), "\(name): \(filled)")
            let mod = sandbox.gaslog("mod", "--", name)
            #expect(mod.status == 0, "\(name): \(mod)")
        }
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
