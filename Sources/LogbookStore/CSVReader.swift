/// Reads RFC 4180 CSV one record at a time from a stream of byte chunks, so
/// that a file of any size is read in constant memory.
///
/// Accepts CRLF and LF line ends and a leading UTF-8 byte-order mark, skips
/// empty lines, and refuses unterminated quotes, stray quotes and invalid
/// UTF-8 with the line they are on.
/// See <https://www.rfc-editor.org/rfc/rfc4180>.
public struct CSVReader {
    /// One CSV record: its fields and the line it starts on.
    public struct Record: Sendable, Equatable {
        /// The line the record starts on, counting from 1.
        public let line: Int
        /// The fields in order, quotes removed and doubled quotes undone.
        public let fields: [String]
    }

    /// Malformed CSV, with the line it was found on.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong with a field, counted from 1 in its record.
        public enum Fault: Sendable, Equatable {
            /// Text follows the closing quote of the field.
            case textAfterClosingQuote(field: Int)
            /// A quote inside a field that is not quoted.
            case quoteInUnquotedField(field: Int)
            /// A quoted field that starts on the line is never closed.
            case unclosedQuote
            /// The field is not valid UTF-8.
            case invalidUTF8(field: Int)
        }

        /// The line the fault is on, counting from 1; for an unclosed quote, the line the field starts on.
        public let line: Int
        /// What is wrong.
        public let fault: Fault

        /// The fault `fault` on `line`.
        public init(line: Int, fault: Fault) {
            self.line = line
            self.fault = fault
        }
    }

    private let nextChunk: () throws -> [UInt8]?
    private var chunk: [UInt8] = []
    private var position = 0
    private var atEnd = false
    private var line = 1
    private var startedReading = false
    /// The last record's field count, to size the next one's array.
    private var fieldCountHint = 16
    /// Bytes of the whole stream consumed so far, for progress reports.
    public private(set) var bytesRead = 0

    /// `nextChunk` returns the next bytes of the stream, or `nil` at its end.
    public init(nextChunk: @escaping () throws -> [UInt8]?) {
        self.nextChunk = nextChunk
    }

    private mutating func peek() throws -> UInt8? {
        while position >= chunk.count {
            if atEnd { return nil }
            guard let next = try nextChunk() else {
                atEnd = true
                return nil
            }
            chunk = next
            position = 0
        }
        return chunk[position]
    }

    private mutating func advance() {
        position += 1
        bytesRead += 1
    }

    /// The next record, or `nil` at the end of the stream.
    public mutating func next() throws -> Record? {
        if !startedReading {
            startedReading = true
            try skipByteOrderMark()
        }
        while true {
            guard let first = try peek() else { return nil }
            // An empty line is not a record.
            if first == 10 {
                advance()
                line += 1
                continue
            }
            if first == 13 {
                advance()
                if try peek() == 10 { advance() }
                line += 1
                continue
            }
            return try readRecord()
        }
    }

    /// Chunks are whole reads of a file, so a mark at the start of the stream
    /// is always in the first chunk.
    private mutating func skipByteOrderMark() throws {
        guard try peek() == 0xEF, chunk.count - position >= 3,
            chunk[position + 1] == 0xBB, chunk[position + 2] == 0xBF
        else { return }
        position += 3
        bytesRead += 3
    }

    private mutating func readRecord() throws -> Record {
        let startLine = line
        var fields: [String] = []
        fields.reserveCapacity(fieldCountHint)
        var field: [UInt8] = []
        while true {
            scanPlainBytes(into: &field)
            let byte = try peek()
            switch byte {
            case UInt8(ascii: "\"") where field.isEmpty:
                advance()
                try readQuoted(into: &field, startLine: startLine)
                guard let after = try peek(), after != 10, after != 13, after != UInt8(ascii: ",") else { break }
                throw Failure(line: line, fault: .textAfterClosingQuote(field: fields.count + 1))
            case UInt8(ascii: ","):
                advance()
                fields.append(try text(field, field: fields.count + 1))
                field.removeAll(keepingCapacity: true)
            case 10, 13, nil:
                fields.append(try text(field, field: fields.count + 1))
                if byte != nil {
                    advance()
                    if byte == 13, try peek() == 10 { advance() }
                    line += 1
                }
                fieldCountHint = fields.count
                return Record(line: startLine, fields: fields)
            case UInt8(ascii: "\"")?:
                throw Failure(line: line, fault: .quoteInUnquotedField(field: fields.count + 1))
            case let other?:
                advance()
                field.append(other)
            }
        }
    }

    /// Appends the run of ordinary bytes at the reading position, up to the
    /// next comma, quote or line end in this chunk, in one copy: most of a
    /// file is such runs, and byte-at-a-time reading would dominate an import.
    private mutating func scanPlainBytes(into field: inout [UInt8]) {
        let start = position
        let end = chunk.withUnsafeBufferPointer { bytes -> Int in
            var index = start
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: ","), UInt8(ascii: "\""), 10, 13: return index
                default: index += 1
                }
            }
            return index
        }
        guard end > start else { return }
        field.append(contentsOf: chunk[start..<end])
        position = end
        bytesRead += end - start
    }

    private mutating func readQuoted(into field: inout [UInt8], startLine: Int) throws {
        while true {
            guard let byte = try peek() else {
                throw Failure(line: startLine, fault: .unclosedQuote)
            }
            advance()
            if byte == UInt8(ascii: "\"") {
                guard try peek() == UInt8(ascii: "\"") else { return }
                advance()
            } else if byte == 10 {
                line += 1
            } else if byte == 13, try peek() != 10 {
                line += 1
            }
            field.append(byte)
        }
    }

    private func text(_ bytes: [UInt8], field: Int) throws -> String {
        // ASCII needs no validation, and most fields are ASCII.
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw Failure(line: line, fault: .invalidUTF8(field: field))
        }
        return text
    }
}
