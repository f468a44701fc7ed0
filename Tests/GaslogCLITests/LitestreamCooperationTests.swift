import Testing

@Suite("Litestream cooperation: gaslog leaves the write-ahead log to Litestream")
struct LitestreamCooperationTests {
    @Test("No code runs a checkpoint that truncates or restarts the write-ahead log, and the logbook stays in WAL mode")
    func noTruncatingCheckpoints() throws {
        var found: [String] = []
        for target in ["LogbookStore", "GaslogCLI", "GaslogServer"] {
            for (file, code) in try LayeringTests.code(of: target) where code.lowercased().contains("wal_checkpoint") {
                found.append("\(target)/\(file)")
            }
        }
        #expect(found.isEmpty, "\(found)")
        let sandbox = Sandbox().populated()
        #expect(sandbox.query("PRAGMA journal_mode") == "wal")
        #expect(sandbox.gaslog("backup", sandbox.path("copy.sqlite")).status == 0)
        #expect(sandbox.gaslog("restore", sandbox.path("copy.sqlite")).status == 0)
        #expect(sandbox.query("PRAGMA journal_mode") == "wal")
    }
}
