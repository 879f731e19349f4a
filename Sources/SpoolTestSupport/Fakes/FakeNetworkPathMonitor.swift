public import Foundation
public import SpoolCore

/// A network path a test sets by hand. It counts every host as remote, loopback included (files
/// excepted), so a loopback server can stand for a server across a network that went away.
public final class FakeNetworkPathMonitor: NetworkPathMonitoring {
    private let broadcast: NetworkPathBroadcast

    /// A monitor reporting `path` until `set` changes it.
    public init(_ path: NetworkPath = NetworkPath(status: .satisfied)) {
        broadcast = NetworkPathBroadcast(path)
    }

    /// The path now.
    public var currentPath: NetworkPath { broadcast.path }

    /// The current path, then each change `set` makes.
    public func pathUpdates() -> AsyncStream<NetworkPath> { broadcast.subscribe() }

    /// Unreachable whenever the path is unsatisfied, whatever the host (files never are).
    public func isUnreachable(_ url: URL) -> Bool { currentPath.status == .unsatisfied && !url.isFileURL }

    /// Changes the path and tells every stream.
    public func set(_ path: NetworkPath) { broadcast.publish(path) }

    /// Sets a path with only a status.
    public func set(_ status: NetworkPath.Status) { set(NetworkPath(status: status)) }

    /// How many streams are open.
    public var subscriberCount: Int { broadcast.subscriberCount }

    /// Blocks until `count` streams are open (a waiter is listening), or `timeout` passed.
    public func waitForSubscribers(_ count: Int, timeout: Duration) -> Bool {
        broadcast.waitForSubscribers(count, timeout: timeout)
    }
}
