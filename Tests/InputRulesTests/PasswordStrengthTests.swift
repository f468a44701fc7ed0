import Credentials
import Testing

@testable import InputRules

@Suite("Password strength: zxcvbn refuses a new password below 26.6 bits, naming its weakest part")
struct PasswordStrengthTests {
    @Test(
        "The issue's weak passwords, and one of each kind zxcvbn finds, are refused with that kind",
        arguments: [
            ("password", PasswordWeakness.dictionaryWord), ("12345678", .dictionaryWord), ("aaaaaaaa", .repeated),
            ("abcdefghij", .sequence), ("zxcvbnm,./", .keyboardPattern), ("1987-12-31", .date), ("qorvath2026", .accountName),
        ])
    func weak(password: String, kind: PasswordWeakness) throws {
        let estimate = PasswordStrength.estimate(password, userWords: ["qorvath"])
        #expect(estimate.bits < 26.6 && estimate.weakestPart == kind, "\(estimate)")
        #expect(throws: CredentialError.self) { try PasswordStrength.check(password, accountName: "qorvath") }
        do {
            try PasswordStrength.check(password, accountName: "qorvath")
        } catch {
            guard case .passwordTooWeak(let bits, let minimum, let weakestPart) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(bits == estimate.bits && minimum == 26.6 && weakestPart == kind)
            #expect(error.description.hasPrefix("the password is too easy to guess: zxcvbn puts it at "))
            #expect(
                error.description.hasSuffix(" bits of entropy and a password needs at least 26.6 (10⁸ guesses); its weakest part is \(kind.rawValue)")
            )
        }
    }

    @Test("The account's name is a word zxcvbn knows: a password built on it is weak for that account only")
    func accountName() throws {
        #expect(PasswordStrength.estimate("Qorvath-77", userWords: []).bits >= 26.6)
        try PasswordStrength.check("Qorvath-77", accountName: "ada")
        #expect(throws: CredentialError.self) { try PasswordStrength.check("Qorvath-77", accountName: "qorvath") }
        #expect(PasswordStrength.estimate("Qorvath-77", userWords: ["qorvath"]).weakestPart == .accountName)
    }

    @Test("Strong passwords pass; the length rules still come first")
    func strong() throws {
        for password in ["correct horse battery staple", "x8#kQ2!vLm", "caf\u{E9} au lait"] {
            try PasswordStrength.check(password, accountName: "ada")
        }
        #expect(throws: CredentialError.passwordTooShort(characters: 7, minimum: 8)) { try PasswordStrength.check("x8#kQ2!", accountName: "ada") }
        #expect(throws: CredentialError.emptyPassword) { try PasswordStrength.check("", accountName: "ada") }
    }

    @Test("The message rounds the bits to one decimal and names no kind when no part follows a pattern")
    func message() {
        let error = CredentialError.passwordTooWeak(bits: 1.58496, minimum: 26.6, weakestPart: nil)
        #expect(
            error.description
                == "the password is too easy to guess: zxcvbn puts it at 1.6 bits of entropy and a password needs at least 26.6 (10⁸ guesses)")
    }
}
