import Foundation
import GaslogCLI
import LogbookStore

/// Runs gaslog commands in this process, through `Gaslog.run`, against a
/// logbook of its own and a clock the test sets.
final class InProcess {
    let folder: String
    let db: String
    var now: Timestamp

    init(now: String) {
        folder = NSTemporaryDirectory() + "gaslog-in-process-" + UUID().uuidString
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        db = folder + "/gaslog.sqlite"
        self.now = try! Timestamp(parsing: now)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: folder)
    }

    struct Result {
        let status: ExitStatus
        let stdout: String
        let stderr: String
    }

    @discardableResult
    func gaslog(_ arguments: String...) -> Result {
        let output = OutputWriter.inMemory(), errors = OutputWriter.inMemory()
        let status = run(arguments, output: output, errors: errors)
        return Result(status: status, stdout: String(decoding: output.captured, as: UTF8.self),
                      stderr: String(decoding: errors.captured, as: UTF8.self))
    }

    /// The JSON a command prints.
    func json(_ arguments: [String]) -> Any? {
        let output = OutputWriter.inMemory()
        _ = run(arguments, output: output)
        return try? JSONSerialization.jsonObject(with: Data(output.captured), options: [.fragmentsAllowed])
    }

    private func run(_ arguments: [String], output: OutputWriter, errors: OutputWriter = .inMemory()) -> ExitStatus {
        let now = self.now
        return Gaslog.run(arguments: arguments, environment: ["GASLOG_DB": db, "TZ": "UTC", "HOME": folder],
                          output: output, errors: errors, clock: { now })
    }
}
