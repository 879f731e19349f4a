import SpoolCore

/// The real engine for one item: demux, decode and output threads around FFmpeg.
final class PipelinePlayback: ItemPlayback {
    let events: AsyncStream<ItemPlaybackEvent>
    private let continuation: AsyncStream<ItemPlaybackEvent>.Continuation

    @MainActor
    init(item: PlayerItem, configuration: PlayerConfiguration) {
        (events, continuation) = AsyncStream.makeStream(of: ItemPlaybackEvent.self)
    }

    func start(at startTime: MediaTime?) {
        continuation.yield(.failed(PlaybackError(.system, "the playback engine is not built yet")))
        continuation.finish()
    }
    func setRate(_ rate: Double, algorithm: AudioTimePitchAlgorithm) {}
    func setVolume(_ volume: Float) {}
    func seek(to time: MediaTime, toleranceBefore: MediaTime, toleranceAfter: MediaTime, id: Int) {
        continuation.yield(.seekCompleted(id: id, finished: false))
    }
    func currentTime() -> MediaTime { .invalid }
    func statistics() -> PlaybackStatistics { PlaybackStatistics() }
    func stop() { continuation.finish() }
}
