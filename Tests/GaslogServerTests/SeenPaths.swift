import Foundation

/// The paths of the requests an in-process server's handler has seen, from any thread.
final class SeenPaths: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: [String] = []

    /// Records one request's path.
    func add(_ path: String) { lock.withLock { paths.append(path) } }

    /// Every path recorded, in order.
    var all: [String] { lock.withLock { paths } }
}
