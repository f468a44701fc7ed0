import LogbookStore
import NitroxCalculator

/// What a cylinder's page shows: the cylinder that a name, current or
/// earlier, finds, its current gas's fill, and its latest fills with their count.
public struct CylinderOverview: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "A cylinder's page: the cylinder a name finds, its current gas's fill, and its latest fills."

    /// The cylinder's name.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder]

    /// The name asked for.
    public let name: CylinderName
    /// How many of its latest fills it reads.
    public let latestFills: Int

    /// The overview of the cylinder `name`, with up to `latestFills` fills.
    public init(name: CylinderName, latestFills: Int) {
        self.name = name
        self.latestFills = latestFills
    }

    /// Reads the name; 50 fills.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(RegisterOptions.cylinder), latestFills: 50)
    }

    /// Reads the cylinder, its current fill and its latest fills, by its current name.
    public func run(in session: Session) throws(LogbookError) -> CylinderOverviewResult {
        let logbook = try session.logbook()
        let resolution = try logbook.resolveCylinder(name)
        let current: CylinderName
        do throws(FieldError) {
            current = try CylinderName(parsing: resolution.cylinder.name)
        } catch {
            throw LogbookError(.unknownCylinder(resolution.cylinder.name))
        }
        let fill: FillRecord?
        do throws(LogbookError) {
            fill = try logbook.currentGas(of: current, latest: EntryTimeLimit(clockOf: logbook).latest).fill
        } catch {
            switch error.reason {
            case .noFillsYet, .allFillsVoid, .noCurrentGas: fill = nil
            default: throw error
            }
        }
        // The latest fills and their count, from one snapshot, both through fills_by_cylinder.
        let latest = try logbook.historyPage(FillQuery(cylinder: current), size: latestFills, counting: true)
        return CylinderOverviewResult(resolution: resolution, currentFill: fill, latest: latest, today: logbook.today())
    }
}
