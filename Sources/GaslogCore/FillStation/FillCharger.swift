import LogbookStore
import NitroxCalculator

/// Computes a fill's charge: its gas from the water volume and pressures,
/// each item at the price in force at the fill's time.
public struct FillCharger: FillPricing {
    let prices: PriceList
    let model: FillGasUse.Model

    /// A charger at the prices and by the gas model of `transaction`.
    public init(in transaction: ReadTransaction) throws {
        self.init(prices: try transaction.priceList(), model: try transaction.settings().gasModel)
    }

    init(prices: PriceList, model: FillGasUse.Model) {
        self.prices = prices
        self.model = model
    }

    /// The charge of fill `fillID`: the blender's `mix` (what the blender
    /// made is what is billed) at `pressure`, from `start`, into a cylinder
    /// of `volume`.
    public func charge(
        fillID: Int, filledAt: Timestamp, mix: GasMix, pressure: Pressure?, start: FillStart?, volume: CylinderVolume?, at now: Timestamp
    ) -> Charge {
        let fee = line(nil, .fillFee, filledAt)
        let use: FillGasUse
        switch FillCharger.gasUse(mix: mix, pressure: pressure, start: start, volume: volume, model: model) {
        case .failure(let reason):
            return Charge(
                fillID: fillID, chargedAt: now, model: model, unpriced: reason, fee: fee, oxygen: nil, helium: nil, topOff: nil,
                topOffItem: nil)
        case .success(let computed):
            use = computed
        }
        let topOffItem = PriceItem.topOff(oxygenPermille: start?.topOffOxygenPermille ?? 210)
        return Charge(
            fillID: fillID, chargedAt: now, model: model, unpriced: nil, fee: fee,
            oxygen: line(use.oxygen, .oxygen, filledAt), helium: line(use.helium, .helium, filledAt),
            topOff: line(use.topOff, topOffItem, filledAt), topOffItem: topOffItem)
    }

    /// The gas used, or why it cannot be computed.
    static func gasUse(
        mix: GasMix, pressure: Pressure?, start: FillStart?, volume: CylinderVolume?, model: FillGasUse.Model
    ) -> Result<FillGasUse, UnpricedReason> {
        guard let start else { return .failure(.noStart) }
        guard let pressure else { return .failure(.noPressure) }
        guard let volume else { return .failure(.noVolume) }
        do {
            return .success(
                try FillGasUse(
                    volume: volume, start: start.mix, startPressure: start.pressure, mix: mix, pressure: pressure,
                    topOffOxygenPermille: start.topOffOxygenPermille, model: model))
        } catch {
            return .failure(.startCannotGiveMix)
        }
    }

    /// One item's line: `litres` (none for the fee) at the price in force.
    private func line(_ litres: Rational?, _ item: PriceItem, _ time: Timestamp) -> Charge.Line {
        let price = prices.price(of: item, at: time)
        let amount = price.map { price in price.amount(for: litres ?? Rational(1)) } ?? .zero
        return Charge.Line(millilitres: litres?.scaledRounded(by: 1000), price: price, amount: amount)
    }
}
