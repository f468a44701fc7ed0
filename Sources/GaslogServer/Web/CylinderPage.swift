import GaslogCore
import NitroxCalculator

/// One cylinder: its register facts, its inspections and when they fall
/// due, its current tag, and its latest fills, each with a void form, with
/// a link to its whole log. Admins edit, rename, retire and reinstate it here.
enum CylinderPage {
    /// How many of its fills the page shows, the latest first; the log page has them all.
    static let latestFills = 50

    static func render(_ context: WebContext, name text: String) throws(WebError) -> HTTPResponse {
        // A name the cylinder had before a rename finds it too; the page
        // then says so, and reads everything else by the current name.
        let asked = try cylinderName(text)
        let overview = try context.run(CylinderOverview(name: asked, latestFills: latestFills))
        let (resolution, current, latest, today) = (overview.resolution, overview.currentFill, overview.latest, overview.today)
        let cylinder = resolution.cylinder
        let count = latest.total ?? latest.fills.count
        let unit = context.unit
        let marks = WebViews.cylinderMarks(cylinder, settings: context.settings, today: today)
        var facts: [(String, String)] = [
            ("Serial", cylinder.serial ?? "—"), ("Owner", cylinder.owner ?? "—"),
            ("Volume", cylinder.volume.map { "\($0.litresText) L" } ?? "—"),
            ("Working pressure", cylinder.workingPressure?.displayText(in: unit) ?? "—"),
            ("Oxygen-clean", cylinder.isOxygenClean.map { $0 ? "yes" : "no" } ?? "not recorded"),
            ("Note", cylinder.note ?? "—"),
        ]
        if let retired = cylinder.retiredAt {
            facts.append(("Retired", LocalTime.text(of: retired) + (cylinder.retiredReason.map { ": " + $0 } ?? "")))
        }
        let factList = facts.map { name, value -> HTML in "<dt>\(name)</dt><dd>\(value)</dd>" }.joined()
        let inspections = [
            ("Hydrostatic test", cylinder.hydroDate, cylinder.hydroDue(context.settings)),
            ("Visual inspection", cylinder.visualDate, cylinder.visualDue(context.settings)),
        ].map { kind, last, due -> HTML in
            let state: HTML
            if let due {
                let left = today.days(until: due)
                state =
                    left < 0
                    ? WebViews.mark("overdue", "Overdue by \(-left) days")
                    : left <= WebViews.soonDays ? WebViews.mark("soon", "Due in \(left) days") : "in date"
            } else {
                state = "not recorded"
            }
            return """
                <tr><td data-label="Inspection">\(kind)</td><td data-label="Last">\(last?.iso8601 ?? "—")</td>\
                <td data-label="Due">\(due?.iso8601 ?? "—")</td><td data-label="State">\(state)</td></tr>
                """
        }.joined()
        let voided = context.value("voided").map { id -> HTML in #"<p class="notice" role="status">Fill #\#(id) is void.</p>"# } ?? .empty
        let changed = context.value("changed").map { _ -> HTML in #"<p class="notice" role="status">The register is updated.</p>"# } ?? .empty
        let added = context.value("added") == nil ? HTML.empty : try NewCylinderPage.addedNotice(cylinder, context: context)
        let earlier = resolution.earlierName.map { earlier -> HTML in #"<p class="notice" role="status">\#(earlier.message).</p>"# } ?? .empty
        let tag = current.map { fill -> HTML in
            TagView.html(fill, unit: unit, settings: context.settings)
                + #"<div class="actions no-print"><button type="button" data-print hidden>Print the tag</button></div>"#
        }
        let body: HTML = """
            \(added)\(earlier)\(voided)\(changed)
            <p>\(marks.joined(separator: " "))</p>
            \(tag ?? "<p>No current gas: the cylinder has no fill that is in force.</p>")
            \(context.level >= .blender && !cylinder.isRetired ? HTML(#"<p class="no-print"><a class="button" href="/fill?cylinder=\#(APIRoutes.pathSegment(cylinder.name))">Record a fill in \#(cylinder.name)</a></p>"#) : .empty)
            <section aria-labelledby="facts-heading" class="no-print"><h2 id="facts-heading">Register</h2><dl class="facts">\(factList)</dl></section>
            <section aria-labelledby="inspections-heading" class="no-print"><h2 id="inspections-heading">Inspections</h2>
            <table class="cards"><thead><tr><th scope="col">Inspection</th><th scope="col">Last</th><th scope="col">Due</th><th scope="col">State</th></tr></thead>
            <tbody>\(inspections)</tbody></table></section>
            <section aria-labelledby="history-heading" class="no-print"><h2 id="history-heading">Latest fills</h2>
            \(history(cylinder, fills: latest.fills, count: count, context: context))</section>
            \(context.level >= .admin ? adminForms(cylinder, context: context) : .empty)
            """
        return WebPage.render(context, title: "Cylinder \(cylinder.name)", body: body)
    }

    /// The latest fills, newest first, each with its void form, and the
    /// link to the log of all the cylinder's fills, which says how many it has.
    static func history(_ cylinder: Cylinder, fills: [FillRecord], count: Int, context: WebContext) -> HTML {
        let shown: HTML =
            fills.count < count
            ? "<p>The latest \(fills.count) of its \(count) fills, newest first.</p>"
            : count == 0 ? .empty : "<p>\(count == 1 ? "Its one fill." : "All its \(count) fills, newest first.")</p>"
        let link: HTML =
            count == 0
            ? .empty
            : #"<p><a class="button secondary" id="cylinder-log" href="/log\#(HTML.query([("cylinder", cylinder.name)]))">\#(count == 1 ? "Its fill in the log" : "All \(count) fills in the log")</a></p>"#
        return shown + LogPage.table(fills, context: context, showCylinder: false, voidForms: true) + link
    }

    private static func adminForms(_ cylinder: Cylinder, context: WebContext) -> HTML {
        let unit = context.unit
        let o2Options: [(value: String, text: String)] = [("", "not recorded"), ("yes", "yes"), ("no", "no")]
        let o2Selected = cylinder.isOxygenClean.map { $0 ? "yes" : "no" } ?? ""
        let retireOrReinstate: HTML =
            cylinder.isRetired
            ? """
            <form method="post" action="\(HTML.cylinderPath(cylinder.name, action: "reinstate"))" class="panel">\(context.tokenField)<h3>Reinstate</h3>
            \(WebViews.textField("reason", "Why it is back in service", value: nil, extra: " required"))
            <div class="actions"><button type="submit">Reinstate \(cylinder.name)</button></div></form>
            """
            : """
            <form method="post" action="\(HTML.cylinderPath(cylinder.name, action: "retire"))" class="panel">\(context.tokenField)<h3>Retire</h3>
            \(WebViews.textField("reason", "Why it is retired", value: nil, extra: " required"))
            <div class="actions"><button type="submit" class="danger">Retire \(cylinder.name)</button></div></form>
            """
        return """
            <section aria-labelledby="admin-heading" class="no-print"><h2 id="admin-heading">Change the register</h2>
            <form method="post" action="\(HTML.cylinderPath(cylinder.name, action: "edit"))" class="panel">\(context.tokenField)<h3>Edit the facts</h3><div class="fields">
            \(WebViews.textField("serial", "Serial", value: cylinder.serial))
            \(WebViews.textField("owner", "Owner", value: cylinder.owner))
            \(WebViews.textField("volume", "Volume (L, or cuft)", value: cylinder.volume?.litresText))
            \(WebViews.textField("working-pressure", "Working pressure (\(unit.pressureSymbol))", value: cylinder.workingPressure?.displayText(in: unit).filter { $0 != " " }))
            \(WebViews.textField("hydro", "Last hydrostatic test", value: cylinder.hydroDate?.iso8601, hint: "YYYY-MM-DD"))
            \(WebViews.textField("visual", "Last visual inspection", value: cylinder.visualDate?.iso8601, hint: "YYYY-MM-DD"))
            \(WebViews.select("o2-clean", "Oxygen-clean", options: o2Options, selected: o2Selected))
            \(WebViews.textField("note", "Note", value: cylinder.note))
            </div><div class="actions"><button type="submit">Save the facts</button></div></form>
            <form method="post" action="\(HTML.cylinderPath(cylinder.name, action: "rename"))" class="panel">\(context.tokenField)<h3>Rename</h3>
            \(WebViews.textField("new-name", "New name", value: nil, extra: " required"))
            <div class="actions"><button type="submit">Rename</button></div></form>
            \(retireOrReinstate)</section>
            """
    }

    static func change(_ context: WebContext, name text: String, action: String) throws(WebError) -> HTTPResponse {
        try context.require(.admin)
        let name = try cylinderName(text)
        var target = name.text
        switch action {
        case "edit":
            var values: [String: InputValues.Value] = [CommonOptions.unit.spec.name: .text(context.unit.rawValue)]
            var clear: [String] = []
            let facts: [any OptionDeclaration] = [
                RegisterOptions.serial, RegisterOptions.owner, RegisterOptions.volume, RegisterOptions.workingPressure, RegisterOptions.hydro,
                RegisterOptions.visual, RegisterOptions.note,
            ]
            for key in facts.map(\.spec.name) {
                if let value = context.field(key) { values[key] = .text(value) } else { clear.append(key) }
            }
            switch context.field("o2-clean") {
            case "yes": values[RegisterOptions.oxygenClean.spec.name] = .flag(true)
            case "no": values[RegisterOptions.notOxygenClean.spec.name] = .flag(true)
            default: clear.append("o2-clean")
            }
            let current = try context.run(FindCylinder(name: name)).cylinder
            // Only fields that hold a value now are cleared, so that saving an untouched form changes nothing.
            let held: [String: Bool] = [
                "serial": current.serial != nil, "owner": current.owner != nil, "volume": current.volume != nil,
                "working-pressure": current.workingPressure != nil, "hydro": current.hydroDate != nil, "visual": current.visualDate != nil,
                "note": current.note != nil, "o2-clean": current.isOxygenClean != nil,
            ]
            let toClear = clear.filter { held[$0] == true }
            if !toClear.isEmpty { values[RegisterOptions.clear.spec.name] = .texts(toClear) }
            // A form with every field empty, on a cylinder with no facts, changes nothing.
            if values.count > 1 {
                values[RegisterOptions.cylinder.spec.key] = .text(name.text)
                _ = try context.run(EditCylinder.self, InputValues(values))
            }
        case "rename":
            guard let newName = context.field("new-name") else { throw .badInput("Give the new name.") }
            _ = try context.run(
                RenameCylinder.self,
                InputValues([RenameCylinder.oldName.spec.key: .text(name.text), RenameCylinder.newName.spec.key: .text(newName)]))
            target = newName
        case "retire":
            guard let reason = context.field("reason") else { throw .badInput("Give a reason.") }
            _ = try context.run(
                RetireCylinder.self,
                InputValues([RegisterOptions.cylinder.spec.key: .text(name.text), RetireCylinder.reason.spec.name: .text(reason)]))
        case "reinstate":
            guard let reason = context.field("reason") else { throw .badInput("Give a reason.") }
            _ = try context.run(
                ReinstateCylinder.self,
                InputValues([RegisterOptions.cylinder.spec.key: .text(name.text), ReinstateCylinder.reason.spec.name: .text(reason)]))
        default:
            throw .notFound("There is no such change: \(action).")
        }
        return WebPage.redirect(HTML.cylinderPath(target, query: [("changed", "1")]))
    }

    static func cylinderName(_ text: String) throws(WebError) -> CylinderName {
        do throws(FieldError) {
            return try CylinderName(parsing: text)
        } catch {
            throw .notFound("There is no cylinder \(text).")
        }
    }
}
