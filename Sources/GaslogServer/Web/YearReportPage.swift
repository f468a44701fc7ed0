import GaslogCore

/// The year report: fills per month by gas as a bar chart drawn on the
/// server in SVG, the same numbers in a table beside it, and overrides and
/// voids by month.
enum YearReportPage {
    static let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let thisYear = context.logbook.today().year
        let yearText = context.value("year") ?? String(thisYear)
        guard let year = Int(yearText), (1900...9999).contains(year), CivilDate(year: year + 1, month: 1, day: 1) != nil else {
            throw .badInput("The year is a number such as \(thisYear).")
        }
        let report = YearReport(year: year, tally: try context.run(TallyYear(year: year)).tally)
        let body: HTML = """
            <form method="get" action="/report" class="panel"><div class="fields">\(WebViews.textField("year", "Year", value: String(year), extra: #" inputmode="numeric""#))</div>
            <div class="actions"><button type="submit">Show</button></div></form>
            <p>\(report.total) fill\(report.total == 1 ? "" : "s") in force in \(year).</p>
            <div class="side-by-side"><figure>\(chart(report))<figcaption>Fills per month by gas, \(year)</figcaption></figure>
            \(table(report))</div>
            <h2>Overrides and voids by month</h2>\(exceptions(report))
            """
        return WebPage.render(context, title: "Year report \(year)", body: body)
    }

    /// A stacked bar per month, one colour and pattern per gas, drawn with
    /// attributes only (the policy forbids inline styles). The legend's words
    /// and the table beside it carry the same facts.
    static func chart(_ report: YearReport) -> HTML {
        let width = 640, height = 320, left = 40, bottom = 30, top = 10
        let plotHeight = height - bottom - top
        let highest = max(1, (0..<12).map(report.total(month:)).max() ?? 1)
        let step = Double(width - left) / 12
        let fills = report.gases.indices.map(GasChartFill.init(index:))
        var shapes: [HTML] = ["<defs>\(fills.map(\.definition).joined())</defs>"]
        for tick in Set([0, highest / 2, highest]).sorted() {
            let y = Double(top) + Double(plotHeight) * (1 - Double(tick) / Double(highest))
            shapes.append(#"<line x1="\#(left)" x2="\#(width)" y1="\#(y)" y2="\#(y)" stroke="rgb(201,206,201)"/>"#)
            shapes.append(#"<text x="\#(left - 6)" y="\#(y + 4)" text-anchor="end" font-size="16" fill="rgb(26,26,26)">\#(tick)</text>"#)
        }
        for month in 0..<12 {
            let x = Double(left) + step * Double(month) + step * 0.15
            var base = Double(top + plotHeight)
            for (index, gas) in report.gases.enumerated() {
                guard let count = report.fills[month][gas], count > 0 else { continue }
                let barHeight = Double(plotHeight) * Double(count) / Double(highest)
                base -= barHeight
                shapes.append(
                    #"<rect x="\#(x)" y="\#(base)" width="\#(step * 0.7)" height="\#(barHeight)" fill="\#(fills[index].reference)" stroke="rgb(26,26,26)"><title>\#(monthNames[month]): \#(count) \#(gas)</title></rect>"#
                )
            }
            shapes.append(
                #"<text x="\#(x + step * 0.35)" y="\#(height - 10)" text-anchor="middle" font-size="16" fill="rgb(26,26,26)">\#(monthNames[month])</text>"#
            )
        }
        let legend = report.gases.enumerated().map { index, gas -> HTML in
            #"<li><svg width="28" height="20" aria-hidden="true" focusable="false"><rect x="0.5" y="0.5" width="27" height="19" fill="\#(fills[index].reference)" stroke="rgb(26,26,26)"/></svg> \#(gas)</li>"#
        }.joined()
        return """
            <svg class="chart" viewBox="0 0 \(width) \(height)" role="img" aria-label="Bar chart of fills per month by gas in \(report.year); the table beside it gives the numbers">\
            \(shapes.joined())</svg><ul class="legend">\(legend)</ul>
            """
    }

    /// The chart's numbers: a row per month, a column per gas, and the totals.
    static func table(_ report: YearReport) -> HTML {
        let header = report.gases.map { gas -> HTML in #"<th scope="col" class="number">\#(gas)</th>"# }.joined()
        let rows = (0..<12).map { month -> HTML in
            let cells = report.gases.map { gas -> HTML in #"<td class="number" data-label="\#(gas)">\#(report.fills[month][gas] ?? 0)</td>"# }
                .joined()
            return
                #"<tr><th scope="row">\#(monthNames[month])</th>\#(cells)<td class="number" data-label="Total">\#(report.total(month: month))</td></tr>"#
        }.joined()
        return """
            <table class="year tally"><caption>Fills per month by gas</caption><thead><tr><th scope="col">Month</th>\(header)<th scope="col" class="number">Total</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
    }

    /// Overrides and voids by month.
    static func exceptions(_ report: YearReport) -> HTML {
        let rows = (0..<12).map { month -> HTML in
            #"<tr><th scope="row">\#(monthNames[month])</th><td class="number">\#(report.overrides[month])</td><td class="number">\#(report.voids[month])</td></tr>"#
        }.joined()
        return """
            <table class="year exceptions"><caption class="visually-hidden">Overrides and voids by month</caption>
            <thead><tr><th scope="col">Month</th><th scope="col" class="number">Overrides</th><th scope="col" class="number">Voids</th></tr></thead>
            <tbody>\(rows)</tbody></table>
            """
    }
}
