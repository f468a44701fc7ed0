import GaslogCore
import NitroxCalculator

/// The compressor room, `/compressors`: each compressor with its filter's
/// life as a bar and in words, its latest air test with the verdict in
/// words and colour, and when the test falls due; then the forms for a run
/// and a cartridge change (blenders) and an air test (admins).
enum CompressorPage {
    static func render(_ context: WebContext, failure: CompressorForm.Failure? = nil) throws(WebError) -> HTTPResponse {
        let list = try context.run(ListCompressors.self, InputValues()).output.compressors
        let cards = list.map { card($0) }.joined(separator: "\n")
        let done = context.value("done").map { text -> HTML in #"<p class="notice" role="status">\#(text)</p>"# } ?? .empty
        let alert: HTML =
            failure.map { failure in
                """
                <div class="error-summary" role="alert"><p><strong>\(failure.form.title): nothing was recorded.</strong> \
                <a href="#\(failure.form.rawValue)-form">The problem is shown at the form</a>.</p></div>
                """
            } ?? .empty
        var body = alert + done
        if list.isEmpty {
            body += """
                <p>No compressor is in the register yet. An admin adds one with <code>gaslog compressor add NAME</code> \
                or <code>POST /api/v1/compressors</code>.</p>
                """
        } else {
            body += #"<div class="compressors">\#(cards)</div>"#
        }
        let inService = list.filter { !$0.status.compressor.isRetired }.map(\.status.compressor.name)
        let forms = CompressorForm.allCases.filter { context.level >= $0.level }
        if !forms.isEmpty, !inService.isEmpty {
            let chosen = context.value("compressor") ?? context.settings.defaultCompressor?.text ?? inService.first
            let html = forms.map { form -> HTML in
                let values = failure?.form == form ? failure?.values ?? [:] : ["compressor": chosen ?? ""]
                return form.html(context, compressors: inService, values: values, failure: failure)
            }.joined(separator: "\n")
            body += #"<section aria-labelledby="record-heading"><h2 id="record-heading">Record</h2><div class="forms">\#(html)</div></section>"#
        }
        return WebPage.render(context, title: "Compressors", body: body, status: failure?.status ?? 200)
    }

    /// Runs one of the page's forms; back to the page with a notice, or the
    /// page again with the problem at its field.
    static func record(_ context: WebContext, form: CompressorForm) throws(WebError) -> HTTPResponse {
        try context.require(form.level)
        var sent: [String: String] = [:]
        var input: [String: InputValues.Value] = [:]
        for name in ["compressor"] + form.fields.map(\.name) {
            guard let value = context.field(name) else { continue }
            sent[name] = value
            input[name] = .text(value)
        }
        let session = Session(actor: context.account, logbook: context.logbook)
        let notice: String
        do throws(LogbookError) {
            notice = try form.run(InputValues(input), in: session)
        } catch {
            return try render(context, failure: failure(error, form: form, values: sent))
        }
        let name = sent["compressor"] ?? ""
        return WebPage.redirect("/compressors" + HTML.query([("compressor", name), ("done", notice)]))
    }

    /// The logbook's refusal of a form, placed at the field it is about.
    static func failure(_ error: LogbookError, form: CompressorForm, values: [String: String]) throws(WebError) -> CompressorForm.Failure {
        let names = ["compressor"] + form.fields.map(\.name)
        let message = WebForms.message(for: error, labels: form.labels)
        switch error.category {
        case .invalid(let field):
            let placed = field.flatMap { names.contains($0) ? $0 : nil }
            return CompressorForm.Failure(form: form, values: values, field: placed, message: message, status: 400)
        case .notFound:
            return CompressorForm.Failure(form: form, values: values, field: "compressor", message: message, status: 404)
        case .conflict:
            return CompressorForm.Failure(form: form, values: values, field: nil, message: message, status: 409)
        case .refused:
            // A meter reading below the last, or dated before it, is the meter's problem.
            var field: String?
            if case .meterBackwards = error.reason { field = "meter" }
            if case .meterReadingOutOfOrder = error.reason { field = "meter" }
            return CompressorForm.Failure(form: form, values: values, field: field, message: message, status: 422)
        case .busy, .unusable, .storageFull, .unreadableInput, .cannotCreate, .internalFailure:
            throw WebError(error)
        }
    }

    // MARK: A compressor

    /// One compressor's card: its marks, filter life, meter, last test and due date.
    static func card(_ result: CompressorResult) -> HTML {
        let status = result.status
        let compressor = status.compressor
        let id = "compressor-" + slug(compressor.name)
        var marks: [HTML] = []
        if compressor.isRetired { marks.append(WebViews.mark("retired", "Retired")) }
        let facts: HTML = """
            <dt>Filter</dt><dd>\(filter(status))</dd>
            <dt>Hour meter</dt><dd>\(status.meterHundredths.map { hours($0) + " h" } ?? "not read yet")</dd>
            <dt>Last air test</dt><dd>\(test(result))</dd>
            \(result.failedTestText == nil ? HTML("<dt>Test due</dt><dd>\(due(result))</dd>") : .empty)
            \(compressor.note.map { note -> HTML in "<dt>Note</dt><dd>\(note)</dd>" } ?? .empty)
            """
        return """
            <section class="panel compressor\(compressor.isRetired ? HTML(" retired") : .empty)" id="\(id)" aria-labelledby="\(id)-name">\
            <h2 id="\(id)-name">\(compressor.name) \(marks.joined(separator: " "))</h2>
            <dl class="facts">\(facts)</dl></section>
            """
    }

    /// The filter's life as a bar with its words, and what it was computed from.
    static func filter(_ status: CompressorStatus) -> HTML {
        let life = status.filterLife
        let since: String =
            status.filterChange.map { change in
                "cartridge changed \(WebViews.time(change.at))" + (change.batch.map { ", batch \($0)" } ?? "")
            } ?? "the cartridge fitted when it was added"
        let run = "corrected for temperature, from \(hours(life.hoursRunHundredths)) h run since \(since)"
        guard let total = status.compressor.filterTenthsOfHours, let percent = life.remainingPercentRoundedDown else {
            return """
                <span class="mark soon">Life unknown</span> no filter hours in the register\
                <span class="hint">\(hours(life.usedHundredthsRoundedUp)) h used, \(run)</span>
                """
        }
        let shown = min(max(percent, 0), 100)
        let state: HTML =
            status.isFilterExhausted == true
            ? WebViews.mark("overdue", "EXHAUSTED: change the cartridge")
            : percent <= CompressorDue.filterWarningPercent ? WebViews.mark("soon", "Nearly spent") : .empty
        return """
            <span class="life"><meter min="0" max="100" low="11" high="25" optimum="100" value="\(shown)" \
            aria-label="Filter life left">\(shown)%</meter> <strong>\(filterText(status))</strong> \(state)</span>\
            <span class="hint">\(hours(life.usedHundredthsRoundedUp)) of \(hours(total * 10)) h used, \(run)</span>
            """
    }

    /// "12.50 h left (41%)", or what is known without filter hours.
    static func filterText(_ status: CompressorStatus) -> String {
        let life = status.filterLife
        guard let remaining = life.remainingHundredthsRoundedDown, let percent = life.remainingPercentRoundedDown else {
            return "filter \(hours(life.usedHundredthsRoundedUp)) h used"
        }
        return "\(hours(remaining)) h left (\(percent)%)"
    }

    /// The latest test: its verdict in words and colour, its date, and its
    /// values. A failed one says that fills are refused until a test passes,
    /// and the card then gives no due date.
    static func test(_ result: CompressorResult) -> HTML {
        guard let test = result.status.lastTest else { return #"<span class="mark soon">None on record</span>"# }
        let sample = test.sample
        if let failed = result.failedTestText {
            return WebViews.mark("failed", failed) + #" <span class="unbroken">\#(test.standard)</span>"# + values(test, sample)
        }
        let verdict = WebViews.mark("passed", "Passed")
        return """
            \(verdict) <span class="unbroken">\(LocalTime.date(of: test.at).iso8601)</span>, <span class="unbroken">\(test.standard)</span>\
            \(values(test, sample))
            """
    }

    /// A test's values and where they come from, as a hint.
    private static func values(_ test: AirTest, _ sample: AirSample) -> HTML {
        let values =
            "O₂ \(fixed(sample.oxygenPermille, 1)) %, CO₂ \(sample.carbonDioxidePPM) ml/m³, CO \(fixed(sample.carbonMonoxideTenthsPPM, 1)) ml/m³, "
            + "oil \(fixed(sample.oilHundredthsMilligrams, 2)) mg/m³, water \(fixed(sample.waterTenthsMilligrams, 1)) mg/m³ at \(sample.pressureBar) bar"
        let source = [test.lab, test.certificate.map { "certificate " + $0 }].compactMap { $0 }.joined(separator: ", ")
        return #"<span class="hint">\#(values)\#(source.isEmpty ? "" : "; " + source)</span>"#
    }

    /// The latest passing test's due date, OVERDUE marked from the day after it.
    static func due(_ result: CompressorResult) -> HTML {
        guard let due = result.status.testDue else { return "—" }
        let left = result.today.days(until: due)
        let state: HTML =
            left < 0
            ? WebViews.mark("overdue", result.overdueTestText ?? "OVERDUE")
            : left <= WebViews.soonDays ? WebViews.mark("soon", "Due in \(left) days") : .empty
        return "<span class=\"unbroken\">\(due.iso8601)</span> (every \(result.status.airTestMonths) months) \(state)"
    }

    /// "passed", or "FAILED: CO2, water".
    static func verdictText(_ test: AirTest) -> String {
        test.passed ? "passed" : "FAILED: " + failedText(test)
    }

    /// The failed components, as a person reads them.
    static func failedText(_ test: AirTest) -> String {
        test.failed.map(\.displayName).joined(separator: ", ")
    }

    /// Hundredths of an hour with two decimals: `12.50`.
    static func hours(_ hundredths: Int) -> String {
        fixed(hundredths, 2)
    }

    /// `value` ÷ 10^`digits`, with exactly that many decimals, as the JSON writes it.
    static func fixed(_ value: Int, _ digits: Int) -> String {
        CompressorJSON.fixed(value, fractionDigits: digits)
    }

    /// A name as part of an id: letters and digits, the rest as their code points.
    static func slug(_ name: String) -> String {
        name.unicodeScalars.map { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) ? String(scalar) : "-\(scalar.value)-"
        }.joined()
    }

    // MARK: The board's banner

    /// A banner for the board when a compressor in service has a failed latest
    /// air test or an overdue one: fills from it are refused.
    static func banner(_ context: WebContext) throws(WebError) -> HTML {
        let statuses = try context.run(ListCompressorStatuses()).statuses
        let today = context.logbook.today()
        let items = statuses.filter { !$0.compressor.isRetired }.compactMap { status -> HTML? in
            guard let test = status.lastTest, let due = status.testDue else { return nil }
            let name = status.compressor.name
            if !test.passed {
                return """
                    <li>Compressor <strong>\(name)</strong>: its air <strong>FAILED</strong> its test of \(LocalTime.date(of: test.at).iso8601) \
                    (\(failedText(test))).</li>
                    """
            }
            if today > due {
                return "<li>Compressor <strong>\(name)</strong>: its air test is <strong>OVERDUE</strong> (valid through \(due.iso8601)).</li>"
            }
            return nil
        }
        guard !items.isEmpty else { return .empty }
        return """
            <div class="error-summary compressor-alert" role="alert"><p><strong>Do not fill from these compressors:</strong> \
            a fill from them is refused, unless overridden with a reason, until a passing test is recorded.</p><ul>\(items.joined())</ul>\
            <p><a href="/compressors">The compressor room</a></p></div>
            """
    }
}
