public import Foundation

/// A parsed HLS playlist: either a multivariant playlist (the list of variant streams and
/// renditions) or a media playlist (the list of segments of one stream).
public enum Playlist: Sendable, Equatable {
    /// A multivariant ("master") playlist.
    case multivariant(MultivariantPlaylist)
    /// A media playlist.
    case media(MediaPlaylist)

    /// The multivariant playlist, or `nil` for a media playlist.
    public var multivariantPlaylist: MultivariantPlaylist? {
        if case .multivariant(let playlist) = self { playlist } else { nil }
    }

    /// The media playlist, or `nil` for a multivariant playlist.
    public var mediaPlaylist: MediaPlaylist? {
        if case .media(let playlist) = self { playlist } else { nil }
    }

    /// Parses playlist text fetched from `url`.
    ///
    /// Guarantees: the result is complete and self-consistent (every URI absolute and allowed by
    /// `URIPolicy(playlistURL: url)`, every variable reference substituted, every count within
    /// `limits`), or the call throws an error naming the line and the problem. Unknown tags and
    /// comments are ignored; a leading byte order mark and CRLF line ends are accepted.
    ///
    /// - Parameters:
    ///   - text: The playlist text.
    ///   - url: Where the playlist came from: the base for relative URIs, the source of
    ///     EXT-X-DEFINE QUERYPARAM values, and what decides the URI policy.
    ///   - importedDefinitions: For a media playlist, the variables its multivariant playlist
    ///     defined (`MultivariantPlaylist.definitions`), for EXT-X-DEFINE IMPORT; `nil` when the
    ///     media playlist was opened on its own.
    ///   - limits: Bounds on sizes and counts.
    public static func parse(
        _ text: String, url: URL, importedDefinitions: [String: String]? = nil, limits: PlaylistLimits = .default
    ) throws(PlaylistParseError) -> Playlist {
        guard text.utf8.count <= limits.maxBytes else {
            throw PlaylistParseError(line: nil, problem: .limitExceeded(.bytes(limits.maxBytes)))
        }
        var parser = PlaylistParser(
            bytes: Array(text.utf8), url: url, importedDefinitions: importedDefinitions, limits: limits)
        return try parser.parse()
    }

    /// Parses playlist bytes fetched from `url`, as `parse(_:url:importedDefinitions:limits:)`
    /// does, after checking the size (before decoding) and that the bytes are UTF-8.
    public static func parse(
        _ data: Data, url: URL, importedDefinitions: [String: String]? = nil, limits: PlaylistLimits = .default
    ) throws(PlaylistParseError) -> Playlist {
        guard data.count <= limits.maxBytes else {
            throw PlaylistParseError(line: nil, problem: .limitExceeded(.bytes(limits.maxBytes)))
        }
        let bytes = [UInt8](data)
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw PlaylistParseError(line: nil, problem: .notUTF8)
        }
        var parser = PlaylistParser(bytes: bytes, url: url, importedDefinitions: importedDefinitions, limits: limits)
        return try parser.parse()
    }
}
