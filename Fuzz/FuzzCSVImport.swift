import LogbookStore

/// Feeds arbitrary bytes to the CSV reader and the import's row validation,
/// through an in-memory logbook, split into chunks at a point the input picks
/// so that records that straddle chunks are covered.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVImport(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let split = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    var chunks = [Array(bytes[..<split]), Array(bytes[split...])].filter { !$0.isEmpty }
    var reader = CSVReader(nextChunk: { chunks.isEmpty ? nil : chunks.removeFirst() })
    while let record = try? reader.next() {
        precondition(!record.fields.isEmpty)
    }
    let logbook = Logbook(path: ":memory:")
    _ = try? logbook.importFills(from: ByteStream(bytes: bytes, name: "fuzz"), dryRun: true)
    return 0
}
