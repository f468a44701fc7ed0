import Foundation
import Glibc

/// A response body read from a pipe while a command on another thread
/// writes it, so that an export of any size is sent in blocks and never
/// held whole in memory. The pipe's read end closes with the stream.
public final class ResponseStream: @unchecked Sendable {
    /// The pipe's read end.
    let descriptor: Int32
    private let lock = NSLock()
    private var writerFailure: APIError?

    /// A stream over `descriptor`, which it closes when it goes away.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Why the writer stopped before the end, if it did.
    var failure: APIError? {
        lock.withLock { writerFailure }
    }

    /// Records that the writer failed; read before its end of the pipe closes.
    func fail(_ error: APIError) {
        lock.withLock { writerFailure = error }
    }

    /// Reads up to `count` bytes into `buffer`: the number read, 0 at the end
    /// of a complete stream, or -1 when the pipe cannot be read or the writer
    /// failed, so that the response ends cut off rather than looking whole.
    func read(into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let result = Glibc.read(descriptor, buffer, count)
            if result < 0 && errno == EINTR { continue }
            return result == 0 && failure != nil ? -1 : result
        }
    }

    /// Bytes waiting in the pipe now.
    var available: Int {
        var count: Int32 = 0
        return ioctl(descriptor, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Waits until the pipe has bytes or its writer has closed it.
    func waitUntilReadable() {
        var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, -1) < 0 && errno == EINTR {}
    }
}
