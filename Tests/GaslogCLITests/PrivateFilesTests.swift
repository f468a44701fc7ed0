import Foundation
import Glibc
import LogbookStore
import Testing

/// Issue #36's private files, full disk and schema findings, on the command line.
@Suite("Private files, a full disk, and the schema's triggers and indexes")
struct PrivateFilesTests {
    /// The permission bits of `path`, read with stat(2); `nil` when it is missing.
    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    func chmod(_ path: String, _ mode: mode_t) {
        precondition(Glibc.chmod(path, mode) == 0, "chmod \(path)")
    }

    /// The names in `folder`, sorted.
    func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    @Test("A new logbook is created 0600, and its -wal and -shm take that mode, whatever the umask lets through")
    func newLogbookIsPrivate() throws {
        let sandbox = Sandbox()
        let logbook = Logbook(path: sandbox.db)
        try logbook.prepareForWriting()
        // The connection stays open, so SQLite's -wal and -shm are there.
        withExtendedLifetime(logbook) {
            #expect(Self.mode(sandbox.db) == 0o600)
            #expect(Self.mode(sandbox.db + "-wal") == 0o600)
            #expect(Self.mode(sandbox.db + "-shm") == 0o600)
        }
        // The command line creates its logbook the same way, in a folder it makes.
        let other = Sandbox()
        let nested = other.path("club/logbook.sqlite")
        let fill = other.gaslog("--db", nested, "fill", "Club 01", "--o2", "32")
        #expect(fill.status == 0, "\(fill)")
        #expect(Self.mode(nested) == 0o600)
    }

    @Test("backup and restore's kept copy are created with the source's mode & 0600")
    func copiesAreNeverMoreOpenThanTheirSource() {
        let sandbox = Sandbox().populated()
        #expect(Self.mode(sandbox.db) == 0o600)
        for (source, expected) in [(0o600, 0o600), (0o644, 0o600), (0o640, 0o600), (0o666, 0o600), (0o400, 0o400)] as [(mode_t, mode_t)] {
            chmod(sandbox.db, source)
            let copy = sandbox.path("copy-\(String(source, radix: 8)).sqlite")
            let result = sandbox.gaslog("backup", copy)
            #expect(result.status == 0, "\(result)")
            #expect(Self.mode(copy) == expected, "a logbook \(String(source, radix: 8)) was backed up \(String(Self.mode(copy) ?? 0, radix: 8))")
        }
        // --force over an existing, more open file: the copy still has the logbook's mode.
        chmod(sandbox.db, 0o644)
        let open = sandbox.write("open.sqlite", "old")
        chmod(open, 0o666)
        #expect(sandbox.gaslog("backup", open, "--force").status == 0)
        #expect(Self.mode(open) == 0o600)

        let restored = sandbox.gaslog("restore", sandbox.path("copy-600.sqlite"))
        #expect(restored.status == 0, "\(restored)")
        let kept = names(in: sandbox.folder).filter { $0.hasPrefix("logbook.sqlite.before-restore-") }
        #expect(kept.count == 1)
        #expect(Self.mode(sandbox.path(kept.first ?? "none")) == 0o600)

        // A logbook that restore creates is private too.
        let fresh = sandbox.path("fresh/logbook.sqlite")
        #expect(sandbox.gaslog("--db", fresh, "restore", sandbox.path("copy-600.sqlite")).status == 0)
        #expect(Self.mode(fresh) == 0o600)
        #expect(names(in: sandbox.path("fresh")) == ["logbook.sqlite"])
    }

    @Test("A backup that fails leaves no file behind: a folder nobody may write to, a directory in the way")
    func failedBackupLeavesNothing() throws {
        let sandbox = Sandbox().populated()
        chmod(sandbox.db, 0o644)
        let folder = sandbox.path("closed")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        // Root ignores permission bits, so as root gaslog runs as nobody.
        let asOtherUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        chmod(folder, 0o555)
        let refused = GaslogProcess.start(
            ["backup", folder + "/copy.sqlite"].map { Array($0.utf8) },
            environment: GaslogProcess.environment(home: "/nonexistent", extra: ["GASLOG_DB": sandbox.db]), prefix: asOtherUser
        ).wait()
        #expect(refused.status == 73, "\(refused)")
        #expect(names(in: folder).isEmpty)

        let directory = sandbox.path("directory")
        try FileManager.default.createDirectory(atPath: directory + "/inside", withIntermediateDirectories: true)
        let inTheWay = sandbox.gaslog("backup", directory, "--force")
        #expect(inTheWay.status == 73, "\(inTheWay)")
        #expect(names(in: sandbox.folder).filter { $0.contains(".tmp-") }.isEmpty, "\(names(in: sandbox.folder))")
    }

    /// Runs the binary in a mount namespace of its own on a `kilobytes` tmpfs
    /// at `mount`, after `setup` and before `after` (shell), and lists what is left there.
    func onSmallDisk(
        _ sandbox: Sandbox, kilobytes: Int, mount: String, setup: String = "", after: String = "", _ arguments: [String]
    ) -> (RunResult, [String]) {
        let script = """
            mount -t tmpfs -o size=\(kilobytes)k tmpfs "\(mount)" || exit 99
            \(setup)
            "$@"
            status=$?
            \(after)
            echo "--- left:"
            ls -A "\(mount)"
            exit $status
            """
        let result = GaslogProcess.start(
            arguments.map { Array($0.utf8) }, environment: sandbox.environment(),
            prefix: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh"]
        ).wait()
        let left = result.stdout.components(separatedBy: "--- left:\n").last?.split(separator: "\n").map(String.init) ?? []
        return (result, left)
    }

    @Test("On a full disk, at every size, backup either writes its copy or exits 73 leaving nothing", .timeLimit(.minutes(2)))
    func backupOnAFullDisk() throws {
        let sandbox = Sandbox().populated()
        let mount = sandbox.path("disk")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        let size = Int(try #require(try FileManager.default.attributesOfItem(atPath: sandbox.db)[.size] as? NSNumber).intValue) / 1024
        var failures = 0
        for kilobytes in stride(from: 8, through: size * 5 / 2, by: 8) {
            let (result, left) = onSmallDisk(sandbox, kilobytes: kilobytes, mount: mount, ["backup", mount + "/copy.sqlite"])
            #expect(result.status != 99, "no tmpfs: \(result)")
            if result.status == 0 {
                #expect(left == ["copy.sqlite"], "\(kilobytes) KiB: \(left)")
            } else {
                failures += 1
                #expect(result.status == 73, "\(kilobytes) KiB: \(result)")
                #expect(result.errorLines.first?.contains("the disk is full") == true, "\(kilobytes) KiB: \(result)")
                #expect(left.isEmpty, "\(kilobytes) KiB: \(left)")
            }
        }
        #expect(failures > 0)
    }

    @Test("On a full disk, at every size, restore either restores or leaves the logbook as it was and no other file", .timeLimit(.minutes(2)))
    func restoreOnAFullDisk() throws {
        let sandbox = Sandbox().populated()
        let backup = sandbox.path("backup.sqlite")
        #expect(sandbox.gaslog("backup", backup).status == 0)
        sandbox.ok("fill", "Club 01", "--o2", "34", "--at", "2026-11-05T10:00:00Z")
        let mount = sandbox.path("disk")
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        let size = Int(try #require(try FileManager.default.attributesOfItem(atPath: sandbox.db)[.size] as? NSNumber).intValue) / 1024
        var failures = 0
        for kilobytes in stride(from: size + 8, through: size * 3, by: 8) {
            let logbook = mount + "/logbook.sqlite"
            let (result, left) = onSmallDisk(
                sandbox, kilobytes: kilobytes, mount: mount,
                setup: "cp \"\(sandbox.db)\" \"\(logbook)\" || exit 98",
                after: "cmp -s \"\(sandbox.db)\" \"\(logbook)\" && echo '--- unchanged'", ["--db", logbook, "restore", backup])
            #expect(result.status != 99 && result.status != 98, "no tmpfs: \(result)")
            if result.status == 0 {
                #expect(left.count == 2 && left.contains("logbook.sqlite"), "\(kilobytes) KiB: \(left)")
            } else {
                failures += 1
                #expect(result.status == 73, "\(kilobytes) KiB: \(result)")
                #expect(left == ["logbook.sqlite"], "\(kilobytes) KiB: \(left)")
                #expect(result.stdout.contains("--- unchanged\n"), "\(kilobytes) KiB: \(result)")
            }
        }
        #expect(failures > 0)
    }

    @Test("A full disk (GASLOG_MAX_PAGE_COUNT) exits 73, storage_full with --json, and records nothing of the refused fill")
    func fullDiskOnTheCommandLine() {
        let sandbox = Sandbox().populated()
        let before = Int(sandbox.query("SELECT count(*) FROM fills")) ?? -1
        var recorded = 0
        var refused: RunResult?
        for day in 1...300 {
            let result = sandbox.gaslog(
                "fill", "Club 01", "--o2", "32", "--at", "2026-10-\(String(format: "%02d", day % 28 + 1))T10:00:00Z", "--json",
                environment: ["GASLOG_MAX_PAGE_COUNT": "1"])
            if result.status == 0 {
                recorded += 1
            } else {
                refused = result
                break
            }
        }
        let result = refused
        #expect(result?.status == 73, "\(String(describing: result))")
        let error = (try? JSONSerialization.jsonObject(with: Data((result?.stderr ?? "").utf8))) as? [String: Any]
        let body = error?["error"] as? [String: Any]
        #expect(body?["code"] as? String == "storage_full", "\(String(describing: result))")
        #expect(body?["status"] as? Int == 73)
        let message = body?["message"] as? String
        #expect(message?.hasSuffix("the disk is full; nothing was recorded") == true, "\(String(describing: message))")
        #expect(sandbox.query("SELECT count(*) FROM fills") == String(before + recorded))
        // Without the cap the same fill is recorded.
        #expect(sandbox.gaslog("fill", "Club 01", "--o2", "32", "--at", "2026-10-01T11:00:00Z").status == 0)
        #expect(sandbox.query("SELECT count(*) FROM fills") == String(before + recorded + 1))
    }

    @Test("check exits 74 naming a dropped, changed or foreign trigger or index; verify is left to the audit trail")
    func checkFindsSchemaChanges() {
        let cases: [(sql: String, problem: String)] = [
            ("DROP TRIGGER fills_are_append_only_update", "schema: trigger fills_are_append_only_update on fills is missing"),
            ("DROP TRIGGER audit_is_append_only_delete", "schema: trigger audit_is_append_only_delete on audit is missing"),
            (
                "DROP TRIGGER audit_is_append_only_delete; CREATE TRIGGER audit_is_append_only_delete BEFORE DELETE ON audit WHEN 0 BEGIN SELECT 1; END",
                "schema: trigger audit_is_append_only_delete on audit differs from the one the migrations made"
            ),
            ("CREATE TRIGGER sneaky AFTER INSERT ON fills BEGIN SELECT 1; END", "schema: trigger sneaky on fills is not one the migrations made"),
        ]
        for (sql, problem) in cases {
            let sandbox = Sandbox().populated()
            #expect(sandbox.shell(sql).status == 0)
            let check = sandbox.gaslog("check")
            #expect(check.status == 74, "\(sql): \(check)")
            #expect(check.errorLines == ["error: check failed: \(problem)"], "\(check)")
        }
        // A dropped index: the first one the migrations make, by SQLite's own list.
        let sandbox = Sandbox().populated()
        let index = sandbox.query("SELECT name FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL ORDER BY name LIMIT 1")
        let table = sandbox.query("SELECT tbl_name FROM sqlite_schema WHERE name = '\(index)'")
        #expect(!index.isEmpty)
        #expect(sandbox.shell("DROP INDEX \"\(index)\"").status == 0)
        let check = sandbox.gaslog("check")
        #expect(check.status == 74)
        #expect(check.errorLines == ["error: check failed: schema: index \(index) on \(table) is missing"], "\(check)")
    }

    @Test("restore refuses a backup whose triggers were dropped, and leaves the logbook as it was")
    func restoreRefusesADroppedTrigger() throws {
        let sandbox = Sandbox().populated()
        let backup = sandbox.path("backup.sqlite")
        #expect(sandbox.gaslog("backup", backup).status == 0)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [backup, "DROP TRIGGER fills_are_append_only_update; DROP TRIGGER audit_is_append_only_delete"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let before = sandbox.dump()
        let refused = sandbox.gaslog("restore", backup)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.errorLines.first?.contains("schema: trigger") == true, "\(refused)")
        #expect(sandbox.dump() == before)
        // The sqlite3 shell's read-only dumps leave the logbook's -wal and -shm; restore kept no copy.
        #expect(names(in: sandbox.folder).filter { !$0.hasSuffix("-wal") && !$0.hasSuffix("-shm") } == ["backup.sqlite", "logbook.sqlite"])
    }
}
