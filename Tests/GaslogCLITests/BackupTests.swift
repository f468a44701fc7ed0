import Foundation
import Synchronization
import Testing

@Suite("Online backup, check and restore")
struct BackupTests {
    /// Files in the sandbox's folder whose names contain `text`.
    func files(_ sandbox: Sandbox, containing text: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: sandbox.folder)) ?? []).filter { $0.contains(text) }.sorted()
    }

    @Test("backup writes a checked copy that exports the same, refuses to overwrite without --force, and leaves no temporary file")
    func backupCopies() {
        let sandbox = Sandbox().populated()
        let copy = sandbox.path("copy.sqlite")
        let result = sandbox.gaslog("backup", copy)
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.hasPrefix("Backed up \(sandbox.db) to \(copy). Checked the copy:\n  integrity_check: ok\n"), "\(result)")
        // 11 changes, 4 of them fills, each with its charge's entry.
        #expect(result.stdout.contains("  audit trail: 15 entries, head \(sandbox.head())\n"))
        // Read by the sqlite3 shell, not by gaslog: the copy holds what the logbook holds.
        #expect(sandbox.dump(of: copy) == sandbox.dump())
        #expect(sandbox.gaslog("--db", copy, "verify").status == 0)
        #expect(files(sandbox, containing: ".tmp-").isEmpty)

        sandbox.ok("fill", "Club 01", "--o2", "34", "--at", "2026-11-05T10:00:00Z")
        let refused = sandbox.gaslog("backup", copy)
        #expect(refused.status == 73, "\(refused)")
        #expect(refused.errorLines == ["error: \(copy) already exists; give --force to replace it"])
        #expect(sandbox.gaslog("--db", copy, "verify").stdout.contains("15 entries"))
        #expect(sandbox.gaslog("backup", copy, "--force").status == 0)
        #expect(sandbox.gaslog("--db", copy, "verify").stdout.contains("17 entries"))

        let nowhere = sandbox.gaslog("backup", sandbox.path("missing/folder/copy.sqlite"))
        #expect(nowhere.status == 73, "\(nowhere)")
        #expect(sandbox.gaslog("--db", sandbox.path("none.sqlite"), "backup", sandbox.path("x.sqlite")).status == 66)
    }

    @Test("check prints what it checked, and exits 74 naming the first problem")
    func check() {
        let sandbox = Sandbox().populated()
        let sound = sandbox.gaslog("check")
        #expect(sound.status == 0, "\(sound)")
        #expect(
            sound.stdout
                == "integrity_check: ok\nforeign_key_check: ok\nschema version: 15\naudit trail: 15 entries, head \(sandbox.head())\n")
        #expect(sandbox.shell("UPDATE cylinders SET owner = 'Mallory' WHERE id = 1").status == 0)
        let broken = sandbox.gaslog("check")
        #expect(broken.status == 74, "\(broken)")
        #expect(broken.stdout == "integrity_check: ok\nforeign_key_check: ok\nschema version: 15\n")
        #expect(
            broken.errorLines == [
                "error: check failed: the audit trail does not hold: cylinder 1 differs from entry 1, its latest record: it was changed outside gaslog"
            ])

        let orphan = Sandbox().populated()
        #expect(
            orphan.shell("PRAGMA foreign_keys = OFF; INSERT INTO voids (fill_id, reason, voided_at) VALUES (99, 'x', '2026-11-05T10:00:00Z')").status
                == 0)
        let keys = orphan.gaslog("check")
        #expect(keys.status == 74)
        #expect(keys.errorLines == ["error: check failed: foreign_key_check: row 99 of voids refers to a missing row of fills"], "\(keys)")
    }

    @Test("restore checks the backup first (66, 65), keeps the replaced logbook, and puts the backup in place")
    func restore() throws {
        let sandbox = Sandbox().populated()
        let backup = sandbox.path("backup.sqlite")
        #expect(sandbox.gaslog("backup", backup).status == 0)
        let exported = sandbox.gaslog("export").stdout
        sandbox.ok("fill", "Club 01", "--o2", "34", "--at", "2026-11-05T10:00:00Z")
        let before = sandbox.dump()

        let missing = sandbox.gaslog("restore", sandbox.path("nothing.sqlite"))
        #expect(missing.status == 66, "\(missing)")
        let junk = sandbox.write("junk.sqlite", "not a database")
        let notSQLite = sandbox.gaslog("restore", junk)
        #expect(notSQLite.status == 65, "\(notSQLite)")
        // A backup whose fill was changed outside gaslog is not sound.
        let tampered = sandbox.path("tampered.sqlite")
        try FileManager.default.copyItem(atPath: backup, toPath: tampered)
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [tampered, "UPDATE cylinders SET serial = 'S-9' WHERE id = 1"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let unsound = sandbox.gaslog("restore", tampered)
        #expect(unsound.status == 65, "\(unsound)")
        #expect(unsound.stderr.contains("not a sound logbook: \(tampered): the audit trail does not hold: cylinder 1 differs"), "\(unsound)")
        #expect(sandbox.dump() == before)
        #expect(files(sandbox, containing: "before-restore").isEmpty)

        let restored = sandbox.gaslog("restore", backup)
        #expect(restored.status == 0, "\(restored)")
        let kept = "logbook.sqlite.before-restore-20261130T120000Z"
        #expect(restored.stdout == "Restored \(backup) to \(sandbox.db).\nThe logbook it replaced is kept as \(sandbox.path(kept)).\n")
        #expect(files(sandbox, containing: "before-restore") == [kept])
        #expect(sandbox.gaslog("export").stdout == exported)
        #expect(sandbox.gaslog("check").status == 0)
        #expect(sandbox.query("PRAGMA journal_mode") == "wal")
        #expect(sandbox.gaslog("--db", sandbox.path(kept), "log", "--limit", "1").stdout.contains("EAN 34"))
        // The restored logbook takes new fills on its chain.
        #expect(sandbox.gaslog("fill", "Club 01", "--o2", "36", "--at", "2026-11-06T10:00:00Z").status == 0)
        // The backup's 15, and the fill with its charge.
        #expect(sandbox.gaslog("verify").stdout.contains("17 entries"))
    }

    @Test("restore exits 75 and changes nothing while another program holds the write lock")
    func restoreRefusedWhileLocked() throws {
        let sandbox = Sandbox().populated()
        let backup = sandbox.path("backup.sqlite")
        #expect(sandbox.gaslog("backup", backup).status == 0)
        let before = sandbox.dump()
        // The sqlite3 shell holds the lock until it is told to commit.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        holder.arguments = [sandbox.db]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nINSERT INTO settings VALUES ('x', 'y');\n.print locked\n".utf8))
        var said = ""
        while !said.contains("locked") {
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { break }
            said += String(decoding: data, as: UTF8.self)
        }
        let refused = sandbox.gaslog("restore", backup)
        input.fileHandleForWriting.write(Data("ROLLBACK;\n".utf8))
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        #expect(refused.status == 75, "\(refused)")
        #expect(refused.errorLines == ["error: database \(sandbox.db) is in use: another program holds its write lock; nothing was changed"])
        #expect(sandbox.dump() == before)
        #expect(files(sandbox, containing: "before-restore").isEmpty)
    }

    @Test("A backup taken while 8 processes write is consistent, and it restores", .timeLimit(.minutes(3)))
    func backupWhileEightProcessesWrite() {
        let sandbox = Sandbox()
        #expect(sandbox.binary("fill", "Start", "--o2", "32").status == 0)
        let workers = 8, fillsEach = 25
        let failures = Mutex<[RunResult]>([])
        let writersDone = Atomic<Int>(0)
        let backups = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: workers + 1) { worker in
            if worker == workers {
                // Backups one after another, for as long as the writers write.
                var index = 0
                while writersDone.load(ordering: .acquiring) < workers || index == 0 {
                    let path = sandbox.path("backup-\(index).sqlite")
                    let result = sandbox.binary("backup", path)
                    if result.status == 0 { backups.withLock { $0.append(path) } } else { failures.withLock { $0.append(result) } }
                    index += 1
                }
                return
            }
            for index in 0..<fillsEach {
                let result = sandbox.binary("fill", "Station \(worker)", "--o2", "\(21 + index)")
                if result.status != 0 { failures.withLock { $0.append(result) } }
            }
            writersDone.add(1, ordering: .releasing)
        }
        for failure in failures.withLock({ $0 }) { Issue.record("failed: \(failure)") }
        let taken = backups.withLock { $0 }
        #expect(!taken.isEmpty)
        for path in taken {
            let check = sandbox.binary("--db", path, "check")
            #expect(check.status == 0, "\(path): \(check)")
        }
        // The first backup, taken while the writers had only begun, restores into the logbook.
        let first = taken[0]
        let fills = sandbox.query("SELECT count(*) FROM fills")
        #expect(fills == "\(1 + workers * fillsEach)")
        let backedUp = sandbox.dump(of: first)
        let restored = sandbox.binary("restore", first)
        #expect(restored.status == 0, "\(restored)")
        #expect(sandbox.binary("check").status == 0)
        #expect(sandbox.binary("verify").status == 0)
        // Read by the sqlite3 shell, not by gaslog: the logbook holds what the backup held.
        #expect(sandbox.dump() == backedUp)
    }
}
