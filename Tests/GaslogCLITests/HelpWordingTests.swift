import GaslogCore
import Testing

/// A command that runs a use case shows that use case's summary and
/// description, in the command line's words.
@Suite("Help reads the use case's words")
struct HelpWordingTests {
    @Test("fill's overview and discussion are RecordFill's, with options as --name")
    func fill() {
        let help = Sandbox().run(["fill", "--help"])
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Record a fill: the gas that went into a cylinder, and its MOD.\n\n"))
        #expect(RecordFill.summary.commandLine == "Record a fill: the gas that went into a cylinder, and its MOD.")
        // The discussion is wrapped at 80 columns; its words are the use case's.
        let words = help.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("is refused with exit 65 unless --override gives a reason."))
    }

    @Test("A description for the API alone leaves a command without a discussion")
    func apiOnly() {
        let help = Sandbox().run(["cylinder", "edit", "--help"])
        #expect(help.stdout.hasPrefix("OVERVIEW: Change a cylinder's register facts, or empty them with --clear.\n\nUSAGE: "))
        #expect(EditCylinder.description?.commandLine == "")
    }
}
