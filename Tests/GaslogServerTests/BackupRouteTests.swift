import Foundation
import Testing

/// `GET /api/v1/backup`, and the audit trail's record of who changed what through the service.
@Suite("gaslog serve: the backup endpoint and the audit trail's accounts")
struct BackupRouteTests {
    let admin = Station.Credentials.basic("ada", "correct horse battery")
    let blender = Station.Credentials.basic("ben", "correct horse battery")

    /// Runs the `gaslog` binary on the logbook at `path`.
    func gaslog(_ path: String, _ arguments: String...) -> (status: Int32, stdout: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ServerHarness.binaries + "/gaslog")
        process.arguments = ["--db", path] + arguments
        process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try? process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: out, as: UTF8.self))
    }

    @Test("An admin downloads a consistent, checked copy that holds the logbook's rows and verifies; others may not")
    func backupEndpoint() throws {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        let added = server.request("POST", "/api/v1/cylinders", as: admin, json: #"{"cylinder": "Club 07", "working_pressure": 232}"#)
        #expect(added.status == 201, "\(added.text)")
        let filled = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 07", "o2": "32", "at": "2026-11-29T10:00Z"}"#)
        #expect(filled.status == 201, "\(filled.text)")

        let backup = server.request("GET", "/api/v1/backup", as: admin)
        #expect(backup.status == 200, "\(backup.text)")
        #expect(backup.headers["content-type"] == "application/vnd.sqlite3")
        #expect(backup.headers["transfer-encoding"] == "chunked", "streamed from the file, not held in memory")
        #expect(backup.body.prefix(16) == Data("SQLite format 3\0".utf8))
        let copy = server.folder + "/downloaded.sqlite"
        #expect(FileManager.default.createFile(atPath: copy, contents: backup.body))
        #expect(gaslog(copy, "check").status == 0)
        // The copy holds the cylinder and the fill as they were recorded, read with the sqlite3 shell.
        let rows =
            "SELECT c.name, c.working_pressure_centibar / 100, f.filled_at, f.o2_permille / 10, f.recorded_by FROM fills f JOIN cylinders c ON c.id = f.cylinder_id"
        #expect(try WarningRouteTests.sqlite(copy, rows) == "Club 07|232|2026-11-29T10:00:00Z|32|ben\n")
        // Its trail holds: the two accounts, the cylinder, the fill and its charge.
        let verified = gaslog(copy, "verify")
        #expect(verified.status == 0 && verified.stdout.hasPrefix("Audit trail: \(2 + 1 + 2) entries,"), "\(verified.stdout)")

        #expect(server.request("GET", "/api/v1/backup", as: blender).status == 403)
        #expect(server.request("GET", "/api/v1/backup").status == 401)
        #expect(server.request("GET", "/api/v1/backup?x=1", as: admin).status == 400)

        let setting = server.request("PUT", "/api/v1/config/unit", as: admin, json: #"{"value": "imperial"}"#)
        #expect(setting.status == 200, "\(setting.text)")
        // A request after another's on the same thread is still its own account's.
        let csv =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,override_reason,rounding\r\n"
            + ",2026-11-28T10:00:00Z,Club 08,,36,1.4,,,,,,,,,,,\r\n"
        let imported = server.request("POST", "/api/v1/import", as: admin, body: Data(csv.utf8), contentType: "text/csv")
        #expect(imported.status == 200, "\(imported.text)")

        // Each change names the account that made it through the service.
        let audit = server.gaslog("audit", "--json").stdout
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(audit.utf8)) as? [[String: Any]])
        let byKind = entries.filter { ($0["subject"] as? String)?.hasPrefix("account") != true }.map {
            "\($0["kind"] as? String ?? "") \($0["actor"] as? String ?? "")"
        }
        // A fill recorded has its charge; an imported one has none.
        #expect(byKind == ["cylinder add ada", "fill ben", "charge ben", "setting ada", "cylinder add ada", "fill ada"], "\(audit)")
    }
}
