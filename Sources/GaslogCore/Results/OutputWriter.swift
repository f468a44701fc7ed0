import Glibc

/// A buffered writer to a file descriptor, or to memory for tests.
///
/// Export streams a million rows through it, so it collects bytes and writes
/// them in large blocks instead of one system call per row.
public final class OutputWriter {
    private enum Target {
        case descriptor(Int32)
        case memory
    }

    private let target: Target
    private var buffer: [UInt8] = []
    private static let blockSize = 64 * 1024
    /// Everything written, for a writer to memory.
    public private(set) var captured: [UInt8] = []
    /// The `errno` of the first failed write, after which output is dropped.
    public private(set) var failure: Int32?

    /// A writer to `descriptor`, which the caller keeps open.
    public init(descriptor: Int32) {
        target = .descriptor(descriptor)
        buffer.reserveCapacity(OutputWriter.blockSize)
    }

    private init() {
        target = .memory
    }

    /// A writer that keeps everything in ``captured``, for tests.
    public static func inMemory() -> OutputWriter { OutputWriter() }

    /// Whether the writer is a terminal, for progress and styling.
    public var isTerminal: Bool {
        if case .descriptor(let descriptor) = target { return isatty(descriptor) == 1 }
        return false
    }

    /// The terminal's width in columns, when the writer is a terminal.
    public var terminalColumns: Int? {
        guard case .descriptor(let descriptor) = target, isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Appends `text` as UTF-8, writing out the buffer once it fills a block.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= OutputWriter.blockSize { flush() }
    }

    /// Lets `produce` append bytes straight to the buffer, without building a
    /// string first.
    public func write(_ produce: (inout [UInt8]) -> Void) {
        produce(&buffer)
        if buffer.count >= OutputWriter.blockSize { flush() }
    }

    /// Appends `text` and a line feed.
    public func writeLine(_ text: String) {
        write(text)
        write("\n")
    }

    /// Writes out everything buffered. After a failed write the writer keeps
    /// the error and drops further output.
    public func flush() {
        defer { buffer.removeAll(keepingCapacity: true) }
        guard failure == nil, !buffer.isEmpty else { return }
        switch target {
        case .memory:
            captured.append(contentsOf: buffer)
        case .descriptor(let descriptor):
            var offset = 0
            while offset < buffer.count {
                // The buffer is not empty, so it has an address.
                let written = buffer.withUnsafeBytes { bytes in
                    bytes.baseAddress.map { Glibc.write(descriptor, $0 + offset, bytes.count - offset) } ?? 0
                }
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
    }
}
