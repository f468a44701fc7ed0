import GaslogCore
import NitroxCalculator

/// `gaslog mod`: how deep a mix, or a cylinder's current gas, can go.
enum ModCommand {
    static let spec = CommandSpec(
        "mod", abstract: MaximumDepth.summary.commandLine, discussion: MaximumDepth.description?.commandLine,
        inputs: MaximumDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog mod --o2 32", "gaslog mod --o2 EAN36 --ppo2 1.6 --unit imperial", "gaslog mod \"Club 07\" --json"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome: Outcome<MaximumDepthResult>
        do throws(CommandError) {
            // The text says that a cylinder is retired or needs a new tag; so
            // does the JSON's `warnings`. Neither is a `warning:` line, and
            // the density is one only beside the text, as before.
            outcome = try context.run(MaximumDepth.self) { warning in
                switch warning {
                case .retired, .tagDeeper: true
                case .density: context.wantsJSON
                case .similarName, .unknownFacts, .compressorUnknownFacts, .overridden, .otherUnit, .partialPressure, .hypoxic, .renamed,
                    .unpriced:
                    false
                }
            }
        } catch {
            // A command line with neither or both is shown with the usage.
            if error.logbookError == MaximumDepth.missingSubject { throw .usage("missing '--o2 <gas>' or '<cylinder>'", ["mod"]) }
            if error.logbookError == MaximumDepth.twoSubjects { throw .usage("give either '--o2 <gas>' or '<cylinder>', not both", ["mod"]) }
            throw error
        }
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        context.output.write(outcome.output.text(context.style))
    }
}
