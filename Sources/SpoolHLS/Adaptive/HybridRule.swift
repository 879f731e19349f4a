/// The buffer-based half of `AdaptiveBitrateController`'s hybrid rule and how it joins the
/// throughput rule (the type's documentation says why). Works on positions in the allowed
/// variants, lowest rate first.
struct HybridRule {
    let configuration: ABRConfiguration
    /// The allowed variants' real rates, lowest first.
    let rates: [Double]
    let bufferedAhead: Duration
    let segmentDuration: Duration
    let estimate: Double

    /// The position chosen, given the current variant's, the throughput rule's choice and the
    /// highest variant that fits the estimate (the throughput choice before the full-buffer
    /// hold).
    func choice(current: Int, throughput: Int, fit: Int) -> Int {
        guard estimate > 0 else { return throughput }
        if rates[current] > estimate * configuration.collapseRatio { return min(fit, throughput) }
        let target = configuration.forwardBufferTarget(segmentDuration: segmentDuration)
        let range = configuration.bufferLevelRange(
            target: target, segmentDuration: segmentDuration, variantCount: rates.count)
        guard bufferedAhead >= range.low else { return throughput }
        let levels = BufferLevelRule(rates: rates, low: range.low, high: range.high)
        var lifted = levels.choice(at: bufferedAhead)
        if lifted > current {
            let sustainable = rates.lastIndex { $0 <= estimate * configuration.bufferBasedBandwidthFraction } ?? 0
            lifted = max(min(lifted, sustainable), current)
        }
        while lifted > throughput, !arrivesInTime(lifted) { lifted -= 1 }
        return max(lifted, throughput)
    }

    /// Whether a segment of the variant at `position` downloads, at the estimate, before the
    /// buffer runs dry.
    private func arrivesInTime(_ position: Int) -> Bool {
        rates[position] * segmentDuration.timeInterval / estimate < bufferedAhead.timeInterval
    }
}
