import Foundation
import NitroxCalculator
import Testing

@testable import InputRules

/// The vendored Unicode files under scripts/unicode-data, read here without
/// the generator, as the independent expectation of the generated tables.
enum VendoredUnicode {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../scripts/unicode-data").standardized

    /// The fields of each data line of a vendored file.
    static func lines(_ name: String) throws -> [[String]] {
        let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        return text.split(separator: "\n").compactMap { line in
            let data = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
            let fields = data.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            return fields.first.map { $0.isEmpty || $0.hasPrefix("\u{FEFF}") && $0.count == 1 } == false ? fields : nil
        }
    }

    static func range(_ field: String) -> ClosedRange<UInt32> {
        let parts = field.components(separatedBy: "..")
        let low = UInt32(parts[0].trimmingCharacters(in: CharacterSet(charactersIn: "\u{FEFF}")), radix: 16)!
        return low...(parts.count > 1 ? UInt32(parts[1], radix: 16)! : low)
    }

    /// Whether the code point was assigned in the Unicode of the name keys.
    static func assignedIn14(_ value: UInt32) -> Bool {
        guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age else { return false }
        return age.major < 14 || (age.major == 14 && age.minor == 0)
    }
}

@Suite("UTS #39 for names: single-script words and confusable skeletons, from the vendored Unicode files")
struct UnicodeSecurityTests {
    @Test("The versions recorded in the tables are the vendored files' own")
    func versions() throws {
        func header(_ name: String) throws -> String {
            try String(contentsOf: VendoredUnicode.folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n").prefix(12).joined(separator: "\n")
        }
        #expect(try header("Scripts.txt").contains("# Scripts-\(UnicodeTables.scriptsVersion).txt"))
        #expect(try header("ScriptExtensions.txt").contains("# ScriptExtensions-\(UnicodeTables.scriptsVersion).txt"))
        #expect(try header("confusables.txt").contains("# Version: \(UnicodeTables.confusablesVersion)"))
        #expect(UnicodeTables.unicodeVersion == "14.0.0")
    }

    @Test("Every code point assigned in 14.0.0 has the Script_Extensions of the vendored files, augmented as UTS #39 says")
    func scriptsMatchTheFiles() throws {
        var short: [String: String] = [:]
        var long: [String: String] = [:]
        for fields in try VendoredUnicode.lines("PropertyValueAliases.txt") where fields[0] == "sc" {
            short[fields[2]] = fields[1]
            long[fields[1]] = fields[2].replacingOccurrences(of: "_", with: " ")
        }
        var expected: [UInt32: [String]] = [:]
        for fields in try VendoredUnicode.lines("Scripts.txt") {
            for value in VendoredUnicode.range(fields[0]) { expected[value] = [short[fields[1]]!] }
        }
        for fields in try VendoredUnicode.lines("ScriptExtensions.txt") {
            for value in VendoredUnicode.range(fields[0]) { expected[value] = fields[1].split(separator: " ").map(String.init) }
        }
        #expect(expected.count > 140_000)
        let table = Scripts.table
        var checked = 0
        for value in UInt32(0)...0x10FFFF where VendoredUnicode.assignedIn14(value) {
            let names = expected[value] ?? ["Zzzz"]
            let set = table.augmented(of: value)
            if names.contains("Zyyy") || names.contains("Zinh") {
                #expect(set == .all, "U+\(String(value, radix: 16))")
                continue
            }
            // The augmented sets of UTS #39, section 5.1.
            var augmented = Set(names)
            if names.contains("Hani") { augmented.formUnion(["Hanb", "Jpan", "Kore"]) }
            if names.contains("Hira") || names.contains("Kana") { augmented.insert("Jpan") }
            if names.contains("Hang") { augmented.insert("Kore") }
            if names.contains("Bopo") { augmented.insert("Hanb") }
            let held = Set(table.shortNames.indices.filter { set.contains($0) }.map { table.shortNames[$0] })
            #expect(held == augmented, "U+\(String(value, radix: 16)): \(held) ≠ \(augmented)")
            if held != augmented { return }
            checked += 1
        }
        #expect(checked > 100_000)
        #expect(table.names(of: table.augmented(of: 0x13DF)) == long["Cher"])
    }

    @Test("Every source and prototype of confusables.txt, and every assigned BMP code point, has the skeleton UTS #39 defines from the file")
    func skeletonsMatchTheFile() throws {
        let lines = try VendoredUnicode.lines("confusables.txt")
        #expect(lines.count == 6311)
        var prototypes: [UInt32: String] = [:]
        for fields in lines {
            let scalars = fields[1].split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
            prototypes[VendoredUnicode.range(fields[0]).lowerBound] = String(String.UnicodeScalarView(scalars))
        }
        // UTS #39, section 4: NFD, remove default ignorables, map each
        // character to its prototype, NFD again; here through Foundation's NFD.
        func expected(_ text: String) -> String {
            let mapped = text.decomposedStringWithCanonicalMapping.unicodeScalars
                .filter { !$0.properties.isDefaultIgnorableCodePoint }
                .map { prototypes[$0.value] ?? String($0) }.joined()
            return mapped.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping
        }
        var texts = Set(prototypes.values)
        for value in prototypes.keys { texts.insert(String(Unicode.Scalar(value)!)) }
        for value in UInt32(0x20)...0xFFFF where VendoredUnicode.assignedIn14(value) && !(0xD800...0xDFFF).contains(value) {
            texts.insert(String(Unicode.Scalar(value)!))
        }
        var mismatches: [String] = []
        for text in texts where UnicodeRules.skeleton(text) != expected(text) {
            mismatches.append(text.unicodeScalars.map { UnicodeRules.codePoint($0) }.joined(separator: " "))
        }
        #expect(mismatches.isEmpty, "\(mismatches.count): \(mismatches.sorted().prefix(20))")
    }

    @Test("The issue's look-alikes have the skeleton of Club 01; names that differ keep theirs")
    func skeletons() {
        let club = UnicodeRules.skeleton("Club 01")
        for name in ["Club \u{039F}1", "Club 0\u{0399}", "\u{13DF}lub 01", "\u{A4DA}lub 01", "Cl\u{057D}b 01"] {
            #expect(UnicodeRules.skeleton(name) == club, "\(name)")
        }
        #expect(UnicodeRules.skeleton("\u{A4D1}aul") == UnicodeRules.skeleton("Paul"))
        #expect(UnicodeRules.skeleton("Club 02") != club)
        #expect(UnicodeRules.skeleton("Club 10") != club)
        // A precomposed letter is compared through its decomposition.
        #expect(UnicodeRules.skeleton("Caf\u{E9}") == UnicodeRules.skeleton("Cafe\u{301}"))
    }

    @Test(
        "Words that are not single-script are refused, naming the character; augmented sets keep Japanese one script",
        arguments: [
            ("\u{13DF}lub 01", "it mixes Cherokee with Latin in one word ('\u{13DF}', U+13DF)"),
            ("\u{A4DA}lub 01", "it mixes Lisu with Latin in one word ('\u{A4DA}', U+A4DA)"),
            ("Cl\u{057D}b 01", "it mixes Armenian with Latin in one word ('\u{057D}', U+057D)"),
            ("\u{A4D1}aul", "it mixes Lisu with Latin in one word ('\u{A4D1}', U+A4D1)"),
        ])
    func mixedScripts(name: String, message: String) {
        #expect(UnicodeRules.lookAlikeProblem(in: name) == message + ", so that it could pass for another name")
    }

    @Test("Single-script names pass: 東京タワー, Greek beside digits, scripts in separate words")
    func singleScript() {
        for name in ["東京タワー", "서울 01", "Club \u{039F}1", "Club 0\u{0399}", "Клуб 03", "Tank 👨‍👩‍👧", "Ω 12 mega", "Cylinder № 5"] {
            #expect(UnicodeRules.lookAlikeProblem(in: name) == nil, "\(name)")
        }
    }

    @Test("Two spaces in a row, and the names . and .., are refused")
    func spacesAndDots() {
        #expect(
            UnicodeRules.lookAlikeProblem(in: "Club  01")
                == "it holds two spaces in a row, which look like one, so that it could pass for another name")
        #expect(UnicodeRules.lookAlikeProblem(in: "Club \u{A0}01") != nil)
        #expect(UnicodeRules.lookAlikeProblem(in: ".") == "a name may not be '.', which a browser rewrites in a page's address")
        #expect(UnicodeRules.lookAlikeProblem(in: "..") == "a name may not be '..', which a browser rewrites in a page's address")
        #expect(UnicodeRules.lookAlikeProblem(in: "...") == nil)
        #expect(UnicodeRules.lookAlikeProblem(in: "Club 01") == nil)
    }
}
