/// Where the logbook lives, in order of precedence: `--db PATH`, then
/// `$GASLOG_DB`, then `$XDG_DATA_HOME/gaslog/gaslog.sqlite`, then
/// `~/.local/share/gaslog/gaslog.sqlite`.
public enum DatabaseLocation {
    /// The logbook's path, from the first of those that is set; an error when none is and `$HOME` is unknown.
    public static func resolve(explicitPath: String?, environment: [String: String]) throws(LogbookError) -> String {
        if let explicitPath { return explicitPath }
        if let path = environment["GASLOG_DB"], !path.isEmpty { return path }
        // The XDG spec says relative values are invalid and must be ignored.
        if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
            return dataHome + "/gaslog/gaslog.sqlite"
        }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw LogbookError(.noDatabaseLocation)
        }
        return home + "/.local/share/gaslog/gaslog.sqlite"
    }
}
