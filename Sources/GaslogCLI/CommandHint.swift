import GaslogCore

/// A command a message suggests, written so that it can be pasted into a
/// shell as it is: `gaslog cylinder edit 'Club 03' --hydro DATE`.
enum CommandHint {
    /// `text` as one shell word: bare when it is plainly safe, otherwise in
    /// single quotes, with a single quote written as `'\''`.
    static func shellQuoted(_ text: String) -> String {
        let safe =
            !text.isEmpty
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."),
                    UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ","), UInt8(ascii: "+"), UInt8(ascii: "@"),
                    UInt8(ascii: "%"), UInt8(ascii: "="):
                    true
                default:
                    false
                }
            }
        if safe { return text }
        var quoted = "'"
        for character in text {
            quoted += character == "'" ? "'\\''" : String(character)
        }
        return quoted + "'"
    }

    /// `gaslog SUBCOMMAND… 'NAME' OPTIONS`. A name that starts with `-`
    /// comes last, after `--`, so that it is not read as an option.
    static func command(_ words: String, cylinder: String, options: String = "") -> String {
        let name = shellQuoted(cylinder)
        if cylinder.hasPrefix("-") {
            return "gaslog \(words)" + (options.isEmpty ? "" : " " + options) + " -- " + name
        }
        return "gaslog \(words) \(name)" + (options.isEmpty ? "" : " " + options)
    }
}
