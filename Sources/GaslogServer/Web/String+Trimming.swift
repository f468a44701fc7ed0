extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingPrefixAndSuffixSpaces: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
