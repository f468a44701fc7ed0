import Glibc

/// A file, standard input or bytes in memory, read in large chunks.
public final class ByteStream {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var memory: [UInt8]?
    /// What messages call the stream: its path, or "standard input".
    public let name: String
    /// The file's size when it is a regular file; unknown for a pipe.
    public let totalBytes: Int?
    private static let chunkSize = 256 * 1024

    /// Standard input, or any descriptor the caller keeps open.
    public init(descriptor: Int32, name: String) {
        self.descriptor = descriptor
        self.name = name
        ownsDescriptor = false
        totalBytes = ByteStream.regularFileSize(descriptor)
    }

    /// Opens the file at `path` for reading; the stream closes it when released.
    public init(path: String) throws(LogbookError) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LogbookError(.inputUnavailable(.failed(.read, path: path, reason: systemMessage())))
        }
        self.descriptor = descriptor
        name = path
        ownsDescriptor = true
        totalBytes = ByteStream.regularFileSize(descriptor)
    }

    /// Bytes already in memory, given out as one chunk.
    public init(bytes: [UInt8], name: String) {
        descriptor = -1
        self.name = name
        ownsDescriptor = false
        totalBytes = bytes.count
        memory = bytes
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    private static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// The next chunk, filled as far as the stream allows, or `nil` at its end.
    public func next() throws(LogbookError) -> [UInt8]? {
        if descriptor < 0 {
            defer { memory = nil }
            return memory.flatMap { $0.isEmpty ? nil : $0 }
        }
        var chunk = [UInt8](repeating: 0, count: ByteStream.chunkSize)
        var filled = 0
        while filled < chunk.count {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 {
                if errno == EINTR { continue }
                throw LogbookError(.inputUnavailable(.failed(.read, path: name, reason: systemMessage())))
            }
            if count == 0 { break }
            filled += count
        }
        guard filled > 0 else { return nil }
        chunk.removeLast(chunk.count - filled)
        return chunk
    }
}
