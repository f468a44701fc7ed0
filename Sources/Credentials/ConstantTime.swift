import CSodium

/// Whether two byte strings are equal, in a time that depends only on their
/// length, through libsodium's `sodium_memcmp`: for secrets, where an
/// ordinary comparison, which stops at the first difference, would tell an
/// attacker how much of a guess was right. Lengths are not secret: strings of
/// different lengths are unequal at once.
/// See <https://doc.libsodium.org/helpers#constant-time-test-for-equality>.
public func constantTimeEquals(_ first: [UInt8], _ second: [UInt8]) -> Bool {
    guard first.count == second.count else { return false }
    guard !first.isEmpty else { return true }
    Sodium.require()
    return sodium_memcmp(first, second, first.count) == 0
}

/// Whether two strings have the same UTF-8 bytes, compared in constant time.
public func constantTimeEquals(_ first: String, _ second: String) -> Bool {
    constantTimeEquals(Array(first.utf8), Array(second.utf8))
}
