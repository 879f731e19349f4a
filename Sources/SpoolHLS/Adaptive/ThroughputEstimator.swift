/// An estimate of the network's throughput from completed segment downloads.
///
/// Two exponentially weighted moving averages of per-download throughput, one fast and one
/// slow, each weighted by transfer time; the estimate is the lower of the two, so a drop
/// shows within seconds while a short burst of speed does not lift it (hls.js's rule).
///
/// Only transfer time is measured, so idle gaps between downloads (a full buffer) never
/// dilute the estimate. Downloads smaller than `minimumSampleBytes` are ignored: their time
/// is mostly request latency, and counting them would drag the estimate towards
/// `bytes / latency`. Weighting by transfer time means a short download moves the estimate
/// only a little even when it is counted.
public struct ThroughputEstimator: Sendable, Equatable {
    /// The estimator's tuning.
    public struct Configuration: Sendable, Equatable {
        /// Half-life of the fast average, in transfer time. Default 3 s.
        public var fastHalfLife: Duration
        /// Half-life of the slow average, in transfer time. Default 9 s.
        public var slowHalfLife: Duration
        /// Downloads with fewer bytes than this are ignored. Default 16,000 bytes.
        public var minimumSampleBytes: Int
        /// Transfer times below this are raised to it, so a download served from a cache in
        /// no measurable time cannot claim an unbounded rate. Default 10 ms.
        public var minimumTransferDuration: Duration

        /// A configuration with explicit values; every parameter defaults to the documented
        /// default.
        public init(
            fastHalfLife: Duration = .seconds(3),
            slowHalfLife: Duration = .seconds(9),
            minimumSampleBytes: Int = 16_000,
            minimumTransferDuration: Duration = .milliseconds(10)
        ) {
            self.fastHalfLife = fastHalfLife
            self.slowHalfLife = slowHalfLife
            self.minimumSampleBytes = minimumSampleBytes
            self.minimumTransferDuration = minimumTransferDuration
        }
    }

    /// The tuning this estimator was made with.
    public let configuration: Configuration
    private var fast: WeightedMovingAverage
    private var slow: WeightedMovingAverage
    /// How many downloads were counted (not ignored).
    public private(set) var sampleCount = 0

    /// An estimator with no samples.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
        fast = WeightedMovingAverage(halfLife: configuration.fastHalfLife.secondsValue)
        slow = WeightedMovingAverage(halfLife: configuration.slowHalfLife.secondsValue)
    }

    /// Counts one completed (or abandoned) download of `bytes` bytes that took
    /// `transferDuration` from sending the request to receiving the last byte. Downloads
    /// below `minimumSampleBytes`, and non-positive durations, are ignored.
    public mutating func addSample(bytes: Int, transferDuration: Duration) {
        guard bytes >= configuration.minimumSampleBytes, transferDuration > .zero else { return }
        let seconds = max(transferDuration, configuration.minimumTransferDuration).secondsValue
        let bitsPerSecond = Double(bytes) * 8 / seconds
        fast.add(bitsPerSecond, weight: seconds)
        slow.add(bitsPerSecond, weight: seconds)
        sampleCount += 1
    }

    /// The estimated throughput in bits per second: the lower of the fast and slow averages,
    /// or `nil` before the first counted download.
    public var estimate: Int? {
        guard sampleCount > 0, let fastValue = fast.value, let slowValue = slow.value else { return nil }
        return Int(min(fastValue, slowValue).rounded())
    }
}
