import GaslogCore

/// The `due` report: inspections overdue or falling due, overdue first.
enum DuePage {
    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let withinText = context.value("within") ?? "30"
        guard let within = Int(withinText), (0...3650).contains(within) else { throw .badInput("“Within days” is a whole number from 0 to 3650.") }
        let due = try context.run(ListDueInspections(days: within)).inspections
            .sorted { ($0.daysLeft, $0.cylinder) < ($1.daysLeft, $1.cylinder) }
        let rows = due.map { item -> HTML in
            let state =
                item.daysLeft < 0
                ? WebViews.mark("overdue", "Overdue by \(-item.daysLeft) days") : WebViews.mark("soon", "Due in \(item.daysLeft) days")
            return """
                <tr><td data-label="Cylinder"><a href="\(HTML.cylinderPath(item.cylinder))">\(item.cylinder)</a></td>\
                <td data-label="Inspection">\(item.kind.inspectionName)</td><td data-label="Last">\(item.last.iso8601)</td>\
                <td data-label="Due">\(item.due.iso8601)</td><td data-label="State">\(state)</td></tr>
                """
        }.joined(separator: "\n")
        let body: HTML = """
            <form method="get" action="/due" class="panel"><div class="fields">\(WebViews.textField("within", "Within days", value: withinText, extra: #" inputmode="numeric""#))</div>
            <div class="actions"><button type="submit">Show</button></div></form>
            \(due.isEmpty ? HTML("<p>Nothing is due within \(within) days.</p>") : """
            <table class="cards"><thead><tr><th scope="col">Cylinder</th><th scope="col">Inspection</th><th scope="col">Last</th><th scope="col">Due</th>\
            <th scope="col">State</th></tr></thead><tbody>\(rows)</tbody></table>
            """)
            """
        return WebPage.render(context, title: "Inspections due", body: body)
    }
}
