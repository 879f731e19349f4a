import CNetlink
import Foundation
public import SpoolCore

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
    private let broadcast: NetworkPathBroadcast
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
            broadcast = NetworkPathBroadcast(.unobserved)
            return
        }
        (eventsFD, wakeFD, isObserving) = (events, wake, true)
        broadcast = NetworkPathBroadcast(initial)
        SpoolThread.start("spool-netlink") { [self] in watch() }
    }

    /// The path now.
    public var currentPath: NetworkPath { broadcast.path }

    /// The current path at once, then every change, until the task reading it is cancelled
    /// or the monitor is.
    public func pathUpdates() -> AsyncStream<NetworkPath> { broadcast.subscribe() }

    /// Stops watching; every stream ends. Safe to call more than once.
    public func cancel() {
        if broadcast.finish(), isObserving { spool_nl_wake(wakeFD) }
    }

    /// The thread: waits for the kernel's notifications and re-reads the tables after each
    /// burst of them.
    private func watch() {
        defer {
            close(eventsFD)
            close(wakeFD)
        }
        // Ends only on the wake-up `cancel()` writes (or an error), never on the broadcast's
        // flag alone: the descriptors are closed after `cancel()` has written to the eventfd.
        while true {
            let woke = spool_nl_wait(eventsFD, wakeFD)
            guard woke == 1 else { return }
            guard spool_nl_drain(eventsFD) >= 0 else { return }
            // A dump that fails (the kernel briefly out of memory) keeps the last path; the
            // next notification reads again.
            guard let path = try? RoutingTableReader.snapshot().path else { continue }
            broadcast.publish(path)
        }
    }
}
