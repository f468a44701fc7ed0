import NitroxCalculator
import Testing

@Suite("Reading gases, ppO2 and pressures")
struct InputParsingTests {
    @Test(
        "Accepted gas spellings",
        arguments: [
            ("32", 320), ("32.5", 325), ("32%", 320), ("21", 210), ("100", 1000), ("100.0", 1000),
            ("air", 210), ("AIR", 210), ("oxygen", 1000), ("Oxygen", 1000), ("O2", 1000), ("o2", 1000),
            ("EAN32", 320), ("EAN 32", 320), ("ean32", 320), ("EANx32", 320), ("eanx 32", 320), ("Nx32", 320),
            ("NX32", 320), ("Nitrox 32", 320), ("EAN32.5", 325), ("EAN 40%", 400),
        ])
    func acceptedGases(text: String, permille: Int) throws {
        #expect(try GasMix(parsing: text).oxygenPermille == permille)
    }

    @Test(
        "Refused gases name the value and the range",
        arguments: [
            "", " ", "NaN", "nan", "inf", "-inf", "1e1", "3.2e1", "-32", "20.9", "100.1", "32.55", "32,5", "0x20",
            "EAN", "EAN-32", "ean 20", "trimix", "32%%", "%32", " 32", "32 ", "1000", "٣٢",
        ])
    func refusedGases(text: String) {
        #expect(throws: CalculatorInputError.self) { try GasMix(parsing: text) }
        do {
            _ = try GasMix(parsing: text)
        } catch {
            #expect(error.message.contains("21 to 100"))
            #expect(error.message.contains(quoted(text)))
        }
    }

    @Test("Labels")
    func labels() throws {
        #expect(try GasMix(parsing: "21").label == "Air")
        #expect(try GasMix(parsing: "100").label == "Oxygen")
        #expect(try GasMix(parsing: "32").label == "EAN 32")
        #expect(try GasMix(parsing: "32.0").label == "EAN 32")
        #expect(try GasMix(parsing: "32.5").label == "EAN 32.5")
        #expect(try GasMix(parsing: "21.5").label == "EAN 21.5")
        #expect(try GasMix(parsing: "99.9").label == "EAN 99.9")
    }

    @Test("ppO2", arguments: [("1.4", 140), ("1", 100), ("1.0", 100), ("1.45", 145), ("1.6", 160), ("1.60", 160)])
    func acceptedPartialPressures(text: String, centibar: Int) throws {
        #expect(try OxygenPartialPressure(parsing: text).centibar == centibar)
    }

    @Test("Refused ppO2", arguments: ["", "0.9", "1.61", "1.7", "2", "1.455", "NaN", "inf", "1e0", "-1.4", "1,4", ".", "1.4bar"])
    func refusedPartialPressures(text: String) {
        #expect(throws: CalculatorInputError.self) { try OxygenPartialPressure(parsing: text) }
    }

    @Test("The ppO₂ range is defined once: 1.0 to 1.6 bar, its limits, its text, and what parsing accepts")
    func partialPressureRange() throws {
        #expect(OxygenPartialPressure.minimum.centibar == 100)
        #expect(OxygenPartialPressure.standard.centibar == 140)
        #expect(OxygenPartialPressure.maximum.centibar == 160)
        #expect(OxygenPartialPressure.centibarRange == 100...160)
        #expect(OxygenPartialPressure.rangeText == "1.0 to 1.6")
        #expect(OxygenPartialPressure.minimum.text == "1" && OxygenPartialPressure.maximum.text == "1.6")
        // Exactly the range's hundredths make a limit, its ends included.
        for centibar in 0...1_000 {
            let limit = OxygenPartialPressure(centibar: centibar)
            #expect((limit != nil) == (100...160).contains(centibar), "\(centibar)")
        }
        #expect(try OxygenPartialPressure(parsing: "1.0") == .minimum)
        #expect(try OxygenPartialPressure(parsing: "1.6") == .maximum)
        // The refusal states the range in the words it always has.
        for text in ["0.99", "1.61"] {
            #expect(throws: CalculatorInputError("invalid ppO₂ '\(text)': expected a number from 1.0 to 1.6 with at most two decimals")) {
                try OxygenPartialPressure(parsing: text)
            }
        }
    }

    @Test("Pressures in either unit")
    func pressures() throws {
        #expect(try Pressure(parsing: "232", preferred: .metric).centibar == 23200)
        #expect(try Pressure(parsing: "232bar", preferred: .imperial).centibar == 23200)
        #expect(try Pressure(parsing: "232 BAR", preferred: .imperial).centibar == 23200)
        let psi = try Pressure(parsing: "3000psi", preferred: .metric)
        #expect(psi == (try Pressure(parsing: "3000", preferred: .imperial)))
        // 3000 / 14.5038 = 206.8423… bar, kept to the hundredth.
        #expect(psi.centibar == 20684)
        #expect(psi.displayText(in: .imperial) == "3000 psi")
        #expect(psi.barText == "206.84")
        // Every whole psi survives being stored in bar.
        for value in stride(from: 1, through: 4500, by: 1) {
            #expect(Pressure(psi: Rational(value)).psi.roundedHalfDown == value)
        }
        for bad in ["", "0", "-5", "301", "4501psi", "1e3", "232,5", "232.55", "nan", "232 kpa", "bar"] {
            #expect(throws: CalculatorInputError.self, "\(bad)") { try Pressure(parsing: bad, preferred: .metric) }
        }
        #expect(try Pressure(parsing: "0", preferred: .metric, allowsZero: true).centibar == 0)
    }
}
