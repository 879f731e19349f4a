import CNetlink
import Foundation
public import SpoolCore
import Synchronization

/// The machine's network path, watched through the kernel's routing netlink: the
/// counterpart of Network.framework's `NWPathMonitor`.
///
/// Guarantees:
/// - `currentPath` is read from the kernel's link and route tables when the monitor is made,
///   and again after every change the kernel announces (links going up or down, carriers,
///   addresses, routes), on the monitor's own thread; `pathUpdates()` streams each change.
/// - Where netlink cannot be opened (a sandbox), the path is `NetworkPath.unobserved`
///   (satisfied) for good and `isObserving` is false: nothing ever waits on a blind monitor.
/// - `cancel()` ends the thread and every stream; the path stays as it was last read.
///
/// Ownership: the netlink event socket and the eventfd that wakes the thread are opened in
/// `init` and closed by the thread when it ends (or in `init` when it never starts).
public final class NetworkMonitor: NetworkPathMonitoring {
    private struct State {
        var path: NetworkPath
        var subscribers: [UUID: AsyncStream<NetworkPath>.Continuation] = [:]
        var isCancelled = false
    }

    private let state: Mutex<State>
    private let eventsFD: Int32
    private let wakeFD: Int32
    /// Whether the monitor reads the kernel's tables (false: netlink was refused).
    public let isObserving: Bool

    /// Reads the path now and starts watching for changes.
    public init() {
        // Subscribed before the first read, so a change between the two is not missed.
        let events = spool_nl_open_events()
        let wake = spool_nl_open_wake()
        let initial = try? RoutingTableReader.snapshot().path
        guard events >= 0, wake >= 0, let initial else {
            if events >= 0 { close(events) }
            if wake >= 0 { close(wake) }
            (eventsFD, wakeFD, isObserving) = (-1, -1, false)
            state = Mutex(State(path: .unobserved))
            return
        }
        (eventsFD, wakeFD, isObserving) = (events, wake, true)
        state = Mutex(State(path: initial))
        let thread = Thread { [self] in watch() }
        thread.name = "spool-netlink"
        thread.start()
    }

    /// The path now.
    public var currentPath: NetworkPath { state.withLock { $0.path } }

    /// The current path at once, then every change, until the task reading it is cancelled
    /// or the monitor is.
    public func pathUpdates() -> AsyncStream<NetworkPath> {
        let (stream, continuation) = AsyncStream.makeStream(of: NetworkPath.self, bufferingPolicy: .bufferingNewest(16))
        let id = UUID()
        let cancelled = state.withLock { state -> Bool in
            guard !state.isCancelled else { return true }
            state.subscribers[id] = continuation
            continuation.yield(state.path)
            return false
        }
        if cancelled {
            continuation.yield(currentPath)
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Stops watching; every stream ends. Safe to call more than once.
    public func cancel() {
        let subscribers = state.withLock { state -> [AsyncStream<NetworkPath>.Continuation] in
            guard !state.isCancelled else { return [] }
            state.isCancelled = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        if isObserving { spool_nl_wake(wakeFD) }
        for subscriber in subscribers { subscriber.finish() }
    }

    /// The thread: waits for the kernel's notifications and re-reads the tables after each
    /// burst of them.
    private func watch() {
        defer {
            close(eventsFD)
            close(wakeFD)
        }
        while !state.withLock({ $0.isCancelled }) {
            let woke = spool_nl_wait(eventsFD, wakeFD)
            guard woke == 1 else { return }
            guard spool_nl_drain(eventsFD) >= 0 else { return }
            // A dump that fails (the kernel briefly out of memory) keeps the last path; the
            // next notification reads again.
            guard let path = try? RoutingTableReader.snapshot().path else { continue }
            publish(path)
        }
    }

    private func publish(_ path: NetworkPath) {
        let subscribers = state.withLock { state -> [AsyncStream<NetworkPath>.Continuation] in
            guard !state.isCancelled, state.path != path else { return [] }
            state.path = path
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers { subscriber.yield(path) }
    }
}
