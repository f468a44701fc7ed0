import LogbookStore
import Testing

@testable import GaslogServer

/// The fill form's "Filled at" field and the preview's settings, over the
/// server's injected clock. The expected moments are read back through
/// `Timestamp(parsing:)`, so the tests hold in any time zone.
@Suite("The fill form's time: now by default, back-dated at will, never more than 5 minutes ahead")
struct FillTimeWebTests {

    /// The form's `Filled at` value and its hidden default.
    func fields(_ page: String) throws -> (at: String, atDefault: String) {
        let at = try #require(page.firstMatch(of: /<input type="datetime-local" id="field-at" name="at" value="([0-9T:-]+)"/)).output.1
        let atDefault = try #require(page.firstMatch(of: /<input type="hidden" name="at-default" value="([0-9T:-]+)">/)).output.1
        return (String(at), String(atDefault))
    }

    @Test("The field opens at the clock's minute, in local time, and left as it is records the moment of recording")
    func defaultIsNow() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let form = try fields(Station.text(station.page("GET", "/fill", cookie: cookie)))
        #expect(form.at == form.atDefault)
        let now = station.clock.timestamp.secondsSinceEpoch
        #expect(try Timestamp(parsing: form.at).secondsSinceEpoch == now - now % 60)
        // Written up 20 minutes later: the fill is dated when it is recorded.
        station.clock.advance(seconds: 20 * 60 + 7)
        let answer = station.page(
            "POST", "/fill", cookie: cookie,
            form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4"), ("at", form.at), ("at-default", form.atDefault)])
        #expect(answer.status == 303)
        #expect(try station.service.store.fill(id: 1).filledAt == station.clock.timestamp)
    }

    @Test("A changed time is the fill's time; 10 minutes ahead is refused at the field, 5 is not")
    func backDatedAndFuture() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let opened = try fields(Station.text(station.page("GET", "/fill", cookie: cookie)))
        let now = try Timestamp(parsing: opened.at)
        func post(_ minutes: Int) throws -> HTTPResponse {
            let moment = Timestamp(secondsSinceEpoch: now.secondsSinceEpoch + minutes * 60)
            let at = FillPage.localMinute(moment)
            #expect(try Timestamp(parsing: at) == moment)
            return station.page(
                "POST", "/fill", cookie: cookie,
                form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4"), ("at", at), ("at-default", opened.atDefault)])
        }
        #expect(try post(-3 * 60).status == 303)
        #expect(try station.service.store.fill(id: 1).filledAt.secondsSinceEpoch == now.secondsSinceEpoch - 3 * 3600)

        let refused = try post(10)
        let page = Station.text(refused)
        #expect(refused.status == 400)
        #expect(page.contains(#"aria-invalid="true""#) && page.contains(#"<p class="problem" id="field-at-problem">the fill time "#))
        #expect(page.contains("is in the future"))
        #expect(try station.service.store.history(FillQuery()).count == 1)

        #expect(try post(5).status == 303)
        #expect(try station.service.store.history(FillQuery()).count == 2)
    }

    @Test("A time that is not one is refused at the field")
    func notATime() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page(
            "POST", "/fill", cookie: cookie,
            form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4"), ("at", "2026-02-30T10:00")])
        #expect(answer.status == 400)
        #expect(Station.text(answer).contains(#"<p class="problem" id="field-at-problem">invalid value &#39;2026-02-30T10:00&#39; for “Filled at”"#))
        #expect(try station.service.store.history(FillQuery()).isEmpty)
    }

    @Test("The preview is told the logbook's rounding and the page's units")
    func previewSettings() throws {
        let station = try Station()
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        #expect(Station.text(station.page("GET", "/fill", cookie: cookie)).contains(#"data-rounding="nearest" data-unit="metric""#))
        try station.cli(["config", "set", "rounding", "down"])
        #expect(Station.text(station.page("GET", "/fill?unit=imperial", cookie: cookie)).contains(#"data-rounding="down" data-unit="imperial""#))
    }
}
