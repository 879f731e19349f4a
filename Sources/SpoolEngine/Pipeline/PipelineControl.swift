import SpoolCore
import SpoolMedia

/// A seek the pipeline has been asked for.
struct SeekRequest: Sendable, Equatable {
    let id: Int
    let target: MediaTime
    let toleranceBefore: MediaTime
    let toleranceAfter: MediaTime

    /// Frames starting before this time (and samples before it) are discarded after the seek,
    /// so the first frame shown is the first at or after the target (zero tolerance; the frame
    /// `ffmpeg -ss T` gives) or lies within the tolerance.
    /// `nil` for a keyframe seek (infinite tolerance: show whatever the keyframe gives).
    var discardBefore: MediaTime? {
        guard toleranceBefore.isNumeric else { return nil }
        return target - toleranceBefore
    }

    /// This request landing on the keyframe at `keyframe`, when its tolerance reaches back that
    /// far: the samples and frames before the keyframe are discarded too, so a keyframe seek
    /// starts at its keyframe as a whole (mpv and AVPlayer land there), not at the audio read
    /// with it (80 ms earlier on an AAC track) while the clock ran on from the target. `nil`
    /// when the tolerance stops short of the keyframe or the keyframe lies after the target.
    func landing(onKeyframeAt keyframe: MediaTime) -> SeekRequest? {
        guard keyframe.isNumeric, target.isNumeric, keyframe <= target else { return nil }
        let gap = target - keyframe
        guard gap > .zero, !toleranceBefore.isNumeric || gap <= toleranceBefore else { return nil }
        return SeekRequest(id: id, target: target, toleranceBefore: gap, toleranceAfter: toleranceAfter)
    }

    /// The same request `offset` later: an item-time request made before the item opened,
    /// moved onto the stream's timestamps once their origin is known.
    func shifted(by offset: MediaTime) -> SeekRequest {
        SeekRequest(id: id, target: target + offset, toleranceBefore: toleranceBefore, toleranceAfter: toleranceAfter)
    }
}

/// Everything the pipeline threads share, behind one condition variable: every change
/// wakes every waiting thread, which re-checks what it waits for. There are few changes
/// (user commands, end of stream), so the broadcast costs nothing that matters.
struct PipelineControlState: Sendable {
    /// The requested rate; 0 is paused.
    var rate: Double = 0
    var algorithm: AudioTimePitchAlgorithm = .timeDomain
    var volume: Float = 1
    /// How much later the audio is heard than the video it belongs with (mpv's `audio-delay`):
    /// the render thread shows a frame when the clock reaches its time minus this.
    var audioDelay: MediaTime = .zero
    /// How much later subtitle cues are shown than their stated times (mpv's `sub-delay`).
    var subtitleDelay: MediaTime = .zero
    /// The user's libavfilter chains (`--af`, `--vf`); the audio and decode threads switch to
    /// a changed one at their next buffer or frame.
    var audioFilterChain: String?
    var videoFilterChain: String?
    /// The factor every audio sample is multiplied by: the item's ReplayGain (1: none).
    var audioGain: Float = 1
    /// Where the item is in its life; changed only by `advance(_:)`.
    private(set) var phase = PipelinePhase.probing
    /// Whether `stop()` ran: every thread returns.
    var stopped: Bool { phase == .stopped }
    /// Bumped by every seek. Queue elements and decoder state from an older generation are stale.
    var generation = 0
    /// The stream's timestamp at item time 0 (the container's start; for HLS, the first
    /// segment's): the pipeline runs on the stream's timestamps, `Player` on item time, from 0
    /// to the duration. `nil` until the source is open: requests made before then are in item
    /// time and are moved when it is set (`settleTimelineOrigin`).
    var timelineOrigin: MediaTime?
    /// The item's duration (on its timeline) once the source is open and says it; `nil`
    /// before and for live streams. The reported playhead never passes it.
    var itemDuration: MediaTime?
    /// The seek that started the current generation (nil for the initial one); on the
    /// stream's timestamps once `timelineOrigin` is set.
    var seek: SeekRequest?
    /// The latest seek the demuxer has not performed yet.
    var pendingDemuxSeek: SeekRequest?
    /// Whether the first frame (or first audio, without video) of the current generation is out.
    var generationStarted = false
    /// Which streams reached their end in the current generation.
    var videoEnded = false
    var audioEnded = false
    /// Where the media that ended in the current generation ends (the later of the last
    /// frame's end and the last sample's), the time the item's clock stops at, at the latest.
    var mediaEnd: MediaTime?
    /// Why reading stopped early in the current generation, if it did.
    var readFailure: PlaybackError?
    /// Why the media stopped before its container said it would (a truncated file) in the
    /// current generation: everything there was played, so the end is an end, with this as
    /// its warning, unless the item fails on an early end (`PipelineItemRequest`).
    var earlyEnd: PlaybackError?
    /// Whether the demuxer read to the end (or failed) in the current generation: packet
    /// queues that run dry then are the end draining, not a starved source.
    var sourceEnded = false
    /// Whether the end of the current generation was reported, or the item stopped: either
    /// way no end (and no failure) is reported any more.
    var endReported: Bool { phase == .ended || phase == .stopped }
    /// Whether the stream reported a stall that has not ended.
    var isStalled = false
    /// `Player.automaticallyWaitsToMinimizeStalling`: after a stall, wait until the buffer is
    /// likely to keep up instead of resuming on the first packet (and stalling again).
    var waitsToMinimizeStalling = true
    /// The demux thread's judgement of the packet queues: enough ahead to play on without
    /// stalling, or a queue full, or the end reached. Cleared when a stall begins.
    var bufferCanResume = true
    /// Whether the item's first frame (or first audio) was reported.
    var firstFrameReported = false
    /// Untimed playback with subtitles: the end waits until the subtitle thread has delivered
    /// every cue of the generation (`subtitlesDoneGeneration`), so a fast run loses none.
    var endWaitsForSubtitles = false
    var subtitlesDoneGeneration: Int?
    /// Whether the video output shows video (its window is not hidden or minimised). While it
    /// does not, the video decoder idles and audio plays on: background playback.
    var isVideoShown = true
    /// Whether the item is the player's current one. A prerolled item (the next of a queue)
    /// is not: it opens, decodes and waits, and shows nothing until the player makes it current.
    var isActive = true
    /// Whether the item's audio has written to the device: for a prerolled item, the current
    /// item handed the device over, and its first frame may be shown when the clock reaches it.
    var audioHasDevice = false
    /// Whether the item before this prerolled one presented its last frame (or has no video):
    /// two render threads never present to the one video output at once.
    var previousVideoDone = false
    /// Whether the item's audio gave the device to the next item at its end (gapless): the
    /// next item is audible, and this item's audio counts as ended until a seek takes the
    /// device back (once the player stopped the next item; `PipelinePlayback.seek`).
    var audioHandedOver = false
    /// Whether the item's audio thread is gone after a hand-over (a write after it was
    /// refused): no seek can bring its audio back, so none takes the device back either.
    var audioWritesEnded = false
    /// A file's audio track chosen while playing that the demux thread has not switched to yet.
    var pendingAudioSwitch: AudioSwitchRequest?
    /// Where the item ends early (`forwardPlaybackEndTime`, an interstitial): set once, before
    /// the pipeline threads start.
    var endTime: MediaTime?
    /// A long pause released the queued packets and frames and the decoders' pools; the
    /// demuxer waits until playback resumes (or a seek), then re-reads from the paused
    /// position (`pendingDemuxSeek`).
    var resourcesReleased = false
}

extension PipelineControlState {
    /// Moves the item to its next phase (`PipelinePhase.after(_:)`). Returns `false`, and
    /// changes nothing, when `event` does not apply: a second end, or anything after a stop.
    @discardableResult
    mutating func advance(_ event: PipelineLifecycleEvent) -> Bool {
        guard let next = phase.after(event) else { return false }
        phase = next
        return true
    }

    /// Fixes the timeline's origin once the source is open, and moves the seek asked for
    /// meanwhile (a start position, a chapter) from item time onto the stream's timestamps.
    mutating func settleTimelineOrigin(_ origin: MediaTime) {
        guard timelineOrigin == nil else { return }
        timelineOrigin = origin
        seek = seek?.shifted(by: origin)
        pendingDemuxSeek = pendingDemuxSeek?.shifted(by: origin)
    }

    /// `time` on the item's timeline (from 0) moved onto the stream's timestamps; unchanged
    /// before the origin is known (`settleTimelineOrigin` moves it then).
    func streamTime(ofItemTime time: MediaTime) -> MediaTime {
        timelineOrigin.map { time + $0 } ?? time
    }

    /// Starts the generation of `request` (a seek, or a release's re-read): older queue
    /// elements and decoder state become stale, the end bookkeeping starts over, and the
    /// demuxer performs the request — at once, or with `holdingReads` once playback resumes.
    /// Returns the new generation.
    @discardableResult
    mutating func beginGeneration(for request: SeekRequest, holdingReads: Bool) -> Int {
        generation += 1
        resourcesReleased = holdingReads
        seek = request
        pendingDemuxSeek = request
        generationStarted = false
        videoEnded = false
        audioEnded = false
        mediaEnd = nil
        readFailure = nil
        earlyEnd = nil
        sourceEnded = false
        advance(.generationBegan)
        return generation
    }
}

typealias PipelineControl = ConditionLock<PipelineControlState>

/// A file's audio track to switch to while playing (`PlayerItem.select(_:in:)`).
struct AudioSwitchRequest: Sendable, Equatable {
    /// The track's stream index in the container.
    let streamIndex: Int
    /// The choice's version (`FileTrackChoices.Choice.version`).
    let version: Int
}

/// What flows through a packet queue, tagged with the generation it was read for: a consumer
/// skips anything older than the current generation (read before a seek).
struct PacketItem: Sendable {
    enum Content: Sendable {
        case packet(DemuxedPacket)
        /// The packets after this one belong to a new stream (an HLS variant switch).
        case streamChange(MediaStreamInfo)
        /// The packets after this one are another audio track of the same file, read again
        /// from before where the previous one stopped: decode them with a new decoder and
        /// play on from the end of what was written, so the switch has no gap and no overlap.
        case trackSwitch(MediaStreamInfo)
        case endOfStream
        case failure(PlaybackError)
        /// A long pause released the pipeline's memory: the decoder is replaced by a fresh
        /// one, so the frames it pooled are freed. Reading resumes with playback.
        case releaseResources
    }

    let generation: Int
    let content: Content
}

/// What flows through the frame queue, tagged like `PacketItem`.
struct FrameItem: Sendable {
    enum Content: Sendable {
        case frame(any VideoFrame)
        case endOfStream
        case failure(PlaybackError)
    }

    let generation: Int
    let content: Content
}

extension PipelineControl {
    /// The current generation.
    var generation: Int { withLock { $0.generation } }
}
