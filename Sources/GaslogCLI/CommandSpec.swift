/// A command or subcommand of `gaslog`: its name, what it does, what it takes
/// and what runs it. The whole tree is declared once, in ``CommandTree``.
public struct CommandSpec: Sendable {
    public typealias Handler = @Sendable (CommandContext) throws(CommandError) -> Void

    public let name: String
    public let abstract: String
    public let discussion: String?
    public let arguments: [ArgumentSpec]
    public let options: [OptionSpec]
    public let subcommands: [CommandSpec]
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

    public func subcommand(named name: String) -> CommandSpec? {
        subcommands.first { $0.name == name }
    }

    /// The subcommands a user is shown.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
}
