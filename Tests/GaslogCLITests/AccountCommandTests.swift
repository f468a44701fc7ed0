import Credentials
import Foundation
import Glibc
import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore

extension Sandbox {
    /// Runs gaslog with `text` as its standard input.
    func gaslog(_ arguments: String..., input text: String) -> RunResult {
        run(arguments, stdin: write("stdin-\(UUID().uuidString)", text))
    }

    /// Runs a step that must succeed with `text` as its standard input.
    @discardableResult
    func ok(_ arguments: String..., input text: String, sourceLocation: SourceLocation = #_sourceLocation) -> RunResult {
        ok(arguments, stdin: write("stdin-\(UUID().uuidString)", text), sourceLocation: sourceLocation)
    }

    /// The stored account, read through the store.
    func account(_ name: String) throws -> Account? {
        try Logbook(path: db).account(named: AccountName(parsing: name))
    }
}

@Suite("user and token: accounts and API tokens for the fill-log service")
struct AccountCommandTests {
    let sandbox = Sandbox()

    @Test("user add reads the password from standard input, and stores only its Argon2id hash")
    func addWithStandardInput() throws {
        let added = sandbox.gaslog("user", "add", "ali", "--role", "blender", "--password-stdin", input: "hunter22 and more\n")
        #expect(added.status == 0 && added.stdout == "Added account ali (blender).\n", "\(added)")
        let account = try #require(try sandbox.account("ALI"))
        #expect(account.role == .blender && !account.isRemoved)
        #expect(account.passwordHash.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
        #expect(PasswordHash.verify("hunter22 and more", hash: account.passwordHash))
        #expect(!PasswordHash.verify("hunter22 and more\n", hash: account.passwordHash))
        #expect(!sandbox.dump().contains("hunter22"))

        // A CRLF line end is not part of the password; only the first line is read.
        sandbox.ok("user", "add", "bo", "--role", "reader", "--password-stdin", input: "crlf pass phrase\r\nsecond line\n")
        #expect(PasswordHash.verify("crlf pass phrase", hash: try #require(try sandbox.account("bo")).passwordHash))
        // Without a line end at all, the input is the password.
        sandbox.ok("user", "add", "cy", "--role", "admin", "--password-stdin", input: "no-line-end")
        #expect(PasswordHash.verify("no-line-end", hash: try #require(try sandbox.account("cy")).passwordHash))
    }

    @Test(
        "user add refuses bad input (64) and a name in use (65), and writes nothing",
        arguments: [
            (["ali", "--role", "blender", "--password-stdin"], "\n", Int32(64), "the password is empty"),
            (["ali", "--role", "blender", "--password-stdin"], "", 64, "the password is empty"),
            (["ali", "--role", "blender", "--password-stdin"], "seven77\n", 64, "the password has 7 characters; a password has at least 8"),
            (
                ["ali", "--role", "superuser", "--password-stdin"], "hunter22\n", 64,
                "invalid value 'superuser' for --role: expected reader, blender or admin"
            ),
            (["ali", "--password-stdin"], "hunter22\n", 64, "--role"),
            (["a:b", "--role", "admin", "--password-stdin"], "hunter22\n", 64, "invalid account name 'a:b'"),
            (["", "--role", "admin", "--password-stdin"], "hunter22\n", 64, "invalid account name ''"),
            (
                ["Existing", "--role", "admin", "--password-stdin"], "hunter22\n", 65,
                "account 'existing' already exists; change its role with: gaslog user set-role existing ROLE"
            ),
        ])
    func addRefusals(arguments: [String], input: String, status: Int32, message: String) throws {
        sandbox.ok("user", "add", "existing", "--role", "reader", "--password-stdin", input: "original pass phrase\n")
        let before = sandbox.dump()
        let result = sandbox.run(["user", "add"] + arguments, stdin: sandbox.write("in", input))
        #expect(result.status == status, "\(result)")
        #expect(result.errorLines.count == 1 && result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(sandbox.dump() == before)
    }

    @Test("A password that is not UTF-8, or longer than 4096 bytes, is refused")
    func oddPasswords() throws {
        let invalid = sandbox.write("invalid", bytes: Array("abc".utf8) + [0xC3, 0x28] + Array("defgh\n".utf8))
        let result = sandbox.run(["user", "add", "ali", "--role", "admin", "--password-stdin"], stdin: invalid)
        #expect(result.status == 64 && result.stderr.contains("not valid UTF-8"), "\(result)")
        let long = sandbox.gaslog("user", "add", "ali", "--role", "admin", "--password-stdin", input: String(repeating: "x", count: 5000) + "\n")
        #expect(long.status == 64 && long.stderr.contains("a password has at most 4096"), "\(long)")
        // Accented passwords are fine, and compared in NFC.
        #expect(sandbox.gaslog("user", "add", "ali", "--role", "admin", "--password-stdin", input: "caf\u{E9} cr\u{E8}me\n").status == 0)
        #expect(PasswordHash.verify("cafe\u{301} cre\u{300}me", hash: try #require(try sandbox.account("ali")).passwordHash))
    }

    @Test("user list shows names, roles and dates, never a hash; --json too")
    func list() throws {
        #expect(sandbox.gaslog("user", "list").stdout == "No accounts yet. Add one with: gaslog user add <name> --role <role>\n")
        #expect(sandbox.gaslog("user", "list", "--json").stdout == "[]\n")
        sandbox.ok("user", "add", "zoë", "--role", "admin", "--password-stdin", input: "first pass phrase\n")
        sandbox.ok("user", "add", "ali", "--role", "reader", "--password-stdin", input: "second pass phrase\n")
        sandbox.ok("user", "remove", "ali")
        let text = sandbox.gaslog("user", "list")
        #expect(
            text.stdout == """
                NAME  ROLE    CREATED                  REMOVED
                ali   reader  2026-11-30 12:00 +00:00  2026-11-30 12:00 +00:00
                zoë   admin   2026-11-30 12:00 +00:00

                """, "\(text)")
        let objects = try #require(json(sandbox.gaslog("user", "list", "--json")) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["ali", "zoë"])
        #expect(objects[0]["role"] as? String == "reader" && objects[0]["removed_at"] as? String == "2026-11-30T12:00:00Z")
        #expect(objects[1]["created_at"] as? String == "2026-11-30T12:00:00Z" && objects[1]["removed_at"] is NSNull)
        #expect(Set(objects[0].keys) == ["name", "role", "created_at", "removed_at", "password_checked"])
        #expect(objects.map { $0["password_checked"] as? Bool } == [true, true])
        #expect(!sandbox.gaslog("user", "list", "--json").stdout.contains("argon2"))
    }

    @Test("user remove, set-role and password: each refuses an unknown (65) or removed (65) account")
    func manage() throws {
        sandbox.ok("user", "add", "ali", "--role", "reader", "--password-stdin", input: "first pass phrase\n")
        #expect(sandbox.gaslog("user", "set-role", "ALI", "blender").stdout == "Account ali: reader → blender.\n")
        #expect(sandbox.gaslog("user", "set-role", "ali", "blender").stdout == "Account ali is already blender.\n")
        #expect(try sandbox.account("ali")?.role == .blender)
        let badRole = sandbox.gaslog("user", "set-role", "ali", "root")
        #expect(badRole.status == 64 && badRole.stderr.contains("expected reader, blender or admin"), "\(badRole)")

        let changed = sandbox.gaslog("user", "password", "ali", "--password-stdin", input: "second pass phrase\n")
        #expect(changed.status == 0 && changed.stdout == "Changed the password of account ali.\n", "\(changed)")
        let hash = try #require(try sandbox.account("ali")).passwordHash
        #expect(PasswordHash.verify("second pass phrase", hash: hash) && !PasswordHash.verify("first pass phrase", hash: hash))
        let short = sandbox.gaslog("user", "password", "ali", "--password-stdin", input: "short\n")
        #expect(short.status == 64 && short.stderr.contains("at least 8"), "\(short)")
        #expect(try sandbox.account("ali")?.passwordHash == hash)

        for arguments in [["set-role", "nobody", "admin"], ["password", "nobody", "--password-stdin"], ["remove", "nobody"]] {
            let result = sandbox.run(["user"] + arguments, stdin: sandbox.write("pw", "another-password\n"))
            #expect(result.status == 65, "\(arguments): \(result)")
            #expect(result.stderr == "error: unknown account 'nobody'; 'gaslog user list' shows the accounts\n", "\(arguments)")
        }
        // The password is not asked for when the account is unknown: no terminal is needed to find out.
        #expect(sandbox.gaslog("user", "password", "nobody").status == 65)

        #expect(sandbox.gaslog("user", "remove", "ali").stdout == "Removed account ali.\n")
        for arguments in [["set-role", "ali", "admin"], ["password", "ali"], ["remove", "ali"]] {
            let result = sandbox.run(["user"] + arguments)
            #expect(result.status == 65, "\(arguments): \(result)")
            #expect(
                result.stderr == "error: account 'ali' was removed on 2026-11-30; add it again with: gaslog user add ali --role ROLE\n",
                "\(arguments)")
        }
        // A removed name may be given to a new account.
        #expect(sandbox.gaslog("user", "add", "ali", "--role", "admin", "--password-stdin", input: "third pass phrase\n").status == 0)
        #expect(try sandbox.account("ali")?.role == .admin)
    }

    @Test("token create prints the token once; the log keeps only its SHA-256, and token list never shows it")
    func tokens() throws {
        sandbox.ok("user", "add", "ali", "--role", "blender", "--password-stdin", input: "hunter22 and more\n")
        let created = sandbox.gaslog("token", "create", "ali", "--label", "fill station tablet")
        #expect(created.status == 0, "\(created)")
        let lines = created.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2 && lines[0] == "Token 1 for ali (fill station tablet); it is shown only now:")
        let token = lines[1]
        #expect(APIToken.isWellFormed(token))
        #expect(sandbox.query("SELECT token_hash FROM tokens WHERE id = 1") == APIToken.hash(token))
        #expect(!sandbox.dump().contains(token))
        let logbook = Logbook(path: sandbox.db)
        #expect(try logbook.account(forTokenHash: APIToken.hash(token))?.name == "ali")

        let second = try #require(json(sandbox.gaslog("token", "create", "ALI", "--label", "script", "--json")) as? [String: Any])
        #expect(second["id"] as? Int == 2 && second["account"] as? String == "ali" && second["label"] as? String == "script")
        let secondToken = try #require(second["token"] as? String)
        #expect(APIToken.isWellFormed(secondToken) && secondToken != token)

        let listed = sandbox.gaslog("token", "list")
        #expect(
            listed.stdout == """
                ID  ACCOUNT  LABEL                CREATED
                1   ali      fill station tablet  2026-11-30 12:00 +00:00
                2   ali      script               2026-11-30 12:00 +00:00

                """, "\(listed)")
        let listedJSON = sandbox.gaslog("token", "list", "--json")
        for output in [listed.stdout, listedJSON.stdout] {
            #expect(!output.contains(token) && !output.contains(secondToken) && !output.contains(APIToken.hash(token)))
        }
        let objects = try #require(json(listedJSON) as? [[String: Any]])
        #expect(Set(objects[0].keys) == ["id", "account", "label", "created_at", "revoked_at"])
        #expect(objects[0]["revoked_at"] is NSNull && objects[1]["id"] as? Int == 2)

        // Revoked: refused at the next lookup, even by a connection opened before.
        #expect(sandbox.gaslog("token", "revoke", "1").stdout == "Revoked token 1 of ali (fill station tablet).\n")
        #expect(try logbook.account(forTokenHash: APIToken.hash(token)) == nil)
        #expect(try logbook.account(forTokenHash: APIToken.hash(secondToken))?.name == "ali")
        let again = sandbox.gaslog("token", "revoke", "1")
        #expect(again.status == 65 && again.stderr.contains("token 1 was already revoked on 2026-11-30"), "\(again)")
        let unknown = sandbox.gaslog("token", "revoke", "9")
        #expect(unknown.status == 65 && unknown.stderr == "error: no token has id 9; 'gaslog token list' shows the tokens\n")
        #expect(sandbox.gaslog("token", "revoke", "x").status == 64)
        #expect(sandbox.gaslog("token", "revoke", "0").status == 64)
        let revokedList = try #require(json(sandbox.gaslog("token", "list", "--json")) as? [[String: Any]])
        #expect(revokedList[0]["revoked_at"] as? String == "2026-11-30T12:00:00Z")

        // Removing the account revokes the rest; no token is made for it, or for nobody.
        #expect(sandbox.gaslog("user", "remove", "ali").stdout == "Removed account ali; its token was revoked.\n")
        #expect(try logbook.account(forTokenHash: APIToken.hash(secondToken)) == nil)
        let before = sandbox.dump()
        for name in ["ali", "nobody"] {
            let refused = sandbox.gaslog("token", "create", name, "--label", "x")
            #expect(refused.status == 65 && refused.stdout.isEmpty, "\(refused)")
        }
        #expect(sandbox.gaslog("token", "create", "ali").status == 64)
        #expect(sandbox.gaslog("token", "create", "ali", "--label", "two\nlines").status == 64)
        #expect(sandbox.dump() == before)
        #expect(sandbox.gaslog("token", "list").stdout.contains("REVOKED"))
    }

    @Test("Without a terminal, user add asks for --password-stdin (64) and writes nothing")
    func noTerminal() {
        // setsid leaves gaslog without a controlling terminal, so /dev/tty cannot be opened.
        let result = GaslogProcess.start(
            ["user", "add", "ali", "--role", "admin"].map { Array($0.utf8) }, environment: sandbox.environment(),
            prefix: ["/usr/bin/setsid", "-w"]
        ).wait()
        #expect(result.status == 64, "\(result)")
        #expect(result.stderr.hasPrefix("error: cannot ask for the password: there is no terminal"), "\(result)")
        #expect(result.stderr.contains("give it on standard input with --password-stdin"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    }

    @Test("On a terminal, the password is asked for twice without echo; two that differ are refused", .timeLimit(.minutes(2)))
    func terminal() throws {
        let typed = try PseudoTerminal.run(
            [GaslogProcess.binary, "user", "add", "ali", "--role", "admin"], environment: sandbox.environment(),
            answers: [("New password for ali: ", "typed-secret"), ("Type it again: ", "typed-secret")])
        #expect(typed.status == 0, "\(typed.transcript)")
        #expect(typed.transcript.contains("Added account ali (admin)."))
        #expect(!typed.transcript.contains("typed-secret"), "the password was echoed: \(typed.transcript)")
        #expect(PasswordHash.verify("typed-secret", hash: try #require(try sandbox.account("ali")).passwordHash))

        let before = sandbox.dump()
        let differ = try PseudoTerminal.run(
            [GaslogProcess.binary, "user", "password", "ali"], environment: sandbox.environment(),
            answers: [("New password for ali: ", "other secret phrase"), ("Type it again: ", "other secret phrasE")])
        #expect(differ.status == 64, "\(differ.transcript)")
        #expect(differ.transcript.contains("error: the two passwords differ; nothing was changed"))
        #expect(!differ.transcript.contains("other secret"))
        #expect(sandbox.dump() == before)

        // A weak password is refused at once, before it is asked for again.
        let weak = try PseudoTerminal.run(
            [GaslogProcess.binary, "user", "password", "ali"], environment: sandbox.environment(),
            answers: [("New password for ali: ", "password")])
        #expect(weak.status == 64, "\(weak.transcript)")
        #expect(weak.transcript.contains("error: the password is too easy to guess") && !weak.transcript.contains("Type it again"))
        #expect(sandbox.dump() == before)
    }

    @Test(
        "user add and user password refuse the issue's weak passwords (64), naming the weakest part, and write nothing",
        arguments: [
            ("password", "a dictionary word"), ("12345678", "a dictionary word"), ("aaaaaaaa", "a repeat"),
            ("abcdefghij", "a sequence"), ("zxcvbnm,./", "a keyboard pattern"), ("1987-12-31", "a date"), ("Qorvath-77", "the account's name"),
        ])
    func weakPasswords(password: String, kind: String) throws {
        #expect(sandbox.gaslog("user", "add", "ada", "--role", "admin", "--password-stdin", input: "correct horse battery\n").status == 0)
        let before = sandbox.dump()
        for arguments in [["add", "qorvath", "--role", "admin", "--password-stdin"], ["password", "ada", "--password-stdin"]] {
            // The account's name is a word zxcvbn knows: Qorvath-77 is weak for qorvath, and fine for ada.
            let isWeak = password != "Qorvath-77" || arguments[1] == "qorvath"
            let result = sandbox.run(["user"] + arguments, stdin: sandbox.write("in", password + "\n"))
            if isWeak {
                #expect(result.status == 64, "\(arguments): \(result)")
                // The whole message, which never shows the password: only zxcvbn's figure varies.
                let prefix = "error: the password is too easy to guess: zxcvbn puts it at "
                let suffix = " bits of entropy and a password needs at least 26.6 (10⁸ guesses); its weakest part is \(kind)"
                let line = String(result.stderr.prefix { $0 != "\n" })
                #expect(line.hasPrefix(prefix) && line.hasSuffix(suffix), "\(result.stderr)")
                let bits = line.dropFirst(prefix.count).dropLast(suffix.count)
                #expect(Double(bits).map { $0 < 26.6 } == true, "\(bits)")
                #expect(sandbox.dump() == before)
            } else {
                #expect(result.status == 0, "\(arguments): \(result)")
            }
        }
    }

    @Test("user list marks an account whose password was set before the strength check; a new password is checked")
    func uncheckedPasswords() throws {
        // As an account of an older logbook: the store records whether the caller checked.
        let then = sandbox.now
        try Logbook(path: sandbox.db, clock: { then }).addAccount(
            AccountName(parsing: "old"), role: .reader, passwordHash: PasswordHash.make("password"), actor: nil)
        #expect(sandbox.gaslog("user", "add", "new", "--role", "admin", "--password-stdin", input: "correct horse battery\n").status == 0)
        let text = sandbox.gaslog("user", "list")
        #expect(
            text.stdout == """
                NAME  ROLE    CREATED                  PASSWORD
                new   admin   2026-11-30 12:00 +00:00
                old   reader  2026-11-30 12:00 +00:00  set before the strength check

                """, "\(text)")
        let objects = try #require(json(sandbox.gaslog("user", "list", "--json")) as? [[String: Any]])
        #expect(objects.map { $0["name"] as? String } == ["new", "old"])
        #expect(objects.map { $0["password_checked"] as? Bool } == [true, false])
        // The old password still logs in; a new one is checked, and marked so.
        #expect(PasswordHash.verify("password", hash: try #require(try sandbox.account("old")).passwordHash))
        #expect(sandbox.gaslog("user", "password", "old", "--password-stdin", input: "correct horse battery\n").status == 0)
        #expect(try sandbox.account("old")?.passwordChecked == true)
        #expect(!sandbox.gaslog("user", "list").stdout.contains("strength check"))
    }
}

@Suite("Who recorded each fill: export and import keep recorded_by and voided_by")
struct RecordedByExportTests {
    @Test("Export → import → export is byte for byte with recorded_by and voided_by filled")
    func roundTrip() throws {
        let sandbox = Sandbox()
        // Fills and voids made through the service, as the server makes them.
        let logbook = Logbook(path: sandbox.db, clock: { sandbox.now })
        for (index, who) in ["ali", "=eve", "Zoë, \"Z\""].enumerated() {
            var request = FillRequest(
                cylinder: try CylinderName(parsing: "Club 0\(index)"), mix: try GasMix(parsing: "32"),
                filledAt: try Timestamp(parsing: "2026-11-0\(index + 1)T10:00:00Z"), recordedBy: who)
            request.blender = "Bo"
            _ = try FillRecorder(request).record(in: logbook)
        }
        try logbook.voidFill(id: 2, reason: "wrong cylinder", voidedBy: "-admin")
        // And by the command line, which names no account.
        #expect(sandbox.gaslog("fill", "Club 09", "--o2", "36", "--at", "2026-11-05").status == 0)
        #expect(sandbox.gaslog("void", "1", "--reason", "analyser drift").status == 0)

        let export = sandbox.gaslog("export")
        #expect(export.stdout.hasPrefix(exportHeader + "\r\n"))
        let rows = parseCSV(export.stdout)
        #expect(
            rows.map { Array($0.dropLast(6).suffix(3)) } == [
                ["label_he", "recorded_by", "voided_by"], ["0", "ali", ""], ["0", "'=eve", "'-admin"], ["0", "Zoë, \"Z\"", ""], ["0", "", ""],
            ])
        let objects = try #require(json(sandbox.gaslog("export", "--format", "json")) as? [[String: Any]])
        #expect(objects[1]["recorded_by"] as? String == "=eve" && objects[1]["voided_by"] as? String == "-admin")
        #expect(objects[0]["voided_by"] is NSNull && objects[3]["recorded_by"] is NSNull && objects[3]["voided_by"] is NSNull)
        // log --json and tag --json use the export's keys, so they have them too.
        let tag = try #require(json(sandbox.gaslog("tag", "2", "--json")) as? [String: Any])
        #expect(tag["recorded_by"] as? String == "=eve" && tag["voided_by"] as? String == "-admin")

        let other = Sandbox()
        let imported = other.gaslog("import", other.write("log.csv", export.stdout))
        #expect(imported.status == 0 && imported.stdout == "imported 4 fills, skipped 0 duplicates\n", "\(imported)")
        #expect(other.gaslog("export").stdoutBytes == export.stdoutBytes)
        #expect(other.gaslog("export", "--format", "json").stdoutBytes == sandbox.gaslog("export", "--format", "json").stdoutBytes)
        #expect(other.query("SELECT fill_id, voided_by FROM voids ORDER BY fill_id") == "1|\n2|-admin")
    }

    @Test("Older exports, without the new columns, import with no accounts named")
    func olderExports() throws {
        for (header, row) in [
            (csvHeader, ",2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,,,"),
            (safetyHeader, ",2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,,,,,nearest,32"),
            (trimixHeader, ",2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,,,void,,nearest,32,0,,0"),
            (trimixHeader + ",recorded_by", ",2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,,,,,nearest,32,0,,0,ali"),
        ] {
            let sandbox = Sandbox()
            let result = sandbox.gaslog("import", sandbox.write("old.csv", header + "\r\n" + row + "\r\n"))
            #expect(result.status == 0, "\(header): \(result)")
            let exported = parseCSV(sandbox.gaslog("export").stdout)
            // Gas accounting's five columns follow.
            #expect(exported[0].dropLast(6).suffix(2) == ["recorded_by", "voided_by"])
            #expect(exported[1].dropLast(6).suffix(2) == [header.hasSuffix("recorded_by") ? "ali" : "", ""], "\(header)")
        }
    }

    @Test(
        "Import refuses a voided_by on a fill that is not void, and names that break the rules",
        arguments: [
            ("", "ali", "bo", "voided_by"), ("void", "ali", "tab\there", "voided_by"), ("", "two\nlines", "", "recorded_by"),
            ("", String(repeating: "x", count: 65), "", "recorded_by"), ("void", "ali", "zero\u{200B}width", "voided_by"),
        ])
    func importRefusals(voidReason: String, recordedBy: String, voidedBy: String, column: String) {
        let sandbox = Sandbox()
        let cells = ["", "2026-02-01T00:00:00Z", "A", "EAN 32", "32", "1.4", "34", "111", "", "", "", "", "", "", voidReason, recordedBy, voidedBy]
        let row = cells.map { $0.contains("\n") ? "\"" + $0 + "\"" : $0 }.joined(separator: ",")
        let csv = csvHeader + ",recorded_by,voided_by\r\n" + row + "\r\n"
        let result = sandbox.gaslog("import", sandbox.write("bad.csv", csv))
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("line 2, column \(column)"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.db) || sandbox.query("SELECT count(*) FROM fills") == "0")
    }
}

/// Runs a program on a pseudo-terminal of its own, as a person at a terminal
/// would: it answers each prompt once the prompt has appeared, and collects
/// everything the terminal shows.
enum PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    // Glibc declares these only for _XOPEN_SOURCE, which Swift's Glibc module
    // is not built with; they are looked up in the C library instead.
    typealias OpenFunction = @convention(c) (Int32) -> Int32
    typealias TerminalFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32, UnsafeMutablePointer<CChar>, Int) -> Int32

    static func function<Function>(_ name: String, as type: Function.Type) throws -> Function {
        guard let symbol = dlsym(nil, name) else { throw Failure(description: "no \(name) in the C library") }
        return unsafeBitCast(symbol, to: type)
    }

    static func run(
        _ command: [String], environment: [String: String], answers: [(prompt: String, reply: String)]
    ) throws -> (status: Int32, transcript: String) {
        let master = try function("posix_openpt", as: OpenFunction.self)(O_RDWR | O_NOCTTY | O_CLOEXEC)
        var name = [CChar](repeating: 0, count: 128)
        guard master >= 0, try function("grantpt", as: TerminalFunction.self)(master) == 0,
            try function("unlockpt", as: TerminalFunction.self)(master) == 0,
            try function("ptsname_r", as: NameFunction.self)(master, &name, name.count) == 0
        else {
            throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        defer { close(master) }
        let slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // In a new session, the first terminal opened becomes the controlling one.
        posix_spawn_file_actions_addopen(&actions, 0, slavePath, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID (glibc 2.26)

        let argv = command.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command[0], &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw Failure(description: "cannot start \(command[0]): \(String(cString: strerror(spawned)))") }

        var transcript: [UInt8] = []
        var answered = 0
        let deadline = ContinuousClock.now + .seconds(60)
        reading: while ContinuousClock.now < deadline {
            if answered < answers.count, String(decoding: transcript, as: UTF8.self).hasSuffix(answers[answered].prompt) {
                let reply = Array((answers[answered].reply + "\n").utf8)
                _ = reply.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count) }
                answered += 1
            }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 200) > 0 else { continue }
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            // EIO once the program has exited and the terminal has no one left.
            if count <= 0 { break reading }
            transcript += buffer.prefix(count)
        }
        var status: Int32 = 0
        if ContinuousClock.now >= deadline { kill(pid, SIGKILL) }
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return ((status >> 8) & 0xFF, String(decoding: transcript, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n"))
    }
}
