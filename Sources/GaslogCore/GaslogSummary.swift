/// What gaslog is, in a line: the overview of `gaslog --help`, the man
/// page's name line and the OpenAPI document's summary.
public enum GaslogSummary {
    /// The line, the same for every front end.
    public static let text = "A dive-gas logbook: which gas went into which cylinder, and how deep it can go."
}
