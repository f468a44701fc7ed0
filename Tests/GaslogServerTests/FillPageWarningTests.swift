import Foundation
import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// The fill station's page hears every warning: above the new fill's tag,
/// once, with a link to the cylinder; beside a refusal; and a bad value is
/// placed at its own field.
@Suite("The fill page: warnings above the tag, errors at their field")
struct FillPageWarningTests {

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }

    @Test(
        "A fill into a cylinder the register does not know: its tag page says so in a role=alert box, on each look at the new tag, with a link to the cylinder"
    )
    func warningsAboveTheTag() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page("POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 5"), ("o2", "50"), ("ppo2", "1.4")])
        #expect(answer.status == 303, "\(Self.text(answer))")
        let location = Station.header(answer, "Location")
        #expect(location == "/fills/1/tag?recorded=1")
        let tag = Self.text(station.page("GET", location, cookie: cookie))
        let box = try #require(tag.firstMatch(of: /<div class="warnings" role="alert">.*?<\/div>/))
        #expect(box.output.contains("whether it is oxygen-clean (EAN 50 is above 40% O2)"), "\(tag)")
        #expect(box.output.contains(#"data-warning="unknown_facts""#) && box.output.contains(#"href="/cylinders/Club%205""#))
        // Above the tag.
        let boxStart = try #require(tag.range(of: #"class="warnings""#)).lowerBound
        let tagStart = try #require(tag.range(of: #"class="tag"#)).lowerBound
        #expect(boxStart < tagStart)
        // A reload of the new fill's tag says it again; the tag looked up later does not.
        #expect(Self.text(station.page("GET", location, cookie: cookie)).contains(#"data-warning="unknown_facts""#))
        #expect(!Self.text(station.page("GET", "/fills/1/tag", cookie: cookie)).contains(#"class="warnings""#))
        // Another session never sees them.
        let (other, _) = try station.signIn("ada", "blender-pass-1")
        #expect(!Self.text(station.page("GET", location, cookie: other)).contains(#"class="warnings""#))
        // 10 × (1.4 / 0.5 − 1) = 18 m on the tag.
        #expect(tag.contains(#"<p class="mod">18 m</p>"#), "\(tag)")
    }

    @Test("The imperial fill form: 232 is recorded as psi, with the warning that it is 16 bar")
    func otherUnitOnTheForm() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page(
            "POST", "/fill?unit=imperial", cookie: cookie,
            form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4"), ("pressure", "232")])
        #expect(answer.status == 303, "\(Self.text(answer))")
        let tag = Self.text(station.page("GET", Station.header(answer, "Location"), cookie: cookie))
        #expect(tag.contains("232 psi is 16 bar; if you meant 232 bar, give it as 232bar"), "\(tag)")
    }

    @Test("A new cylinder one edit from a registered one: the typo guard's warning on the tag page")
    func similarNameOnTheForm() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page("POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 7"), ("o2", "32"), ("ppo2", "1.4")])
        #expect(answer.status == 303)
        let tag = Self.text(station.page("GET", Station.header(answer, "Location"), cookie: cookie))
        #expect(tag.contains(#"data-warning="similar_name""#) && tag.contains("one edit away from &#39;Club 07&#39;"), "\(tag)")
    }

    @Test("A bad value in each field of the fill form is shown at that field, and nothing is recorded")
    func errorsAtTheirField() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let cases: [(field: String, value: String)] = [
            ("o2", "40x"), ("he", "200"), ("pressure", "lots"), ("at", "yesterday"), ("diver-o2", "abc"), ("diver-he", "x"),
            ("blender", "Ann\u{7}"), ("diver", "Bo\u{7}"), ("cert", "P\u{7}"), ("note", String(repeating: "n", count: 1_001)),
        ]
        for (field, value) in cases {
            var form = [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4")].filter { $0.0 != field }
            form.append((field, value))
            if field == "diver-he" { form.append(("diver-o2", "32")) }
            let answer = station.page("POST", "/fill", cookie: cookie, form: form)
            let page = Self.text(answer)
            #expect(answer.status == 400, "\(field): \(page)")
            #expect(page.contains(#"id="field-\#(field)-problem""#) || page.contains(#"id="fill-\#(field)-problem""#), "\(field): \(page)")
        }
        #expect(try WarningRouteTests.sqlite(station.folder + "/logbook.sqlite", "SELECT count(*) FROM fills") == "0\n")
    }

    @Test("An override and an earlier name: the tag page says what was set aside, and which cylinder the old name found")
    func overriddenAndRenamedOnTheForm() throws {
        let station = try Station()
        try station.cli(["cylinder", "retire", "Club 07", "--reason", "dented"])
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let base = [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4")]
        let refused = station.page("POST", "/fill", cookie: cookie, form: base)
        #expect(refused.status == 422)
        let anyway = station.page("POST", "/fill", cookie: cookie, form: base + [("override", "inspected again today")])
        #expect(anyway.status == 303, "\(Self.text(anyway))")
        let tag = Self.text(station.page("GET", Station.header(anyway, "Location"), cookie: cookie))
        #expect(tag.contains(#"data-warning="overridden""#) && tag.contains("recorded despite: cylinder &#39;Club 07&#39; was retired"), "\(tag)")

        try station.cli(["cylinder", "reinstate", "Club 07", "--reason", "repaired"])
        try station.cli(["cylinder", "rename", "Club 07", "Club 70"])
        let renamed = station.page("POST", "/fill", cookie: cookie, form: base)
        #expect(renamed.status == 303, "\(Self.text(renamed))")
        let second = Self.text(station.page("GET", Station.header(renamed, "Location"), cookie: cookie))
        #expect(second.contains(#"data-warning="renamed""#) && second.contains("&#39;Club 07&#39; is an earlier name of &#39;Club 70&#39;"))
        #expect(second.contains(#"href="/cylinders/Club%2070""#), "\(second)")
    }

    @Test("A session keeps the warnings of its latest 32 fills, and no more")
    func keptWarningsAreBounded() throws {
        let sessions = WebSessions(clock: { Timestamp(secondsSinceEpoch: 0) })
        let token = String(repeating: "a", count: 64)
        let warning = Warning.retired(cylinder: "Club 07")
        for fill in 1...40 { sessions.keep([warning], forFill: fill, session: token) }
        #expect(sessions.warnings(forFill: 8, session: token).isEmpty)
        #expect(sessions.warnings(forFill: 9, session: token) == [warning])
        #expect(sessions.warnings(forFill: 40, session: token) == [warning])
        #expect(sessions.warnings(forFill: 40, session: String(repeating: "b", count: 64)).isEmpty)
    }
}
