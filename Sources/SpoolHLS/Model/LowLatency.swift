public import Foundation
public import SpoolCore

/// EXT-X-PART: a partial segment of low-latency HLS.
public struct PartialSegment: Sendable, Equatable {
    /// URI, absolute and allowed by the playlist's URI policy.
    public let uri: URL
    /// DURATION.
    public let duration: MediaTime
    /// INDEPENDENT=YES: the part starts with an independent frame.
    public let isIndependent: Bool
    /// BYTERANGE, offset resolved from the previous part of the same resource when left out.
    public let byteRange: ByteRange?
    /// GAP=YES: the part is unavailable.
    public let isGap: Bool
}

/// EXT-X-SERVER-CONTROL: what the server supports for live delivery.
public struct ServerControl: Sendable, Equatable {
    /// CAN-SKIP-UNTIL: playlist delta updates may skip segments older than this.
    public let canSkipUntil: MediaTime?
    /// CAN-SKIP-DATERANGES=YES: delta updates may also skip old date ranges.
    public let canSkipDateRanges: Bool
    /// HOLD-BACK: the minimum distance from the live edge to start playback.
    public let holdBack: MediaTime?
    /// PART-HOLD-BACK: the minimum distance from the live edge in low-latency mode.
    public let partHoldBack: MediaTime?
    /// CAN-BLOCK-RELOAD=YES: the server holds playlist requests for a future segment.
    public let canBlockReload: Bool
}

/// EXT-X-SKIP: a playlist delta update left out segments the client already has.
public struct SkipInformation: Sendable, Equatable {
    /// SKIPPED-SEGMENTS: how many segments were left out before the first listed one.
    public let skippedSegments: Int
    /// RECENTLY-REMOVED-DATERANGES: IDs of date ranges removed since the skipped segments.
    public let recentlyRemovedDateRanges: [String]
}

/// EXT-X-PRELOAD-HINT: a resource the server announces before it is complete.
public struct PreloadHint: Sendable, Equatable {
    /// TYPE.
    public enum HintType: String, Sendable, CaseIterable {
        /// The next partial segment.
        case part = "PART"
        /// The next media initialization section.
        case map = "MAP"
    }

    /// TYPE.
    public let type: HintType
    /// URI, absolute and allowed by the playlist's URI policy.
    public let uri: URL
    /// BYTERANGE-START, 0 when absent.
    public let byteRangeStart: Int
    /// BYTERANGE-LENGTH; `nil` means to the end of the resource.
    public let byteRangeLength: Int?
}

/// EXT-X-RENDITION-REPORT: where another rendition's live edge is.
public struct RenditionReport: Sendable, Equatable {
    /// URI of the other rendition's media playlist, absolute.
    public let uri: URL
    /// LAST-MSN: its last media sequence number.
    public let lastMediaSequence: Int?
    /// LAST-PART: its last partial segment's index.
    public let lastPart: Int?
}
