import Glibc
import Synchronization

/// The database files this process holds SQLite connections to.
///
/// POSIX gives a process one set of locks per file: closing *any* descriptor
/// of a file drops every lock the process holds on it, SQLite's included.
/// gaslog reads a database's header itself before SQLite opens it; once this
/// process has a connection to the file, a second reader doing that would
/// drop the first connection's locks, and another process could then write
/// under it. So a file already open here is never opened outside SQLite.
/// See <https://www.sqlite.org/howtocorrupt.html#_posix_advisory_locks_canceled_by_a_separate_thread_doing_close_>.
enum OpenDatabases {
    /// A file by device and inode, whatever path names it.
    struct FileID: Hashable {
        let device: UInt
        let inode: UInt
    }

    private static let counts = Mutex<[FileID: Int]>([:])

    /// The file at `path`, if it exists.
    static func identity(of path: String) -> FileID? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileID(device: UInt(status.st_dev), inode: UInt(status.st_ino))
    }

    /// Whether this process has a connection to the file at `path`.
    static func isOpen(_ path: String) -> Bool {
        guard let file = identity(of: path) else { return false }
        return counts.withLock { ($0[file] ?? 0) > 0 }
    }

    /// Records a connection to `file`.
    static func opened(_ file: FileID) {
        counts.withLock { $0[file, default: 0] += 1 }
    }

    /// Records that a connection to `file` closed.
    static func closed(_ file: FileID) {
        counts.withLock { counts in
            counts[file, default: 1] -= 1
            if counts[file] == 0 { counts[file] = nil }
        }
    }
}
