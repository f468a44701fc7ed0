import LogbookStore
import NitroxCalculator

/// The cylinder register's inputs, declared once for every register use
/// case: the cylinder, and each fact that adding or editing it records.
public enum RegisterOptions {
    /// The cylinder, by a name it has or had: the input `cylinder`, which the
    /// command line shows as `<name>`.
    public static let cylinder = Argument<CylinderName>("name", key: "cylinder", help: "The cylinder's name, as in the log.")
    /// The serial number.
    public static let serial = CommonOptions.name("serial", value: "serial", help: "The serial number stamped on the cylinder.")
    /// Who owns the cylinder.
    public static let owner = CommonOptions.name("owner", help: "Who owns it.")
    /// The capacity, in litres or cubic feet; read once the unit is known.
    public static let volume = Option<String>(
        "volume", value: "volume", schema: ValueSchemas.volume,
        help:
            "Water capacity in litres (12, 12L) or, as in the US, gas capacity at working pressure in cubic feet (80cuft); a bare number is in the preferred unit. Stored in litres: ft³ = L × working pressure (bar) / 28.3168."
    ) { $0 }
    /// The working pressure; a bare number is in the preferred unit.
    public static let workingPressure = Option<PressureEntry>("working-pressure", help: "Working pressure: 232, 232bar or 3000psi.")
    /// The last hydrostatic test.
    public static let hydro = Option<CivilDate>("hydro", help: "Date of the last hydrostatic test (YYYY-MM-DD).")
    /// The last visual inspection.
    public static let visual = Option<CivilDate>("visual", help: "Date of the last visual inspection (YYYY-MM-DD).")
    /// Oxygen-clean; `o2_clean: true` in JSON.
    public static let oxygenClean = Flag("o2-clean", help: "The cylinder and valve are cleaned for oxygen service.")
    /// Not oxygen-clean; `o2_clean: false` in JSON.
    public static let notOxygenClean = Flag("no-o2-clean", help: "The cylinder is not oxygen-clean.")
    /// A note about the cylinder.
    public static let note = CommonOptions.note("note", help: "A note about the cylinder.")

    /// Fields to empty: repeated, or separated by commas; each field is read
    /// on its own, so that an error names the one that is wrong.
    public static let clear = Option<String>(
        "clear", value: "field", completion: CylinderField.completion, schema: ValueSchemas.fields,
        help: "Empty a fact: serial, owner, volume, working-pressure, hydro, visual, o2-clean or note. Repeat it, or separate fields with commas."
    ) { $0 }
    .repeatable()

    /// The facts a cylinder is added with, and the unit their bare numbers are in.
    public static let facts: [any OptionDeclaration] = [
        serial, owner, volume, workingPressure, hydro, visual, oxygenClean, notOxygenClean, note, CommonOptions.unit,
    ]

    /// Each field `clear` empties, and the inputs that set it.
    private static let fieldOptions: [(field: CylinderField, options: [any OptionDeclaration])] = [
        (.serial, [serial]), (.owner, [owner]), (.volume, [volume]), (.workingPressure, [workingPressure]),
        (.hydro, [hydro]), (.visual, [visual]), (.o2Clean, [oxygenClean, notOxygenClean]), (.note, [note]),
    ]

    /// The changes the facts given ask for; a fact both set and cleared, or
    /// oxygen-clean both ways, is bad input.
    static func changes(_ input: InputReader) throws(LogbookError) -> CylinderChanges {
        if input.isSet(oxygenClean), input.isSet(notOxygenClean) {
            throw InputReader.bad(
                oxygenClean.spec.name,
                [.text("give "), .field(oxygenClean.spec.name), .text(" or "), .field(notOxygenClean.spec.name), .text(", not both")])
        }
        var changes = CylinderChanges()
        changes.serial = try input.value(serial)
        changes.owner = try input.value(owner)
        changes.note = try input.value(note)
        changes.hydroDate = try input.value(hydro)
        changes.visualDate = try input.value(visual)
        changes.isOxygenClean = input.isSet(oxygenClean) ? true : input.isSet(notOxygenClean) ? false : nil
        let unit = try input.unit()
        changes.workingPressure = try input.pressure(workingPressure, unit: unit)
        if let text = try input.value(volume) {
            changes.volume = try input.interpret(text, { try CylinderVolume.parse($0, preferred: unit) }, field: volume.spec.name)
        }
        let items = try input.values(clear).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        for item in items {
            let field = try input.interpret(String(item), CylinderField.parse, field: clear.spec.name)
            if fieldOptions.first(where: { $0.field == field })?.options.contains(where: input.isGiven) == true {
                throw InputReader.bad(
                    clear.spec.name,
                    [.text("give "), .field(field.rawValue), .text(" or "), .field(clear.spec.name), .text(" \(field.rawValue), not both")])
            }
            changes.clearing.insert(field)
        }
        return changes
    }
}
