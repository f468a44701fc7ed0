/// What a registered name names, as a refused look-alike reports it: the
/// core puts it into words.
public enum RegisteredNameKind: Sendable, Equatable {
    /// A cylinder's current name.
    case cylinder
    /// A compressor's name.
    case compressor
    /// An account's name.
    case account
    /// A name the cylinder `cylinder` had before a rename.
    case earlierName(ofCylinder: String)
}
