import Foundation
import Testing

/// Gas accounting over HTTP, through a real `gaslog-server` on a loopback
/// port: prices, a fill's start and payer, its charge, payments,
/// adjustments and the statement, each checked against rows read with the
/// `sqlite3` shell and litres worked out here from the issue's formulas.
@Suite("Gas accounting over the API: prices, charges, payments, adjustments and bills", .serialized)
struct BillingRouteTests {
    let admin = Station.Credentials.basic("ada", "correct horse battery")
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    /// A server with an admin, a blender, a reader and a 12 L cylinder.
    func clubServer() throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        try server.cli(
            "cylinder", "add", "Club 07", "--volume", "12", "--working-pressure", "232", "--hydro", "2026-01-10", "--visual", "2026-06-01",
            "--o2-clean")
        return server
    }

    /// The litres of an ideal-gas nitrox fill of `volume` litres from
    /// `start` bar of air to `pressure` bar of `o2` percent, topped off
    /// with air: T = Δn / 0.79, O = Δo − 0.21·T.
    static func nitroxLitres(volume: Double, pressure: Double, o2: Double, start: Double) -> (oxygen: Double, topOff: Double) {
        let fraction = o2 / 100
        let topOff = (volume * pressure * (1 - fraction) - volume * start * 0.79) / 0.79
        let oxygen = volume * pressure * fraction - volume * start * 0.21 - topOff * 0.21
        return (oxygen, topOff)
    }

    /// Whole litres, a half up.
    static func shown(_ litres: Double) -> Int { Int((litres + 0.5).rounded(.down)) }

    /// An amount of money to the cent, a half away from zero, as the API writes it.
    static func cents(_ amount: Double) -> String {
        let cents = Int((amount * 100).rounded(.toNearestOrAwayFromZero))
        let magnitude = abs(cents)
        return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + String(format: "%02d", magnitude % 100)
    }

    static func keys(_ object: Any?) -> Set<String> { Set((object as? [String: Any] ?? [:]).keys) }

    @Test("Prices are set by admins and read by readers, with the issue's keys")
    func prices() throws {
        let server = try clubServer()
        let set = server.request("PUT", "/api/v1/prices/oxygen", as: admin, json: #"{"price": "0.012", "effective": "2026-01-01"}"#)
        #expect(set.status == 200, "\(set.text)")
        #expect(Self.keys(set.json) == ["item", "price", "effective"])
        #expect(set.object["item"] as? String == "oxygen" && set.object["price"] as? String == "0.012")
        #expect(set.object["effective"] as? String == "2026-01-01T00:00:00Z")
        // A number is a price too; the fee's price is per fill.
        let fee = server.request("PUT", "/api/v1/prices/fill-fee", as: admin, json: #"{"price": 2}"#)
        #expect(fee.status == 200 && fee.object["price"] as? String == "2.00", "\(fee.text)")

        let listed = server.request("GET", "/api/v1/prices", as: reader)
        #expect(listed.status == 200)
        let prices = try #require(listed.json as? [[String: Any]])
        #expect(prices.map { $0["item"] as? String } == ["fill-fee", "oxygen"])
        #expect(prices.allSatisfy { Set($0.keys) == ["item", "price", "effective"] })
        #expect(
            try WarningRouteTests.sqlite(server.db, "SELECT item, price, set_by FROM prices ORDER BY id")
                == "oxygen|12000|ada\nfill-fee|2000000|ada\n")

        // Bad input is 400 at its field, and writes nothing.
        for (path, body, field) in [
            ("/api/v1/prices/oxygen", #"{"price": "0.0000001"}"#, "price"), ("/api/v1/prices/oxygen", #"{"price": "-1"}"#, "price"),
            ("/api/v1/prices/gold", #"{"price": "1"}"#, "item"), ("/api/v1/prices/oxygen", #"{"price": "1", "effective": "soon"}"#, "effective"),
        ] {
            let refused = server.request("PUT", path, as: admin, json: body)
            #expect(refused.status == 400 && refused.error["code"] as? String == "bad_input", "\(path) \(body): \(refused.text)")
            #expect(refused.error["field"] as? String == field, "\(path) \(body): \(refused.text)")
        }
        #expect(try WarningRouteTests.sqlite(server.db, "SELECT count(*) FROM prices") == "2\n")
    }

    @Test("A fill's start, top-off and payer from the body are stored, and its charge is the formula's litres at the prices in force")
    func chargedFill() throws {
        let server = try clubServer()
        #expect(server.request("PUT", "/api/v1/prices/oxygen", as: admin, json: #"{"price": "0.012", "effective": "2026-01-01"}"#).status == 200)
        #expect(server.request("PUT", "/api/v1/prices/fill-fee", as: admin, json: #"{"price": "2.00", "effective": "2026-01-01"}"#).status == 200)
        let filled = server.request(
            "POST", "/api/v1/fills", as: blender,
            json: #"""
                {"cylinder": "Club 07", "o2": 32, "pressure": "200bar", "from": "50bar", "from_gas": "air", "top_off": "air",
                 "bill_to": "Bo", "diver": "Ann", "at": "2026-11-29T10:00Z"}
                """#)
        #expect(filled.status == 201, "\(filled.text)")
        #expect(filled.object["start_bar"] as? Double == 50 && filled.object["start_o2"] as? Double == 21)
        #expect(filled.object["start_he"] as? Double == 0 && filled.object["top_off_o2"] as? Double == 21)
        #expect(filled.object["bill_to"] as? String == "Bo" && filled.object["diver"] as? String == "Ann")
        #expect(
            try WarningRouteTests.sqlite(
                server.db, "SELECT start_centibar, start_o2_permille, start_he_permille, top_off_o2_permille, bill_to FROM fills WHERE id = 1")
                == "5000|210|0|210|Bo\n")

        // 12 L, EAN 32 to 200 bar from 50 bar of air, air top-off.
        let litres = Self.nitroxLitres(volume: 12, pressure: 200, o2: 32, start: 50)
        let stored = try WarningRouteTests.sqlite(server.db, "SELECT oxygen_ml, helium_ml, top_off_ml, top_off_item FROM charges WHERE fill_id = 1")
        let parts = stored.trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
        #expect(parts.count == 4 && parts[1] == "0" && parts[3] == "air", "\(stored)")
        #expect(abs((Double(parts[0]) ?? 0) - litres.oxygen * 1000) <= 1, "\(stored)")
        #expect(abs((Double(parts[2]) ?? 0) - litres.topOff * 1000) <= 1, "\(stored)")

        let bill = server.request("GET", "/api/v1/bills", as: admin)
        #expect(bill.status == 200, "\(bill.text)")
        #expect(Self.keys(bill.json) == ["currency", "since", "until", "members", "unpriced"])
        #expect(bill.object["currency"] as? String == "EUR")
        let members = try #require(bill.object["members"] as? [[String: Any]])
        #expect(members.count == 1)
        let member = try #require(members.first)
        #expect(Set(member.keys) == ["member", "fills", "adjustments", "payments", "charged", "adjusted", "paid", "balance"])
        #expect(member["member"] as? String == "Bo")
        let fill = try #require((member["fills"] as? [[String: Any]])?.first)
        #expect(
            Set(fill.keys) == [
                "fill_id", "filled_at", "cylinder", "label", "oxygen_l", "helium_l", "top_off_l", "top_off", "fee", "amount", "void",
            ])
        #expect(fill["oxygen_l"] as? Int == Self.shown(litres.oxygen) && fill["top_off_l"] as? Int == Self.shown(litres.topOff))
        #expect(fill["helium_l"] as? Int == 0 && fill["top_off"] as? String == "Air" && fill["void"] as? Bool == false)
        let amount = Self.cents(2.00 + (Double(Self.cents(litres.oxygen * 0.012)) ?? 0))
        #expect(fill["fee"] as? String == "2.00" && fill["amount"] as? String == amount, "\(fill)")
        #expect(member["charged"] as? String == amount && member["balance"] as? String == amount)

        // A later price changes no stored charge.
        #expect(server.request("PUT", "/api/v1/prices/oxygen", as: admin, json: #"{"price": "1"}"#).status == 200)
        let again = server.request("GET", "/api/v1/bills?member=bo", as: admin)
        let balance = ((again.object["members"] as? [[String: Any]])?.first)?["balance"] as? String
        #expect(balance == amount, "\(again.text)")
    }

    @Test("Payments and adjustments change the balance; a void payment is kept and not counted, and is voided once")
    func paymentsAndAdjustments() throws {
        let server = try clubServer()
        #expect(server.request("PUT", "/api/v1/prices/fill-fee", as: admin, json: #"{"price": "9.50", "effective": "2026-01-01"}"#).status == 200)
        let filled = server.request(
            "POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 07", "o2": 32, "diver": "Bo", "at": "2026-11-29T10:00Z"}"#)
        #expect(filled.status == 201, "\(filled.text)")

        let paid = server.request(
            "POST", "/api/v1/payments", as: admin,
            json: #"{"member": "Bo", "amount": "5.00", "at": "2026-11-30T09:00Z", "reference": "receipt 117"}"#)
        #expect(paid.status == 200, "\(paid.text)")
        #expect(Self.keys(paid.json) == ["id", "member", "amount", "at", "reference", "void"])
        #expect(paid.object["amount"] as? String == "5.00" && paid.object["at"] as? String == "2026-11-30T09:00:00Z")
        #expect(paid.object["reference"] as? String == "receipt 117" && paid.object["void"] as? Bool == false)
        let id = try #require(paid.object["id"] as? Int)

        let adjusted = server.request(
            "POST", "/api/v1/fills/1/adjustments", as: admin, json: #"{"amount": "-2.21", "reason": "analyser read high"}"#)
        #expect(adjusted.status == 200, "\(adjusted.text)")
        #expect(Self.keys(adjusted.json) == ["id", "fill_id", "at", "amount", "reason"])
        #expect(adjusted.object["fill_id"] as? Int == 1 && adjusted.object["amount"] as? String == "-2.21")

        func balance() -> String? {
            let bill = server.request("GET", "/api/v1/bills?until=2026-12-31", as: admin)
            return ((bill.object["members"] as? [[String: Any]])?.first { $0["member"] as? String == "Bo" })?["balance"] as? String
        }
        #expect(balance() == Self.cents(9.50 - 2.21 - 5.00))

        let voided = server.request("POST", "/api/v1/payments/\(id)/void", as: admin, json: #"{"reason": "entered twice"}"#)
        #expect(voided.status == 200 && voided.object["void"] as? Bool == true, "\(voided.text)")
        #expect(balance() == Self.cents(9.50 - 2.21))
        let twice = server.request("POST", "/api/v1/payments/\(id)/void", as: admin, json: #"{"reason": "again"}"#)
        #expect(twice.status == 409 && twice.error["code"] as? String == "already_void", "\(twice.text)")
        #expect(try WarningRouteTests.sqlite(server.db, "SELECT count(*) FROM payment_voids") == "1\n")

        // An unknown fill or payment is 404; bad amounts are 400 at their field; nothing is written.
        let unknownFill = server.request("POST", "/api/v1/fills/99/adjustments", as: admin, json: #"{"amount": "1", "reason": "x"}"#)
        #expect(unknownFill.status == 404 && unknownFill.error["code"] as? String == "not_found", "\(unknownFill.text)")
        let unknownPayment = server.request("POST", "/api/v1/payments/99/void", as: admin, json: #"{"reason": "x"}"#)
        #expect(unknownPayment.status == 404, "\(unknownPayment.text)")
        // The largest id the document allows is read; one digit more is not, at the path's name.
        let largest = server.request("POST", "/api/v1/payments/\(String(repeating: "9", count: 18))/void", as: admin, json: #"{"reason": "x"}"#)
        #expect(largest.status == 404, "\(largest.text)")
        let tooLong = server.request("POST", "/api/v1/payments/\(String(repeating: "9", count: 19))/void", as: admin, json: #"{"reason": "x"}"#)
        #expect(tooLong.status == 400 && tooLong.error["field"] as? String == "id", "\(tooLong.text)")
        // A reason is measured in code points, as the schema's CHECK and maxLength count
        // them: 600 accented letters of two code points each (1,200) are too long.
        let accented = String(repeating: #"e\u0301"#, count: 600)
        let combining = server.request("POST", "/api/v1/payments/\(id)/void", as: admin, json: #"{"reason": "\#(accented)"}"#)
        #expect(combining.status == 400 && combining.error["field"] as? String == "reason", "\(combining.text)")
        for (path, body, field) in [
            ("/api/v1/payments", #"{"member": "Bo", "amount": "1.234"}"#, "amount"),
            ("/api/v1/payments", #"{"member": "Bo", "amount": "-5"}"#, "amount"),
            ("/api/v1/payments", #"{"amount": "5"}"#, "member"), ("/api/v1/fills/1/adjustments", #"{"amount": "0", "reason": "x"}"#, "amount"),
            ("/api/v1/fills/1/adjustments", #"{"amount": "1"}"#, "reason"), ("/api/v1/fills/x/adjustments", #"{"amount": "1", "reason": "x"}"#, "id"),
        ] {
            let refused = server.request("POST", path, as: admin, json: body)
            #expect(refused.status == 400 && refused.error["field"] as? String == field, "\(path) \(body): \(refused.text)")
        }
        #expect(try WarningRouteTests.sqlite(server.db, "SELECT (SELECT count(*) FROM payments), (SELECT count(*) FROM adjustments)") == "1|1\n")

        let badPeriod = server.request("GET", "/api/v1/bills?since=yesterday-ish", as: admin)
        #expect(badPeriod.status == 400 && badPeriod.error["field"] as? String == "since", "\(badPeriod.text)")
    }

    @Test("Only admins see bills and change prices, payments and charges: other roles get 403 and nothing is written")
    func adminOnly() throws {
        let server = try clubServer()
        #expect(server.gaslog("fill", "Club 07", "--o2", "32", "--diver", "Bo", "--at", "2026-11-29T10:00Z").status == 0)
        let changes: [(method: String, path: String, json: String?)] = [
            ("GET", "/api/v1/bills", nil), ("PUT", "/api/v1/prices/oxygen", #"{"price": "0.01"}"#),
            ("POST", "/api/v1/payments", #"{"member": "Bo", "amount": "5"}"#), ("POST", "/api/v1/payments/1/void", #"{"reason": "x"}"#),
            ("POST", "/api/v1/fills/1/adjustments", #"{"amount": "1", "reason": "x"}"#),
        ]
        for credentials in [blender, reader] {
            for change in changes {
                let answer = server.request(change.method, change.path, as: credentials, json: change.json)
                #expect(answer.status == 403 && answer.error["code"] as? String == "forbidden", "\(change.path): \(answer.text)")
            }
        }
        #expect(server.request("GET", "/api/v1/prices", as: reader).status == 200)
        #expect(server.request("GET", "/api/v1/bills").status == 401)
        #expect(
            try WarningRouteTests.sqlite(
                server.db, "SELECT (SELECT count(*) FROM prices), (SELECT count(*) FROM payments), (SELECT count(*) FROM adjustments)")
                == "0|0|0\n")
    }

    @Test("Import charges the fills only with charge=true, at the importing logbook's prices and volumes")
    func importCharging() throws {
        let source = try clubServer()
        try source.cli(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Bo", "--at",
            "2026-11-29T10:00Z"
        )
        let csv = source.request("GET", "/api/v1/export", as: reader)
        #expect(csv.status == 200)

        let target = try clubServer()
        #expect(target.request("PUT", "/api/v1/prices/oxygen", as: admin, json: #"{"price": "0.02", "effective": "2026-01-01"}"#).status == 200)
        let bad = target.request("POST", "/api/v1/import?charge=maybe", as: admin, body: csv.body, contentType: "text/csv")
        #expect(bad.status == 400 && bad.error["field"] as? String == "charge", "\(bad.text)")
        let dry = target.request("POST", "/api/v1/import?dry_run=true&charge=true", as: admin, body: csv.body, contentType: "text/csv")
        #expect(dry.status == 200 && dry.object["dry_run"] as? Bool == true, "\(dry.text)")
        #expect(try WarningRouteTests.sqlite(target.db, "SELECT (SELECT count(*) FROM fills), (SELECT count(*) FROM charges)") == "0|0\n")

        let charged = target.request("POST", "/api/v1/import?charge=true", as: admin, body: csv.body, contentType: "text/csv")
        #expect(charged.status == 200 && charged.object["imported"] as? Int == 1, "\(charged.text)")
        let litres = Self.nitroxLitres(volume: 12, pressure: 200, o2: 32, start: 50)
        let row = try WarningRouteTests.sqlite(target.db, "SELECT oxygen_ml, oxygen_price FROM charges WHERE fill_id = 1")
        let parts = row.trimmingCharacters(in: .newlines).split(separator: "|").compactMap { Double($0) }
        #expect(parts.count == 2 && abs(parts[0] - litres.oxygen * 1000) <= 1 && parts[1] == 20_000, "\(row)")

        let plain = try clubServer()
        let uncharged = plain.request("POST", "/api/v1/import?charge=false", as: admin, body: csv.body, contentType: "text/csv")
        #expect(uncharged.status == 200 && uncharged.object["imported"] as? Int == 1, "\(uncharged.text)")
        #expect(try WarningRouteTests.sqlite(plain.db, "SELECT (SELECT count(*) FROM fills), (SELECT count(*) FROM charges)") == "1|0\n")
    }
}
