import Foundation
import NitroxCalculator
import Testing

@testable import InputRules
@testable import LogbookStore

/// Python 3.11's unicodedata, the Unicode 14.0.0 the tables were generated
/// from, when this machine has it.
enum PythonUnicode {
    static let path = "/usr/bin/python3"

    static let isVersion14: Bool = {
        guard FileManager.default.isExecutableFile(atPath: path) else { return false }
        return (try? run("import unicodedata; print(unicodedata.unidata_version)")) == "14.0.0\n"
    }()

    static func run(_ script: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// NFKC(toCasefold(NFKC(c))) without Default_Ignorable_Code_Point (the
    /// ranges of DerivedCoreProperties-14.0.0.txt), for every code point it
    /// changes: lines of `C:T T T` in hex.
    static let expectedMappings = """
        import unicodedata as u
        DI = [(0xAD,0xAD),(0x34F,0x34F),(0x61C,0x61C),(0x115F,0x1160),(0x17B4,0x17B5),(0x180B,0x180F),(0x200B,0x200F),
              (0x202A,0x202E),(0x2060,0x206F),(0x3164,0x3164),(0xFE00,0xFE0F),(0xFEFF,0xFEFF),(0xFFA0,0xFFA0),(0xFFF0,0xFFF8),
              (0x1BCA0,0x1BCA3),(0x1D173,0x1D17A),(0xE0000,0xE0FFF)]
        def f(s):
            t = u.normalize('NFKC', u.normalize('NFKC', s).casefold())
            return ''.join(c for c in t if not any(a <= ord(c) <= b for a, b in DI))
        out = []
        for c in range(0x110000):
            if 0xD800 <= c <= 0xDFFF: continue
            m = f(chr(c))
            if m != chr(c): out.append('%X:%s' % (c, ' '.join('%X' % ord(x) for x in m)))
        print('\\n'.join(out))
        """
}

@Suite("Names compare under NFKC_Casefold, from tables of Unicode 14.0.0")
struct NameKeyTests {
    let folder = TemporaryFolder()

    func key(_ text: String) -> String { UnicodeRules.fold(text) }

    @Test("The tables are Unicode 14.0.0, and a few names fold as the standard says")
    func examples() throws {
        #expect(UnicodeTables.unicodeVersion == "14.0.0")
        #expect(key("Straße") == "strasse")
        #expect(key("STRASSE") == "strasse")
        #expect(key("ＣＬＵＢ 03") == "club 03")
        #expect(key("ﬁ") == "fi")
        #expect(key("Ⅻ") == "xii")
        #expect(key("Club\u{200D}03") == "club03")
        #expect(key("Re\u{301}serve") == "réserve")
        #expect(key("ǅ") == "dž")
        #expect(key("ΣΊΣΥΦΟΣ") == "σίσυφοσ")
        #expect(try CylinderName(parsing: "Straße").key == CylinderName(parsing: "STRASSE").key)
        #expect(try AccountName(parsing: "ＢＯＢ").key == AccountName(parsing: "bob").key)
    }

    @Test(
        "Every code point's key is NFKC(casefold(NFKC(c))) without default ignorables, as Python's unicodedata 14.0.0 computes it",
        .enabled(if: PythonUnicode.isVersion14, "needs /usr/bin/python3 with unicodedata 14.0.0 (Python 3.11)"))
    func everyCodePointMatchesPython() throws {
        var expected: [UInt32: String] = [:]
        for line in try PythonUnicode.run(PythonUnicode.expectedMappings).split(separator: "\n") {
            let parts = line.split(separator: ":", omittingEmptySubsequences: false)
            var scalars = String.UnicodeScalarView()
            for digits in parts[1].split(separator: " ") { scalars.append(Unicode.Scalar(UInt32(digits, radix: 16)!)!) }
            expected[UInt32(parts[0], radix: 16)!] = String(scalars)
        }
        #expect(expected.count > 10_000)
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            let want = expected[value] ?? text
            let got = key(text)
            // Compared as scalars: String's == would call canonically equivalent strings equal.
            if Array(got.unicodeScalars) != Array(want.unicodeScalars) {
                mismatches.append(UnicodeRules.codePoint(scalar))
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) code points differ, first \(mismatches.prefix(20))")
    }

    @Test(
        "Strings fold as Python folds them whole",
        .enabled(if: PythonUnicode.isVersion14, "needs /usr/bin/python3 with unicodedata 14.0.0 (Python 3.11)"))
    func stringsMatchPython() throws {
        let samples = [
            "Straße", "ＣＬＵＢ 03", "ﬁsh Ⅻ", "Ǆemal", "Re\u{301}serve", "ΌΣΟΣ", "Tank 👨‍👩‍👧", "İstanbul", "ᾼ ῼ ᾈ",
            "㍿ ㌔", "Ａ\u{30A}", "e\u{301}\u{327}", "\u{1E9E}", "Ꭰꭰ", "x\u{34F}\u{301}",
        ]
        // Each sample as a Python literal of \U escapes.
        let literals = samples.map { "'" + $0.unicodeScalars.map { "\\U" + String(format: "%08X", $0.value) }.joined() + "'" }
            .joined(separator: ", ")
        let script = """
            import unicodedata as u, sys
            DI = [(0xAD,0xAD),(0x34F,0x34F),(0x61C,0x61C),(0x115F,0x1160),(0x17B4,0x17B5),(0x180B,0x180F),(0x200B,0x200F),
                  (0x202A,0x202E),(0x2060,0x206F),(0x3164,0x3164),(0xFE00,0xFE0F),(0xFEFF,0xFEFF),(0xFFA0,0xFFA0),
                  (0xFFF0,0xFFF8),(0x1BCA0,0x1BCA3),(0x1D173,0x1D17A),(0xE0000,0xE0FFF)]
            def f(s):
                t = u.normalize('NFKC', u.normalize('NFKC', s).casefold())
                return u.normalize('NFC', ''.join(c for c in t if not any(a <= ord(c) <= b for a, b in DI)))
            for line in [\(literals)]:
                print(' '.join('%X' % ord(c) for c in f(line)))
            """
        let expected = try PythonUnicode.run(script).split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(expected.count == samples.count)
        for (sample, want) in zip(samples, expected) {
            let got = key(sample).unicodeScalars.map { String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
            #expect(got == String(want), "\(sample)")
        }
    }

    @Test("The tables are decoded only when a name outside ASCII is folded, in a few milliseconds")
    func decodingIsQuick() {
        let start = ContinuousClock.now
        _ = NFKCCasefold.entries.count
        _ = NFKCCasefold.extendedPictographic.count
        #expect(ContinuousClock.now - start < .milliseconds(500))
        #expect(UnicodeRules.isExtendedPictographic("👨") && !UnicodeRules.isExtendedPictographic("A"))
    }

    @Test("Every emoji the standard library knows, past ASCII, flags, skin tones and keycaps, is Extended_Pictographic in the table")
    func extendedPictographicCoversEmoji() {
        var missing: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isEmoji else { continue }
            let component =
                (0x1F1E6...0x1F1FF).contains(value) || (0x1F3FB...0x1F3FF).contains(value) || value == 0x20E3
                || value == 0xFE0F || (0xE0020...0xE007F).contains(value)
            if !component, !UnicodeRules.isExtendedPictographic(scalar) { missing.append(UnicodeRules.codePoint(scalar)) }
        }
        #expect(missing.isEmpty, "\(missing)")
    }

    // MARK: New names that could pass for another

    func problem(_ name: String) -> String? { UnicodeRules.lookAlikeProblem(in: name) }

    func failure(_ body: () throws -> Void) -> LogbookError? {
        do {
            try body()
            return nil
        } catch let error as LogbookError {
            return error
        } catch {
            Issue.record("not a LogbookError: \(error)")
            return nil
        }
    }

    func kind(_ body: () throws -> Void) -> LogbookError.Category? { failure(body)?.category }

    @Test("A word that is not single-script (UTS #39, section 5.1) is refused, naming the odd letter")
    func mixedScripts() {
        #expect(
            problem("Сlub 03")
                == "it mixes Cyrillic with Latin in one word ('С', U+0421), so that it could pass for another name")
        #expect(problem("Clubс")?.contains("('с', U+0441)") == true)
        #expect(problem("Москвa")?.contains("mixes Latin with Cyrillic in one word ('a', U+0061)") == true)
        #expect(problem("Τank 1")?.contains("mixes Greek with Latin in one word ('Τ', U+03A4)") == true)
        #expect(problem("ＣＬＵБ")?.contains("Cyrillic") == true)
        // Each script alone, or in different words, is fine.
        #expect(problem("Club 03") == nil)
        #expect(problem("Клуб 03") == nil)
        #expect(problem("Ω 12 mega") == nil)
        #expect(problem("Ωmega")?.contains("mixes Greek with Latin in one word ('Ω', U+03A9)") == true)
        #expect(problem("Клуб Club") == nil)
        #expect(problem("Réserve ΑΒΓ") == nil)
    }

    @Test("U+2028, U+2029 and a zero-width joiner or non-joiner outside an emoji sequence are refused")
    func invisibleAndLineBreaking() {
        #expect(problem("Club\u{2028}03") == "it holds the line separator U+2028, which breaks a name across lines")
        #expect(problem("Club\u{2029}03") == "it holds the paragraph separator U+2029, which breaks a name across lines")
        #expect(
            problem("Club\u{200D}03")
                == "it holds the invisible zero-width joiner U+200D outside an emoji sequence, which would make two names look the same")
        #expect(problem("Club\u{200C}03")?.contains("zero-width non-joiner U+200C") == true)
        #expect(problem("Tank 👨\u{200D}") != nil)
        #expect(problem("Tank \u{200D}👨") != nil)
        #expect(problem("A\u{200D}👨") != nil)
        // Inside an emoji sequence, with skin tones and variation selectors before a joiner.
        #expect(problem("Tank 👨‍👩‍👧") == nil)
        #expect(problem("Tank 🏃🏽\u{200D}♀\u{FE0F}") == nil)
        #expect(problem("Tank ❤\u{FE0F}\u{200D}🔥") == nil)
    }

    // MARK: The logbook

    @Test("A cylinder is found by any spelling with the same NFKC_Casefold, and keeps its first spelling")
    func lookup() throws {
        let logbook = Logbook(path: folder.file("names.sqlite"), clock: fixedClock)
        try logbook.addCylinder(CylinderName(parsing: "Club 03"), CylinderChanges(), actor: nil)
        #expect(try logbook.cylinder(CylinderName(parsing: "ＣＬＵＢ 03")).name == "Club 03")
        try logbook.addCylinder(CylinderName(parsing: "Straße"), CylinderChanges(), actor: nil)
        #expect(try logbook.cylinder(CylinderName(parsing: "STRASSE")).name == "Straße")
        let strasse = try CylinderName(parsing: "strasse")
        #expect(failure { _ = try logbook.addCylinder(strasse, CylinderChanges(), actor: nil) }?.reason == .cylinderExists("Straße"))
        #expect(
            try rows("SELECT name, name_key FROM cylinders ORDER BY id", in: folder.file("names.sqlite")) == [
                ["Club 03", "club 03"], ["Straße", "strasse"],
            ])
    }

    @Test("New names that could pass for another are refused as bad input, by add, fill, rename and account add; nothing is written")
    func newNamesRefused() throws {
        let path = folder.file("refused.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        try logbook.addCylinder(CylinderName(parsing: "Club 01"), CylinderChanges(), actor: nil)
        let before = try rows("SELECT count(*) FROM audit", in: path)
        for name in ["Сlub 03", "Club\u{200D}03", "Club\u{2028}03"] {
            let parsed = try CylinderName(parsing: name)
            guard case .invalidInput(let error)? = failure({ _ = try logbook.addCylinder(parsed, CylinderChanges(), actor: nil) })?.reason else {
                Issue.record("\(name) was not refused as bad input")
                continue
            }
            guard case .invalidText(what: "cylinder name", value: parsed.text, _) = error.fault else {
                Issue.record("\(name): \(error.fault)")
                continue
            }
            #expect(kind { _ = try logbook.recordFill(fill(name, "32")) } == .invalid(field: nil))
            #expect(kind { _ = try logbook.renameCylinder(CylinderName(parsing: "Club 01"), to: parsed, actor: nil) } == .invalid(field: nil))
            let account = try AccountName(parsing: name)
            #expect(kind { _ = try logbook.addAccount(account, role: .reader, passwordHash: "$argon2id$x", actor: nil) } == .invalid(field: nil))
        }
        #expect(try rows("SELECT count(*) FROM cylinders", in: path) == [["1"]])
        #expect(try rows("SELECT count(*) FROM accounts", in: path) == [["0"]])
        #expect(try rows("SELECT count(*) FROM audit", in: path) == before)
        // The emoji name is a name.
        try logbook.addCylinder(CylinderName(parsing: "Tank 👨‍👩‍👧"), CylinderChanges(), actor: nil)
        #expect(try logbook.cylinder(CylinderName(parsing: "tank 👨‍👩‍👧")).name == "Tank 👨‍👩‍👧")
    }

    // MARK: Schema 9

    /// A logbook at schema 8, written as gaslog 8 would have: names keyed in
    /// NFC and lower case, with the audit trail backfilled.
    func schemaEightLogbook() throws -> String {
        let path = folder.file("schema8.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        try Migrator.migrate(database, migrations: Array(Migration.all.prefix(8)), clock: fixedClock)
        let hash = "$argon2id$v=19$x"
        try database.execute(
            script: """
                INSERT INTO cylinders (id, name, name_key, created_at) VALUES
                    (1, 'Club 03', 'club 03', '2025-01-01T00:00:00Z'),
                    (2, 'ＣＬＵＢ 03', 'ｃｌｕｂ 03', '2025-01-01T00:00:00Z'),
                    (3, 'Straße', 'straße', '2025-01-01T00:00:00Z'),
                    (4, 'Сlub 04', 'сlub 04', '2025-01-01T00:00:00Z'),
                    (5, 'Club 05', 'club 05', '2025-01-01T00:00:00Z');
                INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
                VALUES (1, 2, '2025-01-02T00:00:00Z', 320, 140, 'EAN 32', 34, 111, '2025-01-02T00:00:05Z');
                INSERT INTO accounts (id, name, name_key, role, password_hash, created_at, removed_at) VALUES
                    (1, 'bob', 'bob', 'admin', '\(hash)', '2025-01-01T00:00:00Z', NULL),
                    (2, 'ＢＯＢ', 'ｂｏｂ', 'reader', '\(hash)', '2025-01-01T00:00:00Z', NULL),
                    (3, 'ＡＬＩ', 'ａｌｉ', 'reader', '\(hash)', '2025-01-01T00:00:00Z', '2025-02-01T00:00:00Z'),
                    (4, 'ali', 'ali', 'reader', '\(hash)', '2025-01-01T00:00:00Z', NULL);
                """)
        // The rows above go into the trail as gaslog 8 would have put them:
        // the backfill, run again on the trail's empty start.
        try database.writeTransaction { database in try AuditTrail.backfill(database, now: fixedClock()) }
        #expect(try AuditVerifier.verify(database, expecting: nil).entries == 10)
        return path
    }

    @Test("Schema 9 rekeys every name; a name that now clashes is renamed, recorded, and verify passes")
    func migration() throws {
        let path = try schemaEightLogbook()
        let logbook = Logbook(path: path, clock: fixedClock)
        #expect(try logbook.verifyAudit().entries == 14)
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        #expect(
            try rows("SELECT id, name, name_key FROM cylinders ORDER BY id", in: path) == [
                ["1", "Club 03", "club 03"], ["2", "ＣＬＵＢ 03 #2", "club 03 #2"], ["3", "Straße", "strasse"],
                ["4", "Сlub 04", "сlub 04"], ["5", "Club 05", "club 05"],
            ])
        #expect(
            try rows("SELECT cylinder_id, kind, old_name, new_name FROM cylinder_events ORDER BY id", in: path) == [
                ["2", "renamed", "ＣＬＵＢ 03", "ＣＬＵＢ 03 #2"]
            ])
        #expect(
            try rows("SELECT id, name, name_key, removed_at IS NOT NULL FROM accounts ORDER BY id", in: path) == [
                ["1", "bob", "bob", "0"], ["2", "ＢＯＢ #2", "bob #2", "0"], ["3", "ＡＬＩ", "ali", "1"], ["4", "ali", "ali", "0"],
            ])
        #expect(
            try rows("SELECT kind, subject, at FROM audit WHERE id > 10 ORDER BY id", in: path) == [
                ["cylinder rename", "cylinder 2", "2026-06-15T12:00:00Z"], ["cylinder name key", "cylinder 3", "2026-06-15T12:00:00Z"],
                ["account rename", "account 2", "2026-06-15T12:00:00Z"], ["account name key", "account 3", "2026-06-15T12:00:00Z"],
            ])
        // The fill stays with its cylinder, now found by its new name and its old one.
        #expect(try logbook.cylinder(CylinderName(parsing: "ＣＬＵＢ 03 #2")).id == 2)
        #expect(try logbook.cylinder(CylinderName(parsing: "ＣＬＵＢ 03")).id == 1)
        #expect(try logbook.cylinder(CylinderName(parsing: "STRASSE")).id == 3)
        // A name the new rules refuse stays valid and still resolves.
        #expect(try logbook.cylinder(CylinderName(parsing: "Сlub 04")).id == 4)
        // The trigger that keeps an account's name is back.
        #expect(throws: DatabaseError.self) {
            try Database(path: path, mode: .readWrite).execute(script: "UPDATE accounts SET name = 'x', name_key = 'x' WHERE id = 1")
        }
    }
}
