import Foundation

/// The path a monitor holds and the streams it tells of changes: what every
/// `NetworkPathMonitoring` needs besides its source of paths (the kernel, or a test's hand).
///
/// Guarantees: a new stream gets the current path at once; `publish` of a different path
/// reaches every open stream, in order; after `finish()` every stream has ended, and a new one
/// gets the last path and ends. `package` so SpoolNetwork and SpoolTestSupport share it
/// without making it API.
package final class NetworkPathBroadcast: Sendable {
    private struct State {
        var path: NetworkPath
        var subscribers: [UUID: AsyncStream<NetworkPath>.Continuation] = [:]
        var isFinished = false
    }

    private let state: ConditionLock<State>

    /// A broadcast holding `path`.
    package init(_ path: NetworkPath) {
        state = ConditionLock(State(path: path))
    }

    /// The path now.
    package var path: NetworkPath { state.withLock { $0.path } }

    /// The current path at once, then every change, until the reading task is cancelled or
    /// the broadcast finishes.
    package func subscribe() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let finished = state.update { state -> Bool in
            continuation.yield(state.path)
            guard !state.isFinished else { return true }
            state.subscribers[id] = continuation
            return false
        }
        if finished {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.update { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Makes `path` the current one and tells every stream, when it differs (and the
    /// broadcast has not finished).
    package func publish(_ path: NetworkPath) {
        let subscribers = state.update { state -> [AsyncStream<NetworkPath>.Continuation] in
            guard !state.isFinished, state.path != path else { return [] }
            state.path = path
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(path) }
    }

    /// Ends every stream; later `publish` calls change nothing. Returns whether this call did it.
    @discardableResult
    package func finish() -> Bool {
        let subscribers = state.update { state -> [AsyncStream<NetworkPath>.Continuation]? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers ?? [] { subscriber.finish() }
        return subscribers != nil
    }

    /// How many streams are open.
    package var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Blocks until `count` streams are open, or `timeout` passed.
    package func waitForSubscribers(_ count: Int, timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.subscribers.count >= count ? true : nil } ?? false
    }
}
