import GaslogCore
import Glibc

/// A file written under a temporary name and renamed into place only when
/// complete, so that a failed or interrupted export never leaves half a file
/// where a whole one is expected.
final class AtomicFile {
    let path: String
    private let temporaryPath: String
    let writer: OutputWriter
    private let descriptor: Int32
    private var finished = false

    init(path: String) throws(CommandError) {
        self.path = path
        temporaryPath = path + ".gaslog-\(getpid()).tmp"
        descriptor = open(temporaryPath, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else {
            throw CommandError("cannot create \(path): \(String(cString: strerror(errno)))", status: .cannotCreate)
        }
        writer = OutputWriter(descriptor: descriptor)
    }

    /// Flushes, syncs and renames the file into place.
    func commit() throws(CommandError) {
        writer.flush()
        finished = true
        let failure =
            writer.failure.map { String(cString: strerror($0)) }
            ?? (fsync(descriptor) != 0 ? String(cString: strerror(errno)) : nil)
        close(descriptor)
        if let failure {
            unlink(temporaryPath)
            throw CommandError("cannot write \(path): \(failure)", status: .ioError)
        }
        guard rename(temporaryPath, path) == 0 else {
            let message = String(cString: strerror(errno))
            unlink(temporaryPath)
            throw CommandError("cannot write \(path): \(message)", status: .cannotCreate)
        }
    }

    deinit {
        if !finished {
            close(descriptor)
            unlink(temporaryPath)
        }
    }
}
