import LogbookStore

/// The cylinders' inspections overdue or falling due, without the
/// compressors': the due page's table.
public struct ListDueInspections: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "The cylinders' inspections overdue or falling due, for the due page."

    /// The window, as `due` reads it.
    public static let inputs: [any InputDeclaration] = [ListDue.within]

    /// How many days ahead.
    public let days: Int

    /// The inspections due within `days`.
    public init(days: Int) {
        self.days = days
    }

    /// Reads the window; 30 days when none is given.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(days: try input.value(ListDue.within) ?? 30)
    }

    /// Reads the inspections.
    public func run(in session: Session) throws(LogbookError) -> DueInspectionsResult {
        DueInspectionsResult(inspections: try session.logbook().dueInspections(within: days))
    }
}
