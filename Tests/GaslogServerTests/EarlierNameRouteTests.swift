import Foundation
import Testing

@testable import GaslogServer

/// A cylinder's earlier name over HTTP and on the pages: it finds the
/// renamed cylinder, with its checks, or is refused when it names several.
@Suite("Earlier names in the API and on the pages", .serialized)
struct EarlierNameRouteTests {
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    @Test("POST /fills and GET /cylinders/OLD/mod by the old name use the renamed cylinder; an ambiguous one is 422")
    func apiByOldName() throws {
        let server = try Station.empty()
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        for setup in [
            ["cylinder", "add", "Club 04", "--working-pressure", "232", "--no-o2-clean"],
            ["cylinder", "rename", "Club 04", "Club 04 Yellow"],
        ] {
            #expect(server.gaslog(setup).status == 0)
        }

        // Membrane nitrox (topped off with EAN 32) decants no oxygen into a cylinder that is not oxygen-clean (#35).
        let filled = server.request(
            "POST", "/api/v1/fills", as: blender,
            json: #"{"cylinder": "Club 04", "o2": 32, "pressure": 200, "top_off": "32", "at": "2026-11-29T10:00Z"}"#)
        #expect(filled.status == 201, "\(filled.text)")
        #expect(filled.object["cylinder"] as? String == "Club 04 Yellow")
        // Its checks apply by the old name: EAN 50 in a cylinder that is not oxygen-clean.
        let refused = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 04", "o2": 50, "pressure": 200}"#)
        #expect(refused.status == 422 && refused.error["rules"] as? [String] == ["not_oxygen_clean"], "\(refused.text)")

        // EAN 32 at ppO₂ 1.4: 10 × (1.4 / 0.32 − 1) = 33.75, 34 m.
        let mod = server.request("GET", "/api/v1/cylinders/Club%2004/mod", as: reader)
        #expect(mod.status == 200, "\(mod.text)")
        #expect(mod.object["cylinder"] as? String == "Club 04 Yellow" && (mod.object["mod"] as? NSNumber)?.intValue == 34)
        let fills = server.request("GET", "/api/v1/fills?cylinder=Club%2004", as: reader)
        #expect((fills.json as? [[String: Any]])?.map { $0["cylinder"] as? String } == ["Club 04 Yellow"], "\(fills.text)")
        // No cylinder was created under the old name.
        let listed = try JSONSerialization.jsonObject(with: Data(server.gaslog("cylinder", "list", "--json").stdout.utf8)) as? [[String: Any]]
        #expect(listed?.map { $0["cylinder"] as? String } == ["Club 04 Yellow"])

        // A second cylinder once named "Club 04" makes the old name name neither.
        #expect(server.gaslog("cylinder", "add", "Club 05").status == 0)
        #expect(server.gaslog("cylinder", "rename", "Club 05", "Club 04").status == 0)
        #expect(server.gaslog("cylinder", "rename", "Club 04", "Club 04 Blue").status == 0)
        let ambiguous = server.request("GET", "/api/v1/cylinders/Club%2004/mod", as: reader)
        #expect(ambiguous.status == 422 && ambiguous.error["code"] as? String == "refused", "\(ambiguous.text)")
        let message = ambiguous.error["message"] as? String ?? ""
        #expect(message.contains("'Club 04 Blue' and 'Club 04 Yellow'"), "\(message)")
    }

    @Test("The cylinder page by an old name shows the renamed cylinder, and says so")
    func cylinderPageByOldName() throws {
        let station = try Station()
        try station.cli(["fill", "Club 07", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00:00Z"])
        try station.cli(["cylinder", "rename", "Club 07", "Club 07 Red"])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        let page = station.page("GET", "/cylinders/Club%2007", cookie: cookie)
        #expect(page.status == 200)
        let html = Station.text(page)
        #expect(html.contains("Cylinder Club 07 Red"), "\(html)")
        #expect(html.contains("&#39;Club 07&#39; is an earlier name of &#39;Club 07 Red&#39;; using that cylinder."), "\(html)")
        // Its fill history is the renamed cylinder's.
        #expect(html.contains("EAN 32"))
    }
}
