import Foundation
import SpoolCore
import SpoolNetwork

/// The HTTP client of everything the player reads over the network — progressive sources
/// (`ByteSources.makeForPlayback`) and HLS playlists, keys and segments
/// (`StandardResourceFetcher.makeForPlayback`) — chosen here only, so both paths always run
/// on the same one.
///
/// libcurl (`CurlHTTPTransport`) unless `SPOOL_HTTP_CLIENT=urlsession` is in the
/// environment, which selects URLSession for side-by-side benchmarks (bench/http_cpu.py).
enum PlaybackHTTPTransport {
    /// Read once: the environment does not change under a running player.
    static let shared: any HTTPTransport = make(environment: ProcessInfo.processInfo.environment)

    /// The transport `environment` selects.
    static func make(environment: [String: String]) -> any HTTPTransport {
        environment["SPOOL_HTTP_CLIENT"] == "urlsession" ? URLSessionHTTPTransport() : CurlHTTPTransport()
    }
}
