import CGnuTLS
import Glibc

/// A TLS client in this process, through GnuTLS: one request on a
/// connection of its own, with the server's certificate checked against a CA.
struct TLSClient {
    /// What one exchange came to.
    struct Exchange {
        /// 0, or the GnuTLS error that ended it.
        let result: Int32
        /// The protocol the handshake agreed, such as `GNUTLS_TLS1_2`; 0 when there was none.
        let version: Int32
        /// The alert the server sent to refuse the handshake, or -1.
        let alert: Int32
        /// The answer, read until the server closed the connection.
        let answer: [UInt8]

        /// The GnuTLS error's name, for a failure's message.
        var error: String { String(cString: gnutls_strerror(result)) }
    }

    /// The PEM file of the certificate to trust.
    let authority: String
    /// A GnuTLS priority string, which sets the protocol versions offered.
    let priorities: String

    /// Only TLS 1.2.
    static let tls12 = "NORMAL:-VERS-ALL:+VERS-TLS1.2"
    /// Nothing later than TLS 1.1.
    static let tls11 = "NORMAL:-VERS-ALL:+VERS-TLS1.1:+VERS-TLS1.0"

    /// Writes a self-signed certificate for 127.0.0.1 and its key as PEM files; 0, or a GnuTLS error.
    static func makeCertificate(at certificate: String, key: String) -> Int32 {
        gaslog_test_make_certificate(certificate, key)
    }

    /// Sends `request` to 127.0.0.1:`port` over TLS and reads the answer.
    func exchange(_ request: String, port: Int) -> Exchange {
        guard let client = RawClient(from: "127.0.0.1", to: port) else {
            return Exchange(result: GNUTLS_E_PUSH_ERROR, version: 0, alert: -1, answer: [])
        }
        defer { client.close() }
        var answer: UnsafeMutablePointer<UInt8>?
        var length = 0
        var version: Int32 = 0
        var alert: Int32 = -1
        let bytes = Array(request.utf8)
        let result = bytes.withUnsafeBufferPointer { sent in
            sent.withMemoryRebound(to: CChar.self) {
                gaslog_test_tls_exchange(client.socket, authority, priorities, $0.baseAddress, $0.count, &answer, &length, &version, &alert)
            }
        }
        defer { free(answer) }
        let received = answer.map { Array(UnsafeBufferPointer(start: $0, count: length)) } ?? []
        return Exchange(result: result, version: version, alert: alert, answer: received)
    }
}
