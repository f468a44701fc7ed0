import GaslogCore

/// A use case's warnings on a page: each in words, in one box that screen
/// readers announce, with a link to the cylinder's page where a missing fact
/// can be recorded or the cylinder renamed.
enum WarningsView {
    /// The box, or nothing when there are no warnings; `words` puts each in
    /// words, and `links` says whether each links the cylinder's page (not
    /// on that page itself).
    static func html(
        _ warnings: [Warning], heading: String = "Check before the cylinder leaves:", words: (Warning) -> String = { $0.message },
        links: Bool = true
    ) -> HTML {
        guard !warnings.isEmpty else { return .empty }
        let items = warnings.map { warning -> HTML in
            let link = (links ? cylinder(of: warning) : nil).map { name -> HTML in
                " <a href=\"\(HTML.cylinderPath(name))\">\(linkText(warning, name))</a>"
            }
            return "<li data-warning=\"\(warning.code)\">\(words(warning))\(link ?? .empty)</li>"
        }
        return "<div class=\"warnings\" role=\"alert\"><p><strong>\(heading)</strong></p><ul>\(items.joined())</ul></div>"
    }

    /// The cylinder a warning is about, when its page is where to act on it.
    private static func cylinder(of warning: Warning) -> String? {
        switch warning {
        case .unknownFacts(let cylinder, _), .similarName(let cylinder, _), .retired(let cylinder), .tagDeeper(let cylinder, _):
            cylinder
        case .unpriced(_, let cylinder, let reason): reason == .noVolume ? cylinder : nil
        case .overridden(let refusal, _): refusal.cylinder
        case .renamed(let earlierName): earlierName.cylinder
        case .otherUnit, .density, .partialPressure, .hypoxic, .compressorUnknownFacts: nil
        }
    }

    /// What the link offers.
    private static func linkText(_ warning: Warning, _ cylinder: String) -> String {
        switch warning {
        case .unknownFacts, .unpriced: "Record the facts of \(cylinder)"
        case .similarName: "Rename \(cylinder)"
        case .overridden, .retired, .tagDeeper, .renamed, .otherUnit, .density, .partialPressure, .hypoxic, .compressorUnknownFacts:
            "Cylinder \(cylinder)"
        }
    }
}
