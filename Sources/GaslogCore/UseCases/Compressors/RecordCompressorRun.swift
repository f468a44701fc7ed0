import LogbookStore

/// Records a compressor session, in hours or as the hour meter's reading after it.
public struct RecordCompressorRun: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Record a session: the hours run, or the hour meter's reading after it."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "",
        api:
            "As `gaslog compressor run`: give hours or meter (the hour meter after the run), never both. A meter reading below the last is refused (422)."
    )

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [
        CompressorOptions.compressor, CompressorOptions.hours, CompressorOptions.meter, CompressorOptions.temperature,
        CompressorOptions.at, CompressorOptions.operator,
    ]

    /// The compressor.
    public let compressor: CompressorName
    /// The run.
    public let request: CompressorRunRequest

    /// Reads the input; exactly one of hours and meter is given.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        let hours = try input.value(CompressorOptions.hours)
        let meter = try input.value(CompressorOptions.meter)
        let (hoursName, meterName) = (CompressorOptions.hours.spec.name, CompressorOptions.meter.spec.name)
        let duration: CompressorRunRequest.Duration
        switch (hours, meter) {
        case (let hours?, nil): duration = .hours(hundredths: hours)
        case (nil, let meter?): duration = .meter(hundredths: meter)
        case (_?, _?): throw InputReader.bad(meterName, [.text("give "), .field(hoursName), .text(" or "), .field(meterName), .text(", not both")])
        case (nil, nil): throw InputReader.bad(hoursName, [.text("give "), .field(hoursName), .text(" or "), .field(meterName)])
        }
        request = CompressorRunRequest(
            duration: duration, temperature: try input.value(CompressorOptions.temperature), at: try input.value(CompressorOptions.at),
            operator: try input.value(CompressorOptions.operator))
    }

    /// Runs it in `session`: the compressor as `show` gives it, with its new filter life and meter.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        let logbook = try session.logbook()
        try EntryTimeLimit(clockOf: logbook).checkCompressorEntry(request.at, field: CompressorOptions.at.spec.name)
        try logbook.recordRun(compressor, request, actor: session.actor)
        return try CompressorResult(compressor.text, in: session)
    }
}
