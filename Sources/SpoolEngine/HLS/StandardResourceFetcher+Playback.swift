import SpoolCore
public import SpoolHLS

extension StandardResourceFetcher {
    /// The product's HLS fetcher: playlists, keys and segments over the player's transport
    /// (`PlaybackHTTPTransport`, the one `ByteSources.makeForPlayback` uses: libcurl unless
    /// `SPOOL_HTTP_CLIENT=urlsession`), timed on the host's monotonic clock. Every HLS fetch
    /// the player makes (assets, the pipeline, renditions, interstitials, thumbnails) comes
    /// from here.
    public static func makeForPlayback() -> StandardResourceFetcher {
        StandardResourceFetcher(transport: PlaybackHTTPTransport.shared, now: HostTime.now)
    }
}
