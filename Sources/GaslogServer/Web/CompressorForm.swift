import GaslogCore

/// A form of the compressor room, on `/compressors`: a run and a cartridge
/// change for blenders, an air test for admins. Its fields are the use
/// case's inputs, by the same names, read and checked exactly as the CLI
/// and the API read them.
enum CompressorForm: String, CaseIterable {
    case run
    case filter
    case test

    /// One field: the input it sets, its label, hint and control.
    typealias Field = FormField

    /// A form sent back with a problem.
    typealias Failure = FormFailure<CompressorForm>

    /// Where it posts.
    var path: String { "/compressors/" + rawValue }

    /// The role it needs.
    var level: Principal.Level { self == .test ? .admin : .blender }

    /// The prefix of its controls' ids, so that its `at` is not another form's.
    var idPrefix: String { rawValue + "-" }

    /// Its heading.
    var title: String {
        switch self {
        case .run: "Record a run"
        case .filter: "Record a cartridge change"
        case .test: "Record an air test"
        }
    }

    /// Its button's words.
    var button: String {
        switch self {
        case .run: "Record the run"
        case .filter: "Record the change"
        case .test: "Record the test"
        }
    }

    /// What it is for, in a sentence.
    var intro: String {
        switch self {
        case .run: "Give the hours run, or the hour meter's reading after the run: not both."
        case .filter: "A new cartridge: the filter's life starts again."
        case .test: "A laboratory's or a test kit's result, judged by EN 12021:2014. Every value is needed."
        }
    }

    /// Its fields after the compressor, in the form's order.
    var fields: [Field] {
        let decimal: HTML = #" inputmode="decimal""#
        switch self {
        case .run:
            return [
                Field(name: "hours", label: "Hours run", hint: "0 to 24, at most two decimals", extra: decimal),
                Field(
                    name: "meter", label: "Hour meter after the run", hint: "Or this: the hours are the difference from the last reading",
                    extra: decimal),
                Field(
                    name: "temperature", label: "Temperature (°C)", hint: "Ambient, whole degrees, for the filter's factor",
                    extra: #" inputmode="numeric""#),
                Field(name: "at", label: "When", hint: "Now, unless you give a local date and time", type: "datetime-local"),
                Field(name: "operator", label: "Operator", hint: "Who ran the compressor"),
            ]
        case .filter:
            return [
                Field(name: "batch", label: "Batch", hint: "As printed on the new cartridge"),
                Field(name: "at", label: "When", hint: "Now, unless you give a local date and time", type: "datetime-local"),
            ]
        case .test:
            return [
                Field(name: "o2", label: "O₂ (%)", hint: "20.0 to 22.0 passes", extra: decimal + " required"),
                Field(name: "co2", label: "CO₂ (ml/m³)", hint: "At most 500 passes; whole", extra: #" inputmode="numeric" required"#),
                Field(name: "co", label: "CO (ml/m³)", hint: "At most 5 passes", extra: decimal + " required"),
                Field(name: "oil", label: "Oil (mg/m³)", hint: "At most 0.5 passes", extra: decimal + " required"),
                Field(
                    name: "water", label: "Water (mg/m³)", hint: "At most 50 (40–200 bar) or 35 (above 200 bar) passes", extra: decimal + " required"),
                Field(name: "pressure", label: "Delivery pressure (bar)", hint: "Whole bar, at least 40", extra: #" inputmode="numeric" required"#),
                Field(name: "at", label: "Sampled on", hint: "Today, unless you give the date", type: "date"),
                Field(name: "lab", label: "Laboratory", hint: "Or the test kit"),
                Field(name: "certificate", label: "Certificate"),
                Field(name: "note", label: "Note"),
            ]
        }
    }

    /// The words an error uses for this form's fields.
    var labels: [String: String] {
        WebForms.labels.merging(fields.map { ($0.name, $0.label) } + [("compressor", "Compressor")]) { _, own in own }
    }

    /// Runs the form's use case on `values`; the notice that says what was done.
    func run(_ values: InputValues, in session: Session) throws(LogbookError) -> String {
        switch self {
        case .run:
            let status = try RecordCompressorRun.run(values, in: session).output.status
            return "The run of \(status.compressor.name) is recorded: " + CompressorPage.filterText(status) + "."
        case .filter:
            let status = try RecordFilterChange.run(values, in: session).output.status
            return "The cartridge change of \(status.compressor.name) is recorded: " + CompressorPage.filterText(status) + "."
        case .test:
            let test = try RecordAirTest.run(values, in: session).output.test
            return "The air test is recorded: " + CompressorPage.verdictText(test) + "."
        }
    }

    /// The form, with `values` in its fields, and the problem of `failure` when it is this form's.
    func html(_ context: WebContext, compressors: [String], values: [String: String], failure: Failure?) -> HTML {
        let failure = failure?.form == self ? failure : nil
        func problem(_ field: String) -> String? { failure?.field == field ? failure?.message : nil }
        let choice =
            WebViews.select(
                "compressor", "Compressor", options: compressors.map { (value: $0, text: $0) }, selected: values["compressor"], idPrefix: idPrefix)
            + (problem("compressor").map(WebViews.problem) ?? .empty)
        let controls = fields.map { field -> HTML in
            WebViews.textField(
                field.name, field.label, value: values[field.name], problem: problem(field.name), hint: field.hint, type: field.type,
                extra: field.extra, idPrefix: idPrefix)
        }.joined(separator: "\n")
        let summary = failure?.summary(nothingWas: "recorded") ?? .empty
        return """
            <form method="post" action="\(path)" class="panel" id="\(rawValue)-form" novalidate>\(context.tokenField)
            <h3>\(title)</h3><p class="hint">\(intro)</p>\(summary)<div class="fields">\(choice)
            \(controls)</div>
            <div class="actions"><button type="submit">\(button)</button></div></form>
            """
    }
}
