import GaslogCore

/// The cylinder board, `/`: every cylinder in one table, with its current
/// gas and MOD, its last fill, and its marks. `?q=` filters by name without
/// script; the script filters as one types.
enum BoardPage {
    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let board = try context.run(ListCurrentGases())
        let (gases, today) = (board.gases, board.today)
        let needle = context.value("q")?.lowercased()
        let shown = gases.filter { needle == nil || $0.cylinder.name.lowercased().contains(needle ?? "") }
        let rows = shown.map { gas -> HTML in
            let cylinder = gas.cylinder
            let marks = WebViews.marks(gas, settings: context.settings, today: today)
            let gasCell: HTML =
                gas.fill.map { WebViews.gasAndMOD($0, unit: context.unit, settings: context.settings) } ?? #"<span class="light">no fill yet</span>"#
            return """
                <tr data-name="\(cylinder.name)"\(cylinder.isRetired ? HTML(#" class="retired""#) : .empty)>\
                <td data-label="Cylinder"><a href="\(HTML.cylinderPath(cylinder.name))">\(cylinder.name)</a></td>\
                <td data-label="Gas">\(gasCell)</td>\
                <td data-label="Pressure">\(WebViews.pressure(gas.fill?.pressure, unit: context.unit))</td>\
                <td data-label="Last fill">\(gas.fill.map { WebViews.time($0.filledAt) } ?? "—")</td>\
                <td data-label="Blender">\(gas.fill.map(WebViews.blender) ?? "—")</td>\
                <td data-label="Marks">\(marks.isEmpty ? #"<span class="light">none</span>"# : marks.joined(separator: " "))</td></tr>
                """
        }
        let blends = context.level >= .blender
        let table: HTML =
            rows.isEmpty
            ? "<p>No cylinder matches.</p>"
            : """
            <table class="cards board"><caption class="visually-hidden">Cylinders and their current gas</caption>
            <thead><tr><th scope="col">Cylinder</th><th scope="col">Current gas and MOD</th><th scope="col">Pressure</th>
            <th scope="col">Last fill</th><th scope="col">Blender</th><th scope="col">Marks</th></tr></thead>
            <tbody>\(rows.joined(separator: "\n"))</tbody></table>
            """
        let banner = try CompressorPage.banner(context)
        // Before the first cylinder there is nothing to find: the board says so, and how to begin.
        guard !gases.isEmpty else {
            let start: HTML =
                blends
                ? #"<div class="actions"><a class="button" href="/new-cylinder">Add a cylinder</a><a class="button secondary" href="/fill">Record a fill</a></div>"#
                : "<p>A blender or an admin adds them.</p>"
            return WebPage.render(
                context, title: "Cylinders", body: #"\#(banner)<div class="panel"><p><strong>No cylinders yet.</strong></p>\#(start)</div>"#)
        }
        let actions: HTML =
            blends
            ? #"<div class="actions"><a class="button" href="/fill">Record a fill</a><a class="button secondary" href="/new-cylinder">Add a cylinder</a></div>"#
            : .empty
        let body: HTML = """
            \(banner)<form method="get" action="/" class="filter" role="search"><div class="field"><label for="board-filter">Find a cylinder by name</label>
            <div class="actions"><input type="search" id="board-filter" name="q" value="\(context.value("q") ?? "")">
            <button type="submit" class="secondary">Find</button></div></div></form>
            \(actions)
            \(table)
            """
        return WebPage.render(context, title: "Cylinders", body: body)
    }
}
