// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "gaslog",
    products: [
        .executable(name: "gaslog", targets: ["gaslog"])
    ],
    targets: [
        // Pure arithmetic: depends on nothing, not even Foundation.
        .target(name: "NitroxCalculator"),

        // The system SQLite, as SwiftPM's own SPMSQLite3 target declares it.
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),

        // The system libsodium (Debian's libsodium-dev ships libsodium.a, so
        // the static release build carries it), for passwords and tokens.
        .systemLibrary(
            name: "CSodium",
            pkgConfig: "libsodium",
            providers: [.apt(["libsodium-dev"])]
        ),

        // The system zxcvbn-c (Debian's libzxcvbn-dev, which has no pkg-config
        // file; it ships libzxcvbn.a, so the static release build carries it),
        // for the strength of new passwords. Its dictionaries are built in.
        .systemLibrary(
            name: "CZxcvbn",
            providers: [.apt(["libzxcvbn-dev"])]
        ),

        // Password hashes, API tokens and constant-time comparison, through
        // libsodium; no Foundation. The store never sees a password or a
        // token; it uses the SHA-256 and hex here for the audit trail.
        .target(name: "Credentials", dependencies: ["CSodium"]),

        // The rules for what a person types as a new name or password: name
        // keys (NFKC_Casefold), scripts and confusable skeletons from the
        // generated Unicode tables, and the password's strength through
        // zxcvbn. The store keys names with them; the core refuses with them.
        .target(name: "InputRules", dependencies: ["NitroxCalculator", "Credentials", "CZxcvbn"]),

        // The logbook: SQLite wrapper, migrations, and the service the CLI calls.
        .target(
            name: "LogbookStore",
            // Credentials for SHA-256 and hex, the audit trail's hash, through
            // libsodium; InputRules for the keys of names.
            dependencies: ["NitroxCalculator", "CSQLite", "Credentials", "InputRules"],
            resources: [
                .embedInCode("../../migrations/0001_create_logbook.sql"),
                .embedInCode("../../migrations/0002_cylinder_register.sql"),
                .embedInCode("../../migrations/0003_mod_rounding.sql"),
                .embedInCode("../../migrations/0004_safety.sql"),
                .embedInCode("../../migrations/0005_register_history.sql"),
                .embedInCode("../../migrations/0006_helium.sql"),
                .embedInCode("../../migrations/0007_accounts.sql"),
                .embedInCode("../../migrations/0008_audit_trail.sql"),
                .embedInCode("../../migrations/0009_name_keys.sql"),
                .embedInCode("../../migrations/0010_strict_cylinder_events.sql"),
                .embedInCode("../../migrations/0011_lighter_audit_checks.sql"),
                .embedInCode("../../migrations/0012_gas_accounting.sql"),
                .embedInCode("../../migrations/0013_compressor_room.sql"),
                .embedInCode("../../migrations/0014_no_compressor.sql"),
                .embedInCode("../../migrations/0015_password_checked.sql"),
            ]
        ),

        // The application core: every use case, with its typed input read
        // from key–value pairs, its typed result and warnings. The CLI and the
        // server are thin adapters over it. No Foundation.
        .target(
            name: "GaslogCore",
            dependencies: ["NitroxCalculator", "LogbookStore", "Credentials", "InputRules"]
        ),

        // The command line: its parser, help, man page and completions, over
        // the core's use cases; no domain logic. It never imports the store.
        .target(
            name: "GaslogCLI",
            dependencies: ["GaslogCore", "NitroxCalculator", "Credentials"]
        ),

        // GNU libmicrohttpd, the server's HTTP, with TLS through GnuTLS.
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"])]
        ),

        // The HTTP service: one route table, authentication, the API and the
        // pages, over the same core use cases as the CLI, which it does not
        // depend on, nor on the store. Foundation is allowed here.
        .target(
            name: "GaslogServer",
            dependencies: ["GaslogCore", "NitroxCalculator", "CMicroHTTPD", "Credentials"]
        ),

        // The server's entry point, linked dynamically; `gaslog serve` runs it.
        .executableTarget(
            name: "gaslog-server",
            dependencies: ["GaslogServer"]
        ),

        // The entry point: the only place that prints and exits.
        .executableTarget(
            name: "gaslog",
            dependencies: ["GaslogCLI", "GaslogCore"]
        ),

        // What the test targets share and nothing else depends on: the one way a test waits.
        .target(name: "TestSupport", path: "Tests/TestSupport"),

        .testTarget(name: "NitroxCalculatorTests", dependencies: ["NitroxCalculator"]),
        // The system GnuTLS (Debian's libgnutls28-dev, which libmicrohttpd-dev
        // already needs), for the server's tests only: their TLS client and the
        // certificate it trusts, in the test's process.
        .systemLibrary(
            name: "CGnuTLS",
            path: "Tests/CGnuTLS",
            pkgConfig: "gnutls",
            providers: [.apt(["libgnutls28-dev"])]
        ),
        // Through the service's handler, and a real server on a loopback port
        // for the HTTP layer; depends on both executables so that `swift test`
        // builds them.
        .testTarget(
            name: "GaslogServerTests", dependencies: ["GaslogServer", "GaslogCore", "CGnuTLS", "gaslog-server", "gaslog", "TestSupport"],
            swiftSettings: testCodeUnoptimised),
        // The core records the fills these tests set up: the store decides nothing.
        .testTarget(name: "LogbookStoreTests", dependencies: ["LogbookStore", "NitroxCalculator", "InputRules", "GaslogCore", "TestSupport"]),
        // The fill-station policy, on a logbook in a temporary folder with a fixed clock.
        .testTarget(name: "GaslogCoreTests", dependencies: ["GaslogCore", "LogbookStore", "NitroxCalculator"]),
        .testTarget(name: "CredentialsTests", dependencies: ["Credentials"]),
        .testTarget(name: "InputRulesTests", dependencies: ["InputRules", "Credentials"]),
        // Depends on the executable so that `swift test` builds the binary that
        // the end-to-end tests run.
        .testTarget(
            name: "GaslogCLITests",
            dependencies: ["GaslogCLI", "GaslogCore", "LogbookStore", "NitroxCalculator", "Credentials", "gaslog", "TestSupport"],
            // Fuzz inputs and an older gaslog's logbook, read from the source tree by the tests.
            exclude: ["Corpus", "Fixtures"], swiftSettings: testCodeUnoptimised),
    ]
)

/// The two largest test targets, the CLI's and the server's, drive gaslog from
/// outside and compute nothing that the optimiser could change, so in a
/// release build their own code is compiled -Onone: that halves the build
/// (140 s to 67 s on 2 cores). The code they test stays optimised.
var testCodeUnoptimised: [SwiftSetting] { [.unsafeFlags(["-Onone"], .when(configuration: .release))] }
