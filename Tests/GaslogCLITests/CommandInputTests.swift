import GaslogCLI
import Testing

/// The commands whose options are their use case's inputs plus their own
/// take exactly what they always took, in the order help lists it.
@Suite("Command inputs")
struct CommandInputTests {
    /// The command at `path`: its arguments' names, then its options' names.
    static func inputs(_ path: String...) -> (arguments: [String], options: [String]) {
        let command = CommandTree.command(at: path)
        return (command.arguments.map(\.name), command.options.map(\.name))
    }

    @Test("user add and user password read the password, never its hash")
    func accounts() {
        #expect(Self.inputs("user", "add") == (["name"], ["role", "password-stdin"]))
        #expect(Self.inputs("user", "password") == (["name"], ["password-stdin"]))
        #expect(Self.inputs("user", "set-role") == (["name", "role"], []))
        #expect(Self.inputs("user", "list") == ([], ["json"]))
    }

    @Test("token, config get and log take their use case's inputs, then their own")
    func ownInputs() {
        #expect(Self.inputs("token", "create") == (["name"], ["label", "json"]))
        #expect(Self.inputs("token", "revoke") == (["token-id"], []))
        #expect(Self.inputs("config", "get") == (["key"], []))
        #expect(
            Self.inputs("log")
                == (["cylinder"], ["since", "until", "cylinder", "blender", "diver", "gas", "overridden", "limit", "unit", "json"]))
    }

    @Test("cylinder edit lists --json before --clear, as its help always has")
    func cylinderEdit() {
        #expect(
            Self.inputs("cylinder", "edit")
                == (
                    ["name"],
                    ["serial", "owner", "volume", "working-pressure", "hydro", "visual", "o2-clean", "no-o2-clean", "note", "unit", "json", "clear"]
                ))
    }
}
