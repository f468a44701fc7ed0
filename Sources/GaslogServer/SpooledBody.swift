import Glibc

/// A request body kept in a temporary file as it arrives, so that an
/// import of up to 256 MiB is read by the logbook in chunks and never held
/// in memory whole. The file is unlinked at once: nothing is left behind,
/// even when the server is killed.
public final class SpooledBody: @unchecked Sendable {
    /// The file, open for reading and writing.
    public let descriptor: Int32

    /// A new, empty spool in `$TMPDIR` or /tmp; `nil` when none can be made.
    init?(folder: String) {
        var template = Array((folder.hasSuffix("/") ? folder : folder + "/").utf8CString.dropLast()) + Array("gaslog-body-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Appends `count` bytes; `false` when the disk refuses them.
    func append(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        var offset = 0
        while offset < count {
            let written = write(descriptor, bytes + offset, count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            offset += written
        }
        return true
    }

    /// Moves back to the start, for reading what was written.
    public func rewind() {
        lseek(descriptor, 0, SEEK_SET)
    }
}
