import Foundation
import Testing

/// Runs a shell command line and returns its output and status.
func shell(_ command: String, environment: [String: String]) -> RunResult {
    GaslogProcess.start([Array("-c".utf8), Array(command.utf8)], environment: environment, executable: "/bin/bash").wait()
}

extension Sandbox {
    /// For a shell that runs `gaslog` by name on this sandbox's logbook.
    var shellEnvironment: [String: String] {
        let binaryFolder = URL(fileURLWithPath: GaslogProcess.binary).deletingLastPathComponent().path
        return GaslogProcess.environment(home: folder, extra: ["GASLOG_DB": db, "PATH": binaryFolder + ":/usr/bin:/bin"])
    }
}

@Suite("Completions, man page, progress and styling")
struct UnixToolTests {
    let sandbox = Sandbox()
    var environment: [String: String] { sandbox.shellEnvironment }

    @Test(
        "Each completion script passes its shell's syntax check",
        arguments: [
            ("bash", "bash -n"), ("zsh", "zsh -n"), ("fish", "fish --no-execute"),
        ])
    func syntax(shellName: String, check: String) throws {
        let script = sandbox.gaslog("completions", shellName)
        #expect(script.status == 0)
        #expect(script.stdout.contains("__complete cylinders"))
        let path = sandbox.write("completion.\(shellName)", script.stdout)
        let result = shell("\(check) \(path)", environment: environment)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
    }

    @Test("Every visible command and option appears in every script")
    func generatedFromTheTree() {
        let scripts = ["bash", "zsh", "fish"].map { sandbox.gaslog("completions", $0).stdout }
        for word in [
            "mod", "fill", "best-mix", "cylinder", "retire", "--o2", "--ppo2", "--round", "--working-pressure",
            "hydro-interval-years", "nearest", "imperial", "csv",
        ] {
            for script in scripts {
                #expect(script.contains(word), "a completion script lacks \(word)")
            }
        }
        #expect(!scripts[0].contains("__complete\""))
        #expect(sandbox.gaslog("completions", "tcsh").status == 64)
    }

    @Test("Cylinder names come from the logbook, retired ones left out")
    func cylinderNames() throws {
        sandbox.ok("fill", "Club 07", "--o2", "32")
        sandbox.ok("fill", "alpha", "--o2", "32")
        sandbox.ok("cylinder", "add", "Old")
        sandbox.ok("cylinder", "retire", "Old", "--reason", "scrapped")
        #expect(sandbox.gaslog("__complete", "cylinders").stdout == "alpha\nClub 07\n")
        #expect(!sandbox.gaslog("--help").stdout.contains("__complete"))

        let script = sandbox.write("gaslog.bash", sandbox.gaslog("completions", "bash").stdout)
        func complete(_ words: String) -> [String] {
            let result = shell(
                "source \(script); COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _gaslog; "
                    + "printf '%s\\n' \"${COMPREPLY[@]}\"", environment: environment)
            return result.stdout.split(separator: "\n").map(String.init)
        }
        #expect(complete("gaslog mod Cl") == ["Club\\ 07"])
        #expect(complete("gaslog cyl") == ["cylinder"])
        #expect(complete("gaslog cylinder re") == ["rename", "retire", "reinstate"])
        #expect(complete("gaslog cylinder show ''") == ["alpha", "Club\\ 07"])
        #expect(complete("gaslog mod --u") == ["--unit"])
        #expect(complete("gaslog mod --unit ''") == ["metric", "imperial"])
        #expect(complete("gaslog config get hydro") == ["hydro-interval-years"])
        #expect(complete("gaslog export --format j") == ["json"])
    }

    @Test("The man page renders without warnings")
    func manPage() throws {
        let page = sandbox.gaslog("man")
        #expect(page.status == 0)
        for section in ["NAME", "SYNOPSIS", "DESCRIPTION", "COMMANDS", "EXIT STATUS", "ENVIRONMENT", "FILES", "EXAMPLES"] {
            #expect(page.stdout.contains(".SH \(section)"), "no \(section)")
        }
        for text in ["NO_COLOR", "GASLOG_DB", "XDG_DATA_HOME", ".B 64", ".B 65", "best\\-mix", "\\-\\-working\\-pressure"] {
            #expect(page.stdout.contains(text), "man page lacks \(text)")
        }
        let path = sandbox.write("gaslog.1", page.stdout)
        let groff = shell("groff -k -man -Tutf8 -ww \(path) > /dev/null", environment: environment)
        #expect(groff.status == 0 && groff.stderr.isEmpty, "\(groff)")
        let man = shell("man -l \(path) > /dev/null", environment: environment)
        #expect(man.status == 0 && man.stderr.isEmpty, "\(man)")
    }

    /// Runs gaslog under a pseudo-terminal with `script`, which copies what the
    /// terminal shows (stdout and stderr together) to its own output.
    func underTerminal(_ command: String, environment extra: [String: String] = [:]) -> String {
        shell("script -qec '\(command)' /dev/null", environment: environment.merging(extra) { $1 }).stdout
    }

    @Test("Progress shows on a terminal, and never in a pipe or with --quiet", .timeLimit(.minutes(3)))
    func progress() throws {
        var csv = safetyHeader + "\r\n"
        for index in 0..<30_000 {
            csv +=
                ",2026-01-01T00:\(index / 600 % 60 < 10 ? "0" : "")\(index / 600 % 60):\(index / 10 % 60 < 10 ? "0" : "")\(index / 10 % 60)Z,Cyl \(index % 10),,32,1.4,,,,,,,,row \(index),,,,\r\n"
        }
        let file = sandbox.write("big.csv", csv)
        // The first frame waits half a second. However fast the machine, the
        // import outlasts that: its input pauses for a second halfway.
        let slowly = "(head -c 1500000 \(file); sleep 1; tail -c +1500001 \(file))"
        let shown = underTerminal("\(slowly) | gaslog import --dry-run -")
        #expect(shown.contains("\rimporting: "), "\(shown.prefix(300))")
        #expect(shown.contains("rows/s"))
        #expect(shown.contains("would import 30000 fills"))

        let piped = shell("gaslog import --dry-run \(file) 2>&1 | cat", environment: environment)
        #expect(!piped.stdout.contains("importing:") && !piped.stdout.contains("\r"))
        let quiet = underTerminal("gaslog --quiet import --dry-run \(file)")
        #expect(!quiet.contains("importing:"))
        let quietAfter = underTerminal("gaslog import --dry-run \(file) --quiet")
        #expect(!quietAfter.contains("importing:"))

        #expect(sandbox.gaslog("import", file).status == 0)
        // A reader that starts a second late holds the export up once the
        // pipe is full, whatever the machine's speed.
        let exported = underTerminal("gaslog export --format json | (sleep 1; cat > /dev/null)")
        #expect(exported.contains("\rexporting: "), "\(exported.prefix(300))")
        #expect(exported.contains("rows/s") && exported.contains("%"))
        let exportPipe = shell("gaslog export 2>&1 >/dev/null | cat", environment: environment)
        #expect(exportPipe.stdout.isEmpty)
    }

    @Test("Styling: on a terminal, off for NO_COLOR, TERM=dumb, --color never, --json and pipes")
    func styling() {
        sandbox.ok("fill", "Club 07", "--o2", "32")
        let escape = "\u{1B}["
        #expect(underTerminal("gaslog mod --o2 32").contains(escape))
        #expect(underTerminal("gaslog list").contains(escape))
        #expect(underTerminal("gaslog mod Club\\ 07 --color always").contains(escape))
        #expect(!underTerminal("gaslog mod --o2 32", environment: ["NO_COLOR": "1"]).contains(escape))
        #expect(underTerminal("gaslog mod --o2 32", environment: ["NO_COLOR": ""]).contains(escape))
        #expect(!underTerminal("gaslog mod --o2 32", environment: ["TERM": "dumb"]).contains(escape))
        #expect(!underTerminal("gaslog --color never mod --o2 32").contains(escape))
        #expect(!underTerminal("gaslog mod --o2 32 --json").contains(escape))
        #expect(!underTerminal("gaslog log --json").contains(escape))
        #expect(!underTerminal("gaslog export").contains(escape))
        #expect(!sandbox.gaslog("mod", "--o2", "32").stdout.contains(escape))
        #expect(sandbox.gaslog("mod", "--o2", "32", "--color", "always").stdout.contains(escape))
        #expect(sandbox.gaslog("--color", "always", "mod", "--o2", "32", environment: ["NO_COLOR": "1"]).stdout.contains(escape))
        #expect(sandbox.gaslog("mod", "--o2", "32", "--color", "rainbow").status == 64)
    }
}
