/// What the adaptive rules know about one variant stream.
///
/// Pass only variants the player can decode and switch between seamlessly (the same codec
/// family and renditions): the rules compare bit rates and sizes, nothing else.
public struct VariantCandidate: Sendable, Equatable {
    /// The variant's position in the multivariant playlist's `variants`; every decision names
    /// variants by this index.
    public let index: Int
    /// BANDWIDTH: peak bits per second. The peak bit-rate cap compares against it.
    public let bandwidth: Int
    /// AVERAGE-BANDWIDTH: average bits per second, when the playlist says.
    public let averageBandwidth: Int?
    /// RESOLUTION, when the playlist says (audio-only variants have none).
    public let resolution: Resolution?

    /// A candidate with explicit values.
    public init(index: Int, bandwidth: Int, averageBandwidth: Int? = nil, resolution: Resolution? = nil) {
        self.index = index
        self.bandwidth = bandwidth
        self.averageBandwidth = averageBandwidth
        self.resolution = resolution
    }

    /// The candidate for `variant`, found at `index` in its multivariant playlist.
    public init(_ variant: Variant, index: Int) {
        self.init(
            index: index, bandwidth: variant.bandwidth, averageBandwidth: variant.averageBandwidth,
            resolution: variant.resolution)
    }

    /// The rate a download of this variant is expected to need, in bits per second:
    /// AVERAGE-BANDWIDTH when given, else BANDWIDTH. Throughput is compared against it,
    /// because over a segment the stream averages its average, not its peak.
    public var downloadRate: Int { averageBandwidth ?? bandwidth }

    /// The expected size of a segment of `duration`, in bytes, at `downloadRate`.
    public func expectedBytes(forSegmentOf duration: Duration) -> Int {
        Int((Double(downloadRate) * duration.timeInterval / 8).rounded(.up))
    }
}
