public import Foundation

/// A variant stream (EXT-X-STREAM-INF and its URI line) or an I-frame stream
/// (EXT-X-I-FRAME-STREAM-INF) of a multivariant playlist.
public struct Variant: Sendable, Equatable {
    /// CLOSED-CAPTIONS: a rendition group, or NONE.
    public enum ClosedCaptions: Sendable, Equatable {
        /// NONE: the variant has no closed captions, in any group.
        case none
        /// The GROUP-ID of the EXT-X-MEDIA TYPE=CLOSED-CAPTIONS renditions.
        case group(String)
    }

    /// HDCP-LEVEL; unknown values are kept as they are.
    public struct HDCPLevel: RawRepresentable, Sendable, Hashable {
        /// The enumerated string.
        public let rawValue: String
        /// Wraps an enumerated string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// TYPE-0.
        public static let type0 = HDCPLevel(rawValue: "TYPE-0")
        /// TYPE-1.
        public static let type1 = HDCPLevel(rawValue: "TYPE-1")
        /// NONE: no output protection needed.
        public static let none = HDCPLevel(rawValue: "NONE")
    }

    /// VIDEO-RANGE; unknown values are kept as they are.
    public struct VideoRange: RawRepresentable, Sendable, Hashable {
        /// The enumerated string.
        public let rawValue: String
        /// Wraps an enumerated string.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// SDR.
        public static let sdr = VideoRange(rawValue: "SDR")
        /// HLG.
        public static let hlg = VideoRange(rawValue: "HLG")
        /// PQ (HDR10, Dolby Vision).
        public static let pq = VideoRange(rawValue: "PQ")
    }

    /// The media playlist's URI (the URI line, or the URI attribute of an I-frame stream),
    /// absolute and allowed by the playlist's URI policy.
    public internal(set) var uri: URL
    /// BANDWIDTH: peak bits per second.
    public let bandwidth: Int
    /// AVERAGE-BANDWIDTH: average bits per second.
    public let averageBandwidth: Int?
    /// SCORE: the author's preference, higher is better.
    public let score: Double?
    /// CODECS, split at commas (`["avc1.64001f", "mp4a.40.2"]`); empty when absent.
    public let codecs: [String]
    /// SUPPLEMENTAL-CODECS, split at commas; empty when absent.
    public let supplementalCodecs: [String]
    /// RESOLUTION.
    public let resolution: Resolution?
    /// FRAME-RATE (always `nil` for an I-frame stream).
    public let frameRate: Double?
    /// HDCP-LEVEL.
    public let hdcpLevel: HDCPLevel?
    /// VIDEO-RANGE.
    public let videoRange: VideoRange?
    /// AUDIO: the GROUP-ID of its audio renditions.
    public let audioGroupID: String?
    /// VIDEO: the GROUP-ID of its video renditions.
    public let videoGroupID: String?
    /// SUBTITLES: the GROUP-ID of its subtitle renditions.
    public let subtitlesGroupID: String?
    /// CLOSED-CAPTIONS.
    public let closedCaptions: ClosedCaptions?
    /// PATHWAY-ID for content steering, `"."` when absent.
    public let pathwayID: String
    /// STABLE-VARIANT-ID.
    public let stableVariantID: String?
}
