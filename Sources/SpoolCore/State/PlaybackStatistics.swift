/// Counters an item's pipeline keeps while it plays: the raw material of the access log and
/// of `spool play --stats`.
public struct PlaybackStatistics: Sendable, Equatable, Codable {
    /// Video frames that came out of the decoder.
    public var framesDecoded = 0
    /// Video frames shown by the video output.
    public var framesPresented = 0
    /// Video frames skipped because they were late.
    public var framesDropped = 0
    /// Audio frames (samples per channel) handed to the audio output.
    public var audioFramesOutput = 0
    /// Seconds from the start of loading to the first frame presented (or first audio heard).
    public var startupTime: Double?
    /// Times playback stalled waiting for data.
    public var stalls = 0
    /// Seconds spent stalled.
    public var stallTime: Double = 0
    /// Bytes read from the source.
    public var bytesTransferred: Int64 = 0
    /// Bytes of media held in the pipeline now — demuxed packets and decoded pictures waiting
    /// in its queues (`nil` where the engine does not say). Drops to 0 when a long pause
    /// releases them (`Player.resourceReleaseDelay`).
    public var bufferedBytes: Int64?
    /// Bits per second the source delivered while reading (0 when unknown).
    public var observedBitrate: Double = 0
    /// HLS: times the variant changed between consecutive segments.
    public var variantSwitches = 0
    /// HLS: the mean BANDWIDTH of the variants played, weighted by time (`nil` otherwise).
    public var indicatedBitrate: Double?
    /// Packets (or the frames they held) the decoders rejected as damaged and skipped, as
    /// ffmpeg and mpv do, instead of ending playback.
    public var damagedPacketsSkipped = 0
    /// The median of |presented frame time − master clock| in milliseconds.
    public var avSyncErrorP50Ms: Double?
    /// The 99th percentile of the same.
    public var avSyncErrorP99Ms: Double?

    /// Empty statistics.
    public init() {}
}

/// Collects A/V sync errors and reports percentiles, in bounded memory.
///
/// Errors are kept in a histogram of 0.1 ms buckets up to 1 s (larger errors land in the
/// last bucket), so percentiles are exact to 0.1 ms however long playback runs.
package struct SyncErrorHistogram: Sendable {
    private var buckets = [Int](repeating: 0, count: 10_001)
    private(set) var count = 0

    /// An empty histogram.
    package init() {}

    /// Adds one observation of `errorMs` milliseconds (the sign is ignored).
    package mutating func add(_ errorMs: Double) {
        guard errorMs.isFinite else { return }
        let index = min(Int((abs(errorMs) * 10).rounded()), buckets.count - 1)
        buckets[index] += 1
        count += 1
    }

    /// The smallest error not exceeded by `fraction` of observations; `nil` when empty.
    package func percentile(_ fraction: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((fraction * Double(count)).rounded(.up)))
        var seen = 0
        for (index, bucket) in buckets.enumerated() {
            seen += bucket
            if seen >= rank { return Double(index) / 10 }
        }
        return Double(buckets.count - 1) / 10
    }
}
