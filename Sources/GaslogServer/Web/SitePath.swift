/// A `back` or `next` target, kept only when it is a path of this site, so
/// that no redirect sends a browser to another host.
enum SitePath {
    /// `candidate` when it is a path of this site; `/` otherwise.
    static func target(_ candidate: String?) -> String {
        guard let candidate, isLocal(candidate) else { return "/" }
        return candidate
    }

    /// Whether `text` is a path of this site, as written and as each round of
    /// percent-decoding would read it: a single `/` first, not followed by
    /// `/` or `\` (which browsers read as a host), and no control character
    /// or whitespace (browsers strip a tab, which turns `/\t/evil` into `//evil`).
    static func isLocal(_ text: String) -> Bool {
        var form = text
        // A target still changing after a few decodings is not one a page of ours wrote.
        for round in 0..<4 {
            // An encoded space (a cylinder's name) is one no browser strips; a written one is refused.
            guard isLocalAsWritten(form, allowingSpace: round > 0) else { return false }
            guard let decoded = PercentEncoding.decode(form) else { return false }
            if decoded == form { return true }
            form = decoded
        }
        return false
    }

    private static func isLocalAsWritten(_ form: String, allowingSpace: Bool) -> Bool {
        let scalars = Array(form.unicodeScalars)
        guard scalars.first == "/" else { return false }
        if scalars.count > 1, scalars[1] == "/" || scalars[1] == "\\" { return false }
        return !scalars.contains { scalar in
            (scalar.properties.isWhitespace && !(allowingSpace && scalar == " ")) || scalar.properties.generalCategory == .control
                || scalar.properties.generalCategory == .lineSeparator || scalar.properties.generalCategory == .paragraphSeparator
        }
    }
}
