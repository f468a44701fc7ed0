import Foundation
import GaslogCore
import NitroxCalculator

/// Recording a fill. The form's fields are the core's fill inputs, read
/// and checked exactly as the CLI and the API read and check them, and the
/// fill stores the signed-in account as `recorded_by`. A refusal puts each rule, in words, next to the
/// field it concerns, and offers to record the fill anyway with a reason.
enum FillPage {
    /// The ppO₂ choices, 1.4 preselected.
    static let partialPressures = ["1.2", "1.3", "1.4", "1.5", "1.6"]

    /// The optional text fields and the `fill` options they set, in the form's order.
    static let optionalFields: [(name: String, label: String, hint: String?)] = [
        ("he", "Helium %", "Empty for nitrox"), ("pressure", "Pressure", nil), ("diver", "Diver", "Who analysed the gas and took the cylinder"),
        ("cert", "Certificate", "The diver's nitrox certification number"), ("diver-o2", "Diver's O₂ reading", "%"),
        ("diver-he", "Diver's helium reading", "%"),
    ]

    /// The fields for the bill: the start, the top-off and the payer, as
    /// `fill --from`, `--from-gas`, `--top-off` and `--bill-to` take them.
    static let billingFields: [(name: String, label: String, hint: String?)] = [
        ("from", "Pressure before", "In the cylinder before filling, after any bleed; with the register's volume, the gas used is charged"),
        ("from-gas", "Gas before", "What the cylinder held: 32, EAN32, 18/45 or air. Empty: its current gas"),
        ("top-off", "Top-off gas", "Empty for air; or a membrane or bank nitrox, such as 32"),
        ("bill-to", "Bill to", "The member who pays. Empty: the diver"),
    ]

    /// The words an error uses for the fill form's fields: the global
    /// labels, with this form's own for the bill's fields.
    static let labels = WebForms.labels.merging(billingFields.map { ($0.name, $0.label) }) { _, own in own }

    /// What a refused or wrong form shows again: the values sent, and the problems by field.
    struct Problems {
        var byField: [String: [String]] = [:]
        var general: [String] = []
        var refused = false
        var tolerance = false
        /// What the fill station must hear although the fill was not recorded.
        var warnings: [Warning] = []
    }

    static func form(_ context: WebContext) throws(WebError) -> HTTPResponse {
        try context.require(.blender)
        let now = localMinute(context.clock())
        var values = ["blender": context.account, "ppo2": "1.4", "at": now, "at-default": now]
        if let cylinder = context.value("cylinder") { values["cylinder"] = cylinder }
        if let compressor = context.settings.defaultCompressor { values["compressor"] = compressor.text }
        return try page(context, values: values, problems: Problems(), status: 200)
    }

    static func record(_ context: WebContext) throws(WebError) -> HTTPResponse {
        try context.require(.blender)
        var values: [String: String] = [:]
        let names = ["cylinder", "o2", "ppo2", "at", "at-default", "blender", "note", "override", "accept-difference", "compressor"]
        for name in names + optionalFields.map(\.name) + billingFields.map(\.name) {
            if let value = context.field(name) { values[name] = value }
        }
        var problems = Problems()
        if values["cylinder"] == nil { problems.byField["cylinder", default: []].append("Choose the cylinder.") }
        if values["o2"] == nil { problems.byField["o2", default: []].append("Give the O₂ percentage, such as 32.") }
        let ppo2 = values["ppo2"] ?? "1.4"
        if !partialPressures.contains(ppo2) { problems.byField["ppo2", default: []].append("Choose a ppO₂.") }
        guard problems.byField.isEmpty, let cylinder = values["cylinder"], let o2 = values["o2"] else {
            return try page(context, values: values, problems: problems, status: 400)
        }
        // The form's fields are the use case's inputs, by the same names.
        var input: [String: InputValues.Value] = [
            "cylinder": .text(cylinder), "o2": .text(o2), "ppo2": .text(ppo2), "unit": .text(context.unit.rawValue),
        ]
        for name in ["blender", "note", "override", "compressor"] + optionalFields.map(\.name) + billingFields.map(\.name) {
            if let value = values[name] { input[name] = .text(value) }
        }
        // The time the form was opened with means now: the moment it is recorded.
        if let at = values["at"], at != values["at-default"] { input["at"] = .text(at) }
        if values["accept-difference"] != nil { input["accept-difference"] = .flag(true) }
        let session = Session(actor: context.account, logbook: context.logbook)
        let outcome: Outcome<FillResult>
        do throws(LogbookError) {
            outcome = try RecordFill.run(InputValues(input), in: session)
        } catch {
            problems = try explain(error, unit: context.unit)
            problems.warnings = session.warnings
            values["override"] = nil
            return try page(context, values: values, problems: problems, status: problems.refused || problems.tolerance ? 422 : 400)
        }
        let id = outcome.output.fill.id
        // The tag states the density itself, for a mix with helium only, as it always has.
        let kept = outcome.warnings.filter { warning in
            if case .density = warning { return false }
            return true
        }
        context.sessions.keep(kept, forFill: id, session: context.sessionToken)
        return WebPage.redirect("/fills/\(id)/tag?recorded=1")
    }

    /// Each rule or problem of a failed fill, placed at its field: the
    /// error names its field as data, and a refusal names its rules.
    static func explain(_ error: LogbookError, unit: UnitSystem) throws(WebError) -> Problems {
        var problems = Problems()
        switch error.category {
        case .refused(rules: _):
            guard let refusal = error.fillRefusal, !refusal.isBlendPlan else {
                if case .toleranceExceeded = error.reason {
                    problems.tolerance = true
                    problems.byField["diver-o2", default: []].append(error.message)
                } else if let field = billingField(of: error) {
                    problems.byField[field, default: []].append(error.message)
                } else {
                    problems.general.append(error.message)
                }
                return problems
            }
            problems.refused = true
            for rule in refusal.rules {
                problems.byField[rule.field, default: []].append(rule.description(cylinder: refusal.cylinder, unit: unit))
            }
        case .invalid(let field):
            if let field, fields.contains(field) {
                problems.byField[field, default: []].append(WebForms.message(for: error, labels: labels))
            } else {
                problems.general.append(WebForms.message(for: error, labels: labels))
            }
        case .notFound:
            problems.byField["cylinder", default: []].append(error.message)
        case .conflict:
            problems.general.append(error.message)
        case .busy, .unusable, .storageFull, .unreadableInput, .cannotCreate, .internalFailure:
            throw WebError(error)
        }
        return problems
    }

    /// The bill's field a refusal is about: a start gas the log cannot
    /// tell, or a top-off that cannot top off.
    private static func billingField(of error: LogbookError) -> String? {
        if case .blendStartUnknown = error.reason { return "from-gas" }
        if case .topOffWithHelium = error.reason { return "top-off" }
        if case .topOffWithoutNitrogen = error.reason { return "top-off" }
        return nil
    }

    /// The form's fields that a problem can be placed at.
    static let fields = Set(
        ["cylinder", "o2", "ppo2", "at", "blender", "note", "override", "compressor"] + optionalFields.map(\.name) + billingFields.map(\.name))

    /// `2026-12-01T14:30`: a moment in local time to the minute, as a
    /// `datetime-local` field holds it and `--at` reads it.
    static func localMinute(_ moment: Timestamp) -> String {
        String(Timestamp(secondsSinceEpoch: moment.secondsSinceEpoch + LocalTime.offset(at: moment)).iso8601.prefix(16))
    }

    /// The compressor that made the air: a choice of those in service, with
    /// the hint and the problem tied to it.
    static func compressorSelect(_ choices: [(value: String, text: String)], selected: String, problem: String?) -> HTML {
        let items = choices.map { choice -> HTML in
            #"<option value="\#(choice.value)"\#(choice.value == selected ? " selected" : "")>\#(choice.text)</option>"#
        }.joined()
        var described = "field-compressor-hint"
        var after: HTML = #"<span class="hint" id="field-compressor-hint">Its air test and filter are checked before the fill</span>"#
        if let problem {
            described += " field-compressor-problem"
            after += #"<p class="problem" id="field-compressor-problem">\#(problem)</p>"#
        }
        let invalid: HTML = problem == nil ? .empty : #" aria-invalid="true""#
        return """
            <div class="field"><label for="field-compressor">Compressor</label>\
            <select id="field-compressor" name="compressor" aria-describedby="\(described)"\(invalid)>\(items)</select>\(after)</div>
            """
    }

    private static func page(_ context: WebContext, values: [String: String], problems: Problems, status: Int) throws(WebError) -> HTTPResponse {
        let cylinders = try context.run(ListRegister(unit: nil)).cylinders.filter { !$0.isRetired }
        let names = cylinders.map { cylinder -> HTML in #"<option value="\#(cylinder.name)"></option>"# }.joined()
        func problem(_ field: String) -> String? { problems.byField[field]?.joined(separator: " ") }
        let compressors = try context.run(ListCompressorStatuses()).statuses
            .map(\.compressor).filter { !$0.isRetired }.map(\.name)
        // "None" says that no compressor was used, as `--compressor none` does.
        let chosenCompressor = values["compressor"] ?? "none"
        let compressorChoices =
            [(value: "none", text: "None")] + compressors.map { (value: $0, text: $0) }
            + (chosenCompressor.lowercased() == "none" || compressors.contains(chosenCompressor)
                ? [] : [(value: chosenCompressor, text: chosenCompressor)])
        let compressorField = compressorSelect(compressorChoices, selected: chosenCompressor, problem: problem("compressor"))
        let radios = partialPressures.map { value -> HTML in
            let checked = (values["ppo2"] ?? "1.4") == value ? " checked" : ""
            return #"<label><input type="radio" name="ppo2" value="\#(value)"\#(checked)> \#(value)</label>"#
        }.joined()
        let ppo2Problem = problem("ppo2").map { text -> HTML in #"<p class="problem">\#(text)</p>"# } ?? .empty
        var summary = problems.general.map { text -> HTML in #"<p class="problem">\#(text)</p>"# }
        if problems.refused {
            summary.insert("<p><strong>The fill station's checks refuse this fill.</strong> Each reason is shown next to its field.</p>", at: 0)
        } else if !problems.byField.isEmpty {
            summary.insert("<p><strong>The fill was not recorded.</strong> Each problem is shown next to its field.</p>", at: 0)
        }
        let summaryHTML: HTML =
            (summary.isEmpty ? .empty : "<div class=\"error-summary\" role=\"alert\">\(summary.joined())</div>")
            + WarningsView.html(problems.warnings)
        let overrideBlock: HTML =
            problems.refused
            ? """
            <fieldset><legend>Record it anyway</legend>
            \(WebViews.textField("override", "Override reason", value: nil, hint: "Stored with the fill and shown in the log and the export", type: "textarea", extra: " required maxlength=\"1000\"", wide: true))
            <div class="actions"><button type="submit" name="confirm" value="override" class="danger">Record anyway, with this reason</button></div></fieldset>
            """ : .empty
        let acceptBlock: HTML =
            problems.tolerance
            ? #"<p><label class="check" for="field-accept-difference"><input type="checkbox" id="field-accept-difference" name="accept-difference" value="yes"> Record although the readings differ</label></p>"#
            : .empty
        let optional = optionalFields.map { field in
            WebViews.textField(
                field.name, field.name == "pressure" ? "Pressure (\(context.unit.pressureSymbol))" : field.label, value: values[field.name],
                problem: problem(field.name), hint: field.hint)
        }.joined(separator: "\n")
        let billing = billingFields.map { field in
            WebViews.textField(
                field.name, field.name == "from" ? "\(field.label) (\(context.unit.pressureSymbol))" : field.label, value: values[field.name],
                problem: problem(field.name), hint: field.hint, extra: field.name == "from" ? #" inputmode="decimal""# : .empty)
        }.joined(separator: "\n")
        let body: HTML = """
            \(summaryHTML)
            <form method="post" action="/fill" class="panel" novalidate>\(context.tokenField)
            <div class="fields">
            \(WebViews.textField("cylinder", "Cylinder", value: values["cylinder"], problem: problem("cylinder"), hint: "Type to pick from the register", extra: #" list="cylinder-names" autocomplete="off" required"#))
            <datalist id="cylinder-names">\(names)</datalist>
            \(WebViews.textField("o2", "O₂ %", value: values["o2"], problem: problem("o2"), hint: "32, EAN32 or air", extra: #" inputmode="decimal" required"#, controlID: "fill-o2"))
            </div>
            <p class="preview" id="mod-preview" aria-live="polite" data-rounding="\(context.settings.rounding.rawValue)" data-unit="\(context.unit.rawValue)"></p>
            <fieldset><legend>ppO₂ for the MOD</legend><div class="choices">\(radios)</div>\(ppo2Problem)</fieldset>
            <div class="fields">
            \(WebViews.textField("at", "Filled at", value: values["at"], problem: problem("at"), hint: "Now, unless you change it: local time, at most 5 minutes ahead", type: "datetime-local"))
            \(compressorField)
            \(values["at-default"].map { moment -> HTML in #"<input type="hidden" name="at-default" value="\#(moment)">"# } ?? .empty)
            \(optional)
            \(WebViews.textField("blender", "Blender", value: values["blender"], problem: problem("blender"), hint: "You, unless you record for someone else"))
            \(WebViews.textField("note", "Note", value: values["note"], problem: problem("note"), type: "textarea", wide: true))
            </div>
            <fieldset><legend>For the bill</legend>
            <p class="hint">Give the pressure before the fill to charge the oxygen, helium and top-off it used; leave these empty to charge only the fee.</p>
            <div class="fields">\(billing)</div></fieldset>
            \(acceptBlock)
            <div class="actions"><button type="submit">Record the fill</button></div>
            \(overrideBlock)
            </form>
            """
        return WebPage.render(context, title: "Record a fill", body: body, status: status)
    }
}
