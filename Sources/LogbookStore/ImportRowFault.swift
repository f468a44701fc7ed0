/// The first bad row of an import, as facts.
public enum ImportRowFault: Sendable, Equatable {
    /// The row has another number of fields than the header.
    case fieldCount(line: Int, expected: Int, found: Int)
    /// A cell's value breaks its column's rules.
    case value(line: Int, column: String, value: String, problem: ImportCellProblem)
}
