public import Foundation

/// A source of `NetworkPath`s: the system's (`NetworkMonitor` in SpoolNetwork) or a test's.
/// Whatever reads the network consults it before spending a retry, so a machine that went
/// offline waits for the network instead of failing.
public protocol NetworkPathMonitoring: AnyObject, Sendable {
    /// The path now.
    var currentPath: NetworkPath { get }
    /// The current path at once, then every change, until the stream's task is cancelled.
    func pathUpdates() -> AsyncStream<NetworkPath>
    /// Whether a request to `url` would fail for want of a network right now. By default:
    /// the path is unsatisfied and the host is not this machine (loopback needs no network).
    /// A test's monitor may count its loopback server as remote.
    func isUnreachable(_ url: URL) -> Bool
}

extension NetworkPathMonitoring {
    /// The default rule: unsatisfied, and not a loopback host.
    public func isUnreachable(_ url: URL) -> Bool {
        currentPath.status == .unsatisfied && !url.isLoopbackHost
    }

    /// Returns once `url` is reachable as far as the path tells (at once if it is), or when
    /// the calling task is cancelled.
    public func waitUntilReachable(_ url: URL) async {
        guard isUnreachable(url) else { return }
        for await _ in pathUpdates() where !isUnreachable(url) { return }
    }
}

extension URL {
    /// Whether the host is this machine (localhost, 127.0.0.0/8, ::1): reachable with no
    /// network at all. File URLs count as local too.
    public var isLoopbackHost: Bool {
        if isFileURL { return true }
        guard let host = host(percentEncoded: false)?.lowercased() else { return false }
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        return bare == "localhost" || bare.hasSuffix(".localhost") || bare == "::1" || bare.hasPrefix("127.")
    }
}
