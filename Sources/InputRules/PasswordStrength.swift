import CZxcvbn
import Credentials
import Glibc

/// How hard a new password is to guess, as zxcvbn estimates it: the zxcvbn-c
/// library (Debian's `libzxcvbn-dev`), whose dictionaries of common
/// passwords, words and names are built in, with the account's name as one
/// more word. A password of fewer than ``minimumBits`` bits (about 10⁸
/// guesses) is refused. Passwords already set are never checked again.
public enum PasswordStrength {
    /// The least entropy a new password has: 26.6 bits, about 10⁸ guesses.
    public static let minimumBits = 26.6

    /// zxcvbn's estimate of a password: its entropy, and the kind of its
    /// weakest part, which a refusal names.
    public struct Estimate: Sendable, Equatable {
        /// The entropy in bits, as `ZxcvbnMatch` returns it.
        public let bits: Double
        /// The kind of the part that adds the fewest bits; `nil` when no part
        /// follows a pattern (the password is random characters throughout).
        public let weakestPart: PasswordWeakness?
    }

    /// zxcvbn's estimate of `password`, with `userWords` (the account's name)
    /// as words an attacker tries first. The password is taken in NFC, as it
    /// is hashed.
    public static func estimate(_ password: String, userWords: [String]) -> Estimate {
        var secret = Array(PasswordHash.normalized(password).utf8CString)
        defer { secret.withUnsafeMutableBufferPointer { zero($0) } }
        let words = userWords.filter { !$0.isEmpty }.map { strdup($0) }
        defer { words.forEach { free($0) } }
        var wordList: [UnsafePointer<CChar>?] = words.map { UnsafePointer($0) } + [nil]
        var info: UnsafeMutablePointer<ZxcMatch_t>?
        let bits = wordList.withUnsafeMutableBufferPointer { list in
            ZxcvbnMatch(secret, list.baseAddress, &info)
        }
        defer { ZxcvbnFreeInfo(info) }
        var weakest: (bits: Double, kind: PasswordWeakness)?
        var match = info
        while let part = match?.pointee {
            if let kind = PasswordWeakness(zxcvbnType: part.Type.rawValue), weakest == nil || part.Entrpy < weakest!.bits {
                weakest = (part.Entrpy, kind)
            }
            match = part.Next
        }
        return Estimate(bits: bits, weakestPart: weakest?.kind)
    }

    /// Refuses a new password for the account `accountName`: as
    /// ``PasswordHash/check(_:)`` does, and when zxcvbn puts it below
    /// ``minimumBits``.
    public static func check(_ password: String, accountName: String) throws(CredentialError) {
        try PasswordHash.check(password)
        let estimate = estimate(password, userWords: [accountName])
        guard estimate.bits >= minimumBits else {
            throw .passwordTooWeak(bits: estimate.bits, minimum: minimumBits, weakestPart: estimate.weakestPart)
        }
    }

    private static func zero(_ buffer: UnsafeMutableBufferPointer<CChar>) {
        for index in buffer.indices { buffer[index] = 0 }
    }
}

extension PasswordWeakness {
    /// The kind of a zxcvbn match type (`ZxcTypeMatch_t`); `nil` for random
    /// characters, which follow no pattern. A part that zxcvbn found repeated
    /// (MULTIPLE_MATCH added to its type) is a repeat.
    fileprivate init?(zxcvbnType type: UInt32) {
        if type & MULTIPLE_MATCH.rawValue != 0 {
            self = .repeated
            return
        }
        switch type {
        case DICTIONARY_MATCH.rawValue, DICT_LEET_MATCH.rawValue: self = .dictionaryWord
        case USER_MATCH.rawValue, USER_LEET_MATCH.rawValue: self = .accountName
        case REPEATS_MATCH.rawValue: self = .repeated
        case SEQUENCE_MATCH.rawValue: self = .sequence
        case SPATIAL_MATCH.rawValue: self = .keyboardPattern
        case DATE_MATCH.rawValue, YEAR_MATCH.rawValue: self = .date
        default: return nil
        }
    }
}
