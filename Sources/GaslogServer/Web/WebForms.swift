/// Form bodies and the words of a form: a browser posts
/// `application/x-www-form-urlencoded`, and the command layer's messages
/// name options (`--o2`) where a page names its fields ("O₂ %").
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
    ]

    /// The option a command-line message is about, such as `o2` for `--o2`.
    static func option(in message: String) -> String? {
        message.firstMatch(of: /--([a-z0-9-]+)/).map { String($0.output.1) }
    }

    /// A command's message in a page's words: `'--o2'` becomes `"O₂ %"`.
    static func withoutOptions(_ message: String) -> String {
        APIError.renamingOptions(in: message) { option in "“" + (labels[option] ?? option) + "”" }
    }
}
