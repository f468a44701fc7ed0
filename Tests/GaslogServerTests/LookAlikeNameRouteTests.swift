import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// The API and the pages refuse a new name that could pass for another, as
/// the command line does: they share the store's rules.
@Suite("Look-alike names in the API and on the pages", .serialized)
struct LookAlikeNameRouteTests {
    let admin = Station.Credentials.basic("ann", "correct horse battery")

    @Test("POST /api/v1/cylinders refuses each look-alike name with 400, naming the character; nothing is written")
    func api() throws {
        let server = try Station.empty()
        try server.addAccount("ann", role: "admin")
        #expect(server.gaslog("cylinder", "add", "Club 03").status == 0)
        let cases: [(json: String, message: String)] = [
            (#"{"cylinder": "Сlub 04"}"#, "mixes Cyrillic with Latin in one word ('С', U+0421)"),
            (#"{"cylinder": "Club\u200d04"}"#, "zero-width joiner U+200D outside an emoji sequence"),
            (#"{"cylinder": "Club\u202804"}"#, "line separator U+2028"),
        ]
        for (json, message) in cases {
            let refused = server.request("POST", "/api/v1/cylinders", as: admin, json: json)
            #expect(refused.status == 400, "\(refused.text)")
            #expect((refused.error["message"] as? String)?.contains(message) == true, "\(refused.text)")
        }
        // Club Ο3 with a Greek Omicron could pass for Club 03 (#36): 422, naming it.
        let confusable = server.request("POST", "/api/v1/cylinders", as: admin, json: #"{"cylinder": "Club \u039f3"}"#)
        #expect(confusable.status == 422, "\(confusable.text)")
        #expect((confusable.error["message"] as? String)?.contains("could pass for the cylinder 'Club 03'") == true, "\(confusable.text)")
        // ＣＬＵＢ 03 is the cylinder Club 03.
        let same = server.request("POST", "/api/v1/cylinders", as: admin, json: #"{"cylinder": "ＣＬＵＢ 03"}"#)
        #expect(same.status == 409 || same.status == 422, "\(same.text)")
        let emoji = server.request("POST", "/api/v1/cylinders", as: admin, json: #"{"cylinder": "Tank 👨‍👩‍👧"}"#)
        #expect(emoji.status == 201, "\(emoji.text)")
        let listed = try JSONSerialization.jsonObject(with: Data(server.gaslog("cylinder", "list", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(Set(listed?.compactMap { $0["cylinder"] as? String } ?? []) == ["Club 03", "Tank 👨‍👩‍👧"])
    }

    @Test("The fill page refuses a new look-alike cylinder name with 400 and records nothing")
    func page() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page(
            "POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Сlub 08"), ("o2", "32"), ("ppo2", "1.4")])
        #expect(answer.status == 400, "\(Station.text(answer))")
        #expect(Station.text(answer).contains("mixes Cyrillic with Latin in one word"))
        // Beside Club 07, the same spelling could pass for it (#36): refused, naming Club 07.
        let beside = station.page(
            "POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Сlub 07"), ("o2", "32"), ("ppo2", "1.4")])
        // The fill form answers a name it cannot take with 400, as for every field problem.
        #expect(beside.status == 400, "\(Station.text(beside))")
        #expect(Station.text(beside).contains("could pass for the cylinder &#39;Club 07&#39;"))
        #expect(try station.service.store.history(FillQuery()).isEmpty)
        // A fullwidth spelling fills Club 07.
        let fullwidth = station.page(
            "POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "ＣＬＵＢ 07"), ("o2", "32"), ("ppo2", "1.4")])
        #expect(fullwidth.status == 303, "\(Station.text(fullwidth))")
        #expect(try station.service.store.fill(id: 1).cylinder == "Club 07")
    }
}
