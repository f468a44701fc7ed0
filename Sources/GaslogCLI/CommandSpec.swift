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
    public var discussion: String? {
        // A use case whose description has words for the API only has none here.
        let text = discussionText()
        return text?.isEmpty == false ? text : nil
    }
    /// Worked out only when help is shown: a use case's description is built
    /// from parts, which every other command line would pay for at start-up.
    private let discussionText: @Sendable () -> String?
    /// The positional arguments, in order.
    public let arguments: [ArgumentSpec]
    /// The command's own options; the global ones are declared on the root.
    public let options: [OptionSpec]
    /// The commands below this one, each built when first asked for.
    public var subcommands: [CommandSpec] { subcommandEntries.map { $0.spec() } }
    private let subcommandEntries: [Subcommand]
    /// Example command lines, for help and the man page.
    public let examples: [String]
    /// Left out of help, the man page and completions: for gaslog's own use.
    public let isHidden: Bool
    let handler: Handler?

    init(
        _ name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String? = nil, arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [], subcommands: [CommandSpec] = [], examples: [String] = [],
        isHidden: Bool = false, handler: Handler? = nil
    ) {
        self.init(
            name, abstract: abstract, discussion: discussion(), arguments: arguments, options: options,
            namedSubcommands: subcommands.map { spec in Subcommand(spec.name) { spec } }, examples: examples, isHidden: isHidden,
            handler: handler)
    }

    /// A command that runs a use case: its arguments and options are the use
    /// case's `inputs`, in their order, then the command's own (`--json`).
    /// The inputs in `supplied` are not typed: the command works them out
    /// (a password's hash). `ownOptionsBefore` lists the command's options
    /// before that input of the use case's, where help has always had them
    /// (its spec: an optional existential would cost its metadata at start-up).
    init(
        _ name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String? = nil, inputs declared: [any InputDeclaration],
        supplying supplied: [any InputDeclaration] = [], arguments ownArguments: [any ArgumentDeclaration] = [],
        options own: [any OptionDeclaration] = [], ownOptionsBefore anchor: InputSpec? = nil, examples: [String] = [],
        handler: @escaping Handler
    ) {
        // One pass into the two arrays kept: an intermediate array of another
        // element type costs its metadata, which start-up pays on every command line.
        var arguments: [ArgumentSpec] = []
        var options: [OptionSpec] = []
        var ownListed = false
        for declaration in declared {
            let input = declaration.input
            if supplied.contains(where: { $0.input.name == input.name }) { continue }
            if let anchor, anchor.name == input.name {
                for declaration in own { options.append(declaration.spec) }
                ownListed = true
            }
            switch input {
            case .argument(let spec): arguments.append(spec)
            case .option(let spec): options.append(spec)
            }
        }
        for declaration in ownArguments {
            arguments.append(declaration.spec)
        }
        if !ownListed {
            for declaration in own { options.append(declaration.spec) }
        }
        self.init(
            name, abstract: abstract, discussion: discussion, argumentSpecs: arguments, optionSpecs: options,
            subcommandEntries: [], examples: examples, isHidden: false, handler: handler)
    }

    /// A command whose subcommands are named here and built only when one is
    /// run or listed: building every command's declarations would cost a
    /// lookup more than the lookup itself.
    init(
        _ name: String, abstract: String, discussion: @autoclosure @escaping @Sendable () -> String? = nil, arguments: [any ArgumentDeclaration] = [],
        options: [any OptionDeclaration] = [], namedSubcommands: [Subcommand], examples: [String] = [],
        isHidden: Bool = false, handler: Handler? = nil
    ) {
        self.init(
            name, abstract: abstract, discussion: discussion, argumentSpecs: arguments.map(\.spec),
            optionSpecs: options.map(\.spec), subcommandEntries: namedSubcommands, examples: examples,
            isHidden: isHidden, handler: handler)
    }

    /// Every initialiser ends here, with the declarations already read into specs.
    private init(
        _ name: String, abstract: String, discussion: @escaping @Sendable () -> String?, argumentSpecs: [ArgumentSpec], optionSpecs: [OptionSpec],
        subcommandEntries: [Subcommand], examples: [String], isHidden: Bool, handler: Handler?
    ) {
        self.name = name
        self.abstract = abstract
        discussionText = discussion
        self.arguments = argumentSpecs
        self.options = optionSpecs
        self.subcommandEntries = subcommandEntries
        self.examples = examples
        self.isHidden = isHidden
        self.handler = handler
    }

    /// Whether commands are declared below this one.
    public var hasSubcommands: Bool { !subcommandEntries.isEmpty }

    /// The subcommand with exactly this name, hidden or not.
    public func subcommand(named name: String) -> CommandSpec? {
        subcommandEntries.first { $0.name == name }?.spec()
    }

    /// A subcommand's name, and how to build it.
    struct Subcommand: Sendable {
        let name: String
        private let build: @Sendable () -> CommandSpec

        init(_ name: String, _ build: @escaping @Sendable () -> CommandSpec) {
            self.name = name
            self.build = build
        }

        func spec() -> CommandSpec {
            let spec = build()
            // A name here that is not the command's own would run one command under another's name.
            precondition(spec.name == name, "subcommand \(name) builds the command \(spec.name)")
            return spec
        }
    }

    /// The subcommands a user is shown.
    public var visibleSubcommands: [CommandSpec] { subcommands.filter { !$0.isHidden } }
}
