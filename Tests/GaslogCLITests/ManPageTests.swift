import Foundation
import LogbookStore
import Testing

@testable import GaslogCLI

@Suite("The man page: clean under groff and man, 80 columns, every example once, the settings")
struct ManPageTests {
    let sandbox = Sandbox()
    var environment: [String: String] { GaslogProcess.environment(home: sandbox.folder) }

    /// `gaslog man`, written to a file that groff and man can read.
    func pageFile() -> String {
        let page = sandbox.gaslog("man")
        #expect(page.status == 0, "\(page)")
        return sandbox.write("gaslog.1", page.stdout)
    }

    /// The page as `man -l` shows it, after checking that it said nothing on
    /// standard error.
    func rendered(_ extra: [String: String] = [:]) -> String {
        let result = shell("man -l \(pageFile())", environment: environment.merging(extra) { $1 })
        #expect(result.status == 0 && result.stderr.isEmpty, "\(extra): \(result.stderr)")
        #expect(!result.stdout.contains("\u{8}"), "man left overstrikes in its output")
        return result.stdout
    }

    /// The lines of one section of rendered text, its heading excluded.
    func section(_ name: String, of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: name) else { return [] }
        let rest = lines[(start + 1)...]
        let end = rest.firstIndex { !$0.isEmpty && !$0.hasPrefix(" ") } ?? rest.endIndex
        return Array(rest[..<end])
    }

    @Test("The page source is ASCII: groff reads other bytes as Latin-1")
    func asciiSource() {
        let page = sandbox.gaslog("man")
        #expect(page.stdoutBytes.allSatisfy { $0 < 0x80 })
        #expect(ManPage.escape("ppO₂ — 3 × 4 ft³") == "ppO\\[u2082] \\[u2014] 3 \\[u00D7] 4 ft\\[u00B3]")
        #expect(ManPage.escape("--o2 \\n") == "\\-\\-o2 \\en")
        #expect(ManPage.escape(".hidden") == "\\&.hidden")
    }

    @Test("Plain groff renders it without a warning, strict warnings on", arguments: ["", "-ww"])
    func groff(warnings: String) {
        let result = shell("groff -man -Tutf8 \(warnings) -z \(pageFile())", environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result.stderr)")
    }

    @Test(
        "man -l renders it without a warning, in 80 columns or fewer",
        arguments: [
            [:], ["MANWIDTH": "80"], ["LANG": "C"], ["LANG": "C", "MANWIDTH": "80"],
        ])
    func man(environment extra: [String: String]) {
        let text = rendered(extra)
        #expect(text.contains("GASLOG(1)") && text.contains("EXAMPLES"))
        for line in text.split(separator: "\n") {
            // Code points, not bytes: ppO₂ is four columns wide.
            #expect(line.unicodeScalars.count <= 80, "\(line.unicodeScalars.count) columns: \(line)")
        }
    }

    @Test("groff's own terminal output stays within 80 columns")
    func groffWidth() {
        let result = shell("groff -man -Tutf8 -P-cbou \(pageFile())", environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let long = result.stdout.split(separator: "\n").filter { $0.unicodeScalars.count > 80 }
        #expect(long.isEmpty, "\(long)")
    }

    @Test("Every example of the command tree is shown once, long ones broken so that they still run")
    func examples() {
        var shown: [String] = []
        var pending = ""
        for line in section("EXAMPLES", of: rendered(["MANWIDTH": "80"])) {
            let text = line.trimmingCharacters(in: .whitespaces)
            guard !text.isEmpty else { continue }
            if text.hasSuffix(" \\") {
                pending += text.dropLast(2) + " "
            } else {
                shown.append(pending + text)
                pending = ""
            }
        }
        #expect(pending.isEmpty)
        #expect(Set(shown).count == shown.count, "repeated: \(shown.filter { example in shown.filter { $0 == example }.count > 1 })")
        #expect(shown.first == "gaslog fill \"Club 07\" --o2 32")
        #expect(shown.contains("gaslog fill \"Club 07\" --o2 32.5 --pressure 232 --blender Ann --diver Bo --cert PADI-123 --diver-o2 32.2"))
        #expect(shown.contains("gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog"))

        var declared: [String] = []
        func collect(_ command: CommandSpec) {
            guard !command.isHidden else { return }
            declared += command.examples
            command.subcommands.forEach(collect)
        }
        collect(CommandTree.root)
        #expect(Set(shown) == Set(declared))
    }

    @Test("A long example breaks between words, never inside quotes, an option kept with its value")
    func exampleLines() {
        #expect(
            ManPage.exampleLines("gaslog fill \"Club 07\" --o2 32.5 --pressure 232 --blender Ann --diver Bo --cert PADI-123 --diver-o2 32.2") == [
                "gaslog fill \"Club 07\" --o2 32.5 --pressure 232 --blender Ann \\",
                "    --diver Bo --cert PADI-123 --diver-o2 32.2",
            ])
        #expect(
            ManPage.exampleLines("gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog") == [
                "gaslog completions bash \\",
                "    > ~/.local/share/bash-completion/completions/gaslog",
            ])
        #expect(ManPage.exampleLines("gaslog mod --o2 32") == ["gaslog mod --o2 32"])
        // A splitter blind to quotes would break this note in the middle.
        let note = "\"checked twice, by the blender and by the diver\""
        let lines = ManPage.exampleLines("gaslog fill \"Club 07\" --o2 32 --note \(note)")
        #expect(lines == ["gaslog fill \"Club 07\" --o2 32 \\", "    --note \(note)"])
    }

    @Test("SETTINGS lists every setting with its default and its range")
    func settings() {
        let lines = section("SETTINGS", of: rendered(["MANWIDTH": "80"]))
        let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        for setting in Setting.allCases {
            #expect(lines.contains("       \(setting.key) (default \(setting.defaultValue))"), "\(setting.key)")
            if !setting.choices.isEmpty {
                #expect(text.contains("Values: " + setting.choices.joined(separator: ", ") + "."), "\(setting.key)")
            }
        }
        for expected in [
            "unit (default metric)", "Values: metric, imperial.", "hydro-interval-years (default 5)", "1 to 20",
            "visual-interval-months (default 12)", "1 to 120", "o2-clean-above (default 40)", "21 to 100",
            "overfill-margin-percent (default 0)", "0 to 20", "rounding (default nearest)", "Values: nearest, down.",
        ] {
            #expect(text.contains(expected), "SETTINGS lacks \(expected)")
        }
    }
}
