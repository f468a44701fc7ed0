import GaslogCore

/// How human reports are set in a terminal: values strong, connecting words
/// light and depths green, as the tutorial's screen sets them, or plain text.
///
/// Styling is on only where it is welcome: `--color always`, or with
/// `--color auto` (the default) when standard output is a terminal, `NO_COLOR`
/// is unset or empty (<https://no-color.org>) and `TERM` is not `dumb`.
struct TerminalStyle: TextStyle, Sendable {
    let isEnabled: Bool

    static let plain = TerminalStyle(isEnabled: false)

    init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// The choice `--color` and the environment make for an output.
    init(color: ColorWhen, environment: [String: String], outputIsTerminal: Bool) {
        switch color {
        case .always: isEnabled = true
        case .never: isEnabled = false
        case .auto:
            isEnabled = outputIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
    }

    private func wrap(_ text: String, _ code: String) -> String {
        isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// A value: a label, a cylinder, a number.
    func strong(_ text: String) -> String { wrap(text, "1") }
    /// Connecting words.
    func light(_ text: String) -> String { wrap(text, "2") }
    /// A depth, the answer a diver looks for.
    func depth(_ text: String) -> String { wrap(text, "1;32") }
}
