import CSodium
import Testing

@testable import Credentials

@Suite("Passwords: Argon2id hashes that verify only their own password")
struct PasswordHashTests {
    @Test("A hash is crypto_pwhash_str's Argon2id text with the INTERACTIVE limits, and verifies its password")
    func roundTrip() throws {
        let hash = try PasswordHash.make("correct horse battery staple")
        #expect(hash.hasPrefix("$argon2id$v=19$m=65536,t=2,p=1$"))
        #expect(!hash.contains("correct"))
        #expect(PasswordHash.operationsLimit == 2 && PasswordHash.memoryLimit == 64 << 20)
        #expect(PasswordHash.verify("correct horse battery staple", hash: hash))
        #expect(!PasswordHash.needsRehash(hash))
    }

    @Test("A wrong password, or one differing in case or a trailing space, does not verify")
    func wrongPassword() throws {
        let hash = try PasswordHash.make("s3cret-pass")
        for wrong in ["s3cret-pas", "S3cret-pass", "s3cret-pass ", "", "s3cret-pass\n"] {
            #expect(!PasswordHash.verify(wrong, hash: hash), "\(wrong)")
        }
    }

    @Test("Two hashes of one password differ (each has its own salt), and each verifies it")
    func salted() throws {
        let first = try PasswordHash.make("same password")
        let second = try PasswordHash.make("same password")
        #expect(first != second)
        #expect(PasswordHash.verify("same password", hash: first) && PasswordHash.verify("same password", hash: second))
    }

    @Test("A password is compared in NFC: é typed as one code point or two is one password")
    func normalized() throws {
        let hash = try PasswordHash.make("caf\u{E9} au lait")
        #expect(PasswordHash.verify("cafe\u{301} au lait", hash: hash))
        #expect(!PasswordHash.verify("cafe au lait", hash: hash))
    }

    @Test("A login without an account costs a verification with today's limits, and is refused")
    func withoutAccount() {
        #expect(!PasswordHash.needsRehash(PasswordHash.unguessableHash))
        #expect(!PasswordHash.verifyWithoutAccount("correct horse battery staple"))
        #expect(!PasswordHash.verifyWithoutAccount(""))
    }

    @Test("Text that is not a hash verifies nothing, and needs a rehash")
    func notAHash() {
        for text in ["", "password", "$argon2id$", String(repeating: "x", count: 200), "$argon2id$v=19$m=65536,t=2,p=1$\u{0}"] {
            #expect(!PasswordHash.verify("password", hash: text), "\(text)")
            #expect(PasswordHash.needsRehash(text))
        }
    }

    @Test("A hash made with other limits still verifies, and is flagged for a rehash")
    func otherLimits() throws {
        // crypto_pwhash_str with the MIN limits, as an older or other setting would have made it.
        let password = Array("older password".utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: 128)
        #expect(Sodium.ready())
        #expect(
            crypto_pwhash_str(&output, password, UInt64(password.count), UInt64(crypto_pwhash_opslimit_min()), crypto_pwhash_memlimit_min())
                == 0)
        let hash = String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(hash.hasPrefix("$argon2id$") && !hash.contains("m=65536,t=2,"))
        #expect(PasswordHash.verify("older password", hash: hash))
        #expect(PasswordHash.needsRehash(hash))
    }

    @Test("Empty, short and overlong passwords are refused; 8 characters are enough, counted as a person sees them")
    func policy() throws {
        #expect(throws: CredentialError.emptyPassword) { try PasswordHash.make("") }
        #expect(throws: CredentialError.passwordTooShort(characters: 7, minimum: 8)) { try PasswordHash.make("1234567") }
        #expect(throws: CredentialError.passwordTooShort(characters: 7, minimum: 8)) { try PasswordHash.check("e\u{301}e\u{301}e\u{301}abcd") }
        #expect(throws: CredentialError.passwordTooLong(bytes: 4097, maximum: 4096)) {
            try PasswordHash.check(String(repeating: "x", count: 4097))
        }
        try PasswordHash.check("12345678")
        try PasswordHash.check(String(repeating: "x", count: 4096))
        #expect(CredentialError.passwordTooShort(characters: 1, minimum: 8).description == "the password has 1 character; a password has at least 8")
    }
}

@Suite("API tokens: 32 random bytes in hex, stored as their SHA-256")
struct APITokenTests {
    @Test("A token is 64 lower-case hex digits, and no two are alike")
    func form() {
        var seen = Set<String>()
        for _ in 0..<1000 {
            let token = APIToken.generate()
            #expect(token.utf8.count == 64 && APIToken.length == 64)
            #expect(token.utf8.allSatisfy { "0123456789abcdef".utf8.contains($0) })
            #expect(APIToken.isWellFormed(token))
            seen.insert(token)
        }
        #expect(seen.count == 1000)
        // 1000 tokens use every hex digit in every position's neighbourhood: not a constant pattern.
        #expect(Set(seen.joined()).count == 16)
    }

    @Test("Anything but 64 lower-case hex digits is not a token")
    func malformed() {
        let token = APIToken.generate()
        for text in ["", String(token.dropLast()), token + "0", token.uppercased(), " " + token.dropFirst(), String(repeating: "g", count: 64)] {
            #expect(!APIToken.isWellFormed(text), "\(text)")
        }
    }

    @Test("The stored hash is the SHA-256 of the token's text, in hex, and never the token")
    func hash() {
        // FIPS 180-2's test vector for "abc".
        #expect(APIToken.hash("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(APIToken.hash("") == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let token = APIToken.generate()
        #expect(APIToken.hash(token) == APIToken.hash(token))
        #expect(APIToken.hash(token) != token && APIToken.hash(token).utf8.count == 64)
        #expect(APIToken.hash(token) != APIToken.hash(APIToken.generate()))
    }
}

@Suite("Constant-time comparison")
struct ConstantTimeTests {
    @Test("Equal bytes are equal; a difference anywhere, or another length, is not")
    func equality() {
        let secret = Array(APIToken.generate().utf8)
        #expect(constantTimeEquals(secret, secret))
        #expect(constantTimeEquals([], []))
        for index in [0, 31, 63] {
            var other = secret
            other[index] ^= 1
            #expect(!constantTimeEquals(secret, other))
        }
        #expect(!constantTimeEquals(secret, Array(secret.dropLast())))
        #expect(constantTimeEquals("same", "same") && !constantTimeEquals("same", "Same") && !constantTimeEquals("same", "same "))
    }
}

@Suite("SHA-256 and hex")
struct DigestTests {
    @Test("SHA-256 gives FIPS 180-2's digests; hex round-trips, and refuses upper case and other lengths")
    func digestAndHex() {
        // FIPS 180-2, appendix B.1 and the empty message.
        #expect(
            Hex.encode(SHA256.digest(Array("abc".utf8))) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(Hex.encode(SHA256.digest([])) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        let bytes: [UInt8] = [0x00, 0x0f, 0xa0, 0xff]
        #expect(Hex.encode(bytes) == "000fa0ff")
        #expect(Hex.decode("000fa0ff", byteCount: 4) == bytes)
        #expect(Hex.decode("000FA0FF", byteCount: 4) == nil)
        #expect(Hex.decode("000fa0f", byteCount: 4) == nil)
        #expect(Hex.isEncoding("000fa0ff", byteCount: 4) && !Hex.isEncoding("000fa0fg", byteCount: 4))
    }
}
