/// The Levenshtein distance: how many characters must be inserted, deleted
/// or replaced to turn `a` into `b`. Names are short, so the plain
/// two-row dynamic programme is enough.
public func editDistance(_ a: [Character], _ b: [Character]) -> Int {
    guard !a.isEmpty else { return b.count }
    guard !b.isEmpty else { return a.count }
    var previous = Array(0...b.count)
    var current = previous
    for (i, characterA) in a.enumerated() {
        current[0] = i + 1
        for (j, characterB) in b.enumerated() {
            current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (characterA == characterB ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
