/// An estimate of the network's throughput from completed segment downloads.
///
/// The estimate is the byte-weighted median throughput of the most recent downloads that
/// together hold `windowBytes` (the oldest download in the window counts only in part). A
/// median ignores a lone outlier, such as one download that spanned a short outage, yet
/// follows a real change as soon as more than half of the window's bytes were transferred at
/// the new rate: on a 2 MB window, one 3 Mb/s 4-second segment, or three 800 kb/s ones.
///
/// Weighting by bytes makes small downloads count little: their time is mostly request
/// latency, which would drag the estimate towards `bytes / latency`. Downloads smaller than
/// `minimumSampleBytes` are ignored outright. Only transfer time is measured, so idle gaps
/// between downloads (a full buffer) never dilute the estimate.
public struct ThroughputEstimator: Sendable, Equatable {
    /// The estimator's tuning.
    public struct Configuration: Sendable, Equatable {
        /// How many of the most recent bytes the median is taken over. Default 2,000,000.
        public var windowBytes: Int
        /// Downloads with fewer bytes than this are ignored. Default 16,000 bytes.
        public var minimumSampleBytes: Int
        /// Transfer times below this are raised to it, so a download served from a cache in
        /// no measurable time cannot claim an unbounded rate. Default 10 ms.
        public var minimumTransferDuration: Duration

        /// A configuration with explicit values; every parameter defaults to the documented
        /// default.
        public init(
            windowBytes: Int = 2_000_000, minimumSampleBytes: Int = 16_000,
            minimumTransferDuration: Duration = .milliseconds(10)
        ) {
            self.windowBytes = windowBytes
            self.minimumSampleBytes = minimumSampleBytes
            self.minimumTransferDuration = minimumTransferDuration
        }
    }

    private struct Sample: Sendable, Equatable {
        var bitsPerSecond: Double
        var bytes: Int
    }

    /// The tuning this estimator was made with.
    public let configuration: Configuration
    /// The window, oldest first; the byte counts add up to at most `windowBytes`.
    private var samples: [Sample] = []
    private var windowTotal = 0
    /// How many downloads were counted (not ignored).
    public private(set) var sampleCount = 0

    /// An estimator with no samples.
    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Counts one completed (or abandoned) download of `bytes` bytes that took
    /// `transferDuration` from sending the request to receiving the last byte. Downloads
    /// below `minimumSampleBytes`, and non-positive durations, are ignored.
    public mutating func addSample(bytes: Int, transferDuration: Duration) {
        guard bytes >= configuration.minimumSampleBytes, transferDuration > .zero else { return }
        let seconds = max(transferDuration, configuration.minimumTransferDuration).timeInterval
        samples.append(Sample(bitsPerSecond: Double(bytes) * 8 / seconds, bytes: bytes))
        windowTotal += bytes
        sampleCount += 1
        let limit = max(configuration.windowBytes, 1)
        while windowTotal > limit {
            let excess = windowTotal - limit
            if samples[0].bytes <= excess {
                windowTotal -= samples.removeFirst().bytes
            } else {
                samples[0].bytes -= excess
                windowTotal -= excess
            }
        }
    }

    /// The estimated throughput in bits per second, or `nil` before the first counted
    /// download: the lowest rate at which at least half of the window's bytes were
    /// transferred at that rate or lower.
    public var estimate: Int? {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted { $0.bitsPerSecond < $1.bitsPerSecond }
        let half = Double(windowTotal) / 2
        var accumulated = 0.0
        for sample in sorted {
            accumulated += Double(sample.bytes)
            if accumulated >= half { return Int(sample.bitsPerSecond.rounded()) }
        }
        return Int(sorted[sorted.count - 1].bitsPerSecond.rounded())
    }
}
