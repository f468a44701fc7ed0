import Foundation
import NitroxCalculator
import Testing

@testable import GaslogCore
@testable import LogbookStore

/// A fresh folder for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "gaslog-store-tests-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    func file(_ name: String) -> String { path + "/" + name }
}

/// A clock fixed at 2026-06-15T12:00:00Z, so that register tests with fixed
/// inspection dates hold on any day.
let fixedClock: @Sendable () -> Timestamp = { Timestamp(secondsSinceEpoch: 1_781_524_800) }

func fill(
    _ cylinder: String, _ o2: String, ppo2: String = "1.4", at time: String? = nil,
    note: String? = nil, topOff: String? = nil
) throws -> FillRequest {
    var request = FillRequest(
        cylinder: try CylinderName(parsing: cylinder), mix: try GasMix(parsing: o2),
        partialPressure: try OxygenPartialPressure(parsing: ppo2),
        filledAt: try time.map(Timestamp.init(parsing:)), note: note)
    request.topOff = try topOff.map(GasMix.init(parsing:))
    return request
}

func bytes(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

/// Runs an SQL query with the sqlite3 library directly, for checks that must
/// not go through the code under test.
func rows(_ sql: String, in path: String) throws -> [[String]] {
    let database = try Database(path: path, mode: .readOnly)
    let statement = try database.prepare(sql)
    try statement.bind([])
    var result: [[String]] = []
    while try statement.step() {
        result.append((0..<statement.columnCount).map { statement.optionalText($0) ?? "NULL" })
    }
    return result
}

/// The output of the `sqlite3` shell on the file, read-only, so that the
/// rows are read by nothing under test, not even this package's SQLite wrapper.
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

/// The reason `body` failed with, or `nil` when it succeeded.
func reason(_ body: () throws(LogbookError) -> Void) -> LogbookError.Reason? {
    do {
        try body()
        return nil
    } catch {
        return error.reason
    }
}

extension Logbook {
    /// Records a fill as the core does, checks and all: the store's tests
    /// set up their fills through it.
    @discardableResult
    func recordFill(_ request: FillRequest) throws(LogbookError) -> FillOutcome {
        try FillRecorder(request).record(in: self)
    }

    /// The cylinder's current gas as the core reads it, with its limit for now.
    func currentGas(of name: CylinderName) throws(LogbookError) -> CurrentGas {
        try currentGas(of: name, latest: EntryTimeLimit(clockOf: self).latest)
    }

    /// Every cylinder's current gas as the core reads them, with its limit for now.
    func currentGases() throws(LogbookError) -> [CurrentGas] {
        try currentGases(latest: EntryTimeLimit(clockOf: self).latest)
    }

    /// Imports as the core does, refusing rows dated after its limit for now.
    func importFills(from stream: ByteStream, actor: String?) throws(LogbookError) -> ImportSummary {
        try importFills(from: stream, actor: actor, latest: EntryTimeLimit(clockOf: self).latest)
    }
}
