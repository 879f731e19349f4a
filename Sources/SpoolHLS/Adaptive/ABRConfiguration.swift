/// The tuning of `AdaptiveBitrateController`. The defaults are the ones the simulation in
/// AdaptiveSimulationTests was measured with; docs/ARCHITECTURE.md says why each was chosen.
public struct ABRConfiguration: Sendable, Equatable {
    /// The throughput assumed before any download finished, in bits per second. Default
    /// 1.5 Mb/s, which starts a typical ladder at a low-middle variant.
    public var defaultBandwidthEstimate: Int
    /// The fraction of the estimate a higher variant may use. Default 0.7.
    public var upSwitchBandwidthFraction: Double
    /// The fraction of the estimate the current or a lower variant may use while the buffer
    /// is comfortable. Default 0.9; the gap to the up fraction is the hysteresis that keeps a
    /// steady network from flipping between two variants.
    public var stayBandwidthFraction: Double
    /// Buffer needed before switching up, and below which staying needs the up fraction.
    /// Default 10 s; never more than a third of the forward buffer target, nor than one segment
    /// (at least 2 s).
    public var minimumBufferForUpSwitch: Duration
    /// Buffer at or above which the controller never switches down. Default 25 s; never more
    /// than five sixths of the forward buffer target.
    public var maximumBufferForDownSwitch: Duration
    /// AVPlayerItem's `preferredForwardBufferDuration`: how much media to buffer ahead; zero
    /// or less means automatic (`automaticForwardBuffer`).
    public var preferredForwardBufferDuration: Duration
    /// How long a variant stays excluded after failing. Default 60 s.
    public var exclusionDuration: Duration
    /// Abandonment is not considered before a download has run this long, so short or
    /// just-started downloads are never abandoned on a noisy early rate. Default 500 ms.
    public var minimumElapsedBeforeAbandoning: Duration
    /// The fraction of the in-flight download's rate assumed for a lower variant fetched
    /// instead. Default 0.8.
    public var abandonmentRateFraction: Double
    /// The fraction of the estimate a higher variant may use when the buffer-based rule lifts
    /// the choice (the buffer has reached that variant's level): the estimate must sustain it,
    /// with a little room for the estimate's noise. Default 0.97.
    public var bufferBasedBandwidthFraction: Double
    /// How much buffer the buffer-based rule asks for each step up the ladder after the
    /// second variant, which it chooses from the up-switch buffer (dash.js's 2 s per level).
    /// Default 2 s; the top variant's level is never above the no-down-switch threshold.
    public var bufferPerVariant: Duration
    /// A throughput collapse: the current variant needs more than this many times the estimate
    /// (its segments take that many times their duration to download). The buffer-based rule
    /// then gives way at once, whatever is buffered, and the choice is the highest variant the
    /// estimate fits. Below it a slightly too high variant is kept while the buffer lasts.
    /// Default 1.8.
    public var collapseRatio: Double

    /// The forward buffer target used when `preferredForwardBufferDuration` is automatic: 30 s.
    public static let automaticForwardBuffer: Duration = .seconds(30)

    /// A configuration with explicit values; every parameter defaults to the documented
    /// default.
    public init(
        defaultBandwidthEstimate: Int = 1_500_000,
        upSwitchBandwidthFraction: Double = 0.7,
        stayBandwidthFraction: Double = 0.9,
        minimumBufferForUpSwitch: Duration = .seconds(10),
        maximumBufferForDownSwitch: Duration = .seconds(25),
        preferredForwardBufferDuration: Duration = .zero,
        exclusionDuration: Duration = .seconds(60),
        minimumElapsedBeforeAbandoning: Duration = .milliseconds(500),
        abandonmentRateFraction: Double = 0.8,
        bufferBasedBandwidthFraction: Double = 0.97,
        bufferPerVariant: Duration = .seconds(2),
        collapseRatio: Double = 1.8
    ) {
        self.defaultBandwidthEstimate = defaultBandwidthEstimate
        self.upSwitchBandwidthFraction = upSwitchBandwidthFraction
        self.stayBandwidthFraction = stayBandwidthFraction
        self.minimumBufferForUpSwitch = minimumBufferForUpSwitch
        self.maximumBufferForDownSwitch = maximumBufferForDownSwitch
        self.preferredForwardBufferDuration = preferredForwardBufferDuration
        self.exclusionDuration = exclusionDuration
        self.minimumElapsedBeforeAbandoning = minimumElapsedBeforeAbandoning
        self.abandonmentRateFraction = abandonmentRateFraction
        self.bufferBasedBandwidthFraction = bufferBasedBandwidthFraction
        self.bufferPerVariant = bufferPerVariant
        self.collapseRatio = collapseRatio
    }

    /// How much media to buffer ahead for segments of `segmentDuration`: the preferred
    /// duration, or 30 s when it is automatic, and never less than two segments (with less,
    /// every download would start with the buffer nearly dry).
    public func forwardBufferTarget(segmentDuration: Duration) -> Duration {
        let preferred =
            preferredForwardBufferDuration > .zero ? preferredForwardBufferDuration : Self.automaticForwardBuffer
        return max(preferred, segmentDuration * 2)
    }

    /// The up-switch buffer threshold for a forward buffer target of `target` and segments of
    /// `segmentDuration`: `minimumBufferForUpSwitch`, but never more than a third of the target
    /// nor more than one segment (at least 2 s). A whole segment buffered means the next one can
    /// take as long as it plays before the buffer runs dry, and the fit rule already asks a
    /// higher variant to download faster than that at 0.7 of the estimate; waiting for 10 s of
    /// 2 s segments kept the first 10–14 s of a session below what the network sustains.
    func upSwitchBuffer(target: Duration, segmentDuration: Duration) -> Duration {
        min(minimumBufferForUpSwitch, target / 3, max(segmentDuration, .seconds(2)))
    }

    /// The no-down-switch buffer threshold for a forward buffer target of `target`.
    func downSwitchBuffer(target: Duration) -> Duration {
        min(maximumBufferForDownSwitch, target * 5 / 6)
    }

    /// The buffer levels of the buffer-based rule for `variantCount` variants: the second
    /// variant from the up-switch buffer, each further one `bufferPerVariant` more, the top one
    /// no higher than the no-down-switch threshold.
    func bufferLevelRange(
        target: Duration, segmentDuration: Duration, variantCount: Int
    ) -> (low: Duration, high: Duration) {
        let low = upSwitchBuffer(target: target, segmentDuration: segmentDuration)
        let high = low + bufferPerVariant * max(variantCount - 2, 0)
        return (low, max(low, min(high, downSwitchBuffer(target: target))))
    }
}
