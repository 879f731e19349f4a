import SpoolCore
import SpoolHLS

/// Where an item's subtitle cues come from: a subtitle rendition's segment stream, or a
/// sidecar file. Used by the subtitle thread only.
protocol CueFeed: AnyObject {
    /// The next batch of cues, placed on the item's timeline, waiting at most `timeout`;
    /// `nil` when nothing arrived in time.
    func next(timeout: Duration) -> CueFeedEvent?
    /// Continues from `time` on the item's timeline, in the pipeline's `generation`.
    func seek(to time: MediaTime, generation: Int)
    /// Stops the feed's downloads; later calls return `.end`.
    func close()
}

/// What a cue feed gives.
enum CueFeedEvent {
    /// Cues of a stretch of the timeline that ends at `coveredUntil`.
    case cues([LegibleCue], coveredUntil: MediaTime)
    /// No more cues.
    case end
    /// The feed failed; subtitles stop, playback goes on.
    case failed(String)
}

extension LegibleCue {
    /// A parsed cue moved by `offset` onto the item's timeline.
    init(_ cue: SubtitleCue, offset: MediaTime) {
        self.init(start: cue.start + offset, end: cue.end + offset, text: cue.text, settings: cue.settings)
    }
}
