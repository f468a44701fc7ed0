import Foundation
import LogbookStore
import NitroxCalculator
import Testing

/// A fresh folder for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "gaslog-core-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// A clock fixed at 2026-06-15T12:00:00Z, so that checks against fixed
/// inspection dates hold on any day.
let fixedClock: @Sendable () -> Timestamp = { Timestamp(secondsSinceEpoch: 1_781_524_800) }

/// A fill of `o2` into `cylinder`, as the blender reports it.
func fill(_ cylinder: String, _ o2: String) throws -> FillRequest {
    FillRequest(cylinder: try CylinderName(parsing: cylinder), mix: try GasMix(parsing: o2))
}

/// The reason `body` failed with, or `nil` when it succeeded.
func reason(_ body: () throws(LogbookError) -> Void) -> LogbookError.Reason? {
    do {
        try body()
        return nil
    } catch {
        return error.reason
    }
}

/// The output of the `sqlite3` shell on the file, read-only, so that the
/// rows are read by nothing under test.
func shell(_ sql: String, in path: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    process.arguments = ["-readonly", path, sql]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0, "sqlite3 failed on \(sql)")
    return String(decoding: data, as: UTF8.self)
}
