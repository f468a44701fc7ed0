import GaslogCore

/// One fill's tag, with a print button, and voiding a fill with a reason.
enum TagPage {
    static func render(_ context: WebContext, id text: String) throws(WebError) -> HTTPResponse {
        let id = try fillID(text)
        let stored = try context.run(ShowFill(id: id))
        let (fill, charge) = (stored.fill, stored.charge)
        let recorded: HTML =
            context.value("recorded") == nil
            ? .empty : #"<p class="notice" role="status">Fill #\#(id) is recorded. Print its tag and stick it on the cylinder.</p>"#
        let warnings = context.value("recorded") == nil ? [] : context.sessions.warnings(forFill: id, session: context.sessionToken)
        let voidForm = context.level >= .blender && !fill.isVoid ? voidFormHTML(fill, context: context) : .empty
        let body: HTML = """
            \(recorded)
            \(WarningsView.html(warnings))
            \(TagView.html(fill, unit: context.unit, settings: context.settings))
            <div class="actions no-print"><button type="button" data-print hidden>Print the tag</button>
            <a class="button secondary" href="\(HTML.cylinderPath(fill.cylinder))">Cylinder \(fill.cylinder)</a>
            \(context.level >= .blender ? HTML(#"<a class="button secondary" href="/fill">Record another fill</a>"#) : .empty)</div>
            <p class="hint no-print">Printing sends only the tag, sized for a 62 mm label roll.</p>
            \(ChargeView.html(charge, fill: fill, unit: context.unit, currency: context.settings.currency))
            \(voidForm)
            """
        return WebPage.render(context, title: "Tag for fill #\(id)", body: body)
    }

    /// The form that voids a fill, with its reason.
    static func voidFormHTML(_ fill: FillRecord, context: WebContext) -> HTML {
        """
        <form method="post" action="/fills/\(fill.id)/void" class="panel no-print">\(context.tokenField)
        <div class="field"><label for="void-reason-\(fill.id)">Reason to void fill #\(fill.id)</label>
        <input type="text" id="void-reason-\(fill.id)" name="reason" required maxlength="1000"></div>
        <div class="actions"><button type="submit" class="danger">Void fill #\(fill.id)</button></div></form>
        """
    }

    static func void(_ context: WebContext, id text: String) throws(WebError) -> HTTPResponse {
        try context.require(.blender)
        let id = try fillID(text)
        guard let reason = context.field("reason") else { throw .badInput("Give a reason to void the fill.") }
        let fill = try context.run(VoidFill(id: id, reason: reason)).fill
        return WebPage.redirect(HTML.cylinderPath(fill.cylinder, query: [("voided", String(id))]))
    }

    private static func fillID(_ text: String) throws(WebError) -> Int {
        guard let id = Int(text), id > 0 else { throw .notFound("There is no fill \(text).") }
        return id
    }
}
