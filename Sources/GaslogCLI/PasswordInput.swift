import Credentials
import GaslogCore
import Glibc

/// Reads a new password: twice from the terminal with echo off, or once, a
/// line, from standard input. It never appears on screen, in the process's
/// arguments or in the environment.
enum PasswordInput {
    /// The password `--password-stdin` gives for `account`: the first line
    /// of standard input, without its line end.
    static func fromStandardInput(_ descriptor: Int32, for account: String) throws(CommandError) -> String {
        guard let line = readLine(from: descriptor) else {
            throw CommandError("cannot read the password from standard input: \(String(cString: strerror(errno)))", status: .noInput)
        }
        return try checked(line, for: account)
    }

    /// A new password typed twice on the terminal (`/dev/tty`, so that it is
    /// the person at the terminal who answers, even when standard input is a
    /// pipe), with echo off while it is typed.
    static func fromTerminal(for account: String) throws(CommandError) -> String {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC | O_NOCTTY)
        // Without a terminal (a script, a service) the command needs --password-stdin: bad input.
        guard terminal >= 0 else {
            throw .badValue(
                "cannot ask for the password: there is no terminal (\(String(cString: strerror(errno)))); "
                    + "give it on standard input with --password-stdin")
        }
        defer { close(terminal) }
        let first = try checked(try ask("New password for \(account): ", on: terminal), for: account)
        let second = try ask("Type it again: ", on: terminal)
        guard constantTimeEquals(Array(first.utf8), second) else {
            throw .badValue("the two passwords differ; nothing was changed")
        }
        return first
    }

    /// Refuses a password for `account` that is empty, too short or too
    /// long, not UTF-8, or too easy to guess (``PasswordStrength``).
    private static func checked(_ bytes: [UInt8], for account: String) throws(CommandError) -> String {
        guard let password = String(validating: bytes, as: UTF8.self) else {
            throw .badValue("the password is not valid UTF-8")
        }
        do {
            try PasswordStrength.check(password, accountName: account)
        } catch {
            throw .badValue(error.description)
        }
        return password
    }

    /// Shows `prompt` and reads a line with echo off, restoring the terminal
    /// afterwards, and also if a signal ends gaslog meanwhile.
    private static func ask(_ prompt: String, on terminal: Int32) throws(CommandError) -> [UInt8] {
        guard tcgetattr(terminal, savedTerminal) == 0 else {
            throw CommandError("cannot use the terminal: \(String(cString: strerror(errno)))", status: .noInput)
        }
        var silent = savedTerminal.pointee
        silent.c_lflag &= ~tcflag_t(ECHO | ECHOE | ECHOK | ECHONL)
        let caught = [SIGINT, SIGTERM, SIGHUP, SIGQUIT]
        terminalWithoutEcho = terminal
        let previous = caught.map { signal($0, restoreTerminalAndReraise) }
        defer {
            // Restored before the handlers, so no signal finds it half done.
            tcsetattr(terminal, TCSAFLUSH, savedTerminal)
            terminalWithoutEcho = -1
            for (signalNumber, handler) in zip(caught, previous) { signal(signalNumber, handler) }
            write(terminal, "\n", 1)
        }
        // Anything typed ahead was echoed, and is dropped.
        guard tcsetattr(terminal, TCSAFLUSH, &silent) == 0 else {
            throw CommandError("cannot turn off the terminal's echo: \(String(cString: strerror(errno)))", status: .noInput)
        }
        var text = Array(prompt.utf8)
        _ = write(terminal, &text, text.count)
        guard let line = readLine(from: terminal) else {
            throw CommandError("cannot read the password from the terminal: \(String(cString: strerror(errno)))", status: .noInput)
        }
        return line
    }

    /// One line from `descriptor`, a byte at a time so that nothing after it
    /// is consumed, without its LF or CRLF; `nil` on a read error. A line
    /// longer than any password is cut just past the limit, which then refuses it.
    private static func readLine(from descriptor: Int32) -> [UInt8]? {
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while line.count <= PasswordHash.maximumBytes {
            let count = read(descriptor, &byte, 1)
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if count == 0 || byte == UInt8(ascii: "\n") { break }
            line.append(byte)
        }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        return line
    }
}

/// The terminal whose echo is off while a password is typed, or -1, and its
/// settings before: what the signal handler restores. Only the main thread
/// sets them, around the read; a pointer keeps the handler's access outside
/// Swift's exclusivity checks.
private nonisolated(unsafe) var terminalWithoutEcho: Int32 = -1
private nonisolated(unsafe) let savedTerminal = UnsafeMutablePointer<termios>.allocate(capacity: 1)

/// Turns the terminal's echo back on and ends gaslog as the signal would have.
private func restoreTerminalAndReraise(_ signalNumber: Int32) {
    if terminalWithoutEcho >= 0 { tcsetattr(terminalWithoutEcho, TCSANOW, savedTerminal) }
    signal(signalNumber, SIG_DFL)
    raise(signalNumber)
}
