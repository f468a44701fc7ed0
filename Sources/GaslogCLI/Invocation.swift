import GaslogCore

/// What the command line asked for, after parsing and before any value is
/// interpreted. Handlers never read it by option name: ``CommandContext``
/// reads each value through the option's typed declaration.
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
}
