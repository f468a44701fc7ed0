import LogbookStore
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
        arguments: [ArgumentSpec("shell", completion: .choices(["bash", "zsh", "fish"]), help: "bash, zsh or fish.")],
        examples: ["gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        switch invocation.arguments[0] {
        case "bash": context.output.write(ShellCompletion.bash)
        case "zsh": context.output.write(ShellCompletion.zsh)
        case "fish": context.output.write(ShellCompletion.fish)
        case let shell: throw .badValue("unknown shell \(quoted(shell)): expected bash, zsh or fish")
        }
    }
}

enum ManCommand {
    static let spec = CommandSpec(
        "man",
        abstract: "Print the gaslog(1) man page, in roff.",
        discussion: "Read it with: gaslog man | man -l -",
        examples: ["gaslog man > /usr/local/share/man/man1/gaslog.1"],
        handler: { _, context throws(CommandError) in context.output.write(ManPage.roff) }
    )
}

/// What the completion scripts ask gaslog for; not for people.
enum CompleteCommand {
    static let spec = CommandSpec(
        "__complete",
        abstract: "List values for shell completion.",
        arguments: [ArgumentSpec("kind", help: "cylinders")],
        isHidden: true,
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        guard invocation.arguments[0] == "cylinders" else {
            throw .badValue("unknown completion \(quoted(invocation.arguments[0])): expected cylinders")
        }
        let cylinders = try context.withLogbook { logbook throws(LogbookError) in try logbook.cylinders() }
        for cylinder in cylinders where !cylinder.isRetired {
            context.output.writeLine(cylinder.name)
        }
    }
}
