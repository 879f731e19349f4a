import Foundation
public import SpoolCore

/// Downloads an HLS presentation's segments ahead of playback, on a thread of its own, and
/// hands them to the demuxer in order.
///
/// Guarantees:
/// - Segments are fetched up to the forward buffer ahead of the playhead (what the consumer
///   reports holding plus what is queued here), never more: memory is bounded by the buffer.
/// - Each segment's variant is chosen from the measured throughput and the buffer level,
///   within the caps; a variant whose segment or playlist fails is excluded for a while and
///   the next best one is used; when every variant fails the stream fails with the last
///   error, which names the URL.
/// - Live playlists are reloaded as RFC 8216 §6.3.4 says (after the target duration, half of
///   it after an unchanged reload); playback that fell behind the window jumps forward.
/// - `cancel()` ends everything at once from any thread; `seek(to:)` drops the queue and any
///   download in flight and continues from the segment containing the target.
public final class HLSSegmentStream: Sendable {
    let presentation: HLSPresentation
    let configuration: HLSStreamConfiguration
    let fetcher: any ResourceFetching
    let decryptor: (any SegmentDecrypting)?
    let keyProvider: any ContentKeyProvider
    let now: @Sendable () -> Duration
    /// What the download thread's deadlines (live reloads) are waited for on.
    let clock: any EngineClock
    let consumerBuffered: @Sendable () -> Duration
    let state: ConditionLock<StreamState>

    struct StreamState {
        var queue: [LoadedSegment] = []
        /// What is ahead of the playhead, queued here or handed to the consumer.
        var level = ForwardBufferLevel()
        var ended = false
        var failure: HLSError?
        var cancelled = false
        var seekTarget: MediaTime?
        var generation = 0
        var statistics = HLSStreamStatistics()
        var pinnedVariant: Int?
        var seekableWindow: (start: MediaTime, end: MediaTime)?
    }

    /// A stream over `presentation`, not started. `consumerBuffered` says how much media the
    /// consumer holds ahead of the playhead (any thread may call it); `now` is a monotonic
    /// clock; `decryptor` handles AES-128 segments (without one they fail) with the keys
    /// `keyProvider` gives (by default a `URLContentKeyProvider` fetching through `fetcher`).
    public convenience init(
        presentation: HLSPresentation, configuration: HLSStreamConfiguration, fetcher: any ResourceFetching,
        decryptor: (any SegmentDecrypting)?, keyProvider: (any ContentKeyProvider)? = nil,
        now: @escaping @Sendable () -> Duration,
        consumerBuffered: @escaping @Sendable () -> Duration
    ) {
        self.init(
            presentation: presentation, configuration: configuration, fetcher: fetcher, decryptor: decryptor,
            keyProvider: keyProvider, clock: HostEngineClock(now: now), consumerBuffered: consumerBuffered)
    }

    /// A stream as above whose download thread waits for its deadlines on `clock` (a virtual
    /// clock in tests).
    package init(
        presentation: HLSPresentation, configuration: HLSStreamConfiguration, fetcher: any ResourceFetching,
        decryptor: (any SegmentDecrypting)?, keyProvider: (any ContentKeyProvider)? = nil,
        clock: any EngineClock, consumerBuffered: @escaping @Sendable () -> Duration
    ) {
        self.presentation = presentation
        self.configuration = configuration
        self.fetcher = fetcher
        self.decryptor = decryptor
        self.keyProvider =
            keyProvider
            ?? URLContentKeyProvider(makeSource: { url in FetchedByteSource(url: url, fetcher: fetcher, maxBytes: 64) })
        self.clock = clock
        self.now = { clock.now() }
        self.consumerBuffered = consumerBuffered
        var initial = StreamState()
        initial.pinnedVariant = configuration.pinnedVariant
        state = ConditionLock(initial)
    }

    /// Starts downloading on a new thread from `playlistTime` on the playlist timeline
    /// (`nil`: the start, or the live start point).
    public func start(at playlistTime: MediaTime?) {
        let worker = SegmentStreamWorker(stream: self)
        SpoolThread.start("spool-hls", clock: clock) { worker.run(startingAt: playlistTime) }
    }

    /// The next segment, blocking until it is downloaded, the stream ends, fails or is cancelled.
    public func next() -> SegmentStreamEvent {
        next(timeout: nil) ?? .cancelled
    }

    /// The next segment, or `nil` when none arrived within `timeout` (`nil`: wait as long as it
    /// takes), for a consumer that has other work on a schedule (subtitle cues).
    public func next(timeout: Duration?) -> SegmentStreamEvent? {
        // The segment stays counted as queued until it is counted as handed, so the download
        // thread never sees a level without it.
        let event = state.wait(timeout: timeout) { state -> (SegmentStreamEvent, generation: Int)? in
            if state.cancelled { return (.cancelled, state.generation) }
            if !state.queue.isEmpty { return (.segment(state.queue.removeFirst()), state.generation) }
            if let failure = state.failure { return (.failed(failure), state.generation) }
            if state.ended { return (.end, state.generation) }
            return nil
        }
        guard let (event, generation) = event else { return nil }
        let started = configuration.hasStarted()
        let consumer = consumerBuffered()
        let now = clock.now()
        // Also wakes the worker, which may be waiting for room.
        state.update { state in
            guard case .segment(let segment) = event, state.generation == generation else { return }
            state.level.handed(seconds: segment.duration.seconds, started: started, consumer: consumer, at: now)
        }
        return event
    }

    /// Drops what is queued or downloading and continues from the segment containing
    /// `playlistTime` (on the timeline of the playlist the stream started with).
    /// `generation` names the stretch from here on: the player's count of seeks (the
    /// pipeline's generation), so the stream keeps no count of its own; it must differ from
    /// the one before (a downloader still in the old stretch drops what it fetched).
    public func seek(to playlistTime: MediaTime, generation: Int) {
        state.update { state in
            state.queue.removeAll()
            state.level = ForwardBufferLevel()
            state.ended = false
            state.failure = nil
            state.seekTarget = playlistTime
            state.generation = generation
        }
    }

    /// Plays `index` from the next segment on (manual quality), or chooses adaptively again
    /// with `nil`.
    public func pinVariant(_ index: Int?) {
        state.update { $0.pinnedVariant = index }
    }

    /// Stops downloading at once: blocked calls return, later ones too. Idempotent.
    public func cancel() {
        state.update { $0.cancelled = true }
        fetcher.cancel()
    }

    /// What the stream has done so far.
    public var statistics: HLSStreamStatistics { state.withLock { $0.statistics } }

    /// For live streams, the part of the playlist timeline listed now (the DVR window).
    public var liveWindow: (start: MediaTime, end: MediaTime)? { state.withLock { $0.seekableWindow } }
}
