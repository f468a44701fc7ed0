import GaslogCore
import LogbookStore
import NitroxCalculator

/// A fill's charge as the tag page shows it, beside the tag and never on
/// the printed label: what the cylinder held before, one row per item used
/// with its litres, unit price and amount, the total, and who pays.
enum ChargeView {
    /// The section for `charge`, or nothing when the logbook prices
    /// nothing: a charge of no price at all tells a reader nothing.
    static func html(_ charge: Charge?, fill: FillRecord, unit: UnitSystem, currency: String) -> HTML {
        guard let charge, charge.itemsUsed.contains(where: { $0.line.price != nil }) || charge.amount != .zero else { return .empty }
        var facts: [HTML] = []
        if let start = fill.start {
            facts.append(
                "<p>Before the fill: \(start.pressure.displayText(in: unit)) of \(start.mix.label), topped off with \(start.topOff.label).</p>")
        }
        if let reason = charge.unpriced {
            facts.append(#"<p class="problem">The gas used was not priced: \#(reason.message). Only the fee is charged.</p>"#)
        }
        if fill.isVoid { facts.append(#"<p class="problem">The fill is void: its charge is cancelled and not billed.</p>"#) }
        let rows = charge.itemsUsed.map { item, line -> HTML in
            let litres = line.litres.map { "\($0) L" } ?? "—"
            let price = line.price.map { $0.text + (item == .fillFee ? " a fill" : " a litre") } ?? "no price set"
            return """
                <tr><th scope="row">\(name(of: item, fill: fill))</th><td data-label="Litres" class="number">\(litres)</td>\
                <td data-label="Price">\(price)</td><td data-label="Amount" class="number">\(line.amount.text)</td></tr>
                """
        }.joined(separator: "\n")
        let payer = fill.billTo.map { name -> HTML in "<p>Bill to: <strong>\(name)</strong></p>" } ?? "<p>Bill to: no member</p>"
        return """
            <section class="charge no-print" aria-labelledby="charge-heading"><h2 id="charge-heading">Charge</h2>
            \(facts.joined(separator: "\n"))
            <table class="charge-lines"><thead><tr><th scope="col">Item</th><th scope="col" class="number">Litres</th>\
            <th scope="col">Price (\(currency))</th><th scope="col" class="number">Amount</th></tr></thead><tbody>\(rows)</tbody>
            <tfoot><tr><th scope="row">Total</th><td></td><td></td><td class="number"><strong>\(charge.amount.text) \(currency)</strong></td></tr></tfoot></table>
            \(payer)</section>
            """
    }

    /// An item's name on a page: the top-off named by its gas.
    static func name(of item: PriceItem, fill: FillRecord) -> String {
        switch item {
        case .fillFee: "Fill fee"
        case .oxygen: "Oxygen"
        case .helium: "Helium"
        case .air, .nitrox: "Top-off, " + (fill.start?.topOff.label ?? item.rawValue)
        }
    }
}
