import Foundation
import LogbookStore
import NitroxCalculator
import Testing

@Suite("Completions offer gas names, setting keys and each setting's values")
struct CompletionTests {
    let sandbox = Sandbox()
    var environment: [String: String] { sandbox.shellEnvironment }

    /// The common gas names, in the order the scripts offer them.
    let gasNames = ["air", "EAN32", "EAN36", "EAN40", "EAN50", "EAN80", "oxygen"]

    /// What bash offers for the last of `words`, as `_gaslog` leaves it in COMPREPLY.
    func bash(_ words: String) -> [String] {
        let script = sandbox.write("gaslog.bash", sandbox.gaslog("completions", "bash").stdout)
        let result = shell(
            "source \(script); COMP_WORDS=(\(words)); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _gaslog; "
                + "printf '%s\\n' \"${COMPREPLY[@]}\"", environment: environment)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// What zsh's `_gaslog` hands to compadd for the last of `words`. compadd
    /// only works inside zsh's completion system, so a function stands in for
    /// it and prints its words; zsh itself would then filter them by prefix.
    func zsh(_ words: String) -> [String] {
        let script = sandbox.write("gaslog.zsh", sandbox.gaslog("completions", "zsh").stdout)
        let driver = sandbox.write(
            "drive.zsh",
            """
            compdef() { :; }
            compadd() { [[ $1 == -- ]] && shift; print -rl -- "$@"; }
            source \(script)
            words=(\(words))
            CURRENT=${#words}
            _gaslog

            """)
        let result = shell("zsh -f \(driver)", environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// What fish offers for `line`, each candidate without its description.
    func fish(_ line: String) -> Set<String> {
        let script = sandbox.write("gaslog.fish", sandbox.gaslog("completions", "fish").stdout)
        let result = shell("fish --no-config -c 'source \(script); complete -C \"\(line)\"'", environment: environment)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        return Set(result.stdout.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) })
    }

    @Test("Gas options offer gas names that the parser reads; a pressure option offers none")
    func gases() throws {
        #expect(bash("gaslog mod --o2 EA") == ["EAN32", "EAN36", "EAN40", "EAN50", "EAN80"])
        let offered = bash("gaslog mod --o2 ''")
        #expect(offered == gasNames)
        for name in offered {
            #expect(throws: Never.self, "\(name) does not parse") { _ = try GasMix(parsing: name) }
        }
        #expect(try GasMix(parsing: "EAN36").oxygenPermille == 360)
        for words in [
            "gaslog fill X --o2 ''", "gaslog fill X --diver-o2 ''", "gaslog table --from ''", "gaslog table --to ''",
            "gaslog ead --o2 ''", "gaslog blend X --target ''", "gaslog blend X --top-off ''",
        ] {
            #expect(bash(words) == gasNames, "\(words)")
        }
        #expect(bash("gaslog fill X --diver-o2 EAN3") == ["EAN32", "EAN36"])
        // blend's --from and --to are pressures, unlike table's.
        #expect(bash("gaslog blend X --from ''") == [])
        #expect(bash("gaslog blend X --to ''") == [])
        // A suggestion, not a restriction: any percentage still works.
        #expect(sandbox.gaslog("mod", "--o2", "33.3").status == 0)

        #expect(zsh("gaslog mod --o2 ''") == gasNames)
        #expect(zsh("gaslog blend X --from ''") == [])
        #expect(fish("gaslog mod --o2 EA") == ["EAN32", "EAN36", "EAN40", "EAN50", "EAN80"])
        #expect(fish("gaslog table --to ") == Set(gasNames))
        #expect(fish("gaslog blend X --to ") == [])
    }

    @Test("config get and config set offer every setting key")
    func keys() {
        let keys = Setting.allCases.map(\.key)
        #expect(keys.contains("unit") && keys.contains("hydro-interval-years") && keys.contains("rounding"))
        #expect(bash("gaslog config get ''") == keys)
        #expect(bash("gaslog config set ''") == keys)
        #expect(bash("gaslog config set ro") == ["rounding"])
        #expect(zsh("gaslog config get ''") == keys)
        #expect(zsh("gaslog config set ''") == keys)
        #expect(fish("gaslog config get ") == Set(keys))
        #expect(fish("gaslog config set ") == Set(keys))
    }

    @Test("config set KEY offers that key's fixed values, and nothing for a number")
    func values() {
        #expect(bash("gaslog config set unit ''") == ["metric", "imperial"])
        #expect(bash("gaslog config set unit i") == ["imperial"])
        #expect(bash("gaslog config set rounding ''") == ["nearest", "down"])
        #expect(bash("gaslog --db x.sqlite config set rounding ''") == ["nearest", "down"])
        #expect(bash("gaslog config set hydro-interval-years ''") == [])
        #expect(bash("gaslog config get unit ''") == [])
        #expect(zsh("gaslog config set unit ''") == ["metric", "imperial"])
        #expect(zsh("gaslog config set rounding ''") == ["nearest", "down"])
        #expect(zsh("gaslog config set visual-interval-months ''") == [])
        #expect(fish("gaslog config set unit ") == ["metric", "imperial"])
        #expect(fish("gaslog config set rounding ") == ["nearest", "down"])
        #expect(fish("gaslog config set o2-clean-above ") == [])
        for setting in Setting.allCases {
            #expect(bash("gaslog config set \(setting.key) ''") == setting.choices, "\(setting.key)")
        }
    }

    @Test("Arguments complete by position, and the root's options are offered once")
    func positions() {
        sandbox.ok("fill", "Club 07", "--o2", "32")
        #expect(bash("gaslog mod ''") == ["Club\\ 07"])
        #expect(fish("gaslog mod ") == ["Club 07"])
        // mod takes one cylinder; fish used to offer names for every argument.
        #expect(fish("gaslog mod Club\\ 07 ") == [])
        #expect(bash("gaslog --") == ["--db", "--color", "--quiet", "--help", "--version"])
    }
}
