public import Foundation
import SpoolCore

/// Fetches and parses playlists, with retries; blocking (call it on a loading or download
/// thread, never on the cooperative pool).
public struct PlaylistLoader: Sendable {
    /// The fetcher playlists come through.
    public let fetcher: any ResourceFetching
    /// Bounds on playlist size and counts.
    public let limits: PlaylistLimits
    /// The retry policy for transient failures.
    public let retry: RetryingFetch

    /// A loader over `fetcher`.
    public init(
        fetcher: any ResourceFetching, limits: PlaylistLimits = .default, retry: RetryingFetch = RetryingFetch()
    ) {
        self.fetcher = fetcher
        self.limits = limits
        self.retry = retry
    }

    /// Fetches and parses the playlist at `url`. `pause` waits between retries (returns
    /// `false` when cancelled).
    public func load(
        _ url: URL, importedDefinitions: [String: String]? = nil, pause: (Duration) -> Bool
    ) throws(HLSError) -> Playlist {
        try retry.loadManifest(
            url, maxBytes: limits.maxBytes, with: fetcher, pause: pause, fetchFailed: HLSError.fetch
        ) { (data) throws(HLSError) -> Playlist in
            do throws(PlaylistParseError) {
                return try Playlist.parse(data, url: url, importedDefinitions: importedDefinitions, limits: limits)
            } catch {
                throw .parse(error, url)
            }
        }
    }

    /// Fetches the media playlist at `url`; a multivariant playlist there is an error.
    public func loadMedia(
        _ url: URL, importedDefinitions: [String: String]?, pause: (Duration) -> Bool
    ) throws(HLSError) -> MediaPlaylist {
        guard let media = try load(url, importedDefinitions: importedDefinitions, pause: pause).mediaPlaylist else {
            throw .notMediaPlaylist(url)
        }
        return media
    }

    /// Loads a presentation: the playlist at `url` and, when it is a multivariant playlist,
    /// the media playlist of the variant `chooseVariant` picks among `candidates` (failing
    /// over to the next candidate in its order when a variant's playlist cannot be loaded).
    ///
    /// - Parameter order: given the variants, the indices to try, best first.
    public func loadPresentation(
        _ url: URL, order: ([Variant]) -> [Int], pause: (Duration) -> Bool
    ) throws(HLSError) -> HLSPresentation {
        switch try load(url, pause: pause) {
        case .media(let media):
            return HLSPresentation(url: url, multivariant: nil, initialVariantIndex: nil, initialPlaylist: media)
        case .multivariant(let multivariant):
            let candidates = order(multivariant.variants)
            guard !candidates.isEmpty else { throw .noPlayableVariant(url) }
            var lastError = HLSError.noPlayableVariant(url)
            for index in candidates {
                do {
                    let media = try loadMedia(
                        multivariant.variants[index].uri, importedDefinitions: multivariant.definitions, pause: pause)
                    return HLSPresentation(
                        url: url, multivariant: multivariant, initialVariantIndex: index, initialPlaylist: media)
                } catch {
                    if error.isCancellation { throw error }
                    lastError = error
                }
            }
            throw lastError
        }
    }
}
