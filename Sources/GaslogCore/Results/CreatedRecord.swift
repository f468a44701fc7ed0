/// What a command created, so that a service can name it in a `Location`
/// header without reading the command's output back.
public enum CreatedRecord: Sendable, Equatable {
    /// A fill, by its id.
    case fill(id: Int)
    /// A cylinder in the register, by its name.
    case cylinder(name: String)
    /// A compressor in the register, by its name.
    case compressor(name: String)
}
