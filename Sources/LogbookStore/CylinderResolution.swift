import InputRules
import NitroxCalculator

/// A cylinder found by a name it had before a rename: the name it was asked
/// by, and the name it has now. A front end says both, so that whoever typed
/// the old name learns the current one.
public struct EarlierName: Sendable, Equatable {
    /// The name the cylinder was asked by, as given: one of its earlier names.
    public let name: String
    /// The cylinder's current name.
    public let cylinder: String

    /// The fact for a cylinder found by `name`, now called `cylinder`.
    public init(name: String, cylinder: String) {
        self.name = name
        self.cylinder = cylinder
    }

    /// The fact for a cylinder that `asked` found and that is now called
    /// `current`: `nil` when `asked` is its current name (as names are
    /// compared, regardless of case and of how an accent was typed), since
    /// a name finds a cylinder by an earlier name only when no cylinder has
    /// it now.
    public init?(asked: CylinderName, current: String) {
        guard asked.key != UnicodeRules.fold(current) else { return nil }
        self.init(name: asked.text, cylinder: current)
    }
}

/// The cylinder a name means, and how the name found it.
///
/// A name means the cylinder that has it now. A name that no cylinder has
/// now means the one cylinder that had it before a rename; a name that two
/// or more cylinders had, and none has now, means none of them and is
/// refused (``LogbookError/Reason/ambiguousEarlierName(_:cylinders:)``).
public struct CylinderResolution: Sendable, Equatable {
    /// The cylinder, as the register holds it now.
    public let cylinder: Cylinder
    /// The name it was asked by.
    public let askedBy: CylinderName
    /// When `askedBy` is an earlier name of the cylinder, and no cylinder's
    /// name now: both names. `nil` when it is the cylinder's current name.
    public let earlierName: EarlierName?
}

extension Logbook {
    /// The cylinder `name` means: by its current name, or by a name it had
    /// before a rename when it is the one cylinder that had it and no
    /// cylinder has it now. Throws for a name no cylinder has or had, and
    /// for an earlier name of several cylinders.
    public func resolveCylinder(_ name: CylinderName) throws(LogbookError) -> CylinderResolution {
        try perform(writing: false) { database in
            guard let resolution = try resolve(name, in: database) else {
                throw LogbookError(.unknownCylinder(name.text))
            }
            return resolution
        }
    }

    /// The cylinder `name` means, as ``resolveCylinder(_:)`` finds it;
    /// `nil` when no cylinder has or had the name.
    func resolve(_ name: CylinderName, in database: Database) throws -> CylinderResolution? {
        if let cylinder = try cylinder(named: name, in: database) {
            return CylinderResolution(cylinder: cylinder, askedBy: name, earlierName: nil)
        }
        let formerHolders = try Logbook.cylinders(formerlyNamed: name, in: database)
        guard let only = formerHolders.first else { return nil }
        guard formerHolders.count == 1 else {
            throw LogbookError(.ambiguousEarlierName(name.text, cylinders: formerHolders.map(\.name)))
        }
        return CylinderResolution(cylinder: only, askedBy: name, earlierName: EarlierName(name: name.text, cylinder: only.name))
    }

    /// The cylinders that were called `name` before a rename, retired ones
    /// included, in name order; a cylinder renamed from it twice is listed
    /// once. The history keeps names as they were written, so each is
    /// compared folded, as names are.
    static func cylinders(formerlyNamed name: CylinderName, in database: Database) throws -> [Cylinder] {
        let statement = try database.cachedStatement(
            Cylinder.selection
                + """
                 WHERE id IN (SELECT cylinder_id FROM cylinder_events WHERE kind = 'renamed' AND gaslog_name_key(old_name) = :name_key)
                 ORDER BY name_key
                """)
        try statement.bind(["name_key": .text(name.key)])
        var cylinders: [Cylinder] = []
        while try statement.step() { cylinders.append(try Cylinder(row: statement)) }
        return cylinders
    }
}
