import Foundation
import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogServer

/// The station findings of #35 over the API, in process: the refusals the
/// command line makes, answered with their status and rules, and rows read
/// with the `sqlite3` shell.
@Suite("The station's findings over the API (#35)")
struct StationRouteTests {

    @Test("A fill that decants oxygen into a cylinder that is not oxygen-clean is 422 not_oxygen_clean, with its litres")
    func oxygenDecanted() throws {
        let api = try Station.api()
        #expect(api.request("POST", "/api/v1/cylinders", json: #"{"cylinder": "Steel 1", "o2_clean": false, "volume": "12"}"#).status == 201)
        let refused = api.request(
            "POST", "/api/v1/fills", json: #"{"cylinder": "Steel 1", "o2": 32, "pressure": 200, "from": 0, "top_off": "air"}"#)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(refused.error["rules"] as? [String] == ["not_oxygen_clean"])
        // 12 L × 200 bar × (0.32 − 0.21 × 0.68 / 0.79) = 26400/79 L, 334 L shown.
        let share: Double = 0.32 - 0.21 * 0.68 / 0.79
        let litres = Int((12.0 * 200.0 * share).rounded())
        #expect(
            (refused.error["message"] as? String)?.contains(
                "cylinder 'Steel 1' is not oxygen-clean, and this fill decants pure oxygen into it (\(litres) L)") == true,
            "\(refused.text)")
        #expect(api.query("SELECT count(*) FROM fills") == "0")
        // Membrane nitrox puts no pure oxygen in: recorded.
        let membrane = api.request(
            "POST", "/api/v1/fills", json: #"{"cylinder": "Steel 1", "o2": 32, "pressure": 200, "from": 0, "top_off": "32"}"#)
        #expect(membrane.status == 201, "\(membrane.text)")
    }

    @Test("compressor null or none with nitrogen, while a default is set, is 422 compressor_required; oxygen takes no compressor")
    func noCompressor() throws {
        let api = try Station.api()
        #expect(api.request("POST", "/api/v1/compressors", json: #"{"compressor": "Main"}"#).status == 201)
        // 2000 ppm of CO2 is above EN 12021's 500: the test fails.
        let test = api.request(
            "POST", "/api/v1/compressors/Main/tests", json: #"{"o2": 21, "co2": 2000, "co": 1, "oil": 0.1, "water": 25, "pressure": 200}"#)
        #expect(test.status == 200, "\(test.text)")
        _ = try api.logbook.set(.defaultCompressor, to: "Main", actor: nil)
        for compressor in ["null", #""none""#, #""NONE""#] {
            let refused = api.request("POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32, "compressor": \#(compressor)}"#)
            #expect(refused.status == 422 && refused.error["rules"] as? [String] == ["compressor_required"], "\(compressor): \(refused.text)")
        }
        let defaulted = api.request("POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32}"#)
        #expect(defaulted.status == 422 && defaulted.error["rules"] as? [String] == ["air_test_failed"], "\(defaulted.text)")
        let oxygen = api.request("POST", "/api/v1/fills", json: #"{"cylinder": "O2 Bottle", "o2": "oxygen"}"#)
        #expect(oxygen.status == 201 && oxygen.object["compressor"] is NSNull, "\(oxygen.text)")
        // null is no compressor only where the document says so.
        #expect(api.request("POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32, "diver": null}"#).status == 400)
        #expect(api.query("SELECT count(*), count(compressor_id) FROM fills") == "1|0")
    }

    @Test("An adjustment to a void fill's charge is 409 fill_void, and nothing is written")
    func adjustVoidFill() throws {
        let api = try Station.api()
        #expect(api.request("POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32, "diver": "Ann"}"#).status == 201)
        #expect(api.request("POST", "/api/v1/fills/1/void", json: #"{"reason": "wrong cylinder"}"#).status == 200)
        let refused = api.request("POST", "/api/v1/fills/1/adjustments", json: #"{"amount": "1", "reason": "goodwill"}"#)
        #expect(refused.status == 409 && refused.error["code"] as? String == "fill_void", "\(refused.text)")
        #expect(refused.error["message"] as? String == "fill 1 is void; its charge is cancelled")
        #expect(api.query("SELECT count(*) FROM adjustments") == "0")
    }
}
