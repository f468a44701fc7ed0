import GaslogCore
import LogbookStore

/// Form bodies and the words of a form: a browser posts
/// `application/x-www-form-urlencoded`, and an error that names an input
/// names it by its field's label ("O₂ %").
enum WebForms {
    /// The fields of a posted form, by name; the first of a repeated name wins.
    static func fields(of body: [UInt8]) -> [String: String] {
        guard let text = String(validating: body, as: UTF8.self), let pairs = PercentEncoding.parameters(of: text) else { return [:] }
        var result: [String: String] = [:]
        for (name, value) in pairs where result[name] == nil { result[name] = value }
        return result
    }

    /// The labels of the fields the pages have, by the option that sets them.
    static let labels: [String: String] = [
        "o2": "O₂ %", "he": "Helium %", "ppo2": "ppO₂", "pressure": "Pressure", "blender": "Blender", "diver": "Diver", "cert": "Certificate",
        "diver-o2": "Diver's O₂ reading", "diver-he": "Diver's helium reading", "note": "Note", "override": "Override reason", "at": "Filled at",
        "since": "Since", "until": "Until", "cylinder": "Cylinder", "gas": "Gas", "limit": "At most", "depth": "Depth", "end": "END limit",
        "from": "From", "to": "To", "step": "Step", "target": "Target mix", "from-gas": "Gas in the cylinder", "top-off": "Top-off gas",
        "within": "Within days", "serial": "Serial", "owner": "Owner", "volume": "Volume", "working-pressure": "Working pressure",
        "hydro": "Last hydrostatic test", "visual": "Last visual inspection", "reason": "Reason", "format": "Format",
        "bill-to": "Bill to", "member": "Member", "amount": "Amount", "price": "Price", "effective": "From the date", "item": "Item",
        "reference": "Reference", "payment-id": "Payment", "fill-id": "Fill", "compressor": "Compressor",
    ]

    /// The logbook's error in a page's words: an input it names is the
    /// field's label, “O₂ %”, as `labels` (a page's own) name them.
    static func message(for error: LogbookError, labels: [String: String] = WebForms.labels) -> String {
        guard case .badInput(let words) = error.reason else { return error.message }
        return words.text { field in "“" + (labels[field] ?? field) + "”" }
    }
}
