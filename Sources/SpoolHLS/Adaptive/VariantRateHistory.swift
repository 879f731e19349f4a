/// What the variants' segments really weigh: the bits per second of media of the segments
/// already fetched from each variant, so a ladder that declares only BANDWIDTH (a peak, as the
/// ffmpeg CLI writes it) is compared against the network at the rate it really needs.
///
/// A variant's rate (`rate(of:)`) is, in order: AVERAGE-BANDWIDTH when the playlist gives it;
/// else the mean of its last `segmentsKept` fetched segments (bits over media seconds); else
/// its BANDWIDTH scaled by how the measured variants compare to their own BANDWIDTH (the same
/// packager declares every rung alike); else BANDWIDTH. Measured or scaled rates never go
/// below `minimumPeakFraction` of BANDWIDTH, so one nearly empty segment (a black scene) cannot
/// make a variant look free.
public struct VariantRateHistory: Sendable, Equatable {
    private struct Measured: Sendable, Equatable {
        var bits: [Double] = []
        var seconds: [Double] = []
        var rate: Double { bits.reduce(0, +) / max(seconds.reduce(0, +), 1e-9) }
    }

    /// How many of a variant's most recent segments its measured rate is the mean of.
    public static let segmentsKept = 8
    /// The least fraction of BANDWIDTH a measured or scaled rate is taken as: 0.5.
    public static let minimumPeakFraction = 0.5
    /// The most a scaled rate is taken as, as a fraction of BANDWIDTH: 2 (a playlist that
    /// understates its rates is believed no further than that).
    public static let maximumPeakFraction = 2.0

    private var measured: [Int: Measured] = [:]
    /// BANDWIDTH of the variants that declare no AVERAGE-BANDWIDTH: the ones whose
    /// measurements say how the playlist's peaks compare to the real rates.
    private let peaks: [Int: Int]

    /// A history of `variants` with nothing measured.
    public init(variants: [VariantCandidate]) {
        var peaks: [Int: Int] = [:]
        for variant in variants where variant.averageBandwidth == nil { peaks[variant.index] = variant.bandwidth }
        self.peaks = peaks
    }

    /// Counts a fetched segment of the variant with `index`: `bytes` of media lasting
    /// `duration`. Empty segments and non-positive durations are ignored.
    public mutating func record(variantIndex index: Int, bytes: Int, duration: Duration) {
        let seconds = duration.timeInterval
        guard bytes > 0, seconds > 0 else { return }
        var entry = measured[index] ?? Measured()
        entry.bits.append(Double(bytes) * 8)
        entry.seconds.append(seconds)
        if entry.bits.count > Self.segmentsKept {
            entry.bits.removeFirst()
            entry.seconds.removeFirst()
        }
        measured[index] = entry
    }

    /// The rate, in bits per second, a download of `candidate` needs (the order in the type's
    /// documentation).
    public func rate(of candidate: VariantCandidate) -> Double {
        if let average = candidate.averageBandwidth { return Double(average) }
        let peak = Double(candidate.bandwidth)
        if let own = measured[candidate.index] { return max(own.rate, peak * Self.minimumPeakFraction) }
        guard let fraction = peakFraction else { return peak }
        return peak * min(max(fraction, Self.minimumPeakFraction), Self.maximumPeakFraction)
    }

    /// The measured rate over BANDWIDTH, averaged over the measured variants that declare no
    /// AVERAGE-BANDWIDTH; `nil` before any.
    private var peakFraction: Double? {
        let fractions = measured.compactMap { index, entry in
            peaks[index].map { entry.rate / Double(max($0, 1)) }
        }
        return fractions.isEmpty ? nil : fractions.reduce(0, +) / Double(fractions.count)
    }
}
