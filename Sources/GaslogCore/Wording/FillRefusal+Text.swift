extension FillRefusal: CustomStringConvertible {
    /// Each rule in words, followed by what `remedy` says to do about it
    /// (a front end's hint; nothing by default), joined by "; ".
    public func rulesText(remedy: (FillRule) -> String = { _ in "" }) -> String {
        rules.map { $0.description(cylinder: cylinder, unit: unit) + remedy($0) }.joined(separator: "; ")
    }

    /// The refusal of a fill, or of a blend plan, with each rule and what
    /// `remedy` says about it.
    public func text(remedy: (FillRule) -> String = { _ in "" }) -> String {
        (isBlendPlan ? "blend refused: " : "fill refused: ") + rulesText(remedy: remedy)
    }

    /// The refusal in plain words, naming no front end's controls.
    public var description: String { text() }
}
