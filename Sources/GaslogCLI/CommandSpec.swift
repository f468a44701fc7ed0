import GaslogCore

/// A command or subcommand of `gaslog`: its name, what it does, what it takes
/// and what runs it. The whole tree is declared once, in ``CommandTree``.
public struct CommandSpec: Sendable {
    /// What runs a command, given its context.
    public typealias Handler = @Sendable (CommandContext) throws(CommandError) -> Void

    /// The word that names the command on the command line.
    public let name: String
    /// A one-line summary, for help, completions and the man page.
    public let abstract: String
    /// Longer help shown after the summary, where there is some.
    public let discussion: String?
    /// The positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// The command's own options; the global ones are declared on the root.
    public let options: [OptionSpec]
    /// The commands below this one.
    public let subcommands: [CommandSpec]
    /// Example command lines, for help and the man page.
    public let examples: [String]
    /// Left out of help, the man page and completions: for gaslog's own use.
    public let isHidden: Bool
    let handler: Handler?

    init(
        _ name: String, abstract: String, discussion: String? = nil, arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = [], examples: [String] = [],
        isHidden: Bool = false, handler: Handler? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments.map(\.spec)
        self.options = options.map(\.spec)
        self.subcommands = subcommands
        self.examples = examples
        self.isHidden = isHidden
        self.handler = handler
    }

    /// The subcommand with exactly this name, hidden or not.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The subcommands a user is shown.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
}
