public import Foundation

/// What kind of media is playing (MPNowPlayingInfoMediaType).
public enum NowPlayingMediaType: Sendable, Equatable {
    /// Not stated.
    case none
    /// Sound only.
    case audio
    /// Pictures (and usually sound).
    case video
}

/// Whether the app is playing, as the app says (MPNowPlayingPlaybackState).
public enum NowPlayingPlaybackState: Sendable, Equatable {
    /// Not stated: publishers derive it from the info (no info: stopped; a non-zero
    /// `playbackRate`: playing; otherwise paused).
    case unknown
    /// Playing.
    case playing
    /// Paused; playback can resume where it is.
    case paused
    /// Stopped; playback would start over.
    case stopped
    /// Paused by the system (an audio interruption); shown as paused.
    case interrupted
}

/// The item being played, as the desktop shows it (the typed counterpart of
/// MPNowPlayingInfoCenter's `nowPlayingInfo` dictionary; each property names its key).
///
/// A plain value: set a whole new one, or change fields of the center's copy. Times are in
/// seconds; `nil` means "not known", never zero.
public struct NowPlayingInfo: Sendable, Equatable {
    /// MPMediaItemPropertyTitle.
    public var title: String?
    /// MPMediaItemPropertyArtist.
    public var artist: String?
    /// MPMediaItemPropertyAlbumTitle.
    public var albumTitle: String?
    /// MPMediaItemPropertyPlaybackDuration, in seconds; `nil` when unknown or live.
    public var playbackDuration: TimeInterval?
    /// MPNowPlayingInfoPropertyElapsedPlaybackTime: the position, in seconds, when this info
    /// was set. Publishers extrapolate it with `playbackRate`, so set it again only when the
    /// position jumps (seek) or the rate changes, as on Apple's platforms; a value that does
    /// not match the extrapolation is announced as a seek.
    public var elapsedPlaybackTime: TimeInterval?
    /// MPNowPlayingInfoPropertyPlaybackRate: 0 while paused, the speed while playing.
    public var playbackRate: Double?
    /// MPNowPlayingInfoPropertyDefaultPlaybackRate: the speed playback resumes at (1 if nil).
    public var defaultPlaybackRate: Double?
    /// MPNowPlayingInfoPropertyMediaType.
    public var mediaType: NowPlayingMediaType
    /// MPMediaItemPropertyArtwork, as the URL of an image file (desktops load it themselves).
    public var artworkURL: URL?
    /// MPNowPlayingInfoPropertyExternalContentIdentifier: identifies the item, so that a new
    /// item with the same title is still a new track. Without it, title, artist and album
    /// identify the track.
    public var contentIdentifier: String?

    /// Info with the given fields; every field defaults to "not known".
    public init(
        title: String? = nil, artist: String? = nil, albumTitle: String? = nil,
        playbackDuration: TimeInterval? = nil, elapsedPlaybackTime: TimeInterval? = nil,
        playbackRate: Double? = nil, defaultPlaybackRate: Double? = nil, mediaType: NowPlayingMediaType = .none,
        artworkURL: URL? = nil, contentIdentifier: String? = nil
    ) {
        self.title = title
        self.artist = artist
        self.albumTitle = albumTitle
        self.playbackDuration = playbackDuration
        self.elapsedPlaybackTime = elapsedPlaybackTime
        self.playbackRate = playbackRate
        self.defaultPlaybackRate = defaultPlaybackRate
        self.mediaType = mediaType
        self.artworkURL = artworkURL
        self.contentIdentifier = contentIdentifier
    }
}
