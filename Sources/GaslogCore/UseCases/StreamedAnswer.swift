import LogbookStore

/// An answer written a fill at a time to a writer, never held whole, so
/// that a log of any size takes the same memory: the export, and the log
/// as JSON. Whatever can refuse the request is checked by ``open(in:)``,
/// before the first byte, so that a refusal is an answer of its own and
/// not the end of a partial one.
public protocol StreamedAnswer: Sendable {
    /// The media type of what it writes.
    var contentType: String { get }
    /// Opens the logbook and checks the request, gathering its warnings in
    /// `session`; writes nothing.
    func open(in session: Session) throws(LogbookError)
    /// Writes the answer to `writer`; `progress` hears the count of fills
    /// written now and then. Returns how many fills it wrote.
    @discardableResult
    func write(in session: Session, to writer: OutputWriter, progress: ((Int) -> Void)?) throws(LogbookError) -> Int
}

extension ExportFills: StreamedAnswer {}
