import GaslogCore
import NitroxCalculator

/// The fill log with `gaslog log`'s filters, a page of 100 fills at a time,
/// and downloads that follow the filters: the CSV and the JSON are
/// `gaslog export`'s bytes with the same filters, since the export command
/// itself writes them.
///
/// The pages are in the log's order, `filled_at` then id, newest first, and
/// keyed by that pair: "Older fills" carries the last fill shown
/// (`before_at`, `before_id`), "Newer fills" the first (`after_at`,
/// `after_id`), each with the filters. So a page stays the same page while
/// fills are added, back-dated ones included, and no page costs more than
/// the first: none counts or skips the fills before it.
enum LogPage {
    /// The filters, as the query names them and as `log` and `export` take them.
    static let filters: [(name: String, label: String, hint: String?)] = [
        ("cylinder", "Cylinder", nil), ("since", "Since", "YYYY-MM-DD or a date and time"), ("until", "Until", "YYYY-MM-DD or a date and time"),
        ("blender", "Blender", nil), ("diver", "Diver", nil), ("gas", "Gas", "32, EAN32 or air"),
    ]

    /// The most fills a page shows, and how many it shows unless `limit` asks for fewer.
    static let pageSize = 100

    /// The query names of a page's bound: the fill it starts after, as its
    /// time and id, toward older fills (`before_…`) or newer ones (`after_…`).
    static let bounds: [(at: String, id: String)] = [("before_at", "before_id"), ("after_at", "after_id")]

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

    /// The page's bound from the query: fills older than `before_…`, or
    /// newer than `after_…`, or neither (the newest). A time must be a
    /// fill's, in UTC as the links write it, and an id a whole number: a
    /// bound that is not one is refused, naming its parameter.
    static func bound(_ context: WebContext) throws(WebError) -> (older: LogPosition?, newer: LogPosition?) {
        var positions: [LogPosition?] = []
        for (atName, idName) in bounds {
            let at = context.value(atName), id = context.value(idName)
            guard at != nil || id != nil else {
                positions.append(nil)
                continue
            }
            guard let at else { throw refusal(atName, "\(atName) is missing: give it with \(idName), as the page's links do.") }
            guard let id else { throw refusal(idName, "\(idName) is missing: give it with \(atName), as the page's links do.") }
            guard let time = try? Timestamp(parsing: at), time.iso8601 == at else {
                throw refusal(atName, "\(atName) '\(at)' is not a fill's time: expected a UTC time such as 2026-11-30T19:05:00Z.")
            }
            guard let number = try? WholeNumber.parse(id, in: 1...Int.max, what: idName) else {
                throw refusal(idName, "\(idName) '\(id)' is not a fill's id: expected a whole number of at least 1.")
            }
            positions.append(LogPosition(filledAt: time, id: number))
        }
        if positions[0] != nil && positions[1] != nil {
            throw refusal("after_at", "Give before_at and before_id, or after_at and after_id, not both: a page goes one way.")
        }
        return (positions[0], positions[1])
    }

    /// A page's bound that cannot be used: 400, at its query parameter.
    private static func refusal(_ field: String, _ message: String) -> WebError {
        var error = WebError.badInput(message)
        error.field = field
        return error
    }

    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let limit = context.value("limit")
        let shown: HistoryPage
        let size: Int
        do throws(WebError) {
            let (older, newer) = try bound(context)
            // The log's use case reads and checks the filters exactly as `log` does, and gives the page.
            let session = Session(actor: context.account, logbook: context.logbook)
            do throws(LogbookError) {
                let log = try ReadLog(InputReader(filterValues(context, limit: limit), session: session))
                // A limit asks for fewer fills a page, never more than a page holds.
                size = min(log.query.limit ?? pageSize, pageSize)
                shown = try log.page(in: session, size: size, olderThan: older, newerThan: newer)
            } catch {
                throw WebError(error)
            }
        } catch {
            // A filter the log cannot take (a date that is not one, an unknown
            // cylinder) is the form's problem: shown at its field, the form as
            // sent, with the status its error page had. A logbook that cannot
            // answer is still its own page.
            guard [400, 404].contains(error.status) else { throw error }
            return page(context, limit: limit, page: nil, refusal: error)
        }
        return page(context, limit: limit.map { _ in String(size) }, page: shown, refusal: nil)
    }

    /// The form with the filters as sent and, below it, the downloads, the
    /// page of fills and the links to the pages beside it; or, when the
    /// filters were refused, the form with the problem. `limit` is the limit
    /// in force (as sent, when it was refused), `nil` when none was given.
    private static func page(_ context: WebContext, limit: String?, page: HistoryPage?, refusal: WebError?) -> HTTPResponse {
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
            \(WebViews.textField("limit", "At most", value: limit ?? String(pageSize), problem: problem(at: "limit"), hint: "fills a page, up to \(pageSize)", extra: #" inputmode="numeric""#))</div>
            <p><label class="check" for="field-overridden"><input type="checkbox" id="field-overridden" name="overridden" value="1"\(overridden)> Only overridden fills</label></p>
            <div class="actions"><button type="submit">Show</button><a class="button secondary" href="/log">Clear the filters</a></div></form>
            """
        guard let page else { return WebPage.render(context, title: "Fill log", body: form, status: refusal?.status ?? 400) }
        let query = filterQuery(context)
        let fills = page.fills
        let body: HTML = """
            \(form)
            <div class="actions"><a class="button secondary" id="download-csv" download href="/log/export\(HTML.query([("format", "csv")] + query))">Download CSV</a>
            <a class="button secondary" id="download-json" download href="/log/export\(HTML.query([("format", "json")] + query))">Download JSON</a></div>
            <p>\(fills.count) fill\(fills.count == 1 ? "" : "s") shown, newest first.</p>
            \(pager(context, page: page, limit: limit, below: false))
            \(table(fills, context: context, showCylinder: true, voidForms: false))
            \(pager(context, page: page, limit: limit, below: true))
            """
        return WebPage.render(context, title: "Fill log", body: body)
    }

    /// The links to the pages beside this one, each with the filters, the
    /// limit in force when one was given, and the bound of the fill at this
    /// page's end: "Newer fills" unless this is the newest page, "Older
    /// fills" unless no fill is older. A page with a bound and no fills
    /// links the newest page. They stand above the fills and again below
    /// them, so that a phone need not scroll back through a hundred.
    static func pager(_ context: WebContext, page: HistoryPage, limit: String?, below: Bool) -> HTML {
        var kept = filterQuery(context)
        if let limit { kept.append(("limit", limit)) }
        func link(_ id: String, _ rel: String, _ words: String, _ bound: [(String, String)]) -> HTML {
            #"<a class="button secondary" id="\#(id)\#(below ? "-below" : "")" rel="\#(rel)" href="/log\#(HTML.query(kept + bound))">\#(words)</a>"#
        }
        var links: [HTML] = []
        if let first = page.fills.first, page.hasNewer {
            links.append(link("newer-fills", "prev", "Newer fills", [("after_at", first.filledAt.iso8601), ("after_id", String(first.id))]))
        }
        if let last = page.fills.last, page.hasOlder {
            links.append(link("older-fills", "next", "Older fills", [("before_at", last.filledAt.iso8601), ("before_id", String(last.id))]))
        }
        let bounded = bounds.contains { context.value($0.at) != nil || context.value($0.id) != nil }
        if page.fills.isEmpty && bounded { links.append(link("newest-fills", "first", "Newest fills", [])) }
        guard !links.isEmpty else { return .empty }
        let label = below ? "Pages of the log, below its fills" : "Pages of the log"
        return #"<nav class="actions" aria-label="\#(label)">\#(links.joined(separator: "\n"))</nav>"#
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
    /// when the stored MOD fails its check. A hypoxic mix's minimum depth
    /// stands beside its MOD, in the board's words.
    private static func gasAndMOD(_ fill: FillRecord, unit: UnitSystem, settings: LogbookSettings) -> HTML {
        do throws(LogbookError) {
            let shown = try fill.shownGas()
            return """
                <td data-label="Gas"><strong class="unbroken">\(shown.label)</strong></td>\
                <td data-label="MOD">\(shown.depth(in: unit)) \(unit.depthSymbol) at \(shown.partialPressure.text)\
                \(WebViews.hypoxic(shown, unit: unit, settings: settings))\
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
                ? #"<td data-label="Cylinder"><a href="\#(HTML.cylinderPath(fill.cylinder))">\#(fill.cylinder)</a></td>"# : .empty
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
                \(gasAndMOD(fill, unit: context.unit, settings: context.settings))\
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
