/// Subsurface's compressibility model for breathing gases: Z = pV/nRT of a mix of oxygen, helium and nitrogen.
///
/// This reimplements `gas_compressibility_factor` (with its helper `virial_m1`) from Subsurface's
/// `core/gas-model.cpp`. Each pure gas has a cubic virial fit,
///
///     Z(p) = 1 + c₁·p + c₂·p² + c₃·p³,
///
/// whose coefficients Subsurface took from Perry's Chemical Engineers' Handbook (7th edition), fitted by
/// Lubomir; helium's is interpolated between the 273 K and 323 K isotherms so that all three are at 300 K.
/// A mix's Z is the mole-fraction-weighted sum of the three fits' excess over 1 (Subsurface mixes in
/// permille, we mix the fractions themselves, which is the same sum).
///
/// Units, as in Subsurface: `p` is in bar (Subsurface divides its millibar `pressure_t` by 1000 before the
/// call) and the fit is only trusted on 0...500 bar, so the pressure is clamped to that range first.
/// The pressure is the cylinder's gauge reading: Subsurface passes cylinder pressures, which are gauge
/// readings, straight in (`cylinder_t::gas_volume`, the planner's gas use), and so do we. An "empty"
/// cylinder at 0 bar gauge therefore counts as holding no gas, as in blending tables.
///
/// Two deliberate differences from Subsurface: an oxygen fraction of 0 means no oxygen (Subsurface reads an
/// unset O2 permille as air), and fractions are not rounded to permille.
public enum GasCompressibility {
    /// The pressures, in bar, the virial fits were made over; Z is held constant beyond them.
    public static let fittedRange: ClosedRange<Double> = 0...500

    /// The compressibility factor Z of a mix at a gauge pressure in bar; nitrogen is 1 − oxygen − helium.
    public static func z(oxygen: Double, helium: Double, bar: Double) -> Double {
        let p = min(max(bar, fittedRange.lowerBound), fittedRange.upperBound)
        let nitrogen = 1 - oxygen - helium
        // Each fit's 1 is left out and added once at the end: the fractions' 1s sum to 1 whatever the mix.
        let excess =
            oxygen * VirialFit.oxygen.excess(at: p) + helium * VirialFit.helium.excess(at: p)
            + nitrogen * VirialFit.nitrogen.excess(at: p)
        return 1 + excess
    }

    /// The quantity of gas in a cylinder at a gauge pressure in bar: bar / Z, proportional to moles per litre.
    ///
    /// Subsurface's `gas_volume` is this times the cylinder's size (with bar converted to atm): the surface
    /// volume of the gas. Blending needs only ratios of quantities, so the size and the constant cancel.
    public static func amount(oxygen: Double, helium: Double, bar: Double) -> Double {
        bar / z(oxygen: oxygen, helium: helium, bar: bar)
    }

    /// The gauge pressure in bar at which a quantity of a mix (as `amount` measures it) sits in its cylinder.
    ///
    /// `amount` is strictly increasing in the pressure for every mix of the three gases: its derivative is
    /// (1 − c₂p² − 2c₃p³)/Z², whose numerator is above 0.67 on 0...500 bar for each pure gas, hence for any
    /// mix of them (it is linear in the fractions), and Z is constant beyond. So bisection on a bracket finds
    /// the one answer, to far better than 0.001 bar.
    ///
    /// Quantities of zero or less give that number back: below 0 bar Z is 1, as Subsurface's clamp has it.
    public static func pressure(oxygen: Double, helium: Double, amount: Double) -> Double {
        guard amount.isFinite, amount > 0 else { return amount }
        func quantity(_ bar: Double) -> Double { self.amount(oxygen: oxygen, helium: helium, bar: bar) }

        // Doubling the upper end from 1 bar brackets the answer in a handful of steps for real cylinders.
        var low = 0.0
        var high = max(1, amount)
        // The finite cap only matters for fractions outside 0...1, whose Z may not be positive.
        while quantity(high) < amount, high < .greatestFiniteMagnitude / 2 { (low, high) = (high, high * 2) }

        return crossing(from: low, to: high) { quantity($0) - amount }
    }

    /// Where an increasing `function` crosses zero between `low` (below zero) and `high` (not below), by bisection.
    ///
    /// Bisection rather than Newton because it cannot leave the bracket, whatever the shape of the fit; it
    /// stops when the bracket is a few ulps wide, about 55 halvings from a 500 bar bracket.
    static func crossing(from low: Double, to high: Double, of function: (Double) -> Double) -> Double {
        var (low, high) = (low, high)
        for _ in 0..<200 {
            let middle = low + (high - low) / 2
            guard middle > low, middle < high else { break }
            if function(middle) < 0 { low = middle } else { high = middle }
        }
        return low + (high - low) / 2
    }
}

/// One pure gas's cubic virial fit, without its leading 1.
private struct VirialFit {
    let linear: Double
    let quadratic: Double
    let cubic: Double

    // The coefficients as Subsurface's core/gas-model.cpp gives them (Perry's handbook, per bar).
    static let oxygen = VirialFit(linear: -7.18092073703e-04, quadratic: 2.81852572808e-06, cubic: -1.50290620492e-09)
    static let nitrogen = VirialFit(linear: -2.19260353292e-04, quadratic: 2.92844845532e-06, cubic: -2.07613482075e-09)
    static let helium = VirialFit(linear: 4.87320026468e-04, quadratic: -8.83632921053e-08, cubic: 5.33304543646e-11)

    /// Z − 1 at `bar`, in Horner form.
    func excess(at bar: Double) -> Double {
        bar * (linear + bar * (quadratic + bar * cubic))
    }
}
