/// A plain-text table with left-aligned columns, for `list` and `log`.
struct TextTable {
    let headers: [String]
    private(set) var rows: [[String]] = []

    init(_ headers: [String]) {
        self.headers = headers
    }

    mutating func append(_ row: [String]) {
        rows.append(row)
    }

    var text: String { text(style: .plain) }

    /// The table with its header row set strong.
    func text(style: TerminalStyle) -> String {
        let all = [headers] + rows
        var widths = headers.map { _ in 0 }
        for row in all {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        return all.enumerated().map { index, row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let isLast = column == row.count - 1
                line += isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count + 2)
            }
            while line.last == " " { line.removeLast() }
            // Styled after padding, so that escape codes never count as width.
            return index == 0 ? style.strong(line) : line
        }.joined(separator: "\n") + "\n"
    }
}

/// One line of text for a value that may span lines, such as a note.
func singleLine(_ text: String) -> String {
    String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
}

extension String {
    /// The string padded with spaces to at least `width` characters.
    func padding(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
