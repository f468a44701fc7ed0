import Foundation
import Testing

// Two rules the review of #28 settled where the words leave room: a
// meter reading dated before the last one, and a filter whose remaining life,
// rounded down as it is shown, is 0.00 h though a fraction of a minute is left.

@Suite("The compressor room (#28): backdated meter readings, and a filter shown with nothing left")
struct CompressorReviewTests {
    @Test("A meter reading dated before the last reading is refused (65); hours dated before it advance no meter")
    func backdatedMeter() throws {
        let sandbox = Sandbox()
        let name = "Bauer Junior II"
        sandbox.ok(["compressor", "add", name, "--filter-hours", "20"])
        sandbox.ok(["compressor", "run", name, "--meter", "100", "--at", "2026-11-10T09:00:00Z"])
        sandbox.ok(["compressor", "run", name, "--meter", "102", "--at", "2026-11-12T09:00:00Z"])

        // Above the last reading but dated before it: it would count hours the later reading holds.
        sandbox.refuses(["compressor", "run", name, "--meter", "120", "--at", "2026-11-11T09:00:00Z"], status: 65)
        #expect(sandbox.count("compressor_log") == 2)

        // Hours run before the last reading are counted in the filter, and leave the meter as it was.
        sandbox.ok(["compressor", "run", name, "--hours", "1.25", "--at", "2026-11-11T09:00:00Z"])
        var shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 10_200, "\(shown)")
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 200 + 125, "\(shown)")
        #expect(sandbox.query("SELECT quote(meter_hundredths) FROM compressor_log ORDER BY id DESC LIMIT 1") == "NULL")

        // Hours after it advance it, and the next reading counts only what follows.
        sandbox.ok(["compressor", "run", name, "--hours", "0.5", "--at", "2026-11-13T09:00:00Z"])
        sandbox.ok(["compressor", "run", name, "--meter", "103", "--at", "2026-11-14T09:00:00Z"])
        shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 10_300, "\(shown)")
        // 2 + 1.25 + 0.5 + (103 − 102.5) hours.
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 200 + 125 + 50 + 50, "\(shown)")
    }

    @Test("A filter whose remaining life rounds down to 0.00 h refuses the fill as exhausted")
    func exhaustedWhenShownEmpty() throws {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Tank 12")
        let name = "Nardi Pacific"
        sandbox.ok(["compressor", "add", name, "--filter-hours", "1", "--filter-factors", "20:0.61"])
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-11-01"])
        // 0.9 h with no temperature (factor 1), then 0.06 h at 20 °C (factor 0.61).
        sandbox.ok(["compressor", "run", name, "--hours", "0.9", "--at", "2026-11-02T09:00:00Z"])
        sandbox.ok(["compressor", "run", name, "--hours", "0.06", "--temperature", "20", "--at", "2026-11-02T10:00:00Z"])
        // remaining = 1 − 9/10 − 6/61 = 1/610 h: above 0 exactly, 0.00 rounded down.
        let remaining = Exact(1) - Exact(9, 10) - Exact(6, 61)
        #expect(remaining == Exact(1, 610))
        let filter = try #require(try sandbox.compressor(name).object("filter"))
        #expect(hundredths(filter["remaining"]) == remaining.floor(scale: 100) && hundredths(filter["remaining"]) == 0, "\(filter)")
        #expect(filter["remaining_percent"] as? Int == (remaining * Exact(100)).floor(scale: 1))

        let fill = ["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-11-03T10:00:00Z"]
        let refused = sandbox.run(fill)
        #expect(refused.status == 65 && refused.stderr.contains("exhausted"), "\(refused)")
        #expect(sandbox.count("fills") == 0)
        let due = try #require(json(sandbox.ok(["due", "--json"])) as? [[String: Any]])
        let row = try #require(due.first { $0["compressor"] as? String == name && $0["inspection"] as? String == "filter" }, "\(due)")
        #expect(row["overdue"] as? Bool == true && row["filter_remaining_percent"] as? Int == 0, "\(row)")
    }
}
