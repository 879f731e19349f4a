/// Chooses the variant of each next segment from measured throughput, the buffer level, caps,
/// a manual pin and failures. Pure logic: every input, time included, is passed in.
///
/// The rules, in order: an excluded variant is never chosen (all excluded: `.allExcluded`);
/// a pin wins over everything else; the caps narrow the choice (none passing: the lowest);
/// the first choice is the highest variant within `upSwitchBandwidthFraction` of the estimate
/// (or `defaultBandwidthEstimate` before there is one). After that, the choice is the highest
/// variant that fits:
/// - a higher variant needs `minimumBufferForUpSwitch` of buffer and must fit in
///   `upSwitchBandwidthFraction` of the estimate;
/// - the current or a lower variant must fit in `stayBandwidthFraction` of it (the up
///   fraction while the buffer is below the up-switch threshold, so a falling buffer steps
///   down early);
/// - while playing (buffer above zero), one segment must download before the buffer runs dry;
/// - with `maximumBufferForDownSwitch` or more buffered, the current variant is kept.
/// When nothing fits, the lowest variant.
public struct AdaptiveBitrateController: Sendable, Equatable {
    /// The tuning.
    public let configuration: ABRConfiguration
    /// The variants, lowest `downloadRate` first.
    public let variants: [VariantCandidate]
    /// The variants excluded after failures; `excludeVariant(_:at:)` adds to it.
    public var exclusions = VariantExclusions()
    /// The index of the variant last decided on, `nil` before the first decision.
    public private(set) var currentIndex: Int?

    /// A controller choosing among `variants` (in any order); `nil` when there are none.
    public init?(variants: [VariantCandidate], configuration: ABRConfiguration = ABRConfiguration()) {
        guard !variants.isEmpty else { return nil }
        self.configuration = configuration
        self.variants = variants.sorted {
            ($0.downloadRate, $0.bandwidth, $0.index) < ($1.downloadRate, $1.bandwidth, $1.index)
        }
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
        var choice = allowed.last { rule.fits($0, rank: rank(of: $0.index) ?? 0) } ?? allowed[0]
        let currentAllowed = allowed.contains { $0.index == current }
        let target = configuration.forwardBufferTarget(segmentDuration: segmentDuration)
        if currentAllowed, (rank(of: choice.index) ?? 0) < currentRank,
            bufferedAhead >= configuration.downSwitchBuffer(target: target)
        {
            choice = variants[currentRank]
        }

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

/// Whether a variant fits the current throughput and buffer (the list in
/// `AdaptiveBitrateController`'s documentation).
private struct FitRule {
    let configuration: ABRConfiguration
    let currentRank: Int
    let bufferedAhead: Duration
    let segmentDuration: Duration
    let estimate: Double

    func fits(_ candidate: VariantCandidate, rank: Int) -> Bool {
        let target = configuration.forwardBufferTarget(segmentDuration: segmentDuration)
        let lowBuffer = bufferedAhead < configuration.upSwitchBuffer(target: target, segmentDuration: segmentDuration)
        let isHigher = rank > currentRank
        if isHigher && lowBuffer { return false }
        let fraction =
            isHigher || lowBuffer ? configuration.upSwitchBandwidthFraction : configuration.stayBandwidthFraction
        let usableRate = estimate * fraction
        let rate = Double(candidate.downloadRate)
        guard usableRate > 0, rate <= usableRate else { return false }
        guard bufferedAhead > .zero else { return true }
        let fetchSeconds = rate * segmentDuration.timeInterval / usableRate
        return fetchSeconds < bufferedAhead.timeInterval
    }
}
