public import SpoolCore

/// An asset whose property loads suspend until the test releases them, and which records
/// whether `cancelLoading()` ran — the seed's "the cancel handler runs" made observable.
public final class ControllableAsset: AsynchronousPropertyLoading {
    private struct State {
        var waiting: [CheckedContinuation<Void, any Error>] = []
        var released = false
        var cancelled = false
        var loads = 0
        var watchers: [AsyncStream<Int>.Continuation] = []
    }

    private let state = Locked(State())
    private let duration: MediaTime
    private let isPlayable: Bool

    /// An asset that, once released, reports `duration` and `isPlayable`.
    public init(duration: MediaTime = MediaTime(value: 60, timescale: 1), isPlayable: Bool = true) {
        self.duration = duration
        self.isPlayable = isPlayable
    }

    /// Suspends until `release()` or `cancelLoading()`, then answers `.duration` and
    /// `.isPlayable`; other properties throw `AssetLoadError.unsupportedFormat`.
    public func load<Value>(_ property: AssetProperty<Value>) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let outcome: Result<Void, any Error>? = state.withLock { state in
                state.loads += 1
                for watcher in state.watchers { watcher.yield(state.loads) }
                if state.cancelled { return .failure(AssetLoadError.cancelled) }
                if state.released { return .success(()) }
                state.waiting.append(continuation)
                return nil
            }
            if let outcome { continuation.resume(with: outcome) }
        }
        if let value = (property.name == "duration" ? duration : nil) as? Value { return value }
        if let value = (property.name == "isPlayable" ? isPlayable : nil) as? Value { return value }
        throw AssetLoadError.unsupportedFormat("no property \(property.name)")
    }

    /// Aborts pending loads with `AssetLoadError.cancelled` and remembers that it ran.
    public func cancelLoading() {
        let waiting = state.withLock { state in
            state.cancelled = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume(throwing: AssetLoadError.cancelled) }
    }

    /// Lets pending and future loads complete.
    public func release() {
        let waiting = state.withLock { state in
            state.released = true
            defer { state.waiting.removeAll() }
            return state.waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Whether `cancelLoading()` ran.
    public var didCancelLoading: Bool { state.withLock { $0.cancelled } }

    /// Suspends (without sleeping) until at least `count` property loads have begun.
    public func waitForLoads(atLeast count: Int) async {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self, bufferingPolicy: .bufferingNewest(1))
        state.withLock { state in
            state.watchers.append(continuation)
            continuation.yield(state.loads)
        }
        for await loads in stream where loads >= count { return }
    }
}
