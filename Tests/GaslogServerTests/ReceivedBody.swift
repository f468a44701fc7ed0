@testable import GaslogServer

extension HTTPResponse {
    /// The body as a client receives it: ``body``, or for a streamed
    /// answer everything its stream gives, read to the end as the server
    /// sends it. A stream cut off by its writer's failure ends early.
    func receivedBody() -> [UInt8] {
        guard let stream else { return body }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { bytes in
                bytes.baseAddress.map { stream.read(into: $0, count: bytes.count) } ?? -1
            }
            guard count > 0 else { return received }
            received += buffer[0..<count]
        }
    }
}
