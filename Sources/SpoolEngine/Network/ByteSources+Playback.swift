public import Foundation
public import SpoolCore

extension ByteSources {
    /// The product's source for `url`: `make(for:httpOptions:)` with http(s) carried by the
    /// player's transport (`PlaybackHTTPTransport`: libcurl, so back-pressure pauses in place
    /// and cancelling cannot race a completion). Every source the player opens (assets, the
    /// pipeline, thumbnails) comes from here. `SPOOL_HTTP_CLIENT=urlsession` in the
    /// environment selects URLSession instead, for side-by-side benchmarks (bench/http_cpu.py).
    /// While `PlaybackNetworkPath` says the network is down, a broken transfer waits for it
    /// rather than spending retries.
    public static func makeForPlayback(for url: URL) throws(ByteSourceError) -> any ByteSource {
        try make(
            for: url,
            httpOptions: HTTPByteSource.Options(
                transport: PlaybackHTTPTransport.shared, networkPath: PlaybackNetworkPath.shared))
    }
}
