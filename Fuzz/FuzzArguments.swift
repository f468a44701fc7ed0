import GaslogCLI

/// Feeds arbitrary bytes, as NUL-separated arguments, to the command-line
/// parser and then to the command itself, which validates every value.
///
/// The logbook path sits under /dev/null, so no database can ever be created;
/// `import` and `export`, which open files the input would name, are only
/// parsed, and so are `user add` and `user password` without
/// `--password-stdin`, which would wait for a password on the terminal. Any
/// crash, hang, sanitizer report or internal error is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArguments(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    var arguments: [String] = []
    for piece in bytes.split(separator: 0, omittingEmptySubsequences: false) {
        guard let argument = String(validating: piece, as: UTF8.self) else { return 0 }
        arguments.append(argument)
    }
    guard let invocation = try? CommandLineParser.parse(arguments),
          !["import", "export"].contains(invocation.commandPath.first ?? ""),
          !(invocation.commandPath.first == "user" && ["add", "password"].contains(invocation.commandPath.dropFirst().first ?? "")
            && !invocation.flags.contains("password-stdin"))
    else { return 0 }
    let status = Gaslog.run(arguments: arguments + ["--db", "/dev/null/gaslog-fuzz.sqlite"],
                            environment: [:], output: .inMemory(), errors: .inMemory(), standardInput: -1)
    precondition(status != .software, "internal error for \(arguments)")
    return 0
}
