import Foundation
import Glibc
import Testing

/// Several processes, killed processes and other users launch the built
/// binary; broken database files are refusals, checked in this process.
@Suite("Concurrency, crashes and broken database files")
struct ReliabilityTests {
    @Test("8 processes recording 50 fills each into one database lose nothing", .timeLimit(.minutes(2)))
    func concurrentWriters() throws {
        let sandbox = Sandbox()
        let workers = 8, fillsEach = 50
        let results = Mutex<[RunResult]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var mine: [RunResult] = []
            for index in 0..<fillsEach {
                mine.append(sandbox.binary("fill", "Station \(worker)", "--o2", "\(21 + index)", "--note", "w\(worker)-\(index)"))
            }
            results.withLock { $0 += mine }
        }
        let all = results.withLock { $0 }
        #expect(all.count == workers * fillsEach)
        for result in all where result.status != 0 {
            Issue.record("a fill failed: \(result)")
        }
        #expect(sandbox.query("SELECT count(*) FROM fills") == "\(workers * fillsEach)")
        #expect(sandbox.query("SELECT count(DISTINCT note) FROM fills") == "\(workers * fillsEach)")
        #expect(sandbox.query("PRAGMA integrity_check") == "ok")
    }

    /// Kills the import at each stage of its transaction, chosen from a trace
    /// of the same run rather than by timing, so that every stage is met on
    /// every run: before it writes, halfway through its pages, inside its
    /// commit frame, after the commit and halfway through the checkpoint.
    @Test("An import killed at any stage of its write leaves all of the file or none of it", .timeLimit(.minutes(2)))
    func killedImport() throws {
        let sandbox = Sandbox()
        sandbox.okBinary("fill", "Existing", "--o2", "32")
        #expect(!FileManager.default.fileExists(atPath: sandbox.db + "-wal"), "gaslog checkpoints and removes its WAL file when it closes")
        let rows = 2_000
        var csv = csvHeader + "\r\n"
        for index in 0..<rows {
            csv +=
                ",2026-01-01T\(two(index / 3600)):\(two(index / 60 % 60)):\(two(index % 60))Z,"
                + "Cyl \(index % 300),,\(21 + index % 80),1.4,,,232,Ann,Bo,C-1,,row \(index),\r\n"
        }
        let file = sandbox.write("large.csv", csv)
        // Each run starts from this copy, so that it makes the calls the traced run made.
        let pristine = sandbox.path("pristine.sqlite")
        try FileManager.default.copyItem(atPath: sandbox.db, toPath: pristine)
        func importUnderStrace(_ options: [String]) throws -> RunResult {
            for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: sandbox.db + suffix) {
                try FileManager.default.removeItem(atPath: sandbox.db + suffix)
            }
            try FileManager.default.copyItem(atPath: pristine, toPath: sandbox.db)
            return GaslogProcess.start(
                [Array("import".utf8), Array(file.utf8)], environment: sandbox.environment(),
                prefix: ["/usr/bin/strace", "-qq", "-s", "0"] + options
            ).wait()
        }
        func kill(at stage: WriteStages.Stage) throws {
            let options = ["-o", "/dev/null", "-e", "trace=\(stage.call)", "-e", "inject=\(stage.call):signal=SIGKILL:when=\(stage.occurrence)"]
            let killed = try importUnderStrace(options)
            #expect(killed.signal == SIGKILL, "\(stage): \(killed)")
        }

        let trace = sandbox.path("import.trace")
        let traced = try importUnderStrace(["-o", trace, "-e", "trace=openat,pwrite64,fdatasync"])
        try #require(traced.status == 0 && traced.signal == nil, "\(traced)")
        let stages = try WriteStages(trace: String(contentsOfFile: trace, encoding: .utf8), database: sandbox.db)
        for stage in stages.all {
            try kill(at: stage)
            #expect(sandbox.query("PRAGMA integrity_check") == "ok", "\(stage)")
            #expect(sandbox.query("SELECT count(*) FROM fills") == "\(stage.committed ? rows + 1 : 1)", "after a kill \(stage)")
        }

        // A logbook whose WAL file holds half a transaction takes the whole file afterwards.
        try kill(at: stages.halfway)
        let finished = sandbox.binary("import", file)
        #expect(finished.status == 0, "\(finished)")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "\(rows + 1)")
        #expect(sandbox.query("PRAGMA integrity_check") == "ok")
    }

    @Test("A database from a newer gaslog is refused and left untouched")
    func newerDatabase() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        _ = sandbox.query("SELECT 1")  // the shell leaves the file checkpointed
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        shell.arguments = [sandbox.db, "PRAGMA user_version = 99"]
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.db))
        for arguments in [["list"], ["fill", "B", "--o2", "32"], ["mod", "A"], ["export"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 74, "\(result)")
            #expect(result.stderr.contains("newer"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.db)) == before)
    }

    @Test("A truncated database is refused and left untouched")
    func truncatedDatabase() throws {
        let sandbox = Sandbox()
        for index in 0..<200 {
            sandbox.ok("fill", "Cyl \(index % 20)", "--o2", "32", "--note", String(repeating: "x", count: 300))
        }
        let whole = try Data(contentsOf: URL(fileURLWithPath: sandbox.db))
        let cut = whole.prefix(whole.count / 3)
        try cut.write(to: URL(fileURLWithPath: sandbox.db))
        for arguments in [["list"], ["fill", "B", "--o2", "32"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 74, "\(result)")
            #expect(result.stderr.contains("truncated"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.db)) == cut)
    }

    @Test("A read-only database or folder: readers work, writers get a clear refusal")
    func readOnly() throws {
        let sandbox = Sandbox()
        sandbox.okBinary("fill", "A", "--o2", "32")
        let csv = sandbox.write(
            "fills.csv",
            sandbox.binary("export").stdout
                + "7,2026-01-01T00:00:00Z,B,EAN 32,32,1.4,34,111,,,,,,,,,nearest,32,0,,0,,,,,,,,\r\n")
        let before = try Data(contentsOf: URL(fileURLWithPath: sandbox.db))
        // Root ignores permission bits, so as root gaslog runs as nobody.
        let asOtherUser = getuid() == 0 ? ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] : []
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: sandbox.db)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: sandbox.folder)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.folder) }
        func run(_ arguments: [String]) -> RunResult {
            GaslogProcess.start(
                arguments.map { Array($0.utf8) },
                environment: GaslogProcess.environment(home: "/nonexistent", extra: ["GASLOG_DB": sandbox.db]),
                prefix: asOtherUser
            ).wait()
        }
        #expect(run(["mod", "A"]).stdout.hasPrefix("A: EAN 32 — MOD 34 m at ppO₂ 1.4 (from fill 1 of "))
        #expect(run(["list"]).status == 0)
        #expect(run(["export"]).stdout.contains("EAN 32"))
        // A dry run writes nothing, so it works on a logbook nobody may write to.
        let dryRun = run(["import", csv, "--dry-run"])
        #expect(dryRun.status == 0 && dryRun.stdout.contains("would import 1 fill, skip 1 duplicate"), "\(dryRun)")
        for arguments in [["fill", "B", "--o2", "32"], ["unit", "imperial"], ["void", "1", "--reason", "x"], ["import", csv]] {
            let result = run(arguments)
            #expect(result.status == 74, "\(result)")
            #expect(result.stderr.contains("read-only"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: sandbox.db)) == before)
    }

    @Test("A database folder that cannot be created is a clear error")
    func folderCannotBeCreated() {
        let sandbox = Sandbox()
        let result = sandbox.gaslog("--db", "/dev/null/gaslog/logbook.sqlite", "fill", "A", "--o2", "32")
        #expect(result.status == 73)
        #expect(result.stderr.contains("cannot create folder"))
        #expect(sandbox.gaslog("--db", "/dev/null/gaslog/logbook.sqlite", "list").status == 0)
    }
}

private func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

/// A lock around a value shared by concurrent test workers.
final class Mutex<Value>: @unchecked Sendable {
    private var value: Value
    private let lock = NSLock()

    init(_ value: Value) { self.value = value }

    func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
