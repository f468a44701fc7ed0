/// What the command line asked for, after parsing and before any value is
/// interpreted.
public struct Invocation: Sendable, Equatable {
    /// The command's path below `gaslog`, such as `["cylinder", "add"]`; empty
    /// for `gaslog` alone.
    public var commandPath: [String] = []
    public var arguments: [String] = []
    /// Option values by option name.
    public var values: [String: String] = [:]
    /// Every value of a repeatable option, in order.
    public var repeatedValues: [String: [String]] = [:]
    /// Flags that were given, by option name.
    public var flags: Set<String> = []
    public var wantsHelp = false
    public var wantsVersion = false

    public init() {}

    public func value(_ name: String) -> String? { values[name] }
    public func flag(_ name: String) -> Bool { flags.contains(name) }
    public func values(_ name: String) -> [String] { repeatedValues[name] ?? [] }
}
