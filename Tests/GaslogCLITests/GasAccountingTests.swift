import Foundation
import Testing

/// Issue 27's twelve-litre cylinders, and the prices most tests set.
extension Sandbox {
    func pricedClub(_ prices: [(String, String)], effective: String = "2026-01-01") -> Sandbox {
        for (item, price) in prices { ok("price", "set", item, price, "--effective", effective) }
        return self
    }
}

/// The label gaslog gives a plain air fill, taken from a fill of its own rather than typed here.
private func airLabel() throws -> String {
    let sandbox = Sandbox()
    let record = try #require(json(sandbox.gaslog("fill", "X", "--o2", "21", "--json")) as? [String: Any])
    return try #require(record["label"] as? String)
}

/// Whether a JSON text holds `"key":true` or `"key":false` for every occurrence of the key: real booleans.
private func booleans(_ key: String, in text: String) -> Bool {
    let occurrences = text.components(separatedBy: "\"\(key)\":").dropFirst()
    return !occurrences.isEmpty && occurrences.allSatisfy { $0.hasPrefix("true") || $0.hasPrefix("false") }
}

/// An amount as the issue writes it: a decimal string with two decimals.
private func isAmount(_ value: Any?) -> Bool {
    guard let text = value as? String else { return false }
    return text.range(of: #"^-?[0-9]+\.[0-9]{2}$"#, options: .regularExpression) != nil
}

@Suite("Gas accounting: charges at the prices in force, voids, adjustments, payments and statements (#27)")
struct GasAccountingTests {
    @Test("The issue's three check rows are charged at the prices in force: exact litres, stored to the mL, shown to the litre")
    func checkRowsCharged() throws {
        let prices = [("oxygen", "0.012"), ("helium", "0.035"), ("air", "0.001"), ("nitrox", "0.004"), ("fill-fee", "2.50")]
        let sandbox = Sandbox().pricedClub(prices)
        for name in ["Club 07", "Club 08", "Club 09"] { sandbox.ok("cylinder", "add", name, "--volume", "12") }
        sandbox.ok(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Ann", "--at",
            "2026-03-01T10:00:00Z")
        // An empty cylinder needs no start gas: --from 0 on a cylinder with no current gas.
        sandbox.ok("fill", "Club 08", "--o2", "18/45", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-02T10:00:00Z")
        sandbox.ok(
            "fill", "Club 09", "--o2", "32", "--pressure", "200", "--from", "0", "--top-off", "EAN32", "--diver", "Ann", "--at",
            "2026-03-03T10:00:00Z")

        let twelve = Exact(12)
        let uses = [
            IdealUse(litres: twelve, from: Exact(50), gas: (21, 0), to: Exact(200), mix: (32, 0)),
            IdealUse(litres: twelve, from: Exact(0), gas: (21, 0), to: Exact(200), mix: (18, 45)),
            IdealUse(litres: twelve, from: Exact(0), gas: (21, 0), to: Exact(200), mix: (32, 0), topOff: 32),
        ]
        // The issue's table, to the hundredth.
        #expect(uses.map { $0.oxygen.rounded(scale: 100) } == [33418, 19595, 0])
        #expect(uses.map { $0.helium.rounded(scale: 100) } == [0, 108_000, 0])
        #expect(uses.map { $0.topOff.rounded(scale: 100) } == [146_582, 112_405, 240_000])

        let topOffPrices = [micro("0.001"), micro("0.001"), micro("0.004")]
        let air = try airLabel()
        let statement = try #require(try sandbox.bill().member("Ann"))
        let fills = statement.fills()
        #expect(fills.count == 3)
        var charged = 0
        for (index, use) in uses.enumerated() {
            let fillID = index + 1
            let amount =
                micro("2.50") / 10_000 + cents(use.oxygen, price: micro("0.012")) + cents(use.helium, price: micro("0.035"))
                + cents(use.topOff, price: topOffPrices[index])
            charged += amount
            guard index < fills.count else { continue }
            let fill = fills[index]
            #expect(fill.int("fill_id") == fillID)
            #expect(fill.int("oxygen_l") == wholeLitres(use.oxygen), "\(fill)")
            #expect(fill.int("helium_l") == wholeLitres(use.helium), "\(fill)")
            #expect(fill.int("top_off_l") == wholeLitres(use.topOff), "\(fill)")
            #expect(fill.string("top_off") == (index == 2 ? "EAN 32" : air), "\(fill)")
            #expect(fill.string("fee") == "2.50")
            #expect(fill.string("amount") == money(amount), "\(fill)")
            #expect(fill["void"] as? Bool == false)
            // Stored with the fill: the exact litres to the millilitre, and the unit prices in force.
            #expect(
                sandbox.query(
                    "SELECT oxygen_ml || ' ' || helium_ml || ' ' || top_off_ml || ' ' || top_off_item || ' ' || amount_cents FROM charges WHERE fill_id = \(fillID)"
                )
                    == "\(millilitres(use.oxygen)) \(millilitres(use.helium)) \(millilitres(use.topOff)) \(index == 2 ? "nitrox" : "air") \(amount)")
            #expect(
                sandbox.query(
                    "SELECT oxygen_price || ' ' || helium_price || ' ' || top_off_price || ' ' || fee_price FROM charges WHERE fill_id = \(fillID)")
                    == "\(micro("0.012")) \(micro("0.035")) \(topOffPrices[index]) \(micro("2.50"))")
        }
        #expect(statement.string("charged") == money(charged))
        #expect(statement.string("adjusted") == "0.00")
        #expect(statement.string("paid") == "0.00")
        #expect(statement.string("balance") == money(charged))
    }

    @Test("The start gas defaults to the blender's analysis of the cylinder's gas as of the fill's time; the blender's mix is billed")
    func defaultStartGas() throws {
        let sandbox = Sandbox().pricedClub([("oxygen", "0.01"), ("air", "0.002")])
        sandbox.ok("cylinder", "add", "Club 10", "--volume", "10")
        sandbox.ok("fill", "Club 10", "--o2", "36", "--diver", "Bo", "--diver-o2", "36.8", "--at", "2026-04-01T10:00:00Z")
        sandbox.ok("fill", "Club 10", "--o2", "40", "--diver", "Bo", "--at", "2026-04-10T10:00:00Z")
        // Recorded after the EAN 40 fill, but filled before it: the cylinder then held the blender's 36 %.
        sandbox.ok(
            "fill", "Club 10", "--o2", "32", "--pressure", "200", "--from", "50", "--diver", "Bo", "--diver-o2", "32.9", "--at",
            "2026-04-05T10:00:00Z")
        let exported = parseCSV(sandbox.gaslog("export").stdout)
        let header = exported[0]
        let row = try #require(exported.first { $0.first == "3" })
        func cell(_ name: String) -> String? { header.firstIndex(of: name).map { row[$0] } }
        #expect(cell("start_bar") == "50")
        #expect(cell("start_o2") == "36")
        #expect(cell("start_he") == "0")
        #expect(cell("top_off_o2") == "21")
        #expect(cell("bill_to") == "Bo")

        let use = IdealUse(litres: Exact(10), from: Exact(50), gas: (36, 0), to: Exact(200), mix: (32, 0))
        let fill = try #require(try sandbox.bill().member("Bo")?.fills().first { $0.int("fill_id") == 3 })
        #expect(fill.int("oxygen_l") == wholeLitres(use.oxygen))
        #expect(fill.int("top_off_l") == wholeLitres(use.topOff))
        #expect(fill.string("amount") == money(cents(use.oxygen, price: micro("0.01")) + cents(use.topOff, price: micro("0.002"))))
        #expect(
            sandbox.query("SELECT oxygen_ml || ' ' || top_off_ml FROM charges WHERE fill_id = 3")
                == "\(millilitres(use.oxygen)) \(millilitres(use.topOff))")
    }

    @Test("Amounts round at half a cent away from zero, from the exact litres; litres and millilitres round halves up")
    func rounding() throws {
        // 10 L of Tx 21/50 at 200 bar from empty: exactly 1000 L of helium.
        let sandbox = Sandbox().pricedClub([("helium", "0.012345")])
        sandbox.ok("price", "set", "helium", "0.012325", "--effective", "2026-03-01")
        for name in ["H1", "H2"] { sandbox.ok("cylinder", "add", name, "--volume", "10") }
        sandbox.ok("fill", "H1", "--o2", "21/50", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-02-01T10:00:00Z")
        sandbox.ok("fill", "H2", "--o2", "21/50", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-05T10:00:00Z")
        let helium = IdealUse(litres: Exact(10), from: Exact(0), gas: (21, 0), to: Exact(200), mix: (21, 50)).helium
        #expect(helium == Exact(1000))
        // 12.345 and 12.325: to even they would be 12.34 and 12.32.
        #expect(cents(helium, price: micro("0.012345")) == 1235 && cents(helium, price: micro("0.012325")) == 1233)
        let fills = try #require(try sandbox.bill().member("Ann")).fills()
        #expect(fills.map { $0.string("amount") } == ["12.35", "12.33"])

        // 12.5 L × 200 bar × 35.1 % helium = 877.5 L, shown 878.
        // 12.1 L × 200.5 bar × 3 % helium = 72.7815 L, stored 72782 mL, shown 73.
        let halves = Sandbox()
        halves.ok("cylinder", "add", "Half", "--volume", "12.5")
        halves.ok("cylinder", "add", "Milli", "--volume", "12.1")
        halves.ok("price", "set", "helium", "0.01", "--effective", "2026-01-01")
        halves.ok("fill", "Half", "--o2", "21", "--he", "35.1", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-02-01T10:00:00Z")
        halves.ok("fill", "Milli", "--o2", "21/3", "--pressure", "200.5", "--from", "0", "--diver", "Ann", "--at", "2026-02-02T10:00:00Z")
        let halfHelium = Exact(25, 2) * Exact(200) * Exact(351, 1000)
        let milliHelium = Exact(121, 10) * Exact(401, 2) * Exact(3, 100)
        #expect(halfHelium == Exact(1755, 2) && wholeLitres(halfHelium) == 878)
        #expect(milliHelium == Exact(727_815, 10_000) && millilitres(milliHelium) == 72782 && wholeLitres(milliHelium) == 73)
        let halvesFills = try #require(try halves.bill().member("Ann")).fills()
        #expect(halvesFills.map { $0.int("helium_l") } == [878, 73])
        #expect(halves.query("SELECT group_concat(helium_ml, ' ') FROM (SELECT helium_ml FROM charges ORDER BY fill_id)") == "877500 72782")
        #expect(halvesFills.map { $0.string("amount") } == [money(cents(halfHelium, price: 10_000)), money(cents(milliHelium, price: 10_000))])

        // The amount uses the exact litres, not the litres shown: 1465.82… L of air at 0.50 is 732.91, not 1466 × 0.50.
        let exact = Sandbox().pricedClub([("air", "0.50")])
        exact.ok("cylinder", "add", "Club 07", "--volume", "12")
        exact.ok(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Ann", "--at",
            "2026-03-01T10:00:00Z")
        let topOff = IdealUse(litres: Exact(12), from: Exact(50), gas: (21, 0), to: Exact(200), mix: (32, 0)).topOff
        #expect(cents(topOff, price: 500_000) == 73291 && cents(Exact(wholeLitres(topOff)), price: 500_000) == 73300)
        #expect(try exact.bill().member("Ann")?.fills().first?.string("amount") == "732.91")

        // Nor the litres stored to the millilitre: at these prices each line's cents differ between the two.
        let exactly = Sandbox().pricedClub([("oxygen", "0.012643"), ("air", "0.012406")])
        exactly.ok("cylinder", "add", "Club 07", "--volume", "12")
        exactly.ok(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Ann", "--at",
            "2026-03-01T10:00:00Z")
        let use = IdealUse(litres: Exact(12), from: Exact(50), gas: (21, 0), to: Exact(200), mix: (32, 0))
        let oxygenCents = cents(use.oxygen, price: 12643), airCents = cents(use.topOff, price: 12406)
        #expect(oxygenCents != cents(Exact(millilitres(use.oxygen), 1000), price: 12643))
        #expect(airCents != cents(Exact(millilitres(use.topOff), 1000), price: 12406))
        #expect(exactly.query("SELECT oxygen_cents || ' ' || top_off_cents FROM charges WHERE fill_id = 1") == "\(oxygenCents) \(airCents)")
        #expect(try exactly.bill().member("Ann")?.fills().first?.string("amount") == money(oxygenCents + airCents))
    }

    @Test("A price change between two fills: each is charged at the price in force at its time, and a later price changes no charge")
    func priceChange() throws {
        let sandbox = Sandbox().pricedClub([("oxygen", "0.01")])
        sandbox.ok("price", "set", "oxygen", "0.02", "--effective", "2026-03-01")
        sandbox.ok("cylinder", "add", "P", "--volume", "12")
        for at in ["2026-02-28T23:59:59Z", "2026-03-01T00:00:00Z"] {
            sandbox.ok("fill", "P", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", at)
        }
        let oxygen = IdealUse(litres: Exact(12), from: Exact(0), gas: (21, 0), to: Exact(200), mix: (32, 0)).oxygen
        let expected = [money(cents(oxygen, price: 10_000)), money(cents(oxygen, price: 20_000))]
        #expect(expected[0] != expected[1])
        #expect(try sandbox.bill().member("Ann")?.fills().map { $0.string("amount") } == expected)

        let charges = sandbox.query("SELECT * FROM charges ORDER BY fill_id")
        sandbox.ok("price", "set", "oxygen", "0.05", "--effective", "2026-01-01")
        sandbox.ok("price", "set", "oxygen", "0.07", "--effective", "2026-02-01")
        #expect(sandbox.query("SELECT * FROM charges ORDER BY fill_id") == charges)
        #expect(try sandbox.bill().member("Ann")?.fills().map { $0.string("amount") } == expected)
        // A fill recorded now, dated after 1 March, is charged at the price in force then: 0.02.
        sandbox.ok("fill", "P", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-02T00:00:00Z")
        #expect(try sandbox.bill().member("Ann")?.fills().last?.string("amount") == expected[1])

        // The list has every price with its effective time, a local date's first instant (UTC here).
        let listed = try #require(json(sandbox.gaslog("price", "list", "--json")) as? [[String: Any]])
        #expect(listed.count == 4)
        #expect(listed.allSatisfy { Set($0.keys) == ["item", "price", "effective"] }, "\(listed)")
        let entries = listed.map { "\($0["item"] as? String ?? "?") \(micro($0["price"] as? String ?? "0")) \($0["effective"] as? String ?? "?")" }
        #expect(
            Set(entries) == [
                "oxygen 10000 2026-01-01T00:00:00Z", "oxygen 20000 2026-03-01T00:00:00Z", "oxygen 50000 2026-01-01T00:00:00Z",
                "oxygen 70000 2026-02-01T00:00:00Z",
            ])
    }

    @Test("A price set with no date applies from now: a fill a second earlier has no price for it, and the statement says so")
    func effectiveNow() throws {
        // The sandbox's clock reads 2026-11-30T12:00:00Z.
        let sandbox = Sandbox()
        sandbox.ok("price", "set", "helium", "0.03")
        let listed = try #require(json(sandbox.gaslog("price", "list", "--json")) as? [[String: Any]])
        #expect(listed.first?["effective"] as? String == "2026-11-30T12:00:00Z")
        for name in ["A", "B"] { sandbox.ok("cylinder", "add", name, "--volume", "10") }
        sandbox.ok("fill", "A", "--o2", "21/50", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-11-30T11:59:59Z")
        sandbox.ok("fill", "B", "--o2", "21/50", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-11-30T12:00:00Z")
        let fills = try #require(try sandbox.bill().member("Ann")).fills()
        #expect(fills.map { $0.string("amount") } == ["0.00", money(cents(Exact(1000), price: 30_000))])
        // An item with no price in force costs 0.00, and the statement says "no price set".
        let text = sandbox.gaslog("bill", environment: ["COLUMNS": "200"]).stdout
        #expect(text.contains("no price set"), "\(text)")
    }

    @Test("A price's date is a local date: from its first instant in the logbook's time zone")
    func effectiveLocalDate() throws {
        let sandbox = Sandbox()
        let paris = ["TZ": "Europe/Paris"]
        #expect(sandbox.runBinary(["price", "set", "oxygen", "0.01", "--effective", "2026-01-01"], environment: paris).status == 0)
        let listed = try #require(json(sandbox.runBinary(["price", "list", "--json"], environment: paris)) as? [[String: Any]])
        #expect(listed.first?["effective"] as? String == "2025-12-31T23:00:00Z")
        #expect(sandbox.runBinary(["cylinder", "add", "A", "--volume", "12"], environment: paris).status == 0)
        for at in ["2025-12-31T22:59:59Z", "2025-12-31T23:00:00Z"] {
            let result = sandbox.runBinary(
                ["fill", "A", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", at], environment: paris)
            #expect(result.status == 0, "\(result)")
        }
        let oxygen = IdealUse(litres: Exact(12), from: Exact(0), gas: (21, 0), to: Exact(200), mix: (32, 0)).oxygen
        let bill = try #require(json(sandbox.runBinary(["bill", "--json"], environment: paris)) as? [String: Any])
        #expect(bill.member("Ann")?.fills().map { $0.string("amount") } == ["0.00", money(cents(oxygen, price: 10_000))])
    }

    @Test("The real gas model bills V·P·x / Z, Z from Subsurface's coefficients computed here")
    func realModel() throws {
        let sandbox = Sandbox().pricedClub([("oxygen", "0.01"), ("air", "0.001")])
        sandbox.ok("config", "set", "billing-gas-model", "real")
        sandbox.ok("cylinder", "add", "Club 07", "--volume", "12")
        sandbox.ok(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Ann", "--at",
            "2026-03-01T10:00:00Z")
        func z(_ o2: Double, _ p: Double) -> Double {
            func excess(_ c: (Double, Double, Double)) -> Double { c.0 * p + c.1 * p * p + c.2 * p * p * p }
            return 1 + o2 * excess((-7.18092073703e-04, 2.81852572808e-06, -1.50290620492e-09))
                + (1 - o2) * excess((-2.19260353292e-04, 2.92844845532e-06, -2.07613482075e-09))
        }
        let deltaO = 12 * 200 * 0.32 / z(0.32, 200) - 12 * 50 * 0.21 / z(0.21, 50)
        let deltaN = 12 * 200 * 0.68 / z(0.32, 200) - 12 * 50 * 0.79 / z(0.21, 50)
        let topOff = deltaN / 0.79, oxygen = deltaO - topOff * 0.21
        let stored = sandbox.query("SELECT model || ' ' || oxygen_ml || ' ' || top_off_ml FROM charges WHERE fill_id = 1").split(separator: " ")
        #expect(stored.count == 3 && stored[0] == "real", "\(stored)")
        if stored.count == 3 {
            #expect(abs(Double(stored[1])! - oxygen * 1000) <= 1, "\(stored) vs \(oxygen)")
            #expect(abs(Double(stored[2])! - topOff * 1000) <= 1, "\(stored) vs \(topOff)")
            // And not the ideal litres.
            let ideal = IdealUse(litres: Exact(12), from: Exact(50), gas: (21, 0), to: Exact(200), mix: (32, 0))
            #expect(Int(stored[2])! != millilitres(ideal.topOff))
        }
        let fill = try #require(try sandbox.bill().member("Ann")?.fills().first)
        #expect(fill.int("oxygen_l") == Int((oxygen).rounded()))
        #expect(fill.int("top_off_l") == Int((topOff).rounded()))
    }

    @Test("A void cancels the fill's charge: the statement shows it void and leaves it out of the totals and the balance")
    func voidCancelsCharge() throws {
        let sandbox = Sandbox().pricedClub([("fill-fee", "2.00"), ("oxygen", "0.01")])
        sandbox.ok("cylinder", "add", "V", "--volume", "12")
        sandbox.ok("fill", "V", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-01T10:00:00Z")
        sandbox.ok("fill", "V", "--o2", "36", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-02T10:00:00Z")
        let before = sandbox.query("SELECT * FROM charges ORDER BY fill_id")
        sandbox.ok("void", "2", "--reason", "wrong cylinder")
        #expect(sandbox.query("SELECT * FROM charges ORDER BY fill_id") == before)
        let first = 200 + cents(IdealUse(litres: Exact(12), from: Exact(0), gas: (21, 0), to: Exact(200), mix: (32, 0)).oxygen, price: 10_000)
        let statement = try #require(try sandbox.bill().member("Ann"))
        #expect(statement.fills().map { $0["void"] as? Bool } == [false, true])
        #expect(statement.string("charged") == money(first))
        #expect(statement.string("balance") == money(first))
        let lines = sandbox.gaslog("bill", environment: ["COLUMNS": "200"]).stdout.split(separator: "\n")
        let fillLines = lines.filter { $0.contains("fill 1") || $0.contains("fill 2") }
        #expect(fillLines.count == 2, "\(lines)")
        #expect(fillLines.filter { $0.lowercased().contains("void") }.count == 1 && fillLines.last?.lowercased().contains("void") == true, "\(lines)")
    }

    @Test("An adjustment corrects the fill's member, never the charge; the statement lists it as it was made")
    func adjustment() throws {
        let sandbox = Sandbox().pricedClub([("fill-fee", "2.00")])
        sandbox.ok("fill", "A", "--o2", "32", "--diver", "Bo", "--bill-to", "Ann", "--at", "2026-03-01T10:00:00Z")
        let charge = sandbox.query("SELECT * FROM charges")
        let audit = Int(sandbox.query("SELECT count(*) FROM audit"))!
        let result = sandbox.gaslog("charge", "adjust", "1", "--amount=-0.75", "--reason", "short fill", "--json")
        #expect(result.status == 0, "\(result)")
        let adjustment = try #require(json(result) as? [String: Any])
        #expect(Set(adjustment.keys) == ["id", "fill_id", "at", "amount", "reason"], "\(adjustment)")
        #expect(adjustment.int("fill_id") == 1)
        #expect(adjustment.string("amount") == "-0.75")
        #expect(adjustment.string("reason") == "short fill")
        #expect(adjustment.string("at") == "2026-11-30T12:00:00Z")
        #expect(Int(sandbox.query("SELECT count(*) FROM audit"))! == audit + 1)
        sandbox.ok("charge", "adjust", "1", "--amount", "3.10", "--reason", "cylinder valve service")
        #expect(sandbox.query("SELECT * FROM charges") == charge)

        let bill = try sandbox.bill()
        #expect(bill.member("Bo") == nil)
        let statement = try #require(bill.member("Ann"))
        let listed = try #require(statement["adjustments"] as? [[String: Any]])
        #expect(listed.count == 2)
        let first = listed.first ?? [:]
        #expect(first.int("fill_id") == 1 && first.string("amount") == "-0.75" && first.string("reason") == "short fill", "\(listed)")
        #expect(first.string("at") == "2026-11-30T12:00:00Z", "\(listed)")
        #expect(listed.last?.string("amount") == "3.10")
        #expect(statement.string("charged") == "2.00")
        #expect(statement.string("adjusted") == money(-75 + 310))
        #expect(statement.string("balance") == money(200 - 75 + 310))
    }

    @Test("Payments: recorded and voided, the period's totals, and the balance from the start of the log to --until")
    func paymentsAndBalance() throws {
        let sandbox = Sandbox().pricedClub([("fill-fee", "5.00")])
        for day in ["2026-01-10", "2026-02-10", "2026-03-10"] { sandbox.ok("fill", "A", "--o2", "32", "--diver", "Ann", "--at", day + "T10:00:00Z") }
        let audit = Int(sandbox.query("SELECT count(*) FROM audit"))!
        let first = sandbox.gaslog("payment", "add", "Ann", "--amount", "4", "--at", "2026-01-20", "--reference", "R-1", "--json")
        #expect(first.status == 0, "\(first)")
        let payment = try #require(json(first) as? [String: Any])
        #expect(Set(payment.keys) == ["id", "member", "amount", "at", "reference", "void"], "\(payment)")
        #expect(payment.int("id") == 1)
        #expect(payment.string("member") == "Ann")
        #expect(payment.string("amount") == "4.00")
        #expect(payment.string("at") == "2026-01-20T00:00:00Z")
        #expect(payment.string("reference") == "R-1")
        #expect(payment["void"] as? Bool == false && booleans("void", in: first.stdout))
        #expect(Int(sandbox.query("SELECT count(*) FROM audit"))! == audit + 1)

        let second = try #require(
            json(sandbox.gaslog("payment", "add", "Ann", "--amount", "3.50", "--at", "2026-02-20T09:00:00Z", "--json")) as? [String: Any])
        #expect(second["reference"] is NSNull)
        sandbox.ok("payment", "add", "Ann", "--amount", "10", "--at", "2026-03-20", "--reference", "R-3")
        sandbox.ok("payment", "void", "2", "--reason", "bounced")
        #expect(Int(sandbox.query("SELECT count(*) FROM audit"))! == audit + 4)

        let all = try #require(try sandbox.bill().member("Ann"))
        #expect(all.string("charged") == "15.00")
        #expect(all.string("paid") == "14.00")
        #expect(all.string("balance") == "1.00")
        let payments = try #require(all["payments"] as? [[String: Any]])
        #expect(payments.map { $0.int("id") } == [1, 2, 3])
        #expect(payments.map { $0["void"] as? Bool } == [false, true, false])

        // February: its fill and its (void) payment; the balance counts January too.
        let february = try #require(try sandbox.bill("--since", "2026-02-01", "--until", "2026-02-28").member("Ann"))
        #expect(february.fills().map { $0.int("fill_id") } == [2])
        #expect((february["payments"] as? [[String: Any]])?.map { $0.int("id") } == [2])
        #expect(february.string("charged") == "5.00")
        #expect(february.string("paid") == "0.00")
        #expect(february.string("balance") == money(1000 - 400))
        // Up to January: 5.00 charged, 4.00 paid.
        #expect(try sandbox.bill("--until", "2026-01-31").member("Ann")?.string("balance") == "1.00")

        // Voiding a payment twice is refused, 65, and writes nothing.
        let counts = sandbox.rowCounts(), dump = sandbox.dump()
        let twice = sandbox.gaslog("payment", "void", "2", "--reason", "again")
        #expect(twice.status == 65, "\(twice)")
        #expect(sandbox.rowCounts() == counts && sandbox.dump() == dump)
    }

    @Test("Members are matched regardless of case and of how an accent was typed, and shown as first spelled; no member is null")
    func members() throws {
        let sandbox = Sandbox().pricedClub([("fill-fee", "1.00")])
        sandbox.ok("fill", "A", "--o2", "32", "--diver", "Zo\u{EB}", "--at", "2026-01-01T10:00:00Z")
        sandbox.ok("fill", "A", "--o2", "32", "--diver", "zoe\u{308}", "--at", "2026-01-02T10:00:00Z")
        sandbox.ok("fill", "A", "--o2", "32", "--diver", "Bo", "--bill-to", "ZO\u{CB}", "--at", "2026-01-03T10:00:00Z")
        sandbox.ok("payment", "add", "ZOE\u{308}", "--amount", "1", "--at", "2026-01-04")
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2026-01-05T10:00:00Z")
        let bill = try sandbox.bill()
        let members = try #require(bill["members"] as? [[String: Any]])
        #expect(members.count == 2, "\(members)")
        let zoe = try #require(members.first { $0["member"] is String })
        #expect(Array((zoe["member"] as? String ?? "").unicodeScalars) == Array("Zo\u{EB}".unicodeScalars))
        #expect(zoe.fills().map { $0.int("fill_id") } == [1, 2, 3])
        #expect((zoe["payments"] as? [[String: Any]])?.count == 1)
        #expect(zoe.string("balance") == "2.00")
        let nobody = try #require(bill.member(nil))
        #expect(nobody.fills().map { $0.int("fill_id") } == [4])
        #expect(sandbox.gaslog("bill").stdout.contains("no member"))

        let only = try #require(try sandbox.bill("--member", "ZOE\u{308}")["members"] as? [[String: Any]])
        #expect(only.count == 1 && only.first?.fills().count == 3, "\(only)")
    }

    @Test("Unpriced fills, each reason: still recorded, fee still charged, a warning, and listed apart")
    func unpriced() throws {
        let sandbox = Sandbox().pricedClub([("oxygen", "0.01"), ("fill-fee", "1.50")])
        sandbox.ok("cylinder", "add", "U", "--volume", "12")
        let cases: [[String]] = [
            ["U", "--o2", "32", "--pressure", "200"],  // --from not given
            ["U", "--o2", "32", "--from", "0"],  // --pressure not given
            ["NoVolume", "--o2", "32", "--pressure", "200", "--from", "0"],  // no volume in the register
            ["U", "--o2", "21", "--pressure", "200", "--from", "100", "--from-gas", "25"],  // bled first: cannot be made by adding gas
        ]
        var messages: [String] = []
        for (index, arguments) in cases.enumerated() {
            let result = sandbox.run(["fill"] + arguments + ["--diver", "Ann", "--at", "2026-03-0\(index + 1)T10:00:00Z", "--json"])
            #expect(result.status == 0, "\(arguments): \(result)")
            let record = try #require(json(result) as? [String: Any])
            let warnings = (record["warnings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "unpriced" }
            #expect(warnings.count == 1, "\(arguments): \(record)")
            messages.append(warnings.first?["message"] as? String ?? "")
        }
        // The bleed case: JSON names no option; the human line names --from.
        #expect(!messages[3].contains("--") && !messages[3].isEmpty, "\(messages[3])")
        let human = sandbox.gaslog(
            "fill", "U", "--o2", "21", "--pressure", "200", "--from", "100", "--from-gas", "25", "--at", "2026-03-05T10:00:00Z")
        #expect(human.status == 0)
        #expect(human.stderrLines.contains { $0.hasPrefix("warning: ") && $0.contains("--from") && $0.contains("price") }, "\(human)")
        // A priced fill, for contrast.
        let priced = sandbox.run([
            "fill", "U", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-06T10:00:00Z", "--json",
        ])
        #expect((json(priced) as? [String: Any])?["warnings"].map { "\($0)" }?.contains("unpriced") == false, "\(priced)")

        #expect(sandbox.query("SELECT count(*) FROM fills") == "6")
        let bill = try sandbox.bill()
        let apart = try #require(bill["unpriced"] as? [[String: Any]])
        #expect(apart.allSatisfy { Set($0.keys) == ["fill_id", "reason"] })
        #expect(apart.map { $0.int("fill_id") } == [1, 2, 3, 4, 5])
        let reasons = apart.prefix(4).compactMap { $0.string("reason") }
        #expect(Set(reasons).count == 4 && reasons.allSatisfy { !$0.isEmpty }, "\(reasons)")
        // Fills 1 to 4 are Ann's; 5 (the human run) has no member.
        let fills = try #require(bill.member("Ann")).fills().filter { ($0.int("fill_id") ?? 0) <= 4 }
        #expect(fills.count == 4)
        #expect(try #require(bill.member(nil)).fills().map { $0.int("fill_id") } == [5])
        #expect(fills.allSatisfy { $0.string("fee") == "1.50" && $0.string("amount") == "1.50" }, "\(fills)")
    }

    @Test(
        "A logbook with no gas prices never warns that a fill is unpriced",
        arguments: [[], [("fill-fee", "2.00")]])
    func noGasPricesNoWarning(prices: [(String, String)]) throws {
        let sandbox = Sandbox().pricedClub(prices)
        sandbox.ok("cylinder", "add", "U", "--volume", "12")
        for arguments in [
            ["U", "--o2", "32", "--pressure", "200"], ["U", "--o2", "32", "--from", "0"],
            ["NoVolume", "--o2", "32", "--pressure", "200", "--from", "0"],
            ["U", "--o2", "21", "--pressure", "200", "--from", "100", "--from-gas", "25"],
        ] {
            let result = sandbox.run(["fill"] + arguments + ["--diver", "Ann", "--at", "2026-03-01T10:00:00Z", "--json"])
            #expect(result.status == 0, "\(result)")
            let warnings = (json(result) as? [String: Any])?["warnings"] as? [[String: Any]] ?? []
            #expect(!warnings.contains { $0["code"] as? String == "unpriced" }, "\(prices) \(arguments): \(warnings)")
            let human = sandbox.run(["fill"] + arguments + ["--diver", "Ann", "--at", "2026-03-02T10:00:00Z"])
            #expect(!human.stderr.contains("price"), "\(prices) \(arguments): \(human.stderr)")
        }
    }

    @Test("The JSON shapes of bill, exactly as the issue gives them")
    func billShape() throws {
        let sandbox = Sandbox().pricedClub([("oxygen", "0.01"), ("fill-fee", "1.00")])
        sandbox.ok("cylinder", "add", "S", "--volume", "12")
        sandbox.ok("fill", "S", "--o2", "32", "--pressure", "200", "--from", "0", "--diver", "Ann", "--at", "2026-03-01T10:00:00Z")
        sandbox.ok("fill", "S", "--o2", "32", "--at", "2026-03-02T10:00:00Z")
        sandbox.ok("charge", "adjust", "1", "--amount", "1.25", "--reason", "valve")
        sandbox.ok("payment", "add", "Ann", "--amount", "2", "--at", "2026-03-03", "--reference", "R")
        let result = sandbox.gaslog("bill", "--json")
        let bill = try #require(json(result) as? [String: Any])
        #expect(Set(bill.keys) == ["currency", "since", "until", "members", "unpriced"])
        #expect(bill.string("currency") == "EUR")
        let members = try #require(bill["members"] as? [[String: Any]])
        #expect(members.count == 2)
        for member in members {
            #expect(Set(member.keys) == ["member", "fills", "adjustments", "payments", "charged", "adjusted", "paid", "balance"], "\(member)")
            #expect(["charged", "adjusted", "paid", "balance"].allSatisfy { isAmount(member[$0]) }, "\(member)")
            for fill in member.fills() {
                #expect(
                    Set(fill.keys) == [
                        "fill_id", "filled_at", "cylinder", "label", "oxygen_l", "helium_l", "top_off_l", "top_off", "fee", "amount", "void",
                    ], "\(fill)")
                #expect(isAmount(fill["fee"]) && isAmount(fill["amount"]), "\(fill)")
            }
        }
        let ann = try #require(bill.member("Ann"))
        let fill = try #require(ann.fills().first)
        #expect(fill["oxygen_l"] is Int && fill["helium_l"] is Int && fill["top_off_l"] is Int, "\(fill)")
        #expect(fill.string("filled_at") == "2026-03-01T10:00:00Z" && fill.string("cylinder") == "S" && fill.string("label") == "EAN 32")
        let adjustments = try #require(ann["adjustments"] as? [[String: Any]])
        #expect(adjustments.allSatisfy { Set($0.keys) == ["id", "fill_id", "at", "amount", "reason"] }, "\(adjustments)")
        let payments = try #require(ann["payments"] as? [[String: Any]])
        #expect(payments.count == 1)
        #expect(payments.allSatisfy { Set($0.keys) == ["id", "at", "amount", "reference", "void"] }, "\(payments)")
        #expect(booleans("void", in: result.stdout), "\(result.stdout)")
        let unpriced = try #require(bill["unpriced"] as? [[String: Any]])
        #expect(unpriced.map { Set($0.keys) } == [["fill_id", "reason"]])

        sandbox.ok("config", "set", "currency", "USD")
        #expect(try sandbox.bill().string("currency") == "USD")
    }

    @Test("bill --format csv: one row per fill, member first then the fill's keys, formula-safe as the export is")
    func billCSV() throws {
        let sandbox = Sandbox().pricedClub([("fill-fee", "1.00")])
        let names = ["=HYPERLINK(\"http://x\")", "@SUM(A1)", "+1", "-2+3"]
        for (index, name) in names.enumerated() {
            let result = sandbox.run(["fill", "--o2", "32", "--diver", name, "--at", "2026-03-0\(index + 1)T10:00:00Z", "--", name])
            #expect(result.status == 0, "\(result)")
        }
        sandbox.ok("void", "4", "--reason", "x")
        let result = sandbox.gaslog("bill", "--format", "csv")
        #expect(result.status == 0, "\(result)")
        let records = parseCSV(result.stdout)
        #expect(
            records.first == [
                "member", "fill_id", "filled_at", "cylinder", "label", "oxygen_l", "helium_l", "top_off_l", "top_off", "fee", "amount", "void",
            ])
        #expect(records.count == names.count + 1)
        for record in records.dropFirst() {
            #expect(record.count == 12)
            for cell in record {
                #expect(!["=", "+", "-", "@", "\t", "\r"].contains(cell.first.map(String.init)), "formula cell \(cell)")
            }
        }
        let rows = records.dropFirst().sorted { $0[1] < $1[1] }
        #expect(rows.map { $0[0] } == names.map { "'" + $0 })
        #expect(rows.map { $0[3] } == names.map { "'" + $0 })
        #expect(rows.map { $0[1] } == ["1", "2", "3", "4"])
        #expect(rows.map { $0[11] } == ["false", "false", "false", "true"])
        #expect(rows.map { $0[9] } == ["1.00", "1.00", "1.00", "1.00"])

        let counts = sandbox.rowCounts()
        let both = sandbox.gaslog("bill", "--json", "--format", "csv")
        #expect(both.status == 64 && both.stdout.isEmpty, "\(both)")
        #expect(sandbox.rowCounts() == counts)
    }
}
