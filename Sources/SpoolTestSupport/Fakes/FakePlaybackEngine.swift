public import SpoolCore

/// A main-actor player for controller tests: records what it was told to do and emits the
/// events a test scripts, on the current item's stream only.
@MainActor
public final class FakePlaybackEngine<Asset: Sendable>: PlaybackEngine {
    /// A call the controller made, in order.
    public enum Call: Sendable {
        /// `replaceCurrentItem(withAsset:)`.
        case replace(Asset?)
        /// `play()`.
        case play
        /// `pause()`.
        case pause
        /// `seek(to:)`.
        case seek(MediaTime)
    }

    /// Every call, oldest first.
    public private(set) var calls: [Call] = []
    /// The asset most recently passed to `replaceCurrentItem(withAsset:)`.
    public private(set) var currentAsset: Asset?
    /// What `currentTime()` returns.
    public var time: MediaTime = .zero
    /// The status reported first on each new `events()` stream.
    public var timeControlStatus: TimeControlStatus = .paused
    /// When `false`, status changes are not reported at all (so a test can see the state the
    /// controller published before any engine event).
    public var reportsStatus = true
    private var itemStreams: [AsyncStream<PlaybackEngineEvent>.Continuation] = []

    /// Creates an empty fake player.
    public init() {}

    /// Records the replacement and finishes the previous item's event streams.
    public func replaceCurrentItem(withAsset asset: Asset?) {
        calls.append(.replace(asset))
        currentAsset = asset
        for stream in itemStreams { stream.finish() }
        itemStreams.removeAll()
    }

    /// Records `play()` and reports `playing`.
    public func play() {
        calls.append(.play)
        if reportsStatus { emit(.timeControlStatus(.playing)) }
        timeControlStatus = .playing
    }

    /// Records `pause()` and reports `paused`.
    public func pause() {
        calls.append(.pause)
        if reportsStatus { emit(.timeControlStatus(.paused)) }
        timeControlStatus = .paused
    }

    /// Records the seek and moves `time`.
    public func seek(to time: MediaTime) {
        calls.append(.seek(time))
        self.time = time
    }

    /// Returns `time`.
    public func currentTime() -> MediaTime { time }

    /// A stream for the current item, starting with `timeControlStatus`.
    public func events() -> AsyncStream<PlaybackEngineEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PlaybackEngineEvent.self)
        if reportsStatus { continuation.yield(.timeControlStatus(timeControlStatus)) }
        itemStreams.append(continuation)
        return stream
    }

    /// Sends `event` to every stream of the current item (as KVO would, duplicates included).
    public func emit(_ event: PlaybackEngineEvent) {
        for stream in itemStreams { stream.yield(event) }
    }

    /// How many times `play()` was called.
    public var playCount: Int { calls.filter { if case .play = $0 { true } else { false } }.count }

    /// The assets passed to `replaceCurrentItem(withAsset:)`, `nil`s included, in order.
    public var replacedAssets: [Asset?] {
        calls.compactMap { if case .replace(let asset) = $0 { asset } else { nil } }
    }
}
