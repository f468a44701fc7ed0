import GaslogCore

/// The calculators as forms: MOD table, best mix, EAD, END, ppO₂ and blend
/// plan. Each form runs its use case of the core, as the CLI does, and shows
/// the same answer in the same words, with every warning the CLI gives.
enum CalculatorPage {
    /// One calculator: its name, its heading, its fields as the use case's
    /// inputs, and the use case.
    struct Calculator: Sendable {
        let command: String
        let title: String
        let fields: [(option: String, label: String, hint: String)]
        /// The role needed; a blend plan is a blender's, as in the API.
        var level: Principal.Level = .reader
        /// The positional argument, when the command takes one.
        var positional: (name: String, label: String)?
        /// Runs the use case on the form's values: its answer in words.
        let answer: @Sendable (InputValues, Session) throws(LogbookError) -> String
    }

    /// What a use case answers, in the words the CLI prints.
    private static func text<Case: UseCase>(_ useCase: Case.Type) -> @Sendable (InputValues, Session) throws(LogbookError) -> String
    where Case.Output: TextResult {
        { values, session throws(LogbookError) in try Case.run(values, in: session).output.text(PlainText()) }
    }

    static let calculators: [Calculator] = [
        Calculator(
            command: "mod", title: "MOD of a gas", fields: [("o2", "O₂ %", "32, EAN32 or air"), ("ppo2", "ppO₂", "1.4 when empty")],
            answer: text(MaximumDepth.self)),
        Calculator(
            command: "table", title: "MOD table",
            fields: [("from", "From O₂ %", "21 when empty"), ("to", "To O₂ %", "40 when empty"), ("ppo2", "ppO₂ list", "1.4,1.6 for example")],
            answer: text(DepthTable.self)),
        Calculator(
            command: "best-mix", title: "Best mix for a depth", fields: [("depth", "Depth", "30, 30m or 100ft"), ("ppo2", "ppO₂", "1.4 when empty")],
            answer: text(BestMix.self)),
        Calculator(
            command: "ead", title: "Equivalent air depth (EAD)", fields: [("o2", "O₂ %", "32"), ("depth", "Depth", "30, 30m or 100ft")],
            answer: text(EquivalentAirDepth.self)),
        Calculator(
            command: "end", title: "Equivalent narcotic depth (END)",
            fields: [("o2", "O₂ %", "21"), ("he", "Helium %", "35"), ("depth", "Depth", "45, 45m or 150ft")],
            answer: text(EquivalentNarcoticDepth.self)),
        Calculator(
            command: "ppo2", title: "ppO₂ at a depth", fields: [("o2", "O₂ %", "32"), ("depth", "Depth", "30, 30m or 100ft")],
            answer: text(PartialPressureAtDepth.self)),
        Calculator(
            command: "blend", title: "Blend plan",
            fields: [
                ("target", "Target mix", "EAN32"), ("to", "Final pressure", "200, 200bar or 3000psi"),
                ("from", "Pressure in the cylinder now", "its last fill's when empty"),
                ("from-gas", "Gas in the cylinder now", "its current gas when empty"),
                ("top-off", "Top-off gas", "air when empty"),
            ], level: .blender, positional: ("cylinder", "Cylinder"), answer: text(PlanBlend.self)),
    ]

    static func render(_ context: WebContext) throws(WebError) -> HTTPResponse {
        let chosen = context.value("calculator")
        var sections: [HTML] = []
        for calculator in calculators where context.level >= calculator.level {
            let prefix = calculator.command + "-"
            var fieldHTML: [HTML] = []
            if let positional = calculator.positional {
                fieldHTML.append(
                    WebViews.textField(
                        prefix + positional.name, positional.label,
                        value: chosen == calculator.command ? context.value(prefix + positional.name) : nil))
            }
            for field in calculator.fields {
                fieldHTML.append(
                    WebViews.textField(
                        prefix + field.option, field.label, value: chosen == calculator.command ? context.value(prefix + field.option) : nil,
                        hint: field.hint))
            }
            var result = HTML.empty
            if chosen == calculator.command {
                result = answer(calculator, context)
            }
            sections.append(
                """
                <section class="panel" aria-labelledby="calc-\(calculator.command)" id="\(calculator.command)"><h2 id="calc-\(calculator.command)">\(calculator.title)</h2>
                <form method="get" action="/calculators#\(calculator.command)"><input type="hidden" name="calculator" value="\(calculator.command)">
                <div class="fields">\(fieldHTML.joined())</div><div class="actions"><button type="submit">Work out</button></div></form>\(result)</section>
                """)
        }
        return WebPage.render(context, title: "Calculators", body: sections.joined(separator: "\n"))
    }

    /// The use case's answer, or its complaint, for the page, after its
    /// warnings: the form's fields are its inputs, by name.
    private static func answer(_ calculator: Calculator, _ context: WebContext) -> HTML {
        let prefix = calculator.command + "-"
        var values: [String: InputValues.Value] = ["unit": .text(context.unit.rawValue)]
        for field in calculator.fields {
            if let value = context.value(prefix + field.option) { values[field.option] = .text(value) }
        }
        if let positional = calculator.positional { values[positional.name] = .text(context.value(prefix + positional.name) ?? "") }
        let session = Session(actor: context.account, logbook: context.logbook)
        do throws(LogbookError) {
            let text = try calculator.answer(InputValues(values), session)
            return
                "<h3>Answer</h3>\(WarningsView.html(session.warnings, heading: "Take care:"))<pre tabindex=\"0\" aria-label=\"\(calculator.title)\">\(text)</pre>"
        } catch {
            return "\(WarningsView.html(session.warnings, heading: "Take care:"))<p class=\"problem\" role=\"alert\">\(WebError(error).message)</p>"
        }
    }
}
