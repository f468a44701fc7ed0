/// Why an import was refused whole, as facts: the core words them.
public indirect enum ImportRefusal: Sendable, Equatable {
    /// Rows that break the log's rules: the first of them, and how many in all.
    case badRows(source: String, first: ImportRowFault, count: Int)
    /// The file has no header.
    case empty(source: String)
    /// The header does not start with the base columns.
    case headerStart(source: String, line: Int)
    /// The header names a column this gaslog does not know.
    case unknownColumn(source: String, line: Int, column: String)
    /// The header names a column twice.
    case repeatedColumn(source: String, line: Int, column: String)
    /// The file is not sound CSV.
    case malformed(source: String, CSVReader.Failure)
    /// A new cylinder's or compressor's name that the log refuses.
    case newName(LogbookError)
    /// A new cylinder's or compressor's name that breaks the name rules.
    case invalidName(FieldError)
}
