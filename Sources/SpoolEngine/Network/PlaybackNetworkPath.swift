import SpoolCore
import SpoolNetwork

/// The machine's network path as everything the player reads over the network sees it: one
/// `NetworkMonitor` for the process, started on first use, so a progressive download that
/// breaks while the machine is offline waits for the network instead of spending retries.
public enum PlaybackNetworkPath {
    /// Started on first use; it lives as long as the process.
    public static let shared: any NetworkPathMonitoring = NetworkMonitor()
}
