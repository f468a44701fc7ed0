import GaslogCore
import Glibc
import NitroxCalculator

/// `gaslog serve`: runs `gaslog-server`, installed beside `gaslog`, the way
/// `git` runs its `git-*` commands. The server links GnuTLS, which a fully
/// static executable cannot, so it is a program of its own.
enum ServeCommand {
    static let spec = CommandSpec(
        "serve",
        abstract: "Serve the logbook over HTTP: the API for fill stations, the secretary and divers' phones.",
        discussion: """
            Listens on 127.0.0.1:8080 unless --listen says otherwise; anything but loopback without \
            TLS gets a warning, since passwords would cross the network in clear. With --tls-cert \
            and --tls-key (PEM) it serves HTTPS only, TLS 1.2 or later. It logs one line per request \
            on standard error. SIGTERM or SIGINT stops it after the requests in flight (up to 10 s); \
            a second signal stops it at once. It holds at most 512 connections, 32 from one \
            client address (--max-connections, --per-address-connections); a connection must send \
            its request head within 10 s, a body must average 1 KiB/s after its first 10 s, and an \
            idle connection is closed after 30 s. Exit 64 for a bad option, 66 for an unreadable \
            certificate or key, 71 when the address is in use, or the CLI's status for a logbook it \
            would refuse. Accounts come from 'gaslog user' and 'gaslog token'.
            """,
        options: [listen, certificate, key, threads, maxConnections, perAddressConnections],
        examples: ["gaslog serve", "gaslog serve --listen 0.0.0.0:8443 --tls-cert cert.pem --tls-key key.pem"],
        handler: run
    )

    static let listen = Option<String>("listen", value: "address:port", help: "Where to listen (default 127.0.0.1:8080).") { $0 }
    static let certificate = Option<String>("tls-cert", value: "file", completion: .files, help: "A PEM certificate: serve HTTPS only.") { $0 }
    static let key = Option<String>("tls-key", value: "file", completion: .files, help: "The certificate's PEM private key.") { $0 }
    static let threads = Option<Int>("threads", value: "n", help: "Worker threads, each with its own connection to the logbook (default 4).") {
        try WholeNumber.parse($0, in: 1...64, what: "number of threads")
    }

    static let maxConnections = Option<Int>(
        "max-connections", value: "n", help: "The most connections held at once; more are refused (default 512)."
    ) {
        try WholeNumber.parse($0, in: 1...10_000, what: "number of connections")
    }
    static let perAddressConnections = Option<Int>(
        "per-address-connections", value: "n", help: "The most connections from one client address; more are refused (default 32)."
    ) {
        try WholeNumber.parse($0, in: 1...10_000, what: "number of connections")
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        var arguments = ["--db", try context.logbookPath()]
        for option in [listen, certificate, key] {
            if let value = try context.value(option) { arguments += ["--" + option.spec.name, value] }
        }
        for option in [threads, maxConnections, perAddressConnections] {
            if let value = try context.value(option) { arguments += ["--" + option.spec.name, String(value)] }
        }
        let server = serverPath()
        context.output.flush()
        context.errors.flush()
        let argv = ([server] + arguments).map { strdup($0) } + [nil]
        execv(server, argv)
        throw CommandError(
            "cannot run \(server): \(String(cString: strerror(errno))); build it with 'swift build --product gaslog-server' "
                + "and install it beside gaslog", status: .software)
    }

    /// `gaslog-server` in the folder that holds this `gaslog`.
    static func serverPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let executable = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "gaslog"
        let folder = executable.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (folder.isEmpty ? "." : folder) + "/gaslog-server"
    }
}
