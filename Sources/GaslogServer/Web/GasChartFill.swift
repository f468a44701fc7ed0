/// How the year report's chart fills the bars of one gas: a colour and a
/// pattern, so that two gases are told apart without telling colours apart
/// (and in black and white). The colours are Okabe and Ito's eight, chosen to
/// stay apart for the common colour blindnesses; each bar also has a dark
/// outline, which a light colour alone would lack on white. From the ninth
/// gas on a colour comes back, always with another pattern.
struct GasChartFill {
    /// The gas's place in the report's gases, in label order.
    let index: Int

    /// The colours, each with the ink its pattern is drawn in: white on the
    /// dark ones, near black on the light ones, so the pattern shows on both.
    static let colours: [(colour: String, ink: String)] = [
        ("rgb(0,114,178)", white), ("rgb(230,159,0)", black), ("rgb(0,158,115)", white), ("rgb(213,94,0)", white),
        ("rgb(86,180,233)", black), ("rgb(204,121,167)", black), ("rgb(240,228,66)", black), ("rgb(64,64,64)", white),
    ]

    /// The patterns on an 8-unit tile: none, rising lines, across, dots,
    /// falling lines, upright, crossed and a grid.
    static let patternCount = 8

    private static let white = "rgb(255,255,255)"
    private static let black = "rgb(26,26,26)"

    /// The bar colour.
    var colour: String { Self.colours[index % Self.colours.count].colour }

    /// Which pattern: the next one round each time the colours start again.
    var pattern: Int { (index + index / Self.colours.count) % Self.patternCount }

    /// The id of the `<pattern>` that bars and legend swatches point at.
    var id: String { "gas-fill-\(index)" }

    /// The value of a `fill` attribute that paints with it.
    var reference: String { "url(#\(id))" }

    /// The `<pattern>` element, for the chart's `<defs>`.
    var definition: HTML {
        let ink = Self.colours[index % Self.colours.count].ink
        let lines: [Int: String] = [
            1: "M0,8 L8,0 M-2,2 L2,-2 M6,10 L10,6", 2: "M0,4 H8", 4: "M0,0 L8,8 M-2,6 L2,10 M6,-2 L10,2", 5: "M4,0 V8",
            6: "M0,0 L8,8 M8,0 L0,8", 7: "M0,4 H8 M4,0 V8",
        ]
        let marks: HTML
        if let path = lines[pattern] {
            marks = #"<path d="\#(path)" stroke="\#(ink)" stroke-width="1.5"/>"#
        } else if pattern == 3 {
            marks = #"<circle cx="4" cy="4" r="1.6" fill="\#(ink)"/>"#
        } else {
            marks = .empty
        }
        return
            #"<pattern id="\#(id)" width="8" height="8" patternUnits="userSpaceOnUse"><rect width="8" height="8" fill="\#(colour)"/>\#(marks)</pattern>"#
    }
}
