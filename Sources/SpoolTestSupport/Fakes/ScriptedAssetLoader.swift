public import Foundation
public import SpoolCore

/// An asset loader whose loads suspend until the test resolves them, so tests can order
/// "load A, load B, A fails late" exactly. Its assets are the URLs themselves.
///
/// By default a cancelled load keeps waiting (like I/O that ignores cancellation), so a test
/// can deliver a late result for a superseded item; set `honoursCancellation` to end
/// cancelled loads with `CancellationError` instead.
public final class ScriptedAssetLoader: AssetLoader {
    /// Assets are the URLs they were loaded from.
    public typealias Asset = URL

    private struct State {
        var pending: [URL: [CheckedContinuation<LoadedAsset<URL>, any Error>]] = [:]
        var started: [URL] = []
        var cancelled: [URL] = []
        var watchers: [AsyncStream<URL>.Continuation] = []
    }

    private let state = Locked(State())
    private let honoursCancellation: Bool

    /// Creates a loader; see the type's documentation for `honoursCancellation`.
    public init(honoursCancellation: Bool = false) {
        self.honoursCancellation = honoursCancellation
    }

    /// Suspends until `resolve(_:with:)` is called for `url`.
    @concurrent public func load(url: URL) async throws -> LoadedAsset<URL> {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                state.withLock { state in
                    state.pending[url, default: []].append(continuation)
                    state.started.append(url)
                    for watcher in state.watchers { watcher.yield(url) }
                }
            }
        } onCancel: {
            let waiting = state.withLock { state -> [CheckedContinuation<LoadedAsset<URL>, any Error>] in
                state.cancelled.append(url)
                guard honoursCancellation else { return [] }
                return state.pending.removeValue(forKey: url) ?? []
            }
            for continuation in waiting { continuation.resume(throwing: CancellationError()) }
        }
    }

    /// Completes the oldest pending load of `url` with `result`. Returns `false` if none is pending.
    @discardableResult
    public func resolve(_ url: URL, with result: Result<LoadedAsset<URL>, any Error>) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<LoadedAsset<URL>, any Error>? in
            guard var queue = state.pending[url], !queue.isEmpty else { return nil }
            let first = queue.removeFirst()
            state.pending[url] = queue.isEmpty ? nil : queue
            return first
        }
        continuation?.resume(with: result)
        return continuation != nil
    }

    /// Completes the oldest pending load of `url` successfully.
    @discardableResult
    public func succeed(_ url: URL, isLive: Bool = false) -> Bool {
        resolve(url, with: .success(LoadedAsset(asset: url, isLive: isLive)))
    }

    /// Fails the oldest pending load of `url` with `error`.
    @discardableResult
    public func fail(_ url: URL, with error: any Error) -> Bool {
        resolve(url, with: .failure(error))
    }

    /// URLs whose load's cancellation handler ran, in order.
    public var cancelledURLs: [URL] { state.withLock { $0.cancelled } }

    /// URLs whose load started, in order.
    public var startedURLs: [URL] { state.withLock { $0.started } }

    /// Suspends (without sleeping) until a load of `url` has started `count` times in total.
    public func waitUntilStarted(_ url: URL, count: Int = 1) async {
        let (stream, continuation) = AsyncStream.makeStream(of: URL.self)
        let already = state.withLock { state in
            state.watchers.append(continuation)
            return state.started.filter { $0 == url }.count
        }
        if already >= count { return }
        var seen = already
        for await started in stream where started == url {
            seen += 1
            if seen >= count { return }
        }
    }
}
