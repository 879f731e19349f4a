public import Foundation
import SpoolCore

/// Fetches and parses MPDs through the same fetcher and retry policy as HLS playlists
/// (`ResourceFetching`, `RetryingFetch`); blocking (call it on a loading thread, never on the
/// cooperative pool).
///
/// Guarantees: the answer is bounded by `limits.maxBytes` before it is parsed, and the parse
/// keeps every guarantee of `MPD.parse`.
public struct MPDLoader: Sendable {
    /// The fetcher MPDs come through (the product's is `StandardResourceFetcher.makeForPlayback()`).
    public let fetcher: any ResourceFetching
    /// Bounds on the MPD.
    public let limits: MPDLimits
    /// The retry policy for transient failures.
    public let retry: RetryingFetch

    /// A loader over `fetcher`.
    public init(fetcher: any ResourceFetching, limits: MPDLimits = .default, retry: RetryingFetch = RetryingFetch()) {
        self.fetcher = fetcher
        self.limits = limits
        self.retry = retry
    }

    /// Fetches and parses the MPD at `url` (`http`, `https` or `file`). `pause` waits between
    /// retries (returns `false` when cancelled).
    public func load(_ url: URL, pause: (Duration) -> Bool) throws(MPDLoadError) -> MPD {
        try retry.loadManifest(
            url, maxBytes: limits.maxBytes, with: fetcher, pause: pause, fetchFailed: MPDLoadError.fetch
        ) { (data) throws(MPDLoadError) -> MPD in
            do throws(MPDParseError) {
                return try MPD.parse(data, url: url, limits: limits)
            } catch {
                throw .parse(error, url)
            }
        }
    }
}

/// Why an MPD could not be loaded: the fetch failed, or the manifest was rejected.
public enum MPDLoadError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The fetch failed; the error names the URL.
    case fetch(ResourceFetchError)
    /// The MPD at the URL was rejected.
    case parse(MPDParseError, URL)

    /// One line naming the URL (redacted) and the cause.
    public var description: String {
        switch self {
        case .fetch(let error): error.description
        case .parse(let error, let url): "\(url.redactedForDisplay): \(error)"
        }
    }
}
