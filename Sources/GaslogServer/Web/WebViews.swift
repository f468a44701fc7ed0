import GaslogCore
import LogbookStore
import NitroxCalculator

/// Pieces more than one page shows: the gas and its MOD in the seed's look,
/// and the marks a cylinder carries. Each mark is a word, not only a colour.
enum WebViews {
    /// Inspections falling due within this many days are marked "due soon", as `gaslog due` lists them by default.
    static let soonDays = 30

    /// "for **EAN32** is **34 m**": the reference gas's label in bold, the
    /// words between light, the MOD the gas allows large and green; then the
    /// marks a reader must see beside it. A stored MOD that fails its check
    /// shows the problem instead of any depth.
    static func gasAndMOD(_ fill: FillRecord, unit: UnitSystem, settings: LogbookSettings) -> HTML {
        let shown: ShownGas
        do throws(LogbookError) {
            shown = try fill.shownGas()
        } catch {
            return problem(APIError.integrityMessage(error))
        }
        let gas: HTML = """
            <span class="light">for</span> <span class="gas">\(shown.label)</span> <span class="light">is</span> \
            <span class="mod">\(shown.depth(in: unit)) <small>\(unit.depthSymbol)</small></span> \
            <span class="light">at ppO₂ \(shown.partialPressure.text)</span>
            """
        return gas + (shown.tagDeeperNote(in: unit).map(problem) ?? .empty) + heliumFacts(shown, unit: unit, settings: settings)
    }

    /// For a mix with helium, what `mod CYLINDER` says besides the MOD: a
    /// hypoxic mix's minimum depth as an instruction, as large as the MOD;
    /// the END and density at the MOD; and the density warning. Empty for nitrox.
    static func heliumFacts(_ shown: ShownGas, unit: UnitSystem, settings: LogbookSettings, bothUnits: Bool = false) -> HTML {
        guard shown.mix.hasHelium else { return .empty }
        let facts = shown.facts(in: unit, settings: settings)
        var html = hypoxic(shown, unit: unit, settings: settings, bothUnits: bothUnits)
        html += "<p>At the MOD: END \(facts.equivalentNarcoticDepth) \(unit.depthSymbol), density \(facts.densityText) g/L</p>"
        if let warning = facts.densityWarning { html += problem(warning) }
        return html
    }

    /// A hypoxic mix's minimum depth as an instruction, "Hypoxic: not to be
    /// breathed above 8 m", as the board, the log and the tag all say it;
    /// empty for a mix that may be breathed at the surface.
    static func hypoxic(_ shown: ShownGas, unit: UnitSystem, settings: LogbookSettings, bothUnits: Bool = false) -> HTML {
        let instruction =
            bothUnits ? shown.hypoxicInstructionInBothUnits(settings: settings) : shown.facts(in: unit, settings: settings).hypoxicInstruction
        return instruction.map { #"<p class="hypoxic">Hypoxic: \#($0)</p>"# } ?? .empty
    }

    /// A problem a reader must not miss, in words.
    static func problem(_ text: String) -> HTML {
        #"<p class="problem">\#(text)</p>"#
    }

    /// The marks for a cylinder and its current gas.
    static func marks(_ gas: CurrentGas, settings: LogbookSettings, today: CivilDate) -> [HTML] {
        var marks = cylinderMarks(gas.cylinder, settings: settings, today: today)
        if let fill = gas.fill, let newer = gas.passedOver.first(where: { $0.reason == .void && $0.filledAt > fill.filledAt }) {
            marks.append(mark("older", "Older fill: newer fill #\(newer.id) is void"))
        }
        return marks
    }

    /// The marks of the register: retired, and inspections overdue or due soon.
    static func cylinderMarks(_ cylinder: Cylinder, settings: LogbookSettings, today: CivilDate) -> [HTML] {
        var marks: [HTML] = []
        if cylinder.isRetired { marks.append(mark("retired", "Retired")) }
        for (name, due) in [("Hydro", cylinder.hydroDue(settings)), ("Visual", cylinder.visualDue(settings))] {
            guard let due else { continue }
            let left = today.days(until: due)
            if left < 0 {
                marks.append(mark("overdue", "\(name) overdue since \(due.iso8601)"))
            } else if left <= soonDays {
                marks.append(mark("soon", "\(name) due \(due.iso8601)"))
            }
        }
        return marks
    }

    /// One mark: its words, with a class for its colour.
    static func mark(_ kind: String, _ text: String) -> HTML {
        #"<span class="mark \#(kind)">\#(text)</span>"#
    }

    /// A text field with its label, and the problem with it when there is one.
    /// The control's id is `field-NAME` unless a script looks for another
    /// (`controlID`); its hint and problem keep `field-NAME-…` either way.
    /// A page with two forms of the same field names gives each form its
    /// own `idPrefix` in place of `field-`, so that no id is there twice.
    static func textField(
        _ name: String, _ label: String, value: String?, problem: String? = nil, hint: String? = nil, type: String = "text",
        extra: HTML = .empty, wide: Bool = false, controlID: String? = nil, idPrefix: String = "field-"
    ) -> HTML {
        let id = idPrefix + name
        let control = controlID ?? id
        var described: [String] = []
        var after = HTML.empty
        if let hint {
            described.append(id + "-hint")
            after += #"<span class="hint" id="\#(id)-hint">\#(hint)</span>"#
        }
        if let problem {
            described.append(id + "-problem")
            after += #"<p class="problem" id="\#(id)-problem">\#(problem)</p>"#
        }
        let describedBy: HTML = described.isEmpty ? .empty : #" aria-describedby="\#(described.joined(separator: " "))""#
        let invalid: HTML = problem == nil ? .empty : #" aria-invalid="true""#
        let input: HTML =
            type == "textarea"
            ? #"<textarea id="\#(control)" name="\#(name)"\#(describedBy)\#(invalid)\#(extra)>\#(value ?? "")</textarea>"#
            : #"<input type="\#(type)" id="\#(control)" name="\#(name)" value="\#(value ?? "")"\#(describedBy)\#(invalid)\#(extra)>"#
        return #"<div class="field\#(wide ? " wide" : "")"><label for="\#(control)">\#(label)</label>\#(input)\#(after)</div>"#
    }

    /// A `<select>` with its label, its id `idPrefix` and its name.
    static func select(
        _ name: String, _ label: String, options: [(value: String, text: String)], selected: String?, idPrefix: String = "field-"
    ) -> HTML {
        let id = idPrefix + name
        let items = options.map { option -> HTML in
            #"<option value="\#(option.value)"\#(option.value == selected ? " selected" : "")>\#(option.text)</option>"#
        }.joined()
        return #"<div class="field"><label for="\#(id)">\#(label)</label><select id="\#(id)" name="\#(name)">\#(items)</select></div>"#
    }

    /// Who blended a fill, as every page shows it under the one word
    /// "Blender": the blender given, else the account that recorded the fill,
    /// said to be that, since the log's blender filter does not find it;
    /// else a dash.
    static func blender(_ fill: FillRecord) -> HTML {
        if let blender = fill.blender { return "\(blender)" }
        if let account = fill.recordedBy { return #"<span class="light">recorded by</span> \#(account)"# }
        return "—"
    }

    /// A pressure as the unit shows it, or a dash: text, escaped where it is shown.
    static func pressure(_ pressure: Pressure?, unit: UnitSystem) -> String {
        pressure.map { $0.displayText(in: unit) } ?? "—"
    }

    /// A moment as a person reads it: text, escaped where it is shown.
    static func time(_ moment: Timestamp) -> String {
        LocalTime.text(of: moment)
    }
}
