import LogbookStore

/// A charge in words, the same on the command line, the tag page and the
/// statement: "9.12 EUR: fee 5.00; O2 334 L 4.01; air 1466 L, no price set".
public enum ChargeText {
    /// Each item used with its litres and amount, or "no price set".
    public static func items(_ charge: Charge) -> String {
        charge.itemsUsed.map { item, line in
            let litres = line.litres.map { " \($0) L" } ?? ""
            let name = item == .fillFee ? "fee" : item == .oxygen ? "O2" : item.rawValue
            return name + litres + " " + (line.price == nil ? "no price set" : line.amount.text)
        }.joined(separator: "; ")
    }

    /// The amount, its currency and its items.
    public static func summary(_ charge: Charge, currency: String) -> String {
        "\(charge.amount.text) \(currency): " + items(charge)
    }
}
