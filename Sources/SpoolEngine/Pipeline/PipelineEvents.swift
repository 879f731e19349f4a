import SpoolCore

/// Turns what the pipeline threads observe into the item's events, exactly once each:
/// the first frame, a seek's completion, the end (or the failure to reach it).
final class PipelineEvents: Sendable {
    enum Stream { case video, audio }

    private let control: PipelineControl
    private let continuation: AsyncStream<ItemPlaybackEvent>.Continuation
    private let statistics: PipelineStatistics
    private let hasVideo: Bool
    private let hasAudio: Bool
    private let startedAt: Duration

    init(
        control: PipelineControl, continuation: AsyncStream<ItemPlaybackEvent>.Continuation,
        statistics: PipelineStatistics, hasVideo: Bool, hasAudio: Bool, startedAt: Duration
    ) {
        self.control = control
        self.continuation = continuation
        self.statistics = statistics
        self.hasVideo = hasVideo
        self.hasAudio = hasAudio
        self.startedAt = startedAt
    }

    func send(_ event: ItemPlaybackEvent) {
        continuation.yield(event)
    }

    /// The first frame (or, without video, the first audio) of `generation` is out: reports
    /// the first frame once per item, and completes the seek that began the generation.
    func generationStarted(_ generation: Int, by stream: Stream) {
        guard stream == .video || !hasVideo else { return }
        let outcome = control.update { state -> (isFirstEver: Bool, seek: SeekRequest?)? in
            guard state.generation == generation, !state.generationStarted else { return nil }
            state.generationStarted = true
            defer { state.firstFrameReported = true }
            return (!state.firstFrameReported, state.seek)
        }
        guard let outcome else { return }
        if outcome.isFirstEver {
            let startup = (HostTime.now() - startedAt).timeInterval
            statistics.update { $0.startupTime = startup }
            continuation.yield(.firstFrame)
        }
        if let seek = outcome.seek { continuation.yield(.seekCompleted(id: seek.id, finished: true)) }
    }

    /// A stream reached its end (or stopped early with `failure`) in `generation`; when every
    /// stream has, reports the item's end once.
    /// `silentFailure` is why the stream played nothing although the item has it (no packet,
    /// or no packet decodable): the item's failure when nothing else plays (no video), so an
    /// audio file an FFmpeg cannot read ends with a message, never a silent success.
    func streamEnded(_ stream: Stream, generation: Int, failure: PlaybackError?, silentFailure: PlaybackError? = nil) {
        let hasVideo = hasVideo
        let event = control.update { state -> ItemPlaybackEvent? in
            guard state.generation == generation, !state.endReported else { return nil }
            switch stream {
            case .video: state.videoEnded = true
            case .audio: state.audioEnded = true
            }
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

    /// The item's end, once every stream (and, when they hold it, the subtitles) reached it.
    private func endIfDone(_ state: inout PipelineControlState) -> ItemPlaybackEvent? {
        let subtitlesDone = !state.endWaitsForSubtitles || state.subtitlesDoneGeneration == state.generation
        let done = (!hasVideo || state.videoEnded) && (!hasAudio || state.audioEnded) && subtitlesDone
        guard done else { return nil }
        state.endReported = true
        // A stream that ended without a first frame still completes its seek.
        if let seek = state.seek, !state.generationStarted {
            state.generationStarted = true
            continuation.yield(.seekCompleted(id: seek.id, finished: true))
        }
        if let failure = state.readFailure { return .failedToPlayToEnd(failure) }
        return .playedToEnd
    }

    /// An output failed while playing `generation`: the item cannot reach its end.
    func fail(_ failure: PlaybackError, generation: Int) {
        let report = control.update { state -> Bool in
            guard state.generation == generation, !state.endReported else { return false }
            state.endReported = true
            return true
        }
        if report { continuation.yield(.failedToPlayToEnd(failure)) }
    }
}
