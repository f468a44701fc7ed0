/// How much of a filter cartridge's life the runs since it was fitted used, computed exactly.
///
/// used = Σ hoursᵢ ÷ factorᵢ and remaining = filter hours − used. The factors
/// are interpolated fractions whose common denominator outgrows any fixed-width
/// integer, so the sum is kept exact as a fraction of two `Natural`s, and only
/// the shown values are rounded, each towards the safe side: used up,
/// remaining and its percentage down, so that a filter never looks fresher
/// than it is. Whether it is exhausted is decided on the exact value.
public struct FilterLife: Sendable, Equatable {
    /// One compressor run.
    public struct Run: Sendable, Equatable {
        /// The hours run, in hundredths of an hour, not negative.
        public let hundredthsOfHours: Int
        /// The factor for the run's temperature under the chart in force when it
        /// was recorded, positive; 1 with no chart or no temperature.
        public let factor: Rational

        /// A run of `hundredthsOfHours` at `factor`; a negative time or a factor
        /// not above zero traps.
        public init(hundredthsOfHours: Int, factor: Rational) {
            precondition(hundredthsOfHours >= 0, "a run's hours are not negative")
            precondition(factor.numerator > 0, "a filter factor is positive")
            self.hundredthsOfHours = hundredthsOfHours
            self.factor = factor
        }
    }

    /// Σ raw hours, exactly, in hundredths of an hour.
    public let hoursRunHundredths: Int
    /// ⌈100 × Σ hours ÷ factor⌉: used life in hundredths of an hour, rounded up.
    public let usedHundredthsRoundedUp: Int
    /// ⌊100 × (filter − used)⌋: remaining life in hundredths of an hour,
    /// rounded down, negative once the filter is past its life; nil without
    /// filter hours.
    public let remainingHundredthsRoundedDown: Int?
    /// ⌊100 × (filter − used) ÷ filter⌋: remaining life in whole percent,
    /// rounded down, negative past its life; nil without filter hours.
    public let remainingPercentRoundedDown: Int?
    /// Whether the exact remaining life is at or below zero; nil without filter hours.
    public let isExhausted: Bool?

    /// The life `runs` used of a cartridge rated for `filterTenthsOfHours`
    /// tenths of an hour (positive), or of unknown life when nil.
    ///
    /// Results too large for an `Int`, past any real logbook, saturate at
    /// `Int.max` (or `-Int.max`) rather than trap.
    public init(filterTenthsOfHours: Int?, runs: [Run]) {
        // Run i adds hᵢ/100 h ÷ (aᵢ/bᵢ) = hᵢ·bᵢ/(100·aᵢ) hours, that is hᵢ·bᵢ/aᵢ
        // hundredths. Runs with the same aᵢ share a denominator: add their
        // numerators first, so that the fraction below grows once per aᵢ.
        var hours = Natural.zero
        var numerators: [UInt64: Natural] = [:]
        for run in runs where run.hundredthsOfHours > 0 {
            let hundredths = Natural(run.hundredthsOfHours)
            hours = hours + hundredths
            numerators[UInt64(run.factor.numerator), default: .zero] =
                numerators[UInt64(run.factor.numerator), default: .zero] + hundredths * Natural(run.factor.denominator)
        }
        // used, in hundredths of an hour, is exactly used ÷ common. Adding n/d
        // to P/Q with g = gcd(Q, d) gives (P·(d/g) + n·(Q/g)) / (Q·(d/g)): the
        // denominator stays the least common multiple, not the product.
        var used = Natural.zero
        var common = Natural(1)
        for denominator in numerators.keys.sorted() {
            let shared = FilterLife.gcd(common.quotientAndRemainder(dividingBy: denominator).remainder, denominator)
            let scale = Natural(denominator / shared)
            used = used * scale + numerators[denominator, default: .zero] * common.quotientAndRemainder(dividingBy: shared).quotient
            common = common * scale
        }
        hoursRunHundredths = hours.saturatingInt
        let usedFloor = used.dividedSaturating(by: common)
        usedHundredthsRoundedUp = FilterLife.ceiling(usedFloor)

        guard let filterTenthsOfHours else {
            (remainingHundredthsRoundedDown, remainingPercentRoundedDown, isExhausted) = (nil, nil, nil)
            return
        }
        precondition(filterTenthsOfHours > 0, "a filter's life is positive")
        // With F the filter in tenths: the filter is 10·F·Q / Q hundredths,
        // remaining = (10·F·Q − P) / Q hundredths, and as a percentage of the
        // filter 100·(10·F·Q − P) / (10·F·Q) = 10·(10·F·Q − P) / (F·Q).
        let filterTimesCommon = Natural(filterTenthsOfHours) * common
        let filter = filterTimesCommon * Natural(10)
        if used <= filter {
            let left = filter - used
            remainingHundredthsRoundedDown = left.dividedSaturating(by: common).floor
            remainingPercentRoundedDown = (left * Natural(10)).dividedSaturating(by: filterTimesCommon).floor
            isExhausted = left.isZero
        } else {
            // Past its life: ⌊−x⌋ = −⌈x⌉.
            let over = used - filter
            remainingHundredthsRoundedDown = -FilterLife.ceiling(over.dividedSaturating(by: common))
            remainingPercentRoundedDown = -FilterLife.ceiling((over * Natural(10)).dividedSaturating(by: filterTimesCommon))
            isExhausted = true
        }
    }

    /// ⌈x⌉ from ⌊x⌋ and whether x is whole, saturated at `Int.max`.
    private static func ceiling(_ division: (floor: Int, isExact: Bool)) -> Int {
        division.isExact || division.floor == Int.max ? division.floor : division.floor + 1
    }

    /// The greatest common divisor, by Euclid's algorithm; `b` is not zero.
    private static func gcd(_ a: UInt64, _ b: UInt64) -> UInt64 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}
