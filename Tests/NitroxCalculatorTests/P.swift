import Testing
import NitroxCalculator

@Test func quick() throws {
    let m = MaximumOperatingDepth(mix: try GasMix(parsing: "40"), partialPressure: .standard)
    #expect(m.metres == 25 && m.feet == 82)
    let o = MaximumOperatingDepth(mix: try GasMix(parsing: "oxygen"), partialPressure: try OxygenPartialPressure(parsing: "1.5"))
    #expect(o.metres == 5 && o.feet == 16)
}
