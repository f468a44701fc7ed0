import LogbookStore

/// The fill-station tolerance between the blender's analysis and the
/// diver's: 1 point of O2, 2 of helium (``FillRequest/analysisTolerancePermille``
/// and ``FillRequest/heliumTolerancePermille``).
enum AnalysisTolerance {
    /// Refuses a fill whose two analyses disagree by more than the
    /// tolerances, unless the difference was accepted.
    static func check(_ request: FillRequest) throws(LogbookError) {
        guard let diverMix = request.diverMix, !request.acceptsDifference else { return }
        let oxygen = abs(diverMix.oxygenPermille - request.mix.oxygenPermille)
        let helium = request.diverAnalysedHelium ? abs(diverMix.heliumPermille - request.mix.heliumPermille) : 0
        guard oxygen > FillRequest.analysisTolerancePermille || helium > FillRequest.heliumTolerancePermille else { return }
        throw LogbookError(.toleranceExceeded(blender: request.mix, diver: diverMix))
    }
}
