import LogbookStore

extension UnpricedReason {
    /// The reason, naming the start pressure's input as data: each front
    /// end names it its own way (`--from` on the command line).
    public var words: FieldMessage {
        switch self {
        case .noStart: FieldMessage([.text("the pressure before the fill was not given")])
        case .noPressure: FieldMessage([.text("the fill's pressure was not given")])
        case .noVolume: FieldMessage([.text("the register has no water volume for the cylinder")])
        case .startCannotGiveMix:
            FieldMessage([
                .text("the start cannot give this mix by adding oxygen, helium and top-off: give the pressure after the bleed as "), .field("from"),
            ])
        }
    }

    /// The reason in plain words, naming no front end's controls: the input
    /// it names is the start pressure.
    public var message: String {
        words.text { _ in "the start pressure" }
    }
}
