import GaslogCore
import Glibc

/// A single self-updating progress line on standard error, for long imports
/// and exports on a terminal.
///
/// The first frame waits half a second, so quick runs show nothing; frames
/// come at most four times a second. The line is redrawn after a carriage
/// return and erased with spaces, which even a `TERM=dumb` terminal honours.
final class ProgressLine {
    private let writer: OutputWriter
    private let verb: String
    private let started = ProgressLine.now()
    private var lastFrame: Double?
    private var width = 0

    init(writer: OutputWriter, verb: String) {
        self.writer = writer
        self.verb = verb
    }

    private static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Shows `rows` done and, when the total is known, the fraction done.
    func update(rows: Int, fraction: Double?) {
        let now = ProgressLine.now()
        let elapsed = now - started
        guard elapsed >= 0.5, now - (lastFrame ?? 0) >= 0.25 else { return }
        lastFrame = now
        var text = "\(verb) \(rows) rows, \(Int(Double(rows) / elapsed)) rows/s"
        if let fraction {
            text += ", \(Int(min(max(fraction, 0), 1) * 100))%"
        }
        let padding = max(width - text.count, 0)
        width = text.count
        writer.write("\r" + text + String(repeating: " ", count: padding))
        writer.flush()
    }

    /// Erases the line, if one was drawn.
    func finish() {
        guard lastFrame != nil else { return }
        writer.write("\r" + String(repeating: " ", count: width) + "\r")
        writer.flush()
    }
}
