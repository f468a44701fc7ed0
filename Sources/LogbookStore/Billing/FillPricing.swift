import NitroxCalculator

/// What prices a fill: the core's charger, whose type an import that
/// charges its fills is given. The store inserts the charge it returns,
/// and decides nothing of it.
public protocol FillPricing {
    /// The pricing of the fills written in `transaction`: its prices and settings.
    init(in transaction: ReadTransaction) throws

    /// The charge of fill `fillID`: `mix` at `pressure`, from `start`, into
    /// a cylinder of `volume`, at the prices in force at `filledAt`, charged at `now`.
    func charge(
        fillID: Int, filledAt: Timestamp, mix: GasMix, pressure: Pressure?, start: FillStart?, volume: CylinderVolume?, at now: Timestamp
    ) -> Charge
}
