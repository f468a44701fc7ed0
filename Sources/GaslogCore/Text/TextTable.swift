/// A plain-text table with left-aligned columns, for `list`, `log` and the MOD table.
public struct TextTable {
    /// The header row.
    public let headers: [String]
    /// The rows, each with a cell per header.
    public private(set) var rows: [[String]] = []

    /// An empty table with these headers.
    public init(_ headers: [String]) {
        self.headers = headers
    }

    /// Adds a row.
    public mutating func append(_ row: [String]) {
        rows.append(row)
    }

    /// The table, unstyled.
    public var text: String { text(style: PlainText()) }

    /// The table with its header row set strong, its columns as wide as their
    /// widest cell on a terminal. With `fitting`, cells of the last column
    /// are cut with `…` so that a row fits in that many columns, though never
    /// to fewer than 10.
    /// With `omittingEmptyColumns`, a column with no value in any row is left
    /// out, so that a narrow terminal has room for what there is.
    public func text(style: some TextStyle, fitting terminalWidth: Int? = nil, omittingEmptyColumns: Bool = false) -> String {
        var all = [headers] + rows
        if omittingEmptyColumns, !rows.isEmpty {
            let kept = headers.indices.filter { column in rows.contains { !$0[column].isEmpty } }
            all = all.map { row in kept.map { row[$0] } }
        }
        var widths = all[0].map { _ in 0 }
        for row in all {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], DisplayWidth.of(cell))
            }
        }
        if let terminalWidth, let last = all[0].indices.last {
            let available = max(10, terminalWidth - widths.dropLast().reduce(0) { $0 + $1 + 2 })
            for index in all.indices.dropFirst() {
                all[index][last] = DisplayWidth.truncate(all[index][last], to: available)
            }
        }
        return all.enumerated().map { index, row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - DisplayWidth.of(cell) + 2)
            }
            while line.last == " " { line.removeLast() }
            // Styled after padding, so that escape codes never count as width.
            return index == 0 ? style.strong(line) : line
        }.joined(separator: "\n") + "\n"
    }
}

/// One line of text for a value that may span lines, such as a note.
public func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
}

extension String {
    /// The string padded with spaces to at least `width` terminal columns.
    public func padding(to width: Int) -> String {
        let used = DisplayWidth.of(self)
        return used >= width ? self : self + String(repeating: " ", count: width - used)
    }
}
