import GaslogCore
import NitroxCalculator

/// `/new-cylinder`, for blenders and admins: a cylinder's name and every
/// register fact, read and checked exactly as `gaslog cylinder add` reads
/// and checks them (the same use case, on the same inputs). A refusal is
/// shown at its field with the form as sent; an added cylinder opens its
/// page, which says what the register does not know and which names in
/// service are one edit from the new one.
enum NewCylinderPage {
    /// The form's one kind, for ``FormFailure``.
    static let formName = "new-cylinder"

    /// Its text fields before the oxygen-clean choice and the note, by the use case's input names, in the form's order.
    static func fields(_ context: WebContext) -> [FormField] {
        let decimal: HTML = #" inputmode="decimal""#
        return [
            FormField(name: "cylinder", label: "Name", hint: "As painted on the cylinder: 1 to 64 characters", extra: #" required maxlength="64""#),
            FormField(name: "serial", label: "Serial", hint: "Stamped on the shoulder"),
            FormField(name: "owner", label: "Owner"),
            FormField(name: "volume", label: "Volume", hint: "Water capacity in litres (12), or cubic feet (80cuft)", extra: decimal),
            FormField(
                name: "working-pressure", label: "Working pressure",
                hint: "In \(context.unit.pressureSymbol), or with its unit: 232bar, 3000psi", extra: decimal),
            FormField(name: "hydro", label: "Last hydrostatic test", hint: "The date stamped on the shoulder", type: "date"),
            FormField(name: "visual", label: "Last visual inspection", hint: "The date on the inspection sticker", type: "date"),
        ]
    }

    /// The choices of the oxygen-clean field, which sets one of two flags or neither.
    static let oxygenCleanChoices: [(value: String, text: String)] = [("", "not recorded"), ("yes", "yes"), ("no", "no")]

    /// The words an error uses for the form's fields.
    static func labels(_ context: WebContext) -> [String: String] {
        WebForms.labels.merging(
            fields(context).map { ($0.name, $0.label) } + [("o2-clean", "Oxygen-clean"), ("no-o2-clean", "Oxygen-clean"), ("note", "Note")]
        ) { _, own in own }
    }

    /// The empty form, or the form as sent with its problem.
    static func form(_ context: WebContext, failure: FormFailure<String>? = nil) throws(WebError) -> HTTPResponse {
        try context.require(.blender)
        let values = failure?.values ?? [:]
        func problem(_ field: String) -> String? { failure?.field == field ? failure?.message : nil }
        let controls = fields(context).map { field -> HTML in
            WebViews.textField(
                field.name, field.label, value: values[field.name], problem: problem(field.name), hint: field.hint, type: field.type,
                extra: field.extra)
        }
        let oxygenClean =
            WebViews.select("o2-clean", "Oxygen-clean", options: oxygenCleanChoices, selected: values["o2-clean"] ?? "")
            + (problem("o2-clean").map(WebViews.problem) ?? .empty)
        let note = WebViews.textField("note", "Note", value: values["note"], problem: problem("note"))
        let body: HTML = """
            <p>Every fact but the name may be left empty and recorded later; the fill-station checks use each fact the register knows.</p>
            <form method="post" action="/new-cylinder" class="panel" id="new-cylinder-form" novalidate>\(context.tokenField)
            \(failure?.summary(nothingWas: "added") ?? .empty)<div class="fields">
            \(controls.joined(separator: "\n"))
            \(oxygenClean)
            \(note)</div>
            <div class="actions"><button type="submit">Add the cylinder</button><a class="button secondary" href="/">Back to the board</a></div></form>
            """
        return WebPage.render(context, title: "Add a cylinder", body: body, status: failure?.status ?? 200)
    }

    /// Adds the cylinder and opens its page; or the form again, as sent, with the problem at its field.
    static func add(_ context: WebContext) throws(WebError) -> HTTPResponse {
        try context.require(.blender)
        var sent: [String: String] = [:]
        var input: [String: InputValues.Value] = [CommonOptions.unit.spec.name: .text(context.unit.rawValue)]
        for field in fields(context) + [FormField(name: "note", label: "Note")] {
            guard let value = context.field(field.name) else { continue }
            sent[field.name] = value
            input[field.name] = .text(value)
        }
        switch context.field("o2-clean") {
        case "yes":
            sent["o2-clean"] = "yes"
            input[RegisterOptions.oxygenClean.spec.name] = .flag(true)
        case "no":
            sent["o2-clean"] = "no"
            input[RegisterOptions.notOxygenClean.spec.name] = .flag(true)
        default: break
        }
        let added: CylinderResult
        do throws(LogbookError) {
            added = try AddCylinder.run(InputValues(input), in: Session(actor: context.account, logbook: context.logbook)).output
        } catch {
            return try form(context, failure: failure(error, values: sent, labels: labels(context)))
        }
        return WebPage.redirect(HTML.cylinderPath(added.cylinder.name, query: [("added", "1")]))
    }

    /// The logbook's refusal, placed at the field it is about: a name
    /// already in the log is the name's problem.
    static func failure(_ error: LogbookError, values: [String: String], labels: [String: String]) throws(WebError) -> FormFailure<String> {
        let names = Set(values.keys).union(["cylinder", "serial", "owner", "volume", "working-pressure", "hydro", "visual", "note", "o2-clean"])
        let message = WebForms.message(for: error, labels: labels)
        switch error.category {
        case .invalid(let field):
            let placed = field.map { $0 == "no-o2-clean" ? "o2-clean" : $0 }.flatMap { names.contains($0) ? $0 : nil }
            return FormFailure(form: formName, values: values, field: placed, message: message, status: 400)
        case .conflict:
            return FormFailure(form: formName, values: values, field: "cylinder", message: message, status: 409)
        case .notFound:
            return FormFailure(form: formName, values: values, field: nil, message: message, status: 404)
        case .refused:
            // A name already in the log, or one a cylinder had before a rename, is the name's problem.
            let field: String?
            switch error.reason {
            case .cylinderExists, .nameTaken, .confusableName, .earlierNameInUse: field = "cylinder"
            default: field = nil
            }
            return FormFailure(form: formName, values: values, field: field, message: message, status: 422)
        case .busy, .unusable, .storageFull, .unreadableInput, .cannotCreate, .internalFailure:
            throw WebError(error)
        }
    }

    /// What the page of a cylinder just added says: that it is added, and
    /// the warnings a fill in it would give about the register, as
    /// `similar_name` and `unknown_facts`.
    static func addedNotice(_ cylinder: Cylinder, context: WebContext) throws(WebError) -> HTML {
        let name = try CylinderPage.cylinderName(cylinder.name)
        let similar = try context.run(SimilarCylinderNames(name: name)).names
        var warnings: [Warning] = []
        if !similar.isEmpty { warnings.append(.similarName(cylinder: cylinder.name, names: similar)) }
        var unknown: [UnknownFact] = []
        if cylinder.hydroDate == nil { unknown.append(.hydrostaticTest) }
        if cylinder.visualDate == nil { unknown.append(.visualInspection) }
        if cylinder.workingPressure == nil { unknown.append(.workingPressure) }
        // Every blend that adds oxygen asks for an oxygen-clean cylinder (#35), nitrox from air included.
        if cylinder.isOxygenClean == nil { unknown.append(.oxygenClean(.pureOxygenThroughValve)) }
        if !unknown.isEmpty { warnings.append(.unknownFacts(cylinder: cylinder.name, facts: unknown)) }
        let notice: HTML = #"<p class="notice" role="status">Cylinder \#(cylinder.name) is added to the register.</p>"#
        return notice + WarningsView.html(warnings, heading: "Check the new cylinder:", words: words, links: false)
    }

    /// A warning's words on a new cylinder's page: a similar name is not a fill's problem here.
    private static func words(_ warning: Warning) -> String {
        guard case .similarName(let cylinder, let names) = warning else { return warning.message }
        return "new cylinder \(quoted(cylinder)) is one edit away from \(names.map(quoted).joined(separator: " and ")) in the register; "
            + "if that is what you meant, fill that cylinder, and have an admin rename or retire this one"
    }
}
