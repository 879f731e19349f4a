public import Foundation
public import SpoolCore

/// A network path a test sets by hand. It counts every host as remote, loopback included (files
/// excepted), so
/// a loopback server can stand for a server across a network that went away.
public final class FakeNetworkPathMonitor: NetworkPathMonitoring {
    private struct State {
        var path: NetworkPath
        var subscribers: [UUID: AsyncStream<NetworkPath>.Continuation] = [:]
    }

    private let state: ConditionLock<State>

    /// A monitor reporting `path` until `set` changes it.
    public init(_ path: NetworkPath = NetworkPath(status: .satisfied)) {
        state = ConditionLock(State(path: path))
    }

    /// The path now.
    public var currentPath: NetworkPath { state.withLock { $0.path } }

    /// The current path, then each `set`.
    public func pathUpdates() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        state.update { state in
            state.subscribers[id] = continuation
            continuation.yield(state.path)
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.update { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Unreachable whenever the path is unsatisfied, whatever the host (files never are).
    public func isUnreachable(_ url: URL) -> Bool { currentPath.status == .unsatisfied && !url.isFileURL }

    /// Changes the path and tells every stream.
    public func set(_ path: NetworkPath) {
        let subscribers = state.withLock { state in
            state.path = path
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(path) }
    }

    /// Sets a path with only a status.
    public func set(_ status: NetworkPath.Status) { set(NetworkPath(status: status)) }

    /// How many streams are open.
    public var subscriberCount: Int { state.withLock { $0.subscribers.count } }

    /// Blocks until `count` streams are open (a waiter is listening), or `timeout` passed.
    public func waitForSubscribers(_ count: Int, timeout: Duration) -> Bool {
        state.wait(timeout: timeout) { $0.subscribers.count >= count ? true : nil } ?? false
    }
}
