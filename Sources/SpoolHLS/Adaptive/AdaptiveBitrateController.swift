/// Chooses the variant of each next segment from measured throughput, the buffer level, caps,
/// a manual pin and failures. Pure logic: every input, time included, is passed in.
///
/// The rules, in order: an excluded variant is never chosen (all excluded: `.allExcluded`);
/// a pin wins over everything else; the caps narrow the choice (none passing: the lowest);
/// the first choice is the highest variant within `upSwitchBandwidthFraction` of the estimate
/// (or `defaultBandwidthEstimate` before there is one). After that, a hybrid of a
/// throughput-based and a buffer-based rule (dash.js's DYNAMIC rule joins its THROUGHPUT and
/// BOLA rules alike). Every rate below is a variant's real rate, `VariantRateHistory.rate(of:)`:
/// AVERAGE-BANDWIDTH, else what its fetched segments weigh, since BANDWIDTH is a peak.
///
/// The throughput rule: the highest variant that fits:
/// - a higher variant needs `minimumBufferForUpSwitch` of buffer and must fit in
///   `upSwitchBandwidthFraction` of the estimate;
/// - the current or a lower variant must fit in `stayBandwidthFraction` of it (the up
///   fraction while the buffer is below the up-switch threshold, so a falling buffer steps
///   down early);
/// - while playing (buffer above zero), one segment must download before the buffer runs dry;
/// - with `maximumBufferForDownSwitch` or more buffered, the current variant is kept.
/// When nothing fits, the lowest variant.
///
/// The buffer-based rule, once there is an estimate and the buffer holds the up-switch buffer:
/// BOLA's choice for the buffer level (`BufferLevelRule`, its levels from the up-switch buffer
/// up by `bufferPerVariant` a rung). Above the current variant it is capped, as dash.js's
/// BOLA-O is, at the highest variant within `bufferBasedBandwidthFraction` of the estimate (but
/// never below the current one): the buffer lifts the choice only to what the network
/// sustains, so a variant whose rate is 70–97 % of the estimate, out of the throughput rule's
/// reach, is reached and then kept. At or below the current variant it is kept while the buffer
/// stays at the current variant's level. The choice is the higher of the two rules' (so a
/// low buffer is throughput-based), and must arrive before the buffer runs dry. On a
/// throughput collapse (the current variant needs more than `collapseRatio` times the
/// estimate) the throughput rule decides at once, the full-buffer hold included: a fast
/// down-switch.
public struct AdaptiveBitrateController: Sendable, Equatable {
    /// The tuning.
    public let configuration: ABRConfiguration
    /// The variants, lowest `downloadRate` first.
    public let variants: [VariantCandidate]
    /// The variants excluded after failures; `excludeVariant(_:at:)` adds to it.
    public var exclusions = VariantExclusions()
    /// The index of the variant last decided on, `nil` before the first decision.
    public private(set) var currentIndex: Int?
    /// What the fetched segments of each variant weigh; `recordSegment` adds to it.
    public private(set) var rates: VariantRateHistory

    /// A controller choosing among `variants` (in any order); `nil` when there are none.
    public init?(variants: [VariantCandidate], configuration: ABRConfiguration = ABRConfiguration()) {
        guard !variants.isEmpty else { return nil }
        self.configuration = configuration
        self.variants = variants.sorted {
            ($0.downloadRate, $0.bandwidth, $0.index) < ($1.downloadRate, $1.bandwidth, $1.index)
        }
        rates = VariantRateHistory(variants: variants)
    }

    /// Counts a segment fetched from the variant with `index`: `bytes` of media lasting
    /// `duration`, so the rules know the variant's real rate (its BANDWIDTH is a peak).
    public mutating func recordSegment(variantIndex index: Int, bytes: Int, duration: Duration) {
        rates.record(variantIndex: index, bytes: bytes, duration: duration)
    }

    /// Excludes the variant at `index` for `configuration.exclusionDuration` from `now`;
    /// the next decision fails over to the best of the others.
    public mutating func excludeVariant(_ index: Int, at now: Duration) {
        exclusions.exclude(index, until: now + configuration.exclusionDuration)
    }

    /// Decides the variant for the next segment and makes it the current one.
    ///
    /// - Parameters:
    ///   - now: monotonic time, for exclusions.
    ///   - bufferedAhead: media buffered ahead of the playhead; zero before playback starts
    ///     or while stalled.
    ///   - segmentDuration: the next segment's duration (or the target duration).
    ///   - estimate: `ThroughputEstimator.estimate`; `nil` uses the default estimate.
    ///   - caps: the current caps.
    ///   - pinnedIndex: a variant chosen by hand, or `nil` for automatic selection; an index
    ///     naming no variant is ignored.
    public mutating func selectVariant(
        at now: Duration, bufferedAhead: Duration, segmentDuration: Duration, estimate: Int?,
        caps: AdaptiveCaps = .none, pinnedIndex: Int? = nil
    ) -> ABRDecision {
        let usable = variants.filter { !exclusions.isExcluded($0.index, at: now) }
        guard !usable.isEmpty else { return allExcludedDecision(at: now) }
        var failingOver = currentIndex.map { exclusions.isExcluded($0, at: now) } ?? false
        if let pinnedIndex, variants.contains(where: { $0.index == pinnedIndex }) {
            if !exclusions.isExcluded(pinnedIndex, at: now) { return commit(pinnedIndex, .pinned) }
            failingOver = true
        }
        var allowed = caps.filter(usable)
        if allowed.isEmpty { allowed = [usable[0]] }
        let bitsPerSecond = Double(estimate ?? configuration.defaultBandwidthEstimate)

        guard let current = currentIndex, let currentRank = rank(of: current) else {
            let upRate = bitsPerSecond * configuration.upSwitchBandwidthFraction
            let first = allowed.last { Double($0.downloadRate) <= upRate } ?? allowed[0]
            return commit(first.index, failingOver ? .failover : .initial)
        }
        let rule = FitRule(
            configuration: configuration, currentRank: currentRank, bufferedAhead: bufferedAhead,
            segmentDuration: segmentDuration, estimate: bitsPerSecond)
        let fitPosition =
            allowed.lastIndex { rule.fits(rate: rates.rate(of: $0), rank: rank(of: $0.index) ?? 0) } ?? 0
        var choice = allowed[fitPosition]
        let currentPosition = allowed.firstIndex { $0.index == current }
        let target = configuration.forwardBufferTarget(segmentDuration: segmentDuration)
        if currentPosition != nil, (rank(of: choice.index) ?? 0) < currentRank,
            bufferedAhead >= configuration.downSwitchBuffer(target: target)
        {
            choice = variants[currentRank]
        }
        if let currentPosition, estimate != nil {
            let throughputPosition = allowed.firstIndex { $0.index == choice.index } ?? fitPosition
            let hybrid = HybridRule(
                configuration: configuration, rates: allowed.map { rates.rate(of: $0) },
                bufferedAhead: bufferedAhead, segmentDuration: segmentDuration, estimate: bitsPerSecond)
            choice =
                allowed[
                    hybrid.choice(current: currentPosition, throughput: throughputPosition, fit: fitPosition)]
        }
        let currentAllowed = currentPosition != nil

        let reason: ABRDecision.Reason
        if failingOver {
            reason = .failover
        } else if choice.index == current {
            reason = .stay
        } else if !currentAllowed {
            reason = .capped
        } else {
            reason = (rank(of: choice.index) ?? 0) > currentRank ? .up : .down
        }
        return commit(choice.index, reason)
    }

    /// The position of the variant with `index` in `variants` (its rank by rate).
    func rank(of index: Int) -> Int? {
        variants.firstIndex { $0.index == index }
    }

    mutating func commit(_ index: Int, _ reason: ABRDecision.Reason) -> ABRDecision {
        currentIndex = index
        return ABRDecision(variantIndex: index, reason: reason)
    }

    private mutating func allExcludedDecision(at now: Duration) -> ABRDecision {
        let deadlines = variants.map { ($0.index, exclusions.deadline(of: $0.index, at: now) ?? now) }
        let soonest = deadlines.min { $0.1 < $1.1 } ?? (variants[0].index, now)
        return commit(soonest.0, .allExcluded(until: soonest.1))
    }
}

/// Whether a variant fits the current throughput and buffer (the throughput rule in
/// `AdaptiveBitrateController`'s documentation).
private struct FitRule {
    let configuration: ABRConfiguration
    let currentRank: Int
    let bufferedAhead: Duration
    let segmentDuration: Duration
    let estimate: Double

    func fits(rate: Double, rank: Int) -> Bool {
        let target = configuration.forwardBufferTarget(segmentDuration: segmentDuration)
        let lowBuffer = bufferedAhead < configuration.upSwitchBuffer(target: target, segmentDuration: segmentDuration)
        let isHigher = rank > currentRank
        if isHigher && lowBuffer { return false }
        let fraction =
            isHigher || lowBuffer ? configuration.upSwitchBandwidthFraction : configuration.stayBandwidthFraction
        let usableRate = estimate * fraction
        guard usableRate > 0, rate <= usableRate else { return false }
        guard bufferedAhead > .zero else { return true }
        let fetchSeconds = rate * segmentDuration.timeInterval / usableRate
        return fetchSeconds < bufferedAhead.timeInterval
    }
}
