import GaslogCore
import LogbookStore
import NitroxCalculator

/// The fill log with `gaslog log`'s filters, and downloads that follow them:
/// the CSV and the JSON are `gaslog export`'s bytes with the same filters,
/// since the export command itself writes them.
enum LogPage {
    /// The filters, as the query names them and as `log` and `export` take them.
    static let filters: [(name: String, label: String, hint: String?)] = [
        ("cylinder", "Cylinder", nil), ("since", "Since", "YYYY-MM-DD or a date and time"), ("until", "Until", "YYYY-MM-DD or a date and time"),
        ("blender", "Blender", nil), ("diver", "Diver", nil), ("gas", "Gas", "32, EAN32 or air"),
    ]

    /// The filters in the query, and the limit when given, as the log's input.
    static func filterValues(_ context: WebContext, limit: String?) -> InputValues {
        var values: [String: InputValues.Value] = [:]
        if let limit { values[ReadLog.limit.spec.name] = .text(limit) }
        for filter in filters {
            if let value = context.value(filter.name) { values[filter.name] = .text(value) }
        }
        if context.value("overridden") != nil { values[ReadLog.overridden.spec.name] = .flag(true) }
        return InputValues(values)
    }

    /// The query of the filters in force, for the download links.
    static func filterQuery(_ context: WebContext) -> [(String, String)] {
        var pairs: [(String, String)] = []
        for filter in filters {
            if let value = context.value(filter.name) { pairs.append((filter.name, value)) }
        }
        if context.value("overridden") != nil { pairs.append(("overridden", "1")) }
        return pairs
    }

    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let limit = context.value("limit") ?? "200"
        let fills: [FillRecord]
        do throws(WebError) {
            // The log's use case reads and checks the filters exactly as `log` does, and gives the fills.
            fills = try context.run(ReadLog.self, filterValues(context, limit: limit)).output.fills
        } catch {
            // A filter the log cannot take (a date that is not one, an unknown
            // cylinder) is the form's problem: shown at its field, the form as
            // sent, with the status its error page had. A logbook that cannot
            // answer is still its own page.
            guard [400, 404].contains(error.status) else { throw error }
            return page(context, limit: limit, fills: nil, refusal: error)
        }
        return page(context, limit: limit, fills: fills, refusal: nil)
    }

    /// The form with the filters as sent and, below it, the downloads and the
    /// fills; or, when the filters were refused, the form with the problem.
    private static func page(_ context: WebContext, limit: String, fills: [FillRecord]?, refusal: WebError?) -> HTTPResponse {
        // The field the refusal is about, when the form has one by that name.
        let names = filters.map(\.name) + ["limit"]
        let field = refusal?.field.flatMap { names.contains($0) ? $0 : nil }
        func problem(at name: String) -> String? { name == field ? refusal?.message : nil }
        let fields = filters.map { filter in
            WebViews.textField(filter.name, filter.label, value: context.value(filter.name), problem: problem(at: filter.name), hint: filter.hint)
        }.joined(separator: "\n")
        let overridden = context.value("overridden") != nil ? " checked" : ""
        let summary: HTML =
            switch (refusal, field) {
            case (nil, _): .empty
            case (.some, .some):
                #"<div class="error-summary" role="alert"><p><strong>No fills are shown: a filter cannot be used.</strong> The problem is shown next to its field.</p></div>"#
            case (.some(let refusal), nil):
                #"<div class="error-summary" role="alert"><p><strong>No fills are shown.</strong></p><p class="problem">\#(refusal.message)</p></div>"#
            }
        let form: HTML = """
            \(summary)<form method="get" action="/log" class="panel"><div class="fields">\(fields)
            \(WebViews.textField("limit", "At most", value: limit, problem: problem(at: "limit"), extra: #" inputmode="numeric""#))</div>
            <p><label class="check" for="field-overridden"><input type="checkbox" id="field-overridden" name="overridden" value="1"\(overridden)> Only overridden fills</label></p>
            <div class="actions"><button type="submit">Show</button><a class="button secondary" href="/log">Clear the filters</a></div></form>
            """
        guard let fills else { return WebPage.render(context, title: "Fill log", body: form, status: refusal?.status ?? 400) }
        let query = filterQuery(context)
        let body: HTML = """
            \(form)
            <div class="actions"><a class="button secondary" id="download-csv" download href="/log/export\(HTML.query([("format", "csv")] + query))">Download CSV</a>
            <a class="button secondary" id="download-json" download href="/log/export\(HTML.query([("format", "json")] + query))">Download JSON</a></div>
            <p>\(fills.count) fill\(fills.count == 1 ? "" : "s") shown, newest first.</p>
            \(table(fills, context: context, showCylinder: true, voidForms: false))
            """
        return WebPage.render(context, title: "Fill log", body: body)
    }

    /// The export's bytes for the filters in the query, as a download.
    static func export(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let format = context.value("format") ?? "csv"
        guard format == "csv" || format == "json" else { throw .badInput("The format is csv or json.") }
        var values = filterValues(context, limit: nil)
        values.values[ExportFills.format.spec.name] = .text(format)
        let session = Session(actor: context.account, logbook: context.logbook)
        let output = OutputWriter.inMemory()
        do throws(LogbookError) {
            let export = try ExportFills(InputReader(values, session: session))
            try export.open(in: session)
            try export.write(in: session, to: output)
            output.flush()
        } catch {
            throw WebError(error)
        }
        return HTTPResponse(
            status: 200, contentType: format == "csv" ? "text/csv; charset=utf-8" : "application/json",
            headers: [("Content-Disposition", #"attachment; filename="gaslog-fills.\#(format)""#)], body: output.captured)
    }

    /// The gas and MOD cells of a fill: the reference gas and the MOD it
    /// allows, marked when the tag shows a deeper one; the problem instead,
    /// when the stored MOD fails its check.
    private static func gasAndMOD(_ fill: FillRecord, unit: UnitSystem) -> HTML {
        do throws(LogbookError) {
            let shown = try fill.shownGas()
            return """
                <td data-label="Gas"><strong class="unbroken">\(shown.label)</strong></td>\
                <td data-label="MOD">\(shown.depth(in: unit)) \(unit.depthSymbol) at \(shown.partialPressure.text)\
                \(shown.tagDeeperNote(in: unit).map(WebViews.problem) ?? .empty)</td>
                """
        } catch {
            return
                #"<td data-label="Gas"><strong class="unbroken">\#(fill.referenceMix.label)</strong></td><td data-label="MOD">\#(WebViews.problem(APIError.integrityMessage(error)))</td>"#
        }
    }

    /// Fills as a table, each with its marks; with a void form for each fill in force when asked.
    static func table(_ fills: [FillRecord], context: WebContext, showCylinder: Bool, voidForms: Bool) -> HTML {
        guard !fills.isEmpty else { return "<p>No fills.</p>" }
        let rows = fills.map { fill -> HTML in
            var marks: [HTML] = []
            if let reason = fill.voidReason { marks.append(WebViews.mark("void", "Void: " + reason)) }
            if let reason = fill.overrideReason { marks.append(WebViews.mark("override", "Override: " + reason)) }
            let cylinder: HTML =
                showCylinder
                ? #"<td data-label="Cylinder"><a href="\#(HTML.path("/cylinders", fill.cylinder))">\#(fill.cylinder)</a></td>"# : .empty
            let void: HTML =
                voidForms && context.level >= .blender && !fill.isVoid
                ? """
                <form method="post" action="/fills/\(fill.id)/void" class="inline">\(context.tokenField)
                <label for="void-reason-\(fill.id)">Reason to void fill #\(fill.id)</label>
                <input type="text" id="void-reason-\(fill.id)" name="reason" required maxlength="1000">
                <button type="submit" class="danger">Void #\(fill.id)</button></form>
                """ : .empty
            return """
                <tr><td data-label="Fill"><a class="unbroken" href="/fills/\(fill.id)/tag">#\(fill.id)</a></td>\(cylinder)\
                \(gasAndMOD(fill, unit: context.unit))\
                <td data-label="Pressure">\(WebViews.pressure(fill.pressure, unit: context.unit))</td>\
                <td data-label="Filled" class="unbroken">\(WebViews.time(fill.filledAt))</td>\
                <td data-label="Blender">\(WebViews.blender(fill))</td><td data-label="Diver">\(fill.diver ?? "—")</td>\
                <td data-label="Note">\(fill.note ?? "—")</td>\
                <td data-label="Marks">\(marks.joined(separator: " "))\(void)</td></tr>
                """
        }.joined(separator: "\n")
        return """
            <table class="cards"><thead><tr><th scope="col">Fill</th>\(showCylinder ? HTML(#"<th scope="col">Cylinder</th>"#) : .empty)<th scope="col">Gas</th>\
            <th scope="col">MOD</th><th scope="col">Pressure</th><th scope="col">Filled</th><th scope="col">Blender</th><th scope="col">Diver</th>\
            <th scope="col">Note</th><th scope="col">Marks</th></tr></thead><tbody>\(rows)</tbody></table>
            """
    }
}
