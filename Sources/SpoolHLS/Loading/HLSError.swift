public import Foundation
public import SpoolCore

/// Why an HLS presentation could not be loaded or played. Every case names the URL involved.
public enum HLSError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A playlist, key, init section or segment could not be fetched.
    case fetch(ResourceFetchError)
    /// A playlist is malformed.
    case parse(PlaylistParseError, URL)
    /// The multivariant playlist lists no variant that can be played.
    case noPlayableVariant(URL)
    /// A media playlist was expected (a variant's URI pointed at a multivariant playlist).
    case notMediaPlaylist(URL)
    /// The segments are encrypted with a method Spool does not support (SAMPLE-AES).
    case unsupportedEncryption(method: String, URL)
    /// The content key could not be obtained or used; the message says why.
    case key(String, URL)
    /// The media playlist has no segments to play.
    case emptyPlaylist(URL)
    /// A live playlist kept being reloaded without change for this many seconds: the stream
    /// stopped (ExoPlayer's "playlist stuck").
    case liveStalled(URL, seconds: Int)

    /// A one-line message naming the URL and the cause.
    public var description: String {
        switch self {
        case .fetch(let error): "\(error)"
        case .parse(let error, let url): "\(url.redactedForDisplay): \(error)"
        case .noPlayableVariant(let url): "\(url.redactedForDisplay): no playable variant"
        case .notMediaPlaylist(let url): "\(url.redactedForDisplay): expected a media playlist"
        case .unsupportedEncryption(let method, let url):
            "\(url.redactedForDisplay): encryption METHOD=\(method) is not supported (only AES-128)"
        case .key(let message, let url): "\(url.redactedForDisplay): content key: \(message)"
        case .emptyPlaylist(let url): "\(url.redactedForDisplay): the playlist has no segments"
        case .liveStalled(let url, let seconds):
            "\(url.redactedForDisplay): the live playlist has not changed for \(seconds) s: the stream has stopped"
        }
    }

    /// The same failure as an asset-loading error (what `load(.isPlayable)` throws).
    public var assetLoadError: AssetLoadError {
        switch self {
        // The segment, key or playlist that failed, not the item's URL the player names anyway.
        case .fetch(.failed(.network(let message, let url))): .network("\(message) (\(url.redactedForDisplay))")
        case .fetch(.failed(let error)): AssetLoadError(error)
        case .fetch(let error): .network("\(error)")
        case .parse: .corruptData(description)
        case .noPlayableVariant, .emptyPlaylist: .notPlayable
        case .liveStalled: .network(description)
        case .notMediaPlaylist: .corruptData(description)
        case .unsupportedEncryption, .key: .unsupportedFormat(description)
        }
    }

    /// Whether it is a cancellation rather than a failure.
    public var isCancellation: Bool { self == .fetch(.failed(.cancelled)) }
}
