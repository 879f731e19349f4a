/// Receives an item's subtitle cues at presentation time (AVPlayerItemLegibleOutput's
/// counterpart, with an `AsyncStream` instead of a delegate).
///
/// Guarantees: each cue of the selected subtitle rendition (or the item's
/// `externalSubtitleURL`) is yielded once, in start order, when the playhead reaches its start
/// (cues already showing when playback starts or lands after a seek included), with its own
/// start and end, so a renderer can show it until `end`. After a seek or a selection change
/// the cues continue from the new position. Cues are buffered without limit until consumed.
@MainActor
public final class PlayerItemLegibleOutput {
    /// The cues, for as long as the output exists.
    public let cues: AsyncStream<LegibleCue>
    private let continuation: AsyncStream<LegibleCue>.Continuation

    /// An output; add it to an item with `PlayerItem.add(_:)`.
    public init() {
        (cues, continuation) = AsyncStream.makeStream(of: LegibleCue.self, bufferingPolicy: .unbounded)
    }

    deinit {
        continuation.finish()
    }

    func deliver(_ cue: LegibleCue) {
        continuation.yield(cue)
    }
}
