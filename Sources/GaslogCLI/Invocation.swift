/// What the command line asked for, after parsing and before any value is
/// interpreted.
public struct Invocation: Sendable, Equatable {
    /// The command's path below `gaslog`, such as `["cylinder", "add"]`; empty
    /// for `gaslog` alone.
    public var commandPath: [String] = []
    /// The positional arguments, in the order given.
    public var arguments: [String] = []
    /// Option values by option name.
    public var values: [String: String] = [:]
    /// Every value of a repeatable option, in order.
    public var repeatedValues: [String: [String]] = [:]
    /// Flags that were given, by option name.
    public var flags: Set<String> = []
    /// Whether help was asked for, with `-h`, `--help` or `gaslog help`.
    public var wantsHelp = false
    /// Whether `--version` was given.
    public var wantsVersion = false

    /// An empty invocation: `gaslog` with nothing after it.
    public init() {}

    /// The value given for the option `name`, if any.
    public func value(_ name: String) -> String? { values[name] }
    /// Whether the flag `name` was given.
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    /// Every value given for the repeatable option `name`, in order.
    public func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
}
