/// What made a new version of a compressor's facts: its `change` column, and
/// the audit entry's kind (`compressor add`, `compressor retire`, …).
enum CompressorVersionChange: String {
    case add, edit, retire, reinstate
}
