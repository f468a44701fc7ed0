import LogbookStore
import NitroxCalculator

/// What one use case runs with: the logbook, opened only when first
/// needed, the account it acts for, and the warnings it gathers. Each front
/// end makes one per command or request; nothing is shared between two.
public final class Session {
    /// The account a change is made by; `nil` for the command line.
    public let actor: String?
    /// The warnings gathered so far, in the order they arose.
    public private(set) var warnings: [Warning] = []
    private let open: () throws(LogbookError) -> OpenLogbook
    private var openedLogbook: OpenLogbook?
    private var cachedSettings: LogbookSettings?

    /// A session on the logbook that `open` opens, for `actor`.
    public init(actor: String?, open: @escaping () throws(LogbookError) -> OpenLogbook) {
        self.actor = actor
        self.open = open
    }

    /// A session on a logbook already open, as a server thread holds one.
    public convenience init(actor: String?, logbook: OpenLogbook) {
        self.init(actor: actor) { () throws(LogbookError) in logbook }
    }

    /// The logbook, opened on first use: the command line names its file
    /// (`serve`). It is opaque: a front end reaches the store only through
    /// the use cases.
    public func openLogbook() throws(LogbookError) -> OpenLogbook {
        if let openedLogbook { return openedLogbook }
        let logbook = try open()
        openedLogbook = logbook
        return logbook
    }

    /// The store's logbook, for the use cases.
    func logbook() throws(LogbookError) -> Logbook {
        try openLogbook().store
    }

    /// The logbook's settings, read once per session.
    public func settings() throws(LogbookError) -> LogbookSettings {
        if let cachedSettings { return cachedSettings }
        let settings = try logbook().settings()
        cachedSettings = settings
        return settings
    }

    /// Adds a warning to the result.
    public func warn(_ warning: Warning) {
        warnings.append(warning)
    }

    /// Adds the `density` warning when the gas at the facts' depth is denser
    /// than 5.2 or 6.2 g/L: one rule for every command, nitrox and air included.
    public func warn(density facts: MixFacts) {
        if facts.densityWarning != nil { warn(.density(facts)) }
    }

    /// Adds the warning that a cylinder was found by an earlier name, if it was.
    public func warn(_ earlierName: EarlierName?) {
        if let earlierName { warn(.renamed(earlierName)) }
    }

    /// Runs a write on a cylinder asked for by `name`; when it fails, and the
    /// name is an earlier name of the cylinder, the refusal still comes with
    /// the warning that names the cylinder it meant.
    func writing<Result>(to name: CylinderName, _ body: (Logbook) throws(LogbookError) -> Result) throws(LogbookError) -> Result {
        let logbook = try logbook()
        do {
            return try body(logbook)
        } catch {
            if let resolution = try? logbook.resolveCylinder(name) { warn(resolution.earlierName) }
            throw error
        }
    }
}
