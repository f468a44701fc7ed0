import LogbookStore
import NitroxCalculator

/// Records a breathing-air test's result and judges it by EN 12021:2014.
public struct RecordAirTest: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Record a breathing-air test, judged by EN 12021:2014."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "",
        api:
            "As `gaslog compressor test`: every value is needed, and the test is judged by EN 12021:2014 (O2 20.0–22.0 %, CO2 ≤ 500 ml/m³, CO ≤ 5 ml/m³, oil ≤ 0.5 mg/m³, water ≤ 50 mg/m³ at 40–200 bar or ≤ 35 above 200 bar; a value at its limit passes). A pressure below 40 bar is refused (400)."
    )

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [
        CompressorOptions.compressor, CompressorOptions.o2, CompressorOptions.co2, CompressorOptions.co, CompressorOptions.oil,
        CompressorOptions.water, CompressorOptions.pressure, CompressorOptions.testDate, CompressorOptions.lab,
        CompressorOptions.certificate, CompressorOptions.note,
    ]

    /// The compressor.
    public let compressor: CompressorName
    /// The test.
    public let request: AirTestRequest

    /// Reads the input: every value is required, and a pressure below 40 bar has no line in the standard.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        let oxygen = try input.value(CompressorOptions.o2)
        let carbonDioxide = try input.value(CompressorOptions.co2)
        let carbonMonoxide = try input.value(CompressorOptions.co)
        let oil = try input.value(CompressorOptions.oil)
        let water = try input.value(CompressorOptions.water)
        let pressure = try input.value(CompressorOptions.pressure)
        guard pressure >= BreathingAirStandard.minimumPressureBar else {
            let name = CompressorOptions.pressure.spec.name
            throw InputReader.bad(
                name,
                [
                    .field(name),
                    .text(
                        " \(pressure) bar is below \(BreathingAirStandard.minimumPressureBar) bar: \(BreathingAirStandard.name) has no limit for it"),
                ])
        }
        let date = try input.value(CompressorOptions.testDate)
        request = AirTestRequest(
            sample: AirSample(
                oxygenPermille: oxygen, carbonDioxidePPM: carbonDioxide, carbonMonoxideTenthsPPM: carbonMonoxide,
                oilHundredthsMilligrams: oil, waterTenthsMilligrams: water, pressureBar: pressure),
            at: date.map(LocalTime.start(of:)), lab: try input.value(CompressorOptions.lab),
            certificate: try input.value(CompressorOptions.certificate), note: try input.value(CompressorOptions.note))
    }

    /// Runs it in `session`: the test as `last_test` shows it.
    public func run(in session: Session) throws(LogbookError) -> AirTestResult {
        let logbook = try session.logbook()
        let limit = EntryTimeLimit(clockOf: logbook)
        try limit.checkCompressorEntry(request.at, field: CompressorOptions.testDate.spec.name)
        let test = try logbook.recordAirTest(compressor, request, actor: session.actor)
        let status = try logbook.compressorStatus(compressor, latest: limit.latest)
        return AirTestResult(test: test, airTestMonths: status.airTestMonths)
    }
}
