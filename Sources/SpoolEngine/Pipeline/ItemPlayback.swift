import Foundation
import SpoolCore

/// What the Player learns about an item when its pipeline is ready.
package struct ItemPlaybackInfo: Sendable, Equatable {
    /// The item's duration; `indefinite` for live streams.
    package var duration: MediaTime
    /// The tracks being played.
    package var tracks: [AssetTrack]
    /// The video's display size in pixels; zero without video.
    package var presentationWidth: Int
    package var presentationHeight: Int
    /// Where seeking is possible.
    package var seekableTimeRanges: [TimeRange]
}

/// Buffer levels, as the item reports them.
package struct ItemBufferStatus: Sendable, Equatable {
    package var isPlaybackLikelyToKeepUp: Bool
    package var isPlaybackBufferEmpty: Bool
    package var isPlaybackBufferFull: Bool
    package var loadedTimeRanges: [TimeRange]
}

/// What an item's pipeline reports to the Player, in order.
package enum ItemPlaybackEvent: Sendable {
    /// Opened and primed: playback can start.
    case ready(ItemPlaybackInfo)
    /// The first video frame is on screen (or, without video, the first audio is playing).
    case firstFrame
    /// Buffer levels changed.
    case buffer(ItemBufferStatus)
    /// Waiting for data started (`true`) or ended (`false`) while the rate is non-zero.
    case stalled(Bool)
    /// The seek with this ID finished: playback landed at `landed` on the item's timeline (the
    /// first frame shown, or without video the first sample played; the keyframe before the
    /// target for a keyframe seek). A seek the player abandons is never reported.
    case seekCompleted(id: Int, landed: MediaTime)
    /// The media stopped before its container said it would (a truncated file): everything
    /// there was played, and `playedToEnd` follows. An item that fails on an early end
    /// (`PipelineItemRequest.failsOnEarlyEnd`) gets `failedToPlayToEnd` instead.
    case endedEarly(PlaybackError)
    /// The item played to its end.
    case playedToEnd
    /// Playback started but could not reach the end (truncated file, lost connection).
    case failedToPlayToEnd(PlaybackError)
    /// The item could not be played at all.
    case failed(PlaybackError)
    /// The renditions playing changed (resolved at start, or after `select`).
    case mediaSelection(MediaSelection)
    /// A subtitle cue reached its start time.
    case cue(LegibleCue)
}

/// One item's running pipeline, driven by the Player on the main actor.
///
/// Every method returns promptly (the work happens on the pipeline's own threads) and may be
/// called from the main actor. `events` delivers in order and finishes after `stop()` or a
/// terminal failure.
package protocol ItemPlayback: AnyObject, Sendable {
    /// The pipeline's reports, in order.
    var events: AsyncStream<ItemPlaybackEvent> { get }

    /// Opens the item and primes it, paused, positioned at `startTime` (or the start).
    func start(at startTime: MediaTime?)

    /// Plays at `rate` (> 0) or pauses (0).
    func setRate(_ rate: Double, algorithm: AudioTimePitchAlgorithm)

    /// Sets the audible gain, 0...1 (0 when muted).
    func setVolume(_ volume: Float)

    /// Shows video frames `delay` earlier against the audio-driven clock, so the audio is heard
    /// `delay` later than the video it belongs with (negative: earlier); the audio itself is
    /// untouched. Takes effect from the next frame.
    func setAudioDelay(_ delay: MediaTime)

    /// Delivers subtitle cues `delay` later than their stated times (their `start` and `end`
    /// moved by it); cues delivered before the change keep their times.
    func setSubtitleDelay(_ delay: MediaTime)

    /// Runs the audio and video through these libavfilter chains (`nil`: none) from the next
    /// buffer and frame on; what the previous chain still held is played first.
    func setFilterChains(audio: String?, video: String?)

    /// Whether playback, after a stall, waits until the buffer is likely to keep up
    /// (`Player.automaticallyWaitsToMinimizeStalling`) or resumes with the first data.
    func setWaitsToMinimizeStalling(_ waits: Bool)

    /// Moves to `time`, landing within the tolerances; completes with `.seekCompleted(id:)`.
    /// A newer seek abandons an older one. Returns `false`, doing nothing, only when the
    /// item's audio already handed the shared device to the prerolled next item (a gapless
    /// join under way) and that item still holds it: the player stops the prerolled item and
    /// seeks again, which takes the device back.
    @discardableResult
    func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime, id: Int) -> Bool

    /// The current playhead.
    func currentTime() -> MediaTime

    /// A snapshot of the counters.
    func statistics() -> PlaybackStatistics

    /// Stops everything and releases the outputs' use; idempotent.
    func stop()

    /// Switches the rendition of `characteristic` to `option` (`nil`: none) while playing.
    func select(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic)

    /// Plays the HLS variant at `index` of the multivariant playlist from the next segment on
    /// (manual quality), or chooses adaptively again with `nil`.
    func pinVariant(_ index: Int?)

    /// Opens and primes the item as the one after `current` in a queue (gapless preroll),
    /// from its start: nothing reaches the outputs until `activate()`, except that its audio follows
    /// the current item's last sample when that item's audio ends (the shared output's
    /// hand-over). Its events wait, buffered, for the player to consume them.
    func prepareAsNext(after current: (any ItemPlayback)?)

    /// The prerolled item became current: its video may be shown, its clock may run.
    func activate()

    /// A long pause: free the buffered packets and frames and the decoders' pools, and
    /// resume from the paused position when played again. Ignored unless paused.
    func releaseResources()
}

extension ItemPlayback {
    /// Engines without renditions ignore selections.
    func select(_ option: MediaSelectionOption?, for characteristic: MediaCharacteristic) {}

    /// Engines without variants ignore them.
    func pinVariant(_ index: Int?) {}

    /// Engines without preroll just start; they are current once adopted.
    func prepareAsNext(after current: (any ItemPlayback)?) { start(at: nil) }

    func activate() {}

    /// Engines without buffers of their own have nothing to release.
    func releaseResources() {}

    /// Engines without a clock of their own have nothing to delay.
    func setAudioDelay(_ delay: MediaTime) {}

    /// Engines without subtitles have nothing to delay.
    func setSubtitleDelay(_ delay: MediaTime) {}

    /// Engines without decoders of their own have nothing to filter.
    func setFilterChains(audio: String?, video: String?) {}
}
