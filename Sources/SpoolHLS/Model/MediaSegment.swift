public import Foundation
public import SpoolCore

/// One media segment of a media playlist, with every tag that applies to it resolved: the key
/// and map in force, its byte range with the offset filled in, its numbers and its date.
public struct MediaSegment: Sendable, Equatable {
    /// The segment's URI, absolute and allowed by the playlist's URI policy.
    public let uri: URL
    /// EXTINF duration.
    public let duration: MediaTime
    /// EXTINF title, `nil` when empty.
    public let title: String?
    /// The media sequence number: EXT-X-MEDIA-SEQUENCE plus skipped segments plus position.
    public let mediaSequence: Int
    /// The discontinuity sequence number: EXT-X-DISCONTINUITY-SEQUENCE plus the discontinuities
    /// up to and including this segment.
    public let discontinuitySequence: Int
    /// Where the segment starts on the playlist's timeline: the sum of the durations of the
    /// segments before it in this playlist (the first segment starts at zero).
    public let startTime: MediaTime
    /// Whether EXT-X-DISCONTINUITY precedes this segment.
    public let isDiscontinuity: Bool
    /// EXT-X-BYTERANGE, with the offset resolved; `nil` for the whole resource.
    public let byteRange: ByteRange?
    /// The keys in force (EXT-X-KEY), one per KEYFORMAT, in the order they appeared; empty when
    /// the segment is not encrypted.
    public let keys: [EncryptionKey]
    /// The media initialization section in force (EXT-X-MAP).
    public let map: MediaInitializationSection?
    /// EXT-X-PROGRAM-DATE-TIME: the tag's date, or one extrapolated from the nearest tagged
    /// segment by the durations in between; `nil` when the playlist has no such tag.
    public internal(set) var programDateTime: Date?
    /// EXT-X-GAP: the segment is missing and must not be fetched.
    public let isGap: Bool
    /// EXT-X-BITRATE in force, in bits per second (the tag gives kilobits).
    public let bitrate: Int?
    /// The partial segments (EXT-X-PART) that make up this segment, for low-latency HLS.
    public let parts: [PartialSegment]

    /// The key to use: the identity-format key when there is one, else the first key.
    public var key: EncryptionKey? {
        keys.first(where: \.isIdentityFormat) ?? keys.first
    }

    /// Where the segment ends on the playlist's timeline.
    public var endTime: MediaTime { startTime + duration }
}

/// A media initialization section (EXT-X-MAP): the bytes that must precede a segment for it to
/// be parsed, such as an fMP4 `moov`.
public struct MediaInitializationSection: Sendable, Equatable {
    /// URI, absolute and allowed by the playlist's URI policy.
    public let uri: URL
    /// BYTERANGE; an offset left out is 0. `nil` for the whole resource.
    public let byteRange: ByteRange?
    /// The keys in force where the EXT-X-MAP tag appears: they encrypt the section too.
    public let keys: [EncryptionKey]
}
