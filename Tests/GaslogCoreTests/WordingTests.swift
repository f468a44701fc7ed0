import Testing

@testable import GaslogCore

/// Words written once for both front ends: an option is `--name` on the
/// command line and the key `` `name` `` in the API, from the same part.
@Suite("Wording for the command line and the API")
struct WordingTests {
    @Test("Plain text reads the same in both")
    func plainText() {
        let wording: Wording = "Record a fill."
        #expect(wording.commandLine == "Record a fill.")
        #expect(wording.api == "Record a fill.")
    }

    @Test("An option is --name on the command line and the key, with _ for -, in the API")
    func option() {
        let wording: Wording = "with \(option: "diver-o2") (and \(option: "he")); use -- before a name that starts with -"
        #expect(wording.commandLine == "with --diver-o2 (and --he); use -- before a name that starts with -")
        #expect(wording.api == "with `diver_o2` (and `he`); use -- before a name that starts with -")
    }

    @Test("Words that differ are written for each, and a value's text is the same in both")
    func differing() {
        let limit = 1.6
        let wording: Wording = "Above \(limit) it is refused \(commandLine: "with exit 65", api: "(422)")."
        #expect(wording.commandLine == "Above 1.6 it is refused with exit 65.")
        #expect(wording.api == "Above 1.6 it is refused (422).")
        let apiOnly = Wording(commandLine: "", api: "Takes no query parameters.")
        #expect(apiOnly.commandLine.isEmpty)
        #expect(apiOnly.api == "Takes no query parameters.")
    }

    @Test("A use case's inputs are described in both front ends' words")
    func inputHelp() {
        #expect(RecordFill.billTo.spec.help == "The member who pays (default: the --diver).")
        #expect(RecordFill.billTo.spec.wording.api == "The member who pays (default: the `diver`).")
    }
}
