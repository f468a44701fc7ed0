/// The moments in one write transaction of gaslog's at which a test kills it,
/// found in a trace of the same run (`strace -s 0 -e trace=openat,pwrite64,fdatasync`).
/// Each is a system call and its number among the calls of that name, which
/// strace's `inject=CALL:signal=SIGKILL:when=N` turns into a kill as the
/// process enters that call: the same moment on every run, whatever the load.
struct WriteStages {
    /// One moment to kill at, and whether the transaction has committed by then.
    struct Stage: CustomStringConvertible {
        let name: String
        let call: String
        let occurrence: Int
        let committed: Bool

        var description: String { "\(name) (\(call) #\(occurrence))" }
    }

    /// A trace in which the stages cannot be found.
    struct UnreadableTrace: Error, CustomStringConvertible {
        let description: String
    }

    /// Before its first write to the WAL file: nothing of the transaction is written.
    let beforeWriting: Stage
    /// Halfway through writing the transaction's pages (header and page frames) to the WAL file.
    let halfway: Stage
    /// On the last page write: the commit frame's header is written, its page not.
    let beforeCommitFrameEnds: Stage
    /// On the sync after the commit frame: committed, though not yet on the disk.
    let beforeSync: Stage
    /// Halfway through copying the committed pages into the database file (the checkpoint).
    let checkpointHalfway: Stage

    var all: [Stage] { [beforeWriting, halfway, beforeCommitFrameEnds, beforeSync, checkpointHalfway] }

    /// Reads the trace of a run that wrote one transaction into `database`.
    init(trace: String, database: String) throws(UnreadableTrace) {
        var calls: [(name: String, descriptor: Int, size: Int, occurrence: Int)] = []
        var occurrences: [String: Int] = [:]
        var wal: Int?, file: Int?
        for line in trace.split(separator: "\n") {
            guard let open = line.firstIndex(of: "("), let result = line.split(separator: "= ").last.flatMap({ Int($0) }) else { continue }
            let name = String(line[..<open])
            occurrences[name, default: 0] += 1
            let fields = line[line.index(after: open)...].split(separator: ", ")
            switch name {
            case "openat" where fields.count > 2:
                // openat(AT_FDCWD, "PATH", FLAGS[, MODE]) = DESCRIPTOR
                let path = fields[1].dropFirst().dropLast()
                if path == database + "-wal" { wal = result }
                if path == database && fields[2].contains("O_RDWR") { file = result }
            case "pwrite64" where fields.count > 2:
                // pwrite64(DESCRIPTOR, ""..., SIZE, OFFSET) = WRITTEN
                calls.append((name, Int(fields[0]) ?? -1, Int(fields[2]) ?? -1, occurrences[name]!))
            case "fdatasync":
                // fdatasync(DESCRIPTOR) = 0
                calls.append((name, Int(fields[0].prefix { $0.isNumber }) ?? -1, 0, occurrences[name]!))
            default:
                continue
            }
        }
        let walWrites = calls.indices.filter { calls[$0].name == "pwrite64" && calls[$0].descriptor == wal }
        // A frame's header is 24 bytes; the WAL file's own header, 32.
        guard let firstWrite = walWrites.first, let firstFrame = walWrites.first(where: { calls[$0].size == 24 }),
            let commitSync = calls.indices.first(where: { $0 > firstFrame && calls[$0].name == "fdatasync" && calls[$0].descriptor == wal })
        else { throw UnreadableTrace(description: "no WAL frames and sync after them in the trace:\n\(trace)") }
        let frames = walWrites.filter { $0 >= firstFrame && $0 < commitSync }
        let checkpoint = calls.indices.filter { $0 > commitSync && calls[$0].name == "pwrite64" && calls[$0].descriptor == file }
        guard let lastFrame = frames.last, !checkpoint.isEmpty else {
            throw UnreadableTrace(description: "no checkpoint after the commit in the trace:\n\(trace)")
        }
        func stage(_ name: String, _ index: Int, committed: Bool) -> Stage {
            Stage(name: name, call: calls[index].name, occurrence: calls[index].occurrence, committed: committed)
        }
        beforeWriting = stage("before it writes anything", firstWrite, committed: false)
        halfway = stage("halfway through writing its pages", frames[frames.count / 2], committed: false)
        beforeCommitFrameEnds = stage("with the commit frame's header written but not its page", lastFrame, committed: false)
        beforeSync = stage("with the commit written but not synced", commitSync, committed: true)
        checkpointHalfway = stage("halfway through copying its pages into the database file", checkpoint[checkpoint.count / 2], committed: true)
    }
}
