import SpoolCore

/// Turns what the pipeline threads observe into the item's events, exactly once each:
/// the first frame, a seek's completion, the end (or the failure to reach it).
final class PipelineEvents: Sendable {
    enum Stream { case video, audio }

    private let control: PipelineControl
    private let clock: PlaybackClock
    private let continuation: AsyncStream<ItemPlaybackEvent>.Continuation
    private let statistics: PipelineStatistics
    private let hasVideo: Bool
    private let hasAudio: Bool
    private let startedAt: Duration
    private let failsOnEarlyEnd: Bool

    init(
        control: PipelineControl, clock: PlaybackClock, continuation: AsyncStream<ItemPlaybackEvent>.Continuation,
        statistics: PipelineStatistics, hasVideo: Bool, hasAudio: Bool, startedAt: Duration,
        failsOnEarlyEnd: Bool = false
    ) {
        self.failsOnEarlyEnd = failsOnEarlyEnd
        self.control = control
        self.clock = clock
        self.continuation = continuation
        self.statistics = statistics
        self.hasVideo = hasVideo
        self.hasAudio = hasAudio
        self.startedAt = startedAt
    }

    func send(_ event: ItemPlaybackEvent) {
        continuation.yield(event)
    }

    /// The first frame (or, without video, the first audio) of `generation` is out, at
    /// `presentationTime` on the stream's timestamps: reports the first frame once per item,
    /// and completes the seek that began the generation where it landed.
    func generationStarted(_ generation: Int, by stream: Stream, at presentationTime: MediaTime) {
        guard stream == .video || !hasVideo else { return }
        let clock = clock
        let hasAudio = hasAudio
        let outcome = control.update { state -> (isFirstEver: Bool, seek: SeekRequest?, landed: MediaTime)? in
            guard state.generation == generation, !state.generationStarted else { return nil }
            state.generationStarted = true
            defer { state.firstFrameReported = true }
            let landed = Self.landing(
                of: state.seek, firstFrameAt: presentationTime, hasAudio: hasAudio)
            // Paused, the audio thread leaves the clock on the seek's target (its writes do
            // not count until the device plays): the playhead is the frame on screen, which
            // for a keyframe seek lies before the target.
            if state.seek != nil, state.rate == 0 { clock.anchor(media: landed, at: clock.hostNow) }
            // Playing, the clock ran on from the target until the audio anchors it; a seek that
            // landed before its target (a keyframe) restarts it there, or the reported time,
            // which never goes back within the stretch that begins here, held the target's
            // time until the clock caught up (time-pos stuck at 5.91 for 1.9 s after a
            // keyframe seek to 5.9 landed at 4.0).
            if let seek = state.seek, state.rate > 0, landed.isNumeric, landed < seek.target,
                clock.mediaTimeNow >= seek.target
            {
                clock.anchor(media: landed, at: clock.hostNow)
            }
            return (!state.firstFrameReported, state.seek, landed - (state.timelineOrigin ?? .zero))
        }
        guard let outcome else { return }
        if outcome.isFirstEver {
            let startup = (clock.hostNow - startedAt).timeInterval
            statistics.update { $0.startupTime = startup }
            continuation.yield(.firstFrame)
        }
        if let seek = outcome.seek { continuation.yield(.seekCompleted(id: seek.id, landed: outcome.landed)) }
    }

    /// A stream reached its end (or stopped early with `failure`) in `generation`; when every
    /// stream has, reports the item's end once.
    /// `silentFailure` is why the stream played nothing although the item has it (no packet,
    /// or no packet decodable): the item's failure when nothing else plays (no video), so an
    /// audio file an FFmpeg cannot read ends with a message, never a silent success.
    /// `endsAt` is where what the stream played ends (the last frame's end, the last sample's).
    func streamEnded(
        _ stream: Stream, generation: Int, failure: PlaybackError?, silentFailure: PlaybackError? = nil,
        endsAt: MediaTime? = nil
    ) {
        let hasVideo = hasVideo
        let event = control.update { state -> ItemPlaybackEvent? in
            guard state.generation == generation, !state.endReported else { return nil }
            switch stream {
            case .video: state.videoEnded = true
            case .audio: state.audioEnded = true
            }
            if let endsAt, endsAt.isNumeric { state.mediaEnd = max(state.mediaEnd ?? endsAt, endsAt) }
            if let failure, state.readFailure == nil { state.readFailure = failure }
            if let silentFailure, !hasVideo, state.readFailure == nil { state.readFailure = silentFailure }
            return endIfDone(&state)
        }
        if let event { continuation.yield(event) }
    }

    /// The subtitle thread delivered every cue of `generation` (untimed playback): reports the
    /// end if the streams reached theirs.
    func subtitlesDone(generation: Int) {
        let event = control.update { state -> ItemPlaybackEvent? in
            guard state.generation == generation, !state.endReported else { return nil }
            state.subtitlesDoneGeneration = generation
            return endIfDone(&state)
        }
        if let event { continuation.yield(event) }
    }

    /// The item's audio handed the device to the next item and cannot write any more (a seek
    /// came after the hand-over): its audio ends in this and every later generation, and the
    /// item ends when the video does.
    func audioHandedOver() {
        let event = control.update { state -> ItemPlaybackEvent? in
            state.audioHandedOver = true
            state.audioWritesEnded = true
            guard !state.endReported else { return nil }
            return endIfDone(&state)
        }
        if let event { continuation.yield(event) }
    }

    /// The item's end, once every stream (and, when they hold it, the subtitles) reached it.
    private func endIfDone(_ state: inout PipelineControlState) -> ItemPlaybackEvent? {
        let subtitlesDone = !state.endWaitsForSubtitles || state.subtitlesDoneGeneration == state.generation
        let audioDone = !hasAudio || state.audioEnded || state.audioHandedOver
        let done = (!hasVideo || state.videoEnded) && audioDone && subtitlesDone
        guard done, state.advance(.ended) else { return nil }
        // The item's time stops at its end here, on the thread that saw it end, not when the
        // player hears of it on the main actor: the clock ran on after the audio's end (for
        // the video), and a late main actor read 3.67 s at the end of a 2.02-s item. A seek
        // and play after the end start it again, as they do after a pause. Nor past the media's
        // end: under ThreadSanitizer the end came ~1 s after the last sample, and the clock,
        // running on since, read 3.0 s at the end of a 2.02-s item.
        clock.pause(at: clock.hostNow, notPast: state.mediaEnd)
        // A stream that ended without a first frame still completes its seek, at its target
        // (nothing played after it).
        if let seek = state.seek, !state.generationStarted {
            state.generationStarted = true
            continuation.yield(.seekCompleted(id: seek.id, landed: seek.target - (state.timelineOrigin ?? .zero)))
        }
        if let failure = state.readFailure { return .failedToPlayToEnd(failure) }
        if let earlyEnd = state.earlyEnd {
            // A truncated file played all there was: mpv and ffmpeg end there with exit 0.
            if failsOnEarlyEnd { return .failedToPlayToEnd(earlyEnd) }
            continuation.yield(.endedEarly(earlyEnd))
        }
        return .playedToEnd
    }

    /// Where playback of a seek's generation starts: the playhead is the audio when there is
    /// audio, which a seek with a tolerance trims to start exactly at its lower bound (so an
    /// exact seek lands on its target, although the first frame, at or after it, may start a
    /// few ms later); otherwise the first frame or sample out — for a keyframe seek the
    /// keyframe before the target. A first frame before the lower bound is the last frame of a
    /// seek at or past its start (`VideoDecodeLoop`): the seek lands there, where the picture is.
    static func landing(of seek: SeekRequest?, firstFrameAt presentationTime: MediaTime, hasAudio: Bool) -> MediaTime {
        if hasAudio, let trimmedTo = seek?.discardBefore {
            return presentationTime.isNumeric && presentationTime < trimmedTo ? presentationTime : trimmedTo
        }
        return presentationTime.isNumeric ? presentationTime : (seek?.target ?? .zero)
    }

    /// An output failed while playing `generation`: the item cannot reach its end.
    func fail(_ failure: PlaybackError, generation: Int) {
        let report = control.update { state -> Bool in
            state.generation == generation && state.advance(.ended)
        }
        if report { continuation.yield(.failedToPlayToEnd(failure)) }
    }
}
