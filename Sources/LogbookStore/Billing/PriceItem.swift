/// What a fill station charges for: each gas by the litre, and the fee per fill.
public enum PriceItem: String, Sendable, CaseIterable {
    case oxygen, helium, air, nitrox
    case fillFee = "fill-fee"

    /// The gases, whose prices are per litre at 1 bar.
    public static let gases: [PriceItem] = [.oxygen, .helium, .air, .nitrox]

    /// The item a top-off gas is priced as: air at 21 % O2, else a nitrox
    /// from a membrane or a bank.
    public static func topOff(oxygenPermille: Int) -> PriceItem {
        oxygenPermille == 210 ? .air : .nitrox
    }
}
