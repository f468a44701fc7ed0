import NitroxCalculator
import Testing

/// Oracles in plain integers, independent of `Rational`: depth in tenths of a
/// unit (D), O2 in tenths of a percent (T), ppO2 in hundredths of a bar (P),
/// and the depth per bar in tenths (100 for metres, 330 for feet).
private func ceilDiv(_ n: Int, _ d: Int) -> Int { n >= 0 ? (n + d - 1) / d : -((-n) / d) }

@Suite("Dive-planning formulas against exact integer oracles")
struct DivePlanningTests {
    static let units: [(UnitSystem, Int, Int)] = [(.metric, 100, 600), (.imperial, 330, 2000)]

    func depth(_ tenths: Int, _ unit: UnitSystem) -> Depth { Depth(Rational(tenths, 10), unit) }

    @Test("best mix: ⌊100·P·perBar / (D + perBar)⌋ %, capped at 100, refused below 21")
    func bestMix() {
        for (unit, perBar, maxDepth) in Self.units {
            for d in 0...maxDepth {
                for p in 100...160 {
                    let expected = min((100 * p * perBar / 100) / (d + perBar), 100)
                    let mix = DivePlanning.bestMix(for: depth(d, unit), limit: OxygenPartialPressure(centibar: p)!)
                    if expected < 21 {
                        #expect(mix == nil, "\(unit) \(d) \(p)")
                    } else if mix?.oxygenPermille != expected * 10 {
                        Issue.record("best mix \(unit) depth \(d)/10 ppO2 \(p): \(String(describing: mix?.oxygenPermille)) ≠ \(expected * 10)")
                    }
                }
            }
        }
        // The best mix's exact MOD always reaches the depth.
        let mix = DivePlanning.bestMix(for: Depth(Rational(30), .metric), limit: .standard)!
        #expect(mix.label == "EAN 35")
        #expect(MaximumOperatingDepth.exactDepth(mix: mix, partialPressure: .standard, in: .metric) >= Rational(30))
    }

    @Test("EAD rounded up, never below 0, refused above ppO2 1.6; ppO2 in hundredths rounded up; warned above 1.4")
    func equivalentAirDepthAndPartialPressure() {
        for (unit, perBar, maxDepth) in Self.units {
            for d in stride(from: 0, through: maxDepth, by: 3) {
                for t in 210...1000 {
                    let mix = GasMix(oxygenPermille: t)!
                    let at = depth(d, unit)
                    // EAD in whole units = ((D + perBar)/10 · (1000 − T)/1000 / 0.79 − perBar/10)
                    //                   = ((D + perBar)(1000 − T)·10 − perBar·7900) / 79000, rounded up.
                    // Only where the mix is breathable (ppO₂ ≤ 1.6) is there an EAD.
                    let breathable = t * (d + perBar) <= 1600 * perBar
                    let expectedEAD = breathable ? max(ceilDiv((d + perBar) * (1000 - t) * 10 - perBar * 7900, 79_000), 0) : nil
                    let ead = try? DivePlanning.equivalentAirDepth(of: mix, at: at)
                    if ead != expectedEAD {
                        Issue.record("EAD \(unit) depth \(d)/10 O2 \(t)‰: \(String(describing: ead)) ≠ \(String(describing: expectedEAD))")
                    }
                    let expectedExposure: DivePlanning.OxygenExposure =
                        !breathable
                        ? .notBreathable
                        : t * (d + perBar) > 1400 * perBar ? .aboveWorkingLimit : .withinWorkingLimit
                    if DivePlanning.exposure(of: mix, at: at) != expectedExposure {
                        Issue.record("exposure \(unit) depth \(d)/10 O2 \(t)‰")
                    }
                    let hundredths = ceilDiv(t * (d + perBar), 10 * perBar)
                    let expectedText = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
                    if DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: mix, at: at)) != expectedText {
                        Issue.record("ppO2 \(unit) depth \(d)/10 O2 \(t)‰")
                    }
                    if DivePlanning.isBreathable(mix, at: at) != breathable {
                        Issue.record("breathable \(unit) depth \(d)/10 O2 \(t)‰")
                    }
                }
            }
        }
    }

    @Test("Worked examples")
    func examples() throws {
        let ean32 = try GasMix(parsing: "32")
        #expect(try DivePlanning.equivalentAirDepth(of: ean32, at: Depth(Rational(30), .metric)) == 25)
        #expect(try DivePlanning.equivalentAirDepth(of: .air, at: Depth(Rational(30), .metric)) == 30)
        // 133 × 0.68 / 0.79 − 33 = 81.48 ft.
        #expect(try DivePlanning.equivalentAirDepth(of: ean32, at: Depth(Rational(100), .imperial)) == 82)
        #expect(try DivePlanning.equivalentAirDepth(of: .oxygen, at: Depth(Rational(3), .metric)) == 0)
        // EAN32 at 41 m breathes 1.632 bar: refused, and 40 m is its deepest breathable whole depth.
        #expect {
            try DivePlanning.equivalentAirDepth(of: ean32, at: Depth(Rational(41), .metric))
        } throws: { error in
            let refusal = error as? DivePlanning.NotBreathable
            return refusal?.mix == ean32 && refusal?.depth == Depth(Rational(41), .metric) && refusal?.deepestBreathable == 40
        }
        #expect(DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: ean32, at: Depth(Rational(40), .metric))) == "1.60")
        #expect(
            DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: try GasMix(parsing: "36"), at: Depth(Rational(33), .metric))) == "1.55")
        #expect(DivePlanning.bestMix(for: Depth(Rational(0), .metric), limit: .standard) == .oxygen)
        #expect(DivePlanning.bestMix(for: Depth(Rational(57), .metric), limit: .standard) == nil)
        #expect(DivePlanning.bestMix(for: Depth(Rational(56), .metric), limit: .standard) == .air)
    }
}

@Suite("Blend plans, checked by recomputing the mix from the plan's own numbers")
struct BlendPlanTests {
    /// The mix a plan gives, recomputed from its gauge readings alone.
    func recomputed(_ plan: BlendPlan) -> Rational {
        let kept = plan.bleedTo ?? plan.from
        return
            (kept * plan.fromMix.oxygenFraction + (plan.oxygenTo - kept) * Rational(1)
            + (plan.to - plan.oxygenTo) * plan.topOffGas.oxygenFraction) / plan.to
    }

    @Test("From empty, top-ups and bleed-downs: never richer than the target, close to it at 159 bar and more")
    func grid() throws {
        var plans = 0
        for (unit, pressures, close) in [
            (UnitSystem.metric, stride(from: 0, through: 300, by: 10), 159),
            (.imperial, stride(from: 0, through: 4500, by: 150), 2200),
        ] {
            let targets = unit == .metric ? [100, 150, 159, 180, 200, 232, 300] : [1500, 2200, 3000, 3442, 4500]
            for targetPressure in targets {
                for start in pressures {
                    for f0 in stride(from: 210, through: 1000, by: 35) {
                        for ft in stride(from: 210, through: 1000, by: 27) {
                            let toPressure = unit == .metric ? Pressure(bar: Rational(targetPressure)) : Pressure(psi: Rational(targetPressure))
                            let fromPressure = unit == .metric ? Pressure(bar: Rational(start)) : Pressure(psi: Rational(start))
                            let target = GasMix(oxygenPermille: ft)!
                            let plan = try BlendPlan(
                                from: fromPressure, fromMix: GasMix(oxygenPermille: f0)!, target: target,
                                to: toPressure, unit: unit)
                            plans += 1
                            let final = recomputed(plan)
                            #expect(final == plan.finalFraction)
                            #expect(final <= target.oxygenFraction, "richer than target: \(plan)")
                            #expect(plan.oxygenToAdd >= Rational(0))
                            #expect(plan.oxygenTo <= plan.to)
                            if let bleedTo = plan.bleedTo { #expect(bleedTo < plan.from && bleedTo >= Rational(0)) }
                            #expect(plan.oxygenTo / BlendPlan.step(in: unit) == Rational((plan.oxygenTo / BlendPlan.step(in: unit)).floor))
                            if targetPressure >= close {
                                #expect(target.oxygenFraction - final <= Rational(5, 1000), "not within 0.5 points: \(plan)")
                            }
                        }
                    }
                }
            }
        }
        #expect(plans > 10_000)
    }

    @Test("Worked plans")
    func worked() throws {
        // Empty to 200 bar of EAN 32: O2 = 200·(0.32 − 0.21)/0.79 = 27.85 bar, so 27,
        // which gives (27 + 173 × 0.21) / 200 = 31.665 %.
        let empty = try BlendPlan(
            from: Pressure(bar: Rational(0)), fromMix: .air, target: GasMix(oxygenPermille: 320)!,
            to: Pressure(bar: Rational(200)), unit: .metric)
        #expect(empty.bleedTo == nil && empty.oxygenTo == Rational(27))
        #expect(empty.finalPercentText == "31.66")
        // 150 bar of EAN 36 down to EAN 28 at 200 bar: bleed to 200·0.07/0.15 = 93.3, so 93.
        let bleed = try BlendPlan(
            from: Pressure(bar: Rational(150)), fromMix: GasMix(oxygenPermille: 360)!,
            target: GasMix(oxygenPermille: 280)!, to: Pressure(bar: Rational(200)), unit: .metric)
        #expect(bleed.bleedTo == Rational(93))
        // Too much gas: 180 bar of air cannot become EAN 40 at 200 bar without bleeding.
        let full = try BlendPlan(
            from: Pressure(bar: Rational(180)), fromMix: .air, target: GasMix(oxygenPermille: 400)!,
            to: Pressure(bar: Rational(200)), unit: .metric)
        #expect(full.bleedTo == Rational(151))
        #expect(throws: BlendPlan.Failure.targetBelowTopOff) {
            try BlendPlan(
                from: Pressure(bar: Rational(0)), fromMix: .air, target: GasMix(oxygenPermille: 300)!,
                to: Pressure(bar: Rational(200)), topOff: GasMix(oxygenPermille: 320)!, unit: .metric)
        }
    }
}
