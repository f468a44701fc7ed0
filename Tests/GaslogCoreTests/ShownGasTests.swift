import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore

/// The gas a person reads for a fill: its MOD, checked against the stored one.
@Suite("The gas shown for a fill")
struct ShownGasTests {
    let folder = TemporaryFolder()

    @Test("A fill's MOD is the stored one unless another ppO2 or rule is asked for")
    func storedOrRecomputed() throws {
        let logbook = Logbook(path: folder.file("mod.sqlite"))
        var request = try fill("A", "32")
        request.rounding = .down
        let record = try FillRecorder(request).record(in: logbook).record
        // EAN 32 at 1.4: 33.75 m and 111.375 ft exactly; stored rounded down.
        #expect(record.mod(in: .metric) == 33 && record.mod(in: .imperial) == 111)
        let shown = try record.shownGas()
        #expect(shown.depth(in: .metric) == 33 && shown.depth(in: .imperial) == 111)
        #expect(shown.mod(at: nil, rounding: .down).metres == 33)
        #expect(shown.mod(at: nil, rounding: .nearest).metres == 34)
        // Another limit keeps the stored rule unless a rule is given: 40 m exactly at 1.6.
        #expect(shown.mod(at: .maximum, rounding: nil).metres == 40)
        #expect(shown.mod(at: OxygenPartialPressure(centibar: 150)!, rounding: nil).feet == 121)
        #expect(shown.mod(at: OxygenPartialPressure(centibar: 150)!, rounding: .nearest).feet == 122)
    }
}
