import Foundation
import Testing

@testable import SpoolHLS

/// The URL test playlists come from unless a test says otherwise.
let remotePlaylistURL = "https://example.com/path/index.m3u8"

/// A URL from a literal the test knows to be valid.
func url(_ string: String) -> URL {
    URL(string: string)!
}

/// Parses `text` as if fetched from `from`.
func parse(
    _ text: String, from location: String = remotePlaylistURL, imported: [String: String]? = nil,
    limits: PlaylistLimits = .default
) throws -> Playlist {
    try Playlist.parse(text, url: url(location), importedDefinitions: imported, limits: limits)
}

/// Parses `text`, requiring a media playlist.
func parseMedia(
    _ text: String, from location: String = remotePlaylistURL, imported: [String: String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> MediaPlaylist {
    try #require(parse(text, from: location, imported: imported).mediaPlaylist, sourceLocation: sourceLocation)
}

/// Parses `text`, requiring a multivariant playlist.
func parseMultivariant(
    _ text: String, from location: String = remotePlaylistURL, sourceLocation: SourceLocation = #_sourceLocation
) throws -> MultivariantPlaylist {
    try #require(parse(text, from: location).multivariantPlaylist, sourceLocation: sourceLocation)
}

/// The error parsing `text` throws, recording a failure when it parses.
func parseError(
    _ text: String, from location: String = remotePlaylistURL, imported: [String: String]? = nil,
    limits: PlaylistLimits = .default, sourceLocation: SourceLocation = #_sourceLocation
) -> PlaylistParseError? {
    #expect(throws: PlaylistParseError.self, sourceLocation: sourceLocation) {
        try Playlist.parse(text, url: url(location), importedDefinitions: imported, limits: limits)
    }
}

/// A media playlist's text: the header and EXT-X-TARGETDURATION (lines 1 and 2), then `body`
/// from line 3.
func mediaText(_ body: String, targetDuration: Int = 10) -> String {
    "#EXTM3U\n#EXT-X-TARGETDURATION:\(targetDuration)\n" + body
}

/// Bytes of a string, as the value parsers take them.
func bytes(_ string: String) -> ArraySlice<UInt8> {
    Array(string.utf8)[...]
}
