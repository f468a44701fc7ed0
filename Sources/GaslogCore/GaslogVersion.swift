/// gaslog's version, as `--version` prints it and the OpenAPI document states it.
public enum GaslogVersion {
    /// The version of this build.
    public static let current = "0.1.0"
}
