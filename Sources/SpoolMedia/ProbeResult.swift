public import SpoolCore

/// What probing a container found: a plain value holding no FFmpeg state, safe to cache
/// and send anywhere. Cover art is in `metadata.artwork`, never in `tracks`.
public struct ProbeResult: Sendable, Equatable {
    /// The container's duration; `MediaTime.indefinite` when it states none (a live stream).
    public var duration: MediaTime
    /// FFmpeg's name for the container format (`"mov,mp4,m4a,3gp,3g2,mj2"`, `"matroska,webm"`).
    public var formatName: String
    /// The overall bit rate in bits per second, when known.
    public var bitRate: Int?
    /// The tracks in container order, without cover-art streams.
    public var tracks: [AssetTrack]
    /// Title, artist, album and cover art.
    public var metadata: AssetMetadata
    /// Whether the byte source can seek (a file or ranged HTTP, not a one-way stream).
    public var isSeekable: Bool
    /// The container's chapters in start order; empty when it has none.
    public var chapters: [MediaChapter]
    /// The fonts the container carries for its subtitles, in container order; empty when it
    /// has none (only Matroska carries them).
    public var attachedFonts: [AttachedFont]

    /// A result; `ProbeResult`s normally come from `MediaProbe`.
    public init(
        duration: MediaTime, formatName: String, bitRate: Int?, tracks: [AssetTrack], metadata: AssetMetadata,
        isSeekable: Bool, chapters: [MediaChapter] = [], attachedFonts: [AttachedFont] = []
    ) {
        self.duration = duration
        self.formatName = formatName
        self.bitRate = bitRate
        self.tracks = tracks
        self.metadata = metadata
        self.isSeekable = isSeekable
        self.chapters = chapters
        self.attachedFonts = attachedFonts
    }

    /// Whether at least one audio or video track has a decoder.
    public var isPlayable: Bool { tracks.contains(where: \.isPlayable) }

    /// Whether the duration is indefinite, which is how a live stream shows itself.
    public var isLive: Bool { duration.isIndefinite }
}
