import NitroxCalculator

/// What a fill was charged when it was recorded: the fee, and a line for
/// each gas it used, each at the price in force at the fill's time. It is
/// stored with the fill and never changed; a later price changes nothing.
public struct Charge: Sendable, Equatable {
    /// One item charged: the litres (none for the fee), the unit price in
    /// force (`nil`: no price was set, so it cost 0.00) and the amount.
    public struct Line: Sendable, Equatable {
        /// Litres at 1 bar, in millilitres; `nil` for the fee.
        public let millilitres: Int?
        /// The price in force; `nil` when none was set.
        public let price: UnitPrice?
        /// Litres times the price, to the cent.
        public let amount: Money

        /// A line of `millilitres` at `price`, costing `amount`.
        public init(millilitres: Int?, price: UnitPrice?, amount: Money) {
            self.millilitres = millilitres
            self.price = price
            self.amount = amount
        }

        /// The litres shown: whole litres, a half up.
        public var litres: Int? { millilitres.map { Rational($0, 1000).scaledRounded(by: 1) } }
    }

    /// The fill charged.
    public let fillID: Int
    /// When the charge was computed.
    public let chargedAt: Timestamp
    /// The gas model its litres come from.
    public let model: FillGasUse.Model
    /// Why the gas was not computed, if it was not; the fee is still charged.
    public let unpriced: UnpricedReason?
    /// The fee per fill.
    public let fee: Line
    /// Pure oxygen, helium and top-off: `nil` when the gas was not computed.
    public let oxygen: Line?
    /// Helium.
    public let helium: Line?
    /// The top-off gas.
    public let topOff: Line?
    /// What the top-off was priced as: air or nitrox.
    public let topOffItem: PriceItem?

    /// Everything charged: the fee and every line.
    public var amount: Money { [oxygen, helium, topOff].reduce(fee.amount) { $0 + ($1?.amount ?? .zero) } }

    /// A charge as computed or as stored.
    public init(
        fillID: Int, chargedAt: Timestamp, model: FillGasUse.Model, unpriced: UnpricedReason?, fee: Line, oxygen: Line?,
        helium: Line?, topOff: Line?, topOffItem: PriceItem?
    ) {
        self.fillID = fillID
        self.chargedAt = chargedAt
        self.model = model
        self.unpriced = unpriced
        self.fee = fee
        self.oxygen = oxygen
        self.helium = helium
        self.topOff = topOff
        self.topOffItem = topOffItem
    }

    /// The items used, each with its line: the fee first, then each gas
    /// with litres, for the statement's "no price set".
    public var itemsUsed: [(item: PriceItem, line: Line)] {
        var items: [(PriceItem, Line)] = [(.fillFee, fee)]
        for (item, line) in [(PriceItem.oxygen, oxygen), (.helium, helium), (topOffItem ?? .air, topOff)] {
            if let line, (line.millilitres ?? 0) > 0 { items.append((item, line)) }
        }
        return items
    }
}
