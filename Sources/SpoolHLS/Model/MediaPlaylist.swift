public import Foundation
public import SpoolCore

/// EXT-X-PLAYLIST-TYPE.
public enum PlaylistType: String, Sendable, CaseIterable {
    /// Segments are only ever added at the end.
    case event = "EVENT"
    /// The playlist never changes.
    case vod = "VOD"
}

/// A media playlist: the segments of one variant or rendition, with every playlist-level tag.
///
/// Segments carry everything that applies to them (keys, map, byte ranges, dates), so a
/// segment can be fetched without looking at the tags around it.
public struct MediaPlaylist: Sendable, Equatable {
    /// Where the playlist came from; relative URIs were resolved against it.
    public let url: URL
    /// EXT-X-VERSION.
    public let version: Int?
    /// EXT-X-TARGETDURATION: no segment is longer (after rounding to whole seconds).
    public let targetDuration: MediaTime
    /// EXT-X-MEDIA-SEQUENCE: the media sequence number of the first segment (0 when absent;
    /// with EXT-X-SKIP the first listed segment's number is this plus the skipped count).
    public let mediaSequence: Int
    /// EXT-X-DISCONTINUITY-SEQUENCE (0 when absent).
    public let discontinuitySequence: Int
    /// EXT-X-PLAYLIST-TYPE.
    public let playlistType: PlaylistType?
    /// EXT-X-ENDLIST: no segments will be added.
    public let hasEndList: Bool
    /// EXT-X-I-FRAMES-ONLY: each segment is a single I-frame.
    public let isIFramesOnly: Bool
    /// EXT-X-INDEPENDENT-SEGMENTS.
    public let hasIndependentSegments: Bool
    /// EXT-X-START.
    public let start: StartPoint?
    /// The segments, in playlist order.
    public internal(set) var segments: [MediaSegment]
    /// EXT-X-DATERANGE tags, in playlist order.
    public internal(set) var dateRanges: [DateRange]
    /// EXT-X-PART-INF PART-TARGET.
    public let partTargetDuration: MediaTime?
    /// EXT-X-SERVER-CONTROL.
    public let serverControl: ServerControl?
    /// EXT-X-SKIP.
    public internal(set) var skip: SkipInformation?
    /// Partial segments after the last segment: the segment the server is still producing.
    public let trailingParts: [PartialSegment]
    /// EXT-X-PRELOAD-HINT tags.
    public let preloadHints: [PreloadHint]
    /// EXT-X-RENDITION-REPORT tags.
    public let renditionReports: [RenditionReport]
    /// What the parser tolerated (a trailing EXTINF without its URI…), in line order.
    public internal(set) var warnings: [PlaylistWarning] = []
}
