import GaslogCore
import NitroxCalculator

/// `gaslog completions`, `gaslog man` and the hidden `gaslog __complete`:
/// gaslog describing itself to shells and to man.
enum CompletionsCommand {
    static let spec = CommandSpec(
        "completions",
        abstract: "Print a shell completion script for bash, zsh or fish.",
        discussion: """
            bash: gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog
            zsh: gaslog completions zsh > "${fpath[1]}/_gaslog"
            fish: gaslog completions fish > ~/.config/fish/completions/gaslog.fish
            """,
        arguments: [shell],
        examples: ["gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog"],
        handler: run
    )

    /// The shell's name; its script is generated from the command tree only
    /// when it runs, since the tree includes this command.
    static let shell = Argument<String>("shell", completion: .choices(shells), help: "bash, zsh or fish.") { name in
        guard shells.contains(name) else { throw FieldError("unknown shell \(quoted(name)): expected bash, zsh or fish") }
        return name
    }

    private static let shells = ["bash", "zsh", "fish"]

    static func run(_ context: CommandContext) throws(CommandError) {
        switch try context.value(shell) {
        case "zsh": context.output.write(ShellCompletion.zsh)
        case "fish": context.output.write(ShellCompletion.fish)
        default: context.output.write(ShellCompletion.bash)
        }
    }
}

enum ManCommand {
    static let spec = CommandSpec(
        "man",
        abstract: "Print the gaslog(1) man page, in roff.",
        discussion: "Read it with: gaslog man | man -l -",
        examples: ["gaslog man > /usr/local/share/man/man1/gaslog.1"],
        handler: { context throws(CommandError) in context.output.write(ManPage.roff) }
    )
}

/// What the completion scripts ask gaslog for; not for people.
enum CompleteCommand {
    static let spec = CommandSpec(
        "__complete",
        abstract: "List values for shell completion.",
        arguments: [kind],
        isHidden: true,
        handler: run
    )

    static let kind = Argument<String>("kind", help: "cylinders") { kind in
        guard kind == "cylinders" else { throw FieldError("unknown completion \(quoted(kind)): expected cylinders") }
        return kind
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        _ = try context.value(kind)
        let cylinders = try context.run(ListRegister(unit: nil)).cylinders
        for cylinder in cylinders where !cylinder.isRetired {
            context.output.writeLine(cylinder.name)
        }
    }
}
